"""Cards: suits, ranks and the decks of the games kept here."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from .errors import RuleError


class Suit(enum.Enum):
    """A French suit; the value is its one-letter code."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def word(self) -> str:
        """The API's name of the suit (``spades``)."""
        return self.name.lower()

    @property
    def symbol(self) -> str:
        """The printed pip (♠)."""
        return {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[self.value]

    @property
    def is_red(self) -> bool:
        """Hearts and diamonds are red."""
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @classmethod
    def from_word(cls, word: str, path: str = "trump") -> Suit:
        """The suit named ``spades``, ``hearts``, ``diamonds`` or ``clubs``.

        >>> Suit.from_word("hearts")
        <Suit.HEARTS: 'H'>
        """
        for suit in cls:
            if suit.word == word:
                return suit
        raise RuleError(
            path,
            "must be one of spades, hearts, diamonds, clubs, not {given!r}",
            code="bad_suit",
            given=word,
        )


#: The trumps in the order a page shows its trump buttons, spades first.
TRUMPS: tuple[Suit, ...] = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


class Rank(enum.Enum):
    """A rank; the value is how a card is written (``10``, ``Q``). ``JOKER`` has no suit."""

    ACE = "A"
    TWO = "2"
    THREE = "3"
    FOUR = "4"
    FIVE = "5"
    SIX = "6"
    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    TEN = "10"
    JACK = "J"
    QUEEN = "Q"
    KING = "K"
    JOKER = "JK"

    @property
    def order(self) -> int:
        """Position in a rummy run with the ace low: A=1, 2=2 ... K=13; the joker 0."""
        return _ORDER[self]


_ORDER: dict[Rank, int] = {rank: i + 1 for i, rank in enumerate(Rank) if rank is not Rank.JOKER}
_ORDER[Rank.JOKER] = 0

#: Pinochle ranks from high to low (docs/rules.md §1: A > 10 > K > Q > J > 9).
PINOCHLE_RANKS: tuple[Rank, ...] = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.NINE)


@dataclass(frozen=True)
class Card:
    """One card, written rank + suit (``10S``, ``QH``) or ``JK`` for a joker (suit ``None``)."""

    rank: Rank
    suit: Suit | None = None

    @classmethod
    def parse(cls, text: str, path: str = "_") -> Card:
        """Read a card as the API writes it.

        >>> Card.parse("10S")
        Card.parse('10S')
        >>> Card.parse("jk")
        Card.parse('JK')
        """
        if not isinstance(text, str):
            raise RuleError(path, "a card is written as text such as 10S or JK", code="bad_card")
        cleaned = text.strip().upper()
        if cleaned == "JK":
            return cls(Rank.JOKER)
        rank_text, suit_text = cleaned[:-1], cleaned[-1:]
        try:
            rank = Rank(rank_text)
            suit = Suit(suit_text)
        except ValueError:
            raise RuleError(
                path,
                "{given!r} is not a card: write rank + suit (A, 2-10, J, Q, K with S, H, D, C)"
                " or JK",
                code="bad_card",
                given=text,
            ) from None
        if rank is Rank.JOKER:
            raise RuleError(path, "{given!r} is not a card", code="bad_card", given=text)
        return cls(rank, suit)

    def __str__(self) -> str:
        return self.rank.value + (self.suit.value if self.suit else "")

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


def pinochle_deck() -> list[Card]:
    """The 48-card pinochle deck: two each of A 10 K Q J 9 in four suits."""
    return [Card(rank, suit) for suit in Suit for rank in PINOCHLE_RANKS for _ in range(2)]
