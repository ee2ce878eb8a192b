"""The Mitchell movement of fixed pairs (docs/club.md §4.4): T = ⌈P / 2⌉ tables, pairs 1..T stay
North-South at tables 1..T, the East-West pairs move one table up each round; with P odd a
phantom pair: its opponent rests and its table is idle.

>>> from scorekeeper.rules.club.rotation.pairs import develop
>>> develop(mitchell(4, 1)[0], {1: (1, 2), 2: (3, 4), 3: (5, 6), 4: (7, 8)}).tables
((1, 5, 2, 6), (3, 7, 4, 8))
"""

from __future__ import annotations

from typing import ClassVar, Final

from .movements import PairsMovement, register
from .pairs import PairsRound

MITCHELL: Final = "mitchell"


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


@register
class Mitchell(PairsMovement):
    """North-South stay, East-West move up a table each round."""

    name: ClassVar[str] = MITCHELL
    phantom: ClassVar[bool] = True
    rank: ClassVar[int] = 20

    def length(self, count: int) -> int:
        """T = ⌈P / 2⌉ rounds: every East-West pair has come round every table."""
        return mitchell_tables(count)

    def ahead(self, pairs: int, rounds: int, avoid: str) -> tuple[PairsRound, ...]:
        """Every round: :func:`mitchell`."""
        return mitchell(pairs, rounds)


__all__ = ["MITCHELL", "Mitchell", "mitchell", "mitchell_tables"]
