"""Mutated API requests: odd text and numbers in every key and value, never a 5xx (issue 13).

Each valid body (a new match of each variant, a hand of each way a hand is typed in) is mutated
one place at a time: each value, then each key, replaced by an odd value. The odd text is what
no database stores (a NUL byte, which PostgreSQL refuses; a lone surrogate, which JSON carries
as ``"\\ud800"`` and no UTF-8 store takes), digits ``int()`` does not read ("²"), numbers too
large for any column, nothing, 10,000 characters. Text no database stores is a 422 naming the
field (``scorekeeper.rules.core.readers.as_str`` / ``as_object``); a NUL in a public id, in the
``Idempotency-Key`` or in a name is never sent to the database. Run on SQLite and PostgreSQL.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from tests.helpers import API, MatchClient, errors_of

#: Values put in place of each value of a valid body.
ODD_VALUES: tuple[Any, ...] = ("\x00", "a\ud800", "²", 10**30, -1, "", "x" * 10_000, None)
#: Text put in place of each key.
ODD_KEYS = ("\x00", "\udfff", "k\x00")
#: Text no database stores: refused wherever it is sent.
UNSTORABLE = ("\x00", "Ana\x00", "\ud800", "A\udfffna")


def send(client: FlaskClient, method: str, url: str, body: Any, **headers: str) -> TestResponse:
    """``body`` as JSON text (a lone surrogate escaped as ``\\ud800``, as JSON allows)."""
    return client.open(
        url, method=method, data=json.dumps(body), content_type="application/json", headers=headers
    )


def mutations(body: Any) -> Iterator[tuple[str, Any]]:
    """``body`` with one place changed, for each place: each value (at any depth) replaced by
    each of :data:`ODD_VALUES`, each key renamed to each of :data:`ODD_KEYS`."""
    if isinstance(body, dict):
        for key, value in body.items():
            for odd in ODD_KEYS:
                renamed = {odd if k == key else k: v for k, v in body.items()}
                yield f"key {key!r}->{odd!r}", renamed
            for where, changed in mutations(value):
                yield f"{key}.{where}", {**body, key: changed}
    elif isinstance(body, list):
        for i, value in enumerate(body):
            for where, changed in mutations(value):
                yield f"[{i}].{where}", [*body[:i], changed, *body[i + 1 :]]
    if not isinstance(body, dict | list) or not body:
        for odd in ODD_VALUES:
            yield repr(odd)[:20], odd


#: A new match of each variant, its teams named where it plays in partnerships.
MATCHES: dict[str, dict[str, Any]] = {
    "pinochle-2": {"variant": "pinochle-2", "players": ["Ana", "Ben"], "dealer": "Ben"},
    "pinochle-4": {
        "variant": "pinochle-4",
        "players": ["Ana", "Ben", "Cruz", "Dee"],
        "teams": [
            {"name": "Us", "players": ["Ana", "Cruz"]},
            {"name": "Them", "players": ["Ben", "Dee"]},
        ],
        "rules": {"target": 1500, "saving_trick": "player"},
    },
    "auction": {
        "variant": "auction",
        "players": ["Ana", "Ben", "Cruz"],
        "rules": {"unit_value": "0.05", "kitty": True, "scoring": "units"},
    },
    "auction-points": {
        "variant": "auction",
        "players": ["Ana", "Ben", "Cruz"],
        "rules": {"scoring": "points", "min_bid": 300},
    },
    "partnership-auction": {
        "variant": "partnership-auction",
        "players": ["Ana", "Ben", "Cruz", "Dee"],
        "rules": {"min_bid": 250},
    },
    "pinnacola": {
        "variant": "pinnacola",
        "players": ["Ana", "Ben"],
        "rules": {"pinelle": True, "target": 1500, "hand_size": 13},
    },
}
#: A hand each of those matches takes as its first.
HANDS: dict[str, dict[str, Any]] = {
    "pinochle-2": {
        "meld": {"Ana": ["marriage", "dix"], "Ben": 20},
        "tricks": {"Ana": 130, "Ben": 120},
        "took_trick": {"Ben": True},
        "declared_out": None,
    },
    "pinochle-4": {
        "meld": {"Ana": 40, "Ben": 0, "Cruz": ["run"], "Dee": 0},
        "tricks": {"Us": 130, "Them": 120},
        "took_trick": {"Ana": True, "Cruz": True},
    },
    "auction": {"bidder": "Ana", "bid": 350, "trump": "spades", "meld": 200, "tricks": 160},
    "auction-points": {
        "bidder": "Ana",
        "bid": 300,
        "trump": "hearts",
        "meld": {"Ana": 200, "Ben": 20, "Cruz": 0},
        "tricks": {"Ana": 150, "Ben": 50, "Cruz": 50},
    },
    "partnership-auction": {
        "bidder": "Ana",
        "bid": 300,
        "trump": "hearts",
        "meld": {"Team 1": 120, "Team 2": 40},
        "tricks": {"Team 1": 150, "Team 2": 100},
        "conceded": False,
    },
    "pinnacola": {
        "sides": {
            "Ana": {"table": [["5H", "6H", "JK"]], "hand": []},
            "Ben": {"table": 0, "hand": ["KS"]},
        },
        "closed_by": "Ana",
        "in_mano": False,
    },
}


@pytest.mark.parametrize("name", list(MATCHES))
def test_mutated_new_matches(client: FlaskClient, name: str) -> None:
    """Every place of a new match's body, changed: a refusal or a match, never a 5xx."""
    assert send(client, "POST", f"{API}/matches", MATCHES[name]).status_code == 201
    for where, body in mutations(MATCHES[name]):
        response = send(client, "POST", f"{API}/matches", body)
        assert response.status_code < 500, (where, response.status_code)


@pytest.mark.parametrize("name", list(HANDS))
def test_mutated_hands(table: MatchClient, name: str) -> None:
    """Every place of a hand's body, changed, as the correction of hand 1 (the match keeps
    one hand, so each case reads the same match) and, for the text no database stores, as a
    new hand too: a refusal or a write, never a 5xx."""
    table.create(MATCHES[name])
    first = table.add(HANDS[name])
    assert first.status_code == 201, first.get_json()
    client = table.client
    for where, body in mutations(HANDS[name]):
        response = send(client, "PUT", table.url("/hands/1"), body, **table.auth)
        assert response.status_code < 500, (where, response.status_code)
        if "\\x00" in where or "\\ud" in where:
            response = send(client, "POST", table.url("/hands"), body, **table.auth)
            assert response.status_code in (409, 422), (where, response.status_code)


@pytest.mark.parametrize("text", UNSTORABLE)
def test_text_no_database_stores_is_a_422_naming_the_field(table: MatchClient, text: str) -> None:
    """In a name, a team's name, the dealer, an option, a key of the body and a hand's text."""
    client = table.client
    cases: list[tuple[dict[str, Any], str]] = [
        ({"variant": "pinochle-2", "players": [text, "Ben"]}, "players[0]"),
        ({"variant": "pinochle-2", "players": ["Ana", "Ben"], "dealer": text}, "dealer"),
        ({"variant": text, "players": ["Ana", "Ben"]}, "variant"),
        ({"variant": "auction", "players": ["Ana", "Ben", "Cruz"], "rules": {"unit_value": text}},
         "rules.unit_value"),
        ({"variant": "pinochle-2", "players": ["Ana", "Ben"], "rules": {text: 1}}, "rules"),
        ({"variant": "pinochle-2", "players": ["Ana", "Ben"], text: 1}, "_"),
        (
            {
                "variant": "pinochle-4",
                "players": ["Ana", "Ben", "Cruz", "Dee"],
                "teams": [
                    {"name": text, "players": ["Ana", "Cruz"]},
                    {"name": "Them", "players": ["Ben", "Dee"]},
                ],
            },
            "teams[0].name",
        ),
    ]  # fmt: skip
    for body, path in cases:
        response = send(client, "POST", f"{API}/matches", body)
        assert response.status_code == 422, (body, response.status_code)
        assert path in errors_of(response), (path, errors_of(response))
    table.create(MATCHES["auction"])
    for hand, path in [
        ({**HANDS["auction"], "bidder": text}, "bidder"),
        ({**HANDS["auction"], "trump": text}, "trump"),
        ({**HANDS["auction"], text: 1}, "_"),
    ]:
        response = send(client, "POST", table.url("/hands"), hand, **table.auth)
        assert response.status_code == 422, (hand, response.status_code)
        assert path in errors_of(response), (path, errors_of(response))
    for body in ({"cards": [text], "trump": "spades"}, {"cards": ["AS"], "trump": text}):
        assert send(client, "POST", f"{API}/meld/pinochle", body).status_code == 422
    assert send(client, "POST", f"{API}/meld/pinnacola", {"meld": [text, "5H"]}).status_code == 422


def test_an_idempotency_key_with_a_nul_is_a_422(table: MatchClient) -> None:
    """A NUL byte never reaches the database's key lookup (PostgreSQL refuses it)."""
    table.create(MATCHES["pinochle-2"])
    for key in ("\x00", "key\x00", "ké" * 101):
        response = table.add(HANDS["pinochle-2"], key=key)
        assert response.status_code == 422, (key[:10], response.status_code)
        assert "_" in errors_of(response)
    assert table.add(HANDS["pinochle-2"], key="é" * 200).status_code == 201


@pytest.mark.parametrize(
    "public_id",
    ["%00", "a%00b", "%ED%A0%80", "%C2%B2", "x" * 33, "..", "%2e%2e", "-" * 22, "a" * 10_000],
)
def test_odd_public_ids_are_404(client: FlaskClient, public_id: str) -> None:
    """Without any token: no match, and the database is not asked for text it cannot take."""
    for method, url in [
        ("GET", f"{API}/matches/{public_id}"),
        ("GET", f"{API}/matches/{public_id}/settlement"),
        ("POST", f"{API}/matches/{public_id}/hands"),
        ("PUT", f"{API}/matches/{public_id}/hands/1"),
        ("DELETE", f"{API}/matches/{public_id}/hands/1"),
        ("POST", f"{API}/matches/{public_id}/finish"),
    ]:
        response = send(client, method, url, {}, Authorization="Bearer x")
        assert response.status_code in (404, 405), (method, url[:60], response.status_code)
        assert response.is_json
    for tail in ("", "/board", "/board/part", "/share", "/settle", "/export.json", "/join"):
        response = client.get(f"/m/{public_id}{tail}")
        assert response.status_code == 404, (tail, response.status_code)
