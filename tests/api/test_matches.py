"""Creating and reading matches: ``POST /api/v1/matches``, ``GET /api/v1/matches/<id>``."""

from __future__ import annotations

import copy

import pytest
from flask.testing import FlaskClient

from tests.helpers import API, EXAMPLE_MATCH, MatchClient, errors_of

MATCH_FIELDS = {
    "id", "variant", "version", "rules", "players", "sides", "hands", "totals", "kitty",
    "status", "winner", "standings", "dealer", "leader",
}  # fmt: skip


def test_the_example_creates_a_match(table: MatchClient) -> None:
    match = table.create(EXAMPLE_MATCH)
    assert set(match) >= MATCH_FIELDS
    assert match["variant"] == "pinochle-4"
    assert match["version"] == 1
    assert match["players"] == ["Ana", "Ben", "Cruz", "Dee"]
    assert match["sides"] == ["Us", "Them"]
    assert match["rules"]["target"] == 1500
    assert match["rules"]["counting"] == "classic"
    assert match["rules"]["melds"] == "standard"  # defaults filled in
    assert match["hands"] == []
    assert match["totals"] == {"Us": 0, "Them": 0}
    assert match["kitty"] is None
    assert (match["status"], match["winner"]) == ("in_progress", None)
    assert (match["dealer"], match["leader"]) == ("Ana", "Ben")
    assert isinstance(match["edit_token"], str)
    assert len(match["edit_token"]) >= 32


def test_the_id_is_unguessable_and_url_safe(table: MatchClient) -> None:
    ids = {table.create(EXAMPLE_MATCH)["id"] for _ in range(3)}
    assert len(ids) == 3
    for public_id in ids:
        # token_urlsafe(16): 128 random bits in 22 URL-safe characters.
        assert len(public_id) >= 16
        assert set(public_id) <= set(
            "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
        )


def test_get_needs_no_token_and_has_no_token(client: FlaskClient, table: MatchClient) -> None:
    created = table.create(EXAMPLE_MATCH)
    response = client.get(table.url())
    assert response.status_code == 200
    match = response.get_json()
    assert "edit_token" not in match
    assert match["id"] == created["id"]
    assert match["version"] == 1


def test_defaults_teams_opposite_and_first_dealer(table: MatchClient) -> None:
    match = table.create({"variant": "pinochle-4", "players": ["Ana", "Ben", "Cruz", "Dee"]})
    assert match["sides"] == ["Team 1", "Team 2"]
    assert match["teams"] == [
        {"name": "Team 1", "players": ["Ana", "Cruz"]},
        {"name": "Team 2", "players": ["Ben", "Dee"]},
    ]
    assert match["dealer"] == "Ana"
    assert match["rules"]["target"] == 1000


def test_names_are_trimmed(table: MatchClient) -> None:
    match = table.create({"variant": "pinochle-2", "players": ["  Ana ", "Ben"]})
    assert match["players"] == ["Ana", "Ben"]
    assert match["sides"] == ["Ana", "Ben"]


def test_unknown_match_is_404(client: FlaskClient) -> None:
    response = client.get(f"{API}/matches/no-such-match")
    assert response.status_code == 404
    assert "_" in errors_of(response)


def test_etag_and_304(client: FlaskClient, table: MatchClient) -> None:
    table.create(EXAMPLE_MATCH)
    first = client.get(table.url())
    etag = first.headers["ETag"]
    assert etag == 'W/"1"'
    again = client.get(table.url(), headers={"If-None-Match": etag})
    assert again.status_code == 304
    assert again.data == b""
    table.add_ok({"meld": {"Us": 150, "Them": 40}, "tricks": {"Us": 130, "Them": 120}})
    changed = client.get(table.url(), headers={"If-None-Match": etag})
    assert changed.status_code == 200
    assert changed.headers["ETag"] == 'W/"2"'
    assert changed.get_json()["version"] == 2


@pytest.mark.parametrize(
    ("change", "path"),
    [
        ({"colour": "red"}, "colour"),
        ({"variant": "canasta"}, "variant"),
        ({"variant": None}, "variant"),
        ({"players": ["Ana", "Ben", "Cruz"]}, "players"),
        ({"players": "Ana, Ben, Cruz, Dee"}, "players"),
        ({"players": ["Ana", "Ben", "ana", "Dee"]}, "players[2]"),
        ({"players": ["Ana", "", "Cruz", "Dee"]}, "players[1]"),
        ({"players": ["Ana", "B" * 41, "Cruz", "Dee"]}, "players[1]"),
        ({"players": ["Ana", 7, "Cruz", "Dee"]}, "players[1]"),
        ({"rules": {"target": 1500, "jokers": True}}, "rules.jokers"),
        ({"rules": {"target": "lots"}}, "rules.target"),
        ({"rules": {"target": 10**30}}, "rules.target"),
        ({"rules": {"counting": "metric"}}, "rules.counting"),
        ({"rules": []}, "rules"),
        ({"dealer": "Zed"}, "dealer"),
        ({"teams": [{"name": "Us", "players": ["Ana", "Ben", "Cruz"]}]}, "teams"),
    ],
)
def test_bad_match_is_422_naming_the_field(
    client: FlaskClient, change: dict[str, object], path: str
) -> None:
    body = copy.deepcopy(EXAMPLE_MATCH) | change
    response = client.post(f"{API}/matches", json=body)
    assert response.status_code == 422, response.get_json()
    assert path in errors_of(response)


def test_missing_variant_is_422(client: FlaskClient) -> None:
    response = client.post(f"{API}/matches", json={"players": ["Ana", "Ben"]})
    assert response.status_code == 422
    assert "variant" in errors_of(response)


@pytest.mark.parametrize(
    ("variant", "players", "sides"),
    [
        ("pinochle-2", ["Ana", "Ben"], ["Ana", "Ben"]),
        ("pinochle-3", ["Ana", "Ben", "Cruz"], ["Ana", "Ben", "Cruz"]),
        ("pinochle-4", ["Ana", "Ben", "Cruz", "Dee"], ["Team 1", "Team 2"]),
        ("auction", ["Ana", "Ben", "Cruz", "Dee", "Eve"], ["Ana", "Ben", "Cruz", "Dee", "Eve"]),
        ("partnership-auction", ["Ana", "Ben", "Cruz", "Dee"], ["Team 1", "Team 2"]),
        ("pinnacola", ["Ana", "Ben"], ["Ana", "Ben"]),
        ("pinnacola", ["Ana", "Ben", "Cruz", "Dee"], ["Team 1", "Team 2"]),
    ],
)
def test_every_variant_can_be_created(
    table: MatchClient, variant: str, players: list[str], sides: list[str]
) -> None:
    match = table.create({"variant": variant, "players": players})
    assert match["variant"] == variant
    assert match["sides"] == sides
    assert table.get()["sides"] == sides
