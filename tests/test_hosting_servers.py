"""Several app servers on one PostgreSQL and one Redis (issue 17; docs/hosting.md): two real
gunicorn processes on two ports, started by the lines of ``bin/serve`` (its migrations, then its
``exec gunicorn ...``) on a database made for this module and a Redis key prefix of its own,
behind a pretend proxy (``TRUSTED_PROXIES=1``: each test speaks for a client address of its own
through ``X-Forwarded-For``). Through the JSON API (docs/api.md):

- the hands of one match written alternately through both are one match;
- writes racing across both with one version: exactly one is taken; racing without a version:
  every one is taken, under numbers of its own; racing with one ``Idempotency-Key``: one hand;
- the scoreboard's poll on one server sees a write made through the other at once;
- a rate limit reached through one server holds on the other (the counts are in Redis).

And the migrations, run by several servers at the same moment on an empty database, all end
well (the advisory lock of ``migrations/env.py``).

PostgreSQL only (``TEST_DATABASE=postgresql``); Redis at ``TEST_REDIS_URL``. A service that
cannot be reached skips these tests loudly, and fails them under CI. Bounded: every request
has a timeout, every wait a deadline, and the servers' process groups are killed at the end.
"""

from __future__ import annotations

import json
import os
import secrets
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from alembic.script import ScriptDirectory

from scorekeeper import migrations_dir
from scorekeeper.config import normalise_database_url

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        os.environ.get("TEST_DATABASE", "sqlite") != "postgresql",
        reason="several servers share one PostgreSQL: run with TEST_DATABASE=postgresql",
    ),
]

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_PG = "postgresql+psycopg://postgres@127.0.0.1:5432/test"
REDIS_URL = os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379")
API = "/api/v1"
#: Deadline of every wait for a state (servers up, migrations done).
DEADLINE = 90.0
#: Requests racing at once, spread over both servers.
RACERS = 8
#: An auction hand any dealer allows: it changes no total, so the match never ends.
ALL_PASS = {"outcome": "all_pass"}
PLAYERS = ["Ana", "Ben", "Cruz", "Dee"]
#: Writes refused for one token on one match in a minute (docs/api.md "Limits").
FAILED_TOKEN_LIMIT = 20


def _loud_skip(what: str, error: BaseException) -> None:
    message = f"{what} is unreachable: {error}"
    if os.environ.get("CI"):
        pytest.fail(f"{message} (CI is set: the test must run)")
    print(f"\n!!! SKIPPED: {message}", file=sys.stderr)
    pytest.skip(message)


@contextmanager
def fresh_database() -> Iterator[str]:
    """A new, empty database on the server of ``TEST_DATABASE_URL`` (as tests/conftest.py
    makes one), dropped at the end; its URL."""
    base = sa.make_url(normalise_database_url(os.environ.get("TEST_DATABASE_URL", DEFAULT_PG)))
    name = f"scorekeeper_hosting_{secrets.token_hex(6)}"
    admin = sa.create_engine(
        base.set(database=base.database or "postgres"), isolation_level="AUTOCOMMIT"
    )
    try:
        with admin.connect() as conn:
            conn.execute(sa.text(f'CREATE DATABASE "{name}"'))
    except sa.exc.OperationalError as error:
        admin.dispose()
        _loud_skip(f"PostgreSQL at {base.render_as_string()}", error)
    try:
        yield base.set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as conn:
            conn.execute(sa.text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


@pytest.fixture(scope="module")
def redis_prefix() -> Iterator[str]:
    """A key prefix of this module's own in the Redis of ``TEST_REDIS_URL``; its keys are
    deleted at the end."""
    import redis

    server = redis.Redis.from_url(REDIS_URL, socket_timeout=5, socket_connect_timeout=5)
    try:
        server.ping()
    except redis.RedisError as error:
        _loud_skip(f"Redis at {REDIS_URL}", error)
    prefix = f"scorekeeper-hosting-{secrets.token_hex(6)}"
    try:
        yield prefix
    finally:
        for key in server.scan_iter(match=f"*{prefix}*"):
            server.delete(key)
        server.close()


# --- Servers -----------------------------------------------------------------------------------


def serve_script() -> str:
    """The lines of ``bin/serve`` after its setup (the migrations, then ``exec gunicorn``), as
    they are, with the strictness the setup sets."""
    lines = (ROOT / "bin/serve").read_text().splitlines()
    setup = next(i for i, line in enumerate(lines) if line.startswith("source "))
    body = "\n".join(lines[setup + 1 :])
    assert "flask --app scorekeeper db upgrade" in body, body
    assert "exec gunicorn --config gunicorn.conf.py" in body, body
    return "set -euo pipefail\n" + body


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass
class Server:
    """One app server: its base URL, process and log (its stdout and stderr)."""

    name: str
    base: str
    process: subprocess.Popen[bytes]
    log: Path

    def lines(self) -> list[dict[str, Any]]:
        """The JSON lines of its log (the migration's lines before them are plain text)."""
        found = []
        for line in self.log.read_text(errors="replace").splitlines():
            if line.startswith("{"):
                found.append(json.loads(line))
        return found


def start_server(name: str, database_url: str, prefix: str, folder: Path) -> Server:
    port = _free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("RATELIMIT", "FLASK_"))}
    env.update(
        PATH=f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}",
        DATABASE_URL=database_url,
        SECRET_KEY="hosting-test-secret-shared-by-every-server",
        RATELIMIT_STORAGE_URI=REDIS_URL,
        RATELIMIT_KEY_PREFIX=prefix,
        TRUSTED_PROXIES="1",
        HOST="127.0.0.1",
        PORT=str(port),
        WORKERS="2",
        THREADS="4",
    )
    env.pop("PUBLIC_URL", None)
    log = folder / f"{name}.log"
    with log.open("wb") as out:
        process = subprocess.Popen(
            ["bash", "-c", serve_script()],
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    return Server(name, f"http://127.0.0.1:{port}", process, log)


def stop(server: Server) -> None:
    for sig in (signal.SIGTERM, signal.SIGKILL):
        if server.process.poll() is None:
            try:
                os.killpg(server.process.pid, sig)
                server.process.wait(timeout=20)
            except (ProcessLookupError, subprocess.TimeoutExpired):
                continue


def wait_until(what: str, ready: Callable[[], bool], servers: list[Server]) -> None:
    deadline = time.monotonic() + DEADLINE
    while not ready():
        for server in servers:
            if server.process.poll() is not None:
                pytest.fail(f"{server.name} ended before {what}:\n{server.log.read_text()}")
        if time.monotonic() > deadline:
            logs = "\n".join(s.log.read_text() for s in servers)
            pytest.fail(f"{what}: not within {DEADLINE:.0f} s\n{logs}")
        time.sleep(0.1)


@pytest.fixture(scope="module")
def servers(redis_prefix: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[Server]]:
    """Two app servers started together on one new database (both migrate it at once)."""
    folder = tmp_path_factory.mktemp("servers")
    with fresh_database() as url:
        both = [start_server(name, url, redis_prefix, folder) for name in ("one", "two")]
        try:
            wait_until(
                "both servers ready",
                lambda: all(call(s.base + "/readyz")[0] == 200 for s in both),
                both,
            )
            yield both
        finally:
            for server in both:
                stop(server)


# --- Requests ----------------------------------------------------------------------------------


@dataclass
class Answer:
    status: int
    body: Any
    headers: dict[str, str]


def request(
    url: str, method: str = "GET", body: Any = None, headers: dict[str, str] | None = None
) -> Answer:
    """One request; its status, JSON body (None when empty) and headers, errors included."""
    data = None if body is None else json.dumps(body).encode()
    sent = urllib.request.Request(url, data=data, method=method, headers=headers or {})
    if data is not None:
        sent.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(sent, timeout=30) as response:
            raw, status, got = response.read(), response.status, dict(response.headers)
    except urllib.error.HTTPError as error:
        with error:
            raw, status, got = error.read(), error.code, dict(error.headers)
    return Answer(status, json.loads(raw) if raw else None, got)


def call(url: str) -> tuple[int, Any]:
    """GET ``url``; (0, None) while nothing answers there."""
    try:
        answer = request(url)
    except OSError:
        return 0, None
    return answer.status, answer.body


class Match:
    """A match created through one server, written to through any."""

    def __init__(self, server: Server, client: str) -> None:
        #: The client address a pretend proxy gives for this test (X-Forwarded-For).
        self.client = {"X-Forwarded-For": client}
        made = request(
            f"{server.base}{API}/matches",
            "POST",
            {"variant": "auction", "players": PLAYERS},
            self.client,
        )
        assert made.status == 201, made.body
        self.id = made.body["id"]
        self.auth = self.client | {"Authorization": f"Bearer {made.body['edit_token']}"}

    def path(self, tail: str = "") -> str:
        return f"{API}/matches/{self.id}{tail}"

    def add(self, server: Server, body: Any, **headers: str) -> Answer:
        return request(f"{server.base}{self.path('/hands')}", "POST", body, self.auth | headers)

    def read(self, server: Server) -> dict[str, Any]:
        answer = request(f"{server.base}{self.path()}", headers=self.client)
        assert answer.status == 200, answer.body
        body: dict[str, Any] = answer.body
        return body


def race(jobs: list[Callable[[], Answer]]) -> list[Answer]:
    """Run every job at once (held at a barrier so that their requests overlap)."""
    barrier = threading.Barrier(len(jobs), timeout=30)

    def run(job: Callable[[], Answer]) -> Answer:
        barrier.wait()
        return job()

    with ThreadPoolExecutor(max_workers=len(jobs)) as pool:
        return list(pool.map(run, jobs))


# --- The tests ---------------------------------------------------------------------------------


def test_hands_written_alternately_through_both_servers_make_one_match(
    servers: list[Server],
) -> None:
    match = Match(servers[0], "198.51.100.1")
    version = 1
    for n in range(1, 11):
        through = servers[n % 2]
        answer = match.add(through, ALL_PASS | {"version": version})
        assert answer.status == 201, (through.name, answer.body)
        assert answer.body["hand"]["number"] == n
        version = answer.body["match"]["version"]
        assert version == n + 1
    one, two = (match.read(server) for server in servers)
    assert one == two
    assert [hand["number"] for hand in one["hands"]] == list(range(1, 11))
    assert one["version"] == 11


def test_racing_writes_across_servers_lose_and_double_no_hand(servers: list[Server]) -> None:
    match = Match(servers[1], "198.51.100.2")

    # One version for all: exactly one is taken, whichever server it came through.
    same_version = race(
        [partial(match.add, servers[i % 2], ALL_PASS | {"version": 1}) for i in range(RACERS)]
    )
    statuses = sorted(answer.status for answer in same_version)
    assert statuses == [201] + [409] * (RACERS - 1), [(a.status, a.body) for a in same_version]
    assert len(match.read(servers[0])["hands"]) == 1

    # No version: every one is taken, each under a number of its own.
    unversioned = race([partial(match.add, servers[i % 2], ALL_PASS) for i in range(RACERS)])
    assert [answer.status for answer in unversioned] == [201] * RACERS, [
        (answer.status, answer.body) for answer in unversioned if answer.status != 201
    ]
    numbers = sorted(answer.body["hand"]["number"] for answer in unversioned)
    assert numbers == list(range(2, RACERS + 2))
    shown = match.read(servers[1])
    assert [hand["number"] for hand in shown["hands"]] == list(range(1, RACERS + 2))
    assert shown["version"] == RACERS + 2


def test_one_idempotency_key_racing_across_servers_adds_one_hand(servers: list[Server]) -> None:
    match = Match(servers[0], "198.51.100.3")
    key = {"Idempotency-Key": f"double-tap-{secrets.token_hex(4)}"}
    answers = race([partial(match.add, servers[i % 2], ALL_PASS, **key) for i in range(RACERS)])
    assert [answer.status for answer in answers] == [201] * RACERS, [a.body for a in answers]
    assert {json.dumps(answer.body["hand"], sort_keys=True) for answer in answers} == {
        json.dumps(answers[0].body["hand"], sort_keys=True)
    }
    assert answers[0].body["hand"]["number"] == 1
    for server in servers:
        shown = match.read(server)
        assert len(shown["hands"]) == 1
        assert shown["version"] == 2


def test_the_scoreboard_on_one_server_follows_writes_on_the_other(servers: list[Server]) -> None:
    watcher, scorer = servers
    match = Match(scorer, "198.51.100.4")
    url = f"{watcher.base}{match.path()}"
    # The scoreboard's poll (static/board.js): If-None-Match with the ETag it holds.
    first = request(url, headers=match.client)
    etag = first.headers["ETag"]
    assert request(url, headers=match.client | {"If-None-Match": etag}).status == 304

    assert match.add(scorer, ALL_PASS).status == 201
    polled = request(url, headers=match.client | {"If-None-Match": etag})
    assert polled.status == 200
    assert polled.headers["ETag"] != etag
    assert [hand["number"] for hand in polled.body["hands"]] == [1]
    assert polled.body["version"] == 2


def test_a_rate_limit_reached_through_one_server_holds_on_the_other(
    servers: list[Server], redis_prefix: str
) -> None:
    import redis

    one, two = servers
    match = Match(one, "198.51.100.5")
    wrong = match.client | {"Authorization": "Bearer not-the-token"}
    hands = match.path("/hands")
    # Writes refused for their token count, wherever they were refused.
    assert request(f"{two.base}{hands}", "POST", ALL_PASS, wrong).status == 401
    for _ in range(FAILED_TOKEN_LIMIT - 1):
        assert request(f"{one.base}{hands}", "POST", ALL_PASS, wrong).status == 401

    # That token has spent its count on server one: server two refuses it too; the right
    # token is never refused for it, on either server.
    for server in (two, one):
        refused = request(f"{server.base}{hands}", "POST", ALL_PASS, wrong)
        assert refused.status == 429, (server.name, refused.body)
        assert 1 <= int(refused.headers["Retry-After"]) <= 60
        assert match.add(server, ALL_PASS).status == 201

    store = redis.Redis.from_url(REDIS_URL, socket_timeout=5)
    assert list(store.scan_iter(match=f"*{redis_prefix}*")), "no count was kept in Redis"
    store.close()


def test_every_request_is_a_json_line_with_the_id_it_answered_with(servers: list[Server]) -> None:
    one = servers[0]
    answer = request(f"{one.base}/healthz?token=not-for-the-log", headers={"X-Request-ID": "hx-1"})
    assert answer.status == 200
    assert answer.headers["X-Request-ID"] == "hx-1"
    generated = request(f"{one.base}/readyz").headers["X-Request-ID"]

    def logged() -> bool:
        ids = {line.get("request_id") for line in one.lines()}
        return {"hx-1", generated} <= ids

    wait_until("the request lines written", logged, servers)
    lines = one.lines()
    line = next(line for line in lines if line.get("request_id") == "hx-1")
    assert (line["event"], line["method"], line["path"], line["status"]) == (
        "request",
        "GET",
        "/healthz",
        200,
    )
    assert "not-for-the-log" not in one.log.read_text()
    # gunicorn's own lines are JSON too.
    assert any("Booting worker" in str(line.get("message")) for line in lines)


def test_a_server_never_shows_a_match_older_than_its_own_write(tmp_path: Path) -> None:
    """Deterministic form of a race the tests above meet now and then: server one commits a
    hand; before it has finished answering, server two commits the next. Server one must not
    keep (and later serve) its replay of one hand as the match at the version two hands
    made. Two apps in this process stand for the two servers (each has its own replay cache);
    the write through the second runs in a thread of its own, as on another server."""
    from flask_migrate import upgrade
    from sqlalchemy.orm import Session

    from scorekeeper import create_app
    from scorekeeper.config import TestConfig
    from scorekeeper.extensions import db

    with fresh_database() as url:
        one, two = (create_app(TestConfig(str(tmp_path / name), url)) for name in ("1", "2"))
        with one.app_context():
            upgrade()
        first, second = one.test_client(), two.test_client()
        made = first.post(f"{API}/matches", json={"variant": "auction", "players": PLAYERS})
        path = f"{API}/matches/{made.get_json()['id']}"
        auth = {"Authorization": f"Bearer {made.get_json()['edit_token']}"}
        armed: list[int] = [1]
        other: list[int] = []

        def the_other_server_writes(session: Session) -> None:
            if armed and armed.pop():
                write = threading.Thread(
                    target=lambda: other.append(
                        second.post(f"{path}/hands", json=ALL_PASS, headers=auth).status_code
                    )
                )
                write.start()
                write.join(timeout=30)

        sa.event.listen(Session, "after_commit", the_other_server_writes)
        try:
            assert first.post(f"{path}/hands", json=ALL_PASS, headers=auth).status_code == 201
        finally:
            sa.event.remove(Session, "after_commit", the_other_server_writes)
        assert other == [201]
        try:
            for client in (second, first):
                shown = client.get(path).get_json()
                seen = (shown["version"], len(shown["hands"]))
                assert seen == (3, 2), f"server {1 if client is first else 2}: {seen}"
        finally:
            for app in (one, two):
                with app.app_context():
                    db.session.remove()
                    db.engine.dispose()


# --- Migrations run by several servers at once ---------------------------------------------------

#: One server's start: the app, connected, waits for the word, then migrates.
MIGRATE = """
import sys
from flask_migrate import upgrade
from scorekeeper import create_app
from scorekeeper.config import TestConfig
from scorekeeper.extensions import db

app = create_app(TestConfig(sys.argv[1], sys.argv[2]))
with app.app_context():
    db.engine.connect().close()
    print("ready", flush=True)
    sys.stdin.readline()
    upgrade()
print("migrated", flush=True)
"""
STARTERS = 4


def test_servers_migrating_an_empty_database_at_once_all_succeed(tmp_path: Path) -> None:
    head = ScriptDirectory(str(migrations_dir())).get_current_head()
    with fresh_database() as url:
        starters = [
            subprocess.Popen(
                [sys.executable, "-c", MIGRATE, str(tmp_path / f"instance-{n}"), url],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
            for n in range(STARTERS)
        ]
        try:
            for starter in starters:
                assert starter.stdout is not None
                assert starter.stdout.readline().strip() == "ready", starter.stderr
            # Every one connected and waiting: now all migrate at the same moment.
            for starter in starters:
                assert starter.stdin is not None
                starter.stdin.write("go\n")
                starter.stdin.flush()
            results = [starter.communicate(timeout=DEADLINE) for starter in starters]
        finally:
            for starter in starters:
                if starter.poll() is None:
                    starter.kill()
                    starter.wait()
        failures = [
            err[-2000:]
            for starter, (_, err) in zip(starters, results, strict=True)
            if starter.returncode
        ]
        assert not failures, "\n---\n".join(failures)
        assert all("migrated" in out for out, _ in results)
        engine = sa.create_engine(url)
        with engine.connect() as conn:
            versions = conn.scalars(sa.text("SELECT version_num FROM alembic_version")).all()
        engine.dispose()
        assert versions == [head]
