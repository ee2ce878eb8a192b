"""The service's layering (issue 24): only the write protocol, ``scorekeeper/service/writing.py``,
commits, rolls back or locks a row. Every other module of the package stores through its unit
of work (``with UnitOfWork() as uow: ...; uow.commit()``) and locks through its
``lock_match``/``lock_group``, so the documented order of a write's steps holds in one place.

A ``db.session.commit()``, a ``.with_for_update()`` or a ``BEGIN IMMEDIATE`` written in
``matches.py`` or ``groups/roster.py`` again fails here.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "scorekeeper" / "service"
PROTOCOL = PACKAGE / "writing.py"

#: What ends or opens a transaction, or locks rows, when called on a session, a connection or
#: a statement.
_TRANSACTION_ATTRIBUTES = frozenset(
    {"commit", "rollback", "begin", "begin_nested", "with_for_update"}
)

#: SQL written out that does the same (SQLite takes its write lock with ``BEGIN IMMEDIATE``).
_TRANSACTION_SQL = re.compile(
    r"\b(BEGIN|COMMIT|ROLLBACK|SAVEPOINT|FOR\s+UPDATE|FOR\s+SHARE|LOCK\s+TABLE)\b", re.IGNORECASE
)


def _units_of_work(tree: ast.AST) -> set[str]:
    """The names bound by ``with UnitOfWork() as name``: their ``commit``/``rollback`` are the
    unit's own."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.With | ast.AsyncWith):
            for item in node.items:
                made = item.context_expr
                called = made.func if isinstance(made, ast.Call) else None
                named = (
                    called.id
                    if isinstance(called, ast.Name)
                    else called.attr
                    if isinstance(called, ast.Attribute)
                    else None
                )
                if named == "UnitOfWork" and isinstance(item.optional_vars, ast.Name):
                    names.add(item.optional_vars.id)
    return names


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the string constants that stand alone as statements (docstrings)."""
    return {
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
    }


def transaction_calls(source: str) -> list[tuple[int, str]]:
    """Every place of a module that commits, rolls back, begins or locks, with its line: an
    attribute of :data:`_TRANSACTION_ATTRIBUTES` on anything but a unit of work, or SQL text
    that does it (docstrings aside)."""
    tree = ast.parse(source)
    units = _units_of_work(tree)
    prose = _docstrings(tree)
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr in _TRANSACTION_ATTRIBUTES:
            owner = node.value
            if not (isinstance(owner, ast.Name) and owner.id in units):
                found.append((node.lineno, node.attr))
        elif (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in prose
            and (sql := _TRANSACTION_SQL.search(node.value))
        ):
            found.append((node.lineno, sql.group(0)))
    return sorted(found)


def _modules() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def test_the_guard_sees_commits_rollbacks_and_locks() -> None:
    assert transaction_calls("db.session.commit()\n") == [(1, "commit")]
    assert transaction_calls("def f():\n    db.session.rollback()\n") == [(2, "rollback")]
    assert transaction_calls("s = sa.select(Match).with_for_update()\n") == [(1, "with_for_update")]
    assert transaction_calls('c.exec_driver_sql("BEGIN IMMEDIATE")\n') == [(1, "BEGIN")]
    assert transaction_calls('c.execute(sa.text("select 1 for update"))\n') == [(1, "for update")]
    # Another object's commit is the session's, whatever its name.
    assert transaction_calls("with UnitOfWork() as uow:\n    other.commit()\n") == [(2, "commit")]


def test_the_guard_lets_a_unit_of_work_commit_and_prose_name_sql() -> None:
    unit = "with UnitOfWork() as uow:\n    db.session.add(x)\n    uow.commit()\n"
    assert transaction_calls(unit) == []
    assert (
        transaction_calls('def f():\n    """A ``SELECT ... FOR UPDATE``, then COMMIT."""\n') == []
    )


def test_the_package_has_its_modules() -> None:
    # Its sub-packages too (service/club/, service/groups/): the scan walks the folders.
    names = {path.relative_to(PACKAGE).as_posix() for path in _modules()}
    assert {
        "writing.py",
        "matches.py",
        "joining.py",
        "groups/roster.py",
        "groups/almanac.py",
    } <= names
    assert "club/rounds.py" in names


def test_the_write_protocol_is_where_the_transactions_are() -> None:
    found = {what for _, what in transaction_calls(PROTOCOL.read_text(encoding="utf-8"))}
    assert {"commit", "rollback", "with_for_update"} <= found


@pytest.mark.parametrize(
    "path",
    [path for path in _modules() if path != PROTOCOL],
    ids=lambda p: str(p.relative_to(ROOT)),
)
def test_no_other_module_of_the_service_commits_rolls_back_or_locks(path: Path) -> None:
    assert transaction_calls(path.read_text(encoding="utf-8")) == []
