"""Auction pinochle (docs/rules.md §2 ``auction``): who is dealt in, each hand's payments in units,
the options, the ``auction`` variant and its settle-up.

Seed 000 ("pinacle subastado") is the primary source: three play, a fourth deals and sits out;
"from 300 the amount doubles for every 50 more", spades double it, a bidder who fails pays
every other player double, "the loser also pays the kitty the same amount", and a bidder who
makes 350 or more collects a bonus "fixed beforehand" from the kitty (read as a bid of 350 or
more: a house reading). ``hoyle`` (a house table in the Hoyle style) and Scarne's schedules are
the other presets of docs/rules.md's table; Hoyle and Scarne also give the hand
thrown in before the widow (it pays the kitty only) and Scarne the single spades concession.
Always three are dealt in (docs/rules.md §2): at four the dealer sits out, at five the dealer and
the second on his left, at six the dealer and the second and fourth on his left (a house
extension of Bicycle's rule; matches created before revision 2 keep their six-player seating,
the dealer and the player opposite, as ``six_seating: opposite``).

This module holds the ``auction`` variant, the replay of its matches and its settle-up
(:func:`settlement_of`). The parts it shares have their own modules, and are named here too: who
is dealt in (:func:`active_players`) in :mod:`~scorekeeper.rules.games.auction.seating`, a hand's
payments in units (:func:`hand_payments`, every player's and the kitty's gain or loss, always
summing to zero) in :mod:`~scorekeeper.rules.games.auction.payments`, the options in
:mod:`~scorekeeper.rules.games.auction.options`, the units schedules and the trump multiplier in
:mod:`~scorekeeper.rules.games.auction.schedules`, reading a hand in
:mod:`~scorekeeper.rules.games.auction.hands`; the settle-up that shares the kitty out and
squares every balance is :mod:`~scorekeeper.rules.core.settle`'s.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...core.errors import RuleError
from ...core.facts import Contract as Bid
from ...core.facts import HandFacts, Meld, Tricks, bid_entry_summary, listed_ids
from ...core.match import (
    FINISHED,
    IN_PROGRESS,
    HandResult,
    MatchState,
    Setup,
    check_target,
    player_left_of,
    raised_target,
    standings_by_total,
)
from ...core.names import KITTY
from ...core.options import DIRECTION_OPTION, OptionSpec, resolve_options
from ...core.readers import as_object
from ...core.runner import Runner
from ...core.settle import Settlement, settle_up
from ...core.text import N_
from ..club_form import ClubForm, individual_form
from ..pinochle.form_parts import check_meld_typos
from ..pinochle.melds import (
    AUCTION_COUNTING_OPTION,
    LAST_TRICK_OPTION,
    MAX_BID,
    MELDS_OPTION,
    PINOCHLE_MELDS,
    TIE_RULE_OPTION,
    counting_of,
    meld_values,
    pinochle_defaults,
    target_option,
)
from ..registry import PINOCHLE, Variant, register
from ..table import BID_WORDS, Entry, Layout, Tool, seated, sides_of
from .hands import MADE, Contract, read_points_hand, read_units_hand
from .options import (
    BIDDER_SCORES_OPTION,
    MIN_BID_OPTION,
    POINT_OPTION_NAMES,
    POINTS,
    SCORING_OPTION,
    SPADES_CONCESSION_DOUBLE,
    SPADES_CONCESSION_SINGLE,
    UNIT_OPTION_NAMES,
    UNIT_OPTIONS,
    UNITS,
)
from .payments import hand_payments
from .schedules import brackets
from .seating import SIX_OPPOSITE, active_players

__all__ = [
    "BIDDER_SCORES_OPTION",
    "MIN_BID_OPTION",
    "POINTS",
    "POINT_OPTION_NAMES",
    "SCORING_OPTION",
    "SIX_OPPOSITE",
    "SPADES_CONCESSION_DOUBLE",
    "SPADES_CONCESSION_SINGLE",
    "UNITS",
    "UNIT_OPTIONS",
    "UNIT_OPTION_NAMES",
    "Auction",
    "active_players",
    "hand_payments",
    "settlement_of",
]


# --- The variant ------------------------------------------------------------------------------


@register
class Auction(Variant):
    """Auction pinochle: three bid for the widow; the others (dealt-out too) pay or are paid."""

    id = "auction"
    title = N_("Auction pinochle")
    description = N_(
        "3 play each hand (3-6 at the table); the high bidder takes the widow and plays alone"
    )
    player_counts = (3, 4, 5, 6)
    family = PINOCHLE
    rank = 40

    def option_specs(self, given: Mapping[str, Any]) -> Sequence[OptionSpec]:
        """``min_bid`` and ``scoring``, then the options of the chosen scoring mode, and
        ``direction`` (docs/rules.md §4)."""
        if given.get("scoring") == POINTS:
            return (
                MIN_BID_OPTION,
                SCORING_OPTION,
                AUCTION_COUNTING_OPTION,
                LAST_TRICK_OPTION,
                MELDS_OPTION,
                target_option(1000),
                TIE_RULE_OPTION,
                BIDDER_SCORES_OPTION,
                DIRECTION_OPTION,
            )
        return (MIN_BID_OPTION, *UNIT_OPTIONS, SCORING_OPTION, DIRECTION_OPTION)

    def resolve_options(self, given: object) -> dict[str, Any]:
        """Every option with its value; an option of the other scoring mode is refused by name,
        and the options are checked against each other (docs/rules.md §4)."""
        given_map: Mapping[str, Any] = {} if given is None else as_object(given, "rules")
        if "six_seating" in given_map:
            # docs/rules.md §5: only matches created before revision 2 keep the old six-player
            # seating (their stored options carry it); a new match seats three every hand.
            raise RuleError(
                "rules.six_seating",
                "only matches created before the rules changed keep this seating: a new match"
                " deals three in every hand",
                code="old_matches_only",
            )
        scoring = (
            SCORING_OPTION.read(given_map["scoring"], "rules.scoring")
            if "scoring" in given_map
            else SCORING_OPTION.default
        )
        other, other_names = (
            (POINTS, POINT_OPTION_NAMES) if scoring == UNITS else (UNITS, UNIT_OPTION_NAMES)
        )
        for name in given_map:
            if name in other_names:
                raise RuleError(
                    f"rules.{name}",
                    "belongs to scoring: {mode}; this match is scored in {scoring}",
                    code="other_scoring",
                    mode=other,
                    scoring=scoring,
                )
        options = resolve_options(self.option_specs(given_map), given_map)
        if scoring == POINTS:
            return pinochle_defaults(options, given_map)
        first = brackets(options["schedule"])[0][0]
        if options["min_bid"] < first:
            if "min_bid" in given_map:
                raise RuleError(
                    "rules.min_bid",
                    "must be at least {first}, where the schedule starts",
                    code="too_small",
                    first=first,
                )
            raise RuleError(
                "rules.schedule",
                "starts at {first}, above the minimum bid of {min_bid}: set min_bid too",
                code="too_large",
                first=first,
                min_bid=options["min_bid"],
            )
        if options["all_pass_pays"] and not options["kitty"]:
            raise RuleError("rules.all_pass_pays", "needs the kitty (kitty: true)", code="needs")
        return options

    def club_form(self, options: Mapping[str, Any], table_size: int | None) -> ClubForm:
        """Tables of 3 to 6, each for himself (three play each hand), ``table_size`` the
        preferred size (default 4); kept in units with ``scoring: units`` (docs/club.md §4.1,
        §2.3).

        >>> form = Auction().club_form({"scoring": "units"}, None)
        >>> form.seats_lo, form.seats_hi, form.preferred, form.units, form.formulas
        (3, 6, 4, True, ('units', 'wins', 'placing'))
        >>> Auction().club_form({"scoring": "units"}, 7)
        Traceback (most recent call last):
        ...
        scorekeeper.rules.core.errors.RuleError: rotation.table_size: must be at most 6
        """
        low, high = self.player_counts[0], self.player_counts[-1]
        size = 4 if table_size is None else table_size
        if size < low:
            raise RuleError(
                "rotation.table_size", "must be at least {low}", code="too_small", low=low
            )
        if size > high:
            raise RuleError(
                "rotation.table_size", "must be at most {high}", code="too_large", high=high
            )
        return individual_form(low, high, size, units=options.get("scoring", UNITS) == UNITS)

    def layout(self, setup: Setup, active: Sequence[str] = ()) -> Layout:
        """The contract, then in units the outcome (or the bidder's points), in points every
        side's meld and tricks; who is not dealt in sits out (docs/rules.md §2)."""
        players, sitting_out = seated(setup, active)
        units = setup.options["scoring"] == UNITS
        return Layout(
            Entry.WIDOW_BID,
            sides_of(setup, players),
            players,
            sitting_out,
            units=units,
            trick_total=None if units else counting_of(setup.options).total,
            took_trick_matters=not units,
            meld_lists=not units,
            thrown_in=units and bool(setup.options.get("kitty", True)),
            direction=setup.direction,
            min_bid=int(setup.options["min_bid"]),
            max_bid=MAX_BID,
            words=BID_WORDS,
            tool=None if units else Tool.PINOCHLE_MELD,
            meld_values={} if units else meld_values(setup.options),
            melds=PINOCHLE_MELDS,
        )

    def describe(self, entry: Mapping[str, Any]) -> HandFacts:
        """The contract's line (:func:`~scorekeeper.rules.core.facts.bid_entry_summary`)."""
        return HandFacts(summary=bid_entry_summary(entry))

    check_typed = check_meld_typos

    def runner(self, setup: Setup) -> Runner:
        """Payments in units, or scores to the target in points."""
        return _AuctionRunner(setup)


class _AuctionRunner(Runner):
    """One replay of an auction match."""

    def __init__(self, setup: Setup) -> None:
        options = setup.options
        self.setup = setup
        self.points = options["scoring"] == POINTS
        self.totals = dict.fromkeys(setup.players, 0)
        self.kitty = 0
        self.target: int | None = options["target"] if self.points else None
        self.winner: str | None = None

    def _active(self, dealer: str) -> tuple[str, ...]:
        setup = self.setup
        return active_players(
            setup.players,
            dealer,
            rotation=setup.rotation,
            six_seating=setup.options.get("six_seating"),
        )

    def hand(self, number: int, raw: Mapping[str, Any]) -> HandResult:
        """Score hand ``number``: its points against the target, or its payments in units."""
        setup, options, players = self.setup, self.setup.options, self.setup.players
        dealer = setup.dealer_of(number)
        active = self._active(dealer)
        if self.points:
            assert self.target is not None
            hand = read_points_hand(raw, players, active, options)
            assert hand.scores is not None
            for player, score in hand.scores.items():
                self.totals[player] += score
            first = hand.contract.bidder if hand.contract and hand.outcome == MADE else None
            before = self.target
            self.winner, self.target = check_target(
                self.totals, self.target, tie_rule=options["tie_rule"], counted_first=first
            )
            self.over = self.winner is not None
            raised = (raised_target(before, self.target),) if self.target != before else ()
            melds = hand.meld or {}
            facts = HandFacts(
                _bid(hand.contract, hand.outcome),
                tuple(Meld(p, melds[p], listed_ids(raw["meld"][p])) for p in melds),
                tricks=tuple(Tricks(p, points) for p, points in (hand.tricks or {}).items()),
                summary=bid_entry_summary(raw),
            )
            return HandResult(
                number,
                dealer,
                raw,
                scores=hand.scores,
                active=active,
                notes=(*hand.notes, *raised),
                facts=facts,
            )
        units_hand = read_units_hand(raw, players, active, options)
        payments = hand_payments(players, units_hand.outcome, units_hand.contract, options)
        for player in players:
            self.totals[player] += payments[player]
        self.kitty += payments[KITTY]
        contract = units_hand.contract
        # In units only the bidder's meld may be entered (docs/records.md "Who holds a figure").
        meld = (
            (Meld(contract.bidder, units_hand.meld, listed_ids(raw.get("meld"))),)
            if contract is not None and units_hand.meld is not None
            else ()
        )
        # In units only the bidder's tricks may be entered, beside his meld.
        tricks = (
            (Tricks(contract.bidder, units_hand.tricks),)
            if contract is not None and units_hand.tricks is not None
            else ()
        )
        facts = HandFacts(
            _bid(contract, units_hand.outcome), meld, tricks=tricks, summary=bid_entry_summary(raw)
        )
        return HandResult(
            number,
            dealer,
            raw,
            payments=payments,
            active=active,
            notes=units_hand.notes,
            facts=facts,
        )

    def state(self, results: tuple[HandResult, ...]) -> MatchState:
        """The match as it stands after ``results``."""
        setup = self.setup
        next_dealer = setup.dealer_of(len(results) + 1)
        next_active = self._active(next_dealer)
        return MatchState(
            sides=setup.players,
            hands=results,
            totals=dict(self.totals),
            status=FINISHED if self.winner is not None else IN_PROGRESS,
            winner=self.winner,
            standings=standings_by_total(setup.players, self.totals),
            dealer=next_dealer,
            leader=player_left_of(setup.rotation, next_dealer, among=next_active),
            active=next_active,
            target=self.target,
            kitty=self.kitty if not self.points and setup.options["kitty"] else None,
        )


def _bid(contract: Contract | None, outcome: str) -> Bid | None:
    """The facts of a hand's contract (``None``: everybody passed)."""
    if contract is None:
        return None
    trump = contract.trump.word if contract.trump is not None else None
    return Bid(contract.bidder, contract.bid, outcome, trump)


def settlement_of(setup: Setup, state: MatchState) -> Settlement:
    """The settle-up of an auction match in units (API ``GET .../settlement``).

    Any other match has none: a :class:`RuleError` on ``_`` (the API's 409).
    """
    # Asked of the options, not the form's id: a form of its own kept in units settles too.
    if setup.options.get("scoring") != UNITS or "unit_value" not in setup.options:
        raise RuleError("_", "only auction pinochle in units has a settle-up", code="no_settlement")
    return settle_up(state.totals, state.kitty or 0, setup.players, setup.options["unit_value"])
