"""Fixtures shared by every test: an app on a database of its own, a client, a CLI runner, and
the suite's one HTTP test client (:class:`tests.helpers.MatchClient`) as ``table``.

``TEST_DATABASE`` picks the engine: ``sqlite`` (default) uses a temporary file;
``postgresql`` creates a fresh database on the server of ``TEST_DATABASE_URL`` and drops it at
the end, never relying on what an earlier run left. The schema is built by the migrations,
so the tests also prove that ``flask db upgrade`` works on both.

Safe under pytest-xdist (``-n 2``): the session fixtures run once per worker, so every worker
has a database of its own (its own temporary directory for SQLite; on PostgreSQL a name with
the worker's id and a random suffix, dropped when the worker ends).

The app is built once per worker (building one costs more than most tests) and made fresh for
each test by :func:`app`: its tables emptied, its configuration as built, its per-process
caches (the replay cache, the summary memo, the limiter's counts) new. A test that changes the
app itself (adds a route) is marked ``own_app`` and gets an app of its own.

Every resumed replay of the suite is also checked against the whole replay (issue 14):
:func:`_checked_resume` wraps ``Variant.resume``. ``CHECK_RESUME=0`` turns it off, to time the
suite.
"""

from __future__ import annotations

import copy
import os
import secrets
import shutil
import tempfile
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from flask import Flask
from flask.testing import FlaskClient, FlaskCliRunner
from hypothesis import settings

from scorekeeper import create_app
from scorekeeper.config import TestConfig, normalise_database_url
from scorekeeper.extensions import db, limiter
from scorekeeper.rules import MatchOverError, MatchState, RuleError, Setup
from scorekeeper.rules.core.runner import Checkpoint
from scorekeeper.rules.games.registry import Variant
from scorekeeper.service.club.preview import forget_previews
from scorekeeper.service.replay_cache import ReplayCache
from tests.helpers import MatchClient

# Hypothesis's default deadline (200 ms an example) is a time, and these machines are shared: on
# a busy one an example is slow, not wrong (a calculator property failed so under a load of 11).
# The suite checks outcomes; bench/ measures speed.
settings.register_profile("suite", deadline=None)
#: ``bin/test --fast`` (``TEST_FAST=1``): every property runs, on this many examples at most
#: (the full run: each test's own count, 100-400), so that the maintainer's loop stays fast.
FAST_EXAMPLES = 10
settings.register_profile("fast", parent=settings.get_profile("suite"), max_examples=FAST_EXAMPLES)
FAST = os.environ.get("TEST_FAST", "0") == "1"
settings.load_profile("fast" if FAST else "suite")

#: What ``bin/test --fast`` leaves to the full run (``bin/test``), besides the tests marked
#: ``slow`` in their modules: these are marked ``slow`` here. Named by file name (``name.py``)
#: or by a test in it (``name.py::test``), not by folder, so that moving a module keeps its
#: entry. Each costs seconds of CPU for what the contract tests already cover in part: the
#: fuzzers, the replay cache's twin runs, the limits and their costs, the phone's engine's
#: corpus, the migrations' downgrade, the club night's long scenarios through the API, the
#: API's files, rematches, end of night, look-alike names and removed phones, the planner's
#: budgets and the rotation heuristic's sweep of seeds (README, "Tests").
FULL_RUN_ONLY = frozenset(
    {
        "test_replay_cache.py",
        "test_fuzz.py",
        "test_fuzz_club.py",
        "test_limits.py",
        "test_limits_room.py",
        "test_replay_work_limits.py",
        "test_schedule_preview_cost.py",
        "test_summary_budget.py",
        "test_race.py",
        "test_phone_engine_answers.py",
        "test_table_codes_derived.py",
        "test_group_seasons_and_payups.py",
        "test_api_files.py",
        "test_api_rematch.py",
        "test_api_end_of_night.py",
        "test_lookalike_names_everywhere.py",
        "test_removed_phone_stays_out.py",
        "test_club_answers_and_costs.py",
        "test_club_awards.py",
        "test_club_card_scans.py",
        "test_club_late_seated.py",
        "test_club_limits.py",
        "test_club_pairs.py",
        "test_club_pairs_money.py",
        "test_club_people.py",
        "test_club_people_adjust.py",
        "test_club_people_drawn.py",
        "test_club_progressive_night.py",
        "test_club_replan_present.py",
        "test_club_round_rights.py",
        "test_club_rounds.py",
        "test_club_standings.py",
        "test_planner_budget.py",
        "test_rotation_heuristic.py::test_heuristic_meets_the_figures",
    }
)

DEFAULT_PG = "postgresql+psycopg://postgres@127.0.0.1:5432/test"
#: Where the SQLite database of a session goes when it can: memory, so that the commit of every
#: write of the suite costs no disk flush (the database and its behaviour are the same).
SHM = Path("/dev/shm")


#: The attribute under which a start's runner (and every copy of it) remembers its setup.
_SETUP = "_suite_setup"
_start = Variant.start
_resume = Variant.resume


def _start_remembering(self: Variant, setup: Setup) -> Checkpoint:
    """``Variant.start``, its runner remembering ``setup`` (the copies that resuming makes of it
    keep it), so that a later resume can be replayed whole."""
    checkpoint = _start(self, setup)
    vars(checkpoint.runner)[_SETUP] = setup
    return checkpoint


def _outcome(
    variant: Variant, checkpoint: Checkpoint, hands: Sequence[Mapping[str, Any]]
) -> MatchState | tuple[Any, ...]:
    """The state ``_resume`` reaches, or its refusal as ``==`` can compare it (exceptions
    compare by identity)."""
    try:
        return _resume(variant, checkpoint, hands)[0]
    except MatchOverError as over:
        return ("over", over.hand)
    except RuleError as refused:
        return ("refused", refused.hand, refused.path, refused.code, refused.template)


def _checked_resume(
    self: Variant, checkpoint: Checkpoint, hands: Sequence[Mapping[str, Any]], *, every: int = 0
) -> tuple[MatchState, tuple[Checkpoint, ...]]:
    """``Variant.resume``; a resume from a checkpoint after hand 1 (the replay cache's: a
    replay from the start is the whole replay already) must reach what the whole replay of the
    same hands reaches, or be refused as it is (issue 14). A resume that changed its checkpoint
    shows at the next resume from it, which the service makes at every correction."""
    if not checkpoint.count:
        return _resume(self, checkpoint, hands, every=every)
    whole = _outcome(self, _start(self, vars(checkpoint.runner)[_SETUP]), hands)
    try:
        resumed = _resume(self, checkpoint, hands, every=every)
    except (RuleError, MatchOverError):
        assert _outcome(self, checkpoint, hands) == whole, (
            f"{self.id}: resuming after hand {checkpoint.count} is refused otherwise"
        )
        raise
    assert resumed[0] == whole, f"{self.id}: resuming after hand {checkpoint.count} differs"
    return resumed


if os.environ.get("CHECK_RESUME", "1") != "0":
    Variant.start = _start_remembering  # type: ignore[method-assign]
    Variant.resume = _checked_resume  # type: ignore[method-assign]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark ``slow`` the tests of :data:`FULL_RUN_ONLY`; under ``TEST_FAST=1`` cap every
    Hypothesis test's own example count at :data:`FAST_EXAMPLES` (its other settings kept)."""
    for item in items:
        name = item.path.name
        test = getattr(item, "originalname", item.name)
        if name in FULL_RUN_ONLY or f"{name}::{test}" in FULL_RUN_ONLY:
            item.add_marker(pytest.mark.slow)
        own = getattr(getattr(item, "obj", None), "_hypothesis_internal_use_settings", None)
        if FAST and isinstance(own, settings) and own.max_examples > FAST_EXAMPLES:
            # Hypothesis reads this attribute at each call of the test it wraps.
            item.obj._hypothesis_internal_use_settings = settings(  # type: ignore[attr-defined]
                own, max_examples=FAST_EXAMPLES
            )


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


def _build_app(database_url: str, instance: Path) -> Flask:
    return create_app(TestConfig(str(instance), database_url))


def _dispose(app: Flask) -> None:
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


@pytest.fixture(scope="session")
def _worker_app(_migrated: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Flask]:
    """The app of this worker, on the session's database; :func:`app` makes it fresh."""
    app = _build_app(_migrated, tmp_path_factory.mktemp("instance"))
    app.extensions["suite_config"] = copy.deepcopy(dict(app.config))
    app.extensions["suite_views"] = dict(app.view_functions)
    yield app
    _dispose(app)


def _empty_tables(app: Flask) -> None:
    with app.app_context():
        if db.engine.dialect.name == "sqlite":
            # One script on the raw connection: every test pays this, and a statement
            # through the session costs more than SQLite's DELETE of a table.
            deletes = "".join(
                f'DELETE FROM "{table.name}";' for table in reversed(db.metadata.sorted_tables)
            )
            script = f"BEGIN;{deletes}COMMIT;"
            raw = db.engine.raw_connection()
            try:
                raw.driver_connection.executescript(script)  # type: ignore[union-attr]
                raw.commit()
            finally:
                raw.close()
            return
        for table in reversed(db.metadata.sorted_tables):
            db.session.execute(table.delete())
        db.session.commit()


def _make_fresh(app: Flask) -> None:
    """The worker's app as a new one would be: the configuration it was built with (a test's
    ``app.config[...] = ...`` is undone), a new replay cache, no summary memo, no counts in the
    limiter's storage, no schedule previews kept, empty tables."""
    app.config.clear()
    forget_previews()
    app.config.update(copy.deepcopy(app.extensions["suite_config"]))
    app.extensions["replay_cache"] = ReplayCache(int(app.config.get("REPLAY_CACHE_MATCHES", 0)))
    app.extensions.pop("match_summaries", None)
    # The limiter is one object per process, left as the last app built set it up: as this
    # app's, with no counts.
    limiter.enabled = bool(app.config["RATELIMIT_ENABLED"])
    if limiter.enabled:
        limiter.reset()
    _empty_tables(app)


@pytest.fixture
def app(request: pytest.FixtureRequest, _migrated: str) -> Iterator[Flask]:
    """An app on the session's database, with empty tables: the worker's app made fresh, or
    for a test marked ``own_app`` (it changes the app itself) an app of its own."""
    if request.node.get_closest_marker("own_app"):
        own = _build_app(_migrated, Path(tempfile.mkdtemp(prefix="scorekeeper-app-")))
        _empty_tables(own)
        try:
            yield own
        finally:
            _dispose(own)
            shutil.rmtree(own.instance_path, ignore_errors=True)
        return
    app: Flask = request.getfixturevalue("_worker_app")
    _make_fresh(app)
    yield app
    assert app.view_functions == app.extensions["suite_views"], (
        "this test changed the worker's app: mark it @pytest.mark.own_app"
    )


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    """A test client of ``app``."""
    return app.test_client()


@pytest.fixture
def runner(app: Flask) -> FlaskCliRunner:
    """A CLI runner of ``app``."""
    return app.test_cli_runner()


@pytest.fixture
def table(client: FlaskClient) -> MatchClient:
    """The suite's HTTP test client on ``client`` (no match yet): API and pages."""
    return MatchClient(client)
