"""Auction pinochle with ``scoring: points`` (docs/rules.md §2, last paragraph of ``auction``).

The bidder scores meld + tricks if he made his bid, minus the bid if set or conceded; an
opponent scores his meld if he won a trick, plus his tricks, and on a concession his meld only.
The bidder is counted first; otherwise the ``pinochle-2`` target rule applies. Expected numbers
are worked out from that text.
"""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.rules.core.errors import MatchOverError, RuleError
from scorekeeper.rules.core.match import MatchState
from scorekeeper.rules.games.registry import find_variant

AUCTION = find_variant("auction")
THREE = ["Ana", "Ben", "Cruz"]
FOUR = ["Ana", "Ben", "Cruz", "Dee"]

MELD = {"Ana": 20, "Ben": 150, "Cruz": 40}
TRICKS = {"Ana": 40, "Ben": 160, "Cruz": 50}  # adds up to 250 (classic, docs/rules.md §1)


def play(hands: list[dict[str, Any]], players: list[str] = THREE, **rules: Any) -> MatchState:
    match = AUCTION.setup(players, rules={"scoring": "points", **rules})
    return AUCTION.play(match, hands)


def hand(bid: int, **fields: Any) -> dict[str, Any]:
    return {"bidder": "Ben", "bid": bid, "trump": "hearts", **fields}


@pytest.mark.parametrize(
    ("entry", "scores"),
    [
        # made: 150 + 160 = 310 >= 300; opponents meld (they took tricks) + tricks
        (hand(300, meld=MELD, tricks=TRICKS), {"Ana": 60, "Ben": 310, "Cruz": 90}),
        (hand(310, meld=MELD, tricks=TRICKS, outcome="made"), {"Ana": 60, "Ben": 310, "Cruz": 90}),
        # set: 310 < 350, minus the bid
        (hand(350, meld=MELD, tricks=TRICKS), {"Ana": 60, "Ben": -350, "Cruz": 90}),
        (hand(320, meld=MELD, tricks=TRICKS, outcome="set"), {"Ana": 60, "Ben": -320, "Cruz": 90}),
        # an opponent who won no trick loses his meld (docs/rules.md §1)
        (
            hand(300, meld=MELD, tricks={"Ana": 0, "Ben": 160, "Cruz": 90}),
            {"Ana": 0, "Ben": 310, "Cruz": 130},
        ),
        # ... unless he won a trick worth 0 points
        (
            hand(
                300,
                meld=MELD,
                tricks={"Ana": 0, "Ben": 160, "Cruz": 90},
                took_trick={"Ana": True},
            ),
            {"Ana": 20, "Ben": 310, "Cruz": 130},
        ),
        # the bidder's meld always counts, trick or not (his buried cards are his)
        (
            hand(
                300,
                meld={"Ana": 0, "Ben": 300, "Cruz": 0},
                tricks={"Ana": 120, "Ben": 0, "Cruz": 130},
            ),
            {"Ana": 120, "Ben": 300, "Cruz": 130},
        ),
        # conceded: minus the bid; opponents their meld only (no play, no tricks)
        (hand(350, meld=MELD, outcome="conceded"), {"Ana": 20, "Ben": -350, "Cruz": 40}),
        (
            hand(350, meld=MELD, outcome="conceded", tricks={"Ana": 0, "Ben": 0, "Cruz": 0}),
            {"Ana": 20, "Ben": -350, "Cruz": 40},
        ),
        # all pass: the hand is thrown in
        ({"outcome": "all_pass"}, {"Ana": 0, "Ben": 0, "Cruz": 0}),
        # meld lists valued with the match's table (standard: run 150 + pinochle 40)
        (
            hand(300, meld={"Ana": 0, "Ben": ["run", "pinochle"], "Cruz": 0}, tricks=TRICKS),
            {"Ana": 40, "Ben": 350, "Cruz": 50},
        ),
    ],
)
def test_points_of_a_hand(entry: dict[str, Any], scores: dict[str, int]) -> None:
    state = play([entry])
    assert state.hands[0].scores == scores
    assert state.hands[0].payments is None
    assert state.totals == scores
    assert (state.kitty, state.target, state.status) == (None, 1000, "in_progress")


def test_seed_004_meld_table() -> None:
    # docs/rules.md §1: the seed-004 table values a double pinochle at 400
    entry = hand(400, meld={"Ana": 0, "Ben": ["double_pinochle"], "Cruz": 0}, tricks=TRICKS)
    assert play([entry], melds="seed-004").totals["Ben"] == 560


def test_dealt_out_player_scores_nothing() -> None:
    # four at the table: dealer Ana sits out hand 1
    state = play(
        [
            hand(
                300,
                meld={"Ben": 150, "Cruz": 40, "Dee": 20},
                tricks={"Ben": 160, "Cruz": 50, "Dee": 40},
            )
        ],
        FOUR,
    )
    assert state.hands[0].scores == {"Ana": 0, "Ben": 310, "Cruz": 90, "Dee": 60}
    assert state.hands[0].active == ("Ben", "Cruz", "Dee")


@pytest.mark.parametrize(
    ("entry", "path", "code"),
    [
        (hand(350, meld=MELD, tricks=TRICKS, outcome="made"), "outcome", "conflict"),
        (hand(300, meld=MELD, tricks=TRICKS, outcome="set"), "outcome", "conflict"),
        (hand(300, meld=MELD), "tricks", "required"),
        (hand(300, tricks=TRICKS), "meld", "required"),
        (hand(300, meld=MELD, tricks={**TRICKS, "Ana": 41}), "tricks", "bad_total"),
        (hand(300, meld=MELD, tricks={"Ben": 160, "Cruz": 90}), "tricks.Ana", "required"),
        (hand(300, meld={**MELD, "Dee": 0}, tricks=TRICKS), "meld.Dee", "unknown_side"),
        (hand(350, meld=MELD, tricks=TRICKS, outcome="conceded"), "tricks.Ana", "conflict"),
        (
            hand(300, meld=MELD, tricks=TRICKS, took_trick={"Ana": False}),
            "took_trick.Ana",
            "inconsistent",
        ),
        (
            hand(300, meld={**MELD, "Ben": ["run", "double_run"]}, tricks=TRICKS),
            "meld.Ben[1]",
            "impossible_meld",
        ),
        ({"outcome": "all_pass", "meld": MELD}, "meld", "not_with_all_pass"),
        (hand(290, meld=MELD, tricks=TRICKS), "bid", "too_small"),
    ],
)
def test_refused_points_hands(entry: dict[str, Any], path: str, code: str) -> None:
    with pytest.raises(RuleError) as caught:
        play([entry])
    assert (caught.value.path, caught.value.code, caught.value.hand) == (path, code, 1)


def test_counters_counting_takes_tens() -> None:
    entry = hand(300, meld=MELD, tricks={"Ana": 45, "Ben": 160, "Cruz": 45})
    with pytest.raises(RuleError) as caught:
        play([entry], counting="counters")
    assert caught.value.path == "tricks.Ana"
    assert play([hand(300, meld=MELD, tricks=TRICKS)], counting="counters").totals["Ben"] == 310


def test_dealt_out_bidder_is_refused_in_points_too() -> None:
    entry = {"bidder": "Ana", "bid": 300, "trump": "clubs", "meld": MELD, "tricks": TRICKS}
    with pytest.raises(RuleError) as caught:
        play([entry], FOUR)
    assert (caught.value.path, caught.value.code) == ("bidder", "dealt_out")


# --- the target: the bidder is counted first, else the pinochle-2 rule -------------------------

OVER = {"Ana": 20, "Ben": 150, "Cruz": 300}  # Cruz: 300 meld + 50 tricks = 350


def test_bidder_who_makes_it_is_counted_first() -> None:
    # Ben 310 and Cruz 350 both pass 300; Ben made his bid, so Ben wins.
    state = play([hand(300, meld=OVER, tricks=TRICKS)], target=300)
    assert (state.status, state.winner, state.target) == ("finished", "Ben", 300)
    assert state.totals == {"Ana": 60, "Ben": 310, "Cruz": 350}
    with pytest.raises(MatchOverError) as caught:
        play([hand(300, meld=OVER, tricks=TRICKS), {"outcome": "all_pass"}], target=300)
    assert caught.value.hand == 2


def test_set_bidder_lets_an_opponent_win() -> None:
    state = play([hand(350, meld=OVER, tricks=TRICKS)], target=300)
    assert (state.status, state.winner) == ("finished", "Cruz")


@pytest.mark.parametrize(
    ("tie_rule", "winner", "target"),
    [("raise", None, 550), ("higher", "Cruz", 300)],  # docs/rules.md §2 pinochle-2 (Parlett)
)
def test_two_opponents_over_the_target(tie_rule: str, winner: str | None, target: int) -> None:
    meld = {"Ana": 300, "Ben": 150, "Cruz": 300}  # Ana 340, Cruz 350, Ben set
    state = play([hand(350, meld=meld, tricks=TRICKS)], target=300, tie_rule=tie_rule)
    assert (state.winner, state.target) == (winner, target)


def test_leader_and_dealer_in_points() -> None:
    state = play([{"outcome": "all_pass"}], FOUR)
    assert (state.dealer, state.leader, state.active) == ("Ben", "Cruz", ("Ana", "Cruz", "Dee"))
