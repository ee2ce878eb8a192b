"""Issue 29's progressive night through the API (docs/club.md §4.5 progressive, §4.9 a round
by hand, §6 late arrivals and substitutes): 12 players over 4 rounds, a late arrival at round 3
(13 present: the host seats 12 and marks one sitting out), a substitute in round 4. The same
steps as the browser test's (/work/plan/notes/P4.md)."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from tests.api.club_helpers import Night, hand, pair, seated, teams_entry


def seating(round_: dict[str, Any]) -> list[list[int]]:
    """A round's tables in table order, each its players in seat order (N, E, S, W)."""
    return [seated(t) for t in sorted(round_["tables"], key=lambda t: t["table"])]


def progressive(client: FlaskClient) -> Night:
    return Night(client, 12, rotation={"scheme": "progressive", "rounds": 4}, round={"hands": 1})


#: CLUB.md §19 case 20's round 1 results: T1 1&3 win, T2 6&8 win, T3 9&11 win.
CASE_20_ROUND_1 = {
    pair(1, 3): 400,
    pair(2, 4): 300,
    pair(5, 7): 300,
    pair(6, 8): 400,
    pair(9, 11): 400,
    pair(10, 12): 300,
}


def test_a_drawn_progressive_round_can_be_seated_by_hand(client: FlaskClient) -> None:
    """docs/club.md §4.5, §4.9: round 2 drawn when round 1 closes (case 20's seating) is still
    ``planned``; the host may reseat it before it starts, and it starts as he seated it."""
    night = progressive(client)
    night.play_round(1, CASE_20_ROUND_1)
    assert seating(night.round(2)) == [[1, 3, 6, 8], [5, 7, 9, 11], [10, 12, 2, 4]]
    by_hand = [[1, 3, 6, 8], [5, 7, 9, 12], [10, 11, 2, 4]]
    edited = night.write("PUT", "/rounds/2", {"tables": by_hand, "sitting_out": []})
    assert edited.status_code == 200, edited.get_json()
    started = night.start(2)["round"]
    assert seating(started) == by_hand


def test_issue_29_progressive_night_with_a_late_arrival_and_a_substitute(
    client: FlaskClient,
) -> None:
    """Issue 29's "done when" night through the API. §4.5's movement: at table 1 the winners
    stay, the losers go to the last table; elsewhere winners go up one, losers stay; stayers
    take N, E (in last round's seat order), arrivals S, W. Every hand here is won by N-S (seats
    1 + 3: 300 v 250)."""
    night = progressive(client)
    assert len(night.created["table_links"]) == 3

    # Rounds 1-2: case 20's round 1, then N-S win everywhere.
    night.play_round(1, CASE_20_ROUND_1)
    night.play_simply(2)  # T1 1&6, T2 5&9, T3 10&2 win
    # Round 3 drawn at round 2's close for the 12 present (§4.5, §4.6): T1 keeps 1 and 6 and
    # gets 5, 9 from T2; T2 keeps 7, 11 and gets 10, 2; T3 keeps 12, 4 and gets T1's 3, 8.
    assert seating(night.round(3)) == [[1, 6, 5, 9], [7, 11, 10, 2], [12, 4, 3, 8]]

    # A late arrival before round 3 (§6): round 3 is drawn already, so it keeps its draw and
    # P13 sits it out (he could come in as a substitute).
    added = night.ok("POST", "/players", {"name": "P13"})
    assert added["player"] == added["player"] | {"number": 13, "joined_round": 3}
    assert added["table_links"] == []  # still three tables
    assert seating(night.round(3)) == [[1, 6, 5, 9], [7, 11, 10, 2], [12, 4, 3, 8]]
    assert night.round(3)["sitting_out"] == [13]
    assert night.round(3)["status"] == "planned"

    # The host seats round 3 by hand (§4.9): the movement, P13 in P8's seat, P8 sitting out.
    third = [[1, 6, 5, 9], [7, 11, 10, 2], [12, 4, 3, 13]]
    edited = night.write("PUT", "/rounds/3", {"tables": third, "sitting_out": [8]})
    assert edited.status_code == 200, edited.get_json()
    assert edited.get_json()["round"]["sitting_out"] == [8]
    night.play_simply(3)  # T1 1&5, T2 7&10, T3 12&3 win
    # 13 present again: round 4 cannot be drawn (§4.5) and stays without seats.
    assert night.round(4)["tables"] == []
    assert night.write("POST", "/rounds/4/start").status_code == 409

    # Round 4 by hand: the movement from round 3 (T1 keeps 1, 5, gets 7, 10; T2 keeps 11, 2,
    # gets 12, 3; T3 keeps 4, 13, gets 6, 9), with P8 back in P13's seat and P13 out.
    fourth = [[1, 5, 7, 10], [11, 2, 12, 3], [4, 8, 6, 9]]
    night.ok("PUT", "/rounds/4", {"tables": fourth, "sitting_out": [13]})
    started = night.start(4)["round"]
    assert seating(started) == fourth

    # P9 must go mid-round: P13, sitting out, comes in for him (§6).
    answer = night.ok("POST", "/rounds/4/substitute", {"out": 9, "in": 13})
    table_3 = next(t for t in answer["round"]["tables"] if t["table"] == 3)
    assert seated(table_3) == [4, 8, 6, 13]
    assert table_3["substitutes"] == [{"seat": 4, "player": 13, "for": 9}]
    assert answer["round"]["sitting_out"] == []
    assert answer["round"]["absent"] == [9]
    for table in started["tables"]:
        hand(client, table["match"], night.key(table["table"]), entry=teams_entry(300, 250))
    night.close(4)
    night.ok("POST", "/finish")

    rows = {r["player"]: r for r in night.standings()["rows"]}
    assert [r["status"] for r in rows[13]["rounds"]] == ["absent", "absent", "played", "played"]
    assert [r["status"] for r in rows[8]["rounds"]] == ["played", "played", "sat_out", "played"]
    assert [r["status"] for r in rows[9]["rounds"]] == ["played", "played", "played", "absent"]
    # P13 has P9's side's result in round 4 (E-W at T3, lost 250 v 300 like P8).
    assert rows[13]["rounds"][3]["points"] == rows[8]["rounds"][3]["points"]


def test_more_rounds_keep_a_progressive_round_seated_by_hand(client: FlaskClient) -> None:
    """docs/club.md §4.9, §14 ``PATCH``: P13 arrives for round 2 of a progressive night of 12;
    the host seats round 2 by hand (P12 out); more rounds (``rotation.rounds`` 4 to 5) keep
    that seating (a settings change moves nobody) and add a round 5 to be drawn (§4.6)."""
    night = progressive(client)
    night.play_round(1, CASE_20_ROUND_1)
    night.ok("POST", "/players", {"name": "P13"})
    by_hand = [[1, 3, 6, 8], [5, 7, 9, 11], [10, 13, 2, 4]]
    night.ok("PUT", "/rounds/2", {"tables": by_hand, "sitting_out": [12]})
    shown = night.ok("PATCH", "", {"rotation": {"rounds": 5}})
    assert [r["number"] for r in shown["rounds"]] == [1, 2, 3, 4, 5]
    assert seating(shown["rounds"][1]) == by_hand
    assert shown["rounds"][1]["sitting_out"] == [12]
    assert all(r["tables"] == [] for r in shown["rounds"][2:])
    assert seating(night.start(2)["round"]) == by_hand
