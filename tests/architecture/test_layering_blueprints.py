"""The web side's layering (issue 24): each blueprint stands on the shared web layer
(``scorekeeper.web``), the infrastructure (``scorekeeper.infra``) and the service, never on
another blueprint; the web layer and the infrastructure stand on no blueprint at all.

So a page of groups that needs the phone's memory of its matches, or a match that needs a
group's key, asks the web layer, and a blueprint can be read (or removed) on its own.
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest
from flask import Flask

PACKAGE = Path(__file__).resolve().parents[2] / "scorekeeper"

#: The blueprints registered by ``create_app``, each as the modules that make it: a package, or
#: (the language switch) one module of a package that is otherwise shared.
BLUEPRINTS: dict[str, str] = {
    "matches": "scorekeeper.matches",
    "groups": "scorekeeper.groups",
    "api": "scorekeeper.api",
    "tools": "scorekeeper.tools",
    "main": "scorekeeper.main",
    "club": "scorekeeper.club",
    "errors": "scorekeeper.errors",
    "i18n-switch": "scorekeeper.i18n.switch",
}
#: The layers below the blueprints, which may import none of them (nor may the service, the
#: models or any other module but the app factory).
SHARED = ("scorekeeper.web", "scorekeeper.infra")


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _within(module: str, prefix: str) -> bool:
    return module == prefix or module.startswith(prefix + ".")


def _blueprint_of(module: str) -> str | None:
    return next((name for name, prefix in BLUEPRINTS.items() if _within(module, prefix)), None)


def imported_modules(source: str, module: str, is_package: bool) -> set[str]:
    """Every module an import of ``source`` (the text of ``module``) names, relative imports
    made absolute; ``from x import y`` counts as ``x`` and as ``x.y`` (``y`` may be a module)."""
    here = module.split(".") if is_package else module.split(".")[:-1]
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = here[: len(here) - node.level + 1] if node.level else []
            target = ".".join([*base, *(node.module.split(".") if node.module else [])])
            found.add(target)
            found.update(f"{target}.{alias.name}" for alias in node.names)
    return found


#: The modules that import every blueprint: the app factory, which registers them (its body
#: lives in ``scorekeeper.app``, which the package's ``create_app`` imports lazily, issue 36).
FACTORY = ("scorekeeper", "scorekeeper.app")


def forbidden_imports(module: str, imported: set[str]) -> list[str]:
    """The imports of ``module`` that cross the layering: another blueprint's modules from a
    blueprint; any blueprint's from the web layer, the infrastructure or any other module of
    the package but the app factory."""
    if module in FACTORY:
        return []
    own = _blueprint_of(module)
    crossing = []
    for name in sorted(imported):
        other = _blueprint_of(name)
        if other is not None and other != own:
            crossing.append(name)
    return crossing


def _modules() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def test_the_guard_sees_an_import_across_blueprints() -> None:
    seen = imported_modules(
        "from ..groups.keys import key_for\nfrom . import bp\n",
        "scorekeeper.matches.rematch",
        False,
    )
    assert forbidden_imports("scorekeeper.matches.rematch", seen) == [
        "scorekeeper.groups.keys",
        "scorekeeper.groups.keys.key_for",
    ]
    own = imported_modules("from .routes import show\n", "scorekeeper.matches.board", False)
    assert forbidden_imports("scorekeeper.matches.board", own) == []
    service = imported_modules("from .matches import bp\n", "scorekeeper.service", False)
    assert forbidden_imports("scorekeeper.service", service) == [
        "scorekeeper.matches",
        "scorekeeper.matches.bp",
    ]
    factory = imported_modules("from .matches import bp\n", "scorekeeper", True)
    assert forbidden_imports("scorekeeper", factory) == []
    web = imported_modules("from ..matches import page\n", "scorekeeper.web", True)
    assert forbidden_imports("scorekeeper.web", web) == [
        "scorekeeper.matches",
        "scorekeeper.matches.page",
    ]
    switch = imported_modules("from .switch import bp\n", "scorekeeper.i18n", True)
    assert forbidden_imports("scorekeeper.web.forms", switch) == [
        "scorekeeper.i18n.switch",
        "scorekeeper.i18n.switch.bp",
    ]


def test_every_blueprint_of_the_app_is_listed(app: Flask) -> None:
    modules = {
        name: blueprint.import_name
        for name, blueprint in app.blueprints.items()
        if not any(_within(blueprint.import_name, prefix) for prefix in SHARED)
    }
    assert all(_blueprint_of(module) is not None for module in modules.values()), modules


@pytest.mark.parametrize("path", _modules(), ids=lambda p: str(p.relative_to(PACKAGE.parent)))
def test_no_module_imports_across_the_layering(path: Path) -> None:
    module = _module_name(path)
    imported = imported_modules(
        path.read_text(encoding="utf-8"), module, path.name == "__init__.py"
    )
    assert forbidden_imports(module, imported) == []


#: What registers a global, a filter or a context processor of the templates.
_REGISTERS = re.compile(
    r"app_template_(global|filter|test)|\.context_processor\(|jinja_env\.(globals|filters)"
)


def test_the_templates_globals_are_registered_in_one_place() -> None:
    registering = sorted(
        str(path.relative_to(PACKAGE.parent))
        for path in PACKAGE.rglob("*.py")
        if _REGISTERS.search(path.read_text(encoding="utf-8"))
    )
    assert registering == ["scorekeeper/web/template_globals.py"]


def test_the_shared_layers_load_no_blueprint() -> None:
    # What the imports load, not only what they name: ``from ..i18n import x`` would bring a
    # blueprint along if the package imported one. A fresh interpreter, so nothing is loaded yet.
    shared = sorted(
        _module_name(path)
        for prefix in SHARED
        for path in (PACKAGE / prefix.split(".")[1]).rglob("*.py")
    )
    script = (
        "import importlib, sys\n"
        f"for name in {shared!r}:\n"
        "    importlib.import_module(name)\n"
        "print('\\n'.join(sorted(sys.modules)))\n"
    )
    loaded = subprocess.run(
        [sys.executable, "-c", script],
        cwd=PACKAGE.parent,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    assert [name for name in loaded if _blueprint_of(name)] == []
