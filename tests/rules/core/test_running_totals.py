"""Running totals and the kitty's balance on a replayed match (docs/rules.md §2).

The chart, the export and the settle-up page read these; the numbers are worked out by hand
from the rule text, as in ``test_auction.py``: auction in units (seed 000 with the doubling
schedule, docs/rules.md §2 revision 2: 300-340 is 1 unit, 350-390 is 2; spades double; a set
bidder pays everybody and the kitty 2 x units; a made bid of 350 or more collects the 10-unit
bonus from the kitty) and two-handed pinochle (docs/rules.md §1: a side scores its meld,
having taken a trick, plus its tricks).
"""

from __future__ import annotations

from typing import Any

from scorekeeper.rules import find_variant, kitty_balances, running_totals
from scorekeeper.rules.core.match import MatchState

FOUR = ["Ana", "Ben", "Cruz", "Dee"]

#: Dealer Ana sits out hand 1, Ben hand 2, Cruz hand 3 (docs/rules.md §5).
UNITS_HANDS: list[dict[str, Any]] = [
    # 350 in spades made: 2 units x 2 from each of the three others, 10 from the kitty.
    {"bidder": "Ben", "bid": 350, "trump": "spades", "outcome": "made"},
    {"outcome": "all_pass"},
    # 100 + 150 = 250 < 300 in hearts: set, 2 x 1 unit to Ben, Cruz, Dee and the kitty.
    {"bidder": "Ana", "bid": 300, "trump": "hearts", "meld": 100, "tricks": 150},
]


def play(variant: str, players: list[str], hands: list[dict[str, Any]], **rules: Any) -> MatchState:
    form = find_variant(variant)
    return form.play(form.setup(players, rules=rules or None), hands)


def test_running_totals_of_an_auction_in_units() -> None:
    state = play("auction", FOUR, UNITS_HANDS)
    assert running_totals(state) == [
        {"Ana": 0, "Ben": 0, "Cruz": 0, "Dee": 0},
        {"Ana": -4, "Ben": 22, "Cruz": -4, "Dee": -4},
        {"Ana": -4, "Ben": 22, "Cruz": -4, "Dee": -4},
        # Cruz deals and sits out hand 3, and is paid all the same.
        {"Ana": -12, "Ben": 24, "Cruz": -2, "Dee": -2},
    ]
    assert running_totals(state)[-1] == dict(state.totals)


def test_kitty_balances_of_an_auction_in_units() -> None:
    state = play("auction", FOUR, UNITS_HANDS)
    # -10 (the bonus Ben collects), unchanged by the all pass, +2 from Ana's set.
    assert kitty_balances(state) == [-10, -10, -8]
    assert kitty_balances(state)[-1] == state.kitty


def test_all_pass_pays_fills_the_kitty() -> None:
    # docs/rules.md §2 option all_pass_pays: every player, dealt out too, pays 1 unit into the
    # kitty.
    # Hand 2: Ben deals and sits out; Dee makes 350 in spades (4 from each, 10 from the kitty).
    hands: list[dict[str, Any]] = [
        {"outcome": "all_pass"},
        {"bidder": "Dee", "bid": 350, "trump": "spades", "outcome": "made"},
    ]
    state = play("auction", FOUR, hands, all_pass_pays=True)
    assert kitty_balances(state) == [4, -6]
    assert running_totals(state)[1:] == [
        {"Ana": -1, "Ben": -1, "Cruz": -1, "Dee": -1},
        {"Ana": -5, "Ben": -5, "Cruz": -5, "Dee": 21},
    ]


def test_no_kitty_no_balances() -> None:
    state = play("auction", FOUR[:3], [UNITS_HANDS[0]] * 2, kitty=False)
    assert state.kitty is None
    assert kitty_balances(state) == []
    # Ben made 350 in spades twice: 4 from each of the others, no bonus without the kitty.
    assert running_totals(state)[-1] == {"Ana": -8, "Ben": 16, "Cruz": -8}


def test_running_totals_of_a_match_in_points() -> None:
    state = play(
        "pinochle-2",
        ["Ana", "Ben"],
        [
            {"meld": {"Ana": 150, "Ben": 40}, "tricks": {"Ana": 130, "Ben": 120}},
            {"meld": {"Ana": 0, "Ben": 60}, "tricks": {"Ana": 50, "Ben": 200}},
        ],
    )
    assert running_totals(state) == [
        {"Ana": 0, "Ben": 0},
        {"Ana": 280, "Ben": 160},
        {"Ana": 330, "Ben": 420},
    ]
    assert kitty_balances(state) == []


def test_a_match_without_hands() -> None:
    state = play("auction", FOUR, [])
    assert running_totals(state) == [dict.fromkeys(FOUR, 0)]
    assert kitty_balances(state) == []
    assert state.kitty == 0
