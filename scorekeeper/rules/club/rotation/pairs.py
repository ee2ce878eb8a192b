"""Fixed pairs at a club night: what the movements between pairs share (docs/club.md §4.4),
issue 29.

A pair keeps its partner all night; the movement decides which pairs meet, each in its own
module, registered in :mod:`.movements`: :mod:`.round_robin` (the circle method of §4.3 with
pairs in place of players), :mod:`.mitchell` (North-South stay, East-West move up a table),
:mod:`.danish` (each round drawn from the standings when the one before closes; also every
round from ``danish_from_round`` on).

Pairs are numbered 1..P (design positions: the caller maps them through the draw). A
:class:`PairsRound` lists its games with their table numbers; :func:`develop` seats the pairs'
players as a :class:`~scorekeeper.rules.club.rotation.rounds.RoundPlan` (a pair at seats 1 + 3 or
2 + 4) and :func:`pairs_balance` gives the §4.8 figures that count pairs; :func:`pairs_rounds`
reads seated rounds back as games between pairs, :func:`pairs_balance_of` their balance.

>>> develop(PairsRound(((1, 1, 3), (2, 2, 4)), ()), {1: (1, 2), 2: (3, 4), 3: (5, 6), 4: (7, 8)}
...     ).tables
((1, 5, 2, 6), (3, 7, 4, 8))
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from .rounds import Balance, RoundPlan

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
class DanishDraw:
    """A Danish round drawn from the standings, and its games between pairs that had met."""

    round: PairsRound
    rematches: int


def met_in(rounds: Iterable[PairsRound]) -> set[frozenset[int]]:
    """The pairs of pairs that met in ``rounds``."""
    return {frozenset((ns, ew)) for r in rounds for _, ns, ew in r.games}


def numbered(games: Iterable[tuple[int, int]]) -> tuple[tuple[int, int, int], ...]:
    """Games ``(North-South, East-West)`` at tables numbered from 1 in the order given."""
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

    >>> circle = [PairsRound(((1, 4, r), (2, *others)), ()) for r, others in
    ...     ((1, (2, 3)), (2, (3, 1)), (3, (1, 2)))]  # a round robin of 4 pairs
    >>> b = pairs_balance(circle, range(1, 5), "round-robin")
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
    "DanishDraw",
    "PairsRound",
    "develop",
    "met_in",
    "numbered",
    "pairs_balance",
]


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
