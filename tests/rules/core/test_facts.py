"""Each hand's result carries what the hand was, as frozen facts written by the rules that
scored it (scorekeeper/rules/core/facts.py; docs/records.md "Where the figures come from")."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from scorekeeper.rules import find_variant
from scorekeeper.rules.core.facts import (
    CLOSED,
    CONCEDED,
    MADE,
    SET,
    THROWN_IN,
    Closing,
    Contract,
    DealSide,
    HandFacts,
    Meld,
    Tricks,
)
from scorekeeper.rules.core.match import HandResult


def hands_of(
    variant: str, players: Sequence[str], hands: Sequence[Mapping[str, Any]], **rules: Any
) -> tuple[HandResult, ...]:
    form = find_variant(variant)
    setup = form.setup(list(players), None, rules or None)
    return form.play(setup, hands).hands


def test_auction_in_units_contract_and_the_bidders_meld() -> None:
    # docs/rules.md §2: 190 + 100 = 290 < 300 is set; thrown in at the minimum names no trump.
    first, second, third = hands_of(
        "auction",
        ["Ana", "Ben", "Cruz"],
        [
            {
                "bidder": "Ben",
                "bid": 300,
                "trump": "hearts",
                "meld": ["run", "pinochle"],
                "tricks": 100,
            },
            {"bidder": "Cruz", "bid": 300, "outcome": "thrown_in"},
            {"bidder": "Ana", "bid": 400, "trump": "clubs", "outcome": "conceded", "meld": 100},
        ],
    )
    assert first.facts.contract == Contract("Ben", 300, SET, "hearts")
    assert first.facts.meld == (Meld("Ben", 190, ("run", "pinochle")),)
    assert str(first.facts.summary) == "Ben bid 300 ♥"
    assert second.facts.contract == Contract("Cruz", 300, THROWN_IN, None)
    assert second.facts.contract.given_up
    assert not second.facts.contract.made
    assert str(second.facts.summary) == "Cruz bid 300  · thrown in"
    assert third.facts.contract == Contract("Ana", 400, CONCEDED, "clubs")
    assert third.facts.meld == (Meld("Ana", 100),)
    assert str(third.facts.summary) == "Ana bid 400 ♣ · conceded"


def test_partnership_auction_made_with_both_sides_meld() -> None:
    # Bicycle (docs/rules.md §2): 150 saved + 160 tricks = 310 >= 300: made.
    (hand,) = hands_of(
        "partnership-auction",
        ["Ana", "Ben", "Cruz", "Dee"],
        [
            {
                "bidder": "Ana",
                "bid": 300,
                "trump": "spades",
                "meld": {"Team 1": ["run"], "Team 2": 60},
                "tricks": {"Team 1": 160, "Team 2": 90},
            }
        ],
    )
    assert hand.facts.contract == Contract("Ana", 300, MADE, "spades")
    assert hand.facts.meld == (Meld("Team 1", 150, ("run",)), Meld("Team 2", 60))


def test_plain_pinochle_meld_as_declared_even_when_lost() -> None:
    # docs/rules.md §1: Cruz's 40 is lost for want of a trick; the fact is what was declared.
    (hand,) = hands_of(
        "pinochle-3",
        ["Ana", "Ben", "Cruz"],
        [
            {
                "meld": {"Ana": 150, "Ben": ["dix"], "Cruz": 40},
                "tricks": {"Ana": 150, "Ben": 100, "Cruz": 0},
            }
        ],
    )
    assert hand.scores == {"Ana": 300, "Ben": 110, "Cruz": 0}
    assert hand.facts == HandFacts(
        meld=(Meld("Ana", 150), Meld("Ben", 10, ("dix",)), Meld("Cruz", 40)),
        tricks=(Tricks("Ana", 150), Tricks("Ben", 100), Tricks("Cruz", 0)),
    )


def test_trick_points_are_facts_of_a_played_hand_only() -> None:
    # The last side's blank tricks are what is left of 250; a concession is not played.
    played, conceded = hands_of(
        "partnership-auction",
        ["Ana", "Ben", "Cruz", "Dee"],
        [
            {
                "bidder": "Ana",
                "bid": 320,
                "trump": "hearts",
                "meld": {"Team 1": 100, "Team 2": 60},
                "tricks": {"Team 1": 150, "Team 2": 100},
            },
            {
                "bidder": "Ben",
                "bid": 300,
                "trump": "spades",
                "meld": {"Team 1": 40, "Team 2": 60},
                "conceded": True,
            },
        ],
    )
    assert played.facts.contract == Contract("Ana", 320, SET, "hearts")
    assert played.facts.tricks == (Tricks("Team 1", 150), Tricks("Team 2", 100))
    assert conceded.facts.tricks == ()
    (points,) = hands_of(
        "auction",
        ["Ana", "Ben", "Cruz"],
        [
            {
                "bidder": "Ana",
                "bid": 300,
                "trump": "clubs",
                "meld": {"Ana": 200, "Ben": 40, "Cruz": 0},
                "tricks": {"Ana": 150, "Ben": 60, "Cruz": 40},
            }
        ],
        scoring="points",
    )
    assert points.facts.tricks == (Tricks("Ana", 150), Tricks("Ben", 60), Tricks("Cruz", 40))


def test_a_pinnacola_deal_keeps_each_sides_table_and_hand() -> None:
    (deal,) = hands_of(
        "pinnacola",
        ["Ana", "Ben"],
        [
            {
                "sides": {"Ana": {"table": 385, "hand": 0}, "Ben": {"table": 120, "hand": 45}},
                "closed_by": "Ana",
            }
        ],
    )
    assert deal.facts.deal == (DealSide("Ana", 385, 0), DealSide("Ben", 120, 45))
    assert deal.scores == {"Ana": 485, "Ben": 75}


def test_pinnacola_closing_and_its_pinnacolas() -> None:
    seven = ["3H", "4H", "5H", "6H", "7H", "8H", "9H"]  # a clean run of 7: a Pinnacola
    (deal,) = hands_of(
        "pinnacola",
        ["Ana", "Ben"],
        [
            {
                "sides": {"Ana": {"table": [seven], "hand": []}, "Ben": {"table": 30, "hand": 10}},
                "closed_by": "Ana",
                "in_mano": True,
            }
        ],
    )
    assert deal.facts.closing == Closing(CLOSED, "Ana", True, (("Ana", 1),))
    assert str(deal.facts.summary) == "Ana closed in mano"


def test_facts_are_frozen() -> None:
    facts = HandFacts(Contract("Ana", 300, MADE))
    with pytest.raises(dataclasses.FrozenInstanceError):
        facts.contract = None  # type: ignore[misc]
    assert facts.contract is not None
    with pytest.raises(dataclasses.FrozenInstanceError):
        facts.contract.bid = 350  # type: ignore[misc]


def test_a_stored_hand_the_rules_refuse_still_has_its_line() -> None:
    # docs/rules.md §7: the CSV lists such a hand as entered; its form reads the line leniently.
    refused = {"bidder": "Ana", "bid": 290, "trump": "spades", "outcome": "made"}
    assert str(find_variant("auction").describe(refused).summary) == "Ana bid 290 ♠ · made"
    assert str(find_variant("pinnacola").describe({"stalled": True}).summary) == "stalled"
    assert find_variant("pinochle-2").describe({"meld": {}}).summary is None
