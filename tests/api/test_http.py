"""Bad requests of every kind: always a JSON error, never an HTML page, never a 500."""

from __future__ import annotations

from typing import Any, NoReturn

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.helpers import API, EXAMPLE_MATCH, MatchClient, errors_of

HAND = {"meld": {"Us": 150, "Them": 40}, "tricks": {"Us": 130, "Them": 120}}


@pytest.fixture
def match(table: MatchClient) -> MatchClient:
    table.create(EXAMPLE_MATCH)
    return table


@pytest.mark.parametrize(
    ("raw", "status"),
    [
        (b"", 400),
        (b"{", 400),
        (b"{'variant': 'pinochle-4'}", 400),
        (b'{"rules": {"target": NaN}}', 400),
        (b'{"rules": {"target": Infinity}}', 400),
        (b'{"rules": {"target": 1e999}}', 400),
        (b'{"rules": {"target": ' + b"9" * 5000 + b"}}", 400),
        (b"[" * 100_000 + b"]" * 100_000, 400),
        (b"\xff\xfe\x00", 400),
        (b"null", 422),
        (b"[]", 422),
        (b'"pinochle-4"', 422),
        (b"17", 422),
    ],
)
def test_bodies_that_are_no_object(
    client: FlaskClient, match: MatchClient, raw: bytes, status: int
) -> None:
    for url, method, headers in [
        (f"{API}/matches", client.post, {}),
        (match.url("/hands"), client.post, match.auth),
        (match.url("/hands/1"), client.put, match.auth),
        (f"{API}/meld/pinochle", client.post, {}),
        (f"{API}/meld/pinnacola", client.post, {}),
    ]:
        response = method(url, data=raw, content_type="application/json", headers=headers)
        assert response.status_code == status, (url, raw[:40], response.data[:200])
        assert "_" in errors_of(response)


def test_non_json_content_type_is_415(client: FlaskClient, match: MatchClient) -> None:
    for content_type in ("text/plain", "application/x-www-form-urlencoded", None):
        kwargs = {"data": "variant=pinochle-4"}
        if content_type:
            kwargs["content_type"] = content_type
        response = client.post(f"{API}/matches", **kwargs)
        assert response.status_code == 415
        assert "_" in errors_of(response)
        response = client.post(match.url("/hands"), headers=match.auth, **kwargs)
        assert response.status_code == 415
    assert client.post(f"{API}/matches").status_code == 415


def test_too_large_is_413(client: FlaskClient) -> None:
    response = client.post(
        f"{API}/matches",
        data=b'{"players": ["' + b"x" * 300_000 + b'"]}',
        content_type="application/json",
    )
    assert response.status_code == 413
    assert "_" in errors_of(response)


def test_unknown_url_and_wrong_method(client: FlaskClient, match: MatchClient) -> None:
    for response in (
        client.get(f"{API}/nothing-here"),
        client.get(f"{API}/matches/{match.id}/hands/1/extra"),
        client.get("/api/v2/matches"),
    ):
        assert response.status_code == 404
        assert "_" in errors_of(response)
    for response in (
        client.get(f"{API}/matches"),
        client.delete(match.url()),
        client.get(match.url("/hands")),
        client.get(f"{API}/meld/pinochle"),
    ):
        assert response.status_code == 405
        assert "_" in errors_of(response)
        assert response.headers["Allow"]


def test_pages_outside_the_api_keep_html_errors(client: FlaskClient) -> None:
    response = client.get("/no-such-page")
    assert response.status_code == 404
    assert not response.is_json


def test_post_needs_no_csrf_token(app: Flask, match: MatchClient) -> None:
    app.config["WTF_CSRF_ENABLED"] = True
    client = app.test_client()
    assert client.post(f"{API}/matches", json=EXAMPLE_MATCH).status_code == 201
    assert client.post(match.url("/hands"), json=HAND, headers=match.auth).status_code == 201


@pytest.mark.parametrize(
    "body",
    [
        {"meld": [1, 2], "tricks": HAND["tricks"]},
        {"meld": {"Us": {"a": 1}, "Them": 0}, "tricks": HAND["tricks"]},
        {"meld": {"Us": [[["run"]]], "Them": 0}, "tricks": HAND["tricks"]},
        {"meld": {"Us": [None], "Them": 0}, "tricks": HAND["tricks"]},
        {"meld": "150", "tricks": "250"},
        {"meld": HAND["meld"], "tricks": HAND["tricks"], "took_trick": "yes"},
        {"meld": HAND["meld"], "tricks": HAND["tricks"], "took_trick": {"Us": 1}},
        {"meld": HAND["meld"], "tricks": HAND["tricks"], "declared_out": 3},
        {"meld": HAND["meld"], "tricks": {"Us": 2**70, "Them": -(2**70) + 250}},
    ],
)
def test_wrong_types_in_a_hand_are_422(match: MatchClient, body: dict[str, Any]) -> None:
    response = match.add(body)
    assert response.status_code == 422, response.get_json()
    errors_of(response)


@pytest.mark.parametrize(
    ("variant", "players", "body"),
    [
        ("auction", ["Ana", "Ben", "Cruz"], {"bidder": "Ana", "bid": "350"}),
        ("auction", ["Ana", "Ben", "Cruz"], {"bidder": "Ana", "bid": 10**30, "trump": "spades",
                                             "outcome": "made"}),
        ("auction", ["Ana", "Ben", "Cruz"], {"bidder": ["Ana"], "bid": 350, "trump": "spades",
                                             "outcome": "made"}),
        ("auction", ["Ana", "Ben", "Cruz"], {"bidder": "Ana", "bid": 350, "trump": "stars",
                                             "outcome": "made"}),
        ("auction", ["Ana", "Ben", "Cruz"], {"outcome": "all_pass", "bidder": "Ana"}),
        ("partnership-auction", ["Ana", "Ben", "Cruz", "Dee"], {"outcome": "nope"}),
        ("partnership-auction", ["Ana", "Ben", "Cruz", "Dee"], {"bidder": "Ana", "bid": 300,
                                                                 "trump": "hearts", "meld": 5}),
        ("pinnacola", ["Ana", "Ben"], {"sides": []}),
        ("pinnacola", ["Ana", "Ben"], {"sides": {"Ana": {"table": 3, "hand": 0},
                                                 "Ben": {"table": 0, "hand": 0}},
                                       "closed_by": "Ana"}),
        ("pinnacola", ["Ana", "Ben"], {"sides": {"Ana": {"table": [["ZZ"]], "hand": 0},
                                                 "Ben": {"table": 0, "hand": 0}},
                                       "closed_by": "Ana"}),
        ("pinnacola", ["Ana", "Ben"], {"sides": {"Ana": {"table": 0, "hand": 0},
                                                 "Ben": {"table": 0, "hand": 0}},
                                       "closed_by": "Ana", "stalled": True}),
    ],
)  # fmt: skip
def test_wrong_entries_of_other_variants_are_422(
    table: MatchClient, variant: str, players: list[str], body: dict[str, Any]
) -> None:
    table.create({"variant": variant, "players": players})
    response = table.add(body)
    assert response.status_code == 422, response.get_json()
    errors_of(response)
    assert table.get()["hands"] == []


# --- The meld calculators ----------------------------------------------------------------------


def test_pinochle_meld_example(client: FlaskClient) -> None:
    cards = ["AS", "10S", "KS", "QS", "JS", "KH", "QH", "KD", "QD"]
    response = client.post(
        f"{API}/meld/pinochle", json={"cards": cards, "trump": "spades", "melds": "standard"}
    )
    assert response.status_code == 200
    assert response.get_json() == {
        "melds": [{"id": "run", "count": 1, "points": 150},
                  {"id": "marriage", "count": 2, "points": 40}],
        "total": 190,
    }  # fmt: skip


@pytest.mark.parametrize(
    ("body", "path"),
    [
        ({"cards": ["AS", "ZZ"], "trump": "spades"}, "cards[1]"),
        ({"cards": ["AS", "AS", "AS"], "trump": "spades"}, "cards[2]"),
        ({"cards": ["2S"], "trump": "spades"}, "cards[0]"),
        ({"cards": "AS 10S", "trump": "spades"}, "cards"),
        ({"cards": ["AS"], "trump": "stars"}, "trump"),
        ({"cards": ["AS"]}, "trump"),
        ({"cards": ["AS"], "trump": "spades", "melds": "house"}, "melds"),
        ({"cards": ["AS"], "trump": "spades", "extra": 1}, "extra"),
    ],
)
def test_pinochle_meld_refusals(client: FlaskClient, body: dict[str, Any], path: str) -> None:
    response = client.post(f"{API}/meld/pinochle", json=body)
    assert response.status_code == 422
    assert path in errors_of(response)


def test_pinnacola_meld_example(client: FlaskClient) -> None:
    response = client.post(
        f"{API}/meld/pinnacola", json={"meld": ["5H", "6H", "JK", "8H"], "pinelle": True}
    )
    assert response.status_code == 200
    assert response.get_json() == {"kind": "run", "points": 50}
    response = client.post(f"{API}/meld/pinnacola", json={"meld": ["QS", "QD", "QC"]})
    assert response.get_json() == {"kind": "set", "points": 30}


@pytest.mark.parametrize(
    ("body", "path"),
    [
        ({"meld": ["5H", "6S", "7H"]}, "meld"),
        ({"meld": ["5H", "6H"]}, "meld"),
        ({"meld": ["5H", "XX", "7H"]}, "meld[1]"),
        ({"meld": "5H 6H 7H"}, "meld"),
        ({"meld": ["5H", "6H", "7H"], "pinelle": "yes"}, "pinelle"),
        ({"meld": ["5H", "6H", "7H"], "jokers": 2}, "jokers"),
        ({}, "meld"),
    ],
)
def test_pinnacola_meld_refusals(client: FlaskClient, body: dict[str, Any], path: str) -> None:
    response = client.post(f"{API}/meld/pinnacola", json=body)
    assert response.status_code == 422
    assert path in errors_of(response)


@pytest.mark.own_app  # it adds a route
def test_a_crash_is_a_json_500(app: Flask) -> None:
    def boom() -> NoReturn:
        raise RuntimeError("a bug")

    app.add_url_rule("/api/v1/boom", view_func=boom)
    app.config["PROPAGATE_EXCEPTIONS"] = False  # answer as in production, not re-raise
    response = app.test_client().get("/api/v1/boom")
    assert response.status_code == 500
    assert "_" in errors_of(response)
    assert "a bug" not in response.get_data(as_text=True)
