"""Partnership auction pinochle kept by points (Bicycle, docs/rules.md §2 ``partnership-auction``):
four players in two teams bid for trump; the form, the replay of its matches and how a hand is
read and scored (made, set, conceded or all pass, the bidding side counted first).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...core.errors import RuleError
from ...core.facts import (
    CONCEDED,
    MADE,
    SET,
    Contract,
    HandFacts,
    Meld,
    Tricks,
    bid_entry_summary,
    listed_ids,
)
from ...core.match import (
    TARGET_STEP,
    HandResult,
    Setup,
    check_target,
    raised_target,
)
from ...core.options import (
    BIDDING_GROUP,
    DIRECTION_OPTION,
    OptionSpec,
    integer,
    resolve_options,
)
from ...core.readers import (
    as_bool,
    as_choice,
    as_object,
    check_keys,
)
from ...core.runner import Runner
from ...core.text import N_, Note, note
from ..registry import PINOCHLE, Variant, register
from ..table import BID_WORDS, Entry, Layout, Tool, members_of, seated
from .form_parts import TeamRace, check_meld_typos, check_no_play, option_map, read_bid
from .melds import (
    AUCTION_COUNTING_OPTION,
    BID_STEP,
    LAST_TRICK_OPTION,
    LOWEST_MIN_BID,
    MAX_BID,
    MELDS_OPTION,
    PARTNERSHIP_LOWEST_MIN_BID,
    PINOCHLE_MELDS,
    counting_of,
    meld_values,
    pinochle_defaults,
    read_melds,
    read_took_trick,
    read_tricks,
    target_option,
)


class _Partnership(TeamRace):
    """One replay of a partnership auction match."""

    def __init__(self, form: PartnershipAuction, setup: Setup) -> None:
        super().__init__(setup, setup.options["target"])
        self.form = form
        #: The target rises by 250 (25 under ``simple``, docs/rules.md §5).
        self.step = TARGET_STEP // counting_of(setup.options).divisor

    def hand(self, number: int, raw: Mapping[str, Any]) -> HandResult:
        """Score hand ``number``; the bidding side is counted first against the target."""
        scores, counted_first, notes, facts = self.form._score(self.setup, raw)
        for side, points in scores.items():
            self.totals[side] += points
        if counted_first is not None:
            before = self.target
            self.winner, self.target = check_target(
                self.totals, self.target, step=self.step, counted_first=counted_first
            )
            if self.target != before:
                notes.append(raised_target(before, self.target))
            if self.winner is not None:
                notes.append(note("{side} reaches the target", side=self.winner))
                self.over = True
        return self.result(number, raw, scores, notes, facts)


@register
class PartnershipAuction(Variant):
    """Partnership auction pinochle: four players in two teams bid for trump (Bicycle)."""

    id = "partnership-auction"
    family = PINOCHLE
    rank = 50
    title = N_("Partnership auction pinochle")
    description = N_("Four players in two teams, 12 cards each; the high bidder names trump.")
    player_counts = (4,)

    def option_specs(self, given: Mapping[str, Any]) -> Sequence[OptionSpec]:
        """``min_bid`` (250, from 100), ``counting`` (classic or counters), ``last_trick``,
        ``melds``, ``target`` (1000), ``direction``."""
        return [
            OptionSpec(
                "min_bid",
                # 250 by default, a modern house value; the floor is Bicycle's: "The lowest bid
                # is 100" (docs/rules.md §2 `partnership-auction`).
                LOWEST_MIN_BID,
                integer(low=PARTNERSHIP_LOWEST_MIN_BID, high=MAX_BID, multiple_of=BID_STEP),
                "The lowest opening bid",
                group=BIDDING_GROUP,
            ),
            AUCTION_COUNTING_OPTION,
            LAST_TRICK_OPTION,
            MELDS_OPTION,
            target_option(1000),
            DIRECTION_OPTION,
        ]

    def resolve_options(self, given: object) -> dict[str, Any]:
        """The options with their defaults filled in."""
        resolved = resolve_options(self.option_specs(option_map(given)), given)
        return pinochle_defaults(resolved, option_map(given))

    def partnerships(self, options: Mapping[str, Any], player_count: int) -> bool:
        """Always two teams."""
        return True

    def layout(self, setup: Setup, active: Sequence[str] = ()) -> Layout:
        """One contract for the two teams, then both teams' meld and trick points."""
        players, sitting_out = seated(setup, active)
        return Layout(
            Entry.PARTNERSHIP_BID,
            setup.sides,
            players,
            sitting_out,
            trick_total=counting_of(setup.options).total,
            took_trick_matters=True,
            meld_lists=True,
            min_bid=int(setup.options["min_bid"]),
            max_bid=MAX_BID,
            direction=setup.direction,
            words=BID_WORDS,
            tool=Tool.PINOCHLE_MELD,
            members=members_of(setup, setup.sides),
            meld_values=meld_values(setup.options),
            melds=PINOCHLE_MELDS,
        )

    def describe(self, entry: Mapping[str, Any]) -> HandFacts:
        """The contract's line (:func:`~scorekeeper.rules.core.facts.bid_entry_summary`)."""
        return HandFacts(summary=bid_entry_summary(entry))

    check_typed = check_meld_typos

    def runner(self, setup: Setup) -> Runner:
        """Made, set, conceded or all pass, the bidding side counted first."""
        return _Partnership(self, setup)

    def _score(
        self, setup: Setup, raw: object
    ) -> tuple[dict[str, int], str | None, list[Note], HandFacts]:
        """One hand's scores, the side counted first (``None``: thrown in), notes and facts."""
        options = setup.options
        sides = setup.sides
        entry = as_object(raw, "")
        if "outcome" in entry:
            as_choice(entry["outcome"], "outcome", ("all_pass",))
            # A thrown-in hand has no bid, no meld, no tricks (Bicycle).
            check_keys(entry, ("outcome",))
            passed = HandFacts(summary=bid_entry_summary(entry))
            return dict.fromkeys(sides, 0), None, [note("all passed: thrown in")], passed
        check_keys(
            entry,
            ("bidder", "bid", "trump", "meld", "tricks", "took_trick", "conceded"),
            required=("bidder", "bid", "meld"),
        )
        bidder, bid, trump = read_bid(entry, setup, MAX_BID, _check_tens)
        conceded = as_bool(entry.get("conceded", False), "conceded")
        bidders = setup.side_of(bidder)
        others = next(side for side in sides if side != bidders)
        meld = read_melds(entry["meld"], "meld", sides, options, all_at_once=True)
        melds = tuple(Meld(side, meld[side], listed_ids(entry["meld"][side])) for side in sides)

        def facts(outcome: str, tricks: Mapping[str, int] | None = None) -> HandFacts:
            contract = Contract(bidder, bid, outcome, trump)
            played = tuple(Tricks(side, tricks[side]) for side in sides) if tricks else ()
            return HandFacts(contract, melds, tricks=played, summary=bid_entry_summary(entry))

        if conceded:
            check_no_play(entry, sides)
            # docs/rules.md §2: conceded ("throw in"): − bid, the opponents score their meld.
            scores = {bidders: -bid, others: meld[others]}
            conceded_note = note("{side} conceded: -{bid}", side=bidders, bid=bid)
            return scores, others, [conceded_note], facts(CONCEDED)
        if "tricks" not in entry:
            raise RuleError("tricks", "is required", code="required")
        tricks = read_tricks(entry["tricks"], "tricks", sides, counting_of(options))
        took = read_took_trick(entry.get("took_trick"), "took_trick", sides, tricks)
        notes: list[Note] = []
        saved: dict[str, int] = {}
        for side in sides:
            # docs/rules.md §2: the bidding side's meld, too, counts only if it takes a trick.
            saved[side] = meld[side] if took[side] else 0
            if meld[side] and not took[side]:
                notes.append(note("{side}: meld lost, no trick", side=side))
        made = saved[bidders] + tricks[bidders] >= bid
        scores = {others: saved[others] + tricks[others]}
        if made:
            scores[bidders] = saved[bidders] + tricks[bidders]
            notes.append(note("{side} made {bid}", side=bidders, bid=bid))
        else:
            scores[bidders] = -bid
            notes.append(note("{side} set: -{bid}", side=bidders, bid=bid))
        # The bidding side is counted first if it made its bid; if it was set, the other side
        # wins if it is over (docs/rules.md §2, Bicycle).
        return (
            {side: scores[side] for side in sides},
            bidders if made else others,
            notes,
            facts(MADE if made else SET, tricks),
        )


def _check_tens(bid: int) -> None:
    """Bids go up in tens (Bicycle)."""
    if bid % BID_STEP:
        raise RuleError("bid", "must be a multiple of {step}", code="not_multiple", step=BID_STEP)
