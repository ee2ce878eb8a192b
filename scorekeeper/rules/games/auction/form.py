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

In units, a hand moves chips: :func:`hand_payments` gives every player's (and the kitty's)
gain or loss, always summing to zero. The parts that are not the variant have their own
modules: the units schedules and the trump multiplier in
:mod:`~scorekeeper.rules.games.auction.schedules`, reading a hand in
:mod:`~scorekeeper.rules.games.auction.hands`, and the settle-up that shares the kitty out and
squares every balance in :mod:`~scorekeeper.rules.core.settle`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal, InvalidOperation
from typing import Any, Final

from ...core.cards import Suit
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
from ...core.options import (
    BIDDING_GROUP,
    DIRECTION_OPTION,
    KITTY_GROUP,
    SCORING_GROUP,
    OptionSpec,
    boolean,
    choice,
    integer,
    resolve_options,
)
from ...core.readers import as_object
from ...core.runner import Runner
from ...core.settle import CENT, Settlement, settle_up
from ...core.text import N_
from ..club_form import ClubForm, individual_form
from ..pinochle.melds import (
    AUCTION_COUNTING_OPTION,
    BID_STEP,
    LAST_TRICK_OPTION,
    LOWEST_MIN_BID,
    MAX_BID,
    MELDS_OPTION,
    PINOCHLE_MELDS,
    TIE_RULE_OPTION,
    check_meld_figures,
    counting_of,
    meld_values,
    pinochle_defaults,
    target_option,
)
from ..registry import PINOCHLE, Variant, register
from ..table import BID_WORDS, Entry, Layout, Tool, seated, sides_of
from .hands import (
    ALL_PASS,
    BIDDER_BID,
    BIDDER_TAKEN,
    CONCEDED,
    MADE,
    SET,
    THROWN_IN,
    Contract,
    read_points_hand,
    read_units_hand,
)
from .schedules import SCHEDULES, brackets, read_schedule, trump_multiplier, units

#: How an auction match is kept: units settled up at the end of the night, or points to a
#: target (docs/rules.md §2, last paragraph).
UNITS: Final = "units"
POINTS: Final = "points"


#: The six-player seating of the matches created before revision 2 (docs/rules.md §5): the
#: dealer and the player opposite him sit out, four are dealt in. A stored match carries it as
#: ``six_seating: opposite``; a new match may not choose it.
SIX_OPPOSITE: Final = "opposite"

#: Who sits out, as steps on the dealer's left (0 is the dealer), by the number of players
#: (docs/rules.md §2): always three are dealt in.
_OUT_STEPS: Final[Mapping[int, tuple[int, ...]]] = {3: (), 4: (0,), 5: (0, 2), 6: (0, 2, 4)}


def active_players(
    players: Sequence[str],
    dealer: str,
    *,
    rotation: Sequence[str] | None = None,
    six_seating: str | None = None,
) -> tuple[str, ...]:
    """The players dealt in, in the order of ``players`` (docs/rules.md §2).

    Always three: 3 players: all; 4: the dealer sits out; 5: the dealer and the second player
    on his left (Bicycle); 6: the dealer and the second and fourth on his left (the first,
    third and fifth play). "On his left" counts in ``rotation`` (:attr:`Setup.rotation`, the
    order the deal passes; ``players`` when not given). A match created before revision 2
    with six players keeps its seating (``six_seating: opposite``): the dealer and the player
    opposite him (third on his left) sit out, four are dealt in.

    >>> active_players(["Ana", "Ben", "Cruz", "Dee", "Eve"], "Ana")
    ('Ben', 'Dee', 'Eve')
    >>> active_players(["Ana", "Ben", "Cruz", "Dee", "Eve", "Fay"], "Ana")
    ('Ben', 'Dee', 'Fay')
    >>> active_players(["Ana", "Ben", "Cruz", "Dee", "Eve", "Fay"], "Ana", six_seating="opposite")
    ('Ben', 'Cruz', 'Eve', 'Fay')
    """
    order = tuple(players if rotation is None else rotation)
    count = len(order)
    start = order.index(dealer)
    out_steps = (0, 3) if count == 6 and six_seating == SIX_OPPOSITE else _OUT_STEPS[count]
    out = {order[(start + step) % count] for step in out_steps}
    return tuple(p for p in players if p not in out)


def hand_payments(
    players: Sequence[str],
    outcome: str,
    contract: Contract | None,
    options: Mapping[str, Any],
) -> dict[str, int]:
    """What every player of the match (dealt-out ones too) and the kitty gain in one hand.

    docs/rules.md §2: made, every other player pays the bidder ``units x m``; set ("double bete"),
    the bidder pays every other player ``2 x units x m``; conceded ("single bete"),
    ``units x m`` (``units x 1`` in spades under ``spades_concession: single``, Scarne). With
    the kitty, a set or conceding bidder pays it what he pays one player, and a bidder who
    makes at least ``kitty_bonus_from`` collects ``kitty_bonus`` from it (a fixed sum, seed
    000). Thrown in before the widow: the bidder pays the kitty ``units(bid)`` and nobody else
    (Hoyle/Scarne). All pass: nobody pays, unless ``all_pass_pays`` (1 unit each into the
    kitty). The result always sums to zero over the players and ``"kitty"``.

    >>> from scorekeeper.rules.core.cards import Suit
    >>> hand_payments(["Ana", "Ben", "Cruz"], "made", Contract("Ana", 350, Suit.SPADES),
    ...               {"schedule": "doubling", "spades_double": True, "hearts_triple": False,
    ...                "kitty": True, "kitty_bonus_from": 350, "kitty_bonus": 10})
    {'Ana': 18, 'Ben': -4, 'Cruz': -4, 'kitty': -10}
    """
    payments = dict.fromkeys(players, 0)
    payments[KITTY] = 0
    kitty = bool(options.get("kitty", True))
    if outcome == ALL_PASS or contract is None:
        if kitty and options.get("all_pass_pays", False):
            for player in players:
                payments[player] -= 1
                payments[KITTY] += 1
        return payments
    worth = units(contract.bid, options.get("schedule", "doubling"))
    if outcome == THROWN_IN or contract.trump is None:
        # Hoyle/Scarne: "he must only pay the kitty"; no trump was named, nothing multiplies.
        payments[KITTY] += worth
        payments[contract.bidder] -= worth
        return payments
    multiplier = trump_multiplier(
        contract.trump,
        spades_double=bool(options.get("spades_double", True)),
        hearts_triple=bool(options.get("hearts_triple", False)),
    )
    if (
        outcome == CONCEDED
        and contract.trump is Suit.SPADES
        and options.get("spades_concession", SPADES_CONCESSION_DOUBLE) == SPADES_CONCESSION_SINGLE
    ):
        # Scarne: spades thrown in "without playing a card" pay "only a single amount".
        multiplier = 1
    each = worth * multiplier
    # The bidder receives from (made) or pays to (set, conceded) each payee the same sum.
    per_payee = {MADE: -each, SET: 2 * each, CONCEDED: each}[outcome]
    payees = [p for p in players if p != contract.bidder]
    if kitty and outcome != MADE:
        payees.append(KITTY)
    for payee in payees:
        payments[payee] += per_payee
        payments[contract.bidder] -= per_payee
    if kitty and outcome == MADE and contract.bid >= options.get("kitty_bonus_from", 350):
        bonus = int(options.get("kitty_bonus", 10))
        payments[KITTY] -= bonus
        payments[contract.bidder] += bonus
    return payments


# --- Options (docs/rules.md §4)
# --------------------------------------------------------------------


#: A guard against typos in ``unit_value`` (money per unit).
_MAX_UNIT_VALUE: Final = Decimal(1_000_000)


def _read_unit_value(value: Any, path: str) -> str:
    """Money per unit as a decimal string with at most two places (``"0.05"``, ``"1"``).

    Kept as text so that it stays exact (no float rounding) and plain JSON; a JSON number is
    accepted and read through its shortest text (``0.05`` is ``"0.05"``).
    """
    if isinstance(value, bool) or not isinstance(value, str | int | float):
        raise RuleError(path, 'must be an amount of money such as "0.05"', code="bad_amount")
    try:
        amount = Decimal(str(value).strip())
    except InvalidOperation:
        raise RuleError(
            path, 'must be an amount of money such as "0.05"', code="bad_amount"
        ) from None
    if not amount.is_finite() or amount <= 0:
        raise RuleError(path, "must be more than 0", code="too_small", low=0)
    if amount > _MAX_UNIT_VALUE:
        raise RuleError(path, "must be at most {high}", code="too_large", high=_MAX_UNIT_VALUE)
    if amount != amount.quantize(CENT):
        # Money has cents: with at most two places every transfer's amount is exact.
        raise RuleError(path, "must have at most two decimal places", code="too_precise")
    return f"{amount.normalize():f}"


MIN_BID_OPTION: Final = OptionSpec(
    "min_bid",
    300,  # seed 000: "la subasta mínima de 250 o 300 puntos"
    integer(LOWEST_MIN_BID, MAX_BID, BID_STEP),
    "Minimum bid",
    group=BIDDING_GROUP,
)
SCORING_OPTION: Final = OptionSpec(
    "scoring",
    UNITS,
    choice(UNITS, POINTS),
    "Settle in units (chips) or keep points to a target",
    group=SCORING_GROUP,
)
#: How a bidder who concedes in spades pays (docs/rules.md §2): double like any spades hand, or
#: single (Scarne: "a player who makes spades trump and throws in his hand without playing a card
#: pays only a single amount").
SPADES_CONCESSION_DOUBLE: Final = "double"
SPADES_CONCESSION_SINGLE: Final = "single"
UNIT_OPTIONS: Final = (
    OptionSpec(
        "schedule",
        "doubling",
        read_schedule,
        "Units per bid",
        group=BIDDING_GROUP,
        choices=tuple(SCHEDULES),
    ),
    OptionSpec("spades_double", True, boolean(), "Spades trump pays double", group=BIDDING_GROUP),
    OptionSpec("hearts_triple", False, boolean(), "Hearts trump pays triple", group=BIDDING_GROUP),
    OptionSpec(
        "spades_concession",
        SPADES_CONCESSION_DOUBLE,
        choice(SPADES_CONCESSION_DOUBLE, SPADES_CONCESSION_SINGLE),
        "A bidder who gives up in spades before play pays double, or single",
        group=BIDDING_GROUP,
    ),
    OptionSpec("kitty", True, boolean(), "Kitty", group=KITTY_GROUP),
    OptionSpec(
        "kitty_bonus_from",
        350,
        integer(LOWEST_MIN_BID, MAX_BID, BID_STEP),
        "Kitty bonus from bid",
        group=KITTY_GROUP,
    ),
    OptionSpec("kitty_bonus", 10, integer(0, 1_000_000), "Kitty bonus (units)", group=KITTY_GROUP),
    OptionSpec(
        "all_pass_pays",
        False,
        boolean(),
        "All pass: everybody pays 1 unit into the kitty",
        group=KITTY_GROUP,
    ),
    OptionSpec("unit_value", "1", _read_unit_value, "Money per unit", group=BIDDING_GROUP),
)
#: What a bidder who makes it scores in points (docs/rules.md §2).
BIDDER_SCORES_OPTION: Final = OptionSpec(
    "bidder_scores",
    BIDDER_TAKEN,
    choice(BIDDER_TAKEN, BIDDER_BID),
    "A bidder who makes it scores the points he took, or the amount he bid",
    group=SCORING_GROUP,
)
UNIT_OPTION_NAMES: Final = tuple(spec.name for spec in UNIT_OPTIONS)
POINT_OPTION_NAMES: Final = (
    "counting",
    "last_trick",
    "melds",
    "target",
    "tie_rule",
    "bidder_scores",
)


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
        (3, 6, 4, True, ('units', 'wins'))
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

    def check_typed(self, setup: Setup, entry: Mapping[str, Any]) -> None:
        """A meld typed as a number is a multiple of 10 when every meld is (docs/rules.md §1
        "Meld typos"; a hand added or corrected, never a stored one)."""
        check_meld_figures(entry, setup.options)

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
