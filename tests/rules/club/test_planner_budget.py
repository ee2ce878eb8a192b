"""The heuristic planner's budget (docs/club.md §4.7 "Budget", §17; rules/rotation_budget.py):
counted in work units, checked within a night, so a budget that runs out in the middle of a
night stops the search there; the plan it leaves still seats everyone as §4.2 and §4.3 say,
and a budget never reached changes nothing. No test here times anything: the budget is a
count, which the tests drive to its end."""

from __future__ import annotations

import pytest

from scorekeeper.rules import find_variant
from scorekeeper.rules.club.rotation.budget import PREVIEW_LIMIT, Budget, preview_budget
from scorekeeper.rules.club.rotation.heuristic import ROUND_CHARGE, plan_night
from scorekeeper.rules.club.rotation.plan import Plan, Rotation, plan, table_sizes
from scorekeeper.rules.games.club_form import ClubForm, partnership_form

PLAYERS = 64
ROUNDS = 10
SIZES = [4] * 16


def night(budget: Budget) -> list[tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]]:
    """A 64-player night of partnerships, 10 rounds, seed 3, whose target is never met (so
    only the budget stops the search)."""
    players = list(range(PLAYERS))
    return plan_night(PLAYERS, (), players, ROUNDS, SIZES, True, 3, lambda f: False, budget)


def test_a_budget_that_runs_out_mid_night_stops_the_search_in_that_night() -> None:
    """One whole night costs ``whole`` units; a limit of a quarter of it stops the search
    within that first night (the old check, between nights, let the night run to its end)."""
    unlimited = Budget(limit=10**12, nights=0)  # one night: no second is started
    night(unlimited)
    whole = unlimited.spent
    assert not unlimited.cut
    limit = whole // 4
    cut = Budget(limit=limit, nights=0)
    rounds = night(cut)
    assert cut.cut
    # What passes the limit: at most one descent step, and each round's set-up and greedy
    # seating after it.
    step = 4 * PLAYERS**2 + ROUNDS * (ROUND_CHARGE * PLAYERS + PLAYERS**2)
    assert limit <= cut.spent <= limit + step
    assert cut.spent < whole // 2
    assert len(rounds) == ROUNDS
    for tables, out in rounds:
        assert out == ()
        assert sorted(x for t in tables for x in t) == list(range(PLAYERS))
        assert [len(t) for t in tables] == SIZES


def test_a_spent_budget_seats_the_remaining_rounds_from_their_starts() -> None:
    """A budget spent before the night starts still plans every round: none is searched,
    each is seated greedily from its seeded start."""
    spent = Budget(limit=1, nights=0)
    rounds = night(spent)
    assert spent.cut
    assert spent.work == 0
    assert len(rounds) == ROUNDS
    assert all(sorted(x for t in tables for x in t) == list(range(PLAYERS)) for tables, _ in rounds)


def test_a_budget_never_reached_changes_nothing() -> None:
    """A limit the night never reaches gives the host's schedule exactly: not cut."""
    form = partnership_form()
    rotation = Rotation("rotating-partners", 12, "shuffle", 4, None)
    host = plan(form, rotation, range(1, 41))
    roomy = plan(form, rotation, range(1, 41), budget=Budget(limit=10**12))
    assert roomy.rounds == host.rounds
    assert roomy.balance == host.balance
    assert not host.cut
    assert not roomy.cut


def _form(variant_id: str, size: int | None) -> ClubForm:
    variant = find_variant(variant_id)
    return variant.club_form(variant.resolve_options(None), size)


def check_seated(made: Plan, form: ClubForm, players: int, rounds: int) -> None:
    """Every round seats every player once (at tables of §4.3's sizes, or sitting out), and
    the sit-outs keep §4.2's guarantees: evenly spread, never two rounds in a row."""
    assert len(made.rounds) == rounds
    sizes = table_sizes(form, players)
    for r in made.rounds:
        assert sorted(len(t) for t in r.tables) == sorted(sizes)
        everyone = [*(x for t in r.tables for x in t), *r.sitting_out]
        assert sorted(everyone) == list(range(1, players + 1))
    assert made.balance.sitout_spread is not None
    assert made.balance.sitout_spread <= 1
    assert made.balance.consecutive_sitouts == 0


@pytest.mark.parametrize(
    ("variant_id", "size", "players"),
    [("pinochle-4", None, 64), ("auction", 4, 63), ("pinochle-3", None, 62)],
)
def test_a_preview_budget_cuts_the_largest_night_and_seats_everyone(
    variant_id: str, size: int | None, players: int
) -> None:
    """40 rounds of 62-64 players within the preview's budget: cut, within its limit (give
    or take a step), every player seated correctly in every round; the same plan each time."""
    form = _form(variant_id, size)
    rotation = Rotation(form.schemes[0], 40, "shuffle", 1, size)
    budget = preview_budget()
    made = plan(form, rotation, range(1, players + 1), budget=budget)
    assert made.cut
    assert budget.cut
    assert budget.spent <= PREVIEW_LIMIT + 4 * players**2 + 40 * (
        ROUND_CHARGE * players + players**2
    )
    check_seated(made, form, players, 40)
    again = plan(form, rotation, range(1, players + 1), budget=preview_budget())
    assert again == made
