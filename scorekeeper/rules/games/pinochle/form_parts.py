"""What the pinochle forms' methods share beyond the meld tables (:mod:`.melds`): the options as
given, read as a mapping, the meld-typo check of a hand typed now
(docs/rules.md §1 "Meld typos"), which every form that enters pinochle meld uses as its
``check_typed`` (the plain forms, partnership auction, and auction pinochle in
:mod:`scorekeeper.rules.games.auction.form`), and what the two partnership forms (partnership
auction, double-deck) share: the contract's reading, the check of a hand not played, and the
replay of two teams racing to a target.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ...core.cards import Suit
from ...core.errors import RuleError, join_path
from ...core.facts import HandFacts
from ...core.match import (
    FINISHED,
    IN_PROGRESS,
    HandResult,
    MatchState,
    Setup,
    player_left_of,
    standings_by_total,
)
from ...core.readers import as_bool, as_int, as_side, as_str, side_map
from ...core.runner import Runner
from ...core.text import Note
from ..registry import Variant
from .melds import check_meld_figures


def option_map(given: object) -> Mapping[str, Any]:
    """The options as given when they are a mapping; anything else reads as none given (its
    refusal is :func:`~scorekeeper.rules.core.options.resolve_options`'s)."""
    return given if isinstance(given, Mapping) else {}


def read_bid(
    entry: Mapping[str, Any], setup: Setup, highest: int, check_step: Callable[[int], None]
) -> tuple[str, int, str | None]:
    """The contract of a partnership hand: the bidder (one of the players), the bid (from the
    match's ``min_bid`` to ``highest``, on the form's steps: ``check_step`` refuses it) and the
    trump's word where it is named."""
    bidder = as_side(entry["bidder"], "bidder", setup.players)
    bid = as_int(entry["bid"], "bid", low=setup.options["min_bid"], high=highest)
    check_step(bid)
    trump = None
    if "trump" in entry:
        trump = Suit.from_word(as_str(entry["trump"], "trump"), "trump").word
    return bidder, bid, trump


def check_no_play(entry: Mapping[str, Any], sides: tuple[str, ...]) -> None:
    """A hand not played (conceded; double-deck's no marriage) has no tricks: ``tricks`` and
    ``took_trick`` may be left out, or all 0 and false (docs/api.md)."""
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


def check_meld_typos(form: Variant, setup: Setup, entry: Mapping[str, Any]) -> None:
    """A meld typed as a number is a multiple of 10 when every meld is (docs/rules.md §1
    "Meld typos"; a hand added or corrected, never a stored one)."""
    check_meld_figures(entry, setup.options)


class TeamRace(Runner):
    """A replay of two teams racing to a target, every player dealt in each hand: the totals,
    the winner once there is one, each hand's result and the match as it stands."""

    def __init__(self, setup: Setup, target: int) -> None:
        self.setup = setup
        self.target = target
        self.totals = dict.fromkeys(setup.sides, 0)
        self.winner: str | None = None

    def result(
        self,
        number: int,
        raw: Mapping[str, Any],
        scores: dict[str, int],
        notes: list[Note],
        facts: HandFacts,
    ) -> HandResult:
        """Hand ``number``'s result, everybody dealt in."""
        setup = self.setup
        return HandResult(
            number, setup.dealer_of(number), raw, scores, None, setup.players, tuple(notes), facts
        )

    def state(self, results: tuple[HandResult, ...]) -> MatchState:
        """The match as it stands after ``results``: the winner first, then by total."""
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
