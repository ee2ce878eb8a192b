"""Double-deck partnership pinochle (docs/rules.md §2 ``double-deck``): 80 cards, four players in
two teams, 20 cards each, an auction from 50, counters instead of card points (each A, 10 and K
taken is 1, the last trick 2: 50 a hand). The form, the replay of its matches and how a hand is
read and scored: made, set, conceded or lost for want of a marriage in trump.

The defaults and the house options are the sources' (docs/rules.md §2 ``double-deck``): Joe
Andrews' "How to Play Double Deck Partnership Pinochle" (the game to 500 or 350, bids by 1 to
60, by 5 to 100, by 10 above, "progressive" or "traditional" sets), the Pinochle glossary's
double-deck rules on docslib (a side needs 20 meld to be "on the board" and 20 counters to
keep it; both sides at 500 in one hand: the bidding side wins), Pagat's and bradwilson.io's
(the 50 counters of a hand; bids by 1 to 60, then by 5).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from ...core.errors import RuleError, join_path
from ...core.facts import (
    CONCEDED,
    MADE,
    NO_MARRIAGE,
    SET,
    Contract,
    HandFacts,
    Meld,
    Tricks,
    bid_entry_summary,
)
from ...core.match import (
    HandResult,
    Setup,
    check_target,
    sole_leader,
)
from ...core.options import (
    BIDDING_GROUP,
    DIRECTION_OPTION,
    SCORING_GROUP,
    OptionSpec,
    choice,
    integer,
    nullable,
)
from ...core.readers import (
    as_bool,
    as_choice,
    as_int,
    as_object,
    check_keys,
    side_map,
)
from ...core.runner import Runner
from ...core.text import N_, Note, note
from ..registry import Family, Variant, register
from ..table import BID_WORDS, Entry, Layout, Result, Tool, members_of, seated, step_at
from .double_deck_melds import BOOK, MAX_MELD, VALUES, read_meld
from .form_parts import TeamRace, check_no_play, read_bid

#: A family of its own (docs/records.md "Families"): its points, bids and meld are counters (50
#: a hand where single-deck pinochle's hand holds 250, and no fixed factor turns one into the
#: other), so its figures and ratings are kept apart from the single-deck forms'.
FAMILY: Final = Family("double-deck", N_("Double-deck pinochle"))
#: The counters of a hand: 48 (each A, 10 and K of the 80 cards is 1) and 2 for the last trick
#: (Pagat, bradwilson.io: "a total of 50 points available for tricks").
COUNTERS: Final = 50
#: The highest bid (a quadruple run alone is 300 by Pagat's table; a bid past the whole of a
#: hand's possible points is a slip).
MAX_BID: Final = 1000
#: The bid steps (``bid_steps``): Joe Andrews' "one point at a time, until the number 60 is
#: reached. Then, increments of five ... When the bidding reaches 100 ... increments of ten";
#: bradwilson.io's "by one point or more, until they reach 60; then they must go up by 5";
#: or any whole number.
BID_STEPS: Final = {
    "by-1-5-10": ((60, 1), (100, 5), (None, 10)),
    "by-1-5": ((60, 1), (None, 5)),
    "by-1": ((None, 1),),
}
#: How a set is scored (``set``): "traditional" ("set points" are deducted from the score of
#: the defeated team) or "progressive" ("set" points are added to the score of the other
#: team), as Joe Andrews names them.
TRADITIONAL, PROGRESSIVE = "traditional", "progressive"
#: The outcomes a hand may have instead of being played (the API's ``outcome``).
NOT_PLAYED: Final = (NO_MARRIAGE,)


def check_bid_step(bid: int, steps: str) -> None:
    """Refuse a bid off the steps of ``steps`` (one of :data:`BID_STEPS`) at ``bid``.

    >>> check_bid_step(57, "by-1-5-10"), check_bid_step(65, "by-1-5-10")
    (None, None)
    >>> check_bid_step(105, "by-1-5-10")
    Traceback (most recent call last):
    ...
    scorekeeper.rules.core.errors.RuleError: bid: above 100 bids go up by 10
    """
    low, step = step_at(BID_STEPS[steps], bid)
    if bid % step:
        raise RuleError(
            "bid", "above {low} bids go up by {step}", code="off_step", low=low, step=step
        )


class _DoubleDeck(TeamRace):
    """One replay of a double-deck match."""

    def __init__(self, form: DoubleDeck, setup: Setup) -> None:
        super().__init__(setup, setup.options["target"])
        self.form = form

    def hand(self, number: int, raw: Mapping[str, Any]) -> HandResult:
        """Score hand ``number``; the bidding side is counted first against the target."""
        scores, counted_first, notes, facts = self.form.score(self.setup, raw)
        for side, points in scores.items():
            self.totals[side] += points
        # docs/rules.md §2 `double-deck`: "If both sides reach 500 on the same hand, the
        # bidding side wins" (the glossary, Pagat); a side alone over it wins.
        self.winner, _ = check_target(
            self.totals, self.target, tie_rule="higher", counted_first=counted_first
        )
        hands = self.setup.options.get("hands")
        if self.winner is None and hands is not None and number >= hands:
            # A fixed number of hands (Joe Andrews: "a fixed number of deals"): the higher
            # total wins; equal totals play another hand.
            self.winner = sole_leader(self.totals)
            if self.winner is None:
                notes.append(note("equal totals at the end: another hand is played"))
        if self.winner is not None:
            notes.append(note("{side} wins the game", side=self.winner))
            self.over = True
        return self.result(number, raw, scores, notes, facts)


@register
class DoubleDeck(Variant):
    """Double-deck partnership pinochle: 80 cards, two teams, counters, an auction from 50."""

    id = "double-deck"
    family = FAMILY
    rank = 55
    title = N_("Double-deck pinochle")
    description = N_("Four players in two teams, 80 cards, 20 each; counters, bids from 50.")
    player_counts = (4,)

    def option_specs(self, given: Mapping[str, Any]) -> Sequence[OptionSpec]:
        """``min_bid`` (50), ``bid_steps``, ``set``, ``save_meld`` (20 counters),
        ``min_meld`` (20), ``target`` (500), ``hands`` (none), ``direction``."""
        return [
            # Joe Andrews, bradwilson.io: "Bids start at 50"; some open at 51 (a house rule).
            OptionSpec(
                "min_bid",
                50,
                integer(low=1, high=MAX_BID),
                "The lowest opening bid",
                group=BIDDING_GROUP,
            ),
            OptionSpec(
                "bid_steps",
                "by-1-5-10",
                choice(*BID_STEPS),
                "Bids go up by 1 to 60, by 5 to 100 and by 10 above; by 1 then 5; or by any number",
                group=BIDDING_GROUP,
            ),
            OptionSpec(
                "set",
                TRADITIONAL,
                choice(TRADITIONAL, PROGRESSIVE),
                "A side that is set loses its bid (traditional), or the other side scores it "
                "(progressive)",
                group=SCORING_GROUP,
            ),
            OptionSpec(
                "save_meld",
                20,
                integer(low=0, high=COUNTERS),
                "Counters a side must take to keep its meld",
                group=SCORING_GROUP,
            ),
            OptionSpec(
                "min_meld",
                20,
                integer(low=0, high=MAX_MELD),
                "Meld a side needs to score it at all",
                group=SCORING_GROUP,
            ),
            OptionSpec(
                "target",
                500,
                integer(low=1, high=100_000),
                "Points that win the game",
                group=SCORING_GROUP,
            ),
            OptionSpec(
                "hands",
                None,
                nullable(integer(low=1, high=100)),
                "Or a number of hands",
                group=SCORING_GROUP,
            ),
            DIRECTION_OPTION,
        ]

    def partnerships(self, options: Mapping[str, Any], player_count: int) -> bool:
        """Always two teams."""
        return True

    def layout(self, setup: Setup, active: Sequence[str] = ()) -> Layout:
        """One contract for the two teams, then both teams' meld and counters."""
        players, sitting_out = seated(setup, active)
        return Layout(
            Entry.PARTNERSHIP_BID,
            setup.sides,
            players,
            sitting_out,
            trick_total=COUNTERS,
            min_bid=int(setup.options["min_bid"]),
            max_bid=MAX_BID,
            bid_step=1,
            bid_round=10,
            bid_steps=BID_STEPS[setup.options["bid_steps"]],
            direction=setup.direction,
            words=BID_WORDS,
            members=members_of(setup, setup.sides),
            meld_lists=True,
            meld_values=VALUES,
            melds=BOOK,
            tool=Tool.DOUBLE_DECK_MELD,
            results=(Result.PLAYED, Result.CONCEDED, Result.NO_MARRIAGE),
        )

    def describe(self, entry: Mapping[str, Any]) -> HandFacts:
        """The contract's line (:func:`~scorekeeper.rules.core.facts.bid_entry_summary`)."""
        return HandFacts(summary=bid_entry_summary(entry))

    def runner(self, setup: Setup) -> Runner:
        """Made, set, conceded or no marriage, the bidding side counted first."""
        return _DoubleDeck(self, setup)

    def score(self, setup: Setup, raw: object) -> tuple[dict[str, int], str, list[Note], HandFacts]:
        """One hand's scores, the side counted first, notes and facts (docs/rules.md §2
        ``double-deck``)."""
        options = setup.options
        sides = setup.sides
        entry = as_object(raw, "")
        check_keys(
            entry,
            ("bidder", "bid", "trump", "meld", "tricks", "conceded", "outcome"),
            required=("bidder", "bid", "meld"),
        )
        steps = options["bid_steps"]
        bidder, bid, trump = read_bid(entry, setup, MAX_BID, lambda b: check_bid_step(b, steps))
        outcome = as_choice(entry["outcome"], "outcome", NOT_PLAYED) if "outcome" in entry else None
        conceded = as_bool(entry.get("conceded", False), "conceded")
        if conceded and outcome:
            raise RuleError(
                "conceded", "a hand lost for no marriage is not conceded too", code="inconsistent"
            )
        bidders = setup.side_of(bidder)
        others = next(side for side in sides if side != bidders)
        meld_map = side_map(entry["meld"], "meld", sides)
        # A number of counters, or meld ids valued by Pagat's table (docs/rules.md §2).
        typed = {side: read_meld(meld_map[side], join_path("meld", side)) for side in sides}
        meld = {side: typed[side][0] for side in sides}
        melds = tuple(Meld(side, meld[side], typed[side][1]) for side in sides)
        # docs/rules.md §2: a side under `min_meld` is not "on the board" (the glossary).
        shown = {side: meld[side] if meld[side] >= options["min_meld"] else 0 for side in sides}

        def facts(end: str, tricks: Mapping[str, int] | None = None) -> HandFacts:
            contract = Contract(bidder, bid, end, trump)
            played = tuple(Tricks(side, tricks[side]) for side in sides) if tricks else ()
            return HandFacts(contract, melds, tricks=played, summary=bid_entry_summary(entry))

        if conceded or outcome:
            check_no_play(entry, sides)
            # Not played: the bidders lose the bid, the others score their meld (as a
            # partnership concession, docs/rules.md §2 `partnership-auction`).
            scores = self._set(setup, bidders, others, bid, {bidders: 0, others: shown[others]})
            lost = (
                note("{side} conceded: -{bid}", side=bidders, bid=bid)
                if conceded
                else note("{side}: no marriage in trump, -{bid}", side=bidders, bid=bid)
            )
            return scores, others, [lost], facts(CONCEDED if conceded else NO_MARRIAGE)
        if "tricks" not in entry:
            raise RuleError("tricks", "is required", code="required")
        tricks = _read_counters(entry["tricks"], sides)
        notes: list[Note] = []
        saved: dict[str, int] = {}
        for side in sides:
            # The glossary: a side must "pull a minimum of 20 counter points to have their
            # meld added to their score".
            kept = tricks[side] >= options["save_meld"]
            saved[side] = shown[side] if kept else 0
            if shown[side] and not kept:
                notes.append(note("{side}: meld lost, too few counters", side=side))
        made = saved[bidders] + tricks[bidders] >= bid
        if made:
            scores = {side: saved[side] + tricks[side] for side in sides}
            notes.append(note("{side} made {bid}", side=bidders, bid=bid))
        else:
            scores = self._set(
                setup, bidders, others, bid, {bidders: 0, others: saved[others] + tricks[others]}
            )
            notes.append(note("{side} set: -{bid}", side=bidders, bid=bid))
        return scores, bidders if made else others, notes, facts(MADE if made else SET, tricks)

    @staticmethod
    def _set(
        setup: Setup, bidders: str, others: str, bid: int, scores: dict[str, int]
    ) -> dict[str, int]:
        """``scores`` with the set's bid: off the bidders (traditional) or to the others
        (progressive)."""
        lost = {others: bid} if setup.options["set"] == PROGRESSIVE else {bidders: -bid}
        # In seating order, as every form's scores are (the rows and the phone show them so).
        return {side: scores[side] + lost.get(side, 0) for side in setup.sides}


def _read_counters(value: object, sides: tuple[str, ...]) -> dict[str, int]:
    """Each side's counters, adding up to the hand's 50 (docs/rules.md §2 ``double-deck``)."""
    mapping = side_map(value, "tricks", sides)
    tricks = {
        side: as_int(mapping[side], join_path("tricks", side), low=0, high=COUNTERS)
        for side in sides
    }
    added = sum(tricks.values())
    if added != COUNTERS:
        raise RuleError(
            "tricks",
            "must add up to {total} (the last trick included), not {given}",
            code="bad_total",
            total=COUNTERS,
            given=added,
        )
    return tricks


__all__ = ["BID_STEPS", "COUNTERS", "DoubleDeck", "check_bid_step"]
