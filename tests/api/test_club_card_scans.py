"""Card scans (issue 37, point 5; docs/club.md §17, docs/api.md "Keys"): the exchanges of a
card's code for a key are counted per card, so one phone exchanging its own right code again
and again never makes another card 429 behind the same address; wrong codes are counted per
address; a card holds at most ``MAX_KEYS_PER_CARD`` keys, the oldest going with their scorer
keys."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import service
from scorekeeper.extensions import db
from scorekeeper.models import ClubKey, ScorerKey
from scorekeeper.service.reading import hash_token
from tests.api.club_helpers import Night, hand, teams_entry
from tests.helpers import API, limited_apps

MakeApp = Callable[..., Flask]


@pytest.fixture
def make_app(app: Flask, tmp_path: Path) -> Iterator[MakeApp]:
    with limited_apps(app, tmp_path) as make:
        yield make


def test_one_card_exchanged_120_times_does_not_429_another_card(make_app: MakeApp) -> None:
    """The default count (120 a minute per card): table 1's phone spends its card's count;
    table 2's phone, behind the same address, still gets its key; table 1's 121st waits."""
    client = make_app().test_client()
    night = Night(client, 8)
    answers = [night.exchange(1).status_code for _ in range(120)]
    assert answers == [201] * 120
    assert night.exchange(2).status_code == 201
    refused = night.exchange(1)
    assert refused.status_code == 429
    assert int(refused.headers["Retry-After"]) >= 1
    # The card page's button counts with the API, per card too.
    page = client.post(f"/cr/{night.read_id}/t/2/join", data={"key": night.codes[2]})
    assert page.status_code in (302, 303), page.status_code


def test_wrong_codes_count_per_address_not_against_the_card(make_app: MakeApp) -> None:
    """A guesser's wrong codes for table 1 spend no part of table 1's count; past the
    per-address count of wrong codes the guesser's address waits, another address does not."""
    client = make_app(
        RATELIMIT_CLUB_KEYS="2 per minute",
        RATELIMIT_CLUB_KEYS_ADDRESS="3 per minute",
        RATELIMIT_FAILED_TOKENS="100 per minute",
        RATELIMIT_FAILED_TOKENS_ADDRESS="100 per minute",
    ).test_client()
    night = Night(client, 8)
    elsewhere = {"REMOTE_ADDR": "192.0.2.9"}
    wrong = [night.exchange(1, code="not-the-code").status_code for _ in range(3)]
    assert wrong == [401] * 3
    assert night.exchange(1, code="not-the-code").status_code == 429
    keys = f"{API}/club-nights/{night.read_id}/keys"
    right = {"kind": "table", "number": 1, "code": night.codes[1]}
    for _ in range(2):
        assert client.post(keys, json=right, environ_base=elsewhere).status_code == 201
    assert client.post(keys, json=right, environ_base=elsewhere).status_code == 429


def test_the_17th_key_of_a_card_removes_the_oldest(client: FlaskClient, app: Flask) -> None:
    """A card keeps its 16 newest keys: the 17th exchange removes the first key and its scorer
    key on the match in play (its hands are refused), the others still write."""
    assert service.MAX_KEYS_PER_CARD == 16
    night = Night(client, 8, round={"hands": 10})
    match = night.start(1)["round"]["tables"][0]["match"]
    keys = []
    for _ in range(17):
        response = night.exchange(1)
        assert response.status_code == 201, response.get_json()
        keys.append(response.get_json()["key"])
    with app.app_context():
        kept = set(db.session.scalars(sa.select(ClubKey.key_hash).where(ClubKey.number == 1)))
        scorers = set(db.session.scalars(sa.select(ScorerKey.key_hash)))
    assert kept == {hash_token(key) for key in keys[1:]}
    assert hash_token(keys[0]) not in scorers
    assert hash_token(keys[1]) in scorers
    hand(client, match, keys[0], entry=teams_entry(300, 250), status=401)
    hand(client, match, keys[1], entry=teams_entry(300, 250))
    assert night.exchange(2).status_code == 201  # another card's keys are its own
