"""The one build step that ``pyproject.toml`` cannot declare: ship the design card's layout.

``templates/``, ``static/`` and ``migrations/`` live at the top of the repository, beside the
package. A source checkout and an editable install (``bin/_setup``) read them there. A wheel has
no "beside": setuptools only ships files that lie inside a package. ``package-dir`` could map a
folder to a package name, but only for packages listed by hand (``packages.find`` never finds a
mapped folder), so every new subpackage would have to be added to that list or be silently left
out of the wheel. This hook instead copies the three folders into the wheel at
``scorekeeper/_layout/``, where ``scorekeeper.project_root()`` looks first.

It also compiles the translation catalogs: the ``.mo`` files are not in git (``bin/_setup``
builds them in a checkout), so the wheel gets them from the ``.po`` files, never stale ones.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
#: The top-level folders the app reads at run time, and where an installed package keeps them.
LAYOUT = ("templates", "static", "migrations")
INSTALLED_LAYOUT = Path("scorekeeper", "_layout")
CATALOGS = Path("scorekeeper", "translations")


class BuildPyWithLayout(build_py):
    """``build_py`` that also copies the layout and compiles the catalogs into the build."""

    def run(self) -> None:
        super().run()
        if self.editable_mode:  # an editable install reads the checkout itself
            return
        target = Path(self.build_lib) / INSTALLED_LAYOUT
        shutil.rmtree(target, ignore_errors=True)  # a reused build/ keeps no deleted file
        for name in LAYOUT:
            shutil.copytree(
                ROOT / name,
                target / name,
                # static/engine/ is the phone's engine, built from node_modules by bin/_setup
                # (docs/phone.md): 20 MB that an installed package builds for itself or lacks.
                ignore=shutil.ignore_patterns("__pycache__", "*.py[co]", "engine"),
            )
        self._compile_catalogs(Path(self.build_lib) / CATALOGS)

    @staticmethod
    def _compile_catalogs(target: Path) -> None:
        # As `pybabel compile` does (fuzzy entries left out); babel is in build-system.requires.
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        for po in sorted((ROOT / CATALOGS).glob("*/LC_MESSAGES/messages.po")):
            mo = target / po.relative_to(ROOT / CATALOGS).with_suffix(".mo")
            mo.parent.mkdir(parents=True, exist_ok=True)
            with po.open("rb") as source:
                catalog = read_po(source, locale=po.parent.parent.name)
            with mo.open("wb") as out:
                write_mo(out, catalog)


setup(cmdclass={"build_py": BuildPyWithLayout})
