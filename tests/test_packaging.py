"""The project installed without ``-e``: a fresh virtualenv gets a wheel built from a copy of
the source, and from another working directory the installed app migrates its database and
serves ``/`` with its stylesheet, in English and in Spanish.

It proves what ``setup.py`` is for: ``templates/``, ``static/`` and ``migrations/`` are
top-level in the repository, and the wheel must still carry them (and the compiled catalogs,
which are not in git). Nothing is downloaded: the new virtualenv borrows this environment's
packages through a ``.pth`` file and pip builds with them (``--no-build-isolation``).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import textwrap
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po

# `slow` is registered in pyproject.toml ([tool.pytest.ini_options] markers): a fast run
# (`-m "not slow"`) leaves out this test, which builds and installs a wheel.
pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        os.environ.get("TEST_DATABASE", "sqlite") != "sqlite",
        reason="packaging, not the database: run once, on SQLite",
    ),
]

ROOT = Path(__file__).resolve().parents[1]

#: What a clone from a code host has not (or must not matter): left out of the copy that is
#: built. The compiled catalogs (``*.mo``) are left out too: the build must make them.
NOT_SOURCE = shutil.ignore_patterns(
    ".git",
    ".venv",
    "venv",
    "build",
    "dist",
    "*.egg-info",
    "__pycache__",
    "*.py[co]",
    ".*_cache",
    ".hypothesis",
    "instance",
    "test-artifacts",
    "node_modules",
    "*.mo",
)

#: Run by the installed package's interpreter in a directory outside the repository.
SNIPPET = textwrap.dedent(
    """
    import json, sys
    from pathlib import Path

    import scorekeeper
    from flask_migrate import upgrade

    from scorekeeper import migrations_dir, create_app
    from scorekeeper.config import TestConfig

    here = Path.cwd()
    package = Path(scorekeeper.__file__).resolve().parent
    # Before create_app, which would compile missing catalogs where it can.
    catalogs = sorted(
        p.parent.parent.name for p in package.glob("translations/*/LC_MESSAGES/messages.mo")
    )
    app = create_app(TestConfig(str(here / "instance"), "sqlite:///" + str(here / "db.sqlite")))
    with app.app_context():
        upgrade()  # the installed migrations, as `flask db upgrade` runs them
    client = app.test_client()
    page = client.get("/")
    html = page.get_data(as_text=True)
    # The first view carries the sheet inline and links the file for print; later ones for all.
    link = html.split('media="print" href="', 1)[-1].split('"', 1)[0]
    css = client.get(link)
    spanish = client.get("/?lang=es")
    print(json.dumps({
        "prefix": sys.prefix,
        "package": str(package),
        "template_folder": str(Path(app.root_path, app.template_folder).resolve()),
        "static_folder": str(Path(app.static_folder).resolve()),
        "migrations": str(migrations_dir()),
        "migration_scripts": sorted(p.name for p in migrations_dir().glob("versions/*.py")),
        "catalogs": catalogs,
        "page": [page.status_code, html],
        "stylesheet": [link, css.status_code, css.mimetype, css.get_data(as_text=True)],
        "spanish": [spanish.status_code, spanish.get_data(as_text=True)],
    }))
    """
)


def _run(command: list[str | Path], cwd: Path, env: dict[str, str]) -> str:
    done = subprocess.run(
        command, cwd=cwd, env=env, capture_output=True, text=True, timeout=300, check=False
    )
    shown = " ".join(map(str, command))[:200]  # not the whole snippet
    assert done.returncode == 0, f"{shown}\n{done.stdout}\n{done.stderr}"
    return done.stdout


def _clean_env() -> dict[str, str]:
    """This process's environment without what would point the new one back at the repo."""
    env = {
        name: value
        for name, value in os.environ.items()
        if not name.startswith(("PYTHON", "FLASK_", "PIP_", "VIRTUAL_ENV"))
        and name not in {"DATABASE_URL", "SECRET_KEY"}
    }
    env.update(PIP_DISABLE_PIP_VERSION_CHECK="1", PIP_NO_INPUT="1", PYTHONDONTWRITEBYTECODE="1")
    return env


def _fresh_venv(path: Path, env: dict[str, str], cwd: Path) -> Path:
    """A virtualenv without pip of its own that sees this environment's packages (pip, the
    build backend and the app's dependencies) after its own: the installed app comes first."""
    _run([sys.executable, "-m", "venv", "--without-pip", path], cwd, env)
    python = path / "bin" / "python"
    site = _run(
        [python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"], cwd, env
    )
    ours = dict.fromkeys(sysconfig.get_paths()[key] for key in ("purelib", "platlib"))
    Path(site.strip(), "borrowed.pth").write_text("".join(f"{entry}\n" for entry in ours))
    return python


def test_an_install_without_e_serves_pages_with_their_css(tmp_path: Path) -> None:
    source, elsewhere = tmp_path / "source", tmp_path / "elsewhere"
    shutil.copytree(ROOT, source, ignore=NOT_SOURCE)
    elsewhere.mkdir()
    env = _clean_env()
    python = _fresh_venv(tmp_path / "venv", env, elsewhere)
    pip: list[str | Path] = [python, "-m", "pip", "install", "--quiet", "--no-index", "--no-deps"]
    _run(
        pip + ["--no-build-isolation", "--check-build-dependencies", "--ignore-installed", source],
        elsewhere,
        env,
    )

    out: dict[str, Any] = json.loads(_run([python, "-c", SNIPPET], elsewhere, env))

    prefix = (tmp_path / "venv").resolve()
    assert Path(out["prefix"]).resolve() == prefix
    for where in ("package", "template_folder", "static_folder", "migrations"):
        path = Path(out[where])
        assert path.is_relative_to(prefix), f"{where} is {path}, not in the new virtualenv"
        assert not path.is_relative_to(ROOT), f"{where} is {path}, in the repository"
    scripts = sorted(p.name for p in (ROOT / "migrations").glob("versions/*.py"))
    assert scripts, "no migration in the repository?"
    assert out["migration_scripts"] == scripts, out["migrations"]
    sources = ROOT.glob("scorekeeper/translations/*/LC_MESSAGES/messages.po")
    assert out["catalogs"] == sorted(po.parent.parent.name for po in sources)

    status, html = out["page"]
    assert status == 200, html
    assert "<h1>Scorekeeper</h1>" in html  # the home page itself, not an error page
    link, status, mimetype, css = out["stylesheet"]
    assert re.fullmatch(r"/static/app[.\w-]*\.css(\?.*)?", link), link  # a hash or not
    assert (status, mimetype) == (200, "text/css")
    assert css == (ROOT / "static" / "app.css").read_text(encoding="utf-8")

    with (ROOT / "scorekeeper/translations/es/LC_MESSAGES/messages.po").open("rb") as po:
        start = read_po(po, locale="es")["Start a match"]
    assert start is not None
    assert start.string not in ("", "Start a match")
    status, spanish = out["spanish"]
    assert status == 200
    assert str(start.string) in spanish
