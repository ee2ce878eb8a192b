"""Imports between the package's modules (issue 36): no import cycle, no private name reached
from another module, and no import inside a function but in the app factory and the CLI.

Every module under ``scorekeeper/`` is read with ``ast``, never imported, so a cycle shows here
even when it is hidden by an import inside a function (which runs late and so never fails at
import time). Each failure names the module, its file and the line to change.

- A **cycle**: module A imports B, which (through any others) imports A. Relative imports are
  resolved, and ``from package import name`` where ``package.name`` is a module counts as
  importing that module. A package's ``__init__`` and its own submodules are set aside: a
  submodule importing its own package adds nothing, since the package is always initialised
  before any of its submodules. Imports under ``if TYPE_CHECKING:`` never run and are not
  counted.
- A **private name** (one leading underscore, not a dunder) imported from another module
  (``from .routes import _json_body``) or reached as the attribute of an imported module
  (``routes._json_body``): make it public, with a docstring, or move it where both use it.
- An **import inside a function**, except in the app factory (``create_app`` in
  ``scorekeeper/__init__.py`` or ``scorekeeper/app.py``), which loads the web side lazily, and in
  the CLI's commands (functions decorated with ``@click.command``, ``@app.cli.command``, ...).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = "scorekeeper"

#: The files whose module-level ``create_app`` is the app factory, free to import lazily.
FACTORY_FILES = frozenset({f"{PACKAGE}/__init__.py", f"{PACKAGE}/app.py"})

#: The decorators (their last attribute) that make a function a CLI command or group.
CLI_DECORATORS = frozenset({"command", "group"})


@dataclass(frozen=True)
class Module:
    """One module of the package, parsed."""

    name: str  #: dotted, ``scorekeeper.api.routes``; a package's ``__init__`` is the package
    path: str  #: relative to the repository, ``scorekeeper/api/routes.py``
    is_package: bool
    tree: ast.Module


@dataclass(frozen=True)
class Import:
    """One module that a statement of another module imports."""

    importer: Module
    line: int
    target: str  #: the dotted module imported (a module of the package or not)
    names: tuple[str, ...]  #: the names ``from ... import`` takes from ``target``
    function: str | None  #: the function the statement sits in, if any
    lazy_allowed: bool  #: in the app factory or a CLI command
    type_checking: bool  #: under ``if TYPE_CHECKING:``

    def where(self) -> str:
        """``scorekeeper/api/club.py:12 (in create)``: the place, for a failure's message."""
        inside = f" (in {self.function})" if self.function else ""
        return f"{self.importer.path}:{self.line}{inside}"


def _modules_of(sources: Mapping[str, str]) -> dict[str, Module]:
    """The modules of ``sources`` (relative path -> source), by dotted name."""
    modules: dict[str, Module] = {}
    for path, source in sources.items():
        parts = path.removesuffix(".py").split("/")
        is_package = parts[-1] == "__init__"
        if is_package:
            parts.pop()
        name = ".".join(parts)
        modules[name] = Module(name, path, is_package, ast.parse(source, filename=path))
    return modules


def _package_modules() -> dict[str, Module]:
    """Every module under ``scorekeeper/``."""
    return _modules_of(
        {
            path.relative_to(ROOT).as_posix(): path.read_text(encoding="utf-8")
            for path in sorted((ROOT / PACKAGE).rglob("*.py"))
        }
    )


def _is_private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _is_cli_command(function: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    for decorator in function.decorator_list:
        called = decorator.func if isinstance(decorator, ast.Call) else decorator
        last = (
            called.attr
            if isinstance(called, ast.Attribute)
            else called.id
            if isinstance(called, ast.Name)
            else None
        )
        if last in CLI_DECORATORS:
            return True
    return False


def _resolve(module: Module, level: int, name: str | None) -> str:
    """The absolute name of ``from <level dots><name> import ...`` written in ``module``."""
    if level == 0:
        return name or ""
    package = module.name.split(".")
    if not module.is_package:
        package.pop()
    base = package[: len(package) - (level - 1)]
    return ".".join([*base, name] if name else base)


def _statements_in(node: ast.stmt) -> list[ast.stmt]:
    """The statements nested in ``node`` (an ``if``, ``try``, ``with``, ``for``, ``match`` ...)."""
    inner: list[ast.stmt] = []
    for field in ("body", "orelse", "finalbody", "handlers", "cases"):
        for item in getattr(node, field, None) or []:
            if isinstance(item, ast.ExceptHandler | ast.match_case):
                inner.extend(item.body)
            elif isinstance(item, ast.stmt):
                inner.append(item)
    return inner


def _imports(module: Module, modules: Mapping[str, Module]) -> Iterator[Import]:
    """What each import statement of ``module`` imports, with where it sits."""

    def walk(
        nodes: list[ast.stmt],
        prefix: str,
        function: str | None,
        allowed: bool,
        type_checking: bool,
    ) -> Iterator[Import]:
        for node in nodes:
            if isinstance(node, ast.Import):
                for alias in node.names:
                    yield Import(
                        module, node.lineno, alias.name, (), function, allowed, type_checking
                    )
            elif isinstance(node, ast.ImportFrom):
                base = _resolve(module, node.level, node.module)
                for alias in node.names:
                    submodule = f"{base}.{alias.name}"
                    is_module = submodule in modules
                    yield Import(
                        module,
                        node.lineno,
                        submodule if is_module else base,
                        () if is_module else (alias.name,),
                        function,
                        allowed,
                        type_checking,
                    )
            elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                factory = not prefix and node.name == "create_app" and module.path in FACTORY_FILES
                yield from walk(
                    node.body,
                    f"{prefix}{node.name}.",
                    f"{prefix}{node.name}",
                    allowed or factory or _is_cli_command(node),
                    type_checking,
                )
            elif isinstance(node, ast.ClassDef):
                yield from walk(
                    node.body, f"{prefix}{node.name}.", function, allowed, type_checking
                )
            elif isinstance(node, ast.If) and _is_type_checking(node.test):
                yield from walk(node.body, prefix, function, allowed, True)
                yield from walk(node.orelse, prefix, function, allowed, type_checking)
            else:
                yield from walk(_statements_in(node), prefix, function, allowed, type_checking)

    yield from walk(module.tree.body, "", None, False, False)


def _all_imports(modules: Mapping[str, Module]) -> list[Import]:
    return [found for module in modules.values() for found in _imports(module, modules)]


def _ancestors(name: str) -> set[str]:
    parts = name.split(".")
    return {".".join(parts[:end]) for end in range(1, len(parts))}


def _reachable(start: str, edges: Mapping[str, list[str]]) -> set[str]:
    """Every node that ``start`` leads to, through one edge or more."""
    seen: set[str] = set()
    todo = list(edges[start])
    while todo:
        node = todo.pop()
        if node not in seen:
            seen.add(node)
            todo.extend(edges[node])
    return seen


def _strongly_connected(edges: Mapping[str, list[str]]) -> list[list[str]]:
    """The groups of two or more nodes that all lead to one another, each sorted (a few hundred
    modules: a walk from each is quick enough)."""
    reach = {node: _reachable(node, edges) for node in edges}
    groups = {
        tuple(sorted(other for other in reach[node] if node in reach[other]))
        for node in edges
        if node in reach[node]
    }
    return sorted(list(group) for group in groups if len(group) > 1)


def cycles(modules: Mapping[str, Module]) -> list[str]:
    """One message per group of modules that import one another, naming each import in it.

    Every import that runs counts, at module level or inside a function (the lazy imports of the
    app factory and the CLI aside: they are there to run late). Importing ``a.b.c`` also runs the
    ``__init__`` of ``a`` and ``a.b``, so it counts as importing those packages too.
    """
    edges: dict[str, dict[str, list[tuple[Import, str]]]] = {name: {} for name in modules}
    for found in _all_imports(modules):
        source = found.importer.name
        if found.type_checking or found.lazy_allowed:
            continue
        loading = {source, *_ancestors(source)}
        for target in [found.target, *sorted(_ancestors(found.target))]:
            # A submodule importing its own package adds nothing: the package is already loading.
            if target in modules and target not in loading:
                via = "" if target == found.target else f" (the package of {found.target})"
                edges[source].setdefault(target, []).append((found, via))

    groups = _strongly_connected({source: sorted(targets) for source, targets in edges.items()})

    messages = []
    for group in sorted(groups):
        members = set(group)
        inside = sorted(
            (found.importer.path, found.line, f"  {found.where()} imports {target}{via}")
            for source in group
            for target in edges[source]
            if target in members
            for found, via in edges[source][target]
        )
        lines = [line for _, _, line in inside]
        messages.append(
            f"import cycle between {', '.join(group)}:\n" + "\n".join(dict.fromkeys(lines))
        )
    return messages


def _module_bindings(module: Module, modules: Mapping[str, Module]) -> dict[str, str]:
    """The names that ``module`` binds to a module of the package, anywhere in its file."""
    bound: dict[str, str] = {}
    for node in ast.walk(module.tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname:
                    bound[alias.asname] = alias.name
                else:
                    top = alias.name.split(".")[0]
                    bound[top] = top
        elif isinstance(node, ast.ImportFrom):
            base = _resolve(module, node.level, node.module)
            for alias in node.names:
                if f"{base}.{alias.name}" in modules:
                    bound[alias.asname or alias.name] = f"{base}.{alias.name}"
    return {name: target for name, target in bound.items() if target.split(".")[0] == PACKAGE}


def _module_of(node: ast.expr, bound: Mapping[str, str], modules: Mapping[str, Module]) -> str:
    """The module of the package that ``node`` names (``routes``, ``scorekeeper.api``), if any."""
    if isinstance(node, ast.Name):
        return bound.get(node.id, "")
    if isinstance(node, ast.Attribute):
        outer = _module_of(node.value, bound, modules)
        inner = f"{outer}.{node.attr}"
        return inner if outer and inner in modules else ""
    return ""


def private_names(modules: Mapping[str, Module]) -> list[str]:
    """One message per private name of one module that another module imports or reaches."""
    found_at: list[tuple[str, int, str]] = []
    for found in _all_imports(modules):
        if found.target.split(".")[0] != PACKAGE:
            continue
        for name in found.names:
            if _is_private(name):
                found_at.append(
                    (
                        found.importer.path,
                        found.line,
                        f"{found.where()} imports the private {name} of {found.target}",
                    )
                )
    for module in modules.values():
        bound = _module_bindings(module, modules)
        for node in ast.walk(module.tree):
            if isinstance(node, ast.Attribute) and _is_private(node.attr):
                owner = _module_of(node.value, bound, modules)
                if owner and owner != module.name:
                    found_at.append(
                        (
                            module.path,
                            node.lineno,
                            f"{module.path}:{node.lineno} reaches the private {node.attr} "
                            f"of {owner}",
                        )
                    )
    return list(dict.fromkeys(message for _, _, message in sorted(found_at)))


def imports_in_functions(modules: Mapping[str, Module]) -> list[str]:
    """One message per import inside a function, but the app factory's and the CLI's."""
    return list(
        dict.fromkeys(
            f"{found.where()} imports {found.target} inside a function: move it to the module's top"
            for found in sorted(
                _all_imports(modules), key=lambda found: (found.importer.path, found.line)
            )
            if found.function is not None and not found.lazy_allowed
        )
    )


def _messages(found: list[str]) -> str:
    return f"{len(found)} found:\n" + "\n".join(found)


def test_no_import_cycle() -> None:
    found = cycles(_package_modules())
    assert not found, _messages(found)


def test_no_private_name_across_modules() -> None:
    found = private_names(_package_modules())
    assert not found, _messages(found)


def test_no_import_inside_a_function() -> None:
    found = imports_in_functions(_package_modules())
    assert not found, _messages(found)


# The guards themselves, on small made-up packages: each sees what it must and no more.

_CYCLE = {
    "scorekeeper/__init__.py": "def create_app():\n    from .web import page\n",
    "scorekeeper/web/__init__.py": "from . import page\n",
    "scorekeeper/web/page.py": "from scorekeeper.web import helper\nfrom . import shared\n",
    "scorekeeper/web/helper.py": "def show():\n    from .page import draw\n",
    "scorekeeper/web/shared.py": "from typing import TYPE_CHECKING\n"
    "if TYPE_CHECKING:\n    from .page import draw\nfrom . import _bits\n",
    "scorekeeper/web/_bits.py": "from scorekeeper import web\n",
}


def test_the_guard_sees_a_cycle_hidden_in_a_function() -> None:
    found = cycles(_modules_of(_CYCLE))
    assert found == [
        "import cycle between scorekeeper.web.helper, scorekeeper.web.page:\n"
        "  scorekeeper/web/helper.py:2 (in show) imports scorekeeper.web.page\n"
        "  scorekeeper/web/page.py:1 imports scorekeeper.web.helper"
    ]
    untied = {**_CYCLE, "scorekeeper/web/helper.py": "def show():\n    pass\n"}
    assert cycles(_modules_of(untied)) == []


def test_the_guard_sees_a_private_name() -> None:
    found = private_names(
        _modules_of(
            {
                "scorekeeper/__init__.py": "",
                "scorekeeper/api/__init__.py": "",
                "scorekeeper/api/routes.py": "def _json_body():\n    pass\n__all__ = []\n",
                "scorekeeper/api/club.py": "from . import routes\n"
                "from .routes import _json_body, __all__\n"
                "import scorekeeper.api.routes\nfrom os import _exit\n"
                "routes._json_body()\nscorekeeper.api.routes._json_body()\n"
                "self._json_body()\n",
            }
        )
    )
    assert found == [
        "scorekeeper/api/club.py:2 imports the private _json_body of scorekeeper.api.routes",
        "scorekeeper/api/club.py:5 reaches the private _json_body of scorekeeper.api.routes",
        "scorekeeper/api/club.py:6 reaches the private _json_body of scorekeeper.api.routes",
    ]


def test_the_guard_sees_an_import_in_a_function() -> None:
    found = imports_in_functions(
        _modules_of(
            {
                "scorekeeper/__init__.py": "def create_app():\n    from . import models\n",
                "scorekeeper/app.py": "def create_app():\n    from . import models\n",
                "scorekeeper/models.py": "import click\n"
                "@click.command('backup')\ndef backup():\n    import sqlite3\n"
                "class Room:\n    def seat(self):\n        import json\n"
                "def create_app():\n    if True:\n        import os\n",
            }
        )
    )
    assert found == [
        "scorekeeper/models.py:7 (in Room.seat) imports json inside a function: "
        "move it to the module's top",
        "scorekeeper/models.py:10 (in create_app) imports os inside a function: "
        "move it to the module's top",
    ]
