"""What a hand was, as typed facts: the rules that score a hand say what happened in it, so that
nothing after them (the records, the hand's summary line, the CSV export) reads a hand's raw
entry again (issue 24; as pokerkit's actions return frozen ``Operation`` records).

Every :class:`~scorekeeper.rules.core.match.HandResult` carries its :class:`HandFacts`: the
contract (who bid how much, and whether it was made), the meld entered for each holder (with
the meld ids where they were listed), each side's trick points, the end of a rummy deal and
each side's table and hand points in it, and a one-line summary note of
what was entered ("Ana bid 350 ♠ · made"). Points are the match's own (``simple`` counting
divides them by 10); the readers of the facts scale them.

>>> facts = HandFacts(Contract("Ana", 350, MADE), summary=bid_summary("Ana", 350, "spades"))
>>> facts.contract.made, str(facts.summary)
(True, 'Ana bid 350 ♠')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from .cards import Suit
from .text import N_, Note, note

#: How a contract ended (the API's ``outcome``): made, set, conceded without play, thrown in
#: before the widow (auction in units with a kitty), or lost without play for want of a
#: marriage in trump (double-deck).
MADE: Final = "made"
SET: Final = "set"
CONCEDED: Final = "conceded"
THROWN_IN: Final = "thrown_in"
NO_MARRIAGE: Final = "no_marriage"

#: How a rummy deal ended (docs/rules.md §3 "End of a deal").
CLOSED: Final = "closed"
PINNACOLONE: Final = "pinnacolone"
STALLED: Final = "stalled"


@dataclass(frozen=True, slots=True)
class Contract:
    """The winning bid of a hand and how it ended."""

    #: The player who won the bid (a player, also in partnership play).
    bidder: str
    bid: int
    #: :data:`MADE`, :data:`SET`, :data:`CONCEDED` or :data:`THROWN_IN`.
    outcome: str
    #: The trump named (``"spades"``), ``None`` when none was (a hand thrown in).
    trump: str | None = None

    @property
    def made(self) -> bool:
        """The bidder made it."""
        return self.outcome == MADE

    @property
    def given_up(self) -> bool:
        """Not made and not played: conceded, or thrown in before the widow."""
        return self.outcome in (CONCEDED, THROWN_IN)


@dataclass(frozen=True, slots=True)
class Meld:
    """The meld entered for one holder (a side, or a player where meld is entered per player),
    as declared: whether a trick then saved it or not."""

    holder: str
    #: In the match's own points.
    points: int
    #: The meld ids, where the entry listed them; ``None`` where it gave a number.
    listed: tuple[str, ...] | None = None


@dataclass(frozen=True, slots=True)
class Tricks:
    """The trick points one side took in a played hand, as the rules read them (the side left
    blank given what was left of the counting's total)."""

    side: str
    #: In the match's own points.
    points: int


@dataclass(frozen=True, slots=True)
class DealSide:
    """One side's part of a rummy deal: the points of its melds on the table and of the cards
    left in its players' hands (docs/rules.md §3), before the closing's bonuses."""

    side: str
    table: int
    hand: int


@dataclass(frozen=True, slots=True)
class Closing:
    """How a rummy deal ended (Pinnacola, docs/rules.md §3)."""

    #: :data:`CLOSED`, :data:`PINNACOLONE` or :data:`STALLED`.
    ending: str
    #: The side that closed, or laid the Pinnacolone; ``None`` for a stalled deal.
    side: str | None = None
    #: Closed in mano (all its cards laid in one turn).
    in_mano: bool = False
    #: Each side whose table was entered as melds of cards, with the Pinnacolas (clean runs
    #: of 7 to 12 cards) among them.
    pinnacolas: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True, slots=True)
class HandFacts:
    """Everything a hand was, beyond its scores; a fact that does not apply is left empty."""

    contract: Contract | None = None
    meld: tuple[Meld, ...] = ()
    closing: Closing | None = None
    #: The trick points of each side, in a hand that was played (empty: not played, or only
    #: an outcome was entered).
    tricks: tuple[Tricks, ...] = ()
    #: Each side's table and hand points of a rummy deal.
    deal: tuple[DealSide, ...] = ()
    #: What was entered, in one line for the hands' list and the CSV export (``None``: there
    #: is nothing to say beyond the scores).
    summary: Note | None = None


def listed_ids(value: object) -> tuple[str, ...] | None:
    """The meld ids of a meld entered as a list, ``None`` for a number.

    >>> listed_ids(["run", "pinochle"]), listed_ids(150)
    (('run', 'pinochle'), None)
    """
    return tuple(str(item) for item in value) if isinstance(value, list) else None


# --- The summary line -------------------------------------------------------------------------
#
# One whole sentence per case, so that each language words it its own way; the page
# translates it (``note_text``). They are written from the entry as typed, never read
# again: a stored hand the rules now refuse still has its line (:func:`entry_summary`).

#: A bid, with the trump's symbol (empty when none was named).
BID: Final = N_("{bidder} bid {bid} {suit}")
#: A bid and how it ended, as the table said it (``what``: a word translated with the line).
BID_AND: Final = N_("{bidder} bid {bid} {suit} · {what}")
#: The words ``what`` may be, as a player says them.
OUTCOME_WORDS: Final = {
    MADE: N_("made"),
    SET: N_("set"),
    CONCEDED: N_("conceded"),
    THROWN_IN: N_("thrown in"),
    NO_MARRIAGE: N_("no marriage"),
}
ALL_PASSED: Final = N_("all passed")
SIDE_CLOSED: Final = N_("{side} closed")
SIDE_CLOSED_IN_MANO: Final = N_("{side} closed in mano")
PINNACOLONE_BY: Final = N_("Pinnacolone by {side}")
DEAL_STALLED: Final = N_("stalled")
DECLARED_OUT: Final = N_("{side} declared out")

_SYMBOLS: Final = {suit.word: suit.symbol for suit in Suit}


def bid_summary(bidder: object, bid: object, trump: object, outcome: object = None) -> Note:
    """The line of a hand that was bid: who, how much, the trump's symbol and, when the table
    said it, how it ended (``conceded`` for a concession).

    >>> str(bid_summary("Ana", 300, None, "thrown_in"))
    'Ana bid 300  · thrown in'
    """
    suit = _SYMBOLS.get(trump, "") if isinstance(trump, str) else ""
    if not outcome:
        return note(BID, bidder=bidder, bid=bid, suit=suit)
    what = OUTCOME_WORDS.get(outcome, outcome) if isinstance(outcome, str) else outcome
    return note(BID_AND, bidder=bidder, bid=bid, suit=suit, what=what)


def all_passed() -> Note:
    """The line of a hand nobody bid."""
    return note(ALL_PASSED)


def bid_entry_summary(entry: Any) -> Note | None:
    """The line of an auction hand (a widow bid or a partnership bid) from its entry as typed.

    >>> str(bid_entry_summary({"bidder": "Ana", "bid": 300, "trump": "hearts", "conceded": True}))
    'Ana bid 300 ♥ · conceded'
    """
    if not isinstance(entry, dict):
        return None
    if entry.get("outcome") == "all_pass":
        return all_passed()
    if not entry.get("bidder"):
        return None
    outcome = CONCEDED if entry.get("conceded") else entry.get("outcome")
    return bid_summary(entry["bidder"], entry.get("bid", ""), entry.get("trump"), outcome)


def deal_summary(entry: Any) -> Note | None:
    """The line of a rummy deal from its entry as typed: who closed (in mano), whose
    Pinnacolone ended it, or that it stalled.

    >>> str(deal_summary({"closed_by": "Us", "in_mano": True}))
    'Us closed in mano'
    """
    if not isinstance(entry, dict):
        return None
    if entry.get("closed_by"):
        template = SIDE_CLOSED_IN_MANO if entry.get("in_mano") else SIDE_CLOSED
        return note(template, side=entry["closed_by"])
    if entry.get("pinnacolone"):
        return note(PINNACOLONE_BY, side=entry["pinnacolone"])
    if entry.get("stalled"):
        return note(DEAL_STALLED)
    return None


def plain_summary(entry: Any) -> Note | None:
    """The line of a pinochle hand of meld and tricks: only a declaration out says more than
    its scores."""
    if isinstance(entry, dict) and entry.get("declared_out"):
        return note(DECLARED_OUT, side=entry["declared_out"])
    return None
