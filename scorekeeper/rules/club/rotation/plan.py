"""Seating a club night: rotating partners and rotating tables (docs/club.md §3, §4.1-§4.3,
§4.6-§4.9, §5).

:func:`read_rotation` checks a night's ``rotation`` settings; :func:`plan` seats every round
(a stored design when there is one, Appendix A and B, else the heuristic of §4.7), numbers the
tables so that players walk as little as possible (§3) and reports the balance (§4.8);
:func:`check_round` checks a round the host seats by hand (§4.9).

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
from fractions import Fraction
from functools import lru_cache
from typing import Any, Final

from ...core.errors import RuleError
from ...core.readers import as_choice, as_int, as_object, as_str, check_keys
from ...games.club_form import (
    FIXED_PAIRS,
    PROGRESSIVE,
    ROTATING_PARTNERS,
    ROTATING_TABLES,
    ClubForm,
)
from . import progressive as rotation_progressive
from .budget import Budget, host_budget
from .designs import AG_2_3, AG_2_4, KTS_15, WHIST_SIZES, Rounds, circle, whist
from .heuristic import Figures, LocalRound, plan_night
from .movements import (
    Movement,
    MovementSettings,
    default_movement,
    design_name,
    find_movement,
    pairs_movements,
    plan_pairs,
    read_movement,
)
from .pairs import PairsRound, develop, pairs_balance
from .rounds import Balance, RoundPlan, balance_of, check_round
from .seats import number_tables

#: A player's number on the night (1..n).
PlayerNo = int

#: docs/club.md §2.3 / §17.
MAX_ROUNDS: Final = 40
MAX_SEED: Final = 2**31 - 1
DEFAULT_ROUNDS: Final = 8
DRAWS: Final = ("entry", "shuffle")
#: The settings of fixed pairs only (§4.4).
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
    #: Fixed pairs' movement (docs/club.md §4.4); None for every other scheme.
    movement: MovementSettings | None = None

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
        if self.movement is not None:
            shown.update(self.movement.as_json())
        return shown

    @property
    def kind(self) -> Movement | None:
        """The night's registered movement: fixed pairs' ``movement``, progressive's; None for
        the schemes planned from designs and the heuristic (rotating partners and tables).

        >>> Rotation("progressive", 4, "entry", 0, None).kind.needs
        'players'
        """
        if self.movement is not None:
            return self.movement.kind
        if self.scheme == FIXED_PAIRS:
            return default_movement().kind
        return find_movement(self.scheme)

    def draws(self, number: int) -> bool:
        """Whether round ``number`` is seated by its movement's draw, when the round before
        closes or when it starts, rather than planned (docs/club.md §4.4-§4.6): the Danish
        rounds of fixed pairs, every progressive round (an unseated round 1 is drawn as it
        starts).

        >>> Rotation("progressive", 4, "entry", 0, None).draws(1)
        True
        """
        if self.movement is not None:
            return self.movement.is_drawn(number)
        kind = self.kind
        return kind is not None and kind.draws(number)

    def is_drawn(self, number: int) -> bool:
        """Whether round ``number`` is drawn when the one before closes (docs/club.md §4.6):
        progressive from round 2, Danish rounds of fixed pairs.

        >>> Rotation("progressive", 4, "entry", 0, None).is_drawn(2)
        True
        """
        return number > 1 and self.draws(number)

    def draws_rounds(self) -> bool:
        """Whether any round of the night is drawn as the night goes (no re-plan, §14)."""
        return any(self.is_drawn(n) for n in range(2, self.rounds + 1))


@dataclass(frozen=True, slots=True)
class Plan:
    """Every round of a night (played, in play and planned) and its balance."""

    rounds: tuple[RoundPlan, ...]
    balance: Balance
    cut: bool = False  #: The budget stopped the search: the best found (§4.7 "Budget").


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

    >>> from scorekeeper.rules.games.club_form import partnership_form
    >>> rotation, _ = read_rotation(lambda size: partnership_form(), {"draw": "entry"}, 8,
    ...                             lambda: 5)
    >>> rotation
    Rotation(scheme='rotating-partners', rounds=7, draw='entry', seed=5, table_size=None, \
movement=None)
    >>> read_rotation(lambda size: partnership_form(), {"scheme": "rotating-tables"}, 8,
    ...               lambda: 5)
    Traceback (most recent call last):
    ...
    scorekeeper.rules.core.errors.RuleError: rotation.scheme: is not offered for this form: \
rotating-partners, fixed-pairs, progressive
    >>> read_rotation(lambda size: partnership_form(), {"scheme": "fixed-pairs",
    ...     "movement": "mitchell"}, 16, lambda: 5)[0].rounds
    4
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
    if scheme != FIXED_PAIRS:
        for key in _PAIR_KEYS:
            if key in body:
                raise RuleError(
                    f"rotation.{key}", "is taken only with fixed pairs", code="not_allowed"
                )
    rounds_given = body.get("rounds")
    if rounds_given is None:
        rounds = _default_rounds(form, scheme, body.get("movement"), player_count)
    else:
        rounds = as_int(rounds_given, "rotation.rounds", low=1, high=MAX_ROUNDS)
    movement = read_movement(body, rounds) if scheme == FIXED_PAIRS else None
    draw_given = body.get("draw")
    draw = "shuffle" if draw_given is None else as_choice(draw_given, "rotation.draw", DRAWS)
    seed_given = body.get("seed")
    chosen = (
        seed() if seed_given is None else as_int(seed_given, "rotation.seed", low=0, high=MAX_SEED)
    )
    if table_size is None and form.seats_lo != form.seats_hi:
        table_size = form.preferred
    return Rotation(scheme, rounds, draw, chosen, table_size, movement), form


def _default_rounds(form: ClubForm, scheme: str, movement: object, player_count: int) -> int:
    """``rotation.rounds`` when not given (§14): the design's (or movement's) length when
    there is one, else 8. Fixed pairs: P = players / 2 pairs."""
    if scheme == FIXED_PAIRS:
        pairs = player_count // 2
        if pairs < 2:
            return DEFAULT_ROUNDS
        kind = pairs_movements()[0] if movement is None else find_movement(movement)
        length = kind.length(pairs) if kind is not None else None
        return DEFAULT_ROUNDS if length is None else min(MAX_ROUNDS, length)
    kind = find_movement(scheme)
    if kind is not None:  # a movement of players (progressive): its length, if it has one
        length = kind.length(player_count)
        return DEFAULT_ROUNDS if length is None else min(MAX_ROUNDS, length)
    found = design_of(form, player_count)
    return found[1] if found is not None else DEFAULT_ROUNDS


# --- Table sizes and designs ------------------------------------------------------------------


def table_sizes(form: ClubForm, n: int) -> tuple[int, ...]:
    """The tables of a round of ``n`` players (docs/club.md §4.3), largest first: the count
    t that minimises the sit-outs, then |n/t − k|, then t; sizes as even as possible.

    >>> from scorekeeper.rules.games.club_form import individual_form, partnership_form
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

    >>> from scorekeeper.rules.games.club_form import individual_form
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


def pairs_rounds(
    rounds: Sequence[RoundPlan], pairs: Mapping[int, tuple[int, int]]
) -> list[PairsRound]:
    """Seated rounds read back as games between pairs (table numbers kept; a round with no
    seats yet is left out): the history of a Danish draw and the balance (docs/club.md §4.4).

    >>> pairs_rounds([RoundPlan(((), (1, 5, 2, 6)), (3, 4))], {1: (1, 2), 2: (3, 4), 3: (5, 6)})
    [PairsRound(games=((2, 1, 3),), resting=(2,))]
    """
    pair_of = {x: p for p, members in pairs.items() for x in members}
    made: list[PairsRound] = []
    for r in rounds:
        if not any(r.tables):
            continue
        games = tuple(
            (t, pair_of[table[0]], pair_of[table[1]])
            for t, table in enumerate(r.tables, start=1)
            if len(table) == 4
        )
        playing = {p for _, ns, ew in games for p in (ns, ew)}
        resting = tuple(sorted({pair_of[x] for x in r.sitting_out if x in pair_of} - playing))
        made.append(PairsRound(games, resting))
    return made


def pairs_balance_of(
    rounds: Sequence[RoundPlan], pairs: Mapping[int, tuple[int, int]], design: str | None
) -> Balance:
    """The balance of a fixed-pairs night's seated rounds, counted in pairs (§4.8)."""
    return pairs_balance(pairs_rounds(rounds, pairs), sorted(pairs), design)


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
