"""Look-alike names (UTS #39, docs/rules.md §5) are refused on every path that adds or renames
a name, as a plain match's seats already are: a club night's players and pairs, a late
arrival (a player or a fixed pair), a player's rename, a group's roster (a new name, a rename,
a group night's players beside the roster). Each refusal is a 422 naming the field, and
changes nothing."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.api.club_helpers import Night, body
from tests.api.test_groups import Group
from tests.helpers import API, errors_of

#: "Ana" with a Cyrillic А (U+0410), "Hal" with a Greek Η (U+0397): they look like the Latin
#: names but are none of them by :func:`name_key`.
CYRILLIC_ANA = "\u0410na"
GREEK_HAL = "\u0397al"


def refused_at(response: Any, path: str) -> list[str]:
    """A 422 naming ``path`` (and the look-alike code's words)."""
    assert response.status_code == 422, response.get_json()
    errors = errors_of(response)
    assert path in errors, errors
    assert any("looks like" in message for message in errors[path]), errors
    return errors[path]


def test_a_match_refuses_a_look_alike_seat(client: FlaskClient) -> None:
    """The reference the other paths follow: a match's seats."""
    response = client.post(
        f"{API}/matches",
        json={"variant": "pinochle-4", "players": ["Ana", CYRILLIC_ANA, "Ben", "Cy"]},
    )
    refused_at(response, "players[1]")


@pytest.mark.parametrize("at", [1, 5])
def test_a_club_night_refuses_a_look_alike_player(client: FlaskClient, at: int) -> None:
    """A night's players: "Аna" beside "Ana" is refused at creation (the round that seats them
    together was a 422 before), wherever the look-alike stands in the list."""
    players = ["Ana", "Ben", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]
    players[at] = CYRILLIC_ANA
    sent = body(8, players=players)
    refused_at(client.post(f"{API}/club-nights", json=sent), f"players[{at}]")


def _pairs(names: list[str], pair_names: list[str | None] | None = None) -> list[dict[str, Any]]:
    pairs: list[dict[str, Any]] = []
    for i in range(0, len(names), 2):
        pair: dict[str, Any] = {"players": names[i : i + 2]}
        if pair_names and pair_names[i // 2] is not None:
            pair["name"] = pair_names[i // 2]
        pairs.append(pair)
    return pairs


def test_a_pairs_night_refuses_look_alike_players_and_pair_names(client: FlaskClient) -> None:
    """Fixed pairs: a pair's player that looks like another's, a pair name that looks like a
    player's or another pair's."""
    people = ["Ana", "Ben", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]

    def create(names: list[str], pair_names: list[str | None] | None = None) -> Any:
        sent = body(
            8,
            players=None,
            pairs=_pairs(names, pair_names),
            rotation={"scheme": "fixed-pairs"},
        )
        del sent["players"]
        return client.post(f"{API}/club-nights", json=sent)

    look_alike = [*people]
    look_alike[6] = CYRILLIC_ANA
    refused_at(create(look_alike), "pairs[3].players[0]")
    refused_at(create(people, [None, GREEK_HAL, None, None]), "pairs[1].name")
    refused_at(create(people, ["Aces", "\u0410ces", None, None]), "pairs[1].name")
    assert create(people, ["Aces", "Kings", None, None]).status_code == 201


def test_a_late_arrival_refuses_a_look_alike(client: FlaskClient) -> None:
    """ "Ηal" (Greek Η) arriving late beside "Hal" is refused at ``name``; the night is as it
    was."""
    night = Night(client, 8, players=["Ana", "Ben", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"])
    before = night.get()
    refused_at(night.write("POST", "/players", {"name": GREEK_HAL}), "name")
    assert night.get() == before
    assert night.write("POST", "/players", {"name": "Ivy"}).status_code == 201


def test_a_late_pair_refuses_look_alikes(client: FlaskClient) -> None:
    """A late fixed pair: a player that looks like one of the night's, or like the pair's
    other player; a pair name that looks like a pair's."""
    names = ["Ana", "Ben", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]
    sent = body(8, pairs=_pairs(names, ["Aces", None, None, None]))
    del sent["players"]
    sent["rotation"] = {"draw": "entry", "scheme": "fixed-pairs"}
    made = client.post(f"{API}/club-nights", json=sent)
    assert made.status_code == 201, made.get_json()
    token = made.get_json()["token"]
    night_id = made.get_json()["private_url"].split("/c/")[1].split("/")[0]

    def arrive(pair: dict[str, Any]) -> Any:
        return client.post(
            f"{API}/club-nights/{night_id}/players",
            json={"pair": pair},
            headers={"Authorization": f"Bearer {token}"},
        )

    refused_at(arrive({"players": [GREEK_HAL, "Ivy"]}), "pair.players[0]")
    refused_at(arrive({"players": ["Ivy", "\u0406vy"]}), "pair.players[1]")  # Ukrainian І
    refused_at(arrive({"players": ["Ivy", "Jo"], "name": "\u0410ces"}), "pair.name")
    assert arrive({"players": ["Ivy", "Jo"], "name": "Jacks"}).status_code == 201


def test_a_rename_refuses_a_look_alike(client: FlaskClient) -> None:
    """``PATCH …/players/<n>``: a new name that looks like another player's is refused at
    ``name``; a player may still be renamed to a look-alike of his own name."""
    night = Night(client, 8, players=["Ana", "Ben", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"])
    before = night.get()
    refused_at(night.write("PATCH", "/players/2", {"name": CYRILLIC_ANA}), "name")
    assert night.get() == before
    assert night.write("PATCH", "/players/1", {"name": CYRILLIC_ANA}).status_code == 200


def test_a_roster_refuses_a_look_alike(client: FlaskClient) -> None:
    """A group's roster: a new name, a rename, a group night's player, a late arrival in a
    group night, each that looks like a roster name it is not."""
    group = Group(client)
    assert group.write("POST", "/players", {"name": "Ana"}).status_code == 201
    assert group.write("POST", "/players", {"name": "Ben"}).status_code == 201
    group.refused("POST", "/players", {"name": CYRILLIC_ANA}, "name")
    group.refused("PATCH", f"/players/{group.player('Ben')}", {"name": CYRILLIC_ANA}, "name")
    players = [CYRILLIC_ANA, "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy"]
    before = group.get()
    refused_at(
        client.post(
            f"{API}/groups/{group.id}/club-nights",
            json=body(8, players=players),
            headers=group.auth,
        ),
        "players[0]",
    )
    assert group.get() == before
    night = Night(client, 8, group=group, players=["Ana", *players[1:]])
    refused_at(night.write("POST", "/players", {"name": "B\u0435n"}), "name")  # Cyrillic е
    roster = {p["name"] for p in group.get()["players"]}
    assert roster == {"Ana", "Ben", *players[1:]}
