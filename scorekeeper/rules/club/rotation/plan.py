"""Seating a club night: rotating partners and rotating tables (docs/club.md §3, §4.1-§4.3,
§4.6-§4.9, §5).

:func:`read_rotation` checks a night's ``rotation`` settings (:mod:`.settings`); :func:`plan`
seats every round (a stored design when there is one, Appendix A and B, else the heuristic of
§4.7), numbers the tables so that players walk as little as possible (§3) and reports the
balance (§4.8); :func:`check_round` checks a round the host seats by hand (§4.9). The settings,
the table sizes and designs (:mod:`.designs`), the rounds and their balance (:mod:`.rounds`)
and the rounds between pairs (:mod:`.pairs`) are re-exported here.

Players are the night's numbers 1..n. A four-seat partnership table lists its players in seat
order N, E, S, W: partners are ``[0]`` & ``[2]`` (Team 1) and ``[1]`` & ``[3]`` (Team 2).

>>> from scorekeeper.rules.games.club_form import partnership_form
>>> rotation = Rotation("rotating-partners", 7, "entry", 1, None)
>>> night = plan(partnership_form(), rotation, range(1, 9))
>>> night.rounds[0].tables, night.balance.design, night.balance.partner_repeats
(((1, 4, 6, 7), (2, 5, 3, 8)), 'Wh(8)', 0)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from ...games.club_form import (
    FIXED_PAIRS,
    PROGRESSIVE,
    ROTATING_PARTNERS,
    ROTATING_TABLES,
    ClubForm,
)
from . import progressive as rotation_progressive
from .budget import Budget, host_budget
from .designs import design_of, table_sizes
from .heuristic import Figures, LocalRound, plan_night
from .movements import default_movement, design_name, plan_pairs
from .pairs import PairsRound, develop, pairs_balance_of, pairs_rounds
from .rounds import Balance, RoundPlan, balance_of, check_round
from .seats import number_tables
from .settings import Rotation, read_rotation

#: A player's number on the night (1..n).
PlayerNo = int


#: docs/club.md §4.2's table: players -> (no repeated partner up to R, no pair opposing more
#: than twice up to R), for the counts without a design.
FIGURES: Final[dict[int, tuple[int, int]]] = {
    6: (7, 6),
    7: (9, 7),
    10: (9, 8),
    11: (10, 9),
    14: (12, 11),
    **{n: (12, 12) for n in (15, 18, 19, 22, 23, 26, 27, 30, 31, 34, 35, 38, 39)},
}


@dataclass(frozen=True, slots=True)
class Plan:
    """Every round of a night (played, in play and planned) and its balance."""

    rounds: tuple[RoundPlan, ...]
    balance: Balance
    cut: bool = False  #: The budget stopped the search: the best found (§4.7 "Budget").


# --- Planning ---------------------------------------------------------------------------------


def plan(
    form: ClubForm,
    rotation: Rotation,
    players: Sequence[int] | Iterable[int],
    fixed: Sequence[RoundPlan] = (),
    pairs: Mapping[int, tuple[int, int]] | None = None,
    budget: Budget | None = None,
) -> Plan:
    """Every round of the night: ``fixed`` (rounds played or in play, kept as they are), then
    the rounds up to ``rotation.rounds`` for ``players`` (the present players' numbers).
    ``budget``: the heuristic's (a host's unless given); the plan says if it ``cut`` a search.

    Without ``fixed`` a design is used when there is one and the rounds fit its length
    (§4.2, §4.3); the rounds beyond it, and every round after ``fixed``, come from the
    heuristic (§4.7) with the rounds before counted. Tables are numbered as §3 says.

    >>> from scorekeeper.rules.games.club_form import individual_form
    >>> night = plan(individual_form(2), Rotation("rotating-tables", 3, "entry", 0, None),
    ...              [1, 2, 3])
    >>> [(r.tables, r.sitting_out) for r in night.rounds]
    [(((2, 3),), (1,)), (((1, 3),), (2,)), (((1, 2),), (3,))]

    Fixed pairs (``pairs``: pair number -> its two players) follow their movement (§4.4) and
    progressive seats round 1 (§4.5): see :func:`plan_drawn`.
    """
    if rotation.kind is not None:
        return plan_drawn(form, rotation, players, fixed, pairs or {})
    # Design position p is the p-th present player by number (draw entry, docs/club.md §3).
    order = sorted(set(players))
    if rotation.draw == "shuffle":
        random.Random(rotation.seed).shuffle(order)
    total = rotation.rounds
    design_name: str | None = None
    made: list[RoundPlan] = []
    if not fixed:
        found = design_of(form, len(order))
        if found is not None:
            name, length, rounds, repeats = found
            take = total if repeats else min(total, length)
            for number in range(take):
                tables = tuple(
                    tuple(order[p - 1] for p in table) for table in rounds[number % length]
                )
                seated = {x for t in tables for x in t}
                made.append(RoundPlan(tables, tuple(sorted(x for x in order if x not in seated))))
            if total <= length or repeats:
                design_name = name
    history = [*fixed, *made]
    count = max(0, total - len(history))
    spent = budget if budget is not None else host_budget()
    if count:
        made += _heuristic(form, history, order, count, rotation.seed, len(history) + count, spent)
    everyone = list(dict.fromkeys([*order, *(x for r in fixed for x in _all(r))]))
    numbered = list(fixed)
    for r in made:
        if not numbered:
            numbered.append(r)
            continue
        tables = number_tables(numbered[-1].tables, r.tables, form.partnerships)
        numbered.append(RoundPlan(tables, r.sitting_out))
    return Plan(tuple(numbered), balance_of(form, numbered, everyone, design_name), spent.cut)


def plan_drawn(
    form: ClubForm,
    rotation: Rotation,
    players: Sequence[int] | Iterable[int],
    fixed: Sequence[RoundPlan],
    pairs: Mapping[int, tuple[int, int]],
) -> Plan:
    """The rounds of a fixed-pairs or progressive night (docs/club.md §4.4-§4.6): ``fixed``
    kept, then the movement's rounds (design position p is the p-th pair of the draw) or
    progressive's round 1; a round drawn as the night goes is planned with no seats (an
    empty :class:`RoundPlan`) until the round before closes. A progressive round 1 of players
    that do not fill tables of four has no seats either: starting it is the 409 of §4.5.

    >>> from scorekeeper.rules.club.rotation.movements import MovementSettings
    >>> from scorekeeper.rules.games.club_form import partnership_form
    >>> night = plan(partnership_form(), Rotation("fixed-pairs", 2, "entry", 0, None,
    ...     MovementSettings("mitchell", "previous", None)), range(1, 9),
    ...     pairs={1: (1, 2), 2: (3, 4), 3: (5, 6), 4: (7, 8)})
    >>> [r.tables for r in night.rounds], night.balance.design
    ([((1, 5, 2, 6), (3, 7, 4, 8)), ((1, 7, 2, 8), (3, 5, 4, 6))], 'mitchell')
    """
    present = sorted(set(players))
    kept = list(fixed)
    kind = rotation.kind
    if isinstance(kind, rotation_progressive.Progressive):
        order = list(present)
        if rotation.draw == "shuffle":
            random.Random(rotation.seed).shuffle(order)
        made = [*kept]
        if not made and rotation.rounds:
            try:
                made.append(kind.first(order))
            except rotation_progressive.TableCountError:
                made.append(RoundPlan((), ()))
        made += [RoundPlan((), ())] * max(0, rotation.rounds - len(made))
        played = [r for r in made if r.tables]
        return Plan(tuple(made), balance_of(form, played, present, None))
    movement = rotation.movement or default_movement()
    numbers = sorted(pairs)
    order = list(numbers)
    if rotation.draw == "shuffle":
        random.Random(rotation.seed).shuffle(order)
    designed = plan_pairs(movement, len(order), rotation.rounds)
    made = list(kept)
    for number in range(len(kept), rotation.rounds):
        if number < len(designed):
            round_ = _mapped(designed[number], order)
            made.append(develop(round_, pairs))
        else:
            made.append(RoundPlan((), ()))
    design = design_name(movement, len(order), rotation.rounds)
    return Plan(tuple(made), pairs_balance_of(made, pairs, design if not kept else None))


def _mapped(round_: PairsRound, order: Sequence[int]) -> PairsRound:
    """A movement's round over design positions, with the draw's pairs in their place."""
    return PairsRound(
        tuple((t, order[ns - 1], order[ew - 1]) for t, ns, ew in round_.games),
        tuple(sorted(order[p - 1] for p in round_.resting)),
    )


def _all(r: RoundPlan) -> list[int]:
    return [*(x for t in r.tables for x in t), *r.sitting_out]


def _heuristic(
    form: ClubForm,
    history: Sequence[RoundPlan],
    order: Sequence[int],
    count: int,
    seed: int,
    total: int,
    budget: Budget,
) -> list[RoundPlan]:
    """``count`` rounds from the heuristic for ``order`` after ``history``, in ``budget``."""
    everyone = list(dict.fromkeys([*order, *(x for r in history for x in _all(r))]))
    local = {x: i for i, x in enumerate(everyone)}
    past: list[LocalRound] = [
        (
            tuple(tuple(local[x] for x in t) for t in r.tables),
            tuple(local[x] for x in r.sitting_out),
        )
        for r in history
    ]
    n = len(order)
    good = _target(form, n, total)
    sizes = table_sizes(form, n)
    present = [local[x] for x in order]
    rounds = plan_night(
        len(everyone), past, present, count, sizes, form.partnerships, seed, good, budget
    )
    return [
        RoundPlan(
            tuple(tuple(everyone[i] for i in t) for t in tables),
            tuple(sorted(everyone[i] for i in out)),
        )
        for tables, out in rounds
    ]


def _target(form: ClubForm, n: int, total: int) -> Callable[[Figures], bool]:
    """When a planned night is good enough to stop (§4.7 step 3): §4.2's figures for the
    counts of its table, else no repeat that a schedule could avoid."""
    if not form.partnerships:
        return lambda f: f.meet_repeats <= f.lower_bound_meets
    figure = FIGURES.get(n)
    opposing_free = figure is not None and total > figure[1]

    def good(f: Figures) -> bool:
        if f.partner_repeats > f.lower_bound_partners:
            return False
        return opposing_free or f.opponent_excess == 0

    return good


__all__ = [
    "FIXED_PAIRS",
    "PROGRESSIVE",
    "ROTATING_PARTNERS",
    "ROTATING_TABLES",
    "Balance",
    "Plan",
    "PlayerNo",
    "RoundPlan",
    "Rotation",
    "balance_of",
    "check_round",
    "design_of",
    "pairs_balance_of",
    "pairs_rounds",
    "plan",
    "plan_drawn",
    "read_rotation",
    "table_sizes",
]
