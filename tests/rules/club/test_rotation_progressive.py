"""Progressive, "winners move up" (docs/club.md §4.5), issue 29: CLUB.md §19 case 20 exactly as
written (12 players; 13 present is refused saying one player is over), and the rules around it
(the head table, a drawn table, the count check, players who come and go)."""

from __future__ import annotations

import pytest

from scorekeeper.rules.club.rotation.plan import RoundPlan
from scorekeeper.rules.club.rotation.progressive import (
    TableCountError,
    check_count,
    first_round,
    next_round,
    ns_won_from,
    round_after,
)
from scorekeeper.rules.club.standings.ranking import RoundResults, TableResult
from scorekeeper.rules.core.errors import RuleError
from scorekeeper.rules.games.club_form import partnership_form

FOUR = partnership_form()


def result(table: int, seats: tuple[int, ...], totals: tuple[int, int]) -> TableResult:
    """A four-seat table's match, sides N-S then E-W, with ``totals`` in that order."""
    n, e, s, w = seats
    return TableResult(table, seats, ((n, s), (e, w)), totals, None, None, 1)


def partners(plan: RoundPlan) -> set[frozenset[int]]:
    return {
        frozenset(pair)
        for table in plan.tables
        for pair in ((table[0], table[2]), (table[1], table[3]))
    }


def test_case_20_progressive_twelve_players() -> None:
    # CLUB.md §19 case 20: "Round 1: T1 seats 1-4 (N 1, E 2, S 3, W 4), T2 5-8, T3 9-12."
    first = first_round(range(1, 13))
    assert first == RoundPlan(((1, 2, 3, 4), (5, 6, 7, 8), (9, 10, 11, 12)), ())
    # "Results: T1 1&3 win, T2 6&8 win, T3 9&11 win."
    results = RoundResults(
        1,
        "closed",
        (
            result(1, first.tables[0], (640, 510)),
            result(2, first.tables[1], (420, 700)),
            result(3, first.tables[2], (560, 550)),
        ),
        (),
        (),
    )
    assert ns_won_from(FOUR, first, results) == (True, False, True)
    second = round_after(FOUR, first, results, range(1, 13))
    # "Round 2: T1 N 1, E 3, S 6, W 8 (1&6 v 3&8); T2 N 5, E 7, S 9, W 11 (5&9 v 7&11); T3 N 10,
    # E 12, S 2, W 4 (10&2 v 12&4)."
    assert second == RoundPlan(((1, 3, 6, 8), (5, 7, 9, 11), (10, 12, 2, 4)), ())
    # "Nobody has round 1's partner."
    assert not partners(first) & partners(second)


def test_case_20_thirteen_present_is_one_over() -> None:
    # CLUB.md §19 case 20: "With 13 present, starting round 1 is a 409 saying one player is
    # over." The rules refuse with a count error (not a RuleError: the service's 409).
    with pytest.raises(TableCountError) as caught:
        first_round(range(1, 14))
    error = caught.value
    assert not isinstance(error, RuleError)
    assert (error.present, error.over, error.missing) == (13, 1, 3)
    assert error.params == {"present": 13, "over": 1, "missing": 3}
    assert "1 over" in error.message


@pytest.mark.parametrize(
    ("present", "over", "missing"), [(3, 3, 1), (14, 2, 2), (15, 3, 1), (17, 1, 3)]
)
def test_the_count_says_how_many_over_and_missing(present: int, over: int, missing: int) -> None:
    with pytest.raises(TableCountError) as caught:
        check_count(present)
    assert (caught.value.over, caught.value.missing) == (over, missing)


def test_a_drawn_table_moves_as_if_north_south_won() -> None:
    # docs/club.md §4.5 (house reading, §20): a drawn table moves as if N-S had won.
    first = first_round(range(1, 9))
    level = RoundResults(
        1,
        "closed",
        (result(1, first.tables[0], (500, 500)), result(2, first.tables[1], (500, 500))),
        (),
        (),
    )
    assert ns_won_from(FOUR, first, level) == (True, True)
    assert round_after(FOUR, first, level, range(1, 9)) == next_round(first, (True, True))


def test_the_rules_winner_decides_whatever_the_totals() -> None:
    # docs/club.md §4.5: the winner is the round result of §9.1 (the rules' winner first).
    first = first_round(range(1, 5))
    game = TableResult(1, (1, 2, 3, 4), ((2, 4), (1, 3)), (900, 1000), 0, None, 9)
    assert ns_won_from(FOUR, first, RoundResults(1, "closed", (game,), (), ())) == (False,)


def test_head_table_winners_stay_and_losers_go_to_the_last_table() -> None:
    # docs/club.md §4.5 with East-West winning everywhere, four tables.
    first = first_round(range(1, 17))
    moved = next_round(first, (False, False, False, False))
    assert moved.tables == (
        (2, 4, 6, 8),  # T1: its winners 2&4 stay, T2's winners 6&8 arrive
        (5, 7, 10, 12),
        (9, 11, 14, 16),
        (13, 15, 1, 3),  # the last table: its losers stay, the head table's losers arrive
    )
    assert not partners(first) & partners(moved)


def test_players_who_come_and_go_between_rounds() -> None:
    # docs/club.md §4.6 and §6: the round is drawn from whoever is present when the one before
    # closes. A leaver's seat goes to a present player who had none (lowest number first).
    first = RoundPlan(((1, 2, 3, 4), (5, 6, 7, 8)), (9,))
    closed = RoundResults(1, "closed", (), (9,), ())
    moved = round_after(FOUR, first, closed, [1, 2, 3, 4, 5, 6, 7, 9])
    assert moved == RoundPlan(((1, 3, 5, 7), (6, 9, 2, 4)), ())
    # Four leave (5-8): the movement gives T1 1, 3, 5, 7 and T2 6, 8, 9, 11; the tables left
    # short are filled from their own players in table order and the empty one dropped.
    gone = round_after(
        FOUR,
        first_round(range(1, 13)),
        RoundResults(1, "closed", (), (), ()),
        [1, 2, 3, 4, 9, 10, 11, 12],
    )
    assert gone == RoundPlan(((1, 3, 9, 11), (10, 12, 2, 4)), ())
    # Someone present but unseated waits as a sit-out for the host's edit (docs/club.md §4.9).
    waiting = round_after(
        FOUR,
        first_round(range(1, 5)),
        RoundResults(1, "closed", (), (), ()),
        [1, 2, 3, 4, 5, 6, 7, 8],
    )
    assert waiting == RoundPlan(((1, 3, 2, 4),), (5, 6, 7, 8))
