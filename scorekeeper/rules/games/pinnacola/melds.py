"""Pinnacola's melds (docs/rules.md §3): checking a set or a run and what it is worth (wilds,
poker, Pinnacola and Pinnacolone).

A meld is given as a list of cards in any order (docs/rules.md §3: "the scorekeeper finds the
arrangement"); its value never depends on the arrangement, because a wild counts its own value
wherever it stands, so only the *kind* of meld (set or run) and its length matter.

>>> value_meld(["5H", "6H", "JK", "8H"]).as_json()
{'kind': 'run', 'points': 50}
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ...core.cards import Card, Rank, Suit
from ...core.errors import RuleError
from ...core.text import N_
from .cards import card_value, check_deck, is_wild, read_cards

# --- Numbers of the melds (seed 001; docs/rules.md §3) --------------------------------------------

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
#: docs/rules.md §3, option ``joker_sets`` (Wikipedia it: "tris o poker di jolly"): three jokers
#: make a set, worth the sum of its cards; four jokers are the poker of seed 001 (400) either way.
JOKER_SET_SIZE = 3

SET = "set"
RUN = "run"


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
    read = read_cards(cards, path, pinelle=pinelle)
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
