"""Double-deck pinochle's meld table (docs/rules.md §2 ``double-deck`` "Meld"): the meld ids with
their single, double, triple and quadruple forms, their names and values in counters, the
chips a hand form offers, a side's meld read as a number or as a list of ids, and the melds a
20-card hand of the 80-card deck holds, counted from its cards.

The values are Pagat's table ("Any meld can be single (just one of each card), double (two
identical copies of each card), triple (three of each card) or quadruple (all four of each
card)"; read through its copy at gambiter.com, with familyeducation.com's and rarepike.com's
tables that agree with it): runs 15, 150, 225, 300; royal marriage 4 and marriage 2 each;
aces around 10, 100, 150, 200, kings 8, 80, 120, 160, queens 6, 60, 90, 120, jacks 4, 40, 60,
80; pinochle 4, 30, 60, 90. "Any particular card can only belong to one meld of each type":
the trump K-Q of a run are no royal marriage besides.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Final

from ...core.cards import Card, Rank, Suit
from ...core.errors import RuleError, join_path
from ...core.readers import as_int, as_list, as_str
from ...core.text import N_
from ..table import MeldBook
from .melds import MeldCount, MeldReport

#: The ranks of the 80-card deck (no nines), high to low; four copies of each card.
RANKS: Final = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK)
COPIES: Final = 4
#: A side's meld in one hand is at most this, in counters (more is a typo).
MAX_MELD: Final = 5000

#: The forms of a meld: single, double, triple, quadruple (how many copies of each card).
_FORMS: Final = ("", "double_", "triple_", "quadruple_")

#: One row per meld: its id, its English name (marked for the catalog), its value in counters
#: and how many of it a side (two hands of 20 cards) can hold. The one place the melds are
#: written out: the tables below are read off it.
_ROWS: Final[tuple[tuple[str, str, int, int], ...]] = (
    ("run", N_("run"), 15, 4),
    ("double_run", N_("double run"), 150, 2),
    ("triple_run", N_("triple run"), 225, 1),
    ("quadruple_run", N_("quadruple run"), 300, 1),
    ("royal_marriage", N_("royal marriage"), 4, 4),
    ("marriage", N_("marriage"), 2, 12),  # four in each plain suit
    ("aces_around", N_("aces around"), 10, 4),
    ("double_aces", N_("double aces around"), 100, 2),
    ("triple_aces", N_("triple aces around"), 150, 1),
    ("quadruple_aces", N_("quadruple aces around"), 200, 1),
    ("kings_around", N_("kings around"), 8, 4),
    ("double_kings", N_("double kings around"), 80, 2),
    ("triple_kings", N_("triple kings around"), 120, 1),
    ("quadruple_kings", N_("quadruple kings around"), 160, 1),
    ("queens_around", N_("queens around"), 6, 4),
    ("double_queens", N_("double queens around"), 60, 2),
    ("triple_queens", N_("triple queens around"), 90, 1),
    ("quadruple_queens", N_("quadruple queens around"), 120, 1),
    ("jacks_around", N_("jacks around"), 4, 4),
    ("double_jacks", N_("double jacks around"), 40, 2),
    ("triple_jacks", N_("triple jacks around"), 60, 1),
    ("quadruple_jacks", N_("quadruple jacks around"), 80, 1),
    ("pinochle", N_("pinochle"), 4, 4),
    ("double_pinochle", N_("double pinochle"), 30, 2),
    ("triple_pinochle", N_("triple pinochle"), 60, 1),
    ("quadruple_pinochle", N_("quadruple pinochle"), 90, 1),
)

#: The meld ids, in the order docs/rules.md lists them and the counter reports them.
MELD_IDS: Final = tuple(meld for meld, _, _, _ in _ROWS)
MELD_NAMES: Final = {meld: name for meld, name, _, _ in _ROWS}
#: Pagat's values, in counters.
VALUES: Final = {meld: points for meld, _, points, _ in _ROWS}
MOST: Final = {meld: most for meld, _, _, most in _ROWS}
#: The one-tap chips of the hand form: the everyday melds (the rarer forms are typed by id or
#: counted from the cards).
CHIPS: Final = (
    "run",
    "double_run",
    "royal_marriage",
    "marriage",
    "pinochle",
    "double_pinochle",
    "aces_around",
    "kings_around",
    "queens_around",
    "jacks_around",
)
#: The meld book of the double-deck layout (its names, chips and the calculator's ranks).
BOOK: Final = MeldBook(MELD_NAMES, CHIPS, RANKS)

#: The arounds by rank, with the id stem of their forms.
_AROUNDS: Final = (
    (Rank.ACE, "aces"),
    (Rank.KING, "kings"),
    (Rank.QUEEN, "queens"),
    (Rank.JACK, "jacks"),
)


def _form(stem: str, copies: int, single: str) -> str:
    """The id of a meld of ``copies`` copies of each card: ``single`` for one, else
    ``double_<stem>`` and so on."""
    return single if copies == 1 else f"{_FORMS[copies - 1]}{stem}"


def read_meld(value: object, path: str) -> tuple[int, tuple[str, ...] | None]:
    """A side's meld as entered: a number of counters (0 to :data:`MAX_MELD`) or a list of meld
    ids (each at most as often as a side can hold it); its value and its ids (``None`` for a
    number).

    >>> read_meld(["run", "royal_marriage", "pinochle"], "meld.Us")
    (23, ('run', 'royal_marriage', 'pinochle'))
    >>> read_meld(["triple_run", "triple_run"], "meld.Us")
    Traceback (most recent call last):
    ...
    scorekeeper.rules.core.errors.RuleError: meld.Us[1]: no side holds more than 1 triple_run
    """
    if not isinstance(value, list):
        return as_int(value, path, low=0, high=MAX_MELD), None
    ids: list[str] = []
    seen: Counter[str] = Counter()
    for i, item in enumerate(as_list(value, path)):
        item_path = join_path(path, i)
        meld = as_str(item, item_path)
        if meld not in VALUES:
            raise RuleError(
                item_path,
                "is not a meld; melds are {ids}",
                code="unknown_meld",
                ids=", ".join(MELD_IDS),
            )
        seen[meld] += 1
        if seen[meld] > MOST[meld]:
            raise RuleError(
                item_path,
                "no side holds more than {most} {meld}",
                code="impossible_meld",
                most=MOST[meld],
                meld=meld,
            )
        ids.append(meld)
    return sum(VALUES[meld] for meld in ids), tuple(ids)


def read_cards(value: object, path: str = "cards") -> list[Card]:
    """A hand of the 80-card deck: A, 10, K, Q, J, at most four of each card."""
    cards: list[Card] = []
    held: Counter[Card] = Counter()
    for i, item in enumerate(as_list(value, path)):
        item_path = join_path(path, i)
        card = Card.parse(item, item_path)
        if card.rank not in RANKS:
            raise RuleError(
                item_path,
                "{given!r} is not in a double-deck pack (A, 10, K, Q, J only)",
                code="bad_card",
                given=item,
            )
        held[card] += 1
        if held[card] > COPIES:
            raise RuleError(
                item_path,
                "a double-deck pack holds only four {card}",
                code="impossible_hand",
                card=str(card),
            )
        cards.append(card)
    return cards


def count_melds(cards: Sequence[Card], trump: Suit) -> dict[str, int]:
    """How many of each meld ``cards`` hold with ``trump`` (ids with a count, table order).

    A card counts once within each type: the run's trump K-Q are no royal marriage besides;
    a rank in every suit n times is the n-fold around; Q♠ J♦ n times the n-fold pinochle.

    >>> hand = ["AH", "10H", "KH", "QH", "JH"] * 2 + ["KH", "QH", "KS", "QS", "QS", "JD", "JD"]
    >>> from ...core.cards import Card
    >>> count_melds([Card.parse(c, "c") for c in hand], Suit.HEARTS)
    {'double_run': 1, 'royal_marriage': 1, 'marriage': 1, 'double_pinochle': 1}
    """
    held = Counter(cards)

    def n(rank: Rank, suit: Suit) -> int:
        return held[Card(rank, suit)]

    counts: Counter[str] = Counter()
    runs = min(n(rank, trump) for rank in RANKS)
    if runs:
        counts[_form("run", runs, "run")] += 1
    counts["royal_marriage"] = min(n(Rank.KING, trump), n(Rank.QUEEN, trump)) - runs
    counts["marriage"] = sum(
        min(n(Rank.KING, suit), n(Rank.QUEEN, suit)) for suit in Suit if suit is not trump
    )
    for rank, stem in _AROUNDS:
        around = min(n(rank, suit) for suit in Suit)
        if around:
            counts[_form(stem, around, f"{stem}_around")] += 1
    pinochles = min(n(Rank.QUEEN, Suit.SPADES), n(Rank.JACK, Suit.DIAMONDS))
    if pinochles:
        counts[_form("pinochle", pinochles, "pinochle")] += 1
    return {meld: counts[meld] for meld in MELD_IDS if counts[meld]}


def meld_value(counts: dict[str, int]) -> int:
    """The counters of ``counts`` (:func:`count_melds`) by Pagat's values."""
    return sum(VALUES[meld] * count for meld, count in counts.items())


def calculate_meld(cards: object, trump: object) -> MeldReport:
    """The melds a hand of the 80 cards holds with ``trump``, valued by Pagat's table (backs
    ``POST /api/v1/meld/double-deck`` and the double-deck meld calculator). Refuses a card
    list no double-deck pack deals (``cards[i]``) and a trump that is no suit (``trump``).

    >>> report = calculate_meld(["AS", "10S", "KS", "QS", "JS", "QS", "JD"], "spades")
    >>> [(m.id, m.count, m.points) for m in report.melds], report.total
    ([('run', 1, 15), ('pinochle', 1, 4)], 19)
    """
    hand = read_cards(cards)
    counts = count_melds(hand, Suit.from_word(as_str(trump, "trump"), "trump"))
    found = tuple(MeldCount(meld, count, count * VALUES[meld]) for meld, count in counts.items())
    return MeldReport(found, sum(m.points for m in found))


__all__ = [
    "BOOK",
    "CHIPS",
    "COPIES",
    "MAX_MELD",
    "MELD_IDS",
    "MELD_NAMES",
    "RANKS",
    "VALUES",
    "calculate_meld",
    "count_melds",
    "meld_value",
    "read_cards",
    "read_meld",
]
