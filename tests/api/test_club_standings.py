"""Club night standings over the API (docs/club.md §19 cases 21-26; docs/api.md "Club nights"):
a night played through the API, one hand a game, its standings read with ``GET .../standings``
under each formula and credit (the settings changed with ``PATCH``, docs/club.md §14)."""

from __future__ import annotations

import re
from typing import Any

from flask.testing import FlaskClient

from tests.api.club_helpers import (
    Night,
    body,
    hand,
    pair,
    places,
    standings_night,
)
from tests.helpers import errors_of
from tests.rules.club.club_nights import (
    CASE_22_PLACES,
    CASE_23_PLACES,
    CASE_25_NAMES,
    CASE_25_PLACES,
)


def test_case_21_points_with_wins_and_margin(client: FlaskClient) -> None:
    """CLUB.md §19 case 21: points, tie-breaks ``wins``, ``margin``; the margins add up to 0;
    with ``tie_breaks: []`` P8 and P4 share "4=" and the next place is 6."""
    night = standings_night(client, formula="points", tie_breaks=["wins", "margin"])
    found = night.standings()
    assert (found["formula"], found["hidden"]) == ("points", False)
    assert places(found) == [
        ("1", 6, "2070"),
        ("2", 2, "1970"),
        ("3", 7, "1770"),
        ("4", 8, "1620"),
        ("5", 4, "1620"),
        ("6", 5, "1420"),
        ("7", 1, "1320"),
        ("8", 3, "1270"),
    ]
    rows = {row["player"]: row for row in found["rows"]}
    assert [(rows[p]["wins"], rows[p]["margin"]) for p in (6, 2, 7, 8, 4, 5, 1, 3)] == [
        ("3", "740"),
        ("2.5", "840"),
        ("1", "160"),
        ("1.5", "60"),
        ("1", "-190"),
        ("1.5", "-290"),
        ("1", "-710"),
        ("0.5", "-610"),
    ]
    assert sum(int(row["margin"]) for row in found["rows"]) == 0
    # Fay's round 1 of §14's example: P6 at seat 3 of table 1, partner P1, against P4 and P7.
    first = rows[6]["rounds"][0]
    assert (first["status"], first["points"], first["against"]) == ("played", 640, "510")
    assert (first["margin"], first["result"], first["partners"]) == ("130", "1", [1])
    assert sorted(first["opponents"]) == [4, 7]

    night.ok("PATCH", "", {"standings": {"formula": "points", "tie_breaks": []}})
    assert places(night.standings())[3:6] == [
        ("4=", 4, "1620"),
        ("4=", 8, "1620"),
        ("6", 5, "1420"),
    ]


def test_case_21_as_they_stood_after_round_1(client: FlaskClient) -> None:
    """CLUB.md §19 case 21's night, ``?after_round=1``: round 1 alone (P1 and P6 640)."""
    night = standings_night(client)
    found = night.standings("?after_round=1")
    assert found["after_round"] == 1
    values = {row["player"]: row["value"] for row in found["rows"]}
    assert values == {
        1: "640",
        6: "640",
        4: "510",
        7: "510",
        2: "450",
        3: "450",
        5: "450",
        8: "450",
    }
    assert night.read("/standings?after_round=x").status_code == 422


def test_case_22_wins(client: FlaskClient) -> None:
    """CLUB.md §19 case 22: wins, tie-breaks ``points``, ``margin``."""
    night = standings_night(client, formula="wins", tie_breaks=["points", "margin"])
    assert places(night.standings()) == CASE_22_PLACES


def test_case_23_victory_points(client: FlaskClient) -> None:
    """CLUB.md §19 case 23: VP with ``burraco-4``: they add up to 240."""
    night = standings_night(client, formula="vp", vp_table="burraco-4")
    found = night.standings()
    assert [(row["player"], row["value"]) for row in found["rows"]] == [
        (player, value) for _place, player, value in CASE_23_PLACES
    ]
    assert sum(int(row["value"]) for row in found["rows"]) == 240


#: CLUB.md §19 case 24: Wh(5) rounds 1-2, one hand a game.
SITOUT_ROUNDS = (
    {pair(2, 5): 600, pair(3, 4): 400},
    {pair(3, 1): 500, pair(4, 5): 700},
)


def sitout_night(client: FlaskClient, **standings: Any) -> Night:
    night = Night(
        client,
        5,
        rotation={"rounds": 2},
        round={"hands": 1, "tie": "draw"},
        standings=standings,
    )
    for number, results in enumerate(SITOUT_ROUNDS, start=1):
        night.play_round(number, results)
    return night


def values(found: dict[str, Any]) -> list[tuple[int, str]]:
    return [(row["player"], row["value"]) for row in found["rows"]]


def test_case_24a_sitout_average(client: FlaskClient) -> None:
    """CLUB.md §19 case 24 (a): ``sitout: "average"`` credits 500 (P1, round 1) and 600 (P2,
    round 2); a credited round has margin 0 and ``against`` null."""
    found = sitout_night(client, sitout="average").standings()
    assert values(found) == [(5, "1300"), (2, "1200"), (4, "1100"), (1, "1000"), (3, "900")]
    rows = {row["player"]: row for row in found["rows"]}
    credited = rows[1]["rounds"][0]
    assert (credited["status"], credited["credit"]) == ("sat_out", "500")
    assert (credited["margin"], credited["against"]) == ("0", None)
    assert rows[2]["rounds"][1]["credit"] == "600"


def test_case_24b_sitout_zero(client: FlaskClient) -> None:
    """CLUB.md §19 case 24 (b): ``sitout: "zero"``."""
    found = sitout_night(client, sitout="zero").standings()
    assert values(found) == [(5, "1300"), (4, "1100"), (3, "900"), (2, "600"), (1, "500")]


def test_case_24c_sitout_winners_average(client: FlaskClient) -> None:
    """CLUB.md §19 case 24 (c): ``sitout: "winners-average"``, tie-breaks ``wins``,
    ``margin``: credits 600 and 700; the wins break the ties."""
    found = sitout_night(
        client, sitout="winners-average", tie_breaks=["wins", "margin"]
    ).standings()
    assert values(found) == [(5, "1300"), (2, "1300"), (4, "1100"), (1, "1100"), (3, "900")]
    rows = {row["player"]: row for row in found["rows"]}
    assert (rows[5]["wins"], rows[2]["wins"]) == ("2", "1.5")
    assert (rows[4]["wins"], rows[1]["wins"]) == ("1", "0.5")
    assert (rows[1]["rounds"][0]["credit"], rows[2]["rounds"][1]["credit"]) == ("600", "700")


def test_a_fixed_sitout_credit(client: FlaskClient) -> None:
    """A fixed score for sitting out (issue 40 point 7; docs/club.md §9.3): "Players who thru
    required move arrive at the 'Sit Out' will record 7 points for the game they sat out" (a
    euchre club's season letter, "Euchre for the 2017/18 Season", September 2017), on case
    24's night; the settings say it back, and a credit without its points is a 422 at
    ``standings.sitout_points``."""
    night = sitout_night(client, sitout="fixed", sitout_points=7)
    found = night.standings()
    assert values(found) == [(5, "1300"), (4, "1100"), (3, "900"), (2, "607"), (1, "507")]
    rows = {row["player"]: row for row in found["rows"]}
    assert (rows[1]["rounds"][0]["credit"], rows[2]["rounds"][1]["credit"]) == ("7", "7")
    refused = client.post("/api/v1/club-nights", json=body(5, standings={"sitout": "fixed"}))
    assert refused.status_code == 422
    assert "standings.sitout_points" in errors_of(refused)


def test_placing_points_per_round(client: FlaskClient) -> None:
    """Placing points (issue 40 point 7; docs/club.md §9.2): a two-sided table's row as a
    festival's ranks give it, "2v2 games ~ Winning Team = 8pts each, Losing Team = 4pts each"
    (strategyplanet.com, "Fest ranks"), on case 24's night: the sit-outs take the round's
    average, (8 + 8 + 4 + 4) / 4 = 6. Said back as given; without its rows a 422 at
    ``standings.placing_points``."""
    night = sitout_night(client, formula="placing", placing_points=[[8, 4]])
    found = night.standings()
    assert found["formula"] == "placing"
    assert values(found) == [(5, "16"), (2, "14"), (4, "12"), (1, "10"), (3, "8")]
    rows = {row["player"]: row for row in found["rows"]}
    assert [entry["placing"] for entry in rows[5]["rounds"]] == ["8", "8"]
    assert (rows[1]["rounds"][0]["credit"], rows[1]["placing"]) == ("6", "10")
    shown = client.get(f"/api/v1/club-nights/{night.read_id}").get_json()
    assert shown["standings_rules"]["placing_points"] == [[8, 4]]
    # The room, the TV, the results sheet and a player's page show the placing points.
    for tail, said in (("", ">16<"), ("/tv", ">16<"), ("/print/results", ">16<"), ("/p/5", "16")):
        page = client.get(f"/cr/{night.read_id}{tail}")
        assert page.status_code == 200, tail
        assert said in page.get_data(as_text=True), tail
    assert "total 16" in " ".join(re.sub(r"<[^>]+>", " ", page.get_data(as_text=True)).split())
    refused = client.post("/api/v1/club-nights", json=body(5, standings={"formula": "placing"}))
    assert refused.status_code == 422
    assert "standings.placing_points" in errors_of(refused)


# --- Units and the room's settle-up ---------------------------------------------------------------

PASS = {"outcome": "all_pass"}


def made(bidder: str, bid: int = 300, trump: str = "clubs") -> dict[str, Any]:
    return {"bidder": bidder, "bid": bid, "trump": trump, "outcome": "made"}


def four_made(first: str) -> list[dict[str, Any]]:
    """Eight hands of a table of four (seat 1 deals first, and sits out as dealer) in which
    the first player makes four bids of 300 in clubs: +12 for him, -4 for each of the others."""
    return [PASS, made(first), made(first), made(first), PASS, made(first), PASS, PASS]


#: CLUB.md §19 case 25's table 2 (Eve, Fay, Gus, Hal): +3, +3, -10, +4 once the kitty is
#: shared (two sets in spades cost Gus 16, a made 400 pays him 12 and the kitty 10 back).
TABLE_2 = [
    {"bidder": "Gus", "bid": 300, "trump": "spades", "outcome": "set"},
    {"bidder": "Eve", "bid": 300, "outcome": "thrown_in"},
    {"bidder": "Fay", "bid": 300, "outcome": "thrown_in"},
    {"bidder": "Gus", "bid": 300, "trump": "spades", "outcome": "set"},
    made("Gus", 400),
    PASS,
    PASS,
    PASS,
]


def units_night(client: FlaskClient, players: list[str], hands: dict[int, list[Any]]) -> Night:
    """An auction night in units of one round of 8 hands, each table's ``hands`` entered with
    its key, the round closed."""
    night = Night(
        client,
        len(players),
        variant="auction",
        rules={"scoring": "units", "unit_value": "0.25"},
        players=players,
        rotation={"table_size": 4, "rounds": 1},
        round={"hands": 8},
    )
    started = night.start(1)["round"]
    for table in started["tables"]:
        for entry in hands[table["table"]]:
            hand(client, table["match"], night.key(table["table"]), entry=entry)
    night.close(1)
    return night


def test_case_25_units_and_the_room_settle_up(client: FlaskClient) -> None:
    """CLUB.md §19 case 25: auction in units, 8 players, one round seated in draw order; the
    standings in units and the room's settle-up (8 balances: the exact search, 6 transfers)."""
    night = units_night(client, CASE_25_NAMES, {1: four_made("Ana"), 2: TABLE_2})
    found = night.standings()
    assert found["formula"] == "units"
    assert [(label, name, value) for label, name, value in named(found)] == CASE_25_PLACES
    settlement = found["settlement"]
    assert settlement["fewest"] is True
    assert [(t["from"], t["to"], t["units"], t["amount"]) for t in settlement["transfers"]] == [
        (7, 1, 10, "2.50"),
        (3, 5, 3, "0.75"),
        (4, 6, 3, "0.75"),
        (3, 1, 1, "0.25"),
        (4, 1, 1, "0.25"),
        (2, 8, 4, "1.00"),
    ]


def named(found: dict[str, Any]) -> list[tuple[str, str, str]]:
    """The standings as (place label, name, value); names within a shared place sorted."""
    rows = sorted(found["rows"], key=lambda row: (row["place"], row["name"]))
    return [
        (f"{row['place']}{'=' if row['shared'] else ''}", row["name"], row["value"]) for row in rows
    ]


def test_case_26_room_settle_up_over_the_cap(client: FlaskClient) -> None:
    """CLUB.md §19 case 26: 20 players with non-zero balances: the settle-up squares them all
    in at most 19 transfers and says it may not be the fewest."""
    players = [f"P{number}" for number in range(1, 21)]
    night = units_night(client, players, {t: four_made(f"P{4 * t - 3}") for t in range(1, 6)})
    settlement = night.standings()["settlement"]
    balances = {int(player): units for player, units in settlement["balances"].items()}
    assert len(balances) == 20
    assert all(balances.values())
    assert settlement["fewest"] is False
    assert len(settlement["transfers"]) <= 19
    left = dict(balances)
    for transfer in settlement["transfers"]:
        left[transfer["from"]] += transfer["units"]
        left[transfer["to"]] -= transfer["units"]
    assert set(left.values()) == {0}


def test_the_best_rounds_only(client: FlaskClient) -> None:
    """Issue 40 point 7, best N of M rounds (docs/club.md §9.2 "Best rounds"): case 24's night
    counting each player's better round; the other is shown in brackets on the player's page
    and the results sheet, with the rule said."""
    night = sitout_night(client, best_rounds=1)
    found = night.standings()
    # P5: 600 and 700; P2: 600 and the sit-out's 600; P4: 400 and 700; P1: 500 and 500;
    # P3: 400 and 500.
    assert values(found) == [(5, "700"), (4, "700"), (2, "600"), (1, "500"), (3, "500")]
    rows = {row["player"]: row for row in found["rows"]}
    assert [entry["dropped"] for entry in rows[5]["rounds"]] == [True, False]
    rule = "Only each player's best round counts; one in brackets is left out."
    player = client.get(f"/cr/{night.read_id}/p/5").get_data(as_text=True)
    assert "[600]" in player
    assert rule in player
    sheet = client.get(f"/cr/{night.read_id}/print/results").get_data(as_text=True)
    assert "[600]" in sheet
    assert rule in sheet
