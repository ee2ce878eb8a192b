"""The forms of the tools pages: a grid of cards (how many of each, 0-2) and its choices.

Without JavaScript the grid is a form of number inputs, one per card, that the server reads
into a list of cards for the rules; ``static/picker.js`` turns each cell into a tap target that
counts 0 -> 1 -> 2 -> 0 and asks the API for the result. Nothing here adds up points: the rules
value the cards (:func:`~scorekeeper.rules.games.pinochle.melds.calculate_meld`,
:func:`~scorekeeper.rules.games.pinnacola.form.value_meld`,
:func:`~scorekeeper.rules.games.pinnacola.form.read_side`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_babel import pgettext
from flask_wtf import FlaskForm
from wtforms import BooleanField, HiddenField, SelectField, StringField

from ..rules import RuleError
from ..rules.core.cards import TRUMPS, Card, Rank, Suit
from ..rules.core.options import choice_title
from ..rules.games.pinnacola.form import JOKER_COPIES, NATURAL_COPIES, in_deck
from ..rules.games.pinochle.double_deck_melds import BOOK as DOUBLE_DECK_BOOK
from ..rules.games.pinochle.double_deck_melds import COPIES as DOUBLE_DECK_COPIES
from ..rules.games.pinochle.melds import MELDS_OPTION, PINOCHLE_MELDS
from ..web.forms import Buttons, FormError, choice_list

#: Suits in the order the grids show them (rows).
SUITS: tuple[Suit, ...] = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)

#: The 24 cards of a pinochle deck (two of each in the deck), a row per suit, A high to 9 (the
#: ranks of pinochle's meld book, :data:`~scorekeeper.rules.games.pinochle.melds.PINOCHLE_MELDS`).
PINOCHLE_ROWS: tuple[tuple[Suit, tuple[Card, ...]], ...] = tuple(
    (suit, tuple(Card(rank, suit) for rank in PINOCHLE_MELDS.ranks)) for suit in SUITS
)

#: A Pinnacola suit in two rows of seven places, A-7 and 8-K. The red 2s are in the grid, but
#: only in the deck without pinelle (docs/rules.md §3): the page shows them then, and a gap in
#: their place with pinelle (:data:`PINELLE_ONLY_GAPS`).
_RUMMY_RANKS = tuple(rank for rank in Rank if rank is not Rank.JOKER)
PINNACOLA_ROWS: tuple[tuple[Suit, tuple[tuple[Card, ...], ...]], ...] = tuple(
    (
        suit,
        tuple(
            tuple(Card(rank, suit) for rank in _RUMMY_RANKS[start : start + 7]) for start in (0, 7)
        ),
    )
    for suit in SUITS
)
JOKER = Card(Rank.JOKER)
PINNACOLA_CARDS: tuple[Card, ...] = (
    *(card for _suit, rows in PINNACOLA_ROWS for row in rows for card in row),
    JOKER,
)
#: The cards of the grid that the deck holds only without pinelle: the red 2s.
PINELLE_ONLY_GAPS: frozenset[Card] = frozenset(
    card for card in PINNACOLA_CARDS if not in_deck(card, pinelle=True)
)


def kind_names() -> dict[str, str]:
    """What each kind of Pinnacola meld is called on the page, in the request's language.

    With a context: the catalog's plain "set" is the auction's "went set" (Italian "andata
    sotto"), not a *tris*."""
    return {"set": pgettext("Pinnacola meld", "set"), "run": pgettext("Pinnacola meld", "run")}


#: The meld tables a table without a match may pick (the choices of the ``melds`` option,
#: docs/rules.md §1), each with the words the page shows for it.
MELD_TABLE_LABELS: dict[str, Any] = {
    "standard": _l("standard"),
    "seed-004": _l(choice_title("seed-004")),
}
MELD_TABLES: tuple[tuple[str, Any], ...] = tuple(
    (name, MELD_TABLE_LABELS.get(name, name)) for name in MELDS_OPTION.choices or ()
)


def card_field(card: Card) -> str:
    """The name of a card's count field (``c_10S``, ``c_JK``)."""
    return f"c_{card}"


def card_face(card: Card) -> str:
    """How a card is printed: its rank and its suit's symbol (``10♥``)."""
    if card.suit is None:
        return _("Joker")
    return card.rank.value + card.suit.symbol


def most_copies(card: Card) -> int:
    """How many of a card one deck holds: pinochle and Pinnacola both have two of each natural
    card; Pinnacola has four jokers (docs/rules.md §1, §3)."""
    return JOKER_COPIES if card.rank is Rank.JOKER else NATURAL_COPIES


def _count_field(card: Card, most: int) -> StringField:
    return StringField(
        card_face(card) if card.suit else _l("Joker"),
        default="0",
        render_kw={
            "type": "number",
            "min": "0",
            "max": str(most),
            "inputmode": "numeric",
            "autocomplete": "off",
        },
    )


class CardGridForm(FlaskForm):
    """A grid of cards, each with how many of it are picked."""

    cards: tuple[Card, ...] = ()
    #: How many of each card the deck holds where it is not :func:`most_copies` (the 80 cards
    #: of double-deck pinochle: four).
    copies: int | None = None

    def most(self, card: Card) -> int:
        """How many of ``card`` the grid's deck holds."""
        return self.copies or most_copies(card)

    def picked(self) -> list[str]:
        """The cards picked, in grid order, each as many times as its count.

        Refuses a count that is not 0 up to the copies a deck holds, at the card's field.
        """
        picked: list[str] = []
        for card in self.cards:
            name = card_field(card)
            text = (self[name].data or "").strip() or "0"
            most = self.most(card)
            if not re.fullmatch(r"\d", text) or int(text) > most:
                raise FormError(name, _("Enter 0 to %(most)s.", most=most))
            picked += [str(card)] * int(text)
        return picked

    def set_counts(self, cards: Iterable[str]) -> None:
        """Show these cards in the grid (and nothing else)."""
        counts: dict[str, int] = {}
        for text in cards:
            counts[text] = counts.get(text, 0) + 1
        for card in self.cards:
            self[card_field(card)].data = str(counts.get(str(card), 0))

    def count(self, card: Card) -> int:
        """How many of ``card`` the grid shows (0 when the field holds no count)."""
        text = (self[card_field(card)].data or "").strip()
        # Not isdigit(): "²" is a digit to it and not to int() (issue 13: a 500).
        return int(text) if re.fullmatch(r"[0-9]{1,2}", text) else 0


def _grid_form(
    name: str,
    base: type[CardGridForm],
    cards: Sequence[Card],
    fields: dict[str, Any],
    copies: int | None = None,
) -> type[CardGridForm]:
    counts = {card_field(card): _count_field(card, copies or most_copies(card)) for card in cards}
    form_class: type[CardGridForm] = type(name, (base,), {**fields, **counts})
    form_class.cards = tuple(cards)
    form_class.copies = copies
    return form_class


def _trump_field() -> Buttons:
    """A meld calculator's trump: one button per suit, its symbol."""
    return Buttons(_l("Trump"), choices=choice_list((suit.word, suit.symbol) for suit in TRUMPS))


PinochleMeldForm = _grid_form(
    "PinochleMeldForm",
    CardGridForm,
    [card for _suit, row in PINOCHLE_ROWS for card in row],
    {
        "trump": _trump_field(),
        "melds": SelectField(
            _l("Meld values"), choices=choice_list(MELD_TABLES), default=MELDS_OPTION.default
        ),
    },
)
"""The meld calculator: the 24 cards of a pinochle deck, trump and the meld table."""

#: The 20 cards of double-deck pinochle's 80 (four of each), a row per suit, A high to J.
DOUBLE_DECK_ROWS: tuple[tuple[Suit, tuple[Card, ...]], ...] = tuple(
    (suit, tuple(Card(rank, suit) for rank in DOUBLE_DECK_BOOK.ranks)) for suit in SUITS
)

DoubleDeckMeldForm = _grid_form(
    "DoubleDeckMeldForm",
    CardGridForm,
    [card for _suit, row in DOUBLE_DECK_ROWS for card in row],
    {"trump": _trump_field()},
    copies=DOUBLE_DECK_COPIES,
)
"""The double-deck meld calculator: the 20 cards of the 80-card pack, four of each, and trump
(its values are Pagat's, in counters: no table to pick)."""

PinnacolaPickerForm = _grid_form(
    "PinnacolaPickerForm",
    CardGridForm,
    PINNACOLA_CARDS,
    {
        "table": HiddenField(),
        "hand": HiddenField(),
        "pinelle": BooleanField(_l("black 2s are wild (pinelle)"), default=True),
        "joker_sets": BooleanField(_l("Three jokers make a set"), default=False),
    },
)
"""The Pinnacola card picker: the cards of the grid, the melds laid so far (``table``: melds
separated by ``|``, cards by spaces) and the cards left in hand; without a match, the switches
of the options that change a meld's reading (``pinelle``, ``joker_sets``, docs/rules.md §3)."""


def read_table(text: str | None) -> list[list[str]]:
    """The melds kept in the picker's ``table`` field (``"5H 6H JK|4S 4H 4D"``)."""
    return [meld.split() for meld in (text or "").split("|") if meld.split()]


def write_table(melds: Iterable[Sequence[str]]) -> str:
    """The ``table`` field for a list of melds."""
    return "|".join(" ".join(meld) for meld in melds)


def face_of(text: str) -> str:
    """How a card written as the API writes it (``10H``, ``JK``) is printed (``10♥``); text
    that is no card is printed as it is (the rules name it in their refusal)."""
    try:
        return card_face(Card.parse(text))
    except RuleError:
        return text


def is_red(text: str) -> bool:
    """Whether a card written as the API writes it is of a red suit."""
    try:
        suit = Card.parse(text).suit
    except RuleError:
        return False
    return suit is not None and suit.is_red
