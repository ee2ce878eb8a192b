"""The round robin of fixed pairs (docs/club.md §4.4): the circle method of §4.3 with pairs in
place of players, every two pairs meeting once; the first pair named in each game sits
North-South. An odd count plays a phantom pair: its opponent rests.

>>> [r.games for r in round_robin(4, 3)]
[((1, 4, 1), (2, 2, 3)), ((1, 4, 2), (2, 3, 1)), ((1, 4, 3), (2, 1, 2))]
>>> RoundRobin().length(7)
7
"""

from __future__ import annotations

from typing import ClassVar, Final

from .movements import PairsMovement, register
from .pairs import PairsRound, numbered

ROUND_ROBIN: Final = "round-robin"


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
        made.append(PairsRound(numbered(games), resting))
    return tuple(made)


@register
class RoundRobin(PairsMovement):
    """Every pair meets every pair once (the default movement of fixed pairs)."""

    name: ClassVar[str] = ROUND_ROBIN
    phantom: ClassVar[bool] = True
    rank: ClassVar[int] = 10

    def length(self, count: int) -> int:
        """P − 1 rounds (P even) or P (odd)."""
        return round_robin_length(count)

    def ahead(self, pairs: int, rounds: int, avoid: str) -> tuple[PairsRound, ...]:
        """Every round: :func:`round_robin`."""
        return round_robin(pairs, rounds)


__all__ = ["ROUND_ROBIN", "RoundRobin", "round_robin", "round_robin_length"]
