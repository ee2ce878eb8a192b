"""A match keeps its meaning across export and import (docs/rules.md §7): a file exported
under rules revision 1 (export format 1) imports with the meaning it was played under, and a
migrated six-player night keeps its seating."""

from __future__ import annotations

import json
from typing import Any

from flask.testing import FlaskClient

from tests.helpers import API

#: Auction in units as revision 1 stored it (resolved, before spades_concession, direction).
REVISION_1_UNITS = {
    "min_bid": 300,
    "schedule": "doubling",
    "spades_double": True,
    "hearts_triple": False,
    "kitty": True,
    "kitty_bonus_from": 350,
    "kitty_bonus": 10,
    "all_pass_pays": False,
    "unit_value": "1",
    "scoring": "units",
}
#: Ben bids 350 in spades and makes it.
MADE_350_SPADES = {"bidder": "Ben", "bid": 350, "trump": "spades", "outcome": "made"}


def _import(client: FlaskClient, document: dict[str, Any]) -> dict[str, Any]:
    response = client.post("/import", data={"pasted": json.dumps(document)})
    assert response.status_code == 303, response.get_data(as_text=True)
    public_id = response.headers["Location"].rsplit("/", 1)[1]
    answer: dict[str, Any] = client.get(f"{API}/matches/{public_id}").get_json()
    return answer


def _document(
    version: int, players: list[str], rules: dict[str, Any], hands: list[Any]
) -> dict[str, Any]:
    return {
        "format": "scorekeeper-match",
        "version": version,
        "variant": "auction",
        "players": players,
        "teams": [],
        "rules": rules,
        "dealer": players[0],
        "hands": hands,
        "finished": False,
    }


def test_a_format_1_export_keeps_its_meaning(client: FlaskClient) -> None:
    # docs/rules.md §2: under revision 1's doubling (now doubling-250) a bid of 350 is 4 units,
    # x2 in spades: 8 from each of the two others, and the kitty bonus of 10 (from 350): Ben
    # +26. Revision 2's doubling (seed 000 to the letter) pays 2 units there: Ben +18.
    players = ["Ana", "Ben", "Cruz"]
    old = _import(client, _document(1, players, REVISION_1_UNITS, [MADE_350_SPADES]))
    assert old["rules"]["schedule"] == "doubling-250"
    assert old["totals"] == {"Ana": -8, "Ben": 26, "Cruz": -8}
    assert old["kitty"] == -10
    # The same options in a file of today's format mean today's doubling.
    new = _import(client, _document(2, players, REVISION_1_UNITS, [MADE_350_SPADES]))
    assert new["rules"]["schedule"] == "doubling"
    assert new["totals"] == {"Ana": -4, "Ben": 18, "Cruz": -4}


def test_a_migrated_six_player_night_imports_with_its_seating(client: FlaskClient) -> None:
    # docs/rules.md §2, "Who sits out": six_seating: opposite (a match of revision 1) deals out
    # the dealer and the player opposite him; a new match would deal out Ana, Cruz and Eve.
    players = ["Ana", "Ben", "Cruz", "Dee", "Eve", "Fay"]
    rules = {**REVISION_1_UNITS, "schedule": "doubling-250", "six_seating": "opposite"}
    match = _import(client, _document(2, players, rules, []))
    assert match["rules"]["six_seating"] == "opposite"
    assert match["sitting_out"] == ["Ana", "Dee"]
    # From a revision 1 file the seating comes from the rewrite itself.
    old = _import(client, _document(1, players, REVISION_1_UNITS, []))
    assert old["sitting_out"] == ["Ana", "Dee"]


def test_a_match_may_not_be_created_with_the_stored_six_seating(client: FlaskClient) -> None:
    players = ["Ana", "Ben", "Cruz", "Dee", "Eve", "Fay"]
    response = client.post(
        f"{API}/matches",
        json={"variant": "auction", "players": players, "rules": {"six_seating": "opposite"}},
    )
    assert response.status_code == 422
    assert "rules.six_seating" in response.get_json()["errors"]


def test_a_format_1_seed_004_table_keeps_its_double_run(client: FlaskClient) -> None:
    # docs/rules.md §1: revision 1's seed-004 table valued a double run at 1500; revision 2
    # gives seed 004 no double run (two runs, 300).
    rules = {
        "counting": "classic",
        "melds": "seed-004",
        "target": 1000,
        "tie_rule": "raise",
        "declare_out": True,
        "trump_by_first_marriage": False,
    }
    hand = {"meld": {"Ana": ["double_run"], "Ben": 0}, "tricks": {"Ana": 130, "Ben": 120}}
    document = {**_document(1, ["Ana", "Ben"], rules, [hand]), "variant": "pinochle-2"}
    old = _import(client, document)
    assert old["totals"] == {"Ana": 1630, "Ben": 120}
    assert old["rules"]["melds"]["double_run"] == 1500
    new = _import(client, {**document, "version": 2})
    assert new["totals"] == {"Ana": 430, "Ben": 120}
