"""The pinochle forms kept by points: two-, three- and four-handed, and partnership auction.

Each form is a :class:`~scorekeeper.rules.games.registry.Variant` (docs/rules.md §2, §4) that
replays a match's hands as docs/api.md writes them. The meld tables, counting systems and readers
they share are in :mod:`scorekeeper.rules.games.pinochle.melds`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from ...core.cards import Suit
from ...core.errors import RuleError, join_path
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
    plain_summary,
)
from ...core.match import (
    FINISHED,
    IN_PROGRESS,
    TARGET_STEP,
    HandResult,
    MatchState,
    Setup,
    check_target,
    player_left_of,
    raised_target,
    standings_by_total,
)
from ...core.options import (
    BIDDING_GROUP,
    DIRECTION_OPTION,
    PLAY_GROUP,
    SCORING_GROUP,
    OptionSpec,
    boolean,
    choice,
    integer,
    resolve_options,
)
from ...core.readers import (
    as_bool,
    as_choice,
    as_int,
    as_object,
    as_side,
    as_str,
    check_keys,
    side_map,
)
from ...core.runner import Runner
from ...core.text import N_, Note, note
from ..registry import PINOCHLE, Variant, register
from ..table import BID_WORDS, Entry, Layout, Tool, members_of, seated, sides_of
from .melds import (
    AUCTION_COUNTING_OPTION,
    BID_STEP,
    COUNTING_OPTION,
    EXTEND,
    LAST_TRICK_OPTION,
    LOWEST_MIN_BID,
    MAX_BID,
    MELD_REUSE_OPTION,
    MELDS_OPTION,
    NEW_CARDS,
    PARTNERSHIP_LOWEST_MIN_BID,
    PINOCHLE_MELDS,
    TIE_RULE_OPTION,
    check_meld_figures,
    counting_of,
    meld_values,
    pinochle_defaults,
    read_melds,
    read_melds_by_player,
    read_took_trick,
    read_tricks,
    target_option,
)

#: Two- and three-handed play (docs/rules.md §2, seed 004): a player may stop the hand and claim
#: the game.
DECLARE_OUT_OPTION = OptionSpec(
    "declare_out",
    True,
    boolean(),
    "A player may stop the hand and claim the game (declare out)",
    group=PLAY_GROUP,
)

#: ``saving_trick`` (``pinochle-4`` with partners, docs/rules.md §1): a side's trick saves both
#: partners' meld (Bicycle), or each player's meld needs his own trick (seed 004).
SIDE = "side"
PLAYER = "player"
SAVING_TRICK_OPTION = OptionSpec(
    "saving_trick",
    SIDE,
    choice(SIDE, PLAYER),
    "Meld counts when the partners took a trick, or only for a player who took one himself",
    group=SCORING_GROUP,
)


def _new_cards(options: Mapping[str, Any]) -> bool:
    """Whether a double meld needs new cards in two-handed play (``meld_reuse``,
    docs/rules.md §1). A match stored without the option predates it: it melds as before
    (``extend``)."""
    return bool(options.get("meld_reuse", EXTEND) == NEW_CARDS)


def _meld_by_player(setup: Setup) -> bool:
    """Whether meld and "took a trick" are entered per player (``saving_trick: player``)."""
    return bool(setup.teams) and setup.options.get("saving_trick", SIDE) == PLAYER


def _option_map(given: object) -> Mapping[str, Any]:
    return given if isinstance(given, Mapping) else {}


# ---------------------------------------------------------------------------------------------
# Two-, three- and four-handed pinochle


@dataclass(frozen=True)
class _PlainHand:
    """A hand of the plain forms as read: meld and whether a trick was taken per holder (a
    side, or a player under ``saving_trick: player``), tricks per side."""

    meld: dict[str, int]
    tricks: dict[str, int]
    took_trick: dict[str, bool]
    declared_out: str | None


def _read_plain_hand(
    raw: object,
    setup: Setup,
    sides: tuple[str, ...],
    *,
    all_at_once: bool,
    new_cards: bool,
    declare_out: bool,
) -> _PlainHand:
    """Read a ``pinochle-2/3/4`` hand body (docs/api.md): ``meld``, ``tricks``, optional
    ``took_trick`` and ``declared_out``; meld and ``took_trick`` keyed by player under
    ``saving_trick: player`` (docs/rules.md §1)."""
    options = setup.options
    entry = as_object(raw, "")
    check_keys(entry, ("meld", "tricks", "took_trick", "declared_out"), required=("meld", "tricks"))
    declarer: str | None = None
    if entry.get("declared_out") is not None:
        if not declare_out:
            raise RuleError(
                "declared_out", "declaring out is not played in this match", code="not_allowed"
            )
        declarer = as_side(entry["declared_out"], "declared_out", sides)
    if _meld_by_player(setup):
        teams = {team.name: team.players for team in setup.teams}
        meld = read_melds_by_player(entry["meld"], "meld", teams, options)
    else:
        meld = read_melds(
            entry["meld"], "meld", sides, options, all_at_once=all_at_once, new_cards=new_cards
        )
    # A hand stopped by declaring out has not dealt out all its trick points (docs/api.md).
    tricks = read_tricks(
        entry["tricks"], "tricks", sides, counting_of(options), complete=declarer is None
    )
    if _meld_by_player(setup):
        took = _read_took_trick_by_player(entry.get("took_trick"), setup, tricks, meld)
    else:
        took = read_took_trick(entry.get("took_trick"), "took_trick", sides, tricks)
    return _PlainHand(meld, tricks, took, declarer)


def _read_took_trick_by_player(
    value: object, setup: Setup, tricks: Mapping[str, int], meld: Mapping[str, int]
) -> dict[str, bool]:
    """``took_trick`` keyed by player (``saving_trick: player``, docs/rules.md §1, §5): it must
    name every player whose meld is not 0; a side with trick points cannot have both players
    take no trick. A player left out has no meld to save (``False``)."""
    path = "took_trick"
    mapping: Mapping[str, Any] = (
        {} if value is None else side_map(value, path, setup.players, required=False)
    )
    took: dict[str, bool] = {}
    for team in setup.teams:
        for player in team.players:
            player_path = join_path(path, player)
            if player in mapping:
                took[player] = as_bool(mapping[player], player_path)
            elif meld[player]:
                raise RuleError(
                    player_path,
                    "is required: say whether {player} took a trick, to save his meld",
                    code="required",
                    player=player,
                )
            else:
                took[player] = False
        given = [player for player in team.players if player in mapping]
        if (
            tricks[team.name] > 0
            and len(given) == len(team.players)
            and not any(took[player] for player in given)
        ):
            raise RuleError(
                join_path(path, given[-1]),
                "cannot be false for both partners: {side} has {points} trick points",
                code="inconsistent",
                side=team.name,
                points=tricks[team.name],
            )
    return took


class _PlainPinochle(Variant):
    """What two-, three- and four-handed pinochle share: every side enters meld and tricks, the
    game goes to a target, and a player may declare himself out where the form allows it."""

    family = PINOCHLE

    #: Whether everybody melds before play, so that meld needs a trick to count (docs/rules.md §1).
    all_at_once: ClassVar[bool] = True

    def _extra_specs(self, given: Mapping[str, Any]) -> list[OptionSpec]:
        return []

    def _meld_specs(self) -> list[OptionSpec]:
        """The options after ``melds`` (``meld_reuse`` where two-handed play happens)."""
        return []

    def option_specs(self, given: Mapping[str, Any]) -> Sequence[OptionSpec]:
        """``counting``, ``last_trick``, ``melds``, the form's meld options, ``target`` (1000),
        ``tie_rule``, the form's own options and ``direction`` (docs/rules.md §4)."""
        return [
            COUNTING_OPTION,
            LAST_TRICK_OPTION,
            MELDS_OPTION,
            *self._meld_specs(),
            target_option(1000),
            TIE_RULE_OPTION,
            *self._extra_specs(given),
            DIRECTION_OPTION,
        ]

    def resolve_options(self, given: object) -> dict[str, Any]:
        """The options with their defaults; under ``simple`` the default target is 100."""
        resolved = resolve_options(self.option_specs(_option_map(given)), given)
        return pinochle_defaults(resolved, _option_map(given))

    def layout(self, setup: Setup, active: Sequence[str] = ()) -> Layout:
        """Every side dealt in types its meld and trick points; meld needs a trick only where
        everybody melds before play."""
        players, sitting_out = seated(setup, active)
        sides = sides_of(setup, players)
        by_player = _meld_by_player(setup)
        return Layout(
            Entry.MELD_AND_TRICKS,
            sides,
            players,
            sitting_out,
            trick_total=counting_of(setup.options).total,
            took_trick_matters=self.all_at_once,
            declare_out=bool(setup.options.get("declare_out", False)),
            meld_lists=True,
            meld_by_player=by_player,
            side_players=(
                tuple(tuple(p for p in players if setup.side_of(p) == side) for side in sides)
                if by_player
                else ()
            ),
            direction=setup.direction,
            tool=Tool.PINOCHLE_MELD,
            members=members_of(setup, sides),
            meld_values=meld_values(setup.options),
            melds=PINOCHLE_MELDS,
        )

    def describe(self, entry: Mapping[str, Any]) -> HandFacts:
        """A declaration out (:func:`~scorekeeper.rules.core.facts.plain_summary`)."""
        return HandFacts(summary=plain_summary(entry))

    def check_typed(self, setup: Setup, entry: Mapping[str, Any]) -> None:
        """A meld typed as a number is a multiple of 10 when every meld is (docs/rules.md §1
        "Meld typos"; a hand added or corrected, never a stored one)."""
        check_meld_figures(entry, setup.options)

    def runner(self, setup: Setup) -> Runner:
        """Scores per side, the target and its tie rule, declaring out and (three-handed) the
        play-on for second place."""
        return _Race(self, setup)


class _Race(Runner):
    """One replay of a plain pinochle match; sides leave the race as they place."""

    def __init__(self, form: _PlainPinochle, setup: Setup) -> None:
        self.form = form
        self.setup = setup
        self.options = setup.options
        counting = counting_of(self.options)
        #: The target rises by 250 (25 under ``simple``, docs/rules.md §5).
        self.step = TARGET_STEP // counting.divisor
        self.target: int = self.options["target"]
        self.tie_rule: str = self.options.get("tie_rule", "raise")
        self.play_on: bool = bool(self.options.get("play_on", False))
        self.declare_out: bool = bool(self.options.get("declare_out", False))
        self.totals: dict[str, int] = dict.fromkeys(setup.sides, 0)
        #: Sides in the order they placed (first, second ...).
        self.placed: list[str] = []
        #: Sides still playing.
        self.racing: list[str] = list(setup.sides)
        self.over = False
        self.dealer = setup.first_dealer or setup.players[0]

    # -- helpers ------------------------------------------------------------------------------

    @property
    def two_handed(self) -> bool:
        """Two sides play: ``pinochle-2``, or the play-on of ``pinochle-3`` (docs/rules.md §5:
        "pinochle-2 in every rule")."""
        return len(self.racing) == 2 and len(self.setup.players) <= 3

    def active_players(self) -> tuple[str, ...]:
        """The players dealt in: those whose side is still racing."""
        return tuple(p for p in self.setup.players if self.setup.side_of(p) in self.racing)

    def place(self, side: str, notes: list[Note], why: str) -> None:
        """``side`` takes the next place; the match ends unless play goes on for second.

        ``why`` is the note's template, with ``{side}`` for the side."""
        self.placed.append(side)
        self.racing.remove(side)
        notes.append(note(why, side=side))
        first_of_three = len(self.placed) == 1 and len(self.setup.sides) == 3
        if first_of_three and self.play_on and len(self.racing) >= 2:
            return
        self.over = True

    def check(self, notes: list[Note]) -> None:
        """The target rule among the sides still racing (docs/rules.md §2)."""
        while not self.over and len(self.racing) >= 2:
            before = self.target
            winner, self.target = check_target(
                self.totals,
                self.target,
                tie_rule=self.tie_rule,
                step=self.step,
                contenders=self.racing,
            )
            if self.target != before:
                notes.append(raised_target(before, self.target))
            if winner is None:
                return
            why = N_("{side} reaches the target") if not self.placed else N_("{side} is second")
            self.place(winner, notes, why)

    # -- one hand -----------------------------------------------------------------------------

    def hand(self, number: int, raw: Mapping[str, Any]) -> HandResult:
        """Read and score hand ``number``, then apply declaring out and the target rule."""
        sides = tuple(self.racing)
        two_handed = self.two_handed
        # Meld is declared after winning a trick in two-handed play, all at once otherwise.
        all_at_once = self.form.all_at_once and not two_handed
        entry = _read_plain_hand(
            raw,
            self.setup,
            sides,
            all_at_once=all_at_once,
            # docs/rules.md §1, §5: meld_reuse applies to two-handed play only.
            new_cards=two_handed and _new_cards(self.options),
            declare_out=self.declare_out,
        )
        notes: list[Note] = []
        scores: dict[str, int] = dict(entry.tricks)
        # A holder is a side, or a player under saving_trick: player (his side scores his meld).
        for holder, meld in entry.meld.items():
            if all_at_once and meld and not entry.took_trick[holder]:
                # docs/rules.md §1: meld must be saved by a trick (not in two-handed play).
                notes.append(note("{side}: meld lost, no trick", side=holder))
                meld = 0
            scores[self.setup.side_of(holder)] += meld
        declarer = entry.declared_out
        right_claim = False
        if declarer is not None:
            right_claim = self.totals[declarer] + scores[declarer] >= self.target
            if not right_claim and not two_handed:
                # Seed 004: a wrong claim in three-handed play scores nothing; play goes on.
                notes.append(
                    note("{side} declared out wrongly and scores nothing this hand", side=declarer)
                )
                scores[declarer] = 0
        active = self.active_players()
        for side in sides:
            self.totals[side] += scores[side]
        if declarer is not None and right_claim:
            self.place(declarer, notes, N_("{side} declared out and reaches the target"))
            self.check(notes)
        elif declarer is not None and two_handed:
            # Seed 004, Britannica: a wrong claim loses the game; the opponent wins.
            other = next(side for side in sides if side != declarer)
            notes.append(note("{side} declared out wrongly and loses", side=declarer))
            # Two sides: the place taken ends the game (or the play-on for second).
            self.place(other, notes, N_("{side} wins: the opponent declared out wrongly"))
        else:
            self.check(notes)
        dealer = self.dealer
        # The deal passes in the match's direction (docs/rules.md §5), skipping a winner who
        # left while two play on (docs/rules.md §2).
        rotation = self.setup.rotation
        if self.racing and not self.over:
            self.dealer = player_left_of(rotation, dealer, self.active_players())
        else:
            self.dealer = player_left_of(rotation, dealer)
        # The meld as declared, kept or lost (docs/records.md "Meld").
        facts = HandFacts(
            meld=tuple(
                Meld(holder, points, listed_ids(raw["meld"][holder]))
                for holder, points in entry.meld.items()
            ),
            tricks=tuple(Tricks(side, points) for side, points in entry.tricks.items()),
            summary=plain_summary(raw),
        )
        return HandResult(number, dealer, raw, scores, None, active, tuple(notes), facts)

    # -- the match ----------------------------------------------------------------------------

    def state(self, results: tuple[HandResult, ...]) -> MatchState:
        """The match as it stands after ``results``."""
        rest = standings_by_total(self.racing, self.totals)
        standings = (*self.placed, *rest)
        extra: dict[str, Any] = {}
        if len(self.setup.sides) == 3 and self.placed:
            if len(self.placed) > 1:
                extra["second"] = self.placed[1]
                # The last of the play-on is third (issue 26: the board names every place).
                extra["third"] = standings[2]
            elif not self.over:
                extra["playing_on"] = list(self.racing)
        next_active = self.active_players() if not self.over else self.setup.players
        return MatchState(
            sides=self.setup.sides,
            hands=results,
            totals=dict(self.totals),
            status=FINISHED if self.over else IN_PROGRESS,
            winner=self.placed[0] if self.placed else None,
            standings=standings,
            dealer=self.dealer,
            leader=player_left_of(self.setup.rotation, self.dealer, next_active),
            active=tuple(next_active),
            target=self.target,
            extra=extra,
        )


class _Partnership(Runner):
    """One replay of a partnership auction match."""

    def __init__(self, form: PartnershipAuction, setup: Setup) -> None:
        self.form = form
        self.setup = setup
        #: The target rises by 250 (25 under ``simple``, docs/rules.md §5).
        self.step = TARGET_STEP // counting_of(setup.options).divisor
        self.target: int = setup.options["target"]
        self.totals = dict.fromkeys(setup.sides, 0)
        self.winner: str | None = None

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
        return HandResult(
            number,
            self.setup.dealer_of(number),
            raw,
            scores,
            None,
            self.setup.players,
            tuple(notes),
            facts,
        )

    def state(self, results: tuple[HandResult, ...]) -> MatchState:
        """The match as it stands after ``results``."""
        setup, winner = self.setup, self.winner
        dealer = setup.dealer_of(len(results) + 1)
        rest = [side for side in standings_by_total(setup.sides, self.totals) if side != winner]
        return MatchState(
            sides=setup.sides,
            hands=results,
            totals=dict(self.totals),
            status=FINISHED if winner is not None else IN_PROGRESS,
            winner=winner,
            standings=((winner,) if winner else ()) + tuple(rest),
            dealer=dealer,
            leader=player_left_of(setup.rotation, dealer),
            active=setup.players,
            target=self.target,
        )


@register
class TwoHanded(_PlainPinochle):
    """Two-handed pinochle with stock (seeds 000, 002, 004)."""

    id = "pinochle-2"
    rank = 10
    title = N_("Pinochle for two")
    description = N_("Two players, 12 cards each and a stock; meld after winning a trick.")
    player_counts = (2,)
    all_at_once = False

    def _meld_specs(self) -> list[OptionSpec]:
        return [MELD_REUSE_OPTION]

    def _extra_specs(self, given: Mapping[str, Any]) -> list[OptionSpec]:
        return [
            DECLARE_OUT_OPTION,
            OptionSpec(
                "trump_by_first_marriage",
                False,
                boolean(),
                "No card is turned for trump: the first marriage melded names it",
                group=PLAY_GROUP,
            ),
        ]


@register
class ThreeHanded(_PlainPinochle):
    """Three-handed cutthroat pinochle (seeds 000, 004)."""

    id = "pinochle-3"
    rank = 20
    title = N_("Pinochle for three")
    description = N_("Three players, 16 cards each, every man for himself; meld needs a trick.")
    player_counts = (3,)

    def _meld_specs(self) -> list[OptionSpec]:
        # docs/rules.md §4, §5: for the play-on hands, which are two-handed pinochle.
        return [MELD_REUSE_OPTION]

    def _extra_specs(self, given: Mapping[str, Any]) -> list[OptionSpec]:
        return [
            DECLARE_OUT_OPTION,
            OptionSpec(
                "play_on",
                True,
                boolean(),
                "After the winner leaves, the other two play on for second place",
                group=PLAY_GROUP,
            ),
        ]


@register
class FourHanded(_PlainPinochle):
    """Four-handed pinochle, in partnerships by default (seeds 000, 004)."""

    id = "pinochle-4"
    rank = 30
    title = N_("Pinochle for four")
    description = N_("Four players, 12 cards each, partners opposite; meld needs a trick.")
    player_counts = (4,)

    def _extra_specs(self, given: Mapping[str, Any]) -> list[OptionSpec]:
        specs = [
            OptionSpec(
                "partnerships",
                True,
                boolean(),
                "Partners sit opposite and share a score (off: each plays for himself)",
                group=PLAY_GROUP,
            )
        ]
        if given.get("partnerships", True) is not False:
            specs.append(SAVING_TRICK_OPTION)
        return specs

    def resolve_options(self, given: object) -> dict[str, Any]:
        """As every plain form; ``saving_trick`` exists only with partners (docs/rules.md §4)."""
        given_map = _option_map(given)
        if "saving_trick" in given_map and given_map.get("partnerships", True) is False:
            raise RuleError(
                "rules.saving_trick",
                "is played only with partners (partnerships: true)",
                code="not_allowed",
            )
        return super().resolve_options(given)

    def partnerships(self, options: Mapping[str, Any], player_count: int) -> bool:
        """Two teams unless the table plays each for himself."""
        return bool(options.get("partnerships", True))


# ---------------------------------------------------------------------------------------------
# Partnership auction (Bicycle)


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
        resolved = resolve_options(self.option_specs(_option_map(given)), given)
        return pinochle_defaults(resolved, _option_map(given))

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

    def check_typed(self, setup: Setup, entry: Mapping[str, Any]) -> None:
        """A meld typed as a number is a multiple of 10 when every meld is (docs/rules.md §1
        "Meld typos"; a hand added or corrected, never a stored one)."""
        check_meld_figures(entry, setup.options)

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
        bidder = as_side(entry["bidder"], "bidder", setup.players)
        bid = as_int(entry["bid"], "bid", low=options["min_bid"], high=MAX_BID)
        if bid % BID_STEP:
            # Bids go up in tens (Bicycle).
            raise RuleError(
                "bid", "must be a multiple of {step}", code="not_multiple", step=BID_STEP
            )
        trump = None
        if "trump" in entry:
            trump = Suit.from_word(as_str(entry["trump"], "trump"), "trump").word
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
            _check_no_play(entry, sides)
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


def _check_no_play(entry: Mapping[str, Any], sides: tuple[str, ...]) -> None:
    """A conceded hand is not played: ``tricks`` may be left out or all 0 (docs/api.md)."""
    if "tricks" in entry:
        tricks = side_map(entry["tricks"], "tricks", sides, required=False)
        for side, points in tricks.items():
            if as_int(points, join_path("tricks", side), low=0):
                raise RuleError(
                    join_path("tricks", side),
                    "must be 0: no trick is played in a conceded hand",
                    code="inconsistent",
                )
    if "took_trick" in entry:
        took = side_map(entry["took_trick"], "took_trick", sides, required=False)
        for side, value in took.items():
            if as_bool(value, join_path("took_trick", side)):
                raise RuleError(
                    join_path("took_trick", side),
                    "no trick is played in a conceded hand",
                    code="inconsistent",
                )
