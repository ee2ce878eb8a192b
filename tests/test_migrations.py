"""The models and the migrations never drift apart: a database built by the migrations (the
session's, upgraded to head by ``tests/conftest.py``) is exactly what ``scorekeeper/models.py``
describes, on SQLite and on PostgreSQL (``TEST_DATABASE``).

A change to a model without a migration (or the reverse) fails here, with the operations that
``flask db migrate`` would write to make them agree.
"""

from __future__ import annotations

from pprint import pformat

from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from flask import Flask

from scorekeeper import _migrations_dir
from scorekeeper.extensions import db


def test_the_database_is_at_the_one_head_of_the_migrations(app: Flask) -> None:
    heads = ScriptDirectory(str(_migrations_dir())).get_heads()
    assert len(heads) == 1, f"the migrations have several heads: {heads}"
    with app.app_context(), db.engine.connect() as conn:
        assert MigrationContext.configure(conn).get_current_heads() == tuple(heads)


def test_the_models_match_the_migrations(app: Flask) -> None:
    with app.app_context(), db.engine.connect() as conn:
        context = MigrationContext.configure(
            conn,
            # As `flask db migrate` would compare: column types and server defaults too.
            opts={"compare_type": True, "compare_server_default": True},
        )
        diff = compare_metadata(context, db.metadata)
    assert diff == [], "models and migrations differ; `flask db migrate` would write:\n" + pformat(
        diff
    )
