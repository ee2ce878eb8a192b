"""Fixtures shared by every test: an app on a database of its own, a client, a CLI runner, and
the suite's one HTTP test client (:class:`tests.helpers.Table`) as ``table``.

``TEST_DATABASE`` picks the engine: ``sqlite`` (default) uses a temporary file;
``postgresql`` creates a fresh database on the server of ``TEST_DATABASE_URL`` and drops it at
the end, never relying on what an earlier run left. The schema is built by the migrations,
so the tests also prove that ``flask db upgrade`` works on both.

Safe under pytest-xdist (``-n 2``): the session fixtures run once per worker, so every worker
has a database of its own (its own temporary directory for SQLite; on PostgreSQL a name with
the worker's id and a random suffix, dropped when the worker ends).
"""

from __future__ import annotations

import os
import secrets
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import jinja2
import pytest
import sqlalchemy as sa
from flask import Flask
from flask.testing import FlaskClient, FlaskCliRunner

from scorekeeper import create_app
from scorekeeper.config import TestConfig, normalise_database_url
from scorekeeper.extensions import db
from scorekeeper.rules import runner
from tests.helpers import Table

# Every replay in the suite (rules, acceptance, API, pages) also resumes from random checkpoints
# and must reach the same state (issue 14). CHECK_RESUME=0 turns it off, to time the suite.
runner.CHECK_RESUME = os.environ.get("CHECK_RESUME", "1") != "0"

DEFAULT_PG = "postgresql+psycopg://postgres@127.0.0.1:5432/test"
#: Where the SQLite database of a session goes when it can: memory, so that the commit of every
#: write of the suite costs no disk flush (the database and its behaviour are the same).
SHM = Path("/dev/shm")


class _TemplateCache(jinja2.BytecodeCache):
    """The compiled templates, kept for the whole session of a worker.

    Every test gets an app of its own, and each app would compile again every template it
    renders (most of the time of a page test). The templates do not change during a run, so
    the apps share the compiled code; each still loads it into its own environment."""

    def __init__(self) -> None:
        self.compiled: dict[str, bytes] = {}

    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        if bucket.key in self.compiled:
            bucket.bytecode_from_string(self.compiled[bucket.key])

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        self.compiled[bucket.key] = bucket.bytecode_to_string()


_TEMPLATES = _TemplateCache()


def _server_url(url: str, database: str) -> sa.URL:
    return sa.make_url(normalise_database_url(url)).set(database=database)


@pytest.fixture(scope="session")
def database_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A database made for this test session, dropped when it ends."""
    engine_name = os.environ.get("TEST_DATABASE", "sqlite")
    if engine_name == "sqlite":
        if SHM.is_dir() and os.access(SHM, os.W_OK):
            folder = Path(tempfile.mkdtemp(prefix="scorekeeper-test-", dir=SHM))
            try:
                yield f"sqlite:///{folder / 'test.sqlite'}"
            finally:
                shutil.rmtree(folder, ignore_errors=True)
        else:
            yield "sqlite:///" + str(tmp_path_factory.mktemp("db") / "test.sqlite")
        return
    base = os.environ.get("TEST_DATABASE_URL", DEFAULT_PG)
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")  # gw0, gw1... under pytest-xdist
    name = f"scorekeeper_test_{worker}_{secrets.token_hex(6)}"
    admin = sa.create_engine(
        _server_url(base, sa.make_url(normalise_database_url(base)).database or "postgres"),
        isolation_level="AUTOCOMMIT",
    )
    with admin.connect() as conn:
        conn.execute(sa.text(f'CREATE DATABASE "{name}"'))
    try:
        yield _server_url(base, name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as conn:
            conn.execute(sa.text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


@pytest.fixture(scope="session")
def _migrated(database_url: str, tmp_path_factory: pytest.TempPathFactory) -> str:
    """Build the schema once per session with the real migrations."""
    from flask_migrate import upgrade

    app = create_app(TestConfig(str(tmp_path_factory.mktemp("instance")), database_url))
    with app.app_context():
        upgrade()
        db.engine.dispose()
    return database_url


@pytest.fixture
def app(_migrated: str, tmp_path: Path) -> Iterator[Flask]:
    """An app on the session's database, emptied before each test."""
    app = create_app(TestConfig(str(tmp_path / "instance"), _migrated))
    app.jinja_env.bytecode_cache = _TEMPLATES
    with app.app_context():
        for table in reversed(db.metadata.sorted_tables):
            db.session.execute(table.delete())
        db.session.commit()
    yield app
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    """A test client of ``app``."""
    return app.test_client()


@pytest.fixture
def runner(app: Flask) -> FlaskCliRunner:
    """A CLI runner of ``app``."""
    return app.test_cli_runner()


@pytest.fixture
def table(client: FlaskClient) -> Table:
    """The suite's HTTP test client on ``client`` (no match yet): API and pages."""
    return Table(client)
