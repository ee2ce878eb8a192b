"""The club night's heuristic, table numbers, hand-seated rounds and settings (docs/club.md
§3, §4.2, §4.3, §4.7-§4.9, §2.3; §19 cases 6-9, 10's schedule and 35's refusals)."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from scorekeeper.rules import RuleError, find_variant
from scorekeeper.rules.club.rotation.plan import (
    FIGURES,
    Balance,
    Plan,
    Rotation,
    RoundPlan,
    check_round,
    plan,
    read_rotation,
)
from scorekeeper.rules.club.rotation.seats import number_tables
from scorekeeper.rules.games.club_form import ClubForm, partnership_form

FOUR = partnership_form()


def night(form: ClubForm, players: int, rounds: int, seed: int = 1) -> Plan:
    """A night planned for players 1..``players`` (draw entry)."""
    return plan(form, Rotation(form.schemes[0], rounds, "entry", seed, None), range(1, players + 1))


def sitouts(result: Plan) -> Counter[int]:
    """Times each player sat out."""
    return Counter(p for r in result.rounds for p in r.sitting_out)


def assert_sitout_guarantees(result: Plan, players: int) -> None:
    """docs/club.md §4.2: sit-outs differ by at most one; nobody out two rounds in a row."""
    counts = sitouts(result)
    spread = [counts[p] for p in range(1, players + 1)]
    assert max(spread) - min(spread) <= 1
    for before, now in itertools.pairwise(result.rounds):
        assert not set(before.sitting_out) & set(now.sitting_out)
    assert result.balance.sitout_spread <= 1
    assert result.balance.consecutive_sitouts == 0


def assert_every_player_once(result: Plan, players: int) -> None:
    """Each round seats or rests every player exactly once."""
    for r in result.rounds:
        placed = [p for t in r.tables for p in t] + list(r.sitting_out)
        assert sorted(placed) == list(range(1, players + 1))


# --- §19 cases 6-9 ----------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(5))
def test_case_6_six_players_six_rounds(seed: int) -> None:
    """docs/club.md §19 case 6."""
    result = night(FOUR, 6, 6, seed)
    assert all(len(r.tables) == 1 and len(r.sitting_out) == 2 for r in result.rounds)
    assert set(sitouts(result).values()) == {2}
    assert_sitout_guarantees(result, 6)
    b = result.balance
    assert (b.partner_repeats, b.design) == (0, None)
    assert b.max_opponent is not None
    assert b.max_opponent <= 2


@pytest.mark.parametrize("seed", range(5))
def test_case_7_seven_players_seven_rounds(seed: int) -> None:
    """docs/club.md §19 case 7."""
    result = night(FOUR, 7, 7, seed)
    assert all(len(r.tables) == 1 and len(r.sitting_out) == 3 for r in result.rounds)
    assert set(sitouts(result).values()) == {3}
    assert_sitout_guarantees(result, 7)
    assert result.balance.partner_repeats == 0
    assert result.balance.max_opponent is not None
    assert result.balance.max_opponent <= 2


@pytest.mark.parametrize("seed", range(5))
def test_case_8_ten_players_eight_rounds(seed: int) -> None:
    """docs/club.md §19 case 8."""
    result = night(FOUR, 10, 8, seed)
    assert all(len(r.tables) == 2 and len(r.sitting_out) == 2 for r in result.rounds)
    assert sorted(sitouts(result).values()) == [1] * 4 + [2] * 6
    assert_sitout_guarantees(result, 10)
    assert result.balance.partner_repeats == 0
    assert result.balance.max_opponent is not None
    assert result.balance.max_opponent <= 2


@pytest.mark.parametrize(("rounds", "repeats"), [(8, 1), (9, 3), (10, 5)])
@pytest.mark.parametrize("seed", range(10))
def test_case_9_forced_repeats_meet_the_lower_bound(seed: int, rounds: int, repeats: int) -> None:
    """docs/club.md §19 case 9 and §4.2: 6 players, 8 rounds exactly 1 repeat; 9: 3; 10: 5."""
    result = night(FOUR, 6, rounds, seed)
    b = result.balance
    assert b.lower_bound_partner_repeats == repeats
    assert b.partner_repeats == repeats
    assert_sitout_guarantees(result, 6)


# --- §4.2's table -----------------------------------------------------------------------------


def _figure_cases(seeds_small: int, seeds_mid: int, seeds_large: int) -> list[tuple[int, int, int]]:
    """(players, rounds, seeds) for every count of §4.2's table, at the rounds it names."""
    cases = []
    for players, (partner_r, opponent_r) in FIGURES.items():
        rounds = sorted({partner_r, opponent_r}) if players < 26 else [8, 12]
        seeds = seeds_small if players < 10 else seeds_mid if players < 26 else seeds_large
        cases += [(players, r, seeds) for r in rounds]
    return cases


def _check_figures(players: int, rounds: int, seed: int) -> None:
    partner_r, opponent_r = FIGURES[players]
    result = night(FOUR, players, rounds, seed)
    b = result.balance
    if rounds <= partner_r:
        assert b.partner_repeats == 0
    if rounds <= opponent_r:
        assert b.opponent_excess == 0
    assert b.sitout_spread <= 1
    assert b.consecutive_sitouts == 0
    assert_every_player_once(result, players)


@pytest.mark.parametrize(("players", "rounds", "seeds"), _figure_cases(100, 10, 3))
def test_heuristic_meets_the_figures(players: int, rounds: int, seeds: int) -> None:
    """docs/club.md §4.2's table: no repeated partner and no pair opposing more than twice up
    to the rounds it gives (seeds 0-99 for 6 and 7 players, 0-9 for 10-23, 0-2 for 26-39;
    the slow test sweeps 0-99 for every count)."""
    for seed in range(seeds):
        _check_figures(players, rounds, seed)


@pytest.mark.slow
def test_heuristic_meets_the_figures_on_every_seed() -> None:
    """docs/club.md §4.7: "The project's tests check seeds 0-99 for every size of §4.2's
    table" (about 25 s)."""
    for players, rounds, seeds in _figure_cases(100, 100, 100):
        for seed in range(seeds):
            _check_figures(players, rounds, seed)


def test_heuristic_is_deterministic() -> None:
    """docs/club.md §4.7: everything random from the seed: the same seed, the same plan."""
    assert night(FOUR, 14, 10, 77) == night(FOUR, 14, 10, 77)
    assert night(FOUR, 14, 10, 77).rounds != night(FOUR, 14, 10, 78).rounds


def test_first_round_is_seated_in_draw_order() -> None:
    """docs/club.md §4.7 step 2: the first round fills table 1, 2, ... in draw order, the
    last players sitting out (and §19 case 25: table 1 Ana-Dee, table 2 Eve-Hal)."""
    assert night(FOUR, 10, 3).rounds[0] == RoundPlan(((1, 2, 3, 4), (5, 6, 7, 8)), (9, 10))
    auction = find_variant("auction").club_form({"scoring": "units"}, 4)
    result = plan(auction, Rotation("rotating-tables", 1, "entry", 9, 4), range(1, 9))
    assert result.rounds == (RoundPlan(((1, 2, 3, 4), (5, 6, 7, 8)), ()),)


@pytest.mark.parametrize("variant", ["pinochle-3", "pinochle-2"])
def test_rotating_tables_heuristic_spreads_sitouts(variant: str) -> None:
    """docs/club.md §4.3: the sit-out guarantees of §4.2 hold at individual tables."""
    form = find_variant(variant).club_form({}, None)
    players = 10 if variant == "pinochle-3" else 9
    fixed = [RoundPlan(((1, 2, 3), (4, 5, 6), (7, 8, 9)), (10,))] if players == 10 else []
    result = plan(form, Rotation("rotating-tables", 9, "entry", 4, None), range(1, 11), fixed)
    if players == 9:
        result = night(form, 9, 12)
    assert_sitout_guarantees(result, players)
    assert_every_player_once(result, players)
    assert result.balance.meet_repeats is not None
    assert result.balance.partner_repeats is None


def test_late_arrival_replan_case_10_schedule() -> None:
    """docs/club.md §19 case 10 (the schedule): Wh(12) rounds 1-3 kept, P13 added; rounds 4-8
    one player out each, P13 never, nobody out twice; no repeated partner; three tables."""
    first = night(FOUR, 12, 8)
    fixed = first.rounds[:3]
    result = plan(FOUR, Rotation("rotating-partners", 8, "entry", 1, None), range(1, 14), fixed)
    assert result.rounds[:3] == fixed
    later = result.rounds[3:]
    assert len(later) == 5
    assert all(len(r.sitting_out) == 1 for r in later)
    out = [p for r in later for p in r.sitting_out]
    assert 13 not in out
    assert len(set(out)) == 5
    assert all(len(r.tables) == 3 for r in result.rounds)
    b = result.balance
    assert (b.partner_repeats, b.design) == (0, None)
    assert b.max_opponent is not None
    assert b.max_opponent <= 2


@pytest.mark.parametrize("seed", range(3))
def test_leaver_replan_case_11_schedule(seed: int) -> None:
    """docs/club.md §19 case 11 (the schedule): Wh(16), P16 leaves after round 2; rounds 3-8
    seat 15: three out each round, 18 sit-outs (three players twice, twelve once), nobody
    twice in a row, no repeated partner, nobody opposing more than twice."""
    rotation = Rotation("rotating-partners", 8, "shuffle", seed, None)
    first = plan(FOUR, rotation, range(1, 17))
    assert first.balance.design == "Wh(16)"
    result = plan(FOUR, rotation, range(1, 16), first.rounds[:2])
    later = result.rounds[2:]
    assert all(len(r.sitting_out) == 3 for r in later)
    assert all(16 not in p for r in later for p in (*r.tables, r.sitting_out))
    out = Counter(p for r in later for p in r.sitting_out)
    assert sorted(out.values()) == [1] * 12 + [2] * 3
    b = result.balance
    assert (b.partner_repeats, b.consecutive_sitouts, b.design) == (0, 0, None)
    assert b.max_opponent is not None
    assert b.max_opponent <= 2


# --- Table numbers ----------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(30))
def test_numbering_is_the_best_assignment_with_the_smallest_numbers(seed: int) -> None:
    """docs/club.md §3: the most players at last round's table number, ties to the
    lexicographically smallest list of numbers in the generator's order; seats turned so that
    partnerships are kept."""
    rng = random.Random(seed)
    players = list(range(1, 17))
    rng.shuffle(players)
    previous = [tuple(players[i : i + 4]) for i in range(0, 16, 4)]
    rng.shuffle(players)
    tables = [tuple(players[i : i + 4]) for i in range(0, 16, 4)]
    at = {p: t for t, table in enumerate(previous) for p in table}

    def kept(order: tuple[int, ...]) -> int:
        return sum(1 for i, t in enumerate(tables) for p in t if at[p] == order[i])

    best = max(kept(o) for o in itertools.permutations(range(4)))
    chosen = min(o for o in itertools.permutations(range(4)) if kept(o) == best)
    result = number_tables(previous, tables, True)
    for i, table in enumerate(tables):
        turned = result[chosen[i]]
        assert {frozenset((turned[0], turned[2])), frozenset((turned[1], turned[3]))} == {
            frozenset((table[0], table[2])),
            frozenset((table[1], table[3])),
        }


def test_seat_turn_keeps_seats() -> None:
    """docs/club.md §3: a table of last round's four, partners swapped around, is turned back
    to the seats they had."""
    assert number_tables([(1, 2, 3, 4)], [(2, 3, 4, 1)], True) == ((1, 2, 3, 4),)
    assert number_tables([(1, 2, 3)], [(3, 9, 1)], False) == ((1, 9, 3),)


# --- §4.9: a round seated by hand -------------------------------------------------------------


def refusal(form: ClubForm, tables: object, out: object = ()) -> tuple[str, str]:
    with pytest.raises(RuleError) as caught:
        check_round(form, range(1, 9), tables, out)
    return caught.value.path, caught.value.code


def test_case_35_round_seated_by_hand() -> None:
    """docs/club.md §19 case 35: P3 seated twice at tables[1][0]; then P6 with no place."""
    assert refusal(FOUR, [[1, 4, 3, 7], [3, 2, 5, 8]], []) == ("tables[1][0]", "twice")
    assert refusal(FOUR, [[1, 4, 3, 7], [6, 2, 5]], []) == ("tables[1]", "bad_size")
    assert refusal(FOUR, [[1, 4, 3, 7]], [2, 5, 8]) == ("tables", "missing")
    assert refusal(FOUR, [[1, 4, 3, 7], [2, 5, 6, 9]], [8]) == ("tables[1][3]", "unknown_player")
    assert refusal(FOUR, [[1, 4, 3, 7], [2, 5, 6, 8]], [True]) == ("sitting_out[0]", "not_int")
    assert refusal(FOUR, [[1, 4, 3, 7], [2, 5, 6]], [8, 8]) == ("tables[1]", "bad_size")
    assert refusal(FOUR, "x") == ("tables", "not_list")
    ok = check_round(FOUR, range(1, 9), [[1, 4, 6, 7]], [8, 2, 3, 5])
    assert ok == RoundPlan(((1, 4, 6, 7),), (2, 3, 5, 8))


def test_case_35_every_refusal_of_one_body() -> None:
    """docs/club.md §19 case 35: ONE body is refused at both ``tables[1][0]`` (P3 twice) and
    ``tables`` (P6 has no place)."""
    from scorekeeper.rules.core.errors import RuleErrors

    with pytest.raises(RuleErrors) as caught:
        check_round(FOUR, range(1, 9), [[1, 4, 3, 7], [3, 2, 5, 8]], [])
    assert [(e.path, e.code) for e in caught.value.errors] == [
        ("tables[1][0]", "twice"),
        ("tables", "missing"),
    ]
    with pytest.raises(RuleErrors) as sized:
        check_round(FOUR, range(1, 9), [[1, 4, 3, 7], [2, 5, 6]], [8, 8])
    assert [e.path for e in sized.value.errors] == ["tables[1]", "sitting_out[1]"]


def test_balance_of_a_round_seated_by_hand() -> None:
    """docs/club.md §4.8: a partner twice counts one repeat; who never met is counted."""
    rounds = [RoundPlan(((1, 2, 3, 4),), (5,)), RoundPlan(((1, 5, 3, 4),), (2,))]
    from scorekeeper.rules.club.rotation.plan import balance_of

    b = balance_of(FOUR, rounds, [1, 2, 3, 4, 5], None)
    assert b == Balance(None, 1, 0, 1, 2, 0, 2, None, None, 1, 0, None)


# --- §2.3: the rotation settings and the form -------------------------------------------------


def read(variant: str, given: object, players: int = 8, options: object = None) -> Rotation:
    v = find_variant(variant)
    resolved = v.resolve_options(options)
    rotation, _ = read_rotation(lambda size: v.club_form(resolved, size), given, players, lambda: 9)
    return rotation


def refused(variant: str, given: object, players: int = 8, options: object = None) -> str:
    with pytest.raises(RuleError) as caught:
        read(variant, given, players, options)
    return caught.value.path


def test_rotation_defaults() -> None:
    """docs/club.md §14: scheme the form's first, rounds the design's length or 8, draw
    shuffle, a seed drawn when none is given; auction's table size 4."""
    assert read("pinochle-4", None) == Rotation("rotating-partners", 7, "shuffle", 9, None)
    assert read("pinochle-4", {}, 10).rounds == 8
    assert read("pinochle-4", {}, 13).rounds == 13
    assert read("pinochle-3", {"seed": 0}, 15) == Rotation("rotating-tables", 7, "shuffle", 0, None)
    assert read("pinochle-2", {}, 7).rounds == 7
    assert read("auction", {}) == Rotation("rotating-tables", 8, "shuffle", 9, 4)
    assert read("pinnacola", {"table_size": 4}).scheme == "rotating-partners"
    assert read("pinnacola", {"table_size": 2}).as_json() == {
        "scheme": "rotating-tables",
        "rounds": 7,
        "draw": "shuffle",
        "seed": 9,
        "table_size": 2,
    }


def test_rotation_refusals() -> None:
    """docs/club.md §2.3's rotation rows (part two: fixed pairs and progressive are offered
    at partnership tables, §4.1; the movement keys only with fixed pairs, §4.4)."""
    assert refused("pinochle-4", {"scheme": "rotating-tables"}) == "rotation.scheme"
    assert read("pinochle-4", {"scheme": "fixed-pairs"}).scheme == "fixed-pairs"
    assert read("pinochle-4", {"scheme": "progressive"}).scheme == "progressive"
    assert refused("pinochle-3", {"scheme": "fixed-pairs"}) == "rotation.scheme"
    assert refused("pinochle-3", {"scheme": "progressive"}) == "rotation.scheme"
    assert refused("pinochle-4", {"scheme": "progressive", "movement": "mitchell"}) == (
        "rotation.movement"
    )
    assert refused("pinochle-4", {"scheme": "fixed-pairs", "movement": "howell"}) == (
        "rotation.movement"
    )
    assert refused("pinochle-3", {"scheme": "rotating-partners"}) == "rotation.scheme"
    assert refused("pinochle-4", {"rounds": 0}) == "rotation.rounds"
    assert refused("pinochle-4", {"rounds": 41}) == "rotation.rounds"
    assert refused("pinochle-4", {"rounds": True}) == "rotation.rounds"
    assert refused("pinochle-4", {"draw": "random"}) == "rotation.draw"
    assert refused("pinochle-4", {"seed": -1}) == "rotation.seed"
    assert refused("pinochle-4", {"seed": 2**31}) == "rotation.seed"
    assert refused("pinochle-4", {"table_size": 4}) == "rotation.table_size"
    assert refused("auction", {"table_size": 2}) == "rotation.table_size"
    assert refused("auction", {"table_size": 7}) == "rotation.table_size"
    assert refused("pinnacola", {}) == "rotation.table_size"
    assert refused("pinnacola", {"table_size": 3}) == "rotation.table_size"
    assert refused("pinochle-4", {"movement": "mitchell"}) == "rotation.movement"
    assert refused("pinochle-4", {"tempo": 1}) == "rotation.tempo"
    assert refused("pinochle-4", [1]) == "rotation"
    assert read("pinochle-4", {"seed": 2**31 - 1}).seed == 2**31 - 1


@pytest.mark.parametrize(
    ("variant", "options", "size", "expected"),
    [
        ("pinochle-4", None, None, (4, 4, True, False, ("points", "wins", "vp", "placing"), True)),
        (
            "pinochle-4",
            {"partnerships": False},
            None,
            (4, 4, False, False, ("points", "wins", "placing"), False),
        ),
        ("pinochle-3", None, None, (3, 3, False, False, ("points", "wins", "placing"), False)),
        ("pinochle-2", None, None, (2, 2, False, False, ("points", "wins", "vp", "placing"), True)),
        (
            "partnership-auction",
            None,
            None,
            (4, 4, True, False, ("points", "wins", "vp", "placing"), True),
        ),
        ("auction", None, None, (3, 6, False, True, ("units", "wins", "placing"), False)),
        (
            "auction",
            {"scoring": "points"},
            5,
            (3, 6, False, False, ("points", "wins", "placing"), False),
        ),
        ("pinnacola", None, 4, (4, 4, True, False, ("points", "wins", "vp", "placing"), True)),
        ("pinnacola", None, 2, (2, 2, False, False, ("points", "wins", "vp", "placing"), True)),
    ],
)
def test_club_forms(
    variant: str, options: object, size: int | None, expected: tuple[object, ...]
) -> None:
    """docs/club.md §4.1's table and §9.2's formulas per form."""
    v = find_variant(variant)
    form = v.club_form(v.resolve_options(options), size)
    shown = (form.seats_lo, form.seats_hi, form.partnerships, form.units, form.formulas)
    assert (*shown, form.two_sided) == expected
    partnership_schemes = ("rotating-partners", "fixed-pairs", "progressive")  # §4.1's table
    assert form.schemes == (partnership_schemes if form.partnerships else ("rotating-tables",))
    if variant == "auction":
        assert form.preferred == (size or 4)
