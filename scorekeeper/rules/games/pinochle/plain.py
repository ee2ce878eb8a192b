"""What two-, three- and four-handed pinochle share (docs/rules.md §2, §4): the base form
:class:`PlainPinochle` (its options, its layout, a hand's summary and meld-typo check) and
:class:`Race`, the replay of its matches: scores per side, the target and its tie rule,
declaring out and the play-on for second place.

The three forms themselves are in :mod:`.plain_forms`; reading one of their hands is
:mod:`.plain_hand`'s.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from ...core.facts import HandFacts, Meld, Tricks, listed_ids, plain_summary
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
from ...core.options import DIRECTION_OPTION, OptionSpec, resolve_options
from ...core.runner import Runner
from ...core.text import N_, Note, note
from ..registry import PINOCHLE, Variant
from ..table import Entry, Layout, Tool, members_of, seated, sides_of
from .form_parts import check_meld_typos, option_map
from .hand_games import (
    GAME_OPTION,
    HAND_SPECS,
    POINTS_ONLY,
    check_hand_count,
    counts_hands,
    hand_winners,
    match_winner,
    refuse_race_options,
)
from .melds import (
    COUNTING_OPTION,
    LAST_TRICK_OPTION,
    MELDS_OPTION,
    PINOCHLE_MELDS,
    TIE_RULE_OPTION,
    counting_of,
    meld_values,
    pinochle_defaults,
    target_option,
)
from .plain_hand import meld_by_player, needs_new_cards, read_plain_hand

#: Seed 004's renege in two-handed play (option ``renege``): the reneger's every point of the
#: game lost, or (a house reading) his points of that hand.
RENEGE_GAME, RENEGE_HAND = "game", "hand"


class PlainPinochle(Variant):
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
        """``counting``, ``last_trick``, ``melds``, the form's meld options, ``game``, then
        ``target`` (1000) and ``tie_rule``, or under ``game: hands`` the options of
        :mod:`.hand_games`, the form's own options and ``direction`` (docs/rules.md §4)."""
        specs = [
            COUNTING_OPTION,
            LAST_TRICK_OPTION,
            MELDS_OPTION,
            *self._meld_specs(),
            GAME_OPTION,
            target_option(1000),
            TIE_RULE_OPTION,
            *self._extra_specs(given),
            DIRECTION_OPTION,
        ]
        if not counts_hands(given):
            return specs
        # docs/rules.md §2 "Each hand as a game": no race to a target in points.
        kept = [spec for spec in specs if spec.name not in POINTS_ONLY]
        at = kept.index(GAME_OPTION) + 1
        return [*kept[:at], *HAND_SPECS, *kept[at:]]

    def resolve_options(self, given: object) -> dict[str, Any]:
        """The options with their defaults; under ``simple`` the default target is 100; a race
        option given with ``game: hands`` is refused by its name."""
        given_map = option_map(given)
        refuse_race_options(given_map)
        resolved = resolve_options(self.option_specs(given_map), given)
        check_hand_count(resolved)
        return pinochle_defaults(resolved, given_map)

    def layout(self, setup: Setup, active: Sequence[str] = ()) -> Layout:
        """Every side dealt in types its meld and trick points; meld needs a trick only where
        everybody melds before play."""
        players, sitting_out = seated(setup, active)
        sides = sides_of(setup, players)
        by_player = meld_by_player(setup)
        return Layout(
            Entry.MELD_AND_TRICKS,
            sides,
            players,
            sitting_out,
            trick_total=counting_of(setup.options).total,
            took_trick_matters=self.all_at_once,
            declare_out=bool(setup.options.get("declare_out", False)),
            renege="renege" in setup.options and len(players) == 2,
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
            counts_hands=counts_hands(setup.options),
            hands_goal=setup.options.get("hands_won"),
            hands_limit=setup.options.get("hands"),
        )

    def describe(self, entry: Mapping[str, Any]) -> HandFacts:
        """A declaration out (:func:`~scorekeeper.rules.core.facts.plain_summary`)."""
        return HandFacts(summary=plain_summary(entry))

    check_typed = check_meld_typos

    def runner(self, setup: Setup) -> Runner:
        """Scores per side, the target and its tie rule, declaring out and (three-handed) the
        play-on for second place."""
        return Race(self, setup)


class Race(Runner):
    """One replay of a plain pinochle match; sides leave the race as they place."""

    def __init__(self, form: PlainPinochle, setup: Setup) -> None:
        self.form = form
        self.setup = setup
        self.options = setup.options
        counting = counting_of(self.options)
        #: The target rises by 250 (25 under ``simple``, docs/rules.md §5).
        self.step = TARGET_STEP // counting.divisor
        #: Seed 000's "each hand as a game" (option ``game``): the totals are hands won, and
        #: there is no target (docs/rules.md §2 "Each hand as a game").
        self.by_hands = counts_hands(self.options)
        self.target: int = self.options.get("target", 0)
        self.tie_rule: str = self.options.get("tie_rule", "raise")
        self.play_on: bool = bool(self.options.get("play_on", False))
        self.declare_out: bool = bool(self.options.get("declare_out", False))
        #: Seed 004's renege (two-handed play): ``game`` or ``hand``; None where the match has
        #: no such rule (a match stored before it, the forms without it).
        self.renege: str | None = self.options.get("renege")
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

    def reneged(self, side: str, scores: dict[str, int], notes: list[Note]) -> None:
        """Seed 004: once the stock is gone the second player must take the trick if he can;
        "неисполнение считается ренонсом, и игрок теряет все заработанные в данной партии
        очки" (failing to is a renege, and the player loses all the points he earned in this
        game): his total goes to 0 (``renege: game``), or, the house reading, he scores
        nothing for this hand (``renege: hand``; docs/rules.md §2 ``pinochle-2``)."""
        if self.renege == RENEGE_HAND:
            scores[side] = 0
            notes.append(note("{side} reneged: no points this hand", side=side))
        else:
            scores[side] = -self.totals[side]
            notes.append(note("{side} reneged: every point of the game is lost", side=side))

    # -- one hand -----------------------------------------------------------------------------

    def race(
        self,
        sides: tuple[str, ...],
        two_handed: bool,
        scores: dict[str, int],
        declarer: str | None,
        reneger: str | None,
        notes: list[Note],
    ) -> None:
        """Add a hand's ``scores`` to the totals in the race to the target: a declaration out,
        right or wrong, and a renege first, then the target rule (docs/rules.md §2)."""
        right_claim = False
        if declarer is not None:
            right_claim = self.totals[declarer] + scores[declarer] >= self.target
            if not right_claim and not two_handed:
                # Seed 004: a wrong claim in three-handed play scores nothing; play goes on.
                notes.append(
                    note("{side} declared out wrongly and scores nothing this hand", side=declarer)
                )
                scores[declarer] = 0
        if reneger is not None:
            self.reneged(reneger, scores, notes)
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

    def count_hand(
        self, number: int, points: dict[str, int], reneger: str | None, notes: list[Note]
    ) -> None:
        """Seed 000's "each hand as a game": the hand's highest score wins it (a tie per
        ``hand_tie``); a reneger scores no points in it and, under ``renege: game``, loses
        the hands he had won; then the match's end (docs/rules.md §2 "Each hand as a game").
        ``points`` become the hands won in this hand (1 to a winner, else 0)."""
        if reneger is not None:
            points[reneger] = 0
        winners, line = hand_winners(points, self.options["hand_tie"])
        notes.append(line)
        points.update({side: int(side in winners) for side in points})
        if reneger is not None:
            self.reneged(reneger, points, notes)
        for side, won in points.items():
            self.totals[side] += won
        winner = match_winner(self.totals, number, self.options, notes)
        if winner is not None:
            self.place(winner, notes, N_("{side} wins the match"))

    def hand(self, number: int, raw: Mapping[str, Any]) -> HandResult:
        """Read and score hand ``number``, then apply declaring out and the target rule."""
        sides = tuple(self.racing)
        two_handed = self.two_handed
        # Meld is declared after winning a trick in two-handed play, all at once otherwise.
        all_at_once = self.form.all_at_once and not two_handed
        entry = read_plain_hand(
            raw,
            self.setup,
            sides,
            all_at_once=all_at_once,
            # docs/rules.md §1, §5: meld_reuse applies to two-handed play only.
            new_cards=two_handed and needs_new_cards(self.options),
            declare_out=self.declare_out,
            renege=two_handed and self.renege is not None,
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
        active = self.active_players()
        if self.by_hands:
            self.count_hand(number, scores, entry.renege, notes)
        else:
            self.race(sides, two_handed, scores, entry.declared_out, entry.renege, notes)
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
            target=None if self.by_hands else self.target,
            extra=extra,
        )
