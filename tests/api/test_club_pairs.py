"""Fixed pairs and progressive through the API (docs/club.md §4.4, §4.5; CLUB.md §19 cases
17-20): the movements' rounds as ``GET /api/v1/club-nights/<id>`` shows them, the Danish and
progressive rounds drawn when the round before closes, the 409 of a progressive count."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from flask.testing import FlaskClient

from tests.api.club_helpers import Night, hand, pair, seated
from tests.helpers import API


def pairs_body(count: int) -> list[dict[str, Any]]:
    """``count`` pairs: pair p is players P(2p − 1) and P(2p), so pair p has players 2p − 1
    and 2p (entry order numbers them, docs/club.md §3)."""
    return [{"players": [f"P{2 * p - 1}", f"P{2 * p}"]} for p in range(1, count + 1)]


def pairs_night(client: FlaskClient, count: int, **rotation: Any) -> Night:
    """A fixed-pairs night of ``count`` pairs (``pinochle-4``, draw entry, one hand a game)."""
    return Night(
        client,
        players=None,
        pairs=pairs_body(count),
        rotation={"scheme": "fixed-pairs", **rotation},
        round={"hands": 1},
    )


def pair_games(night: Mapping[str, Any], number: int) -> list[tuple[int, int, int]]:
    """Round ``number``'s games as (table, North-South pair, East-West pair), checking that
    each side is one pair's two players (seats 1 + 3, 2 + 4)."""
    pair_of = {p["number"]: p["pair"] for p in night["players"]}
    found = []
    for table in night["rounds"][number - 1]["tables"]:
        north, east, south, west = seated(table)
        assert pair_of[north] == pair_of[south], table  # a pair's players are partners
        assert pair_of[east] == pair_of[west], table
        found.append((table["table"], pair_of[north], pair_of[east]))
    return found


def resting(night: Mapping[str, Any], number: int) -> set[int]:
    pair_of = {p["number"]: p["pair"] for p in night["players"]}
    return {pair_of[x] for x in night["rounds"][number - 1]["sitting_out"]}


def test_round_robin_of_six_pairs_case_17(client: FlaskClient) -> None:
    """CLUB.md §19 case 17: 1: 6 v 1, 2 v 5, 3 v 4 · 2: 6 v 2, 3 v 1, 4 v 5 · 3: 6 v 3, 4 v 2,
    5 v 1 · 4: 6 v 4, 5 v 3, 1 v 2 · 5: 6 v 5, 1 v 4, 2 v 3; every two pairs meet once."""
    night = pairs_night(client, 6).get()
    assert night["rotation"]["movement"] == "round-robin"
    assert night["rotation"]["rounds"] == 5  # P − 1, the movement's length
    assert night["rotation"]["design"] == "round-robin"
    expected = [
        [(6, 1), (2, 5), (3, 4)],
        [(6, 2), (3, 1), (4, 5)],
        [(6, 3), (4, 2), (5, 1)],
        [(6, 4), (5, 3), (1, 2)],
        [(6, 5), (1, 4), (2, 3)],
    ]
    met: list[frozenset[int]] = []
    for number, games in enumerate(expected, start=1):
        found = pair_games(night, number)
        assert [(ns, ew) for _, ns, ew in found] == games  # the first named sits N-S
        met += [frozenset((ns, ew)) for _, ns, ew in found]
    assert len(met) == len(set(met)) == 15
    assert night["pairs"][0] == {"number": 1, "name": "P1 & P2", "players": [1, 2]}
    assert night["players"][3]["pair"] == 2
    balance = night["balance"]
    assert (balance["meet_repeats"], balance["never_met"], balance["rematches"]) == (0, 0, 0)


def test_mitchell_of_eight_and_seven_pairs_case_18(client: FlaskClient) -> None:
    """CLUB.md §19 case 18: pair t at N-S of table t; round 1 T1 1 v 5, T2 2 v 6, T3 3 v 7,
    T4 4 v 8; round 2 1 v 8, 2 v 5, 3 v 6, 4 v 7; round 3 1 v 7, 2 v 8, 3 v 5, 4 v 6; round 4
    1 v 6, 2 v 7, 3 v 8, 4 v 5 (table numbers compared). 7 pairs: pair 4 rests in round 1,
    pair 1 in round 2, pair 2 in round 3, pair 3 in round 4."""
    night = pairs_night(client, 8, movement="mitchell").get()
    assert night["rotation"]["rounds"] == 4  # T rounds
    assert [pair_games(night, r) for r in range(1, 5)] == [
        [(1, 1, 5), (2, 2, 6), (3, 3, 7), (4, 4, 8)],
        [(1, 1, 8), (2, 2, 5), (3, 3, 6), (4, 4, 7)],
        [(1, 1, 7), (2, 2, 8), (3, 3, 5), (4, 4, 6)],
        [(1, 1, 6), (2, 2, 7), (3, 3, 8), (4, 4, 5)],
    ]
    odd = pairs_night(client, 7, movement="mitchell")
    shown = odd.get()
    assert [resting(shown, r) for r in range(1, 5)] == [{4}, {1}, {2}, {3}]
    # The idle table keeps its number and has no game: round 2's first table is table 2.
    assert [t for t, _, _ in pair_games(shown, 2)] == [2, 3, 4]
    started = odd.start(1)["round"]
    assert [t["table"] for t in started["tables"]] == [1, 2, 3]  # round 1: table 4 idle


def play_pairs_round(night: Night, number: int, totals: Mapping[int, int]) -> None:
    """Start round ``number``, one hand a game giving each pair its total of ``totals`` (pair
    -> total; 130 and 120 trick points, the meld the rest), close it. The teams are the
    pairs' names (docs/club.md §3)."""
    shown = night.get()
    names = {p["number"]: p["name"] for p in shown["pairs"]}
    games = {table: (ns, ew) for table, ns, ew in pair_games(shown, number)}
    started = night.start(number)["round"]
    for table in started["tables"]:
        ns, ew = games[table["table"]]
        entry = {
            "meld": {names[ns]: totals[ns] - 130, names[ew]: totals[ew] - 120},
            "tricks": {names[ns]: 130, names[ew]: 120},
        }
        hand(night.client, table["match"], night.key(table["table"]), entry=entry)
    night.close(number)


def test_danish_of_six_pairs_case_19(client: FlaskClient) -> None:
    """CLUB.md §19 case 19: ``vp`` with ``burraco-4``; standings after round 1: 3 (16), 5 (15),
    1 (11), 2 (9), 6 (5), 4 (4); round 2 with ``avoid: "previous"``: T1 3 v 5, T2 1 v 6, T3 2 v
    4; with ``avoid: "none"``: T1 3 v 5, T2 1 v 2, T3 6 v 4 and ``rematches`` 1."""
    expected = {
        "previous": ([(1, 3, 5), (2, 1, 6), (3, 2, 4)], 0),
        "none": ([(1, 3, 5), (2, 1, 2), (3, 6, 4)], 1),
    }
    for avoid, (games, rematches) in expected.items():
        night = Night(
            client,
            players=None,
            pairs=pairs_body(6),
            rotation={"scheme": "fixed-pairs", "movement": "danish", "avoid": avoid, "rounds": 3},
            round={"hands": 1},
            standings={"formula": "vp", "vp_table": "burraco-4"},
        )
        before = night.get()
        assert [r["tables"] for r in before["rounds"][1:]] == [[], []]  # drawn later (§4.6)
        assert pair_games(before, 1) == [(1, 1, 2), (2, 3, 4), (3, 5, 6)]
        assert [seated(t) for t in before["rounds"][0]["tables"]][0] == [1, 3, 2, 4]
        # Round 1: 1 beats 2 by 150 (11-9), 3 beats 4 by 1200 (16-4), 5 beats 6 by 1000 (15-5).
        play_pairs_round(night, 1, {1: 600, 2: 450, 3: 1400, 4: 200, 5: 1250, 6: 250})
        rows = night.standings("?after_round=1")["rows"]
        assert [(r["pair"], r["value"]) for r in rows] == [
            (3, "16"),
            (5, "15"),
            (1, "11"),
            (2, "9"),
            (6, "5"),
            (4, "4"),
        ]
        assert rows[0]["player"] is None
        assert rows[0]["players"] == [5, 6]
        assert [r["place"] for r in rows] == [1, 2, 3, 4, 5, 6]
        shown = night.get()
        assert pair_games(shown, 2) == games, avoid
        assert shown["balance"]["rematches"] == rematches
        assert shown["rounds"][2]["tables"] == []  # round 3 waits for round 2
        assert night.write("POST", "/replan").status_code == 409


def test_three_mitchell_rounds_then_danish(client: FlaskClient) -> None:
    """docs/club.md §4.4 ``danish_from_round: 4`` (Burraco's "three Mitchell and one
    Danish"): rounds 1-3 follow the Mitchell of case 18, round 4 is drawn when round 3
    closes. Every North-South pair wins 400 to 300, so pairs 1-4 stand level ahead of pairs
    5-8 (ties by pair number); ``avoid: "previous"`` bars round 3's opponents (1 v 7, 2 v 8,
    3 v 5, 4 v 6): 1 v 2, 3 v 4, 5 v 6, 7 v 8."""
    night = pairs_night(client, 8, movement="mitchell", rounds=4, danish_from_round=4)
    shown = night.get()
    assert shown["rotation"]["danish_from_round"] == 4
    assert shown["rotation"]["design"] is None  # a Danish round: not the movement's (§4.8)
    assert pair_games(shown, 3) == [(1, 1, 7), (2, 2, 8), (3, 3, 5), (4, 4, 6)]
    assert shown["rounds"][3]["tables"] == []
    totals = {p: 400 if p <= 4 else 300 for p in range(1, 9)}
    for number in (1, 2, 3):
        play_pairs_round(night, number, totals)
    assert pair_games(night.get(), 4) == [(1, 1, 2), (2, 3, 4), (3, 5, 6), (4, 7, 8)]
    rows = night.standings()["rows"]
    assert [(r["place"], r["shared"], r["pair"]) for r in rows[:5]] == [
        (1, True, 1),
        (1, True, 2),
        (1, True, 3),
        (1, True, 4),
        (5, True, 5),
    ]


def progressive_night(client: FlaskClient, count: int) -> Night:
    return Night(client, count, rotation={"scheme": "progressive", "rounds": 4}, round={"hands": 1})


def test_progressive_of_twelve_players_case_20(client: FlaskClient) -> None:
    """CLUB.md §19 case 20: round 1 T1 1-4 (N 1, E 2, S 3, W 4), T2 5-8, T3 9-12; T1 1&3 win,
    T2 6&8, T3 9&11; round 2: T1 N 1, E 3, S 6, W 8; T2 N 5, E 7, S 9, W 11; T3 N 10, E 12,
    S 2, W 4. Nobody has round 1's partner."""
    night = progressive_night(client, 12)
    shown = night.get()
    assert [seated(t) for t in shown["rounds"][0]["tables"]] == [
        [1, 2, 3, 4],
        [5, 6, 7, 8],
        [9, 10, 11, 12],
    ]
    assert shown["rounds"][1]["tables"] == []  # planned: drawn when round 1 closes (§4.6)
    assert len(night.created["table_links"]) == 3
    night.play_round(
        1,
        {
            pair(1, 3): 400,
            pair(2, 4): 300,
            pair(5, 7): 300,
            pair(6, 8): 400,
            pair(9, 11): 400,
            pair(10, 12): 300,
        },
    )
    second = night.round(2)
    assert [seated(t) for t in second["tables"]] == [
        [1, 3, 6, 8],
        [5, 7, 9, 11],
        [10, 12, 2, 4],
    ]
    first_partners = {pair(1, 3), pair(2, 4), pair(5, 7), pair(6, 8), pair(9, 11), pair(10, 12)}
    assert not first_partners & set(_partners(second["tables"]))
    assert night.start(2)["round"]["status"] == "playing"


def _partners(tables: Sequence[Mapping[str, Any]]) -> list[frozenset[int]]:
    found = []
    for table in tables:
        north, east, south, west = seated(table)
        found += [pair(north, south), pair(east, west)]
    return found


def test_progressive_thirteen_present_is_a_409_case_20(client: FlaskClient) -> None:
    """CLUB.md §19 case 20: with 13 present, starting round 1 is a 409 saying one player is
    over (docs/club.md §4.5); nothing starts."""
    night = progressive_night(client, 13)
    response = night.write("POST", "/rounds/1/start")
    assert response.status_code == 409
    assert "13 players are present: 1 over" in response.get_json()["errors"]["_"][0]
    assert night.get()["rounds"][0]["status"] == "planned"


def test_pairs_refusals_section_2_3(client: FlaskClient) -> None:
    """docs/club.md §2.3: ``pairs`` with another scheme, ``players`` with ``pairs``, a name
    twice across pairs, a pair of one; movement keys without fixed pairs."""

    def refused(sent: dict[str, Any]) -> str:
        body = {"name": "Club", "variant": "pinochle-4", **sent}
        response = client.post(f"{API}/club-nights", json=body)
        assert response.status_code == 422, response.get_json()
        return ",".join(response.get_json()["errors"])

    fixed = {"scheme": "fixed-pairs"}
    assert refused({"pairs": pairs_body(3)}) == "pairs"
    assert refused({"pairs": pairs_body(3), "players": ["A"], "rotation": fixed}) == "players"
    twice = [*pairs_body(2), {"players": ["P9", "P1"]}]
    assert refused({"pairs": twice, "rotation": fixed}) == "pairs[2].players[1]"
    assert refused({"pairs": [{"players": ["A", "B"]}], "rotation": fixed}) == "pairs"
    assert refused({"pairs": [{"players": ["A"]}] * 2, "rotation": fixed}) == "pairs[0].players"
    clash = [{"name": "P1", "players": ["P3", "P4"]}, {"players": ["P1", "P2"]}]
    assert refused({"pairs": clash, "rotation": fixed}) == "pairs[0].name"
    assert refused({"rotation": fixed, "players": ["A", "B", "C", "D"]}) == "pairs"
    movement = {"scheme": "progressive", "movement": "mitchell"}
    assert refused({"players": ["A", "B", "C", "D"], "rotation": movement}) == ("rotation.movement")
    late = {"scheme": "fixed-pairs", "rounds": 3, "danish_from_round": 4}
    assert refused({"pairs": pairs_body(4), "rotation": late}) == "rotation.danish_from_round"


def test_preview_of_fixed_pairs(client: FlaskClient) -> None:
    """``POST /api/v1/schedules`` with ``pairs`` (or a count of players: players 2p − 1 and 2p
    make pair p) previews the movement: CLUB.md §19 case 18's 7 pairs, round 2 without the
    idle table 1."""
    sent: dict[str, Any] = {
        "variant": "pinochle-4",
        "pairs": pairs_body(7),
        "rotation": {"scheme": "fixed-pairs", "movement": "mitchell", "draw": "entry"},
    }
    for given in (sent, {**{k: v for k, v in sent.items() if k != "pairs"}, "players": 14}):
        response = client.post(f"{API}/schedules", json=given)
        assert response.status_code == 200, response.get_json()
        second = response.get_json()["rounds"][1]
        assert [t["table"] for t in second["tables"]] == [2, 3, 4]
        assert [seated(t) for t in second["tables"]][0] == [3, 9, 4, 10]  # pair 2 v pair 5
        assert second["sitting_out"] == [1, 2]


def test_a_round_by_hand_keeps_the_pairs(client: FlaskClient) -> None:
    """docs/club.md §4.4, §4.9: a fixed pair's players are partners in every game, so a round
    seated by hand that splits a pair is a 422 at ``tables[i]``; one that keeps them is
    taken."""
    night = pairs_night(client, 4)
    split = {"tables": [[1, 3, 2, 4], [5, 7, 8, 6]], "sitting_out": []}  # 5 & 8
    response = night.write("PUT", "/rounds/2", split)
    assert response.status_code == 422, response.get_json()
    assert list(response.get_json()["errors"]) == ["tables[1]"]
    kept = {"tables": [[1, 7, 2, 8], [3, 5, 4, 6]], "sitting_out": []}
    assert night.write("PUT", "/rounds/2", kept).status_code == 200
    assert pair_games(night.get(), 2) == [(1, 1, 4), (2, 2, 3)]
