"""A club room behind one address (issue 25; docs/api.md "Limits"): its Wi-Fi puts every phone
behind one client address, so the limits of that address must let a whole room join and score
while a guesser behind the same address is slowed. With the limits as configured (the
defaults of :class:`scorekeeper.config.Config`, not small numbers of a test's own):

- 40 phones, four at each of ten tables, each join their table by a scorekeeper link within a
  minute and save hands: none is answered 429, every hand is stored;
- one guesser behind the same address, trying edit tokens and join codes, gets 429 once it has
  spent the address's count of refusals, before and after the room scores.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import config as configuration
from scorekeeper import create_app, service
from scorekeeper.extensions import db
from tests.helpers import API, keep_token, open_scorekeeper_link, scorekeeper_link

TABLES = 10
PHONES_PER_TABLE = 4
HANDS_PER_PHONE = 1  # and the host's: five hands never end a match of 1000
#: A hand of two-handed pinochle as the page's form sends it (docs/rules.md).
HAND = {"meld_0": "40", "tricks_0": "130", "meld_1": "20"}


@pytest.fixture
def limited(app: Flask, tmp_path: Path) -> Iterator[Flask]:
    """An app on the test database with the limits on, at their configured numbers."""
    config = configuration.TestConfig(
        str(tmp_path / "instance"), app.config["SQLALCHEMY_DATABASE_URI"]
    )
    config.RATELIMIT_ENABLED = True
    made = create_app(config)
    yield made
    with made.app_context():
        db.session.remove()
        db.engine.dispose()


def _guess_tokens(guesser: FlaskClient, public_id: str, tries: int) -> list[int]:
    """``tries`` hands sent with a new made-up edit token each; their statuses."""
    return [
        guesser.post(
            f"{API}/matches/{public_id}/hands",
            json=HAND,
            headers={"Authorization": f"Bearer {secrets.token_urlsafe(16)}"},
        ).status_code
        for _ in range(tries)
    ]


def _guess_codes(guesser: FlaskClient, public_id: str, tries: int) -> list[int]:
    """``tries`` taps of a scorekeeper link's button with a new made-up code each."""
    return [
        guesser.post(f"/m/{public_id}/join", data={"code": secrets.token_urlsafe(16)}).status_code
        for _ in range(tries)
    ]


def _limit_per_minute(name: str, app: Flask) -> int:
    """The per-minute number of the limit setting ``name`` ("60 per minute;600 per hour")."""
    first = str(app.config[name]).split(";")[0]
    number, _, window = first.partition(" per ")
    assert window.strip() == "minute", first
    return int(number)


def test_forty_phones_behind_one_address_score_while_a_guesser_is_limited(
    limited: Flask,
) -> None:
    address_cap = _limit_per_minute("RATELIMIT_FAILED_TOKENS_ADDRESS", limited)
    hosts, links = [], []
    for number in range(TABLES):
        host = limited.test_client()
        made = host.post(
            f"{API}/matches",
            json={"variant": "pinochle-2", "players": [f"A{number}", f"B{number}"]},
        )
        assert made.status_code == 201, made.get_json()
        public_id = made.get_json()["id"]
        keep_token(host, public_id, made.get_json()["edit_token"])
        hosts.append((host, public_id))
        links.append(scorekeeper_link(host, public_id))

    # The guesser spends the address's refusals, on tokens and on codes alike.
    guesser = limited.test_client()
    target = hosts[0][1]
    tokens = _guess_tokens(guesser, target, address_cap // 2)
    codes = _guess_codes(guesser, target, address_cap - address_cap // 2)
    assert set(tokens) == {401}
    assert set(codes) == {403}
    assert _guess_tokens(guesser, target, 3) == [429] * 3
    assert _guess_codes(guesser, target, 3) == [429] * 3

    # The room joins and scores from the same address, all within a minute.
    statuses: list[int] = []
    for (_, public_id), link in zip(hosts, links, strict=True):
        for _ in range(PHONES_PER_TABLE):
            phone = limited.test_client()
            joined = open_scorekeeper_link(phone, link)
            statuses.append(joined.status_code)
            assert joined.headers.get("Location") == f"/m/{public_id}", joined.status_code
            for _ in range(HANDS_PER_PHONE):
                statuses.append(phone.post(f"/m/{public_id}/hands", data=HAND).status_code)
    assert 429 not in statuses
    assert set(statuses) == {303}
    with limited.app_context():
        stored = [len(service.get_match(public_id).hands) for _, public_id in hosts]
    assert stored == [PHONES_PER_TABLE * HANDS_PER_PHONE] * TABLES

    # The hosts' own tokens write too, and the guesser is still held.
    for host, public_id in hosts[:2]:
        assert host.post(f"/m/{public_id}/hands", data=HAND).status_code == 303
    assert _guess_tokens(guesser, target, 1) == [429]
    assert _guess_codes(guesser, hosts[5][1], 1) == [429]
