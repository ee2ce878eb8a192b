"""The Danish movement of fixed pairs (docs/club.md §4.4): round 1 is 1 v 2, 3 v 4, …; every
later round is drawn from the standings when the previous one closes (:func:`next_danish_round`).
``danish_from_round: k`` makes the rounds from k on of another movement Danish too.

>>> Danish().ahead(5, 4, "previous")
(PairsRound(games=((1, 1, 2), (2, 3, 4)), resting=(5,)),)
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from typing import ClassVar

from .movements import DANISH, PairsMovement, register
from .pairs import DanishDraw, PairsRound, met_in, numbered


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
    return DanishDraw(PairsRound(numbered(games), resting), rematches)


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


@register
class Danish(PairsMovement):
    """Each round drawn from the standings when the one before closes."""

    name: ClassVar[str] = DANISH
    as_the_night_goes: ClassVar[bool] = True
    rank: ClassVar[int] = 30

    def ahead(self, pairs: int, rounds: int, avoid: str) -> tuple[PairsRound, ...]:
        """Round 1: the standings are all level, ties by pair number, so it is
        :func:`next_danish_round` over the pairs in number order."""
        first = next_danish_round(range(1, pairs + 1), (), None, avoid)
        return (first.round,) if rounds else ()

    def after(
        self, history: Sequence[PairsRound], standings_order: Sequence[int], avoid: str
    ) -> DanishDraw:
        """:func:`danish_round_after`."""
        return danish_round_after(history, standings_order, avoid)


__all__ = ["DANISH", "Danish", "DanishDraw", "danish_round_after", "next_danish_round"]
