"""The awards of a club night (docs/club.md §10.1), issue 29: CLUB.md §19 case 27 exactly as
written (case 21's night), and the awards that rest on listed meld, bids and Pinnacolas."""

from __future__ import annotations

import pytest

from scorekeeper.rules.club.standings.awards import (
    AUCTION_AWARDS,
    PINOCHLE_AWARDS,
    Award,
    TableTally,
    awards,
    offered_awards,
    read_awards,
)
from scorekeeper.rules.club.standings.ranking import RoundResults, standings
from scorekeeper.rules.core.errors import RuleError
from scorekeeper.rules.games.club_form import individual_form
from tests.rules.club.club_nights import CASE_21_ROUNDS, EIGHT, FOUR, game, rules_of


def case_21_awards(*chosen: str, tallies: tuple[TableTally, ...] = ()) -> dict[str, Award]:
    rules = rules_of()
    night = standings(rules, FOUR, EIGHT, CASE_21_ROUNDS)
    return {a.award: a for a in awards(chosen, rules, CASE_21_ROUNDS, night, tallies)}


def test_case_27_awards() -> None:
    found = case_21_awards("high_game", "high_table", "high_average", "low_total")
    # "high_game 820 by P2 and P6 (round 3)" -- as §14's example shows it.
    assert found["high_game"].as_json() == {
        "award": "high_game",
        "value": "820",
        "holders": [{"players": [2, 6], "round": 3, "table": 1}],
        "rests_on": {"count": 6, "of": "matches"},
    }
    # "high_table 1150, twice (round 1 at 1&6 v 4&7, round 3 at 4&5 v 7&8)".
    table = found["high_table"].as_json()
    assert table["value"] == "1150"
    assert table["holders"] == [
        {"players": [1, 4, 6, 7], "round": 1, "table": 1},
        {"players": [4, 5, 7, 8], "round": 3, "table": 2},
    ]
    # "high_average P6 690".
    average = found["high_average"].as_json()
    assert (average["value"], average["holders"]) == (
        "690",
        [{"players": [6], "round": None, "table": None}],
    )
    # "low_total P3 1270".
    low = found["low_total"].as_json()
    assert (low["value"], low["holders"]) == (
        "1270",
        [{"players": [3], "round": None, "table": None}],
    )
    assert low["rests_on"] == {"count": 3, "of": "rounds"}


def test_high_average_needs_half_the_rounds() -> None:
    # docs/club.md §10.1: "among players who played at least half the rounds". P9 plays round
    # 1 only, at 2000 points: over a night of 3 rounds he does not count; P6 keeps it.
    big = RoundResults(1, "closed", (game(3, (9, 10), (11, 12), (2000, 100)),), (), ())
    rounds = (
        RoundResults(1, "closed", CASE_21_ROUNDS[0].tables + big.tables, (), ()),
        *CASE_21_ROUNDS[1:],
    )
    players = [(n, f"P{n}") for n in range(1, 13)]
    rules = rules_of()
    night = standings(rules, FOUR, players, rounds)
    (average,) = awards(["high_average"], rules, rounds, night)
    assert [h.players for h in average.holders] == [(6,)]
    # Over the first round only, everyone played half of it: P9 and P10 hold it at 2000.
    first = standings(rules, FOUR, players, rounds, after_round=1)
    (average,) = awards(["high_average"], rules, rounds, first, after_round=1)
    assert (str(average.value), average.players) == ("2000", (9, 10))


def test_awards_count_the_rounds_the_standings_count() -> None:
    # docs/club.md §10.1: "Computed from the same figures as the standings". A round still
    # being played counts with live_round "show" only.
    live = RoundResults(4, "playing", (game(1, (1, 2), (3, 4), (1500, 10)),), (), ())
    rounds = (*CASE_21_ROUNDS, live)
    for shown, value in (("show", "1500"), ("hide", "820")):
        rules = rules_of(live_round=shown)
        night = standings(rules, FOUR, EIGHT, rounds)
        (high,) = awards(["high_game"], rules, rounds, night)
        assert high.as_json()["value"] == value


def test_listed_meld_awards_count_for_both_partners() -> None:
    # docs/club.md §10.1: double pinochles "most ... listed", thousand aces and double runs
    # "every ... listed, each holder with its count, round and table"; "A meld held by a
    # partnership (entered per side) counts for both partners."
    tallies = (
        TableTally(1, 1, 1, 1, double_pinochles={(1, 6): 1}, double_aces={(1, 6): 1}),
        TableTally(2, 2, 1, 1, double_pinochles={(6, 8): 1}, double_runs={(3, 4): 1}),
        TableTally(3, 1, 1, 0),
    )
    found = case_21_awards("double_pinochles", "thousand_aces", "double_runs", tallies=tallies)
    pinochles = found["double_pinochles"].as_json()
    assert pinochles["value"] == "2"
    assert pinochles["holders"] == [{"players": [6], "round": None, "table": None, "count": 2}]
    assert pinochles["rests_on"] == {"count": 2, "of": "hands"}
    assert found["thousand_aces"].as_json()["holders"] == [
        {"players": [1, 6], "round": 1, "table": 1, "count": 1}
    ]
    assert found["double_runs"].as_json()["holders"] == [
        {"players": [3, 4], "round": 2, "table": 2, "count": 1}
    ]


def test_no_meld_listed_no_holder() -> None:
    found = case_21_awards("double_pinochles", "thousand_aces")
    assert found["double_pinochles"].as_json()["holders"] == []
    assert found["double_pinochles"].as_json()["value"] is None
    assert found["thousand_aces"].as_json()["holders"] == []


def test_highest_bid_made_and_pinnacolas() -> None:
    tallies = (
        TableTally(1, 1, 3, 3, bids_made=(((1, 6), 350), ((4, 7), 300)), pinnacolas={(4, 7): 2}),
        TableTally(2, 1, 2, 2, bids_made=(((2, 7), 350), ((2, 7), 350)), pinnacolas={(2, 7): 1}),
    )
    found = case_21_awards("highest_bid_made", "pinnacolas", tallies=tallies)
    bid = found["highest_bid_made"].as_json()
    assert bid["value"] == "350"
    assert bid["holders"] == [
        {"players": [1, 6], "round": 1, "table": 1, "count": 1},
        {"players": [2, 7], "round": 2, "table": 1, "count": 2},
    ]
    assert bid["rests_on"] == {"count": 4, "of": "bids"}
    # P7 laid 2 + 1 Pinnacolas (with two partners): the most.
    assert found["pinnacolas"].players == (7,)


def test_offered_awards_by_form() -> None:
    # docs/club.md §10.1 "forms": points awards for forms kept in points, low_total for all.
    assert offered_awards(FOUR, PINOCHLE_AWARDS) == (
        "high_game",
        "high_average",
        "high_table",
        "low_total",
        "double_pinochles",
        "thousand_aces",
        "double_runs",
    )
    units = individual_form(3, 6, 4, units=True)
    assert offered_awards(units, AUCTION_AWARDS) == ("low_total", "highest_bid_made")


@pytest.mark.parametrize(
    ("given", "path"),
    [
        (["high_game", "booby"], "awards[1]"),
        (["pinnacolas"], "awards[0]"),
        (["low_total", "low_total"], "awards[1]"),
        ([3], "awards[0]"),
        ("high_game", "awards"),
    ],
)
def test_award_refusals_name_the_place(given: object, path: str) -> None:
    # docs/club.md §2.3: "awards[i]: unknown, or not for this form (§10.1)".
    with pytest.raises(RuleError) as caught:
        read_awards(given, offered_awards(FOUR, PINOCHLE_AWARDS))
    assert caught.value.path == path
