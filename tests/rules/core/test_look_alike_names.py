"""Names that only look alike (issue 25; docs/rules.md §5): a new match refuses a name whose
UTS #39 skeleton is that of a reserved name (``kitty``, ``_``) or of another seat's name (a
Cyrillic or Greek letter for a Latin one, full-width letters, ``rn`` for ``m``), and a team
name that looks like a player's; names the table tells apart stand. A match stored with such
names still replays and opens (§7: only new input is checked), and still goes into a group.
"""

from __future__ import annotations

from typing import Any

import pytest
import sqlalchemy as sa
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.extensions import db
from scorekeeper.models import Match
from scorekeeper.rules import RuleError, find_variant
from scorekeeper.rules.core.confusable import skeleton
from scorekeeper.rules.core.match import Setup
from scorekeeper.rules.core.names import look_alike_key, read_name
from tests.helpers import API

CYRILLIC_I = "\u0456"  # і, CYRILLIC SMALL LETTER BYELORUSSIAN-UKRAINIAN I
CYRILLIC_A = "\u0410"  # А, CYRILLIC CAPITAL LETTER A
GREEK_O = "\u03bf"  # ο, GREEK SMALL LETTER OMICRON


def refused(players: list[Any], **more: Any) -> RuleError:
    variant = find_variant("pinochle-4" if len(players) == 4 else "pinochle-3")
    with pytest.raises(RuleError) as caught:
        variant.setup(players, **more)
    return caught.value


@pytest.mark.parametrize(
    "given",
    [
        f"k{CYRILLIC_I}tty",  # one Cyrillic letter
        "ｋｉｔｔｙ",  # full-width letters
        "KITTY",  # the same name in capitals
        "\uff3f",  # FULLWIDTH LOW LINE: the API's "_"
    ],
)
def test_a_look_alike_of_a_reserved_name_is_refused(given: str) -> None:
    with pytest.raises(RuleError) as caught:
        read_name(given, "players[0]")
    assert (caught.value.path, caught.value.code) == ("players[0]", "bad_name")
    assert "reserved" in str(caught.value)
    assert refused(["Ana", "Ben", given]).path == "players[2]"


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("Ana", f"{CYRILLIC_A}na"),  # Cyrillic А for Latin A
        ("Bob", f"B{GREEK_O}b"),  # Greek ο for Latin o
        ("Mary", "rnary"),  # r + n for m
        ("Al", "A1"),  # the digit one for l
        ("Ana", f"{CYRILLIC_A}NA"),  # looks like, and in other letter case
        ("Hal", "\u0397al"),  # a Greek capital eta: like H, though its small letter is not h
        ("HAL", "\u0397al"),  # and in other letter case
    ],
)
def test_a_look_alike_of_another_seat_is_refused(first: str, second: str) -> None:
    error = refused([first, "Zed", second])
    assert (error.path, error.code) == ("players[2]", "look_alike_name")
    assert repr(first) in str(error)


def test_a_team_name_that_looks_like_a_player_is_refused() -> None:
    teams = [
        {"name": f"{CYRILLIC_A}na", "players": ["Ana", "Cruz"]},
        {"name": "Sur", "players": ["Ben", "Dee"]},
    ]
    assert refused(["Ana", "Ben", "Cruz", "Dee"], teams=teams).path == "teams[0].name"


def test_names_the_table_tells_apart_stand() -> None:
    names = ("Ana", "Anna", "Ána")
    assert find_variant("pinochle-3").setup(list(names)).players == names
    assert skeleton("Ana") != skeleton("Ann")
    assert look_alike_key("Kit") != look_alike_key("kitty")
    # A name wholly in another script is a name of its own (its skeleton is its own).
    assert find_variant("pinochle-3").setup(["Ана", "Ben", "Ян"]).players[0] == "Ана"


def test_a_stored_match_with_look_alike_names_still_replays() -> None:
    stored = Setup("pinochle-3", {"target": 1000}, ("Ana", f"{CYRILLIC_A}na", "ｋｉｔｔｙ"))
    state = find_variant("pinochle-3").play(stored, [])
    assert state.sides == ("Ana", f"{CYRILLIC_A}na", "ｋｉｔｔｙ")


def test_the_api_refuses_a_look_alike_naming_the_seat(client: FlaskClient) -> None:
    answer = client.post(
        f"{API}/matches", json={"variant": "pinochle-3", "players": ["Ana", "Ben", "Аna"]}
    )
    assert answer.status_code == 422
    assert answer.get_json()["errors"] == {
        "players[2]": ["'\u0410na' looks like 'Ana'; choose a name the table can tell apart"]
    }


def test_a_stored_match_with_look_alike_names_opens_and_goes_into_a_group(
    app: Flask, client: FlaskClient
) -> None:
    made = client.post(
        f"{API}/matches", json={"variant": "pinochle-3", "players": ["Ana", "Ben", "Cruz"]}
    ).get_json()
    seats = ["Ana", f"{CYRILLIC_A}na", "Kitty"]  # taken before issue 25's checks
    with app.app_context():
        db.session.execute(
            sa.update(Match).where(Match.public_id == made["id"]).values(players=seats)
        )
        db.session.commit()
    shown = client.get(f"{API}/matches/{made['id']}")
    assert shown.status_code == 200
    assert shown.get_json()["players"] == seats
    assert client.get(f"/m/{made['id']}").status_code == 200
    group = client.post(f"{API}/groups", json={"name": "Thursday"}).get_json()
    placed = client.put(
        f"{API}/groups/{group['id']}/matches/{made['id']}",
        json={"edit_token": made["edit_token"]},
        headers={"Authorization": f"Bearer {group['token']}"},
    )
    assert placed.status_code == 200, placed.get_json()
    assert set(placed.get_json()["seats"]) == set(seats)
