"""Pinnacola: card values, meld validation and value (sets, runs, wilds), deal scoring, the match.

Sources: seed 001 (Italian, the primary source), docs/rules.md §3-§5, the onmadesoft.com Pinnacola
FAQ, and Wikipedia (it) "Pinnacola" for the Pinnacolone running "da Asso ad Asso".

A meld is given as a list of cards in any order (docs/rules.md §3: "the scorekeeper finds the
arrangement"); its value never depends on the arrangement, because a wild counts its own value
wherever it stands, so only the *kind* of meld (set or run) and its length matter.

With pinelle (the default) the red 2s are out of the deck (104 cards) and the black 2s are wild;
with ``pinelle: false`` every 2 is a natural card after the ace (A-2-3) and the red 2s are back
in the deck (108 cards), so only the jokers are wild (docs/rules.md §3 "Deck and wilds").

>>> value_meld(["5H", "6H", "JK", "8H"]).as_json()
{'kind': 'run', 'points': 50}
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ...core.cards import Card, Rank, Suit
from ...core.errors import RuleError, join_path
from ...core.facts import CLOSED as CLOSED
from ...core.facts import PINNACOLONE as PINNACOLONE
from ...core.facts import STALLED as STALLED
from ...core.facts import Closing, DealSide, HandFacts, deal_summary
from ...core.match import (
    FINISHED,
    IN_PROGRESS,
    HandResult,
    MatchState,
    Setup,
    player_left_of,
    standings_by_total,
)
from ...core.options import (
    DIRECTION_OPTION,
    SCORING_GROUP,
    OptionSpec,
    boolean,
    choice,
    integer,
    nullable,
)
from ...core.readers import as_bool, as_int, as_list, as_object, as_side, check_keys, side_map
from ...core.runner import Runner
from ...core.text import N_, Note, note
from ..registry import PINNACOLA, Variant, register
from ..table import DEAL_WORDS, Entry, Layout, Tool, members_of, seated

# --- Numbers of the game (seed 001; docs/rules.md §3) ---------------------------------------------

#: Seed 001: "un poker di 4 jolly vale 400 punti".
FOUR_JOKERS_POINTS = 400
#: Seed 001: a poker of 5-point cards is 40, of 10-point cards 80: twice the cards' sum.
POKER_FACTOR = 2
#: Seed 001: a run of 7+ without wilds ("Pinnacola") is doubled, of 10+ tripled.
PINNACOLA_DOUBLE_FROM = 7
PINNACOLA_TRIPLE_FROM = 10
#: Seed 001: a clean run of 13+ ("Pinnacolone") is worth 1500 and wins the match at once.
PINNACOLONE_FROM = 13
PINNACOLONE_POINTS = 1500
#: docs/rules.md §3, option ``pinnacolone``: seed 001 defines it as «una Pinnacola composta da 13
#: o più carte (in pratica una scala completa dall’Asso al Re, ...)». ``13-cards`` (the default, as
#: before the option) reads the number: a clean run of 13 or more; ``ace-to-king`` reads the
#: parenthesis: a clean run holding every rank of its suit from the ace to the king, which with
#: pinelle (the 2 has no place in a run) is 12 cards, A-3-...-K.
PINNACOLONE_13_CARDS = "13-cards"
PINNACOLONE_ACE_TO_KING = "ace-to-king"
#: Seed 001: "100 punti a chi chiude, 200 se chiude in mano".
CLOSE_BONUS = 100
CLOSE_IN_MANO_BONUS = 200
#: Seed 001: "La squadra che non ha calato giochi sul campo ... penalizzazione di -100 punti".
NO_MELD_PENALTY = 100
#: Every score in Pinnacola is a sum of card values, all multiples of 5.
POINT_STEP = 5
#: Two 52-card decks (docs/rules.md §3): at most two copies of a natural card, four jokers.
NATURAL_COPIES = 2
JOKER_COPIES = 4
#: docs/rules.md §3, option ``joker_sets`` (Wikipedia it: "tris o poker di jolly"): three jokers
#: make a set, worth the sum of its cards; four jokers are the poker of seed 001 (400) either way.
JOKER_SET_SIZE = 3

#: docs/rules.md §4: the hand sizes a table may deal (recorded; they change no score).
HAND_SIZES = (10, 13, 15, 19)

SET = "set"
RUN = "run"


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


def _read_cards(value: object, path: str, *, pinelle: bool) -> list[tuple[Card, str]]:
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
    read = _read_cards(cards, path, pinelle=pinelle)
    check_deck(read)
    return sum(card_value(card, pinelle=pinelle) for card, _ in read)


# --- Melds ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class MeldValue:
    """A valid meld and what it is worth."""

    #: ``"set"`` (3-4 cards of one rank) or ``"run"`` (3+ consecutive cards of one suit).
    kind: str
    #: The meld's points, with poker, Pinnacola and Pinnacolone applied.
    points: int
    #: The cards as given.
    cards: tuple[Card, ...]
    #: How many of them are wilds.
    wilds: int = 0
    #: Four natural cards of one rank (×2), or four jokers (400).
    poker: bool = False
    #: A run of 7+ with no wild (×2; ×3 from 10 cards).
    pinnacola: bool = False
    #: A run of 13+ with no wild: 1500, and the side wins the match at once.
    pinnacolone: bool = False

    def as_json(self) -> dict[str, Any]:
        """The answer of ``POST /api/v1/meld/pinnacola``."""
        return {"kind": self.kind, "points": self.points}


def _run_ranks(pinelle: bool) -> tuple[Rank, ...]:
    """The places of a run, low to high: the ace low and high, no wrap-around.

    Seed 001: with pinelle "le scale non prevedono il 2, quindi A345 è valida"; without them
    "il 2 viene usato come 2 nella sua posizione naturale". The ace also goes above the king
    (docs/rules.md §3: Q-K-A), and a Pinnacolone runs "da Asso ad Asso" (Wikipedia it), which is the
    only way to lay 13 clean cards with pinelle on: A-3-...-K-A.
    """
    middle = [r for r in Rank if r not in (Rank.ACE, Rank.JOKER)]
    if pinelle:
        middle.remove(Rank.TWO)
    return (Rank.ACE, *middle, Rank.ACE)


def _fits_run(naturals: Sequence[Card], length: int, pinelle: bool) -> bool:
    """Whether the naturals (one suit) and ``length - len(naturals)`` wilds make a run."""
    places = _run_ranks(pinelle)
    aces = sum(1 for card in naturals if card.rank is Rank.ACE)
    fixed = [places.index(card.rank) for card in naturals if card.rank is not Rank.ACE]
    if len(set(fixed)) != len(fixed):
        return False
    for start in range(len(places) - length + 1):
        end = start + length - 1
        if not all(start <= place <= end for place in fixed):
            continue
        # The ace's two places are the ends of the sequence; wilds fill every other gap.
        ace_places = (start == 0) + (end == len(places) - 1)
        if aces <= ace_places:
            return True
    return False


def _fits_round_the_corner(naturals: Sequence[Card], length: int, pinelle: bool) -> bool:
    """Whether the cards would make a run if it could wrap from K over A to the low cards
    (K-A-3): the one reason to name when a run with an ace fails."""
    circle = _run_ranks(pinelle)[:-1]  # the ace once: A, (2,) 3 ... K, and round again
    wanted = [circle.index(card.rank) for card in naturals]
    if length > len(circle) or len(set(wanted)) != len(wanted):
        return False
    return any(
        all((place - start) % len(circle) < length for place in wanted)
        for start in range(len(circle))
    )


def pinnacolone_from(rule: str, *, pinelle: bool = True) -> int:
    """How many clean cards of one suit make a Pinnacolone under the option ``pinnacolone``
    (docs/rules.md §3): 13 under ``13-cards``; under ``ace-to-king`` every rank from the ace
    to the king, 12 with pinelle (no 2 in a run) and 13 without.

    >>> pinnacolone_from("13-cards"), pinnacolone_from("ace-to-king")
    (13, 12)
    >>> pinnacolone_from("ace-to-king", pinelle=False)
    13
    """
    if rule == PINNACOLONE_ACE_TO_KING:
        return len(_run_ranks(pinelle)) - 1  # the ace once: A, (2,) 3 ... K
    return PINNACOLONE_FROM


def value_meld(
    cards: object,
    *,
    pinelle: bool = True,
    joker_sets: bool = False,
    pinnacolone: str = PINNACOLONE_13_CARDS,
    path: str = "meld",
) -> MeldValue:
    """Check a meld given as a list of cards (any order) and value it.

    A meld readable both as a set and as a run (``5H JK JK``) is a set (docs/rules.md §5). A bad
    card is refused at ``meld[i]``; cards that make no meld at ``meld``, saying why.
    ``joker_sets`` (the match option, docs/rules.md §3): three jokers alone are a set too.
    ``pinnacolone`` (the match option): which clean runs are a Pinnacolone
    (:func:`pinnacolone_from`).

    >>> value_meld(["4H", "5H", "JK", "7H"]).points  # seed 001: 45*7
    45
    >>> value_meld(["5H", "6S", "7H"])
    Traceback (most recent call last):
    ...
    scorekeeper.rules.core.errors.RuleError: meld: 5H 6S 7H: a run must be one suit
    """
    read = _read_cards(cards, path, pinelle=pinelle)
    check_deck(read)
    meld = tuple(card for card, _ in read)
    shown = " ".join(str(card) for card in meld)

    def refuse(reason: str, code: str, **params: Any) -> RuleError:
        # ``reason`` starts with ``{cards}: ``: whole sentences make whole catalog entries.
        return RuleError(path, reason, code=code, cards=shown, **params)

    if len(meld) < 3:
        raise refuse("{cards}: a meld has at least 3 cards", "meld_too_short")
    naturals = [card for card in meld if not is_wild(card, pinelle=pinelle)]
    wilds = len(meld) - len(naturals)
    base = sum(card_value(card, pinelle=pinelle) for card in meld)

    if not naturals:
        return _wilds_alone(meld, base, joker_sets=joker_sets, refuse=refuse)

    ranks = {card.rank for card in naturals}
    suits = {card.suit for card in naturals}
    set_problem: RuleError | None = None
    if len(ranks) == 1:
        if len(meld) > 4:
            set_problem = refuse("{cards}: a set has 3 or 4 cards", "set_too_long")
        elif len(suits) != len(naturals):
            set_problem = refuse("{cards}: a set must be of different suits", "set_same_suit")
        else:
            poker = wilds == 0 and len(meld) == 4
            return MeldValue(SET, base * POKER_FACTOR if poker else base, meld, wilds, poker=poker)

    run_problem = _run_problem(naturals, len(meld), pinelle, ranks)
    if run_problem is None:
        return _run_value(meld, wilds, base, pinnacolone_from(pinnacolone, pinelle=pinelle))
    if set_problem is not None:
        raise set_problem
    reason, code, params = run_problem
    raise refuse(reason, code, **params)


def _wilds_alone(
    meld: tuple[Card, ...], base: int, *, joker_sets: bool, refuse: Callable[..., RuleError]
) -> MeldValue:
    """A meld of wilds alone: four jokers are the poker of seed 001 ("un poker di 4 jolly vale
    400 punti"); with ``joker_sets``, three jokers are a set worth its cards (docs/rules.md §3,
    Wikipedia it: "tris o poker di jolly"). Pinelle never make one: a meld of wilds alone would
    stand for nothing in particular."""
    jokers_only = all(card.rank is Rank.JOKER for card in meld)
    if jokers_only and len(meld) == 4:
        return MeldValue(SET, FOUR_JOKERS_POINTS, meld, len(meld), poker=True)
    if jokers_only and joker_sets and len(meld) == JOKER_SET_SIZE:
        return MeldValue(SET, base, meld, len(meld))
    if joker_sets:
        raise refuse(
            "{cards}: a meld needs a natural card; only three or four jokers make a meld of"
            " wilds alone",
            "wilds_only",
        )
    raise refuse(
        "{cards}: a meld needs a natural card; only four jokers make a meld of wilds alone",
        "wilds_only",
    )


def _run_problem(
    naturals: Sequence[Card], length: int, pinelle: bool, ranks: set[Rank]
) -> tuple[str, str, dict[str, Any]] | None:
    """Why the cards make no run (reason, code, params), or ``None`` when they do."""
    suits: set[Suit | None] = {card.suit for card in naturals}
    if len(suits) > 1:
        if len(ranks) < len(naturals):
            return N_("{cards}: a set must be one rank and a run one suit"), "no_meld", {}
        return N_("{cards}: a run must be one suit"), "run_suits", {}
    places = _run_ranks(pinelle)
    if length > len(places):
        return N_("{cards}: a run has at most {most} cards"), "run_too_long", {"most": len(places)}
    plain = [card.rank for card in naturals if card.rank is not Rank.ACE]
    if len(set(plain)) != len(plain):
        return N_("{cards}: a run cannot hold the same card twice"), "run_duplicate", {}
    if _fits_run(naturals, length, pinelle):
        return None
    if sum(1 for card in naturals if card.rank is Rank.ACE) > 1:
        return (
            N_("{cards}: a run holds two aces only when it goes from ace to ace (A-{low}-...-K-A)"),
            "run_two_aces",
            {"low": places[1].value},
        )
    if Rank.ACE in ranks and _fits_round_the_corner(naturals, length, pinelle):
        return (
            N_("{cards}: a run does not wrap around: the ace is low (A-{low}) or high (Q-K-A)"),
            "run_wraps",
            {"low": places[1].value},
        )
    if length == len(naturals):
        return N_("{cards}: a run must be consecutive"), "run_gap", {}
    return N_("{cards}: the wilds cannot fill the gaps of this run"), "run_gap", {}


def _run_value(meld: tuple[Card, ...], wilds: int, base: int, pinnacolone_at: int) -> MeldValue:
    """A valid run's value: its cards, or ×2 / ×3 / 1500 for a clean 7+ / 10+ / 13+ (seed 001;
    ``pinnacolone_at``: 12 for a full run under ``pinnacolone: ace-to-king`` with pinelle)."""
    if wilds == 0 and len(meld) >= pinnacolone_at:
        return MeldValue(RUN, PINNACOLONE_POINTS, meld, 0, pinnacola=True, pinnacolone=True)
    if wilds == 0 and len(meld) >= PINNACOLA_TRIPLE_FROM:
        return MeldValue(RUN, base * 3, meld, 0, pinnacola=True)
    if wilds == 0 and len(meld) >= PINNACOLA_DOUBLE_FROM:
        return MeldValue(RUN, base * 2, meld, 0, pinnacola=True)
    return MeldValue(RUN, base, meld, wilds)


# --- One deal (smazzata) ----------------------------------------------------------------------


@dataclass(frozen=True)
class SideDeal:
    """One side's part of a deal, as read from the entry."""

    #: Points of its melds on the table (the 1500 of a Pinnacolone included).
    table: int
    #: Points of the cards left in its players' hands.
    hand: int
    #: Whether it laid at least one meld in the deal.
    laid_meld: bool
    #: Whether its table, given as cards, holds a Pinnacolone (``None``: given as points).
    has_pinnacolone: bool | None = None
    #: The Pinnacolas (clean runs of 7 to 12) of its table given as cards (``None``: points).
    pinnacolas: int | None = None


@dataclass(frozen=True)
class Deal:
    """A scored deal."""

    #: Points per side for this deal.
    scores: dict[str, int]
    #: ``"closed"``, ``"pinnacolone"`` or ``"stalled"``.
    ending: str
    #: The side that closed, or that laid the Pinnacolone.
    side: str | None
    in_mano: bool
    notes: tuple[Note, ...]
    #: Each side whose table was given as cards, with its Pinnacolas.
    pinnacolas: tuple[tuple[str, int], ...] = ()
    #: Each side's table and hand points, as read.
    split: tuple[DealSide, ...] = ()

    @property
    def closing(self) -> Closing:
        """How the deal ended, as the hand's facts say it."""
        return Closing(self.ending, self.side, self.in_mano, self.pinnacolas)


def read_side(
    value: object,
    path: str,
    *,
    pinelle: bool = True,
    joker_sets: bool = False,
    pinnacolone: str = PINNACOLONE_13_CARDS,
) -> tuple[SideDeal, list[tuple[Card, str]]]:
    """One side's ``{"table": ..., "hand": ...}``: each points (a multiple of 5, not negative) or
    cards (``table``: a list of melds, valued with ``pinelle``, ``joker_sets`` and
    ``pinnacolone``). Returns the side and the cards read, with their paths, for the deck check
    of the whole deal."""
    entry = as_object(value, path)
    check_keys(entry, ("table", "hand"), path, required=("table", "hand"))
    table_path, hand_path = join_path(path, "table"), join_path(path, "hand")
    cards: list[tuple[Card, str]] = []
    has_pinnacolone: bool | None = None
    pinnacolas: int | None = None
    raw_table = entry["table"]
    if isinstance(raw_table, list):
        table = 0
        has_pinnacolone = False
        pinnacolas = 0
        for i, raw_meld in enumerate(raw_table):
            meld_path = join_path(table_path, i)
            meld = value_meld(
                raw_meld,
                pinelle=pinelle,
                joker_sets=joker_sets,
                pinnacolone=pinnacolone,
                path=meld_path,
            )
            table += meld.points
            has_pinnacolone = has_pinnacolone or meld.pinnacolone
            pinnacolas += meld.pinnacola and not meld.pinnacolone
            cards += [(card, join_path(meld_path, j)) for j, card in enumerate(meld.cards)]
        laid_meld = bool(raw_table)
    else:
        table = _read_points(raw_table, table_path, "a list of melds")
        # Points entered directly say nothing more: a side with 0 on the table is taken to have
        # laid no meld (every meld is worth at least 15), so it gets the -100 of seed 001.
        laid_meld = table > 0
    raw_hand = entry["hand"]
    if isinstance(raw_hand, list):
        read = _read_cards(raw_hand, hand_path, pinelle=pinelle)
        cards += read
        hand = sum(card_value(card, pinelle=pinelle) for card, _ in read)
    else:
        hand = _read_points(raw_hand, hand_path, "a list of cards")
    return SideDeal(table, hand, laid_meld, has_pinnacolone, pinnacolas), cards


def _read_points(value: object, path: str, or_cards: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise RuleError(
            path,
            "must be points (a multiple of 5) or {or_cards}",
            code="bad_points",
            or_cards=or_cards,
        )
    points = as_int(value, path, low=0)
    if points % POINT_STEP:
        raise RuleError(path, "must be a multiple of {step}", code="not_multiple", step=POINT_STEP)
    return points


def score_deal(
    entry: object,
    sides: Sequence[str],
    *,
    pinelle: bool = True,
    joker_sets: bool = False,
    stall: str = "score",
    teams: bool = False,
    pinnacolone_rule: str = PINNACOLONE_13_CARDS,
) -> Deal:
    """Read and score one deal (docs/rules.md §3; the hand body of docs/api.md).

    Each side scores its table minus its hand; +100 to the side that closed, +200 instead if it
    closed in mano; -100 to a side that laid no meld (stalled deals included). A Pinnacolone
    gives no closing bonus and wins the match. ``stall="void"`` scores a stalled deal 0 for all.
    ``teams``: sides are partnerships, so the closer's partner may still hold cards.
    ``pinelle``, ``joker_sets`` and ``pinnacolone_rule`` (option ``pinnacolone``): the match
    options that melds given as cards are read with.
    """
    body = as_object(entry, "_")
    check_keys(
        body,
        ("sides", "closed_by", "in_mano", "pinnacolone", "stalled"),
        required=("sides",),
    )
    raw_sides = side_map(body["sides"], "sides", sides)
    read: dict[str, SideDeal] = {}
    all_cards: list[tuple[Card, str]] = []
    for side in sides:
        read[side], cards = read_side(
            raw_sides[side],
            f"sides.{side}",
            pinelle=pinelle,
            joker_sets=joker_sets,
            pinnacolone=pinnacolone_rule,
        )
        all_cards += cards
    check_deck(all_cards)

    closed_by, pinnacolone, stalled, in_mano = _read_ending(body, sides)
    for side in sides:
        _check_pinnacolone(side, read[side], pinnacolone, pinnacolone_rule)
        if side == closed_by:
            _check_closer(side, read[side], teams=teams)

    listed = tuple((side, n) for side in sides if (n := read[side].pinnacolas) is not None)
    split = tuple(DealSide(side, read[side].table, read[side].hand) for side in sides)
    if stalled and stall == "void":
        return Deal(
            {side: 0 for side in sides},
            STALLED,
            None,
            False,
            (note("stalled deal: void (scores 0 for all)"),),
            listed,
            split,
        )
    scores, notes = _score_sides(read, closed_by, in_mano)
    if pinnacolone is not None:
        notes.insert(0, note("{side} laid a Pinnacolone and wins the match", side=pinnacolone))
        return Deal(scores, PINNACOLONE, pinnacolone, False, tuple(notes), listed, split)
    if stalled:
        notes.insert(0, note("stalled deal: no closing bonus"))
        return Deal(scores, STALLED, None, False, tuple(notes), listed, split)
    return Deal(scores, CLOSED, closed_by, in_mano, tuple(notes), listed, split)


def _read_ending(
    body: Mapping[str, Any], sides: Sequence[str]
) -> tuple[str | None, str | None, bool, bool]:
    """How the deal ended: ``closed_by``, ``pinnacolone``, ``stalled`` (exactly one of them)
    and ``in_mano`` (only with ``closed_by``)."""
    closed_by = _optional_side(body.get("closed_by"), "closed_by", sides)
    pinnacolone = _optional_side(body.get("pinnacolone"), "pinnacolone", sides)
    stalled = as_bool(body.get("stalled", False), "stalled")
    in_mano = as_bool(body.get("in_mano", False), "in_mano")
    endings = [
        name
        for name, given in (
            ("closed_by", closed_by is not None),
            ("pinnacolone", pinnacolone is not None),
            ("stalled", stalled),
        )
        if given
    ]
    if not endings:
        raise RuleError(
            "_",
            "say how the deal ended: closed_by, pinnacolone or stalled",
            code="no_ending",
        )
    if len(endings) > 1:
        raise RuleError(
            endings[1],
            "a deal ends in one way only: {first} or {second}, not both",
            code="two_endings",
            first=endings[0],
            second=endings[1],
        )
    if in_mano and closed_by is None:
        raise RuleError("in_mano", "only a side that closed can close in mano", code="no_closer")
    return closed_by, pinnacolone, stalled, in_mano


def _check_pinnacolone(
    side: str, deal: SideDeal, pinnacolone: str | None, rule: str = PINNACOLONE_13_CARDS
) -> None:
    """A Pinnacolone on a side's table ends the deal, so it must be the one named, and the side
    named must hold one (when its table is given as cards) worth at least its 1500."""
    table_path = f"sides.{side}.table"
    if deal.has_pinnacolone and side != pinnacolone:
        raise RuleError(
            "pinnacolone",
            "{side} laid a Pinnacolone: the deal ended with it",
            code="pinnacolone_not_named",
            side=side,
        )
    if side != pinnacolone:
        return
    # ``None``: the table was given as points, so there are no cards to look for it in.
    if deal.has_pinnacolone is False:
        if rule == PINNACOLONE_ACE_TO_KING:
            raise RuleError(
                table_path,
                "holds no Pinnacolone (a clean run from the ace to the king)",
                code="no_pinnacolone",
            )
        raise RuleError(
            table_path, "holds no Pinnacolone (a clean run of 13)", code="no_pinnacolone"
        )
    if deal.table < PINNACOLONE_POINTS:
        raise RuleError(
            table_path,
            "a side that laid a Pinnacolone has at least {least} on the table",
            code="too_small",
            least=PINNACOLONE_POINTS,
        )


def _check_closer(side: str, deal: SideDeal, *, teams: bool) -> None:
    """The side that closed has melds on the table and, playing alone, no cards left."""
    if not deal.laid_meld:
        raise RuleError(
            f"sides.{side}.table",
            "a side that closed has melds on the table",
            code="closer_no_meld",
        )
    if not teams and deal.hand:
        # In teams the closer's partner may still hold cards (docs/rules.md §3).
        raise RuleError(
            f"sides.{side}.hand",
            "the player who closed has no cards left",
            code="closer_hand",
        )


def _score_sides(
    read: Mapping[str, SideDeal], closed_by: str | None, in_mano: bool
) -> tuple[dict[str, int], list[Note]]:
    """Every side's table minus its hand, the closing bonus and the no-meld penalty, with the
    notes that explain them."""
    scores: dict[str, int] = {}
    notes: list[Note] = []
    for side, deal in read.items():
        score = deal.table - deal.hand
        if side == closed_by:
            bonus = CLOSE_IN_MANO_BONUS if in_mano else CLOSE_BONUS
            score += bonus
            if in_mano:
                notes.append(note("{side} closed in mano: +{bonus}", side=side, bonus=bonus))
            else:
                notes.append(note("{side} closed: +{bonus}", side=side, bonus=bonus))
        if not deal.laid_meld:
            score -= NO_MELD_PENALTY
            notes.append(
                note("{side} laid no meld: -{penalty}", side=side, penalty=NO_MELD_PENALTY)
            )
        scores[side] = score
    return scores, notes


def _optional_side(value: object, path: str, sides: Sequence[str]) -> str | None:
    return None if value is None else as_side(value, path, sides)


# --- The variant ------------------------------------------------------------------------------

OPTION_SPECS: tuple[OptionSpec, ...] = (
    OptionSpec("pinelle", True, boolean(), "Black 2s are wild (pinelle)"),
    # docs/rules.md §3: false by default (Wikipedia it: "tris o poker di jolly").
    OptionSpec("joker_sets", False, boolean(), "Three jokers make a set"),
    # docs/rules.md §3: 1500 by default, 2000 and 3000 common; null only with a number of deals.
    OptionSpec(
        "target",
        1500,
        nullable(integer(low=5, high=100_000, multiple_of=5)),
        "Play to (points)",
        group=SCORING_GROUP,
    ),
    OptionSpec(
        "deals",
        None,
        nullable(integer(low=1, high=100)),
        "Or a number of deals",
        group=SCORING_GROUP,
    ),
    OptionSpec(
        "stall",
        "score",
        choice("score", "void"),
        "A stalled deal: scored, or void",
        group=SCORING_GROUP,
    ),
    OptionSpec(
        "pinnacolone",
        PINNACOLONE_13_CARDS,
        choice(PINNACOLONE_13_CARDS, PINNACOLONE_ACE_TO_KING),
        "Pinnacolone: a clean run of 13 cards or more, or a full run from the ace to the king",
        group=SCORING_GROUP,
    ),
    OptionSpec("hand_size", 13, choice(*HAND_SIZES), "Cards dealt to each player"),
    DIRECTION_OPTION,
)


@register
class PinnacolaVariant(Variant):
    """Pinnacola for 2 players, or 4 in two teams (docs/rules.md §3)."""

    id = "pinnacola"
    title = N_("Pinnacola")
    description = N_(
        "Italian rummy with pinelle and jokers: sets, runs, Pinnacola and Pinnacolone."
    )
    player_counts = (2, 4)
    family = PINNACOLA
    rank = 60

    def option_specs(self, given: Mapping[str, Any]) -> Sequence[OptionSpec]:
        """``pinelle``, ``joker_sets``, ``target``, ``deals``, ``stall``, ``pinnacolone``,
        ``hand_size`` and ``direction`` (docs/rules.md §4)."""
        return OPTION_SPECS

    def resolve_options(self, given: object) -> dict[str, Any]:
        """The options, with ``target`` null allowed only when ``deals`` is set (docs/rules.md
        §4)."""
        options = super().resolve_options(given)
        if options["target"] is None and options["deals"] is None:
            raise RuleError(
                "rules.target",
                "may be null only when deals is set",
                code="no_match_end",
            )
        return options

    def partnerships(self, options: Mapping[str, Any], player_count: int) -> bool:
        """Four players play in two teams (seed 001: "due squadre di due giocatori")."""
        return player_count == 4

    def layout(self, setup: Setup, active: Sequence[str] = ()) -> Layout:
        """Each side's points on the table and in hand, and how the deal ended."""
        players, sitting_out = seated(setup, active)
        return Layout(
            Entry.RUMMY_DEAL,
            setup.sides,
            players,
            sitting_out,
            direction=setup.direction,
            words=DEAL_WORDS,
            tool=Tool.PINNACOLA_MELD,
            members=members_of(setup, setup.sides),
        )

    def describe(self, entry: Mapping[str, Any]) -> HandFacts:
        """How the deal ended (:func:`~scorekeeper.rules.core.facts.deal_summary`)."""
        return HandFacts(summary=deal_summary(entry))

    def runner(self, setup: Setup) -> Runner:
        """Every deal: totals, the end by target, by deals or by a Pinnacolone.

        The deal passes in the match's ``direction`` and the player after the dealer plays first
        (docs/rules.md §5). A match stored without ``joker_sets`` (created before the option)
        reads three jokers as no meld, as it did then."""
        return _PinnacolaRunner(setup)


class _PinnacolaRunner(Runner):
    """One replay of a Pinnacola match."""

    def __init__(self, setup: Setup) -> None:
        self.setup = setup
        self.totals = dict.fromkeys(setup.sides, 0)
        self.winner: str | None = None

    def hand(self, number: int, raw: Mapping[str, Any]) -> HandResult:
        """Score deal ``number`` and see whether the match ends."""
        setup, options, sides = self.setup, self.setup.options, self.setup.sides
        deal = score_deal(
            raw,
            sides,
            pinelle=options["pinelle"],
            joker_sets=bool(options.get("joker_sets", False)),
            stall=options["stall"],
            teams=bool(setup.teams),
            # A match stored before the option (docs/rules.md §7) plays by 13 cards, as then.
            pinnacolone_rule=str(options.get("pinnacolone", PINNACOLONE_13_CARDS)),
        )
        for side in sides:
            self.totals[side] += deal.scores[side]
        notes = list(deal.notes)
        if deal.ending == PINNACOLONE:
            self.winner = deal.side
        else:
            self.winner, tie = _match_winner(
                self.totals, options["target"], options["deals"], number
            )
            if tie:
                notes.append(note("equal totals at the end: another deal is played"))
        self.over = self.winner is not None
        return HandResult(
            number=number,
            dealer=setup.dealer_of(number),
            input=raw,
            scores=dict(deal.scores),
            active=setup.players,
            notes=tuple(notes),
            facts=HandFacts(closing=deal.closing, deal=deal.split, summary=deal_summary(raw)),
        )

    def state(self, results: tuple[HandResult, ...]) -> MatchState:
        """The match as it stands after ``results``."""
        setup, winner = self.setup, self.winner
        dealer = setup.dealer_of(len(results) + 1)
        standings = standings_by_total(setup.sides, self.totals)
        if winner is not None:
            # A Pinnacolone wins outright, even from behind: the winner heads the standings.
            standings = (winner, *(side for side in standings if side != winner))
        return MatchState(
            sides=setup.sides,
            hands=results,
            totals=dict(self.totals),
            status=FINISHED if winner is not None else IN_PROGRESS,
            winner=winner,
            standings=standings,
            dealer=dealer,
            leader=player_left_of(setup.rotation, dealer),
            active=setup.players,
            target=setup.options["target"],
        )


def _match_winner(
    totals: Mapping[str, int], target: int | None, deals: int | None, played: int
) -> tuple[str | None, bool]:
    """After a deal: the winner, and whether the match would end but for a tie.

    docs/rules.md §3: the match ends at the target or after ``deals`` deals, whichever comes first;
    the higher total wins (so two sides over the target in one deal: the higher); equal totals
    play another deal.
    """
    best = max(totals.values())
    due = (target is not None and best >= target) or (deals is not None and played >= deals)
    if not due:
        return None, False
    leaders = [side for side, total in totals.items() if total == best]
    if len(leaders) == 1:
        return leaders[0], False
    return None, True
