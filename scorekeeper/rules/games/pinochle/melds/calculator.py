"""The meld calculator (docs/rules.md §1 "Meld from real cards"; API POST /api/v1/meld/pinochle):
a hand of real cards read and checked against the deck, the melds it holds when melded all at
once, and their value with a meld table.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ....core.cards import PINOCHLE_RANKS, Card, Rank, Suit
from ....core.errors import RuleError, join_path
from ....core.readers import as_list, as_str
from .tables import AROUNDS, MELD_IDS, meld_table, read_meld_table


@dataclass(frozen=True)
class MeldCount:
    """How many of one meld a hand holds and what they are worth together."""

    id: str
    count: int
    points: int


@dataclass(frozen=True)
class MeldReport:
    """The best meld a hand of real cards holds: one entry per meld id it holds, in table
    order, and their total."""

    melds: tuple[MeldCount, ...]
    total: int


_RUN_RANKS: tuple[Rank, ...] = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK)


def read_cards(value: object, path: str = "cards") -> list[Card]:
    """A list of pinochle cards, refused at ``cards[i]`` when the card is no pinochle card or is
    one copy more than the two a 48-card deck holds."""
    cards: list[Card] = []
    held: Counter[Card] = Counter()
    for i, item in enumerate(as_list(value, path)):
        item_path = join_path(path, i)
        card = Card.parse(item, item_path)
        if card.rank not in PINOCHLE_RANKS:
            raise RuleError(
                item_path,
                "{given!r} is not in a pinochle deck (A, 10, K, Q, J, 9 only)",
                code="bad_card",
                given=item,
            )
        held[card] += 1
        if held[card] > 2:
            raise RuleError(
                item_path,
                "a pinochle deck holds only two {card}",
                code="impossible_hand",
                card=str(card),
            )
        cards.append(card)
    return cards


def count_melds(cards: list[Card], trump: Suit) -> dict[str, int]:
    """How many of each meld the cards hold when melded all at once (docs/rules.md §1).

    A card counts in several classes (marriages, arounds, pinochles, dix) but once within a
    class; the double form is reported whenever a hand holds it.
    """
    held = Counter(cards)

    def n(rank: Rank, suit: Suit) -> int:
        return held[Card(rank, suit)]

    counts: dict[str, int] = dict.fromkeys(MELD_IDS, 0)
    # (a) runs, then the trump K-Q left over are royal marriages; plain suits give marriages.
    runs = min(n(rank, trump) for rank in _RUN_RANKS)
    if runs == 2:
        counts["double_run"] = 1
    else:
        counts["run"] = runs
    counts["royal_marriage"] = min(n(Rank.KING, trump), n(Rank.QUEEN, trump)) - runs
    counts["marriage"] = sum(
        min(n(Rank.KING, suit), n(Rank.QUEEN, suit)) for suit in Suit if suit is not trump
    )
    # (b) arounds: all eight of a rank is the double form, else one of each suit the single.
    for rank, single, double in AROUNDS:
        per_suit = min(n(rank, suit) for suit in Suit)
        if per_suit == 2:
            counts[double] = 1
        elif per_suit == 1:
            counts[single] = 1
    # (c) pinochle: Q♠ + J♦.
    pinochles = min(n(Rank.QUEEN, Suit.SPADES), n(Rank.JACK, Suit.DIAMONDS))
    if pinochles == 2:
        counts["double_pinochle"] = 1
    else:
        counts["pinochle"] = pinochles
    # (d) each trump 9 is a dix.
    counts["dix"] = n(Rank.NINE, trump)
    return counts


def calculate_meld(cards: object, trump: object, melds: object = "standard") -> MeldReport:
    """The best meld a hand of real cards holds, valued in standard points with ``melds``.

    Backs ``POST /api/v1/meld/pinochle``. Refuses an impossible card list (``cards[i]``), a
    trump that is no suit (``trump``) and a bad meld table (``melds``).

    >>> report = calculate_meld(["AS", "10S", "KS", "QS", "JS", "KH", "QH"], "spades")
    >>> [(m.id, m.count, m.points) for m in report.melds], report.total
    ([('run', 1, 150), ('marriage', 1, 20)], 170)
    """
    hand = read_cards(cards)
    trump_suit = Suit.from_word(as_str(trump, "trump"), "trump")
    values = meld_table(read_meld_table(melds, "melds"))
    counts = count_melds(hand, trump_suit)
    found = tuple(
        MeldCount(meld, counts[meld], counts[meld] * values[meld])
        for meld in MELD_IDS
        if counts[meld]
    )
    return MeldReport(found, sum(m.points for m in found))
