"""Seating a club night: rotating partners and rotating tables (docs/club.md §3, §4.1-§4.3,
§4.6-§4.9, §5).

:func:`read_rotation` checks a night's ``rotation`` settings; :func:`plan` seats every round
(a stored design when there is one, Appendix A and B, else the heuristic of §4.7), numbers the
tables so that players walk as little as possible (§3) and reports the balance (§4.8);
:func:`check_round` checks a round the host seats by hand (§4.9).

Players are the night's numbers 1..n. A four-seat partnership table lists its players in seat
order N, E, S, W: partners are ``[0]`` & ``[2]`` (Team 1) and ``[1]`` & ``[3]`` (Team 2).

>>> from scorekeeper.rules.club_form import partnership_form
>>> rotation = Rotation("rotating-partners", 7, "entry", 1, None)
>>> night = plan(partnership_form(), rotation, range(1, 9))
>>> night.rounds[0].tables, night.balance.design, night.balance.partner_repeats
(((1, 4, 6, 7), (2, 5, 3, 8)), 'Wh(8)', 0)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any, Final

from .club_form import ROTATING_PARTNERS, ROTATING_TABLES, ClubForm
from .entry import as_choice, as_int, as_object, as_str, check_keys
from .errors import RuleError
from .rotation_designs import AG_2_3, AG_2_4, KTS_15, WHIST_SIZES, Rounds, circle, whist
from .rotation_heuristic import Figures, LocalRound, plan_night
from .rotation_rounds import Balance, RoundPlan, balance_of, check_round
from .rotation_seats import number_tables

#: A player's number on the night (1..n).
PlayerNo = int

#: docs/club.md §2.3 / §17.
MAX_ROUNDS: Final = 40
MAX_SEED: Final = 2**31 - 1
DEFAULT_ROUNDS: Final = 8
DRAWS: Final = ("entry", "shuffle")
#: Settings of part two (§4.4): refused until fixed pairs are offered.
_PAIR_KEYS: Final = ("movement", "avoid", "danish_from_round")
_KEYS: Final = ("scheme", "rounds", "draw", "seed", "table_size", *_PAIR_KEYS)

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
class Rotation:
    """A night's checked rotation settings (docs/club.md §2.3, §14)."""

    scheme: str
    rounds: int
    draw: str
    seed: int
    #: The table size (auction: the preferred size, 4 unless given; Pinnacola: 2 or 4).
    table_size: int | None

    def as_json(self) -> dict[str, Any]:
        """The settings as §14's ``rotation`` shows them (``design`` is the balance's)."""
        shown: dict[str, Any] = {
            "scheme": self.scheme,
            "rounds": self.rounds,
            "draw": self.draw,
            "seed": self.seed,
        }
        if self.table_size is not None:
            shown["table_size"] = self.table_size
        return shown


@dataclass(frozen=True, slots=True)
class Plan:
    """Every round of a night (played, in play and planned) and its balance."""

    rounds: tuple[RoundPlan, ...]
    balance: Balance


# --- Settings ---------------------------------------------------------------------------------


def read_rotation(
    form_of: Callable[[int | None], ClubForm],
    given: object,
    player_count: int,
    seed: Callable[[], int],
) -> tuple[Rotation, ClubForm]:
    """The rotation settings of a night of ``player_count`` players, checked (§2.3), and the
    form at its tables; ``form_of`` is the variant's ``club_form`` for the night's options,
    ``seed`` draws a seed when none is given.

    >>> from scorekeeper.rules.club_form import partnership_form
    >>> rotation, _ = read_rotation(lambda size: partnership_form(), {"draw": "entry"}, 8,
    ...                             lambda: 5)
    >>> rotation
    Rotation(scheme='rotating-partners', rounds=7, draw='entry', seed=5, table_size=None)
    >>> read_rotation(lambda size: partnership_form(), {"scheme": "progressive"}, 8, lambda: 5)
    Traceback (most recent call last):
    ...
    scorekeeper.rules.errors.RuleError: rotation.scheme: is not offered for this form: \
rotating-partners
    """
    body = {} if given is None else as_object(given, "rotation")
    check_keys(body, _KEYS, "rotation")
    size = body.get("table_size")
    table_size = None if size is None else as_int(size, "rotation.table_size")
    form = form_of(table_size)
    scheme = body.get("scheme")
    if scheme is None:
        scheme = form.schemes[0]
    elif as_str(scheme, "rotation.scheme") not in form.schemes:
        raise RuleError(
            "rotation.scheme",
            "is not offered for this form: {schemes}",
            code="not_for_form",
            schemes=", ".join(form.schemes),
        )
    for key in _PAIR_KEYS:
        if key in body:
            raise RuleError(f"rotation.{key}", "is taken only with fixed pairs", code="not_allowed")
    rounds_given = body.get("rounds")
    if rounds_given is None:
        found = design_of(form, player_count)
        rounds = found[1] if found is not None else DEFAULT_ROUNDS
    else:
        rounds = as_int(rounds_given, "rotation.rounds", low=1, high=MAX_ROUNDS)
    draw_given = body.get("draw")
    draw = "shuffle" if draw_given is None else as_choice(draw_given, "rotation.draw", DRAWS)
    seed_given = body.get("seed")
    chosen = (
        seed() if seed_given is None else as_int(seed_given, "rotation.seed", low=0, high=MAX_SEED)
    )
    if table_size is None and form.seats_lo != form.seats_hi:
        table_size = form.preferred
    return Rotation(scheme, rounds, draw, chosen, table_size), form


# --- Table sizes and designs ------------------------------------------------------------------


def table_sizes(form: ClubForm, n: int) -> tuple[int, ...]:
    """The tables of a round of ``n`` players (docs/club.md §4.3), largest first: the count
    t that minimises the sit-outs, then |n/t − k|, then t; sizes as even as possible.

    >>> from scorekeeper.rules.club_form import individual_form, partnership_form
    >>> auction = individual_form(3, 6, 4)
    >>> [table_sizes(auction, n) for n in (10, 13, 7, 14)]
    [(4, 3, 3), (5, 4, 4), (4, 3), (4, 4, 3, 3)]
    >>> table_sizes(partnership_form(), 10), table_sizes(individual_form(2), 7)
    ((4, 4), (2, 2, 2))
    """
    lo, hi, k = form.seats_lo, form.seats_hi, form.preferred
    options = [(n - min(n, t * hi), abs(Fraction(n, t) - k), t) for t in range(1, n // lo + 1)]
    if not options:
        return ()
    out, _, count = min(options)
    seated = n - out
    small, extra = divmod(seated, count)
    return tuple(small + 1 if i < extra else small for i in range(count))


@lru_cache(maxsize=64)
def _whist(n: int) -> Rounds:
    return whist(n)


def design_of(form: ClubForm, n: int) -> tuple[str, int, Rounds, bool] | None:
    """The stored design for ``n`` players at this form's tables, if any: its name, its
    length, its rounds (design positions) and whether it repeats beyond its length (the
    circle method, §4.3).

    >>> from scorekeeper.rules.club_form import individual_form
    >>> design_of(individual_form(3), 9)[:2], design_of(individual_form(2), 7)[:2]
    (('AG(2,3)', 4), ('round-robin', 7))
    """
    if form.partnerships:
        if n in WHIST_SIZES:
            return f"Wh({n})", n - 1 if n % 4 == 0 else n, _whist(n), False
        return None
    if form.seats_lo == form.seats_hi == 2:
        if n < 2:
            return None
        rounds = _circle(n)
        return "round-robin", len(rounds), rounds, True
    sizes = table_sizes(form, n)
    for name, count, seats, rounds in (
        ("AG(2,3)", 9, 3, AG_2_3),
        ("KTS(15)", 15, 3, KTS_15),
        ("AG(2,4)", 16, 4, AG_2_4),
    ):
        if n == count and sizes == (seats,) * (count // seats):
            return name, len(rounds), rounds, False
    return None


@lru_cache(maxsize=64)
def _circle(n: int) -> Rounds:
    return circle(n)


# --- Planning ---------------------------------------------------------------------------------


def plan(
    form: ClubForm,
    rotation: Rotation,
    players: Sequence[int] | Iterable[int],
    fixed: Sequence[RoundPlan] = (),
) -> Plan:
    """Every round of the night: ``fixed`` (rounds played or in play, kept as they are), then
    the rounds up to ``rotation.rounds`` for ``players`` (the present players' numbers).

    Without ``fixed`` a design is used when there is one and the rounds fit its length
    (§4.2, §4.3); the rounds beyond it, and every round after ``fixed``, come from the
    heuristic (§4.7) with the rounds before counted. Tables are numbered as §3 says.

    >>> from scorekeeper.rules.club_form import individual_form
    >>> night = plan(individual_form(2), Rotation("rotating-tables", 3, "entry", 0, None),
    ...              [1, 2, 3])
    >>> [(r.tables, r.sitting_out) for r in night.rounds]
    [(((2, 3),), (1,)), (((1, 3),), (2,)), (((1, 2),), (3,))]
    """
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
    if count:
        made += _heuristic(form, history, order, count, rotation.seed, len(history) + count)
    everyone = list(dict.fromkeys([*order, *(x for r in fixed for x in _all(r))]))
    numbered = list(fixed)
    for r in made:
        if not numbered:
            numbered.append(r)
            continue
        tables = number_tables(numbered[-1].tables, r.tables, form.partnerships)
        numbered.append(RoundPlan(tables, r.sitting_out))
    return Plan(tuple(numbered), balance_of(form, numbered, everyone, design_name))


def _all(r: RoundPlan) -> list[int]:
    return [*(x for t in r.tables for x in t), *r.sitting_out]


def _heuristic(
    form: ClubForm,
    history: Sequence[RoundPlan],
    order: Sequence[int],
    count: int,
    seed: int,
    total: int,
) -> list[RoundPlan]:
    """``count`` rounds from the heuristic for ``order`` after ``history``."""
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
    rounds = plan_night(
        len(everyone),
        past,
        [local[x] for x in order],
        count,
        sizes,
        form.partnerships,
        seed,
        good,
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
    "plan",
    "read_rotation",
    "table_sizes",
]
