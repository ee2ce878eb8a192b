"""What a form's table looks like to the pages, the tools, the export and the API.

A page never asks which form a match is: it asks the variant for the :class:`Layout` of the
next hand (:meth:`~scorekeeper.rules.games.registry.Variant.layout`) and lays itself out from
the answer: how a hand is typed in, the sides and who sits out, whether scores are units or
points, the trick total, the bid limits, the words for a hand and the meld book (its meld
names, chips and calculator grid, :class:`MeldBook`).

>>> from scorekeeper.rules import find_variant
>>> variant = find_variant("pinochle-3")
>>> table = variant.layout(variant.setup(["Ana", "Ben", "Cy"]))
>>> str(table.entry), table.sides, table.trick_total
('meld_and_tricks', ('Ana', 'Ben', 'Cy'), 250)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from ..core.cards import Rank
from ..core.match import Setup
from ..core.text import N_, Np_


class Entry(StrEnum):
    """How one hand is typed in; each kind has one hand form on the pages."""

    #: Every side types its meld and its trick points (two-, three-, four-handed pinochle).
    MELD_AND_TRICKS = "meld_and_tricks"
    #: The high bidder plays alone against the rest (auction with a widow): the contract, then
    #: the outcome, or the bidder's points (units), or every side's meld and tricks (points).
    WIDOW_BID = "widow_bid"
    #: Two teams, one contract: the bid, trump, then both teams' meld and tricks.
    PARTNERSHIP_BID = "partnership_bid"
    #: A rummy deal: each side's points on the table and left in hand, and how it ended.
    RUMMY_DEAL = "rummy_deal"

    @property
    def deals_close(self) -> bool:
        """Whether a hand of this kind ends with a side closing (or stalling): the records
        count every side's closings from a match's start (docs/records.md "Pinnacola")."""
        return self is Entry.RUMMY_DEAL


class Result(StrEnum):
    """How a bid hand ended, as the partnership hand form offers it (:attr:`Layout.results`)."""

    PLAYED = "played"
    CONCEDED = "conceded"
    ALL_PASS = "all_pass"
    #: The bidder had no marriage in trump: the bid is lost without play (double-deck).
    NO_MARRIAGE = "no_marriage"


class Tool(StrEnum):
    """The helper page that counts one side's meld from real cards."""

    PINOCHLE_MELD = "pinochle_meld"
    #: Double-deck pinochle's calculator: the 80 cards, four of each.
    DOUBLE_DECK_MELD = "double_deck_meld"
    PINNACOLA_MELD = "pinnacola_meld"


@dataclass(frozen=True)
class MeldBook:
    """A family's meld table as the pages show it: the names of its melds, the one-tap chips
    of the hand form and the card grid of its meld calculator. A form with a meld table of its
    own gives its layout another book: the pages read every word and chip from it."""

    #: Every meld id's English name, marked for the catalog (the pages translate it), in the
    #: order the calculator reports them.
    names: Mapping[str, str]
    #: The melds a hand form offers as one-tap chips, in the order it shows them.
    chips: tuple[str, ...]
    #: The ranks of one suit's row in the calculator's grid, high to low.
    ranks: tuple[Rank, ...]

    @property
    def named_chips(self) -> tuple[tuple[str, str], ...]:
        """The chips with their English names: ``(("run", "run"), ...)``."""
        return tuple((meld, self.names[meld]) for meld in self.chips)


#: A layout without melds to tap (Pinnacola, or a form that takes meld as one number).
NO_MELDS = MeldBook({}, (), ())


@dataclass(frozen=True)
class Words:
    """What a form calls its hands, as English templates for the catalog (``N_``)."""

    #: "Hand %(n)s" or "Deal %(n)s" (Pinnacola is played in deals, smazzate).
    numbered: str
    #: The heading of the history.
    plural: str
    #: The save button of the hand form.
    save: str
    #: Who starts the next hand: "%(player)s bids first", "leads first", "plays first".
    starts: str
    #: One of them, as the chart's axis names the last ("hand 12", "deal 12").
    one: str = N_("hand")
    #: How many were played (the scoreboard): the singular and the plural for ``ngettext``.
    played: tuple[str, str] = Np_("%(num)s hand played", "%(num)s hands played")


#: A pinochle hand led by the eldest hand.
HAND_WORDS = Words(N_("Hand %(n)s"), N_("Hands"), N_("Save the hand"), N_("%(player)s leads first"))
#: A pinochle hand that opens with the bidding.
BID_WORDS = Words(N_("Hand %(n)s"), N_("Hands"), N_("Save the hand"), N_("%(player)s bids first"))
#: A rummy deal (issue 26: Pinnacola is counted in deals, smazzate, everywhere).
DEAL_WORDS = Words(
    N_("Deal %(n)s"),
    N_("Deals"),
    N_("Save the deal"),
    N_("%(player)s plays first"),
    N_("deal"),
    Np_("%(num)s deal played", "%(num)s deals played"),
)


@dataclass(frozen=True)
class Layout:
    """What a form's table looks like to the pages: everything a page needs to know to show and
    take one hand of a match."""

    entry: Entry
    #: The sides that score in this hand, in seating order.
    sides: tuple[str, ...]
    #: The players dealt in, in seating order; and those who sit this hand out.
    players: tuple[str, ...]
    sitting_out: tuple[str, ...] = ()
    #: Scores are units (chips) paid between players, settled up at the end of the night.
    units: bool = False
    #: The counting system's trick points per hand, where tricks are entered as points.
    trick_total: int | None = None
    #: Whether a side's meld counts only with a trick, so "took a trick" must be asked.
    took_trick_matters: bool = False
    #: Whether a player may declare himself out during the hand.
    declare_out: bool = False
    #: Whether a renege is scored (seed 004, two-handed play): the form asks who reneged.
    renege: bool = False
    #: Whether a side's meld may be given as a list of meld ids (the chips, the calculator).
    meld_lists: bool = False
    #: Whether meld and "took a trick" are entered per player, tricks per side (four-handed
    #: partners under ``saving_trick: player``, docs/rules.md §1); then ``side_players`` holds
    #: the players of each side, in the order of ``sides``.
    meld_by_player: bool = False
    side_players: tuple[tuple[str, ...], ...] = ()
    #: Whether the bidder may throw his hand in before seeing the widow (auction in units with
    #: a kitty, at the minimum bid: outcome ``thrown_in``, docs/rules.md §2).
    thrown_in: bool = False
    #: Which way the deal and the play pass (``left`` or ``right``, docs/rules.md §5).
    direction: str = "left"
    #: The bid limits and step, in the forms that bid.
    min_bid: int | None = None
    max_bid: int | None = None
    bid_step: int = 10
    #: The bid picker's round bids go by this (its second row by a tenth of it): 100 for bids
    #: in the hundreds, 10 for double-deck's bids from 50.
    bid_round: int = 100
    #: Where bids go up by other steps (double-deck): ``(up to, step)`` pairs, the last up to
    #: ``None`` (no limit); the picker offers no bid off them. Empty: every bid it shows is one.
    bid_steps: tuple[tuple[int | None, int], ...] = ()
    words: Words = HAND_WORDS
    #: The tool that counts a side's meld from real cards, if any.
    tool: Tool | None = None
    #: Where the sides are teams: the players of each side, in the order of ``sides`` (the
    #: pages name them beside the team's name); empty where every player is a side.
    members: tuple[tuple[str, ...], ...] = ()
    #: Where a meld may be a list (``meld_lists``): each meld id's value in this match's own
    #: points, so that a page can add up the chips tapped before the hand is saved.
    meld_values: Mapping[str, int] = field(default_factory=dict)
    #: The family's meld names, chips and calculator grid (:class:`MeldBook`).
    melds: MeldBook = NO_MELDS
    #: The ways a hand may end that the partnership hand form offers, in its order.
    results: tuple[Result, ...] = (Result.PLAYED, Result.CONCEDED, Result.ALL_PASS)
    #: Whether each hand counts as a game (seed 000, option ``game: hands``): the totals are
    #: hands won, to ``hands_goal`` hands won or over ``hands_limit`` hands (either may be
    #: ``None``; docs/rules.md §2 "Each hand as a game").
    counts_hands: bool = False
    hands_goal: int | None = None
    hands_limit: int | None = None

    def off_step(self, bid: int) -> bool:
        """Whether ``bid`` is off the table's :attr:`bid_steps` (the picker leaves it out).

        >>> Layout(Entry.PARTNERSHIP_BID, (), (), bid_steps=((60, 1), (None, 5))).off_step(61)
        True
        """
        return bool(self.bid_steps) and bool(bid % step_at(self.bid_steps, bid)[1])

    @property
    def bid_steps_text(self) -> str:
        """:attr:`bid_steps` as the page's script reads them: ``"60:1 100:5 :10"``.

        >>> Layout(Entry.PARTNERSHIP_BID, (), (), bid_steps=((60, 1), (None, 5))).bid_steps_text
        '60:1 :5'
        """
        return " ".join(f"{'' if high is None else high}:{step}" for high, step in self.bid_steps)

    @property
    def bids(self) -> bool:
        """Whether a hand opens with a bid (the contract fields are shown)."""
        return self.min_bid is not None

    def quick_bids(self, count: int = 4, step: int = 50) -> tuple[int, ...]:
        """The bids offered as one-tap buttons: the minimum and the next brackets.

        >>> Layout(Entry.WIDOW_BID, (), (), min_bid=300, max_bid=2000).quick_bids()
        (300, 350, 400, 450)
        """
        if self.min_bid is None:
            return ()
        high = self.max_bid if self.max_bid is not None else self.min_bid + step * count
        return tuple(bid for bid in range(self.min_bid, high + 1, step))[:count]


def step_at(steps: Sequence[tuple[int | None, int]], bid: int) -> tuple[int, int]:
    """Of ``steps`` (``(up to, step)`` pairs, the last up to ``None``): the bid above which the
    step of ``bid`` starts, and that step.

    >>> step_at(((60, 1), (100, 5), (None, 10)), 65), step_at(((60, 1), (None, 5)), 60)
    ((60, 5), (0, 1))
    """
    low = 0
    for high, step in steps:
        if high is None or bid <= high:
            return low, step
        low = high
    return low, 1


def seated(setup: Setup, active: Sequence[str] = ()) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The players dealt in (all when ``active`` is empty) and those sitting out, each in
    seating order."""
    dealt = tuple(p for p in setup.players if not active or p in active)
    return dealt, tuple(p for p in setup.players if p not in dealt)


def sides_of(setup: Setup, players: Sequence[str]) -> tuple[str, ...]:
    """The sides these players score for, in seating order, each once."""
    return tuple(dict.fromkeys(setup.side_of(player) for player in players))


def members_of(setup: Setup, sides: Sequence[str]) -> tuple[tuple[str, ...], ...]:
    """The players of each of these sides where the table plays in teams (else empty).

    >>> from ..core.match import Team
    >>> setup = Setup("x", {}, ("Ana", "Ben", "Cy", "Dee"), (Team("Us", ("Ana", "Cy")),
    ...     Team("Them", ("Ben", "Dee"))))
    >>> members_of(setup, ("Us", "Them"))
    (('Ana', 'Cy'), ('Ben', 'Dee'))
    """
    if not setup.teams:
        return ()
    teams = {team.name: team.players for team in setup.teams}
    return tuple(teams.get(side, ()) for side in sides)
