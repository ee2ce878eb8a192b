"""The lenient replay (docs/rules.md §7): a stored hand the rules refuse stops the match before
it and is reported as a problem; it never makes the replay fail."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from scorekeeper.rules import MatchOverError, MatchState, RuleError, Setup, find_variant
from scorekeeper.rules.core.match import HandResult
from scorekeeper.rules.core.runner import Runner
from scorekeeper.rules.games.registry import Variant
from scorekeeper.rules.games.replay import MATCH_OVER, replay
from scorekeeper.rules.games.table import Layout


class Counting(Variant):
    """A form for the test: each hand is ``{"points": n}``; ``"bad"`` refuses it (without
    naming the hand when ``anonymous``), a hand after a total of 10 is after the end."""

    id = "counting"
    title = "Counting"
    description = ""
    player_counts = (1,)

    def __init__(self, *, anonymous: bool = False, refuse_setup: bool = False) -> None:
        self.anonymous = anonymous
        self.refuse_setup = refuse_setup

    def option_specs(self, given: Mapping[str, Any]) -> Sequence[Any]:
        return ()

    def layout(self, setup: Setup, active: Sequence[str] = ()) -> Layout:
        raise NotImplementedError

    def runner(self, setup: Setup) -> Runner:
        raise NotImplementedError  # this form replays in one go (its own play)

    def play(self, setup: Setup, hands: Sequence[Mapping[str, Any]]) -> MatchState:
        if self.refuse_setup:
            raise RuleError("rules", "no such table")
        total = 0
        results = []
        for number, hand in enumerate(hands, start=1):
            if total >= 10:
                raise MatchOverError(number)
            if hand.get("points") == "bad":
                error = RuleError("points", "must be a number")
                if not self.anonymous:
                    error.hand = number
                raise error
            total += int(hand["points"])
            results.append(HandResult(number, "Ana", hand, scores={"Ana": int(hand["points"])}))
        return MatchState(("Ana",), tuple(results), {"Ana": total})


SETUP = Setup("counting", {}, ("Ana",))
GOOD = {"points": 3}
BAD = {"points": "bad"}


@pytest.mark.parametrize("anonymous", [False, True])
def test_a_refused_hand_stops_the_match_before_it(anonymous: bool) -> None:
    state = replay(Counting(anonymous=anonymous), SETUP, [GOOD, GOOD, BAD, GOOD, BAD])
    assert [hand.number for hand in state.hands] == [1, 2]
    assert state.totals == {"Ana": 6}
    assert [(p.hand, p.error.path, p.error.hand) for p in state.problems] == [(3, "points", 3)]


def test_a_hand_after_the_end_is_a_problem() -> None:
    state = replay(Counting(), SETUP, [{"points": 10}, GOOD])
    assert state.totals == {"Ana": 10}
    ((problem),) = state.problems
    assert (problem.hand, problem.error.path, problem.error.code) == (2, "_", "match_over")
    assert problem.error.template == MATCH_OVER


def test_a_match_that_replays_whole_has_no_problem() -> None:
    assert replay(Counting(), SETUP, [GOOD, GOOD]).problems == ()


def test_a_refused_setup_is_still_raised() -> None:
    with pytest.raises(RuleError):
        replay(Counting(refuse_setup=True), SETUP, [GOOD])


def test_a_real_form() -> None:
    """Two-handed, docs/rules.md §1: trick points add up to 250; 251 is refused."""
    variant = find_variant("pinochle-2")
    setup = variant.setup(["Ana", "Ben"])
    good = {"meld": {"Ana": 20, "Ben": 0}, "tricks": {"Ana": 130, "Ben": 120}}
    bad = {"meld": {"Ana": 0, "Ben": 0}, "tricks": {"Ana": 130, "Ben": 121}}
    state = replay(variant, setup, [good, bad])
    assert state.totals == {"Ana": 150, "Ben": 120}
    assert [(p.hand, p.error.path) for p in state.problems] == [(2, "tricks")]
