"""Reading a hand of auction pinochle (docs/rules.md §2 ``auction``): the contract, its outcome, and
in points every active player's meld and tricks.

A hand kept in units needs only the contract and its outcome (or the bidder's meld and tricks,
from which the outcome follows); a hand kept in points is scored here too. What a hand pays in
units is :func:`scorekeeper.rules.games.auction.payments.hand_payments`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Final

from ...core.cards import Suit
from ...core.errors import RuleError
from ...core.facts import CONCEDED as CONCEDED
from ...core.facts import MADE as MADE
from ...core.facts import SET as SET
from ...core.facts import THROWN_IN as THROWN_IN
from ...core.readers import as_choice, as_int, as_object, as_side, as_str, check_keys
from ...core.text import N_, Note, note
from ..pinochle.melds import (
    BID_STEP,
    COUNTINGS,
    MAX_BID,
    MELD_LIMIT,
    STANDARD_MELDS,
    Counting,
    check_trick_points,
    counting_of,
    read_meld,
    read_melds,
    read_took_trick,
    read_tricks,
)

#: What a bidder who made it scores in points (option ``bidder_scores``, docs/rules.md §2): what
#: he took (meld + tricks; a house rule, the default) or the amount he bid (Parlett: "the bidder
#: scores the amount he bid if successful").
BIDDER_TAKEN: Final = "taken"
BIDDER_BID: Final = "bid"

#: How a hand ends (the API's ``outcome``): the bidder made or was set, conceded without
#: playing, threw his hand in before looking at the widow (units with a kitty only)
#: (:mod:`~scorekeeper.rules.core.facts`'s), or nobody bid.
ALL_PASS: Final = "all_pass"
#: The outcomes of a hand kept in points (docs/rules.md §4: ``thrown_in`` exists only in units).
OUTCOMES: Final = (MADE, SET, CONCEDED, ALL_PASS)
#: The outcomes of a hand kept in units (docs/rules.md §2).
UNIT_OUTCOMES: Final = (MADE, SET, CONCEDED, THROWN_IN, ALL_PASS)


@dataclass(frozen=True)
class Contract:
    """The winning bid of a hand: who bid, how much, and the trump he named (``None`` when he
    threw his hand in before looking at the widow: no trump is named, docs/rules.md §2)."""

    bidder: str
    bid: int
    trump: Suit | None


def _given(entry: Mapping[str, Any], key: str) -> bool:
    """Whether ``key`` was filled in (a form may send ``null`` for a field left empty)."""
    return entry.get(key) is not None


def _read_contract(
    entry: Mapping[str, Any],
    players: Sequence[str],
    active: Sequence[str],
    min_bid: int,
    *,
    trump_named: bool = True,
) -> Contract:
    """``bidder``, ``bid`` and ``trump`` of a hand that was bid (``trump`` left out when
    ``trump_named`` is false: a hand thrown in before the widow)."""
    for key in ("bidder", "bid", "trump") if trump_named else ("bidder", "bid"):
        if not _given(entry, key):
            raise RuleError(key, "is required", code="required")
    bidder = as_side(entry["bidder"], "bidder", players)
    if bidder not in active:
        # docs/rules.md §2: dealt-out players share in the settlement but hold no cards to bid with.
        raise RuleError(
            "bidder", "{given!r} was dealt out of this hand", code="dealt_out", given=bidder
        )
    bid = as_int(entry["bid"], "bid", low=min_bid, high=MAX_BID)
    if bid % BID_STEP:
        raise RuleError("bid", "must be a multiple of {step}", code="not_multiple", step=BID_STEP)
    if not trump_named:
        return Contract(bidder, bid, None)
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

    @property
    def notes(self) -> tuple[Note, ...]:
        """The hand's note for a page: the outcome, with the points reached when entered.

        >>> str(UnitsHand("made", Contract("Ana", 350, Suit.SPADES)).notes[0])
        'Ana made 350 in spades'
        >>> str(UnitsHand("set", Contract("Ana", 350, Suit.SPADES), 100, 210).notes[0])
        'Ana was set on 350 with 310'
        """
        if self.contract is None:
            return (note("all passed: the hand is thrown in"),)
        if self.outcome == THROWN_IN:
            return (
                note(
                    "{bidder} threw in {bid} without looking at the widow",
                    bidder=self.contract.bidder,
                    bid=self.contract.bid,
                ),
            )
        if self.meld is not None and self.tricks is not None:
            return (_outcome_note(self.outcome, self.contract, reached=self.meld + self.tricks),)
        return (_outcome_note(self.outcome, self.contract),)


def read_units_hand(
    entry: object, players: Sequence[str], active: Sequence[str], options: Mapping[str, Any]
) -> UnitsHand:
    """Read ``{"bidder", "bid", "trump", "outcome"}`` and/or the bidder's ``meld``/``tricks``.

    The outcome may be entered, or follow from meld + tricks >= bid (made) or < bid (set);
    both given and in conflict is refused at ``outcome``. A conceded hand was not played:
    its ``tricks`` may be left out and are 0 if given; ``meld`` may be given alone. A hand
    thrown in (``thrown_in``) is read by :func:`_read_thrown_in`.
    """
    body = as_object(entry, "_")
    check_keys(body, ("bidder", "bid", "trump", "outcome", "meld", "tricks"))
    outcome = (
        as_choice(body["outcome"], "outcome", UNIT_OUTCOMES) if _given(body, "outcome") else None
    )
    if outcome == ALL_PASS:
        _refuse_with_all_pass(body, ("bidder", "bid", "trump", "meld", "tricks"))
        return UnitsHand(ALL_PASS)
    min_bid = int(options["min_bid"])
    if outcome == THROWN_IN:
        return _read_thrown_in(body, players, active, options)
    contract = _read_contract(body, players, active, min_bid)
    meld = (
        # Units mode has no meld table option: a list of meld ids is valued with the standard one.
        read_meld(body["meld"], "meld", STANDARD_MELDS, all_at_once=True, limit=MELD_LIMIT)
        if _given(body, "meld")
        else None
    )
    tricks = _read_bidder_tricks(body["tricks"]) if _given(body, "tricks") else None
    if outcome == CONCEDED:
        if tricks:
            raise RuleError("tricks", "a conceded hand is not played: no tricks", code="conflict")
        if meld is not None and meld >= contract.bid:
            # His meld alone makes the bid (it always counts, docs/rules.md §2): nothing to concede.
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
    if meld is None or tricks is None:
        missing, other = ("meld", "tricks") if meld is None else ("tricks", "meld")
        raise RuleError(
            missing, "is required with the bidder's {other}", code="required", other=other
        )
    reached = meld + tricks
    derived = MADE if reached >= contract.bid else SET
    if outcome is not None and outcome != derived:
        raise _conflict(outcome, contract.bid, reached)
    return UnitsHand(derived, contract, meld, tricks)


def _read_bidder_tricks(value: object) -> int:
    """The bidder's trick points in units, where cards count ``classic`` (250 a hand, the last
    trick included): 0 to 250, and never 1 or 249, which no split of the cards gives
    (docs/rules.md §5: the no-1-point rule applies to the bidder's single ``tricks`` too)."""
    return check_trick_points(value, COUNTINGS["classic"], "tricks")


def _read_thrown_in(
    body: Mapping[str, Any],
    players: Sequence[str],
    active: Sequence[str],
    options: Mapping[str, Any],
) -> UnitsHand:
    """A hand thrown in before the bidder looked at the widow (docs/rules.md §2; Hoyle/Scarne:
    "if the contract is 300, the bidder may choose to throw in his hand without examining the
    widow, in which case he must only pay the kitty"): only with a kitty and at the minimum
    bid; the bidder and his bid, no trump (none was named), no meld and no tricks."""
    if not options.get("kitty", True):
        raise RuleError(
            "outcome",
            "a hand is thrown in to the kitty: this match keeps no kitty",
            code="needs_kitty",
        )
    for key, why in (
        ("trump", N_("a hand thrown in before the widow names no trump")),
        ("meld", N_("a hand thrown in before the widow is not melded")),
        ("tricks", N_("a hand thrown in before the widow is not played: no tricks")),
    ):
        if _given(body, key):
            raise RuleError(key, why, code="not_with_thrown_in")
    min_bid = int(options["min_bid"])
    contract = _read_contract(body, players, active, min_bid, trump_named=False)
    if contract.bid != min_bid:
        raise RuleError(
            "bid",
            "a hand is thrown in only at the minimum bid of {min_bid}, not {bid}",
            code="not_minimum",
            min_bid=min_bid,
            bid=contract.bid,
        )
    return UnitsHand(THROWN_IN, contract)


@dataclass(frozen=True)
class PointsHand:
    """A hand of auction with ``scoring: points`` as the rules read it."""

    outcome: str
    contract: Contract | None = None
    #: Points per player of the match (0 for the dealt-out ones and on an all pass).
    scores: Mapping[str, int] | None = None
    notes: tuple[Note, ...] = ()
    #: Every active player's meld as entered (none on an all pass).
    meld: Mapping[str, int] | None = None
    #: Every active player's trick points in a played hand (none unless played).
    tricks: Mapping[str, int] | None = None


def read_points_hand(
    entry: object, players: Sequence[str], active: Sequence[str], options: Mapping[str, Any]
) -> PointsHand:
    """Read and score a hand of auction kept in points (docs/rules.md §2, last paragraph).

    ``meld`` and ``tricks`` are objects over the active players (``took_trick`` optional,
    default: trick points > 0). Made (bidder's meld + tricks >= bid): he scores meld + tricks
    (``bidder_scores: taken``) or his bid (``bid``, Parlett); set or conceded: minus the bid.
    An opponent scores his meld if he won a trick, plus his tricks; on a concession, which is
    not played, his meld only (``tricks`` left out or all 0). ``thrown_in`` is no outcome here
    (docs/rules.md §4: it exists only in units with a kitty).
    ``outcome`` is optional: ``conceded`` or ``all_pass`` must be said; ``made``/``set`` may be,
    and must then agree with the numbers.
    """
    body = as_object(entry, "_")
    check_keys(body, ("bidder", "bid", "trump", "outcome", "meld", "tricks", "took_trick"))
    if body.get("outcome") == THROWN_IN:
        raise RuleError(
            "outcome",
            "a hand is thrown in before the widow only in a match kept in units with a kitty",
            code="units_only",
        )
    outcome = as_choice(body["outcome"], "outcome", OUTCOMES) if _given(body, "outcome") else None
    if outcome == ALL_PASS:
        _refuse_with_all_pass(body, ("bidder", "bid", "trump", "meld", "tricks", "took_trick"))
        return PointsHand(
            ALL_PASS, None, dict.fromkeys(players, 0), (note("all passed: the hand is thrown in"),)
        )
    contract = _read_contract(body, players, active, options["min_bid"])
    sides = tuple(active)
    if not _given(body, "meld"):
        raise RuleError("meld", "is required", code="required")
    meld = read_melds(body["meld"], "meld", sides, options, all_at_once=True)
    if outcome == CONCEDED:
        hand = _conceded_in_points(body, players, sides, contract, meld, counting_of(options))
    else:
        hand = _played_in_points(
            body,
            players,
            sides,
            contract,
            meld,
            outcome,
            counting_of(options),
            scores_bid=options.get("bidder_scores", BIDDER_TAKEN) == BIDDER_BID,
        )
    return replace(hand, meld=meld)


def _conceded_in_points(
    body: Mapping[str, Any],
    players: Sequence[str],
    sides: tuple[str, ...],
    contract: Contract,
    meld: Mapping[str, int],
    counting: Counting,
) -> PointsHand:
    """A conceded hand was not played: the bidder loses his bid, the others score their meld."""
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
    scores = dict.fromkeys(players, 0)
    for side in sides:
        scores[side] = -contract.bid if side == contract.bidder else meld[side]
    return PointsHand(
        CONCEDED, contract, scores, (note("{bidder} conceded", bidder=contract.bidder),)
    )


def _played_in_points(
    body: Mapping[str, Any],
    players: Sequence[str],
    sides: tuple[str, ...],
    contract: Contract,
    meld: Mapping[str, int],
    outcome: str | None,
    counting: Counting,
    *,
    scores_bid: bool = False,
) -> PointsHand:
    """A played hand: the bidder made or was set; the others score meld (with a trick) + tricks.
    A bidder who made it scores his meld + tricks, or with ``scores_bid`` his bid."""
    if not _given(body, "tricks"):
        raise RuleError("tricks", "is required", code="required")
    tricks = read_tricks(body["tricks"], "tricks", sides, counting, complete=True)
    took = read_took_trick(body.get("took_trick"), "took_trick", sides, tricks)
    reached = meld[contract.bidder] + tricks[contract.bidder]
    derived = MADE if reached >= contract.bid else SET
    if outcome is not None and outcome != derived:
        raise _conflict(outcome, contract.bid, reached)
    scores = dict.fromkeys(players, 0)
    notes = [_outcome_note(derived, contract, reached=reached)]
    for side in sides:
        if side == contract.bidder:
            # His meld always counts toward the bid: his buried cards are his (docs/rules.md §2).
            if derived == MADE:
                scores[side] = contract.bid if scores_bid else reached
            else:
                scores[side] = -contract.bid
        else:
            scores[side] = (meld[side] if took[side] else 0) + tricks[side]
            if meld[side] and not took[side]:
                notes.append(note("{side}: meld lost, no trick", side=side))
    return PointsHand(derived, contract, scores, tuple(notes), tricks=dict(tricks))


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
    assert contract.trump is not None  # only a hand thrown in names none (UnitsHand.notes)
    return note(
        _IN_TRUMP[outcome], bidder=contract.bidder, bid=contract.bid, trump=contract.trump.word
    )
