"""A group's almanac (issue 18; docs/records.md): what one match leaves behind, the records
across many matches, and the money of the auction nights.

A match is never read for records hand by hand at the records page: :func:`summarise` boils a
replayed match down once to a :class:`MatchSummary` (per-player and per-partnership counters,
JSON that round-trips exactly), which the web side keeps and rebuilds whenever the match changes
or :data:`SUMMARY_VERSION` moves on. :func:`compile_records` and :func:`ledger` then add
summaries up, in one pass over them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass
from decimal import ROUND_HALF_UP, Decimal
from typing import Any, Final

from .auction import settlement_of
from .auction_hands import CONCEDED, MADE, THROWN_IN, read_points_hand, read_units_hand
from .entry import as_int, as_object
from .match import FINISHED, HandResult, MatchState, Setup
from .pinnacola import value_meld
from .pinochle import counting_of, meld_limit, meld_values, read_meld, read_melds
from .settle import CENT, Settlement, settle_up
from .table import Entry, Table
from .text import N_
from .variants import find_variant

#: Bump when a summary's meaning changes: the caller rebuilds stored summaries of an older one.
SUMMARY_VERSION: Final = 1

#: The game families: ratings and the figures that only make sense within a game are per family.
PINOCHLE: Final = "pinochle"
PINNACOLA: Final = "pinnacola"

#: Every form's game family (docs/records.md "Families"); a new form must be added here.
FAMILIES: Final[Mapping[str, str]] = {
    "pinochle-2": PINOCHLE,
    "pinochle-3": PINOCHLE,
    "pinochle-4": PINOCHLE,
    "auction": PINOCHLE,
    "partnership-auction": PINOCHLE,
    "pinnacola": PINNACOLA,
}


#: Each family's English name, for the pages to translate (the web side never names a form
#: or a family itself: tests/test_layering.py).
FAMILY_TITLES: Final[Mapping[str, str]] = {PINOCHLE: N_("Pinochle"), PINNACOLA: N_("Pinnacola")}

#: The lower bound of each bid bracket (docs/records.md "Bids"); the last is open-ended.
BID_BRACKETS: Final = (250, 300, 350, 400)

#: What a figure rests on.
HANDS: Final = "hands"
MATCHES: Final = "matches"


# --- One match ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Bidding:
    """One player's bids in one match (forms with an auction)."""

    #: Hands he was dealt in (the hands he could have won the bid in).
    hands: int
    #: Bids he won, per bracket of :data:`BID_BRACKETS`.
    won: tuple[int, ...]
    #: Of those, the bids he made, per bracket.
    made: tuple[int, ...]
    #: Of the bids not made, those given up without play (conceded, or thrown in).
    conceded: int
    #: His highest bid made, ``None`` when he made none.
    highest_made: int | None


@dataclass(frozen=True, slots=True)
class Melding:
    """The meld entered for one holder (a player, or a partnership whose meld was entered
    together) in one match, in standard points (``simple`` counting times 10)."""

    #: Hands whose meld was entered for this holder.
    hands: int
    #: Their meld added up, and the biggest.
    total: int
    biggest: int
    #: Hands whose meld was entered as a list of melds.
    listed: int
    #: Meld id -> how many times it was listed in those hands.
    melds: Mapping[str, int]


@dataclass(frozen=True, slots=True)
class Closing:
    """How one Pinnacola side's deals ended in one match."""

    #: Deals played.
    hands: int
    #: Deals it closed, closed in mano (among them), ended with its Pinnacolone.
    closed: int
    in_mano: int
    pinnacolones: int
    #: Deals whose table it entered as melds of cards, and the Pinnacolas (clean runs of 7 to
    #: 12 cards) among those melds.
    listed: int
    pinnacolas: int


@dataclass(frozen=True, slots=True)
class Figures:
    """One holder's counters in one match; a group is ``None`` where it does not apply."""

    #: Hands dealt in.
    hands: int
    #: Points scored in those hands (forms kept in points; standard points), for the side
    #: that keeps a score (a player playing for himself, or a partnership).
    points: int | None = None
    bidding: Bidding | None = None
    meld: Melding | None = None
    closing: Closing | None = None


@dataclass(frozen=True, slots=True)
class Money:
    """An auction match kept in units: what each player won or lost at the end."""

    #: Money per unit, as the match's option (``"0.05"``).
    unit_value: str
    #: The kitty's balance, shared out at the end.
    kitty: int
    #: Units per player (seat name) after the kitty was shared: they sum to zero.
    balances: Mapping[str, int]


@dataclass(frozen=True, slots=True)
class MatchSummary:
    """What records, ledger and ratings need from one stored match; JSON round-trips exactly
    (``MatchSummary.from_json(summary.to_json()) == summary``)."""

    #: The form's API id (``pinochle-4``) and its family (:data:`PINOCHLE`, :data:`PINNACOLA`).
    variant: str
    family: str
    #: Seat names as in the match.
    players: tuple[str, ...]
    #: Partnerships (player names), ``()`` when every man plays for himself.
    teams: tuple[tuple[str, ...], ...]
    #: Hands replayed.
    hands: int
    #: The rules ended it (a winner) or the table ended it.
    finished: bool
    #: Player names of the winning side, ``()`` while nobody has won.
    winners: tuple[str, ...]
    #: Sides (player tuples) best first, and each one's rank (1 best; equal ranks are a tie:
    #: sides the rules did not place, level on points).
    ranking: tuple[tuple[str, ...], ...]
    ranks: tuple[int, ...]
    #: Every player's own counters, by seat name.
    by_player: Mapping[str, Figures]
    #: Every partnership's counters, in the order of ``teams``.
    by_team: tuple[Figures, ...] = ()
    #: Units and money (auction in units), else ``None``.
    money: Money | None = None

    def to_json(self) -> dict[str, Any]:
        """Plain JSON (objects, lists, text, numbers, booleans); a group that does not apply
        is left out rather than written as ``null``."""
        data: dict[str, Any] = {
            "variant": self.variant,
            "family": self.family,
            "players": list(self.players),
            "teams": [list(team) for team in self.teams],
            "hands": self.hands,
            "finished": self.finished,
            "winners": list(self.winners),
            "ranking": [list(side) for side in self.ranking],
            "ranks": list(self.ranks),
            "by_player": {name: _figures_json(f) for name, f in self.by_player.items()},
            "by_team": [_figures_json(figures) for figures in self.by_team],
        }
        if self.money is not None:
            data["money"] = {
                "unit_value": self.money.unit_value,
                "kitty": self.money.kitty,
                "balances": dict(self.money.balances),
            }
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> MatchSummary:
        """The summary :meth:`to_json` gave (of this :data:`SUMMARY_VERSION`)."""
        money = data.get("money")
        return cls(
            variant=data["variant"],
            family=data["family"],
            players=tuple(data["players"]),
            teams=tuple(tuple(team) for team in data["teams"]),
            hands=data["hands"],
            finished=data["finished"],
            winners=tuple(data["winners"]),
            ranking=tuple(tuple(side) for side in data["ranking"]),
            ranks=tuple(data["ranks"]),
            by_player={name: _figures_of(f) for name, f in data["by_player"].items()},
            by_team=tuple(_figures_of(figures) for figures in data["by_team"]),
            money=(
                None
                if money is None
                else Money(money["unit_value"], money["kitty"], dict(money["balances"]))
            ),
        )


def _figures_json(figures: Figures) -> dict[str, Any]:
    data: dict[str, Any] = {"hands": figures.hands}
    if figures.points is not None:
        data["points"] = figures.points
    if figures.bidding is not None:
        bidding = figures.bidding
        data["bidding"] = {
            "hands": bidding.hands,
            "won": list(bidding.won),
            "made": list(bidding.made),
            "conceded": bidding.conceded,
            "highest_made": bidding.highest_made,
        }
    if figures.meld is not None:
        meld = figures.meld
        data["meld"] = {
            "hands": meld.hands,
            "total": meld.total,
            "biggest": meld.biggest,
            "listed": meld.listed,
            "melds": dict(meld.melds),
        }
    if figures.closing is not None:
        data["closing"] = asdict(figures.closing)
    return data


def _figures_of(data: Mapping[str, Any]) -> Figures:
    bidding = data.get("bidding")
    meld = data.get("meld")
    closing = data.get("closing")
    return Figures(
        hands=data["hands"],
        points=data.get("points"),
        bidding=(
            None
            if bidding is None
            else Bidding(
                bidding["hands"],
                tuple(bidding["won"]),
                tuple(bidding["made"]),
                bidding["conceded"],
                bidding["highest_made"],
            )
        ),
        meld=(
            None
            if meld is None
            else Melding(
                meld["hands"], meld["total"], meld["biggest"], meld["listed"], dict(meld["melds"])
            )
        ),
        closing=None if closing is None else Closing(**closing),
    )


# --- Reading a match ------------------------------------------------------------------------


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


class _Tally:
    """One holder's counters while a match is read, frozen at the end into :class:`Figures`.
    A group left ``None`` does not apply to this holder in this form."""

    def __init__(self) -> None:
        self.hands = 0
        self.points: int | None = None
        self.bid_hands: int | None = None
        self.won = [0] * len(BID_BRACKETS)
        self.made = [0] * len(BID_BRACKETS)
        self.conceded = 0
        self.highest_made: int | None = None
        self.meld_hands = 0
        self.meld_total = 0
        self.meld_biggest = 0
        self.listed_melds = 0
        self.melds: Counter[str] = Counter()
        self.deals: int | None = None
        self.closed = self.in_mano = self.pinnacolones = self.listed_tables = self.pinnacolas = 0

    def figures(self) -> Figures:
        bidding = None
        if self.bid_hands is not None:
            bidding = Bidding(
                self.bid_hands,
                tuple(self.won),
                tuple(self.made),
                self.conceded,
                self.highest_made,
            )
        meld = None
        if self.meld_hands:
            meld = Melding(
                self.meld_hands,
                self.meld_total,
                self.meld_biggest,
                self.listed_melds,
                dict(sorted(self.melds.items())),
            )
        closing = None
        if self.deals is not None:
            closing = Closing(
                self.deals,
                self.closed,
                self.in_mano,
                self.pinnacolones,
                self.listed_tables,
                self.pinnacolas,
            )
        return Figures(self.hands, self.points, bidding, meld, closing)


class _Reader:
    """Reads the replayed hands of one match into every holder's :class:`_Tally`: a player,
    or a partnership (by its team name)."""

    def __init__(self, setup: Setup, table: Table) -> None:
        self.setup = setup
        self.table = table
        self.players = {player: _Tally() for player in setup.players}
        self.teams = {team.name: _Tally() for team in setup.teams}
        # Meld and points in standard points: ``simple`` counting divides them by 10.
        self.scale = counting_of(setup.options).divisor
        if not table.units:
            for side in setup.sides:
                self.holder(side).points = 0
        if table.bids:
            for tally in self.players.values():
                tally.bid_hands = 0
        if table.entry is Entry.RUMMY_DEAL:
            for side in setup.sides:
                self.holder(side).deals = 0

    def holder(self, name: str) -> _Tally:
        """The tally of a side or a player (team names differ from players', docs/rules.md §5)."""
        return self.teams[name] if name in self.teams else self.players[name]

    def hand(self, hand: HandResult) -> None:
        """What every hand gives: who was dealt in, and the points each side scored."""
        active = hand.active or self.setup.players
        for player in active:
            tally = self.players[player]
            tally.hands += 1
            if tally.bid_hands is not None:
                tally.bid_hands += 1
        for team in self.setup.teams:
            if any(player in active for player in team.players):
                self.teams[team.name].hands += 1
        for side, points in (hand.scores or {}).items():
            tally = self.holder(side)
            tally.points = (tally.points or 0) + points * self.scale

    def meld(self, holder: str, points: int, raw: object) -> None:
        """A meld entered for ``holder``: ``points`` in the match's points, ``raw`` as typed."""
        tally = self.holder(holder)
        tally.meld_hands += 1
        tally.meld_total += points * self.scale
        tally.meld_biggest = max(tally.meld_biggest, points * self.scale)
        if isinstance(raw, list):
            tally.listed_melds += 1
            tally.melds.update(str(item) for item in raw)

    def bid(self, bidder: str, bid: int, *, made: bool, conceded: bool) -> None:
        """A bid won by ``bidder``: made, or not (``conceded``: given up without play)."""
        tally = self.players[bidder]
        index = bracket_of(bid)
        tally.won[index] += 1
        if made:
            tally.made[index] += 1
            tally.highest_made = max(tally.highest_made or 0, bid)
        elif conceded:
            tally.conceded += 1


def _widow_bid(reader: _Reader, hand: HandResult) -> None:
    """Auction pinochle (docs/rules.md §2 ``auction``): read again by the rules' own readers.
    In units only the bidder's meld may be entered; in points every active player's."""
    setup, raw = reader.setup, hand.input
    active = hand.active or setup.players
    if reader.table.units:
        units = read_units_hand(raw, setup.players, active, setup.options)
        outcome, contract = units.outcome, units.contract
        if contract is not None and units.meld is not None:
            reader.meld(contract.bidder, units.meld, raw.get("meld"))
    else:
        points = read_points_hand(raw, setup.players, active, setup.options)
        outcome, contract = points.outcome, points.contract
        if contract is not None:
            melds = read_melds(raw["meld"], "meld", active, setup.options, all_at_once=True)
            for player, meld in melds.items():
                reader.meld(player, meld, raw["meld"][player])
    if contract is not None:
        reader.bid(
            contract.bidder,
            contract.bid,
            made=outcome == MADE,
            conceded=outcome in (CONCEDED, THROWN_IN),
        )


def _partnership_bid(reader: _Reader, hand: HandResult) -> None:
    """Partnership auction (docs/rules.md §2 ``partnership-auction``): the bidder is a player,
    the meld is his side's. Made or set is the replay's: a side that made its bid scores its
    meld and tricks (at least the bid), a side set or conceding scores minus the bid."""
    setup, raw = reader.setup, hand.input
    if "outcome" in raw:  # all passed: no bid, no meld
        return
    melds = read_melds(raw["meld"], "meld", setup.sides, setup.options, all_at_once=True)
    for side, meld in melds.items():
        reader.meld(side, meld, raw["meld"][side])
    bidder = str(raw["bidder"])
    conceded = raw.get("conceded") is True
    made = not conceded and (hand.scores or {}).get(setup.side_of(bidder), -1) >= 0
    reader.bid(bidder, as_int(raw["bid"], "bid"), made=made, conceded=conceded)


def _meld_and_tricks(reader: _Reader, hand: HandResult) -> None:
    """Two-, three- and four-handed pinochle: the meld of every side dealt in (of every player
    under ``saving_trick: player``), as declared, kept or lost for want of a trick."""
    options = reader.setup.options
    values, limit = meld_values(options), meld_limit(options)
    for holder, raw in as_object(hand.input["meld"], "meld").items():
        points = read_meld(raw, f"meld.{holder}", values, all_at_once=False, limit=limit)
        reader.meld(holder, points, raw)


def _rummy_deal(reader: _Reader, hand: HandResult) -> None:
    """Pinnacola (docs/rules.md §3 "End of a deal"): who closed, in mano or not, whose
    Pinnacolone ended it, and the Pinnacolas among the melds entered as cards."""
    options, raw = reader.setup.options, hand.input
    for side, entry in as_object(raw["sides"], "sides").items():
        tally = reader.holder(side)
        tally.deals = (tally.deals or 0) + 1
        table = entry["table"]
        if isinstance(table, list):
            tally.listed_tables += 1
            for cards in table:
                meld = value_meld(
                    cards,
                    pinelle=bool(options["pinelle"]),
                    joker_sets=bool(options.get("joker_sets", False)),
                )
                tally.pinnacolas += meld.pinnacola and not meld.pinnacolone
    if raw.get("closed_by") is not None:
        closer = reader.holder(str(raw["closed_by"]))
        closer.closed += 1
        closer.in_mano += raw.get("in_mano") is True
    if raw.get("pinnacolone") is not None:
        reader.holder(str(raw["pinnacolone"])).pinnacolones += 1


#: How each way of entering a hand is read (the Table's ``entry``, as the pages dispatch).
_READERS: Final[Mapping[Entry, Callable[[_Reader, HandResult], None]]] = {
    Entry.WIDOW_BID: _widow_bid,
    Entry.PARTNERSHIP_BID: _partnership_bid,
    Entry.MELD_AND_TRICKS: _meld_and_tricks,
    Entry.RUMMY_DEAL: _rummy_deal,
}


def _side_players(setup: Setup, side: str) -> tuple[str, ...]:
    for team in setup.teams:
        if team.name == side:
            return team.players
    return (side,)


def _ranking(setup: Setup, state: MatchState, winner: str | None) -> tuple[list[str], list[int]]:
    """Sides best first and their ranks: the winner (and a second placed by the rules) alone,
    then by total, equal totals sharing a rank (docs/records.md "Ratings")."""
    standings = list(state.standings or setup.sides)
    if winner is not None and standings[0] != winner:
        standings = [winner, *(side for side in standings if side != winner)]
    placed = {winner, state.extra.get("second")}
    ranks: list[int] = []
    for i, side in enumerate(standings):
        before = standings[i - 1] if i else None
        level = (
            before is not None
            and side not in placed
            and before not in placed
            and state.totals.get(side) == state.totals.get(before)
        )
        ranks.append(ranks[-1] if level else i + 1)
    return standings, ranks


def summarise(setup: Setup, state: MatchState, *, ended: bool) -> MatchSummary:
    """Summary of one match from its replayed state (``state.hands[i].input`` is each hand as
    entered). ``ended``: the table ended it (``Match.finished``); then, as
    :func:`~scorekeeper.rules.match.finish` says, the side first in standings won.

    The hands are read again by the rules' own readers, so a corrected hand changes the
    summary; a stored hand the rules refuse (``state.problems``) is not in ``state.hands``.
    """
    variant = find_variant(setup.variant)
    table = variant.table(setup)
    reader = _Reader(setup, table)
    read = _READERS[table.entry]
    for hand in state.hands:
        reader.hand(hand)
        read(reader, hand)
    finished = state.status == FINISHED or ended
    winner = state.winner
    if winner is None and ended and state.standings:
        winner = state.standings[0]
    standings, ranks = _ranking(setup, state, winner)
    money = None
    if table.units:
        settlement = settlement_of(setup, state)
        money = Money(str(setup.options["unit_value"]), settlement.kitty, settlement.balances)
    return MatchSummary(
        variant=setup.variant,
        family=FAMILIES[setup.variant],
        players=setup.players,
        teams=tuple(team.players for team in setup.teams),
        hands=len(state.hands),
        finished=finished,
        winners=_side_players(setup, winner) if winner is not None else (),
        ranking=tuple(_side_players(setup, side) for side in standings),
        ranks=tuple(ranks),
        by_player={player: tally.figures() for player, tally in reader.players.items()},
        by_team=tuple(tally.figures() for tally in reader.teams.values()),
        money=money,
    )


# --- Records --------------------------------------------------------------------------------


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
class Standing:
    """Matches played, and won out of the finished ones."""

    played: int
    won: Rate


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
class FamilyRecord:
    """A holder's figures within one game family."""

    family: str
    standing: Standing
    #: Hands dealt in.
    hands: int
    #: Points per hand (standard points), where the holder kept a score in points.
    points_per_hand: Figure | None
    bidding: BiddingRecord | None
    meld: MeldRecord | None
    closing: ClosingRecord | None


@dataclass(frozen=True, slots=True)
class Record:
    """A player (one key) or a partnership (its keys, sorted)."""

    players: tuple[str, ...]
    standing: Standing
    #: Per form (variant id).
    forms: Mapping[str, Standing]
    #: Per family, only the families played.
    families: Mapping[str, FamilyRecord]


@dataclass(frozen=True, slots=True)
class HeadToHead:
    """One player against another, over the finished matches where they sat on opposite
    sides: ahead (his side ranked above), behind, and level (``met - ahead - behind``)."""

    met: int
    ahead: int
    behind: int


@dataclass(frozen=True, slots=True)
class Records:
    """Everything :func:`compile_records` finds."""

    #: The form it was compiled for (``None``: all forms).
    variant: str | None
    #: Matches counted.
    matches: int
    #: Per player key.
    players: Mapping[str, Record]
    #: Per partnership (its player keys, sorted).
    partnerships: Mapping[tuple[str, ...], Record]
    #: ``head_to_head[a][b]``: ``a`` against ``b``.
    head_to_head: Mapping[str, Mapping[str, HeadToHead]]


class _Standing:
    """Matches played, finished and won, while records are added up."""

    __slots__ = ("finished", "played", "won")

    def __init__(self) -> None:
        self.played = self.finished = self.won = 0

    def add(self, finished: bool, won: bool) -> None:
        self.played += 1
        self.finished += finished
        self.won += won

    def frozen(self) -> Standing:
        return Standing(self.played, Rate(self.won, self.finished, MATCHES))


class _Family:
    """A holder's figures within one family, added up match after match."""

    def __init__(self) -> None:
        self.standing = _Standing()
        self.hands = 0
        self.points: list[int] | None = None  # [points, hands]
        self.bidding: list[int] | None = None  # [hands, conceded, won..., made...]
        self.highest_made: int | None = None
        self.meld: list[int] | None = None  # [hands, total, biggest, listed]
        self.melds: Counter[str] = Counter()
        self.closing: list[int] | None = None  # as Closing's fields

    def add(self, figures: Figures) -> None:
        self.hands += figures.hands
        if figures.points is not None:
            self.points = _added(self.points, (figures.points, figures.hands))
        if figures.bidding is not None:
            bid = figures.bidding
            self.bidding = _added(self.bidding, (bid.hands, bid.conceded, *bid.won, *bid.made))
            if bid.highest_made is not None:
                self.highest_made = max(self.highest_made or 0, bid.highest_made)
        if figures.meld is not None:
            meld = figures.meld
            biggest = max(meld.biggest, self.meld[2] if self.meld else 0)
            self.meld = _added(self.meld, (meld.hands, meld.total, 0, meld.listed))
            self.meld[2] = biggest
            self.melds.update(meld.melds)
        if figures.closing is not None:
            c = figures.closing
            self.closing = _added(
                self.closing, (c.hands, c.closed, c.in_mano, c.pinnacolones, c.listed, c.pinnacolas)
            )

    def frozen(self, family: str) -> FamilyRecord:
        points_per_hand = None
        if self.points is not None:
            points, hands = self.points
            points_per_hand = Figure(points / hands if hands else None, hands)
        return FamilyRecord(
            family,
            self.standing.frozen(),
            self.hands,
            points_per_hand,
            None if self.bidding is None else _bidding_record(self.bidding, self.highest_made),
            None if self.meld is None else _meld_record(self.meld, self.melds),
            None if self.closing is None else _closing_record(self.closing),
        )


def _added(counts: list[int] | None, more: Sequence[int]) -> list[int]:
    if counts is None:
        return list(more)
    for i, value in enumerate(more):
        counts[i] += value
    return counts


def _bidding_record(counts: list[int], highest_made: int | None) -> BiddingRecord:
    hands, conceded = counts[0], counts[1]
    size = len(BID_BRACKETS)
    won, made = counts[2 : 2 + size], counts[2 + size :]
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
        won=Rate(won_all, hands),
        made=Rate(made_all, won_all),
        set=Rate(won_all - made_all, won_all),
        conceded=Rate(conceded, won_all),
        brackets=brackets,
        highest_made=Figure(highest_made, made_all),
    )


def _meld_record(counts: list[int], melds: Counter[str]) -> MeldRecord:
    hands, total, biggest, listed = counts
    return MeldRecord(
        average=Figure(total / hands, hands),
        biggest=Figure(biggest, hands),
        double_pinochles=Figure(melds["double_pinochle"] if listed else None, listed),
        runs=Figure(melds["run"] if listed else None, listed),
        double_runs=Figure(melds["double_run"] if listed else None, listed),
        melds=dict(sorted(melds.items())),
    )


def _closing_record(counts: list[int]) -> ClosingRecord:
    deals, closed, in_mano, pinnacolones, listed, pinnacolas = counts
    return ClosingRecord(
        closings=Rate(closed, deals),
        in_mano=Rate(in_mano, deals),
        pinnacolones=Rate(pinnacolones, deals),
        pinnacolas=Figure(pinnacolas if listed else None, listed),
    )


class _Holder:
    """A player's or a partnership's record, added up match after match."""

    def __init__(self) -> None:
        self.standing = _Standing()
        self.forms: dict[str, _Standing] = {}
        self.families: dict[str, _Family] = {}

    def match(self, summary: MatchSummary, won: bool) -> _Family:
        """Count one match; the family's figures are added by the caller."""
        self.standing.add(summary.finished, won)
        self.forms.setdefault(summary.variant, _Standing()).add(summary.finished, won)
        family = self.families.setdefault(summary.family, _Family())
        family.standing.add(summary.finished, won)
        return family

    def frozen(self, players: tuple[str, ...]) -> Record:
        return Record(
            players,
            self.standing.frozen(),
            {variant: counts.frozen() for variant, counts in self.forms.items()},
            {name: family.frozen(name) for name, family in self.families.items()},
        )


def _head_to_head(
    table: dict[str, dict[str, list[int]]],
    summary: MatchSummary,
    keys: Mapping[str, str],
) -> None:
    """Every pair of players on opposite sides of a finished match: met, and who was ahead."""
    sides = [{keys[player] for player in side} for side in summary.ranking]
    for i, side in enumerate(sides):
        for j, other in enumerate(sides):
            if i == j:
                continue
            ahead, behind = summary.ranks[i] < summary.ranks[j], summary.ranks[i] > summary.ranks[j]
            for a in side:
                row = table.setdefault(a, {})
                for b in other - side:
                    counts = row.setdefault(b, [0, 0, 0])
                    counts[0] += 1
                    counts[1] += ahead
                    counts[2] += behind


def compile_records(
    matches: Sequence[tuple[MatchSummary, Mapping[str, str]]], *, variant: str | None = None
) -> Records:
    """Records over ``matches``: each summary with its seat name -> player key mapping (the
    group's roster decides who a seat is; a merge maps two names to one key; a seat missing
    from the mapping is its own key). ``variant`` ``None``: all forms (figures that only make
    sense per family stay per family, in :attr:`Record.families`).

    One pass over the summaries, each a handful of counters per player: linear in the matches
    (docs/records.md "Speed").
    """
    players: dict[str, _Holder] = {}
    partnerships: dict[tuple[str, ...], _Holder] = {}
    head_to_head: dict[str, dict[str, list[int]]] = {}
    counted = 0
    for summary, names in matches:
        if variant is not None and summary.variant != variant:
            continue
        counted += 1
        keys = {player: names.get(player, player) for player in summary.players}
        winners = {keys[player] for player in summary.winners}
        seats: dict[str, list[str]] = {}
        for player in summary.players:
            seats.setdefault(keys[player], []).append(player)
        for key, seated in seats.items():
            # Two seats merged into one key: one match played, both seats' figures.
            family = players.setdefault(key, _Holder()).match(summary, key in winners)
            for seat in seated:
                family.add(summary.by_player[seat])
        for team, figures in zip(summary.teams, summary.by_team, strict=True):
            pair = tuple(sorted({keys[player] for player in team}))
            if len(pair) < 2:
                continue  # a merge made the partners one player: no partnership
            won = any(keys[player] in winners for player in team)
            partnerships.setdefault(pair, _Holder()).match(summary, won).add(figures)
        if summary.finished:
            _head_to_head(head_to_head, summary, keys)
    return Records(
        variant=variant,
        matches=counted,
        players={key: holder.frozen((key,)) for key, holder in players.items()},
        partnerships={pair: holder.frozen(pair) for pair, holder in partnerships.items()},
        head_to_head={
            a: {b: HeadToHead(*counts) for b, counts in row.items()}
            for a, row in head_to_head.items()
        },
    )


# --- Money across nights --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Night:
    """One night's auction matches in units, per player key."""

    label: str
    #: Auction matches in units that night, and whether one of them has not ended yet.
    matches: int
    open: bool
    #: Units (after each match's kitty was shared) and money.
    units: Mapping[str, int]
    money: Mapping[str, Decimal]
    #: The same added up over the nights so far, this one included.
    running_units: Mapping[str, int]
    running_money: Mapping[str, Decimal]


@dataclass(frozen=True, slots=True)
class Ledger:
    """The auction nights, their running totals and a settle-up across the nights chosen."""

    #: Nights with at least one auction match in units, in the order given.
    nights: tuple[Night, ...]
    #: Totals over every night.
    units: Mapping[str, int]
    money: Mapping[str, Decimal]
    #: The nights the settle-up covers.
    settled: tuple[str, ...]
    #: Who pays whom for those nights (no kitty: each match's was shared at its end).
    settlement: Settlement
    #: What one unit of ``settlement`` is worth: the nights' common ``unit_value``, or
    #: ``"0.01"`` (it is then in cents) when they differ.
    settle_unit: str


def _cents(amount: Decimal) -> Decimal:
    return amount.quantize(CENT, rounding=ROUND_HALF_UP)


def ledger(
    nights: Sequence[tuple[str, Sequence[tuple[MatchSummary, Mapping[str, str]]]]],
    *,
    settle: Sequence[str] | None = None,
) -> Ledger:
    """``nights``: (night label, e.g. an ISO date, its matches) in order. Only auction matches
    kept in units count (those with :attr:`MatchSummary.money`), finished or not: each one's
    units are its settle-up balances (:func:`~scorekeeper.rules.auction.settlement_of`, the
    kitty shared out) and its money those units times its ``unit_value``. ``settle``: the
    labels of the nights to settle up (``None``: every night); a label that names no night
    given is a ``ValueError``.

    The settle-up (:func:`~scorekeeper.rules.settle.settle_up`) squares the units added up
    over those nights when they all share one ``unit_value``; otherwise it squares the money,
    in cents (``settle_unit`` ``"0.01"``).
    """
    labels = [label for label, _ in nights]
    chosen = set(labels if settle is None else settle)
    unknown = chosen.difference(labels)
    if unknown:
        raise ValueError(f"no such night: {', '.join(sorted(unknown))}")
    order: dict[str, None] = {}  # player keys in the order they first appear
    running_units: dict[str, int] = {}
    running_money: dict[str, Decimal] = {}
    settled_units: dict[str, int] = {}
    settled_money: dict[str, Decimal] = {}
    values: set[Decimal] = set()
    kept: list[Night] = []
    for label, matches in nights:
        units: dict[str, int] = {}
        money: dict[str, Decimal] = {}
        played = [(s, names) for s, names in matches if s.money is not None]
        for summary, names in played:
            assert summary.money is not None
            value = Decimal(summary.money.unit_value)
            if label in chosen:
                values.add(value)
            for seat, balance in summary.money.balances.items():
                key = names.get(seat, seat)
                order[key] = None
                units[key] = units.get(key, 0) + balance
                money[key] = _cents(money.get(key, Decimal(0)) + balance * value)
        if not played:
            continue
        for key in units:
            running_units[key] = running_units.get(key, 0) + units[key]
            running_money[key] = _cents(running_money.get(key, Decimal(0)) + money[key])
            if label in chosen:
                settled_units[key] = settled_units.get(key, 0) + units[key]
                settled_money[key] = _cents(settled_money.get(key, Decimal(0)) + money[key])
        kept.append(
            Night(
                label,
                len(played),
                any(not summary.finished for summary, _ in played),
                units,
                money,
                dict(running_units),
                dict(running_money),
            )
        )
    settled = tuple(night.label for night in kept if night.label in chosen)
    people = [key for key in order if key in settled_units]
    if len(values) <= 1:
        unit = values.pop() if values else Decimal(1)
        totals = {key: settled_units[key] for key in people}
    else:
        # Different stakes on different nights: units do not add up, money does (in cents).
        unit = CENT
        totals = {key: int(settled_money[key] / CENT) for key in people}
    return Ledger(
        nights=tuple(kept),
        units=running_units,
        money=running_money,
        settled=settled,
        settlement=settle_up(totals, 0, people, unit),
        settle_unit=f"{unit.normalize():f}",
    )
