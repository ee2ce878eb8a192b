"""Club night schedules over the API (docs/club.md §19 cases 1-9 and 12-16; docs/api.md "Club
nights"): ``POST /api/v1/schedules`` previews, and a created night's ``GET .../schedule`` shows
the same rounds. Games are compared as sets per round, as §19 says."""

from __future__ import annotations

from itertools import combinations
from typing import Any

from flask.testing import FlaskClient

from tests.api.club_helpers import (
    Night,
    consecutive,
    counts,
    games,
    parse_games,
    parse_tables,
    preview,
    sitouts,
    tables,
)
from tests.rules.club.club_nights import CASE_1_ROUNDS, CASE_3_ROUNDS


def every_pair(count: int) -> set[frozenset[int]]:
    return {frozenset(p) for p in combinations(range(1, count + 1), 2)}


def check_whole_design(rounds: list[dict[str, Any]], count: int) -> None:
    """Every pair partners exactly once and opposes exactly twice."""
    partners, opponents, _met = counts(rounds)
    assert set(partners) == every_pair(count)
    assert set(partners.values()) == {1}
    assert set(opponents) == every_pair(count)
    assert set(opponents.values()) == {2}


def test_case_1_eight_players_wh8(client: FlaskClient) -> None:
    """CLUB.md §19 case 1: 8 players, 7 rounds: Wh(8), no sit-outs, a perfect balance."""
    found = preview(client, 8, rotation={"rounds": 7})
    assert [games(r) for r in found["rounds"]] == [parse_games(text) for text in CASE_1_ROUNDS]
    assert all(r["sitting_out"] == [] for r in found["rounds"])
    check_whole_design(found["rounds"], 8)
    balance = found["balance"]
    assert balance["design"] == "Wh(8)"
    assert (balance["partner_repeats"], balance["max_partner"]) == (0, 1)
    assert (balance["opponent_excess"], balance["max_opponent"]) == (0, 2)
    assert balance["never_met"] == 0


def test_case_1_through_a_created_night(client: FlaskClient) -> None:
    """CLUB.md §19 case 1 again, through a created night's ``GET .../schedule``: the same
    rounds (the design's length is the default), and ``?player=`` cuts them to one player's."""
    night = Night(client, 8)
    schedule = night.get("/schedule")
    assert [games(r) for r in schedule["rounds"]] == [parse_games(text) for text in CASE_1_ROUNDS]
    assert schedule["balance"]["design"] == "Wh(8)"
    assert night.get()["rotation"]["rounds"] == 7
    mine = night.get("/schedule?player=6")
    for round_ in mine["rounds"]:
        assert len(round_["tables"]) == 1
        assert 6 in [seat["player"] for seat in round_["tables"][0]["seats"]]
    assert night.read("/schedule?player=9").status_code == 422


def test_case_2_five_players_wh5(client: FlaskClient) -> None:
    """CLUB.md §19 case 2: 5 players, 5 rounds; player r sits out round r."""
    found = preview(client, 5, rotation={"rounds": 5})
    expected = ("2&5 v 3&4", "3&1 v 4&5", "4&2 v 5&1", "5&3 v 1&2", "1&4 v 2&3")
    assert [games(r) for r in found["rounds"]] == [parse_games(text) for text in expected]
    assert [r["sitting_out"] for r in found["rounds"]] == [[1], [2], [3], [4], [5]]
    check_whole_design(found["rounds"], 5)
    assert found["balance"]["sitout_spread"] == 0
    assert found["balance"]["consecutive_sitouts"] == 0


def test_case_3_nine_players_wh9(client: FlaskClient) -> None:
    """CLUB.md §19 case 3: 9 players, 9 rounds over Z3 x Z3."""
    found = preview(client, 9, rotation={"rounds": 9})
    assert [games(r) for r in found["rounds"]] == [parse_games(text) for text in CASE_3_ROUNDS]
    assert [r["sitting_out"] for r in found["rounds"]] == [[r] for r in range(1, 10)]
    check_whole_design(found["rounds"], 9)


def test_case_4_twelve_players_eight_rounds(client: FlaskClient) -> None:
    """CLUB.md §19 case 4: 12 players, Wh(12)'s first 8 rounds."""
    found = preview(client, 12, rotation={"rounds": 8})
    rounds = found["rounds"]
    assert games(rounds[0]) == parse_games("1&10 v 3&4, 2&8 v 7&11, 5&12 v 6&9")
    assert games(rounds[1]) == parse_games("2&11 v 4&5, 3&9 v 8&1, 6&12 v 7&10")
    partners, opponents, _met = counts(rounds)
    assert len(partners) == 48
    assert set(partners.values()) == {1}
    assert max(opponents.values()) <= 2
    assert all(r["sitting_out"] == [] for r in rounds)
    assert found["balance"]["design"] == "Wh(12)"


def test_case_5_thirteen_players(client: FlaskClient) -> None:
    """CLUB.md §19 case 5: 13 players, 8 rounds of Wh(13)."""
    found = preview(client, 13, rotation={"rounds": 8})
    rounds = found["rounds"]
    assert games(rounds[0]) == parse_games("2&11 v 6&8, 3&9 v 4&5, 7&12 v 10&13")
    assert games(rounds[1]) == parse_games("3&12 v 7&9, 4&10 v 5&6, 8&13 v 11&1")
    assert [r["sitting_out"] for r in rounds] == [[r] for r in range(1, 9)]
    balance = found["balance"]
    assert balance["sitout_spread"] == 1
    assert balance["partner_repeats"] == 0
    assert balance["max_opponent"] <= 2


def check_heuristic(found: dict[str, Any], count: int, rounds: int) -> dict[int, list[int]]:
    """What §4.2 guarantees every heuristic schedule: the rounds asked for, nobody out two
    rounds in a row; each player's rounds out."""
    assert len(found["rounds"]) == rounds
    out = sitouts(found["rounds"], count)
    assert not any(consecutive(r) for r in out.values())
    assert found["balance"]["consecutive_sitouts"] == 0
    return out


def test_case_6_six_players(client: FlaskClient) -> None:
    """CLUB.md §19 case 6: 6 players, 6 rounds: one table, two out, each out exactly twice."""
    found = preview(client, 6, rotation={"rounds": 6})
    out = check_heuristic(found, 6, 6)
    assert all(len(r["tables"]) == 1 for r in found["rounds"])
    assert {len(rounds) for rounds in out.values()} == {2}
    assert found["balance"]["partner_repeats"] == 0
    assert found["balance"]["max_opponent"] <= 2
    assert found["balance"]["design"] is None


def test_case_7_seven_players(client: FlaskClient) -> None:
    """CLUB.md §19 case 7: 7 players, 7 rounds: three out a round, each out exactly 3 times."""
    found = preview(client, 7, rotation={"rounds": 7})
    out = check_heuristic(found, 7, 7)
    assert {len(rounds) for rounds in out.values()} == {3}
    assert found["balance"]["partner_repeats"] == 0
    assert found["balance"]["max_opponent"] <= 2


def test_case_8_ten_players(client: FlaskClient) -> None:
    """CLUB.md §19 case 8: 10 players, 8 rounds: two tables, two out; six out twice, four
    once."""
    found = preview(client, 10, rotation={"rounds": 8})
    out = check_heuristic(found, 10, 8)
    assert all(len(r["tables"]) == 2 for r in found["rounds"])
    assert sorted(len(rounds) for rounds in out.values()) == [1] * 4 + [2] * 6
    assert found["balance"]["partner_repeats"] == 0
    assert found["balance"]["max_opponent"] <= 2


def test_case_9_six_players_forced_repeat(client: FlaskClient) -> None:
    """CLUB.md §19 case 9: 6 players, 8 rounds: one repeat is forced, and only one is made."""
    found = preview(client, 6, rotation={"rounds": 8})
    check_heuristic(found, 6, 8)
    balance = found["balance"]
    assert balance["lower_bound"]["partner_repeats"] == 1
    assert balance["partner_repeats"] == 1
    assert balance["sitout_spread"] <= 1


def test_case_12_cutthroat_nine(client: FlaskClient) -> None:
    """CLUB.md §19 case 12: pinochle-3, 9 players, 4 rounds: AG(2,3)."""
    found = preview(
        client, 9, variant="pinochle-3", rotation={"scheme": "rotating-tables", "rounds": 4}
    )
    expected = (
        "{1,2,3} {4,5,6} {7,8,9}",
        "{1,4,7} {2,5,8} {3,6,9}",
        "{1,5,9} {2,6,7} {3,4,8}",
        "{1,6,8} {2,4,9} {3,5,7}",
    )
    assert [tables(r) for r in found["rounds"]] == [parse_tables(text) for text in expected]
    assert found["balance"]["design"] == "AG(2,3)"
    assert found["balance"]["meet_repeats"] == 0


def letters(rows: tuple[str, ...]) -> list[frozenset[frozenset[int]]]:
    """Appendix B's rounds in letters (A = P1) as sets of tables."""
    return [
        frozenset(frozenset(ord(c) - ord("A") + 1 for c in table) for table in row.split())
        for row in rows
    ]


def test_case_13_kirkman_fifteen(client: FlaskClient) -> None:
    """CLUB.md §19 case 13: pinochle-3, 15 players, 7 rounds: Appendix B's KTS(15)."""
    found = preview(client, 15, variant="pinochle-3", rotation={"rounds": 7})
    kts = (
        "ABC DEF GHI JKL MNO",
        "ADG BEH CJM FKN ILO",
        "AEO BIJ CDN FHL GKM",
        "AIM BDL CEK FGO HJN",
        "AFJ BKO CGL DHM EIN",
        "AHK BGN CFI DJO ELM",
        "ALN BFM CHO DIK EGJ",
    )
    assert [tables(r) for r in found["rounds"]] == letters(kts)
    _partners, _opponents, met = counts(found["rounds"])
    assert set(met) == every_pair(15)
    assert set(met.values()) == {1}
    assert found["balance"]["design"] == "KTS(15)"


def test_case_14_each_for_himself_sixteen(client: FlaskClient) -> None:
    """CLUB.md §19 case 14: pinochle-4 without partnerships, 16 players, 5 rounds: AG(2,4)."""
    found = preview(
        client,
        16,
        rules={"partnerships": False},
        rotation={"scheme": "rotating-tables", "rounds": 5},
    )
    ag24 = (
        "AEIM BFJN CGKO DHLP",
        "AFKP BELO CHIN DGJM",
        "AGLN BHKM CEJP DFIO",
        "AHJO BGIP CFLM DEKN",
        "ABCD EFGH IJKL MNOP",
    )
    assert [tables(r) for r in found["rounds"]] == letters(ag24)
    _partners, _opponents, met = counts(found["rounds"])
    assert set(met) == every_pair(16)
    assert set(met.values()) == {1}
    assert found["balance"]["design"] == "AG(2,4)"


def test_case_15_auction_table_sizes(client: FlaskClient) -> None:
    """CLUB.md §19 case 15: auction tables around ``table_size`` (4, and 5), nobody out."""
    for count, size, expected in (
        (10, 4, [4, 3, 3]),
        (13, 4, [5, 4, 4]),
        (7, 4, [4, 3]),
        (14, 4, [4, 4, 3, 3]),
        (12, 4, [4, 4, 4]),
        (20, 5, [5, 5, 5, 5]),
    ):
        found = preview(
            client,
            count,
            variant="auction",
            rotation={"table_size": size, "rounds": 2},
        )
        for round_ in found["rounds"]:
            assert sorted((len(t["seats"]) for t in round_["tables"]), reverse=True) == expected
            assert round_["sitting_out"] == [], (count, round_)


def test_case_16_heads_up_seven(client: FlaskClient) -> None:
    """CLUB.md §19 case 16: pinochle-2, 7 players, 7 rounds: the circle method with a bye."""
    found = preview(client, 7, variant="pinochle-2", rotation={"rounds": 7})
    rounds = found["rounds"]
    assert tables(rounds[0]) == parse_tables("2 v 7, 3 v 6, 4 v 5")
    assert tables(rounds[1]) == parse_tables("3 v 1, 4 v 7, 5 v 6")
    assert [r["sitting_out"] for r in rounds] == [[r] for r in range(1, 8)]
    _partners, _opponents, met = counts(rounds)
    assert set(met) == every_pair(7)
    assert set(met.values()) == {1}
    assert found["balance"]["design"] == "round-robin"


def test_a_preview_stores_nothing_and_takes_a_count(client: FlaskClient) -> None:
    """docs/club.md §14: a preview with ``players`` as a count; nothing is stored (the same
    preview twice is the same schedule, from the same seed)."""
    first = preview(client, 8, rotation={"draw": "shuffle", "seed": 42})
    sent = {"variant": "pinochle-4", "players": 8, "rotation": {"draw": "shuffle", "seed": 42}}
    again = client.post("/api/v1/schedules", json=sent)
    assert again.status_code == 200, again.get_json()
    assert again.get_json()["rounds"] == first["rounds"]
