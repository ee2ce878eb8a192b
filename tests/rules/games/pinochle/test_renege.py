"""Seed 004's renege in two-handed play (issue 39 point 3; docs/rules.md §2 ``pinochle-2``):
once the stock is gone "Второй игрок должен, если есть возможность, принимать взятки -
неисполнение считается ренонсом, и игрок теряет все заработанные в данной партии очки" (the
second player must take the trick if he can; failing to is a renege, and the player loses all
the points he earned in this game). The house reading ``renege: hand``: his points of that hand
only."""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.rules import RuleError, find_variant
from scorekeeper.rules.core.match import MatchState, Setup

#: Ana melds a run (150) and takes 130, Ben 40 and 120: 280 and 160.
FIRST = {"meld": {"Ana": 150, "Ben": 40}, "tricks": {"Ana": 130, "Ben": 120}}
#: Ana melds 60 and takes 100, Ben 0 and 150, and Ana reneged.
RENEGED = {"meld": {"Ana": 60, "Ben": 0}, "tricks": {"Ana": 100, "Ben": 150}, "renege": "Ana"}


def play(match: Setup, *hands: dict[str, Any]) -> MatchState:
    return find_variant(match.variant).play(match, list(hands))


def test_a_renege_loses_every_point_of_the_game() -> None:
    match = play(find_variant("pinochle-2").setup(["Ana", "Ben"]), FIRST, RENEGED)
    # Ana's 280 and this hand's 160 are lost: her total is 0, shown as a hand of -280.
    assert match.totals == {"Ana": 0, "Ben": 310}
    assert match.hands[1].scores == {"Ana": -280, "Ben": 150}
    assert [str(n.template) for n in match.hands[1].notes] == [
        "{side} reneged: every point of the game is lost"
    ]


def test_the_house_reading_loses_that_hands_points_only() -> None:
    setup = find_variant("pinochle-2").setup(["Ana", "Ben"], rules={"renege": "hand"})
    match = play(setup, FIRST, RENEGED)
    assert match.totals == {"Ana": 280, "Ben": 310}
    assert match.hands[1].scores == {"Ana": 0, "Ben": 150}


def test_a_renege_names_a_player_of_the_hand_and_only_two_handed() -> None:
    setup = find_variant("pinochle-2").setup(["Ana", "Ben"])
    with pytest.raises(RuleError) as caught:
        play(setup, {**FIRST, "renege": "Cruz"})
    assert str(caught.value).startswith("renege: 'Cruz' is not one of")
    three = find_variant("pinochle-3").setup(["Ana", "Ben", "Cruz"])
    hand = {
        "meld": {"Ana": 0, "Ben": 0, "Cruz": 0},
        "tricks": {"Ana": 250, "Ben": 0, "Cruz": 0},
        "renege": "Ben",
    }
    with pytest.raises(RuleError) as caught:
        play(three, hand)
    assert str(caught.value) == "renege: a renege is not scored in this match"
