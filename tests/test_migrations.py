"""The models and the migrations never drift apart: a database built by the migrations (the
session's, upgraded to head by ``tests/conftest.py``) is exactly what ``scorekeeper/models/``
describes, on SQLite and on PostgreSQL (``TEST_DATABASE``).

A change to a model without a migration (or the reverse) fails here, with the operations that
``flask db migrate`` would write to make them agree.
"""

from __future__ import annotations

from pprint import pformat

import pytest
import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from flask import Flask

from scorekeeper import migrations_dir
from scorekeeper.extensions import db


def test_the_database_is_at_the_one_head_of_the_migrations(app: Flask) -> None:
    heads = ScriptDirectory(str(migrations_dir())).get_heads()
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


def test_the_club_downgrade_refuses_a_key_on_two_matches(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    """docs/club.md §15: the downgrade of ``a1c2b3d4club`` refuses while a key hash sits on two
    matches (a club night's host token on its tables' matches), and goes through once the
    night is gone; the old unique key on ``key_hash`` comes back."""
    from flask_migrate import downgrade, upgrade

    from scorekeeper import config, create_app, service
    from scorekeeper.models import ClubNight

    from .test_upgrade import fresh_database

    with fresh_database(tmp_path_factory) as url:
        app = create_app(config.TestConfig(str(tmp_path_factory.mktemp("instance")), url))
        with app.app_context():
            upgrade()
            made = service.create_club_night(
                {
                    "name": "Club",
                    "variant": "pinochle-4",
                    "players": [f"P{n}" for n in range(1, 9)],
                    "rotation": {"draw": "entry"},
                }
            )
            service.start_round(made.night.public_id, made.token, 1)
            # End the read the answer made: on PostgreSQL its locks would hold up the ALTER
            # TABLE of the later migrations' downgrades, which run before this one's check.
            db.session.rollback()
            with pytest.raises(SystemExit):  # flask_migrate logs the RuntimeError, exits
                downgrade(revision="f3a9c1d7paid")
            db.session.rollback()
            db.session.execute(sa.delete(ClubNight))
            db.session.execute(sa.text("DELETE FROM scorer_keys"))
            db.session.commit()
            downgrade(revision="f3a9c1d7paid")
            with db.engine.connect() as conn:
                unique = sa.inspect(conn).get_unique_constraints("scorer_keys")
                tables = sa.inspect(conn).get_table_names()
            db.session.remove()
            db.engine.dispose()
    assert [c["column_names"] for c in unique] == [["key_hash"]]
    assert "club_nights" not in tables
