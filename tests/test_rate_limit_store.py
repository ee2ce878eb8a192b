"""A rate-limit store outage never stops the scoring (issue 25; docs/hosting.md "Redis"): with
the Redis of the counts stopped or frozen (SIGSTOP), every write (API hand, page hand, new
match, a scorekeeper link taken, a refusal) is answered within 2 s and every hand is stored
once; the log says so once per outage; ``/readyz`` stays 200 and says ``"rate_limits":
"degraded"``; once the store answers again the counts are shared again.

Each test starts a ``redis-server`` of its own on a free loopback port (never the shared one),
and always thaws and kills it at the end. Skipped when ``redis-server`` is not installed,
unless ``CI`` is set.
"""

from __future__ import annotations

import logging
import os
import secrets
import shutil
import signal
import socket
import subprocess
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from scorekeeper import config as configuration
from scorekeeper import create_app, service
from scorekeeper.extensions import db
from tests.helpers import API, keep_token, open_scorekeeper_link, scorekeeper_link

#: What a write may take with the store down or frozen (issue 25, "Done when").
ANSWER_WITHIN = 2.0
#: An auction hand any dealer allows: it changes no total, so the match never ends.
ALL_PASS = {"outcome": "all_pass"}
AUCTION = {"variant": "auction", "players": ["Ana", "Ben", "Cruz"]}
#: A hand of two-handed pinochle as the page's form sends it.
PAGE_HAND = {"meld_0": "40", "tricks_0": "130", "meld_1": "20"}


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class RedisServer:
    """A ``redis-server`` of this test's own: started, stopped, frozen and thawed."""

    def __init__(self, folder: Path) -> None:
        self.port = _free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.folder = folder
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        command = [
            shutil.which("redis-server") or "redis-server",
            "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
            "--dir", str(self.folder),
        ]  # fmt: skip
        self.process = subprocess.Popen(
            command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True
        )
        deadline = time.monotonic() + 10
        while not self.answers():
            assert self.process.poll() is None, "redis-server ended"
            assert time.monotonic() < deadline, "redis-server did not answer within 10 s"
            time.sleep(0.05)

    def answers(self) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=0.5) as conn:
                conn.sendall(b"PING\r\n")
                return conn.recv(16).startswith(b"+PONG")
        except OSError:
            return False

    def stop(self) -> None:
        """Stop it as a crash would (no goodbye to its clients)."""
        if self.process is not None and self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGCONT)
            self.process.kill()
            self.process.wait(timeout=10)
        self.process = None

    def freeze(self) -> None:
        assert self.process is not None
        os.kill(self.process.pid, signal.SIGSTOP)

    def thaw(self) -> None:
        assert self.process is not None
        os.kill(self.process.pid, signal.SIGCONT)


@pytest.fixture
def redis_server(tmp_path: Path) -> Iterator[RedisServer]:
    if shutil.which("redis-server") is None:
        if os.environ.get("CI"):
            pytest.fail("redis-server is not installed (CI is set: the test must run)")
        pytest.skip("redis-server is not installed")
    server = RedisServer(tmp_path)
    server.start()
    try:
        yield server
    finally:
        server.stop()  # thaws it first: a frozen process is never left behind


class Outages(logging.Handler):
    """The lines of :mod:`scorekeeper.infra.rate_limits` and of Flask-Limiter, kept."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)

    def lines(self, level: int = logging.WARNING) -> list[str]:
        return [r.getMessage() for r in self.records if r.levelno >= level]


@pytest.fixture
def outages() -> Iterator[Outages]:
    handler = Outages()
    loggers = [logging.getLogger("scorekeeper.rate_limits"), logging.getLogger("flask-limiter")]
    levels = [logger.level for logger in loggers]
    for logger in loggers:
        logger.addHandler(handler)
        logger.setLevel(logging.DEBUG)
    yield handler
    for logger, level in zip(loggers, levels, strict=True):
        logger.removeHandler(handler)
        logger.setLevel(level)


@pytest.fixture
def store_app(app: Flask, tmp_path: Path, redis_server: RedisServer) -> Iterator[Flask]:
    """An app on the test database with the limits on (their configured numbers) and counted
    in ``redis_server``."""
    config = configuration.TestConfig(
        str(tmp_path / "instance"), app.config["SQLALCHEMY_DATABASE_URI"]
    )
    config.RATELIMIT_ENABLED = True
    config.RATELIMIT_STORAGE_URI = redis_server.url
    config.RATELIMIT_KEY_PREFIX = f"test-{secrets.token_hex(4)}"
    made = create_app(config)
    yield made
    with made.app_context():
        db.session.remove()
        db.engine.dispose()


def timed(call: Callable[[], TestResponse]) -> tuple[TestResponse, float]:
    """``call``'s answer and how long it took; a call that hangs fails the test (its thread
    is left to end when the store is thawed or killed)."""
    pool = ThreadPoolExecutor(max_workers=1)
    started = time.monotonic()
    future = pool.submit(call)
    try:
        answer = future.result(timeout=ANSWER_WITHIN * 5)
    except TimeoutError:
        pytest.fail(f"no answer within {ANSWER_WITHIN * 5:.0f} s")
    finally:
        pool.shutdown(wait=False)
    return answer, time.monotonic() - started


class TwoMatches:
    """Two matches: one of the API with its token, and one a phone scores through the pages."""

    def __init__(self, app: Flask) -> None:
        self.client = app.test_client()
        made = self.client.post(f"{API}/matches", json=AUCTION)
        assert made.status_code == 201, made.get_json()
        self.id = made.get_json()["id"]
        self.auth = {"Authorization": f"Bearer {made.get_json()['edit_token']}"}
        self.acknowledged = 0
        page = self.client.post(
            f"{API}/matches", json={"variant": "pinochle-2", "players": ["Ana", "Ben"]}
        )
        assert page.status_code == 201
        self.page_id = page.get_json()["id"]
        keep_token(self.client, self.page_id, page.get_json()["edit_token"])
        self.page_acknowledged = 0
        self.link = scorekeeper_link(self.client, self.page_id)

    def every_write(self, app: Flask) -> dict[str, tuple[int, float]]:
        """One write of each kind; their statuses and times (hands once each, with a retry
        of the API hand under its idempotency key, as a phone retries)."""
        key = secrets.token_hex(8)
        writes: dict[str, Callable[[], TestResponse]] = {
            "api hand": lambda: self.client.post(
                f"{API}/matches/{self.id}/hands",
                json=ALL_PASS,
                headers=self.auth | {"Idempotency-Key": key},
            ),
            "api hand retried": lambda: self.client.post(
                f"{API}/matches/{self.id}/hands",
                json=ALL_PASS,
                headers=self.auth | {"Idempotency-Key": key},
            ),
            "page hand": lambda: self.client.post(f"/m/{self.page_id}/hands", data=PAGE_HAND),
            "new match": lambda: self.client.post(f"{API}/matches", json=AUCTION),
            "wrong token": lambda: self.client.post(
                f"{API}/matches/{self.id}/hands",
                json=ALL_PASS,
                headers={"Authorization": "Bearer not-the-token"},
            ),
            "link taken": lambda: open_scorekeeper_link(app.test_client(), self.link),
            "readyz": lambda: self.client.get("/readyz"),
        }
        done = {}
        for name, write in writes.items():
            answer, seconds = timed(write)
            done[name] = (answer.status_code, seconds)
            if name == "api hand" and answer.status_code == 201:
                self.acknowledged += 1
            if name == "page hand" and answer.status_code == 303:
                self.page_acknowledged += 1
        return done

    def stored(self, app: Flask) -> tuple[int, int]:
        with app.app_context():
            api = len(service.get_match(self.id).hands)
            page = len(service.get_match(self.page_id).hands)
            db.session.remove()
        return api, page


EXPECTED = {
    "api hand": 201,
    "api hand retried": 201,
    "page hand": 303,
    "new match": 201,
    "wrong token": 401,
    "link taken": 303,
    "readyz": 200,
}


def _assert_all_answered(done: dict[str, tuple[int, float]]) -> None:
    assert {name: status for name, (status, _) in done.items()} == EXPECTED
    slow = {name: round(seconds, 2) for name, (_, seconds) in done.items() if seconds > 2.0}
    assert not slow, f"answered after more than {ANSWER_WITHIN} s: {slow}"


def _rate_limits(client: FlaskClient) -> Any:
    answer = client.get("/readyz")
    assert answer.status_code == 200, answer.get_json()
    return answer.get_json()["rate_limits"]


def test_writes_go_on_while_the_store_is_stopped(
    store_app: Flask, redis_server: RedisServer, outages: Outages
) -> None:
    table = TwoMatches(store_app)
    assert _rate_limits(table.client) == "ok"
    _assert_all_answered(table.every_write(store_app))

    redis_server.stop()
    for _ in range(3):  # the first meets the outage, the others go past it
        _assert_all_answered(table.every_write(store_app))
    assert _rate_limits(table.client) == "degraded"
    assert table.stored(store_app) == (table.acknowledged, table.page_acknowledged) == (4, 4)
    warnings = outages.lines()
    assert len(warnings) == 1, warnings  # one line for the whole outage, not one a request
    assert "rate-limit store does not answer" in warnings[0]

    redis_server.start()  # an empty store on the same port, as after a restart
    assert _rate_limits(table.client) == "ok"
    _assert_all_answered(table.every_write(store_app))
    assert table.stored(store_app) == (5, 5)
    assert any("answers again" in line for line in outages.lines(logging.INFO))


def test_writes_go_on_while_the_store_is_frozen(
    store_app: Flask, redis_server: RedisServer, outages: Outages
) -> None:
    table = TwoMatches(store_app)
    _assert_all_answered(table.every_write(store_app))

    redis_server.freeze()
    try:
        for _ in range(3):
            _assert_all_answered(table.every_write(store_app))
        assert _rate_limits(table.client) == "degraded"
    finally:
        redis_server.thaw()
    # Nothing that was answered is stored twice, nothing unanswered is stored.
    assert table.stored(store_app) == (table.acknowledged, table.page_acknowledged) == (4, 4)
    assert len(outages.lines()) == 1, outages.lines()
    assert _rate_limits(table.client) == "ok"
    _assert_all_answered(table.every_write(store_app))
    assert table.stored(store_app) == (5, 5)


def test_the_limits_hold_in_the_process_while_the_store_is_down(
    store_app: Flask, redis_server: RedisServer
) -> None:
    """Failing open is not failing off: the counts go on in each process meanwhile."""
    store_app.config["RATELIMIT_FAILED_TOKENS"] = "2 per minute"
    table = TwoMatches(store_app)
    redis_server.stop()

    def wrong() -> TestResponse:
        return table.client.post(
            f"{API}/matches/{table.id}/hands",
            json=ALL_PASS,
            headers={"Authorization": "Bearer not-the-token"},
        )

    assert [timed(wrong)[0].status_code for _ in range(3)] == [401, 401, 429]
    right, _ = timed(
        lambda: table.client.post(
            f"{API}/matches/{table.id}/hands", json=ALL_PASS, headers=table.auth
        )
    )
    assert right.status_code == 201


def test_the_redis_client_has_short_timeouts_and_no_retries() -> None:
    from redis.retry import Retry

    from scorekeeper.infra.rate_limits import storage_options

    options = storage_options("redis://127.0.0.1:6379", {"key_prefix": "x"}, 0.3)
    assert options["socket_timeout"] == options["socket_connect_timeout"] == 0.3
    assert isinstance(options["retry"], Retry)
    assert options["retry"].get_retries() == 0
    assert options["key_prefix"] == "x"
    assert storage_options("memory://", {}, 0.3) == {}


# --- Two servers sharing that store ------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.skipif(
    os.environ.get("TEST_DATABASE", "sqlite") != "postgresql",
    reason="two servers share one PostgreSQL: run with TEST_DATABASE=postgresql",
)
def test_two_servers_score_on_through_a_store_outage(
    redis_server: RedisServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two gunicorn servers (tests/test_hosting_servers.py starts them as ``bin/serve`` does)
    counting in ``redis_server``: stopped, restarted, frozen, thawed, every hand written
    through either is answered within 2 s and stored once."""
    from tests import test_hosting_servers as hosting

    monkeypatch.setattr(hosting, "REDIS_URL", redis_server.url)
    prefix = f"outage-{secrets.token_hex(4)}"
    with hosting.fresh_database() as url:
        both = [hosting.start_server(name, url, prefix, tmp_path) for name in ("one", "two")]
        try:
            hosting.wait_until(
                "both servers ready",
                lambda: all(hosting.call(s.base + "/readyz")[0] == 200 for s in both),
                both,
            )
            _two_servers_through_an_outage(hosting, both, redis_server)
        finally:
            redis_server.stop()  # thawed first
            for server in both:
                hosting.stop(server)


class _Writes:
    """The writes of a table through two servers, timed: hands (each retried once under its
    key, as a phone retries), a new match and a refusal through each."""

    def __init__(self, hosting: Any, both: list[Any]) -> None:
        self.hosting, self.both = hosting, both
        self.match = hosting.Match(both[0], "198.51.100.40")
        self.acknowledged = 0
        self.slow: list[tuple[str, str, float]] = []

    def timed(self, stage: str, what: str, call: Callable[[], Any], status: int) -> None:
        started = time.monotonic()
        answer = call()
        seconds = time.monotonic() - started
        assert answer.status == status, (stage, what, answer.status, answer.body)
        if seconds > ANSWER_WITHIN:
            self.slow.append((stage, what, round(seconds, 2)))

    def round(self, stage: str) -> None:
        match, request = self.match, self.hosting.request
        for server in self.both:
            key = {"Idempotency-Key": secrets.token_hex(8)}
            for attempt in ("hand", "hand retried"):
                what = f"{server.name} {attempt}"
                self.timed(stage, what, partial(match.add, server, ALL_PASS, **key), 201)
            self.acknowledged += 1
            made = partial(request, f"{server.base}{API}/matches", "POST", AUCTION, match.client)
            self.timed(stage, f"{server.name} new match", made, 201)
            wrong = match.client | {"Authorization": "Bearer not-the-token"}
            hands = f"{server.base}{match.path('/hands')}"
            refused = partial(request, hands, "POST", ALL_PASS, wrong)
            self.timed(stage, f"{server.name} refusal", refused, 401)

    def ready_says(self, state: str) -> None:
        for server in self.both:
            answer = self.hosting.request(f"{server.base}/readyz")
            assert answer.status == 200, (server.name, answer.body)
            assert answer.body["rate_limits"] == state, (server.name, answer.body)


def _two_servers_through_an_outage(
    hosting: Any, both: list[Any], redis_server: RedisServer
) -> None:
    writes = _Writes(hosting, both)
    writes.round("store up")
    writes.ready_says("ok")
    redis_server.stop()
    for _ in range(3):
        writes.round("store stopped")
    writes.ready_says("degraded")
    redis_server.start()
    writes.ready_says("ok")
    writes.round("store restarted")
    redis_server.freeze()
    try:
        for _ in range(3):
            writes.round("store frozen")
        writes.ready_says("degraded")
    finally:
        redis_server.thaw()
    writes.round("store thawed")
    assert not writes.slow, writes.slow
    assert len(writes.match.read(both[1])["hands"]) == writes.acknowledged == 2 * 9
    for server in both:
        lines = [
            line
            for line in server.lines()
            if "rate-limit store does not answer" in str(line.get("message", ""))
        ]
        # Two outages, two worker processes: at most a line for each, never one a request.
        assert len(lines) <= 4, (server.name, lines)
