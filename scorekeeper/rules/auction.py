"""Auction pinochle (RULES.md §2 ``auction``): units schedules, the trump multiplier, the kitty,
each hand's payments, the ``auction`` variant and the settle-up at the end of the night.

Seed 000 ("pinacle subastado") is the primary source: three play, a fourth deals and sits out;
"from 300 the amount doubles for every 50 more", spades double it, a bidder who fails pays
every other player double, "the loser also pays the kitty the same amount", and a bidder who
makes 350 or more collects a bonus "fixed beforehand" from the kitty. Hoyle's and Scarne's
schedules are the other presets of RULES.md's table.

In units, a hand moves chips: :func:`hand_payments` gives every player's (and the kitty's)
gain or loss, always summing to zero. The settle-up (:func:`settle_up`) shares the kitty out
and lists the fewest transfers that square every balance.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation
from typing import Any, Final

from .cards import Suit
from .entry import as_choice, as_int, as_list, as_object, as_side, as_str, check_keys
from .errors import MatchOverError, RuleError, for_hand
from .match import (
    FINISHED,
    IN_PROGRESS,
    HandResult,
    MatchState,
    Setup,
    check_target,
    player_left_of,
    standings_by_total,
)
from .options import (
    BIDDING_GROUP,
    KITTY_GROUP,
    SCORING_GROUP,
    OptionSpec,
    boolean,
    choice,
    integer,
    resolve_options,
)
from .pinochle import (
    AUCTION_COUNTING_OPTION,
    MELD_LIMIT,
    MELDS_OPTION,
    STANDARD_MELDS,
    TIE_RULE_OPTION,
    counting_of,
    pinochle_defaults,
    read_meld,
    read_melds,
    read_took_trick,
    read_tricks,
    target_option,
)
from .table import BID_WORDS, Entry, Table, Tool, seated, sides_of
from .text import N_, Note, note
from .variants import Variant, register

#: The kitty's key in a hand's payments (a player may not take this name: match.read_setup).
KITTY: Final = "kitty"

#: RULES.md §4: bids are at most 2000 (a guard against typos) and at least 250.
MAX_BID: Final = 2000
LOWEST_MIN_BID: Final = 250
#: Bids go up in tens (seed 000, RULES.md §2).
BID_STEP: Final = 10
#: Trick points of one hand under ``classic`` or ``counters`` (RULES.md §1), buried cards included.
TRICK_TOTAL: Final = 250

MADE: Final = "made"
SET: Final = "set"
CONCEDED: Final = "conceded"
ALL_PASS: Final = "all_pass"
OUTCOMES: Final = (MADE, SET, CONCEDED, ALL_PASS)

UNITS: Final = "units"
POINTS: Final = "points"

#: A units schedule: a preset's name, or ``[from_bid, units]`` brackets with rising ``from_bid``.
Schedule = str | Sequence[Sequence[int]]

#: RULES.md §2 table. Seed 000: "from 300 the amount doubles for every 50 more"; 250-290 is one
#: unit, so every 50 points of bid doubles the units all the way up to the 2000 guard.
_DOUBLING: Final = tuple((bid, 2 ** ((bid - 250) // 50)) for bid in range(250, MAX_BID + 1, 50))
#: Hoyle's schedule (RULES.md table): 30 units from 600 up.
_HOYLE: Final = (
    (250, 2),
    (300, 3),
    (350, 5),
    (400, 10),
    (450, 15),
    (500, 20),
    (550, 25),
    (600, 30),
)
#: Scarne's schedule (RULES.md table): one more unit every 50, 11 from 700 up.
_SCARNE: Final = (
    (250, 2),
    (300, 3),
    (350, 4),
    (400, 5),
    (450, 6),
    (500, 7),
    (550, 8),
    (600, 9),
    (650, 10),
    (700, 11),
)
SCHEDULES: Final[Mapping[str, tuple[tuple[int, int], ...]]] = {
    "doubling": _DOUBLING,
    "hoyle": _HOYLE,
    "scarne": _SCARNE,
}


def brackets(schedule: Schedule) -> tuple[tuple[int, int], ...]:
    """The ``(from_bid, units)`` brackets of a preset name or a custom list, lowest first.

    >>> brackets("hoyle")[:3]
    ((250, 2), (300, 3), (350, 5))
    >>> brackets([[300, 1], [400, 3]])
    ((300, 1), (400, 3))
    """
    if isinstance(schedule, str):
        return SCHEDULES[schedule]
    return tuple((int(start), int(units)) for start, units in schedule)


def units(bid: int, schedule: Schedule = "doubling") -> int:
    """How many units a bid is worth: the bracket it falls in (RULES.md §2 table).

    Only the bid counts: taking more than the bid earns nothing more.

    >>> units(340), units(350), units(650)
    (2, 4, 256)
    >>> units(650, "hoyle"), units(700, "scarne")
    (30, 11)
    >>> units(420, [[300, 1], [400, 3]])
    3
    """
    table = brackets(schedule)
    if not table[0][0] <= bid <= MAX_BID:
        raise ValueError(f"a bid of {bid} is outside the schedule ({table[0][0]}-{MAX_BID})")
    worth = table[0][1]
    for start, value in table:
        if bid >= start:
            worth = value
    return worth


def trump_multiplier(
    trump: Suit, *, spades_double: bool = True, hearts_triple: bool = False
) -> int:
    """The trump multiplier ``m``: spades x2 (seed 000, on by default), hearts x3 (off).

    >>> trump_multiplier(Suit.SPADES), trump_multiplier(Suit.HEARTS, hearts_triple=True)
    (2, 3)
    >>> trump_multiplier(Suit.CLUBS)
    1
    """
    if trump is Suit.SPADES and spades_double:
        return 2
    if trump is Suit.HEARTS and hearts_triple:
        return 3
    return 1


def active_players(players: Sequence[str], dealer: str) -> tuple[str, ...]:
    """The three players dealt in, in seating order (RULES.md §5).

    3 players: all; 4: the dealer sits out; 5: the dealer and the second player on his left;
    6: the dealer and the player opposite him (third on his left).

    >>> active_players(["Ana", "Ben", "Cruz", "Dee", "Eve"], "Ana")
    ('Ben', 'Dee', 'Eve')
    """
    count = len(players)
    start = players.index(dealer)
    out_steps = {3: (), 4: (0,), 5: (0, 2), 6: (0, 3)}[count]
    out = {players[(start + step) % count] for step in out_steps}
    return tuple(p for p in players if p not in out)


@dataclass(frozen=True)
class Contract:
    """The winning bid of a hand: who bid, how much, and the trump he named."""

    bidder: str
    bid: int
    trump: Suit


def hand_payments(
    players: Sequence[str],
    outcome: str,
    contract: Contract | None,
    options: Mapping[str, Any],
) -> dict[str, int]:
    """What every player of the match (dealt-out ones too) and the kitty gain in one hand.

    RULES.md §2: made, every other player pays the bidder ``units x m``; set ("double bete"),
    the bidder pays every other player ``2 x units x m``; conceded ("single bete"),
    ``units x m``. With the kitty, a set or conceding bidder pays it what he pays one player,
    and a bidder who makes at least ``kitty_bonus_from`` collects ``kitty_bonus`` from it (a
    fixed sum, seed 000). All pass: nobody pays, unless ``all_pass_pays`` (1 unit each into the
    kitty). The result always sums to zero over the players and ``"kitty"``.

    >>> hand_payments(["Ana", "Ben", "Cruz"], "made", Contract("Ana", 350, Suit.SPADES),
    ...               {"schedule": "doubling", "spades_double": True, "hearts_triple": False,
    ...                "kitty": True, "kitty_bonus_from": 350, "kitty_bonus": 10})
    {'Ana': 26, 'Ben': -8, 'Cruz': -8, 'kitty': -10}
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
    each = units(contract.bid, options.get("schedule", "doubling")) * trump_multiplier(
        contract.trump,
        spades_double=bool(options.get("spades_double", True)),
        hearts_triple=bool(options.get("hearts_triple", False)),
    )
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


# --- Settle-up --------------------------------------------------------------------------------

_CENT: Final = Decimal("0.01")


@dataclass(frozen=True)
class Transfer:
    """One payment of the settle-up: ``payer`` gives ``payee`` ``units`` worth ``amount``."""

    payer: str
    payee: str
    units: int
    #: ``units`` x the match's ``unit_value``, in money with two places (``Decimal("0.40")``).
    amount: Decimal


@dataclass(frozen=True)
class Settlement:
    """The end of an auction match in units: the kitty shared out and who pays whom."""

    #: The kitty's balance that was shared among the players.
    kitty: int
    #: Every player's units after the kitty was shared, in seating order; they sum to zero.
    balances: Mapping[str, int]
    #: The fewest transfers that square every balance.
    transfers: tuple[Transfer, ...]


def share_kitty(kitty: int, players: Sequence[str]) -> dict[str, int]:
    """The kitty's balance shared as evenly as whole units allow (RULES.md §2).

    Shares differ by at most one unit; the larger shares go to the players first in seating
    order (for a negative kitty "larger" is the smaller debt).

    >>> share_kitty(11, ["Ana", "Ben", "Cruz"])
    {'Ana': 4, 'Ben': 4, 'Cruz': 3}
    >>> share_kitty(-4, ["Ana", "Ben", "Cruz"])
    {'Ana': -1, 'Ben': -1, 'Cruz': -2}
    """
    base, extra = divmod(kitty, len(players))  # floor division: 0 <= extra < len(players)
    return {player: base + (1 if i < extra else 0) for i, player in enumerate(players)}


def settle_up(
    totals: Mapping[str, int],
    kitty: int,
    players: Sequence[str],
    unit_value: str | Decimal = "1",
) -> Settlement:
    """Share the kitty, then find the fewest transfers that bring every balance to zero.

    ``totals`` are the players' unit balances and ``kitty`` the kitty's (0 without one); they
    must sum to zero, as every hand's payments do. The fewest transfers number ``n - g``, where
    ``n`` counts the players not already square and ``g`` is the largest number of disjoint
    groups of them whose balances each sum to zero: a group of ``k`` needs ``k - 1`` transfers
    and no fewer. The groups are found by an exhaustive search over subsets (a greedy matching
    can use more: for 4, 3, -3, -2, -2 "biggest debtor pays biggest creditor" takes four, the
    groups {3, -3} and {4, -2, -2} three). Tables seat at most six, so the search is short.

    >>> s = settle_up({"Ana": 12, "Ben": -8, "Cruz": 0}, -4, ["Ana", "Ben", "Cruz"], "0.05")
    >>> s.balances
    {'Ana': 11, 'Ben': -9, 'Cruz': -2}
    >>> [(t.payer, t.payee, t.units, str(t.amount)) for t in s.transfers]
    [('Ben', 'Ana', 9, '0.45'), ('Cruz', 'Ana', 2, '0.10')]
    """
    if set(totals) != set(players) or len(players) != len(set(players)):
        raise ValueError("totals must name exactly the players")
    if sum(totals.values()) + kitty != 0:
        raise ValueError("the players' totals and the kitty must sum to zero")
    value = Decimal(str(unit_value))
    shares = share_kitty(kitty, players) if players else {}
    balances = {player: totals[player] + shares[player] for player in players}
    transfers: list[Transfer] = []
    for group in _zero_sum_groups([p for p in players if balances[p]], balances):
        for payer, payee, amount in _square_group(group, balances):
            money = (Decimal(amount) * value).quantize(_CENT, rounding=ROUND_HALF_UP)
            transfers.append(Transfer(payer, payee, amount, money))
    return Settlement(kitty, balances, tuple(transfers))


def _zero_sum_groups(owing: Sequence[str], balances: Mapping[str, int]) -> list[list[str]]:
    """Split ``owing`` (balances summing to zero, none zero) into the most zero-sum groups.

    Dynamic programming over subsets: ``best[mask]`` is the most groups a zero-sum ``mask``
    splits into; each step tries every zero-sum part holding the mask's lowest member.
    """
    count = len(owing)
    full = (1 << count) - 1
    total = [0] * (full + 1)
    for mask in range(1, full + 1):
        low = (mask & -mask).bit_length() - 1
        total[mask] = total[mask & (mask - 1)] + balances[owing[low]]
    best: dict[int, int] = {0: 0}
    part_of: dict[int, int] = {}
    for mask in range(1, full + 1):
        if total[mask]:
            continue
        lowest = mask & -mask
        sub = mask
        while sub:
            if sub & lowest and total[sub] == 0:
                parts = 1 + best[mask ^ sub]
                if parts > best.get(mask, 0):
                    best[mask] = parts
                    part_of[mask] = sub
            sub = (sub - 1) & mask
    groups: list[list[str]] = []
    mask = full
    while mask:
        part = part_of[mask]
        groups.append([owing[i] for i in range(count) if part >> i & 1])
        mask ^= part
    return sorted(groups, key=lambda group: owing.index(group[0]))


def _square_group(group: Sequence[str], balances: Mapping[str, int]) -> list[tuple[str, str, int]]:
    """Transfers that square a zero-sum group of ``k`` players in at most ``k - 1`` payments.

    The biggest debtor pays the biggest creditor (ties: seating order) until all are square;
    every payment squares at least one of them and the last squares two.
    """
    left = {player: balances[player] for player in group}
    moves: list[tuple[str, str, int]] = []
    while any(left.values()):
        payer = min(group, key=lambda p: left[p])  # min/max keep the first of equals
        payee = max(group, key=lambda p: left[p])
        amount = min(-left[payer], left[payee])
        moves.append((payer, payee, amount))
        left[payer] += amount
        left[payee] -= amount
    return moves


# --- Options (RULES.md §4) --------------------------------------------------------------------


def _read_schedule(value: Any, path: str) -> str | list[list[int]]:
    """A preset name, or a custom list of ``[from_bid, units]`` brackets (kept as JSON lists).

    Brackets rise strictly by ``from_bid`` (a multiple of 10, at most 2000) and pay a positive
    number of units.
    """
    if isinstance(value, str):
        return as_choice(value, path, tuple(SCHEDULES))
    if not isinstance(value, list):
        raise RuleError(
            path,
            "must be doubling, hoyle, scarne or a list of [from_bid, units] brackets",
            code="bad_schedule",
        )
    if not value:
        raise RuleError(
            path, "a schedule needs at least one [from_bid, units] bracket", code="empty"
        )
    table: list[list[int]] = []
    for i, raw in enumerate(value):
        where = f"{path}[{i}]"
        pair = as_list(raw, where)
        if len(pair) != 2:
            raise RuleError(where, "a bracket is [from_bid, units]", code="bad_bracket")
        start = as_int(pair[0], f"{where}[0]", low=BID_STEP, high=MAX_BID)
        if start % BID_STEP:
            raise RuleError(
                f"{where}[0]", "must be a multiple of {step}", code="not_multiple", step=BID_STEP
            )
        if table and start <= table[-1][0]:
            raise RuleError(
                f"{where}[0]",
                "brackets must rise: {start} is not above {previous}",
                code="not_ascending",
                start=start,
                previous=table[-1][0],
            )
        worth = as_int(pair[1], f"{where}[1]", low=1)
        table.append([start, worth])
    return table


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
    if amount != amount.quantize(_CENT):
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
UNIT_OPTIONS: Final = (
    OptionSpec(
        "schedule",
        "doubling",
        _read_schedule,
        "Units per bid",
        group=BIDDING_GROUP,
        choices=("doubling", "hoyle", "scarne"),
    ),
    OptionSpec("spades_double", True, boolean(), "Spades trump pays double", group=BIDDING_GROUP),
    OptionSpec("hearts_triple", False, boolean(), "Hearts trump pays triple", group=BIDDING_GROUP),
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
UNIT_OPTION_NAMES: Final = tuple(spec.name for spec in UNIT_OPTIONS)
POINT_OPTION_NAMES: Final = ("counting", "melds", "target", "tie_rule")


# --- Reading a hand ---------------------------------------------------------------------------


def _given(entry: Mapping[str, Any], key: str) -> bool:
    """Whether ``key`` was filled in (a form may send ``null`` for a field left empty)."""
    return entry.get(key) is not None


def _read_contract(
    entry: Mapping[str, Any], players: Sequence[str], active: Sequence[str], min_bid: int
) -> Contract:
    """``bidder``, ``bid`` and ``trump`` of a hand that was bid."""
    for key in ("bidder", "bid", "trump"):
        if not _given(entry, key):
            raise RuleError(key, "is required", code="required")
    bidder = as_side(entry["bidder"], "bidder", players)
    if bidder not in active:
        # RULES.md §2: dealt-out players share in the settlement but hold no cards to bid with.
        raise RuleError(
            "bidder", "{given!r} was dealt out of this hand", code="dealt_out", given=bidder
        )
    bid = as_int(entry["bid"], "bid", low=min_bid, high=MAX_BID)
    if bid % BID_STEP:
        raise RuleError("bid", "must be a multiple of {step}", code="not_multiple", step=BID_STEP)
    trump = Suit.from_word(as_str(entry["trump"], "trump"), "trump")
    return Contract(bidder, bid, trump)


def _refuse_with_all_pass(entry: Mapping[str, Any], keys: Sequence[str]) -> None:
    for key in keys:
        if _given(entry, key):
            raise RuleError(key, "must be left out when everybody passed", code="not_with_all_pass")


def _conflict(outcome: str, bid: int, reached: int) -> RuleError:
    if reached >= bid:
        message = N_(
            "the bidder's meld and tricks ({reached}) make the bid of {bid}, not {outcome}"
        )
    else:
        message = N_(
            "the bidder's meld and tricks ({reached}) fall short of the bid of {bid}, not {outcome}"
        )
    return RuleError("outcome", message, code="conflict", reached=reached, bid=bid, outcome=outcome)


@dataclass(frozen=True)
class UnitsHand:
    """A hand of auction in units as the rules read it."""

    outcome: str
    contract: Contract | None = None
    #: The bidder's meld and trick points, when the table entered them.
    meld: int | None = None
    tricks: int | None = None


def read_units_hand(
    entry: object, players: Sequence[str], active: Sequence[str], min_bid: int
) -> UnitsHand:
    """Read ``{"bidder", "bid", "trump", "outcome"}`` and/or the bidder's ``meld``/``tricks``.

    The outcome may be entered, or follow from meld + tricks >= bid (made) or < bid (set);
    both given and in conflict is refused at ``outcome``. A conceded hand was not played:
    its ``tricks`` may be left out and are 0 if given; ``meld`` may be given alone.
    """
    body = as_object(entry, "_")
    check_keys(body, ("bidder", "bid", "trump", "outcome", "meld", "tricks"))
    outcome = as_choice(body["outcome"], "outcome", OUTCOMES) if _given(body, "outcome") else None
    if outcome == ALL_PASS:
        _refuse_with_all_pass(body, ("bidder", "bid", "trump", "meld", "tricks"))
        return UnitsHand(ALL_PASS)
    contract = _read_contract(body, players, active, min_bid)
    meld = (
        # Units mode has no meld table option: a list of meld ids is valued with the standard one.
        read_meld(body["meld"], "meld", STANDARD_MELDS, all_at_once=True, limit=MELD_LIMIT)
        if _given(body, "meld")
        else None
    )
    tricks = (
        as_int(body["tricks"], "tricks", low=0, high=TRICK_TOTAL)
        if _given(body, "tricks")
        else None
    )
    if outcome == CONCEDED:
        if tricks:
            raise RuleError("tricks", "a conceded hand is not played: no tricks", code="conflict")
        if meld is not None and meld >= contract.bid:
            # His meld alone makes the bid (it always counts, RULES.md §2): nothing to concede.
            raise _conflict(CONCEDED, contract.bid, meld)
        return UnitsHand(CONCEDED, contract, meld, tricks)
    if meld is None and tricks is None:
        if outcome is None:
            raise RuleError(
                "outcome",
                "give the outcome, or the bidder's meld and tricks",
                code="required",
            )
        return UnitsHand(outcome, contract)
    for key, value in (("meld", meld), ("tricks", tricks)):
        if value is None:
            raise RuleError(
                key,
                "is required with the bidder's {other}",
                code="required",
                other="tricks" if key == "meld" else "meld",
            )
    assert meld is not None and tricks is not None
    reached = meld + tricks
    derived = MADE if reached >= contract.bid else SET
    if outcome is not None and outcome != derived:
        raise _conflict(outcome, contract.bid, reached)
    return UnitsHand(derived, contract, meld, tricks)


@dataclass(frozen=True)
class PointsHand:
    """A hand of auction with ``scoring: points`` as the rules read it."""

    outcome: str
    contract: Contract | None = None
    #: Points per player of the match (0 for the dealt-out ones and on an all pass).
    scores: Mapping[str, int] | None = None
    notes: tuple[Note, ...] = ()


def read_points_hand(
    entry: object, players: Sequence[str], active: Sequence[str], options: Mapping[str, Any]
) -> PointsHand:
    """Read and score a hand of auction kept in points (RULES.md §2, last paragraph).

    ``meld`` and ``tricks`` are objects over the active players (``took_trick`` optional,
    default: trick points > 0). Made (bidder's meld + tricks >= bid): he scores meld + tricks;
    set or conceded: minus the bid. An opponent scores his meld if he won a trick, plus his
    tricks; on a concession, which is not played, his meld only (``tricks`` left out or all 0).
    ``outcome`` is optional: ``conceded`` or ``all_pass`` must be said; ``made``/``set`` may be,
    and must then agree with the numbers.
    """
    body = as_object(entry, "_")
    check_keys(body, ("bidder", "bid", "trump", "outcome", "meld", "tricks", "took_trick"))
    outcome = as_choice(body["outcome"], "outcome", OUTCOMES) if _given(body, "outcome") else None
    zero = dict.fromkeys(players, 0)
    if outcome == ALL_PASS:
        _refuse_with_all_pass(body, ("bidder", "bid", "trump", "meld", "tricks", "took_trick"))
        return PointsHand(ALL_PASS, None, zero, (note("all passed: the hand is thrown in"),))
    contract = _read_contract(body, players, active, options["min_bid"])
    sides = tuple(active)
    counting = counting_of(options)
    if not _given(body, "meld"):
        raise RuleError("meld", "is required", code="required")
    meld = read_melds(body["meld"], "meld", sides, options, all_at_once=True)
    scores = dict(zero)
    if outcome == CONCEDED:
        if _given(body, "tricks"):
            tricks = read_tricks(body["tricks"], "tricks", sides, counting, complete=False)
            for side in sides:
                if tricks[side]:
                    raise RuleError(
                        f"tricks.{side}",
                        "a conceded hand is not played: no tricks",
                        code="conflict",
                    )
        if _given(body, "took_trick"):
            raise RuleError("took_trick", "a conceded hand is not played", code="conflict")
        for side in sides:
            scores[side] = -contract.bid if side == contract.bidder else meld[side]
        return PointsHand(
            CONCEDED, contract, scores, (note("{bidder} conceded", bidder=contract.bidder),)
        )
    if not _given(body, "tricks"):
        raise RuleError("tricks", "is required", code="required")
    tricks = read_tricks(body["tricks"], "tricks", sides, counting, complete=True)
    took = read_took_trick(body.get("took_trick"), "took_trick", sides, tricks)
    reached = meld[contract.bidder] + tricks[contract.bidder]
    derived = MADE if reached >= contract.bid else SET
    if outcome is not None and outcome != derived:
        raise _conflict(outcome, contract.bid, reached)
    notes = [_outcome_note(derived, contract, reached=reached)]
    for side in sides:
        if side == contract.bidder:
            # His meld always counts toward the bid: his buried cards are his (RULES.md §2).
            scores[side] = reached if derived == MADE else -contract.bid
        else:
            scores[side] = (meld[side] if took[side] else 0) + tricks[side]
            if meld[side] and not took[side]:
                notes.append(note("{side}: meld lost, no trick", side=side))
    return PointsHand(derived, contract, scores, tuple(notes))


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

    def option_specs(self, given: Mapping[str, Any]) -> Sequence[OptionSpec]:
        """``min_bid`` and ``scoring``, then the options of the chosen scoring mode."""
        if given.get("scoring") == POINTS:
            return (
                MIN_BID_OPTION,
                SCORING_OPTION,
                AUCTION_COUNTING_OPTION,
                MELDS_OPTION,
                target_option(1000),
                TIE_RULE_OPTION,
            )
        return (MIN_BID_OPTION, *UNIT_OPTIONS, SCORING_OPTION)

    def resolve_options(self, given: object) -> dict[str, Any]:
        """Every option with its value; an option of the other scoring mode is refused by name,
        and the options are checked against each other (RULES.md §4)."""
        given_map: Mapping[str, Any] = {} if given is None else as_object(given, "rules")
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

    def table(self, setup: Setup, active: Sequence[str] = ()) -> Table:
        """The contract, then in units the outcome (or the bidder's points), in points every
        side's meld and tricks; who is not dealt in sits out (RULES.md §2)."""
        players, sitting_out = seated(setup, active)
        units = setup.options["scoring"] == UNITS
        return Table(
            Entry.WIDOW_BID,
            sides_of(setup, players),
            players,
            sitting_out,
            units=units,
            trick_total=None if units else counting_of(setup.options).total,
            took_trick_matters=not units,
            meld_lists=not units,
            min_bid=int(setup.options["min_bid"]),
            max_bid=MAX_BID,
            words=BID_WORDS,
            tool=None if units else Tool.PINOCHLE_MELD,
        )

    def play(self, setup: Setup, hands: Sequence[Mapping[str, Any]]) -> MatchState:
        """Replay every hand: payments in units, or scores to the target in points."""
        options = setup.options
        points = options["scoring"] == POINTS
        players = setup.players
        totals = dict.fromkeys(players, 0)
        kitty = 0
        target: int | None = options["target"] if points else None
        winner: str | None = None
        results: list[HandResult] = []
        for index, entry in enumerate(hands):
            number = index + 1
            if winner is not None:
                raise MatchOverError(number)
            dealer = setup.dealer_of(number)
            active = active_players(players, dealer)
            with for_hand(number):
                if points:
                    assert target is not None
                    hand = read_points_hand(entry, players, active, options)
                    assert hand.scores is not None
                    for player, score in hand.scores.items():
                        totals[player] += score
                    first = hand.contract.bidder if hand.contract and hand.outcome == MADE else None
                    winner, target = check_target(
                        totals, target, tie_rule=options["tie_rule"], counted_first=first
                    )
                    results.append(
                        HandResult(
                            number,
                            dealer,
                            entry,
                            scores=hand.scores,
                            active=active,
                            notes=hand.notes,
                        )
                    )
                else:
                    units_hand = read_units_hand(entry, players, active, options["min_bid"])
                    payments = hand_payments(
                        players, units_hand.outcome, units_hand.contract, options
                    )
                    for player in players:
                        totals[player] += payments[player]
                    kitty += payments[KITTY]
                    results.append(
                        HandResult(
                            number,
                            dealer,
                            entry,
                            payments=payments,
                            active=active,
                            notes=_units_notes(units_hand),
                        )
                    )
        next_dealer = setup.dealer_of(len(hands) + 1)
        next_active = active_players(players, next_dealer)
        return MatchState(
            sides=players,
            hands=tuple(results),
            totals=totals,
            status=FINISHED if winner is not None else IN_PROGRESS,
            winner=winner,
            standings=standings_by_total(players, totals),
            dealer=next_dealer,
            leader=player_left_of(players, next_dealer, among=next_active),
            active=next_active,
            target=target,
            kitty=kitty if not points and options["kitty"] else None,
        )


def _units_notes(hand: UnitsHand) -> tuple[Note, ...]:
    if hand.contract is None:
        return (note("all passed: the hand is thrown in"),)
    if hand.meld is not None and hand.tricks is not None:
        return (_outcome_note(hand.outcome, hand.contract, reached=hand.meld + hand.tricks),)
    return (_outcome_note(hand.outcome, hand.contract),)


#: How a page's note tells the outcome ("Ana was set on 350 with 310"), one whole sentence per
#: outcome so that each language can word it its own way.
_WITH_POINTS: Final = {
    MADE: N_("{bidder} made {bid} with {reached}"),
    SET: N_("{bidder} was set on {bid} with {reached}"),
    CONCEDED: N_("{bidder} conceded {bid} with {reached}"),
}
_IN_TRUMP: Final = {
    MADE: N_("{bidder} made {bid} in {trump}"),
    SET: N_("{bidder} was set on {bid} in {trump}"),
    CONCEDED: N_("{bidder} conceded {bid} in {trump}"),
}


def _outcome_note(outcome: str, contract: Contract, *, reached: int | None = None) -> Note:
    """The note of a contract's outcome: with the points reached, else with the trump."""
    if reached is not None:
        return note(
            _WITH_POINTS[outcome], bidder=contract.bidder, bid=contract.bid, reached=reached
        )
    return note(
        _IN_TRUMP[outcome], bidder=contract.bidder, bid=contract.bid, trump=contract.trump.word
    )


def settlement_of(setup: Setup, state: MatchState) -> Settlement:
    """The settle-up of an auction match in units (API ``GET .../settlement``).

    Any other match has none: a :class:`RuleError` on ``_`` (the API's 409).
    """
    if setup.variant != "auction" or setup.options.get("scoring") != UNITS:
        raise RuleError("_", "only auction pinochle in units has a settle-up", code="no_settlement")
    return settle_up(state.totals, state.kitty or 0, setup.players, setup.options["unit_value"])
