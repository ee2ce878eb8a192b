"""Club nights' rate limits (docs/club.md §17; docs/api.md "Limits"): creating a night, a
preview and a round start each count as one new match; exchanging cards' codes for keys has a
count of its own (120 a minute and 600 an hour per card, issue 37), which counts toward nothing
else and lets a room behind one address scan its cards at once. The suite runs with the limits off
(``TestConfig``): these tests turn them on."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.infra import rate_limits
from tests.api.club_helpers import Night, body
from tests.helpers import API, EXAMPLE_MATCH, errors_of, limited_apps

MakeApp = Callable[..., Flask]
TOO_MANY = "Too many requests from this address: try again later."


@pytest.fixture
def make_app(app: Flask, tmp_path: Path) -> Iterator[MakeApp]:
    """Apps on the test database (``app`` emptied it) with the limits on; ``settings``
    override the configuration."""
    with limited_apps(app, tmp_path) as make:
        yield make


def preview(client: FlaskClient) -> int:
    sent = {"variant": "pinochle-4", "players": 8, "rotation": {"draw": "entry"}}
    return client.post(f"{API}/schedules", json=sent).status_code


def test_a_night_a_preview_and_a_round_start_count_as_new_matches(make_app: MakeApp) -> None:
    """CLUB.md §17: each of the three counts as one new match, with every other way of
    starting one (``POST /matches`` here)."""
    client = make_app(RATELIMIT_NEW_MATCHES="3 per minute").test_client()
    night = Night(client, 8)
    assert preview(client) == 200
    night.start(1)
    refused = client.post(f"{API}/matches", json=EXAMPLE_MATCH)
    assert refused.status_code == 429
    assert errors_of(refused) == {"_": [TOO_MANY]}
    assert preview(client) == 429
    assert client.post(f"{API}/club-nights", json=body(8)).status_code == 429
    night.close(1)
    assert night.write("POST", "/rounds/2/start").status_code == 429


def test_code_exchanges_have_a_count_of_their_own(make_app: MakeApp) -> None:
    """CLUB.md §17: the exchanges are limited on their own, and count toward no other limit
    (a new match is still allowed after them)."""
    client = make_app(
        RATELIMIT_NEW_MATCHES="2 per minute", RATELIMIT_CLUB_KEYS="3 per minute"
    ).test_client()
    night = Night(client, 8)
    for _ in range(3):
        assert night.exchange(1).status_code == 201
    refused = night.exchange(1)
    assert refused.status_code == 429
    assert int(refused.headers["Retry-After"]) >= 1
    assert client.post(f"{API}/matches", json=EXAMPLE_MATCH).status_code == 201
    # Another card has a count of its own, from any address; the card's count is the card's.
    for number, status in ((2, 201), (1, 429)):
        other = client.post(
            f"{API}/club-nights/{night.read_id}/keys",
            json={"kind": "table", "number": number, "code": night.codes[number]},
            environ_base={"REMOTE_ADDR": "192.0.2.9"},
        )
        assert other.status_code == status


def test_a_room_behind_one_address_scans_its_cards(make_app: MakeApp) -> None:
    """CLUB.md §17: 120 exchanges a minute per card by default (issue 37): a room behind one
    Wi-Fi address scans all its cards, each several times, and passes."""
    assert rate_limits.CLUB_KEYS == "120 per minute;600 per hour"
    client = make_app().test_client()
    night = Night(client, 8)
    answers = [night.exchange(1 + n % 2).status_code for n in range(200)]
    assert answers == [201] * 200
