"""A fixed-pairs night's places (docs/club.md §9.1, §9.4; issue 35, point 1): counted over the
pairs, and a pair's adjustment moves exactly its value."""

from __future__ import annotations

from decimal import Decimal

from scorekeeper.rules.club.standings.ranking import (
    Adjustment,
    RoundResults,
    figure,
    pair_standings,
    read_standings_rules,
    standings,
)
from tests.rules.club.club_nights import FOUR, game

TWELVE = [(n, f"P{n}") for n in range(1, 13)]
SIX_PAIRS = [(p, f"P{2 * p - 1} & P{2 * p}", (2 * p - 1, 2 * p)) for p in range(1, 7)]
#: Mitchell round 1 of six pairs: pairs 1-3 N-S make 130, pairs 4-6 E-W 120.
ROUND_ONE = RoundResults(
    1,
    "closed",
    tuple(game(t, (2 * t - 1, 2 * t), (2 * t + 5, 2 * t + 6), (130, 120)) for t in (1, 2, 3)),
    (),
    (),
)


def places(adjustments: list[Adjustment]) -> list[tuple[str, int | None, str]]:
    rules = read_standings_rules(FOUR, None)
    night = standings(rules, FOUR, TWELVE, [ROUND_ONE], adjustments=adjustments)
    rows = pair_standings(night, SIX_PAIRS).rows
    return [(f"{r.place}{'=' if r.shared else ''}", r.pair, figure(r.value)) for r in rows]


def test_a_pair_penalty_moves_its_value_and_the_places_follow() -> None:
    assert places([]) == [
        ("1=", 1, "130"),
        ("1=", 2, "130"),
        ("1=", 3, "130"),
        ("4=", 4, "120"),
        ("4=", 5, "120"),
        ("4=", 6, "120"),
    ]
    # The service gives a pair's adjustment to both its players.
    penalty = [Adjustment(p, None, Decimal(-20), "table talk") for p in (1, 2)]
    assert places(penalty) == [
        ("1=", 2, "130"),
        ("1=", 3, "130"),
        ("3=", 4, "120"),
        ("3=", 5, "120"),
        ("3=", 6, "120"),
        ("6", 1, "110"),
    ]


def test_places_are_counted_over_pairs_even_when_partners_are_not_level() -> None:
    # Issue 35: one partner's -20 left the pair at 130 and the places 1=, 1=, 1= then 3.
    assert [place for place, _, _ in places([Adjustment(1, None, Decimal(-20), "")])] == [
        "1=",
        "1=",
        "1=",
        "4=",
        "4=",
        "4=",
    ]
