"""The almanac's counters, each declared once (issue 24; docs/records.md).

A match leaves behind, per holder (a player, or a partnership), a few groups of counters: the
bids, the meld, a Pinnacola side's closings. Each group is one :class:`Group` of
:data:`GROUPS`: whether a form keeps it at all, how a hand's facts
(:class:`~scorekeeper.rules.core.facts.HandFacts`) are read into it, its :class:`Counter` s (name,
value before the first hand, how two values add up, their JSON) and how the records show it.
The same ``combine`` adds a hand to a match (:func:`~scorekeeper.rules.almanac.summary.summarise`)
and a match to the records (:func:`~scorekeeper.rules.almanac.records.compile_records`); the
summary's JSON is read and written from the declarations alone.

So a new statistic is one :class:`Counter` in its group, the line of the group's reader that
feeds it, and the figure the records make of it (its field in the group's record, e.g.
:class:`ClosingRecord`, which is the API's answer).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Final

from ..core.facts import CLOSED, PINNACOLONE
from ..core.match import HandResult, Setup
from ..games.table import Layout

#: The lower bound of each bid bracket (docs/records.md "Bids"); the last is open-ended.
BID_BRACKETS: Final = (250, 300, 350, 400)

#: What a figure rests on.
HANDS: Final = "hands"
MATCHES: Final = "matches"

#: Who a hand's contribution goes to, and what: (holder, counter name, value).
Contribution = tuple[str, str, Any]


def bracket_of(bid: int) -> int:
    """The index in :data:`BID_BRACKETS` of the bracket a bid falls in.

    >>> [bracket_of(bid) for bid in (250, 290, 300, 350, 390, 400, 1000)]
    [0, 0, 1, 2, 2, 3, 3]
    """
    index = 0
    for i, low in enumerate(BID_BRACKETS):
        if bid >= low:
            index = i
    return index


# --- How two values add up ---------------------------------------------------------------------


def add(a: int, b: int) -> int:
    """Counts add up."""
    return a + b


def add_each(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    """Counts per bracket add up bracket by bracket."""
    return tuple(x + y for x, y in zip(a, b, strict=True))


def highest(a: int | None, b: int | None) -> int | None:
    """The larger, ``None`` resting on nothing."""
    if a is None or b is None:
        return b if a is None else a
    return max(a, b)


def add_ids(a: Mapping[str, int], b: Mapping[str, int]) -> dict[str, int]:
    """How many times each id, added up (a summary sorts them, so its JSON is the same each
    time)."""
    merged = dict(a)
    for key, count in b.items():
        merged[key] = merged.get(key, 0) + count
    return merged


def _same(value: Any) -> Any:
    return value


@dataclass(frozen=True)
class Counter:
    """One counter of a group: its name (also its JSON key), its value before any hand, how
    two values add up, and how its JSON is read back."""

    name: str
    start: Any
    combine: Callable[[Any, Any], Any] = add
    load: Callable[[Any], Any] = _same


@dataclass(frozen=True)
class Group:
    """A group of counters a holder has in one match (``None`` where it does not apply)."""

    #: Its name: the summary's JSON key and the records' field
    #: (:class:`~scorekeeper.rules.almanac.records.FamilyRecord`).
    name: str
    counters: tuple[Counter, ...]
    #: The contributions of one hand (``scale``: 10 under ``simple`` counting, else 1).
    read: Callable[[Setup, HandResult, int], Iterable[Contribution]]
    #: How the records show the group added up over many matches.
    shown: Callable[[Mapping[str, Any]], Any]
    #: The holders that have the group from the match's start (even at 0): only they count
    #: it, unless it ``grows``.
    kept_by: Callable[[Setup, Layout], Iterable[str]] = lambda setup, table: ()
    #: A holder gets the group at the first hand that contributes to it (the meld of a holder
    #: whose meld was entered), rather than from the start.
    grows: bool = False

    def start(self) -> dict[str, Any]:
        """Every counter before the first hand."""
        return {counter.name: counter.start for counter in self.counters}

    def load(self, data: Mapping[str, Any]) -> dict[str, Any]:
        """The values a summary's JSON holds."""
        return {c.name: c.load(data[c.name]) for c in self.counters}


# --- How the records show a group (the API's figures) -------------------------------------------


@dataclass(frozen=True, slots=True)
class Rate:
    """``count`` out of ``out_of`` hands or matches (``of``)."""

    count: int
    out_of: int
    of: str = HANDS

    @property
    def rate(self) -> float | None:
        """``count / out_of``; ``None`` when it rests on nothing."""
        return self.count / self.out_of if self.out_of else None


@dataclass(frozen=True, slots=True)
class Figure:
    """A number and how many hands or matches (``of``) it rests on (``value`` is ``None`` when
    it rests on none)."""

    value: int | float | None
    rests_on: int
    of: str = HANDS


@dataclass(frozen=True, slots=True)
class BracketRecord:
    """Bids won in one bracket (``low`` to ``high``; ``high`` ``None``: and above)."""

    low: int
    high: int | None
    #: Made and set (not made: set, conceded or thrown in), each out of the bids won in it.
    made: Rate
    set: Rate


@dataclass(frozen=True, slots=True)
class BiddingRecord:
    """A player's bidding over many matches."""

    #: Bids won, out of the hands dealt in.
    won: Rate
    #: Made, set (not made) and conceded (given up without play), out of the bids won.
    made: Rate
    set: Rate
    conceded: Rate
    #: Brackets he won a bid in, lowest first.
    brackets: tuple[BracketRecord, ...]
    #: The highest bid made, resting on the bids made.
    highest_made: Figure


@dataclass(frozen=True, slots=True)
class MeldRecord:
    """Meld over many hands (standard points)."""

    #: Resting on the hands whose meld was entered for this holder.
    average: Figure
    biggest: Figure
    #: Resting on the hands whose meld was entered as a list of melds.
    double_pinochles: Figure
    runs: Figure
    double_runs: Figure
    #: Every meld id listed, with how many times (same hands).
    melds: Mapping[str, int]


@dataclass(frozen=True, slots=True)
class ClosingRecord:
    """Pinnacola endings over many deals."""

    #: Out of the deals played.
    closings: Rate
    in_mano: Rate
    pinnacolones: Rate
    #: Resting on the deals whose table was entered as melds of cards.
    pinnacolas: Figure


@dataclass(frozen=True, slots=True)
class HandsWonRecord:
    """The hands won where each hand counted as a game (seed 000, option ``game: hands``;
    docs/records.md "Hands won")."""

    won: Rate


def _hands_won_record(c: Mapping[str, Any]) -> HandsWonRecord:
    return HandsWonRecord(Rate(c["won"], c["hands"]))


def _bidding_record(c: Mapping[str, Any]) -> BiddingRecord:
    won, made, size = c["won"], c["made"], len(BID_BRACKETS)
    won_all, made_all = sum(won), sum(made)
    brackets = tuple(
        BracketRecord(
            low,
            BID_BRACKETS[i + 1] - 1 if i + 1 < size else None,
            Rate(made[i], won[i]),
            Rate(won[i] - made[i], won[i]),
        )
        for i, low in enumerate(BID_BRACKETS)
        if won[i]
    )
    return BiddingRecord(
        won=Rate(won_all, c["hands"]),
        made=Rate(made_all, won_all),
        set=Rate(won_all - made_all, won_all),
        conceded=Rate(c["conceded"], won_all),
        brackets=brackets,
        highest_made=Figure(c["highest_made"], made_all),
    )


def _meld_record(c: Mapping[str, Any]) -> MeldRecord:
    hands, listed, melds = c["hands"], c["listed"], c["melds"]
    return MeldRecord(
        average=Figure(c["total"] / hands, hands),
        biggest=Figure(c["biggest"], hands),
        double_pinochles=Figure(melds.get("double_pinochle", 0) if listed else None, listed),
        runs=Figure(melds.get("run", 0) if listed else None, listed),
        double_runs=Figure(melds.get("double_run", 0) if listed else None, listed),
        melds=dict(sorted(melds.items())),
    )


def _closing_record(c: Mapping[str, Any]) -> ClosingRecord:
    deals, listed = c["hands"], c["listed"]
    return ClosingRecord(
        closings=Rate(c["closed"], deals),
        in_mano=Rate(c["in_mano"], deals),
        pinnacolones=Rate(c["pinnacolones"], deals),
        pinnacolas=Figure(c["pinnacolas"] if listed else None, listed),
    )


# --- How a hand's facts are read ---------------------------------------------------------------


def _dealt_in(setup: Setup, hand: HandResult) -> tuple[str, ...]:
    return hand.active or setup.players


def _read_bids(setup: Setup, hand: HandResult, scale: int) -> Iterator[Contribution]:
    """A hand dealt in is a chance to win the bid; a bid won is the bidder's (docs/records.md
    "Bids"), made or not, given up without play or not."""
    for player in _dealt_in(setup, hand):
        yield player, "hands", 1
    contract = hand.facts.contract
    if contract is None:
        return
    bracket = tuple(int(i == bracket_of(contract.bid)) for i in range(len(BID_BRACKETS)))
    yield contract.bidder, "won", bracket
    if contract.made:
        yield contract.bidder, "made", bracket
        yield contract.bidder, "highest_made", contract.bid
    elif contract.given_up:
        yield contract.bidder, "conceded", 1


def _read_meld(setup: Setup, hand: HandResult, scale: int) -> Iterator[Contribution]:
    """The meld entered for each holder, in standard points (docs/records.md "Meld")."""
    for meld in hand.facts.meld:
        points = meld.points * scale
        yield meld.holder, "hands", 1
        yield meld.holder, "total", points
        yield meld.holder, "biggest", points
        if meld.listed is not None:
            yield meld.holder, "listed", 1
            yield meld.holder, "melds", _ids(meld.listed)


def _ids(listed: tuple[str, ...]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for item in listed:
        counts[item] = counts.get(item, 0) + 1
    return counts


def _read_closing(setup: Setup, hand: HandResult, scale: int) -> Iterator[Contribution]:
    """A Pinnacola deal (docs/records.md "Pinnacola"): every side played it; who closed, in
    mano or not, whose Pinnacolone ended it, the Pinnacolas of the tables given as cards."""
    closing = hand.facts.closing
    if closing is None:
        return
    for side in setup.sides:
        yield side, "hands", 1
    for side, pinnacolas in closing.pinnacolas:
        yield side, "listed", 1
        yield side, "pinnacolas", pinnacolas
    if closing.side is not None and closing.ending == CLOSED:
        yield closing.side, "closed", 1
        yield closing.side, "in_mano", int(closing.in_mano)
    elif closing.side is not None and closing.ending == PINNACOLONE:
        yield closing.side, "pinnacolones", 1


def _read_hands_won(setup: Setup, hand: HandResult, scale: int) -> Iterator[Contribution]:
    """A hand of a match counted in hands: every side dealt in played it; a side scoring it
    won it (docs/records.md "Hands won")."""
    for side, won in (hand.scores or {}).items():
        yield side, "hands", 1
        if won > 0:
            yield side, "won", 1


#: Every group of counters, in the summary's JSON order.
GROUPS: Final = (
    Group(
        "bidding",
        (
            Counter("hands", 0),
            Counter("won", (0,) * len(BID_BRACKETS), add_each, tuple),
            Counter("made", (0,) * len(BID_BRACKETS), add_each, tuple),
            Counter("conceded", 0),
            Counter("highest_made", None, highest),
        ),
        _read_bids,
        _bidding_record,
        # Every player of a form that bids (the bidder is a player, also in partnerships).
        kept_by=lambda setup, table: setup.players if table.bids else (),
    ),
    Group(
        "meld",
        (
            Counter("hands", 0),
            Counter("total", 0),
            Counter("biggest", 0, max),
            Counter("listed", 0),
            Counter("melds", {}, add_ids, dict),
        ),
        _read_meld,
        _meld_record,
        grows=True,
    ),
    Group(
        "closing",
        (
            Counter("hands", 0),
            Counter("closed", 0),
            Counter("in_mano", 0),
            Counter("pinnacolones", 0),
            Counter("listed", 0),
            Counter("pinnacolas", 0),
        ),
        _read_closing,
        _closing_record,
        # Every side of a form whose deals close.
        kept_by=lambda setup, table: setup.sides if table.entry.deals_close else (),
    ),
    Group(
        "hands_won",
        (Counter("hands", 0), Counter("won", 0)),
        _read_hands_won,
        _hands_won_record,
        # Every side of a match whose hands count as games (its totals are hands won).
        kept_by=lambda setup, table: setup.sides if table.counts_hands else (),
    ),
)
