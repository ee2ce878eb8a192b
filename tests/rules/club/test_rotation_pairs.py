"""Fixed pairs at a club night (docs/club.md §4.4, §4.8), issue 29: CLUB.md §19 cases 17 (round
robin, 6 pairs), 18 (Mitchell, 8 and 7 pairs) and 19 (Danish from the VP standings, both
``avoid`` settings, one rematch) exactly as written, and the rules around them."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from scorekeeper.rules.club.rotation.danish import danish_round_after, next_danish_round
from scorekeeper.rules.club.rotation.mitchell import mitchell
from scorekeeper.rules.club.rotation.movements import (
    MovementSettings,
    design_name,
    plan_pairs,
    read_movement,
)
from scorekeeper.rules.club.rotation.pairs import PairsRound, develop, met_in, pairs_balance
from scorekeeper.rules.club.rotation.round_robin import round_robin
from scorekeeper.rules.club.standings.ranking import (
    RoundResults,
    TableResult,
    read_standings_rules,
    standings,
)
from scorekeeper.rules.core.errors import RuleError
from scorekeeper.rules.games.club_form import partnership_form

FOUR = partnership_form()


def members(pairs: int) -> dict[int, tuple[int, int]]:
    """Pair k holds players 2k − 1 and 2k."""
    return {k: (2 * k - 1, 2 * k) for k in range(1, pairs + 1)}


def games(r: PairsRound) -> set[tuple[int, int]]:
    """A round's games as (North-South pair, East-West pair), compared as a set."""
    return {(ns, ew) for _, ns, ew in r.games}


def by_table(r: PairsRound) -> dict[int, tuple[int, int]]:
    return {table: (ns, ew) for table, ns, ew in r.games}


# --- case 17 ----------------------------------------------------------------------------------


def test_case_17_round_robin_six_pairs() -> None:
    # CLUB.md §19 case 17: "1: 6 v 1, 2 v 5, 3 v 4 · 2: 6 v 2, 3 v 1, 4 v 5 · 3: 6 v 3, 4 v 2,
    # 5 v 1 · 4: 6 v 4, 5 v 3, 1 v 2 · 5: 6 v 5, 1 v 4, 2 v 3" (the first named sits N-S, §4.4).
    rounds = round_robin(6, 5)
    assert [games(r) for r in rounds] == [
        {(6, 1), (2, 5), (3, 4)},
        {(6, 2), (3, 1), (4, 5)},
        {(6, 3), (4, 2), (5, 1)},
        {(6, 4), (5, 3), (1, 2)},
        {(6, 5), (1, 4), (2, 3)},
    ]
    assert all(r.resting == () for r in rounds)
    # Every two pairs meet once.
    met = Counter(frozenset((ns, ew)) for r in rounds for _, ns, ew in r.games)
    assert set(met) == {frozenset(p) for p in itertools.combinations(range(1, 7), 2)}
    assert set(met.values()) == {1}
    # A pair's two players are partners in every game (seats 1 + 3 and 2 + 4).
    pair_of = {frozenset(players) for players in members(6).values()}
    for r in rounds:
        plan = develop(r, members(6))
        assert plan.sitting_out == ()
        for table in plan.tables:
            assert frozenset((table[0], table[2])) in pair_of
            assert frozenset((table[1], table[3])) in pair_of
    balance = pairs_balance(
        rounds, range(1, 7), design_name(MovementSettings("round-robin", "previous", None), 6, 5)
    )
    assert (balance.design, balance.meet_repeats, balance.max_met, balance.never_met) == (
        "round-robin",
        0,
        1,
        0,
    )
    assert (balance.rematches, balance.partner_repeats) == (0, None)


def test_round_robin_odd_pairs_rest_once_each_and_repeats_beyond_its_length() -> None:
    # docs/club.md §4.4: P odd, one pair resting each round, every two pairs meeting once in P
    # rounds; rounds beyond the length repeat the cycle from round 1.
    rounds = round_robin(5, 6)
    assert [r.resting for r in rounds[:5]] == [(1,), (2,), (3,), (4,), (5,)]
    first = pairs_balance(rounds[:5], range(1, 6), "round-robin")
    assert (first.meet_repeats, first.never_met, first.sitout_spread) == (0, 0, 0)
    assert rounds[5] == rounds[0]
    assert pairs_balance(rounds, range(1, 6), None).rematches == 2


# --- case 18 ----------------------------------------------------------------------------------


def test_case_18_mitchell_eight_pairs_table_numbers() -> None:
    # CLUB.md §19 case 18 (table numbers compared): table t always has pair t at N-S.
    rounds = mitchell(8, 4)
    assert [by_table(r) for r in rounds] == [
        {1: (1, 5), 2: (2, 6), 3: (3, 7), 4: (4, 8)},
        {1: (1, 8), 2: (2, 5), 3: (3, 6), 4: (4, 7)},
        {1: (1, 7), 2: (2, 8), 3: (3, 5), 4: (4, 6)},
        {1: (1, 6), 2: (2, 7), 3: (3, 8), 4: (4, 5)},
    ]
    # Pair t's players sit N and S at table t (seats 1 and 3) in every round.
    for r in rounds:
        plan = develop(r, members(8))
        for t, table in enumerate(plan.tables, start=1):
            assert (table[0], table[2]) == members(8)[t]
    balance = pairs_balance(
        rounds, range(1, 9), design_name(MovementSettings("mitchell", "previous", None), 8, 4)
    )
    # Every N-S pair meets every E-W pair exactly once; two N-S (or E-W) pairs never meet.
    assert (balance.design, balance.meet_repeats, balance.max_met, balance.rematches) == (
        "mitchell",
        0,
        1,
        0,
    )
    assert balance.never_met == 2 * 6  # C(4, 2) among N-S and among E-W


def test_case_18_mitchell_seven_pairs_rests() -> None:
    # CLUB.md §19 case 18: "With 7 pairs: pair 4 rests in round 1, pair 1 in round 2, pair 2 in
    # round 3, pair 3 in round 4."
    rounds = mitchell(7, 4)
    assert [r.resting for r in rounds] == [(4,), (1,), (2,), (3,)]
    assert by_table(rounds[1]) == {2: (2, 5), 3: (3, 6), 4: (4, 7)}
    # The resting pair's players sit out; its table is idle.
    plan = develop(rounds[1], members(7))
    assert plan.tables[0] == ()
    assert plan.sitting_out == (1, 2)
    assert develop(rounds[0], members(7)).sitting_out == (7, 8)
    # Rounds beyond T repeat the cycle.
    assert mitchell(7, 5)[4] == rounds[0]


# --- case 19 ----------------------------------------------------------------------------------


def pair_game(
    table: int, ns: tuple[int, int], ew: tuple[int, int], totals: tuple[int, int]
) -> TableResult:
    (a, c), (b, d) = ns, ew
    return TableResult(table, (a, b, c, d), ((a, c), (b, d)), totals, None, None, 1)


def case_19_standings_order() -> list[int]:
    """CLUB.md §19 case 19's round 1 (1 v 2, 3 v 4, 5 v 6 as the Danish round 1 seats it),
    scored with ``vp`` and ``burraco-4``; the pairs in standings order, ties by pair number."""
    rules = read_standings_rules(FOUR, {"formula": "vp", "vp_table": "burraco-4"})
    first = plan_pairs(MovementSettings("danish", "previous", None), 6, 4)
    assert len(first) == 1
    assert by_table(first[0]) == {1: (1, 2), 2: (3, 4), 3: (5, 6)}
    seated = develop(first[0], members(6))
    # Pair 1 beats 2 by 150, 3 beats 4 by 1200, 5 beats 6 by 1000.
    totals = {1: (650, 500), 2: (1500, 300), 3: (1200, 200)}
    tables = tuple(
        pair_game(t, (table[0], table[2]), (table[1], table[3]), totals[t])
        for t, table in enumerate(seated.tables, start=1)
    )
    night = standings(
        rules,
        FOUR,
        [(n, f"P{n}") for n in range(1, 13)],
        [RoundResults(1, "closed", tables, (), ())],
    )
    vp = {row.player: row.vp for row in night.rows}
    pair_vp = {k: vp[a] for k, (a, b) in members(6).items()}
    assert all(vp[a] == vp[b] for a, b in members(6).values())
    order = sorted(pair_vp, key=lambda k: (-(pair_vp[k] or 0), k))
    # "Standings: 3 (16), 5 (15), 1 (11), 2 (9), 6 (5), 4 (4)."
    assert [(k, str(pair_vp[k])) for k in order] == [
        (3, "16"),
        (5, "15"),
        (1, "11"),
        (2, "9"),
        (6, "5"),
        (4, "4"),
    ]
    return order


def test_case_19_danish_avoid_previous() -> None:
    order = case_19_standings_order()
    history = list(plan_pairs(MovementSettings("danish", "previous", None), 6, 4))
    draw = danish_round_after(history, order, "previous")
    # "Round 2 with avoid: "previous": T1 3 v 5, T2 1 v 6, T3 2 v 4."
    assert by_table(draw.round) == {1: (3, 5), 2: (1, 6), 3: (2, 4)}
    assert draw.rematches == 0
    balance = pairs_balance([*history, draw.round], range(1, 7), None)
    assert (balance.rematches, balance.meet_repeats, balance.design) == (0, 0, None)


def test_case_19_danish_avoid_none_counts_the_rematch() -> None:
    order = case_19_standings_order()
    history = list(plan_pairs(MovementSettings("danish", "none", None), 6, 4))
    draw = danish_round_after(history, order, "none")
    # "with avoid: "none": T1 3 v 5, T2 1 v 2, T3 6 v 4, and rematches 1."
    assert by_table(draw.round) == {1: (3, 5), 2: (1, 2), 3: (6, 4)}
    assert draw.rematches == 1
    assert pairs_balance([*history, draw.round], range(1, 7), None).rematches == 1


def test_danish_avoid_all_bars_every_pair_met() -> None:
    # docs/club.md §4.4 ``avoid: "all"``: no pair met before this night. After 1 v 2 and then
    # 1 v 3 (with 2 v 4), pair 1 may not meet 2 or 3 again; under "previous" only 3 is barred.
    history = [
        PairsRound(((1, 1, 2), (2, 3, 4)), ()),
        PairsRound(((1, 1, 3), (2, 2, 4)), ()),
    ]
    order = [1, 2, 3, 4]
    assert by_table(danish_round_after(history, order, "all").round) == {1: (1, 4), 2: (2, 3)}
    assert by_table(danish_round_after(history, order, "previous").round) == {1: (1, 2), 2: (3, 4)}


def test_danish_no_allowed_opponent_left_takes_the_highest_and_counts_it() -> None:
    # docs/club.md §4.4: "When no allowed opponent is left, the highest unpaired one is taken and
    # the balance report counts the rematch." 1 takes 3 (2 was its opponent), 2 takes 4, and 5
    # is left with 6 only, its last opponent.
    history = [PairsRound(((1, 1, 2), (2, 3, 4), (3, 5, 6)), ())]
    draw = next_danish_round([1, 3, 2, 4, 5, 6], met_in(history), history[-1], "previous")
    assert by_table(draw.round) == {1: (1, 3), 2: (2, 4), 3: (5, 6)}
    assert draw.rematches == 1
    assert pairs_balance([*history, draw.round], range(1, 7), None).rematches == 1


def test_danish_rest_rule_with_an_odd_count() -> None:
    # docs/club.md §4.4: "With P odd the lowest-ranked pair that has not rested yet rests (then
    # the lowest-ranked)."
    assert next_danish_round([1, 2, 3, 4, 5], set(), None, "previous").round.resting == (5,)
    draw = next_danish_round([1, 2, 3, 4, 5], set(), None, "previous", rested={5})
    assert draw.round.resting == (4,)
    assert by_table(draw.round) == {1: (1, 2), 2: (3, 5)}
    everyone = next_danish_round([2, 1, 3], set(), None, "previous", rested={1, 2, 3})
    assert everyone.round.resting == (3,)


# --- danish_from_round and the settings -------------------------------------------------------


def test_three_mitchell_then_one_danish() -> None:
    # docs/club.md §4.4 "danish_from_round: k" (Burraco's "three Mitchell and one Danish").
    movement = read_movement(
        {"scheme": "fixed-pairs", "movement": "mitchell", "danish_from_round": 4}, 4
    )
    planned = plan_pairs(movement, 8, 4)
    assert planned == mitchell(8, 3)
    assert [movement.is_drawn(n) for n in (1, 2, 3, 4)] == [False, False, False, True]
    assert design_name(movement, 8, 4) is None
    # Round 4 from standings 1..8 in number order: every N-S pair met E-W pairs 5-7 (at the
    # table of its round), so with avoid "previous" only last round's opponent is barred.
    draw = danish_round_after(planned, range(1, 9), movement.avoid)
    assert by_table(draw.round)[1] == (1, 2)
    assert draw.rematches == sum(
        1 for _, ns, ew in draw.round.games if frozenset((ns, ew)) in met_in(planned)
    )


@pytest.mark.parametrize(
    ("body", "path"),
    [
        ({"movement": "swiss"}, "rotation.movement"),
        ({"avoid": "some"}, "rotation.avoid"),
        ({"danish_from_round": 1}, "rotation.danish_from_round"),
        ({"danish_from_round": 9}, "rotation.danish_from_round"),
        ({"movement": "danish", "danish_from_round": 2}, "rotation.danish_from_round"),
        ({"walk": 1}, "rotation.walk"),
    ],
)
def test_movement_refusals_name_the_field(body: dict[str, object], path: str) -> None:
    # docs/club.md §2.3: "not of §4.4's values; danish_from_round not 2..rounds".
    with pytest.raises(RuleError) as caught:
        read_movement(body, 8)
    assert caught.value.path == path


def test_movement_defaults() -> None:
    assert read_movement({}, 5) == MovementSettings("round-robin", "previous", None)
    assert MovementSettings("danish", "all", None).as_json() == {
        "movement": "danish",
        "avoid": "all",
        "danish_from_round": None,
    }


@pytest.mark.parametrize("count", range(2, 33))
def test_round_robin_every_two_pairs_meet_once_for_every_count(count: int) -> None:
    # docs/club.md §4.4: "every pair meets every other pair once in P − 1 rounds (P pairs,
    # even) or P rounds (odd, one pair resting each round)"; every pair has one place a round.
    length = count - 1 if count % 2 == 0 else count
    rounds = round_robin(count, length)
    for r in rounds:
        placed = [p for _, ns, ew in r.games for p in (ns, ew)] + list(r.resting)
        assert sorted(placed) == list(range(1, count + 1))
        assert len(r.resting) == count % 2
    balance = pairs_balance(rounds, range(1, count + 1), "round-robin")
    assert (balance.meet_repeats, balance.max_met, balance.never_met) == (0, 1, 0)
    assert (balance.sitout_spread, balance.consecutive_sitouts) == (0, 0)


@pytest.mark.parametrize("count", range(2, 33))
def test_mitchell_guarantees_for_every_count(count: int) -> None:
    # docs/club.md §4.4: over T rounds every North-South pair meets every East-West pair exactly
    # once (the phantom aside); two North-South pairs never meet; N-S pair t stays at table t.
    tables = (count + 1) // 2
    rounds = mitchell(count, tables)
    north_south = set(range(1, tables + 1))
    met = Counter(frozenset((ns, ew)) for r in rounds for _, ns, ew in r.games)
    expected = {frozenset((a, b)) for a in north_south for b in range(tables + 1, count + 1)}
    assert set(met) == expected
    assert set(met.values()) == {1}
    for r in rounds:
        assert all(table == ns for table, ns, _ in r.games)
        assert len(r.resting) == count % 2
