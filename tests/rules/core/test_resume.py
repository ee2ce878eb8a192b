"""Resuming a replay reaches what the whole replay reaches (issue 14;
scorekeeper/rules/core/runner.py): the property the replay cache stands on, over random matches of
every form (Hypothesis).

A match of random hands (those the rules refuse are left out) is replayed whole, then resumed
from a checkpoint twice (a resume that changed its checkpoint shows on the second) and from a
checkpoint of a chain made every few hands: each must reach the whole replay's state, and every
checkpoint holds the whole replay's first hands. The suite also compares every resume the
service makes with the whole replay (tests/conftest.py); here the forms play to their ends,
with dealt-out players, kitties, placings and every counting.
"""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.rules import FINISHED, MatchOverError, RuleError, find_variant
from scorekeeper.rules.core.match import MatchState, Setup
from scorekeeper.rules.games.registry import Variant
from tests.rules.games.pinochle.test_pinochle_properties import matches as pinochle_matches

SUITS = ["spades", "hearts", "diamonds", "clubs"]
#: How many hands a match of this test tries at most (refused ones are left out).
TRIES = 14


def tens(draw: st.DrawFn, low: int, high: int) -> int:
    return 10 * draw(st.integers(low // 10, high // 10))


def auction_hand(draw: st.DrawFn, setup: Setup) -> dict[str, Any]:
    """An auction hand of either scoring, by its outcome or by meld and tricks (docs/api.md)."""
    if draw(st.integers(0, 6)) == 0:
        return {"outcome": "all_pass"}
    hand: dict[str, Any] = {
        "bidder": draw(st.sampled_from(setup.players)),
        "bid": tens(draw, 250, 600),
        "trump": draw(st.sampled_from(SUITS)),
    }
    if setup.options["scoring"] == "units" and draw(st.booleans()):
        hand["outcome"] = draw(st.sampled_from(["made", "set", "conceded"]))
    elif setup.options["scoring"] == "units":
        hand["meld"], hand["tricks"] = tens(draw, 0, 300), tens(draw, 0, 250)
    else:
        first = tens(draw, 0, 250)
        second = tens(draw, 0, 250 - first)
        names = list(setup.players[:3])
        hand["meld"] = {name: tens(draw, 0, 200) for name in names}
        hand["tricks"] = dict(zip(names, [first, second, 250 - first - second], strict=True))
    return hand


def pinnacola_hand(draw: st.DrawFn, setup: Setup) -> dict[str, Any]:
    """A pinnacola deal in points (docs/api.md): closed by a side, or stalled."""
    sides = list(setup.sides)
    closer = draw(st.sampled_from([*sides, None]))
    return {
        "sides": {
            side: {
                "table": 5 * draw(st.integers(0, 120)),
                "hand": 0 if side == closer else 5 * draw(st.integers(0, 30)),
            }
            for side in sides
        },
        "closed_by": closer,
        "in_mano": closer is not None and draw(st.integers(0, 4)) == 0,
        "stalled": closer is None,
    }


def played(
    draw: st.DrawFn, variant: Variant, setup: Setup, make: Any
) -> tuple[Setup, list[dict[str, Any]], MatchState]:
    """Up to :data:`TRIES` random hands, each kept if the rules take it, until the end."""
    hands: list[dict[str, Any]] = []
    state = variant.play(setup, hands)
    for _ in range(draw(st.integers(1, TRIES))):
        if state.status == FINISHED:
            break
        hand = make(draw, setup)
        try:
            state = variant.play(setup, [*hands, hand])
        except (RuleError, MatchOverError):
            continue
        hands.append(hand)
    return setup, hands, state


@st.composite
def auction_matches(draw: st.DrawFn) -> tuple[Setup, list[dict[str, Any]], MatchState]:
    variant = find_variant("auction")
    players = ["Ana", "Ben", "Cruz", "Dee", "Eve"][: draw(st.integers(3, 5))]
    if draw(st.booleans()):
        rules: dict[str, Any] = {
            "scoring": "units",
            "min_bid": 250,
            "schedule": draw(st.sampled_from(["doubling", "doubling-250", "hoyle", "scarne"])),
            "kitty": draw(st.booleans()),
        }
        rules["all_pass_pays"] = rules["kitty"] and draw(st.booleans())
    else:
        rules = {"scoring": "points", "min_bid": 250, "target": draw(st.sampled_from([500, 1000]))}
        players = players[:3]
    return played(draw, variant, variant.setup(players, rules=rules), auction_hand)


@st.composite
def pinnacola_matches(draw: st.DrawFn) -> tuple[Setup, list[dict[str, Any]], MatchState]:
    variant = find_variant("pinnacola")
    players = ["Ana", "Ben", "Cruz", "Dee"][: draw(st.sampled_from([2, 4]))]
    rules: dict[str, Any] = {"stall": draw(st.sampled_from(["score", "void"]))}
    if draw(st.booleans()):
        rules["target"] = draw(st.sampled_from([500, 1500]))
    else:
        rules.update(target=None, deals=draw(st.integers(1, 6)))
    return played(draw, variant, variant.setup(players, rules=rules), pinnacola_hand)


@st.composite
def resumes(draw: st.DrawFn) -> tuple[Setup, list[dict[str, Any]], int, int, int]:
    """A match, and where to stop and resume it: after hand ``at``, with a checkpoint every
    ``every`` hands on the way, resuming also from the ``index``-th of them."""
    setup, hands, _ = draw(st.one_of(pinochle_matches(), auction_matches(), pinnacola_matches()))
    at = draw(st.integers(0, len(hands)))
    every = draw(st.integers(1, 8))
    return setup, hands, at, every, draw(st.integers(0, at // every))


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(resumes())
def test_a_resumed_replay_reaches_the_whole_replay(
    game: tuple[Setup, list[dict[str, Any]], int, int, int],
) -> None:
    setup, hands, at, every, index = game
    variant = find_variant(setup.variant)
    whole = variant.play(setup, hands)
    _, passed = variant.resume(variant.start(setup), hands[:at], every=every)
    for checkpoint in passed:
        assert checkpoint.results == whole.hands[: checkpoint.count]
    for checkpoint in (passed[-1], passed[-1], passed[min(index, len(passed) - 1)]):
        resumed, _ = variant.resume(checkpoint, hands)
        assert resumed == whole, f"{setup.variant}: resuming after hand {checkpoint.count}"
