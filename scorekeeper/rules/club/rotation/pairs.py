"""Fixed pairs at a club night: the movements between pairs (docs/club.md §4.4), issue 29.

Part two of the club night; not yet wired into the service or the API (a later step does).
A pair keeps its partner all night; the movement decides which pairs meet:

- ``round-robin``: the circle method of §4.3 with pairs in place of players (the first pair
  named in each game sits North-South);
- ``mitchell``: T = ⌈P / 2⌉ tables, pairs 1..T stay North-South at tables 1..T, the
  East-West pairs move one table up each round (a phantom pair with P odd: its opponent rests);
- ``danish``: round 1 is 1 v 2, 3 v 4, …; every later round is drawn from the standings when
  the previous one closes (:func:`next_danish_round`);
- ``danish_from_round: k``: rounds before k follow the movement, rounds from k on are Danish.

Pairs are numbered 1..P (design positions: the caller maps them through the draw). A
:class:`PairsRound` lists its games with their table numbers; :func:`develop` seats the pairs'
players as a :class:`~scorekeeper.rules.club.rotation.rounds.RoundPlan` (a pair at seats 1 + 3 or
2 + 4) and :func:`pairs_balance` gives the §4.8 figures that count pairs.

>>> [r.games for r in round_robin(4, 3)]
[((1, 4, 1), (2, 2, 3)), ((1, 4, 2), (2, 3, 1)), ((1, 4, 3), (2, 1, 2))]
>>> develop(mitchell(4, 1)[0], {1: (1, 2), 2: (3, 4), 3: (5, 6), 4: (7, 8)}).tables
((1, 5, 2, 6), (3, 7, 4, 8))
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from ...core.errors import RuleError
from ...core.readers import as_choice, as_int, check_keys
from .rounds import Balance, RoundPlan

ROUND_ROBIN: Final = "round-robin"
MITCHELL: Final = "mitchell"
DANISH: Final = "danish"
#: docs/club.md §4.4 ``rotation.movement``, the default first.
MOVEMENTS: Final = (ROUND_ROBIN, MITCHELL, DANISH)
#: docs/club.md §4.4 ``rotation.avoid``, the default first.
AVOIDS: Final = ("previous", "all", "none")


@dataclass(frozen=True, slots=True)
class PairsRound:
    """One round between pairs: its games in table order and the pairs resting (sorted)."""

    #: ``(table, North-South pair, East-West pair)``; tables numbered from 1.
    games: tuple[tuple[int, int, int], ...]
    resting: tuple[int, ...]

    def opponents(self) -> dict[int, int]:
        """Each playing pair's opponent in this round.

        >>> PairsRound(((1, 3, 5),), (1,)).opponents()
        {3: 5, 5: 3}
        """
        found: dict[int, int] = {}
        for _, ns, ew in self.games:
            found[ns] = ew
            found[ew] = ns
        return found


@dataclass(frozen=True, slots=True)
class Movement:
    """A fixed-pairs night's movement settings, checked (docs/club.md §2.3, §4.4)."""

    movement: str
    avoid: str
    #: The first Danish round after a round-robin or Mitchell start; None without one.
    danish_from_round: int | None

    def is_drawn(self, number: int) -> bool:
        """Whether round ``number`` is drawn from the standings when the one before closes
        (Danish, docs/club.md §4.6) rather than planned at creation.

        >>> Movement("mitchell", "previous", 4).is_drawn(3)
        False
        >>> Movement("danish", "all", None).is_drawn(1), Movement("danish", "all", None).is_drawn(2)
        (False, True)
        """
        if self.movement == DANISH:
            return number > 1
        return self.danish_from_round is not None and number >= self.danish_from_round

    def as_json(self) -> dict[str, Any]:
        """The movement's part of §14's ``rotation``."""
        return {
            "movement": self.movement,
            "avoid": self.avoid,
            "danish_from_round": self.danish_from_round,
        }


@dataclass(frozen=True, slots=True)
class DanishDraw:
    """A Danish round drawn from the standings, and its games between pairs that had met."""

    round: PairsRound
    rematches: int


def read_movement(body: Mapping[str, Any], rounds: int) -> Movement:
    """The ``movement``, ``avoid`` and ``danish_from_round`` of a fixed-pairs ``rotation``
    object (the other keys are :func:`~scorekeeper.rules.club.rotation.plan.read_rotation`'s),
    checked as docs/club.md §2.3 says.

    >>> read_movement({"movement": "mitchell", "danish_from_round": 4}, 4)
    Movement(movement='mitchell', avoid='previous', danish_from_round=4)
    >>> read_movement({"danish_from_round": 5}, 4)
    Traceback (most recent call last):
    ...
    scorekeeper.rules.core.errors.RuleError: rotation.danish_from_round: must be at most 4
    """
    check_keys(
        body,
        (
            "scheme",
            "rounds",
            "draw",
            "seed",
            "table_size",
            "movement",
            "avoid",
            "danish_from_round",
        ),
        "rotation",
    )
    given = body.get("movement")
    movement = ROUND_ROBIN if given is None else as_choice(given, "rotation.movement", MOVEMENTS)
    given = body.get("avoid")
    avoid = AVOIDS[0] if given is None else as_choice(given, "rotation.avoid", AVOIDS)
    given = body.get("danish_from_round")
    start = None
    if given is not None:
        if movement == DANISH:
            raise RuleError(
                "rotation.danish_from_round",
                "is taken only with the round-robin or Mitchell movement",
                code="not_allowed",
            )
        start = as_int(given, "rotation.danish_from_round", low=2, high=max(2, rounds))
        if start > rounds:
            raise RuleError(
                "rotation.danish_from_round",
                "must be at most {high}",
                code="too_large",
                high=rounds,
            )
    return Movement(movement, avoid, start)


# --- Planned movements ------------------------------------------------------------------------


def round_robin_length(pairs: int) -> int:
    """The rounds in which every two pairs meet once: P − 1 (P even) or P (odd).

    >>> round_robin_length(6), round_robin_length(7)
    (5, 7)
    """
    return pairs - 1 if pairs % 2 == 0 else pairs


def round_robin(pairs: int, rounds: int) -> tuple[PairsRound, ...]:
    """``rounds`` rounds of the circle method over ``pairs`` pairs (docs/club.md §4.3, §4.4),
    exactly: P' = P (even) or P + 1 (odd, a phantom), m = P' − 1; in round r pair P' plays r
    (P' named first), and for i = 1..(m − 1)/2 pair ((r + i − 1) mod m) + 1 plays
    ((r − i − 1) mod m) + 1. With P odd the phantom's opponent r rests. Rounds beyond the
    cycle repeat it from round 1. Tables are numbered in the order the games are named.

    >>> [g[1:] for g in round_robin(6, 1)[0].games]
    [(6, 1), (2, 5), (3, 4)]
    >>> round_robin(3, 3)[2]
    PairsRound(games=((1, 1, 2),), resting=(3,))
    """
    if pairs < 2:
        return ()
    top = pairs if pairs % 2 == 0 else pairs + 1
    m = top - 1
    made: list[PairsRound] = []
    for number in range(rounds):
        r = number % m + 1
        games: list[tuple[int, int]] = []
        if top == pairs:
            games.append((top, r))
        for i in range(1, (m - 1) // 2 + 1):
            games.append((((r + i - 1) % m) + 1, ((r - i - 1) % m) + 1))
        resting = () if top == pairs else (r,)
        made.append(PairsRound(_numbered(games), resting))
    return tuple(made)


def mitchell_tables(pairs: int) -> int:
    """T = ⌈P / 2⌉: the tables of a Mitchell movement.

    >>> mitchell_tables(8), mitchell_tables(7)
    (4, 4)
    """
    return (pairs + 1) // 2


def mitchell(pairs: int, rounds: int) -> tuple[PairsRound, ...]:
    """``rounds`` rounds of the Mitchell movement (docs/club.md §4.4): pair t (1..T) sits
    North-South at table t all night; East-West pair T + j (j = 1..T) plays round r at table
    ((j − 1 + r − 1) mod T) + 1. With P odd East-West pair P + 1 is a phantom: the North-South
    pair at its table rests and the table is idle (it has no game). Rounds beyond T repeat.

    >>> mitchell(7, 2)[1]
    PairsRound(games=((2, 2, 5), (3, 3, 6), (4, 4, 7)), resting=(1,))
    """
    if pairs < 2:
        return ()
    tables = mitchell_tables(pairs)
    made: list[PairsRound] = []
    for number in range(rounds):
        r = number % tables + 1
        at: dict[int, int] = {}
        for j in range(1, tables + 1):
            at[((j - 1 + r - 1) % tables) + 1] = tables + j
        games = tuple((t, t, at[t]) for t in range(1, tables + 1) if at[t] <= pairs)
        resting = tuple(t for t in range(1, tables + 1) if at[t] > pairs)
        made.append(PairsRound(games, resting))
    return tuple(made)


def plan_pairs(movement: Movement, pairs: int, rounds: int) -> tuple[PairsRound, ...]:
    """The rounds known at creation (docs/club.md §4.6): every round of a round robin or a
    Mitchell, those before ``danish_from_round``, or a Danish night's round 1 (1 v 2, 3 v 4,
    …: the standings are all level, ties by pair number, so it is :func:`next_danish_round`
    over the pairs in number order).

    >>> len(plan_pairs(Movement("mitchell", "previous", 4), 8, 4))
    3
    >>> plan_pairs(Movement("danish", "previous", None), 5, 4)
    (PairsRound(games=((1, 1, 2), (2, 3, 4)), resting=(5,)),)
    """
    if movement.movement == DANISH:
        first = next_danish_round(range(1, pairs + 1), (), None, movement.avoid)
        return (first.round,) if rounds else ()
    planned = rounds if movement.danish_from_round is None else movement.danish_from_round - 1
    planned = min(planned, rounds)
    if movement.movement == MITCHELL:
        return mitchell(pairs, planned)
    return round_robin(pairs, planned)


def design_name(movement: Movement, pairs: int, rounds: int) -> str | None:
    """The balance's ``design`` (docs/club.md §4.8): the movement's name when every round
    follows it (a Danish round, or a re-plan, makes it null).

    >>> design_name(Movement("mitchell", "previous", None), 8, 4), design_name(
    ...     Movement("mitchell", "previous", 4), 8, 4)
    ('mitchell', None)
    """
    if movement.movement == DANISH or movement.danish_from_round is not None or pairs < 2:
        return None
    return movement.movement


# --- Danish -----------------------------------------------------------------------------------


def next_danish_round(
    standings_order: Iterable[int],
    met: Collection[frozenset[int]],
    previous: PairsRound | None,
    avoid: str,
    *,
    rested: Collection[int] = (),
) -> DanishDraw:
    """The next Danish round (docs/club.md §4.4), drawn from the pairs present in
    ``standings_order`` (best first, ties already broken by pair number).

    With an odd count the lowest-ranked pair that has not rested yet (``rested``) rests, or
    the lowest-ranked when all have. Then, in turn, the highest unpaired pair plays the highest
    unpaired pair it may meet, at the next table, sitting North-South: ``avoid`` ``previous``
    bars its opponent in ``previous``, ``all`` every pair it ``met`` this night, ``none``
    nothing. When no allowed opponent is left, the highest unpaired one is taken. ``rematches``
    counts the games between pairs that had met (``met``), whatever ``avoid`` says.

    >>> draw = next_danish_round([3, 5, 1, 2, 6, 4], {frozenset((1, 2)), frozenset((3, 4)),
    ...     frozenset((5, 6))}, PairsRound(((1, 1, 2), (2, 3, 4), (3, 5, 6)), ()), "none")
    >>> draw.round.games, draw.rematches
    (((1, 3, 5), (2, 1, 2), (3, 6, 4)), 1)
    """
    order = list(dict.fromkeys(standings_order))
    resting: tuple[int, ...] = ()
    if len(order) % 2:
        fresh = [p for p in order if p not in rested]
        rester = (fresh or order)[-1]
        order.remove(rester)
        resting = (rester,)
    last = previous.opponents() if previous is not None else {}
    games: list[tuple[int, int]] = []
    while order:
        first = order.pop(0)

        def allowed(other: int, first: int = first) -> bool:
            if avoid == "previous":
                return last.get(first) != other
            if avoid == "all":
                return frozenset((first, other)) not in met
            return True

        other = next((p for p in order if allowed(p)), order[0])
        order.remove(other)
        games.append((first, other))
    rematches = sum(1 for a, b in games if frozenset((a, b)) in met)
    return DanishDraw(PairsRound(_numbered(games), resting), rematches)


def danish_round_after(
    history: Sequence[PairsRound], standings_order: Iterable[int], avoid: str
) -> DanishDraw:
    """:func:`next_danish_round` after the night's rounds so far (``history``, in order):
    the pairs met in any of them, the last one's opponents, the pairs that rested.

    >>> history = [PairsRound(((1, 1, 2),), (3,))]
    >>> danish_round_after(history, [1, 2, 3], "previous").round
    PairsRound(games=((1, 1, 3),), resting=(2,))
    """
    return next_danish_round(
        standings_order,
        met_in(history),
        history[-1] if history else None,
        avoid,
        rested={p for r in history for p in r.resting},
    )


def met_in(rounds: Iterable[PairsRound]) -> set[frozenset[int]]:
    """The pairs of pairs that met in ``rounds``."""
    return {frozenset((ns, ew)) for r in rounds for _, ns, ew in r.games}


def _numbered(games: Iterable[tuple[int, int]]) -> tuple[tuple[int, int, int], ...]:
    return tuple((table, ns, ew) for table, (ns, ew) in enumerate(games, start=1))


# --- Players and balance ----------------------------------------------------------------------


def develop(round_: PairsRound, members: Mapping[int, tuple[int, int]]) -> RoundPlan:
    """A pairs round seated with the pairs' players (``members``: pair -> its two players):
    at each table the North-South pair's players at seats 1 and 3, the East-West pair's at 2
    and 4; the resting pairs' players sit out. Table numbers are kept: an idle Mitchell table
    below the last one in play is an empty tuple (no match is played there).

    >>> develop(PairsRound(((2, 1, 3),), (2,)), {1: (1, 2), 2: (3, 4), 3: (5, 6)})
    RoundPlan(tables=((), (1, 5, 2, 6)), sitting_out=(3, 4))
    """
    last = max((table for table, _, _ in round_.games), default=0)
    tables: list[tuple[int, ...]] = [()] * last
    for table, ns, ew in round_.games:
        (a, c), (b, d) = members[ns], members[ew]
        tables[table - 1] = (a, b, c, d)
    out = sorted(x for pair in round_.resting for x in members[pair])
    return RoundPlan(tuple(tables), tuple(out))


def pairs_balance(
    rounds: Sequence[PairsRound], pairs: Sequence[int], design: str | None
) -> Balance:
    """The balance of a fixed-pairs night (docs/club.md §4.8), counted in pairs: ``meet_repeats``
    Σ over two pairs of max(0, games between them − 1), ``max_met`` the most games of two
    pairs, ``never_met`` the two pairs that never play, ``rematches`` the games between pairs
    that had already met (the same count as ``meet_repeats``, by construction); sit-outs are
    the pairs' rests. Partner figures do not apply (a pair's partner never changes).

    >>> b = pairs_balance(round_robin(6, 5), range(1, 7), "round-robin")
    >>> b.meet_repeats, b.max_met, b.never_met, b.rematches, b.sitout_spread
    (0, 1, 0, 0, 0)
    """
    night = list(dict.fromkeys(pairs))
    games: dict[frozenset[int], int] = {}
    rests = dict.fromkeys(night, 0)
    always = set(night)
    consecutive = 0
    last: set[int] = set()
    rematches = 0
    for r in rounds:
        here = set(r.resting)
        for _, ns, ew in r.games:
            here.update((ns, ew))
            key = frozenset((ns, ew))
            if games.get(key, 0):
                rematches += 1
            games[key] = games.get(key, 0) + 1
        always &= here
        out = set(r.resting)
        for pair in out:
            rests[pair] = rests.get(pair, 0) + 1
        consecutive += len(out & last)
        last = out
    steady = [rests[p] for p in night if p in always]
    spread = max(steady) - min(steady) if steady and rounds else 0
    members = set(night)
    met = sum(1 for key in games if key <= members)
    never = len(night) * (len(night) - 1) // 2 - met
    return Balance(
        design=design,
        sitout_spread=spread,
        consecutive_sitouts=consecutive,
        partner_repeats=None,
        max_partner=None,
        opponent_excess=None,
        max_opponent=None,
        meet_repeats=sum(max(0, count - 1) for count in games.values()),
        max_met=max(games.values(), default=0),
        never_met=never,
        lower_bound_partner_repeats=None,
        rematches=rematches,
    )


__all__ = [
    "AVOIDS",
    "DANISH",
    "MITCHELL",
    "MOVEMENTS",
    "ROUND_ROBIN",
    "DanishDraw",
    "Movement",
    "PairsRound",
    "danish_round_after",
    "design_name",
    "develop",
    "met_in",
    "mitchell",
    "mitchell_tables",
    "next_danish_round",
    "pairs_balance",
    "plan_pairs",
    "read_movement",
    "round_robin",
    "round_robin_length",
]
