"""Pinochle's counting systems (docs/rules.md §1): what each card and the last trick are worth
in tricks under ``classic``, ``counters`` and ``simple``, and what a hand's trick points add up
to.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from ....core.cards import PINOCHLE_RANKS, Rank


@dataclass(frozen=True)
class Counting:
    """A card counting system: what each card and the last trick are worth in tricks."""

    #: The option value (``classic``, ``counters``, ``simple``).
    name: str
    #: Points of one card of each rank.
    card_values: Mapping[Rank, int]
    #: Points for winning the last trick.
    last_trick: int
    #: What the trick points of one hand add up to (all 48 cards plus the last trick).
    total: int
    #: Meld values and the target are divided by this (``simple``: 10).
    divisor: int
    #: Every side's trick points are a multiple of this (``counters``: 10).
    step: int

    def __post_init__(self) -> None:
        # The table in docs/rules.md §1 gives both the card values and the total: they must agree.
        deck_points = 8 * sum(self.card_values[rank] for rank in PINOCHLE_RANKS)
        assert deck_points + self.last_trick == self.total, self.name

    @property
    def no_one_point(self) -> bool:
        """Whether no card is worth 1 point, so that no side's share can be 1 or the total
        minus 1 (docs/rules.md §1: ``classic``; ``counters`` has its multiples of 10)."""
        return self.step == 1 and all(value != 1 for value in self.card_values.values())

    def without_last_trick(self) -> Counting:
        """The same cards with no bonus for the last trick (option ``last_trick: 0``,
        docs/rules.md §1: seed 002 to the letter, 240 in all under ``classic``)."""
        return replace(self, last_trick=0, total=self.total - self.last_trick)


#: docs/rules.md §1: ``classic`` (seeds 000, 002, 004), ``counters`` (A, 10, K = 10), ``simple``.
COUNTINGS: dict[str, Counting] = {
    "classic": Counting(
        "classic",
        {Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2, Rank.NINE: 0},
        last_trick=10,
        total=250,
        divisor=1,
        step=1,
    ),
    "counters": Counting(
        "counters",
        {Rank.ACE: 10, Rank.TEN: 10, Rank.KING: 10, Rank.QUEEN: 0, Rank.JACK: 0, Rank.NINE: 0},
        last_trick=10,
        total=250,
        divisor=1,
        step=10,
    ),
    "simple": Counting(
        "simple",
        {Rank.ACE: 1, Rank.TEN: 1, Rank.KING: 1, Rank.QUEEN: 0, Rank.JACK: 0, Rank.NINE: 0},
        last_trick=1,
        total=25,
        divisor=10,
        step=1,
    ),
}
