"""Racing writes against a real threaded server: no hand is lost, none shares a number.

Each test starts Werkzeug's threaded server on a free loopback port with the test app (on the
test session's database, SQLite or PostgreSQL) and lets several clients post at once, held at
a barrier so that their requests really overlap.
"""

from __future__ import annotations

import json
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from flask import Flask
from werkzeug.serving import BaseWSGIServer, WSGIRequestHandler, make_server

from tests.helpers import API

CLIENTS = 12
#: An auction hand any dealer allows: it changes no total, so the match never ends.
ALL_PASS = {"outcome": "all_pass"}


class _QuietHandler(WSGIRequestHandler):
    def log(self, type: str, message: str, *args: Any) -> None:
        """No access log in the test output."""


@pytest.fixture
def server(app: Flask) -> Iterator[str]:
    """The app served on 127.0.0.1 by a threaded server; its base URL."""
    httpd: BaseWSGIServer = make_server(
        "127.0.0.1", 0, app, threaded=True, request_handler=_QuietHandler
    )
    thread = threading.Thread(target=httpd.serve_forever, kwargs={"poll_interval": 0.05})
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_port}"
    finally:
        httpd.shutdown()
        thread.join(timeout=10)
        httpd.server_close()


def call(
    url: str, method: str = "GET", body: Any = None, headers: dict[str, str] | None = None
) -> tuple[int, Any]:
    """One request; the status and the JSON answer (errors included)."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method=method, headers=headers or {})
    if data is not None:
        request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        with error:
            return error.code, json.loads(error.read())


def new_auction(base: str) -> tuple[str, dict[str, str]]:
    status, match = call(
        f"{base}{API}/matches",
        "POST",
        {"variant": "auction", "players": ["Ana", "Ben", "Cruz", "Dee"]},
    )
    assert status == 201, match
    return f"{base}{API}/matches/{match['id']}", {"Authorization": f"Bearer {match['edit_token']}"}


def race(url: str, bodies: list[Any], headers: dict[str, str]) -> list[tuple[int, Any]]:
    """Post every body at once (as near as threads allow) and collect the answers."""
    barrier = threading.Barrier(len(bodies), timeout=30)

    def post(body: Any) -> tuple[int, Any]:
        barrier.wait()
        return call(f"{url}/hands", "POST", body, headers)

    with ThreadPoolExecutor(max_workers=len(bodies)) as pool:
        return list(pool.map(post, bodies))


def test_racing_hands_are_all_kept_with_distinct_numbers(server: str) -> None:
    url, auth = new_auction(server)
    answers = race(url, [ALL_PASS] * CLIENTS, auth)
    assert [status for status, _ in answers] == [201] * CLIENTS, answers
    numbers = sorted(body["hand"]["number"] for _, body in answers)
    assert numbers == list(range(1, CLIENTS + 1))
    versions = sorted(body["match"]["version"] for _, body in answers)
    assert versions == list(range(2, CLIENTS + 2))
    status, match = call(url)
    assert status == 200
    assert [hand["number"] for hand in match["hands"]] == list(range(1, CLIENTS + 1))
    assert match["version"] == CLIENTS + 1


def test_racing_with_the_same_version_exactly_one_wins(server: str) -> None:
    url, auth = new_auction(server)
    answers = race(url, [ALL_PASS | {"version": 1}] * CLIENTS, auth)
    statuses = sorted(status for status, _ in answers)
    assert statuses == [201] + [409] * (CLIENTS - 1), answers
    for status, body in answers:
        if status == 409:
            assert "_" in body["errors"]
    _, match = call(url)
    assert len(match["hands"]) == 1
    assert match["version"] == 2


def test_racing_repeats_of_one_key_add_one_hand(server: str) -> None:
    url, auth = new_auction(server)
    answers = race(url, [ALL_PASS] * CLIENTS, auth | {"Idempotency-Key": "double-tap"})
    assert {status for status, _ in answers} == {201}, answers
    bodies = [json.dumps(body, sort_keys=True) for _, body in answers]
    assert len(set(bodies)) == 1
    _, match = call(url)
    assert len(match["hands"]) == 1
