"""Replays bounded by their work (issue 37, point 1; docs/api.md "Limits"): previews and
right-token corrections are counted by the hands they replay, per address and per match; a long
replay runs without a database connection, in one of a few slots of the process (past them a
503 with ``Retry-After``); a write whose long replay gave its connection back locks again and
re-reads the version, so a write that came in meanwhile is kept."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import service
from scorekeeper.extensions import db
from scorekeeper.models import Hand, utcnow
from scorekeeper.rules.games.registry import find_variant
from scorekeeper.service.replay_work import LONG_REPLAY
from tests.helpers import API, MatchClient, errors_of, hidden, limited_apps

ALL_PASS = {"outcome": "all_pass"}
#: The auction rules' bid-and-play hand of a correction: it changes hand 1's totals.
MADE = {"bidder": "Ben", "bid": 300, "trump": "hearts", "outcome": "made"}
AUCTION = {"variant": "auction", "players": ["Ana", "Ben", "Cruz"]}
LONG = 120  # hands: a correction of hand 1 replays them all, more than LONG_REPLAY
TOO_MANY = "Too many requests from this address: try again later."
#: :data:`MADE` as the hand form posts it.
MADE_FORM = {key: str(value) for key, value in MADE.items()}


@pytest.fixture
def make_app(app: Flask, tmp_path: Path) -> Iterator[Any]:
    """Apps on the test database with the limits on and ``settings`` of the test's own."""
    with limited_apps(app, tmp_path) as make:
        yield make


def fill(app: Flask, public_id: str, hands: int) -> None:
    """Store ``hands`` passed-out hands directly (a write per hand would be slow)."""
    with app.app_context():
        match = service.get_match(public_id)
        for number in range(len(match.hands) + 1, len(match.hands) + hands + 1):
            match.hands.append(Hand(number=number, input=dict(ALL_PASS), created_at=utcnow()))
        match.version += 1
        db.session.commit()


def long_match(app: Flask, client: FlaskClient) -> MatchClient:
    """A match of :data:`LONG` hands, made over the API."""
    table = MatchClient(client)
    table.create(AUCTION)
    fill(app, table.id, LONG)
    return table


def page_keys(client: FlaskClient, url: str) -> dict[str, str]:
    html = client.get(url).get_data(as_text=True)
    return {name: hidden(html, name) for name in ("idempotency_key", "version")}


@pytest.fixture
def replays(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, int, bool]]:
    """Every replay of the auction rules: its hands, the database connections checked out of
    the pool and whether the session was in a transaction while it ran."""
    variant = find_variant("auction")
    real = variant.resume
    seen: list[tuple[int, int, bool]] = []

    def watched(checkpoint: Any, hands: Any, **kwargs: Any) -> Any:
        seen.append(
            (len(hands), db.engine.pool.checkedout(), db.session().in_transaction())  # type: ignore[attr-defined]
        )
        return real(checkpoint, hands, **kwargs)

    monkeypatch.setattr(variant, "resume", watched)
    return seen


# --- Counted by the hands they replay -------------------------------------------------------------


def test_right_token_corrections_are_counted_by_the_hands_they_replay(make_app: Any) -> None:
    app = make_app(RATELIMIT_REPLAY_HANDS_MATCH=f"{2 * LONG + 10} per minute")
    client = app.test_client()
    table = long_match(app, client)
    # Corrections of the last hand replay few hands: many pass.
    for _ in range(5):
        assert table.replace(LONG, ALL_PASS).status_code == 200
    # Hand 1 replays the whole match: the budget of the match holds one more such correction.
    assert table.replace(1, MADE).status_code == 200
    refused = table.replace(1, ALL_PASS)
    assert refused.status_code == 429
    assert errors_of(refused) == {"_": [TOO_MANY]}
    assert 1 <= int(refused.headers["Retry-After"]) <= 60
    assert table.get()["hands"][0]["input"]["outcome"] == "made"  # the refused one stored nothing
    # Another match of the same address has a budget of its own.
    other = long_match(app, client)
    assert other.replace(1, MADE).status_code == 200


def test_previews_are_counted_by_the_hands_they_replay_per_address(make_app: Any) -> None:
    app = make_app(RATELIMIT_REPLAY_HANDS=f"{2 * LONG + 30} per minute")
    client = app.test_client()
    table = MatchClient(client)
    url = table.start("auction")
    fill(app, table.id, LONG)
    keys = page_keys(client, url)
    # The next hand's preview replays one hand from the cached last checkpoint.
    for _ in range(20):
        assert client.post(url + "/hands/preview", data={**keys, **ALL_PASS}).status_code == 200
    correction = page_keys(client, url + "/hands/1")
    for _ in range(2):
        answer = client.post(url + "/hands/1/preview", data={**correction, **MADE_FORM})
        assert answer.status_code == 200
    refused = client.post(url + "/hands/1/preview", data={**correction, **MADE_FORM})
    assert refused.status_code == 429
    assert 1 <= int(refused.headers["Retry-After"]) <= 60
    # Counted per address: another address previews on.
    elsewhere = client.post(
        url + "/hands/1/preview",
        data={**correction, **MADE_FORM},
        environ_base={"REMOTE_ADDR": "10.0.0.9"},
    )
    assert elsewhere.status_code == 200


def test_with_the_limits_off_nothing_is_counted(make_app: Any) -> None:
    app = make_app(RATELIMIT_ENABLED=False, RATELIMIT_REPLAY_HANDS_MATCH="1 per minute")
    table = long_match(app, app.test_client())
    for _ in range(3):
        assert table.replace(1, ALL_PASS).status_code == 200


# --- No connection held, a few at once ----------------------------------------------------------


def test_a_long_replay_of_a_correction_holds_no_database_connection(
    app: Flask, client: FlaskClient, replays: list[tuple[int, int, bool]]
) -> None:
    table = long_match(app, client)
    assert table.replace(1, MADE).status_code == 200
    assert table.replace(2, MADE).status_code == 200
    long = [seen for seen in replays if seen[0] > LONG_REPLAY]
    assert len(long) == 2, replays
    assert all(seen[1:] == (0, False) for seen in long), replays


def test_a_long_preview_holds_no_connection(
    app: Flask, client: FlaskClient, table: MatchClient, replays: list[tuple[int, int, bool]]
) -> None:
    url = table.start("auction")
    fill(app, table.id, LONG)
    client.get(url)  # the match replayed once and cached, as the phone's page did
    correction = page_keys(client, url + "/hands/1")
    del replays[:]
    answer = client.post(url + "/hands/1/preview", data={**correction, **MADE_FORM})
    assert answer.status_code == 200
    assert [seen for seen in replays if seen[0] > LONG_REPLAY] == [(LONG, 0, False)]


class Gate:
    """Once :meth:`arm` ed, the next long replay of the auction rules sets ``inside`` and waits
    for ``go`` (set at the end of the test whatever happens)."""

    def __init__(self) -> None:
        self.inside, self.go, self.armed = threading.Event(), threading.Event(), False

    def arm(self) -> None:
        self.armed = True


@pytest.fixture
def gate(monkeypatch: pytest.MonkeyPatch) -> Iterator[Gate]:
    """The :class:`Gate` of the auction rules' replays."""
    variant = find_variant("auction")
    real = variant.resume
    held = Gate()
    first = threading.Lock()

    def waiting(checkpoint: Any, hands: Any, **kwargs: Any) -> Any:
        long = len(hands) - checkpoint.count > LONG_REPLAY
        if held.armed and long and first.acquire(blocking=False):
            held.inside.set()
            held.go.wait(timeout=30)
        return real(checkpoint, hands, **kwargs)

    monkeypatch.setattr(variant, "resume", waiting)
    try:
        yield held
    finally:
        held.go.set()


def _in_thread(call: Any) -> tuple[threading.Thread, list[Any]]:
    answers: list[Any] = []
    thread = threading.Thread(target=lambda: answers.append(call()))
    thread.start()
    return thread, answers


def test_past_the_process_slots_a_long_replay_is_503_with_retry_after(
    make_app: Any, gate: Gate
) -> None:
    app = make_app(RATELIMIT_ENABLED=False, REPLAY_CONCURRENCY=1, REPLAY_WAIT=0.0)
    first, second = long_match(app, app.test_client()), long_match(app, app.test_client())
    second.get()  # replayed and cached, as its table's page did
    gate.arm()
    thread, answers = _in_thread(lambda: first.replace(1, MADE))
    assert gate.inside.wait(timeout=30)
    busy = second.replace(1, MADE)
    assert busy.status_code == 503
    assert busy.headers["Retry-After"] == "1"
    assert list(errors_of(busy)) == ["_"]
    # A short replay needs no slot: the next hand of the second match is stored meanwhile.
    assert second.add(ALL_PASS).status_code == 201
    gate.go.set()
    thread.join(timeout=30)
    assert answers[0].status_code == 200
    assert second.replace(1, MADE).status_code == 200  # the slot is free again


def test_a_write_that_came_during_a_long_replay_is_kept(make_app: Any, gate: Gate) -> None:
    app = make_app(RATELIMIT_ENABLED=False)
    table = long_match(app, app.test_client())
    table.get()  # replayed and cached: the hand added below replays one hand
    gate.arm()
    thread, answers = _in_thread(lambda: table.replace(1, MADE))
    assert gate.inside.wait(timeout=30)
    # The correction holds no lock while it replays: another phone's hand goes in now.
    assert (
        MatchClient(app.test_client())
        .client.post(f"{API}/matches/{table.id}/hands", json=ALL_PASS, headers=table.auth)
        .status_code
        == 201
    )
    gate.go.set()
    thread.join(timeout=30)
    assert answers[0].status_code == 200
    match = table.get()
    assert len(match["hands"]) == LONG + 1  # the hand that came between is kept
    assert match["hands"][0]["input"]["outcome"] == "made"  # and the correction, replayed again
