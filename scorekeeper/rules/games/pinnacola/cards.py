"""Pinnacola's cards (docs/rules.md §3): which are wild, what each is worth, the deck, reading a
card and checking that a deck holds the cards read.

With pinelle (the default) the red 2s are out of the deck (104 cards) and the black 2s are wild;
with ``pinelle: false`` every 2 is a natural card after the ace (A-2-3) and the red 2s are back
in the deck (108 cards), so only the jokers are wild (docs/rules.md §3 "Deck and wilds").
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from ...core.cards import Card, Rank, Suit
from ...core.errors import RuleError, join_path
from ...core.readers import as_list

# --- Numbers of the deck (seed 001; docs/rules.md §3) ---------------------------------------------

#: Two 52-card decks (docs/rules.md §3): at most two copies of a natural card, four jokers.
NATURAL_COPIES = 2
JOKER_COPIES = 4


# --- Cards ------------------------------------------------------------------------------------


def is_wild(card: Card, *, pinelle: bool = True) -> bool:
    """Whether ``card`` is a wild (*matta*): a joker, or a black 2 (*pinella*) with pinelle on.

    >>> is_wild(Card.parse("2S")), is_wild(Card.parse("2S"), pinelle=False)
    (True, False)
    """
    if card.rank is Rank.JOKER:
        return True
    return pinelle and card.rank is Rank.TWO


def card_value(card: Card, *, pinelle: bool = True) -> int:
    """What a card is worth on the table or in the hand (seed 001, docs/rules.md §3).

    3-5 are 5, 6-K are 10, A 15, a pinella 20, a joker 25; without pinelle a 2 is a plain low
    card worth 5 (seed 001: "le carte dal 2 al 5 valgono cinque punti").

    >>> [card_value(Card.parse(c)) for c in ("3H", "6H", "KH", "AH", "2C", "JK")]
    [5, 10, 10, 15, 20, 25]
    """
    if card.rank is Rank.JOKER:
        return 25
    if card.rank is Rank.TWO:
        return 20 if pinelle else 5
    if card.rank is Rank.ACE:
        return 15
    return 5 if card.rank.order <= 5 else 10


def in_deck(card: Card, *, pinelle: bool = True) -> bool:
    """Whether the Pinnacola deck holds ``card``: every card but the red 2s with pinelle on,
    every card without (docs/rules.md §3 and §5; onmadesoft: the red 2s are left out only "in
    caso affermativo", when the black 2s are pinelle).

    >>> in_deck(Card.parse("2H")), in_deck(Card.parse("2H"), pinelle=False)
    (False, True)
    """
    red_two = card.rank is Rank.TWO and card.suit is not None and card.suit.is_red
    return not (pinelle and red_two)


def deck(*, pinelle: bool = True) -> list[Card]:
    """The whole Pinnacola deck: two 52-card decks and four jokers, less the red 2s when the
    black 2s are pinelle (seed 001: 104 cards; docs/rules.md §3: 108 without pinelle).

    >>> len(deck()), len(deck(pinelle=False))
    (104, 108)
    """
    naturals = [Card(rank, suit) for suit in Suit for rank in Rank if rank is not Rank.JOKER]
    return [
        *(card for card in naturals if in_deck(card, pinelle=pinelle) for _ in range(2)),
        *[Card(Rank.JOKER)] * JOKER_COPIES,
    ]


def read_card(text: object, path: str, *, pinelle: bool = True) -> Card:
    """A card of the Pinnacola deck, or a refusal naming ``path``.

    docs/rules.md §5: the red 2s are out of the deck when pinelle are wild, and in it without
    pinelle (then every 2 is a natural card).
    """
    card = Card.parse(text, path)  # type: ignore[arg-type]  # parse refuses a non-text itself
    if not in_deck(card, pinelle=pinelle):
        raise RuleError(
            path,
            "{card} is not in the Pinnacola deck: the red 2s are taken out",
            code="not_in_deck",
            card=str(card),
        )
    return card


def read_cards(value: object, path: str, *, pinelle: bool) -> list[tuple[Card, str]]:
    """The cards of a list (:func:`read_card` each, at ``path[i]``), with their paths, for the
    deck check (:func:`check_deck`)."""
    return [
        (read_card(text, join_path(path, i), pinelle=pinelle), join_path(path, i))
        for i, text in enumerate(as_list(value, path))
    ]


def check_deck(cards: Iterable[tuple[Card, str]]) -> None:
    """Refuse cards that a Pinnacola deck does not hold so many times, at the first one too many.

    The deck is two 52-card decks plus four jokers (docs/rules.md §3): two of each natural card
    (the red 2s too, when pinelle are off: :func:`read_card` refuses them otherwise).
    """
    seen: Counter[Card] = Counter()
    for card, path in cards:
        seen[card] += 1
        most = JOKER_COPIES if card.rank is Rank.JOKER else NATURAL_COPIES
        if seen[card] > most:
            raise RuleError(
                path,
                "the deck holds only {most} of {card}",
                code="too_many_copies",
                most=most,
                card=str(card),
            )


def value_hand(cards: object, *, pinelle: bool = True, path: str = "hand") -> int:
    """The points of cards left in a hand (they count against the side), read from a list.

    >>> value_hand(["AS", "JK", "3D"])
    45
    """
    read = read_cards(cards, path, pinelle=pinelle)
    check_deck(read)
    return sum(card_value(card, pinelle=pinelle) for card, _ in read)
