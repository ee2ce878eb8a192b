"""The club night's designs and schedules (docs/club.md §3, §4.1-§4.3, Appendix A and B, and
§19 cases 1-5 and 12-16): every stored design developed and counted, and the acceptance cases'
schedules exactly as written."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from scorekeeper.rules import find_variant
from scorekeeper.rules.club.rotation.designs import (
    AG_2_3,
    AG_2_4,
    KTS_15,
    WHIST_SIZES,
    circle,
    whist,
    whist_length,
)
from scorekeeper.rules.club.rotation.plan import Plan, Rotation, RoundPlan, plan, table_sizes
from scorekeeper.rules.games.club_form import ClubForm, partnership_form
from tests.rules.club.club_nights import CASE_1_ROUNDS, CASE_3_ROUNDS

FOUR = partnership_form()


def night(form: ClubForm, players: int, rounds: int, seed: int = 1, draw: str = "entry") -> Plan:
    """A night planned for players 1..``players``."""
    scheme = form.schemes[0]
    return plan(form, Rotation(scheme, rounds, draw, seed, None), range(1, players + 1))


def games(r: RoundPlan) -> set[frozenset[frozenset[int]]]:
    """A round's partnership games as sets: {{a, c}, {b, d}} per table."""
    return {frozenset({frozenset((t[0], t[2])), frozenset((t[1], t[3]))}) for t in r.tables}


def written(text: str) -> set[frozenset[frozenset[int]]]:
    """Games as §19 writes them: ``1&6 v 4&7, 2&3 v 5&8``."""
    found = set()
    for game in text.split(","):
        sides = game.split(" v ")
        found.add(frozenset(frozenset(int(x) for x in side.split("&")) for side in sides))
    return found


def groups(r: RoundPlan) -> set[frozenset[int]]:
    """A round's tables as sets of players."""
    return {frozenset(t) for t in r.tables}


def pair_counts(rounds: object) -> tuple[Counter[frozenset[int]], Counter[frozenset[int]]]:
    """Partnerships and oppositions of four-seat tables (seat order N, E, S, W)."""
    partners: Counter[frozenset[int]] = Counter()
    opponents: Counter[frozenset[int]] = Counter()
    for tables in rounds:  # type: ignore[attr-defined]
        for a, b, c, d in tables:
            partners.update([frozenset((a, c)), frozenset((b, d))])
            opponents.update(frozenset(p) for p in ((a, b), (a, d), (c, b), (c, d)))
    return partners, opponents


def meet_counts(rounds: object) -> Counter[frozenset[int]]:
    """Times each pair shares a table."""
    met: Counter[frozenset[int]] = Counter()
    for tables in rounds:  # type: ignore[attr-defined]
        for table in tables:
            met.update(frozenset(p) for p in itertools.combinations(table, 2))
    return met


# --- Appendix A and B, developed and counted --------------------------------------------------


@pytest.mark.parametrize("players", WHIST_SIZES)
def test_every_whist_design_partners_once_and_opposes_twice(players: int) -> None:
    """docs/club.md Appendix A: every row (and the Z3 x Z3 design of 9) developed by the rule;
    over its length every pair partners exactly once and opposes exactly twice; n ≡ 1 mod 4:
    design position j sits out round j, n ≡ 0 mod 4 nobody sits out."""
    rounds = whist(players)
    assert len(rounds) == whist_length(players) == (players - 1 if players % 4 == 0 else players)
    for j, tables in enumerate(rounds, start=1):
        seated = [p for t in tables for p in t]
        assert len(seated) == len(set(seated)) == players - players % 4
        left_out = set(range(1, players + 1)) - set(seated)
        assert left_out == (set() if players % 4 == 0 else {j})
    partners, opponents = pair_counts(rounds)
    pairs = {frozenset(p) for p in itertools.combinations(range(1, players + 1), 2)}
    assert set(partners) == pairs
    assert set(partners.values()) == {1}
    assert set(opponents) == pairs
    assert set(opponents.values()) == {2}


@pytest.mark.parametrize(
    ("design", "players", "size"), [(AG_2_3, 9, 3), (KTS_15, 15, 3), (AG_2_4, 16, 4)]
)
def test_appendix_b_designs_meet_every_pair_once(
    design: tuple[tuple[tuple[int, ...], ...], ...], players: int, size: int
) -> None:
    """docs/club.md Appendix B: AG(2,3), KTS(15), AG(2,4): everyone once a round, every pair
    shares a table exactly once."""
    for tables in design:
        assert sorted(p for t in tables for p in t) == list(range(1, players + 1))
        assert {len(t) for t in tables} == {size}
    met = meet_counts(design)
    assert len(met) == players * (players - 1) // 2
    assert set(met.values()) == {1}


@pytest.mark.parametrize("players", range(2, 15))
def test_circle_method_meets_every_pair_once(players: int) -> None:
    """docs/club.md §4.3: the circle method; odd n: player r has the bye in round r."""
    rounds = circle(players)
    assert len(rounds) == (players - 1 if players % 2 == 0 else players)
    for r, games_of in enumerate(rounds, start=1):
        seated = [p for g in games_of for p in g]
        assert len(seated) == len(set(seated))
        if players % 2:
            assert set(range(1, players + 1)) - set(seated) == {r}
    met = meet_counts(rounds)
    assert len(met) == players * (players - 1) // 2
    assert set(met.values()) == {1}


# --- §19 schedules ----------------------------------------------------------------------------


def test_case_1_eight_players_wh8() -> None:
    """docs/club.md §19 case 1."""
    result = night(FOUR, 8, 7)
    assert [games(r) for r in result.rounds] == [written(e) for e in CASE_1_ROUNDS]
    assert all(r.sitting_out == () for r in result.rounds)
    partners, opponents = pair_counts(r.tables for r in result.rounds)
    assert len(partners) == 28
    assert set(partners.values()) == {1}
    assert len(opponents) == 28
    assert set(opponents.values()) == {2}
    b = result.balance
    assert (b.design, b.partner_repeats, b.max_partner) == ("Wh(8)", 0, 1)
    assert (b.opponent_excess, b.max_opponent, b.never_met) == (0, 2, 0)
    assert b.as_json() == {
        "design": "Wh(8)",
        "sitout_spread": 0,
        "consecutive_sitouts": 0,
        "partner_repeats": 0,
        "max_partner": 1,
        "opponent_excess": 0,
        "max_opponent": 2,
        "meet_repeats": None,
        "max_met": None,
        "never_met": 0,
        "lower_bound": {"partner_repeats": 0},
        "rematches": None,
    }


def test_case_2_five_players_wh5() -> None:
    """docs/club.md §19 case 2."""
    expected = ["2&5 v 3&4", "3&1 v 4&5", "4&2 v 5&1", "5&3 v 1&2", "1&4 v 2&3"]
    result = night(FOUR, 5, 5)
    assert [games(r) for r in result.rounds] == [written(e) for e in expected]
    assert [r.sitting_out for r in result.rounds] == [(1,), (2,), (3,), (4,), (5,)]
    partners, opponents = pair_counts(r.tables for r in result.rounds)
    assert set(partners.values()) == {1}
    assert len(partners) == 10
    assert set(opponents.values()) == {2}
    assert len(opponents) == 10
    assert (result.balance.sitout_spread, result.balance.consecutive_sitouts) == (0, 0)


def test_case_3_nine_players_over_z3_z3() -> None:
    """docs/club.md §19 case 3."""
    result = night(FOUR, 9, 9)
    assert [games(r) for r in result.rounds] == [written(e) for e in CASE_3_ROUNDS]
    assert [r.sitting_out for r in result.rounds] == [(j,) for j in range(1, 10)]
    partners, opponents = pair_counts(r.tables for r in result.rounds)
    assert set(partners.values()) == {1}
    assert len(partners) == 36
    assert set(opponents.values()) == {2}
    assert len(opponents) == 36
    assert result.balance.design == "Wh(9)"


def test_case_4_twelve_players_eight_rounds() -> None:
    """docs/club.md §19 case 4."""
    result = night(FOUR, 12, 8)
    assert games(result.rounds[0]) == written("1&10 v 3&4, 2&8 v 7&11, 5&12 v 6&9")
    assert games(result.rounds[1]) == written("2&11 v 4&5, 3&9 v 8&1, 6&12 v 7&10")
    partners, opponents = pair_counts(r.tables for r in result.rounds)
    assert len(partners) == 48
    assert max(partners.values()) == 1
    assert max(opponents.values()) <= 2
    assert all(r.sitting_out == () for r in result.rounds)
    assert result.balance.design == "Wh(12)"
    assert result.balance.partner_repeats == 0


def test_case_5_thirteen_players_eight_rounds() -> None:
    """docs/club.md §19 case 5."""
    result = night(FOUR, 13, 8)
    assert games(result.rounds[0]) == written("2&11 v 6&8, 3&9 v 4&5, 7&12 v 10&13")
    assert games(result.rounds[1]) == written("3&12 v 7&9, 4&10 v 5&6, 8&13 v 11&1")
    assert [r.sitting_out for r in result.rounds] == [(r,) for r in range(1, 9)]
    b = result.balance
    assert (b.sitout_spread, b.partner_repeats, b.design) == (1, 0, "Wh(13)")
    assert b.max_opponent is not None
    assert b.max_opponent <= 2


def test_case_12_cutthroat_nine_players() -> None:
    """docs/club.md §19 case 12 (pinochle-3, rotating-tables)."""
    form = find_variant("pinochle-3").club_form({}, None)
    result = night(form, 9, 4)
    expected = [
        [{1, 2, 3}, {4, 5, 6}, {7, 8, 9}],
        [{1, 4, 7}, {2, 5, 8}, {3, 6, 9}],
        [{1, 5, 9}, {2, 6, 7}, {3, 4, 8}],
        [{1, 6, 8}, {2, 4, 9}, {3, 5, 7}],
    ]
    assert [groups(r) for r in result.rounds] == [{frozenset(t) for t in e} for e in expected]
    assert result.balance.design == "AG(2,3)"
    assert result.balance.meet_repeats == 0


def test_case_13_kirkman_fifteen() -> None:
    """docs/club.md §19 case 13: KTS(15) with A..O = P1..P15."""
    form = find_variant("pinochle-3").club_form({}, None)
    result = night(form, 15, 7)
    assert [groups(r) for r in result.rounds] == [{frozenset(t) for t in r} for r in KTS_15]
    met = meet_counts(r.tables for r in result.rounds)
    assert len(met) == 105
    assert set(met.values()) == {1}
    assert result.balance.design == "KTS(15)"


def test_case_14_each_for_himself_sixteen() -> None:
    """docs/club.md §19 case 14 (pinochle-4, partnerships false): AG(2,4)."""
    form = find_variant("pinochle-4").club_form({"partnerships": False}, None)
    result = night(form, 16, 5)
    assert [groups(r) for r in result.rounds] == [{frozenset(t) for t in r} for r in AG_2_4]
    met = meet_counts(r.tables for r in result.rounds)
    assert len(met) == 120
    assert set(met.values()) == {1}
    assert result.balance.design == "AG(2,4)"
    assert result.balance.never_met == 0


@pytest.mark.parametrize(
    ("players", "size", "sizes"),
    [
        (10, 4, (4, 3, 3)),
        (13, 4, (5, 4, 4)),
        (7, 4, (4, 3)),
        (14, 4, (4, 4, 3, 3)),
        (12, 4, (4, 4, 4)),
        (20, 5, (5, 5, 5, 5)),
    ],
)
def test_case_15_auction_table_sizes(players: int, size: int, sizes: tuple[int, ...]) -> None:
    """docs/club.md §19 case 15: nobody sits out."""
    form = find_variant("auction").club_form({"scoring": "units"}, size)
    assert table_sizes(form, players) == sizes
    result = plan(form, Rotation("rotating-tables", 4, "entry", 3, size), range(1, players + 1))
    for r in result.rounds:
        assert tuple(len(t) for t in r.tables) == sizes
        assert r.sitting_out == ()


def test_case_16_heads_up_seven() -> None:
    """docs/club.md §19 case 16 (pinochle-2): the circle method with a bye."""
    form = find_variant("pinochle-2").club_form({}, None)
    result = night(form, 7, 7)
    assert groups(result.rounds[0]) == {frozenset(g) for g in ((2, 7), (3, 6), (4, 5))}
    assert groups(result.rounds[1]) == {frozenset(g) for g in ((3, 1), (4, 7), (5, 6))}
    assert [r.sitting_out for r in result.rounds] == [(r,) for r in range(1, 8)]
    met = meet_counts(r.tables for r in result.rounds)
    assert len(met) == 21
    assert set(met.values()) == {1}
    assert result.balance.design == "round-robin"


# --- The draw, table numbers, seats -----------------------------------------------------------


def test_shuffle_draw_maps_design_positions_by_seed() -> None:
    """docs/club.md §3: ``shuffle`` is a permutation from the seed: the same seed gives the
    same schedule, the design's counts hold for any draw."""
    first = night(FOUR, 8, 7, seed=42, draw="shuffle")
    again = night(FOUR, 8, 7, seed=42, draw="shuffle")
    other = night(FOUR, 8, 7, seed=43, draw="shuffle")
    assert first == again
    assert first.rounds != other.rounds
    assert first.balance.design == "Wh(8)"
    assert first.balance.partner_repeats == 0


def test_rounds_beyond_a_design_continue_with_the_heuristic() -> None:
    """docs/club.md §4.2: 8 players, 9 rounds: Wh(8)'s 7 rounds, then two more counted after
    them (design null: the schedule is no longer the design)."""
    result = night(FOUR, 8, 9)
    design = night(FOUR, 8, 7)
    assert [games(r) for r in result.rounds[:7]] == [games(r) for r in design.rounds]
    assert len(result.rounds) == 9
    assert result.balance.design is None
    b = result.balance
    assert b.partner_repeats == b.lower_bound_partner_repeats == 8


def test_table_numbers_keep_the_most_players_in_place() -> None:
    """docs/club.md §3: from round 2 on no other numbering of a round's tables keeps more
    players at last round's table number, and a tie goes to the smallest list of numbers;
    the seats are turned but partnerships stay."""
    result = night(FOUR, 16, 6, seed=5, draw="shuffle")
    for before, now in itertools.pairwise(result.rounds):
        at = {p: t for t, table in enumerate(before.tables) for p in table}
        kept = sum(1 for t, table in enumerate(now.tables) for p in table if at.get(p) == t)
        best = max(
            sum(
                1
                for t, table in zip(order, now.tables, strict=True)
                for p in table
                if at.get(p) == t
            )
            for order in itertools.permutations(range(len(now.tables)))
        )
        assert kept == best


def test_seat_turns_keep_partners_and_seats() -> None:
    """docs/club.md §3: a table whose four sat together last round at that number keeps its
    seats when its partnerships allow it."""
    form = FOUR
    fixed = [RoundPlan(((1, 2, 3, 4), (5, 6, 7, 8)), ())]
    result = plan(form, Rotation("rotating-partners", 2, "entry", 0, None), range(1, 9), fixed)
    assert result.rounds[0] == fixed[0]
    assert result.balance.design is None
    second = result.rounds[1]
    assert len(second.tables) == 2
    assert second.sitting_out == ()
    partners, _ = pair_counts(r.tables for r in result.rounds)
    assert max(partners.values()) == 1
