"""Double-deck partnership pinochle (issue 39; docs/rules.md §2 ``double-deck``).

Each case names its source; the scores are worked out from that rule by hand:

- Joe Andrews, "How to Play Double Deck Partnership Pinochle" (ourpastimes.com): "The Standard
  game is 500 points. Some groups ... prefer 350 points and/or a fixed number of deals ...
  'progessive' ('set' points are added to the score of the other team) or 'traditional' ('set
  points' are deducted from the score of the defeated team for that hand)"; "Bids start at 50
  ... one point at a time, until the number 60 is reached. Then, increments of five points ...
  When the bidding reaches 100 ... increments of ten points."
- The Pinochle glossary's double-deck rules (docslib.org, "Pinochle glossary (mostly single
  deck)"): "Each team must have a minimum of 20 to be 'on the board' (have their meld
  recorded). They must also pull a minimum of 20 counter points to have their meld added to
  their score ... (there is a total of 48 and two bonus points for the last trick for an overall
  hand total of 50.) ... If both sides reach 500 on the same hand, the bidding side wins."
- bradwilson.io, "Double Deck Pinochle": "The bid starts with at least 50 points. Bids must go
  up by one point or more, until they reach 60; then they must go up by 5 points or more."
"""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.rules import FINISHED, IN_PROGRESS, RuleError, find_variant
from scorekeeper.rules.core.match import MatchState, Setup

FOUR = ["Ana", "Ben", "Cruz", "Dee"]
TEAMS = [{"name": "Us", "players": ["Ana", "Cruz"]}, {"name": "Them", "players": ["Ben", "Dee"]}]


def setup(**rules: Any) -> Setup:
    return find_variant("double-deck").setup(FOUR, TEAMS, rules=rules)


def play(match: Setup, *hands: dict[str, Any]) -> MatchState:
    return find_variant("double-deck").play(match, list(hands))


def refused(match: Setup, *hands: dict[str, Any]) -> str:
    with pytest.raises(RuleError) as caught:
        play(match, *hands)
    return str(caught.value)


def bid(
    bidder: str, amount: int, meld: tuple[int, int], tricks: tuple[int, int] | None, **more: Any
) -> dict[str, Any]:
    entry: dict[str, Any] = {
        "bidder": bidder,
        "bid": amount,
        "trump": "hearts",
        "meld": {"Us": meld[0], "Them": meld[1]},
        **more,
    }
    if tricks is not None:
        entry["tricks"] = {"Us": tricks[0], "Them": tricks[1]}
    return entry


def test_the_defaults_are_the_sources() -> None:
    assert setup().options == {
        "min_bid": 50,  # Andrews, bradwilson.io: bids start at 50
        "bid_steps": "by-1-5-10",  # Andrews: by 1 to 60, by 5 to 100, by 10 above
        "set": "traditional",  # Andrews: set points deducted from the defeated team
        "save_meld": 20,  # the glossary: 20 counters to have the meld added
        "min_meld": 20,  # the glossary: 20 meld to be "on the board"
        "target": 500,  # Andrews: "The Standard game is 500 points"
        "hands": None,
        "direction": "left",
    }


def test_made_the_bidding_side_scores_meld_and_counters() -> None:
    # The hand: Us bid 55 with 32 meld and take 30 counters: 62 ≥ 55, made (62).
    # Them: 18 meld is under 20, not on the board (the glossary); their 20 counters score.
    match = play(setup(), bid("Ana", 55, (32, 18), (30, 20)))
    assert match.totals == {"Us": 62, "Them": 20}
    assert match.hands[0].facts.contract is not None
    assert match.hands[0].facts.contract.outcome == "made"


def test_meld_needs_twenty_counters() -> None:
    # The glossary: "pull a minimum of 20 counter points to have their meld added". Them take
    # 15 counters: their 40 meld is lost, the 15 counters score. Us: 30 + 35 = 65 ≥ 60, made.
    match = play(setup(), bid("Ben", 60, (30, 40), (35, 15)))
    assert match.totals == {"Us": 65, "Them": -60}
    assert list(match.hands[0].scores or {}) == ["Us", "Them"]  # in seating order
    # Them bid 60 and could not keep their meld: 15 < 60, set by the traditional rule.
    assert [str(n.template) for n in match.hands[0].notes] == [
        "{side}: meld lost, too few counters",
        "{side} set: -{bid}",
    ]


def test_the_house_may_keep_meld_with_any_counters() -> None:
    # save_meld 0 and min_meld 0: every meld counts (a house without the glossary's rules).
    match = play(setup(save_meld=0, min_meld=0), bid("Ben", 60, (30, 18), (35, 15)))
    assert match.totals == {"Us": 65, "Them": -60}  # 18 + 15 = 33 < 60: still set
    match = play(setup(save_meld=0, min_meld=0), bid("Ben", 60, (30, 48), (35, 15)))
    assert match.totals == {"Us": 65, "Them": 63}  # 48 + 15 = 63 ≥ 60: made


def test_set_traditional_and_progressive() -> None:
    # Us bid 70 with 25 meld and take 40 counters: 65 < 70, set. Andrews' two ways: the bid
    # off the bidders (traditional), or to the other side (progressive); Them's 10 counters
    # score, their 30 meld is lost (10 < 20 counters).
    hand = bid("Ana", 70, (25, 30), (40, 10))
    assert play(setup(), hand).totals == {"Us": -70, "Them": 10}
    assert play(setup(set="progressive"), hand).totals == {"Us": 0, "Them": 80}


@pytest.mark.parametrize(
    ("steps", "good", "bad", "refusal"),
    [
        # Andrews: one at a time to 60, fives to 100, tens above.
        ("by-1-5-10", (51, 59, 60, 65, 95, 100, 110), 63, "bid: above 60 bids go up by 5"),
        ("by-1-5-10", (51,), 105, "bid: above 100 bids go up by 10"),
        # bradwilson.io: by one to 60, then by 5 (105 is a bid there).
        ("by-1-5", (57, 65, 105), 101, "bid: above 60 bids go up by 5"),
    ],
)
def test_bids_go_up_by_the_steps(steps: str, good: tuple[int, ...], bad: int, refusal: str) -> None:
    for amount in good:
        play(setup(bid_steps=steps), bid("Ana", amount, (200, 0), (50, 0)))
    assert refused(setup(bid_steps=steps), bid("Ana", bad, (200, 0), (50, 0))) == refusal
    play(setup(bid_steps="by-1"), bid("Ana", bad, (200, 0), (50, 0)))


def test_bids_start_at_the_minimum() -> None:
    assert refused(setup(), bid("Ana", 49, (30, 0), (30, 20))) == "bid: must be at least 50"
    play(setup(min_bid=51), bid("Ana", 51, (30, 0), (30, 20)))


def test_the_counters_add_up_to_fifty() -> None:
    # 48 counters and 2 for the last trick (the glossary, Pagat).
    assert refused(setup(), bid("Ana", 55, (30, 0), (30, 21))) == (
        "tricks: must add up to 50 (the last trick included), not 51"
    )


def test_both_over_500_the_bidding_side_wins() -> None:
    # The glossary: "If both sides reach 500 on the same hand, the bidding side wins". Us at
    # 470 and Them at 480; Us bid 60 and make 30 meld + 30 counters, Them take 20 counters
    # with 20 meld: 530 and 520.
    start = [bid("Ana", 100, (400, 0), (50, 0)), bid("Ben", 100, (0, 450), (20, 30))]
    first = play(setup(), *start)
    assert first.totals == {"Us": 470, "Them": 480}
    match = play(setup(), *start, bid("Ana", 60, (30, 20), (30, 20)))
    assert match.totals == {"Us": 530, "Them": 520}
    assert (match.status, match.winner) == (FINISHED, "Us")
    # Them bid 50 and make 20 + 30 while Us score 60 + 20: Them wins though Us is higher.
    match = play(setup(), *start, bid("Ben", 50, (60, 20), (20, 30)))
    assert match.totals == {"Us": 550, "Them": 530}
    assert match.winner == "Them"


def test_the_game_to_350_or_a_number_of_hands() -> None:
    # Andrews: "Some groups ... prefer 350 points and/or a fixed number of deals".
    match = play(setup(target=350), bid("Ana", 100, (320, 0), (50, 0)))
    assert (match.status, match.winner, match.totals["Us"]) == (FINISHED, "Us", 370)
    two = setup(hands=2)
    assert play(two, bid("Ana", 55, (32, 0), (30, 20))).status == IN_PROGRESS
    match = play(two, bid("Ana", 55, (32, 0), (30, 20)), bid("Ben", 55, (0, 40), (20, 30)))
    assert match.totals == {"Us": 82, "Them": 90}
    assert (match.status, match.winner) == (FINISHED, "Them")


def test_no_marriage_and_a_concession_lose_the_bid_unplayed() -> None:
    # The issue: "the bidder without a marriage in trump loses the bid without play"; the
    # others score their meld, as a partnership concession.
    lost = play(setup(), bid("Ana", 52, (30, 24), None, outcome="no_marriage"))
    assert lost.totals == {"Us": -52, "Them": 24}
    assert lost.hands[0].facts.contract is not None
    assert lost.hands[0].facts.contract.outcome == "no_marriage"
    conceded = play(setup(set="progressive"), bid("Ana", 52, (30, 24), None, conceded=True))
    assert conceded.totals == {"Us": 0, "Them": 76}
    assert refused(setup(), bid("Ana", 52, (30, 24), (10, 0), outcome="no_marriage")) == (
        "tricks.Us: must be 0: no trick is played in a conceded hand"
    )
    assert refused(setup(), bid("Ana", 52, (30, 24), None, outcome="all_pass")) == (
        "outcome: must be one of no_marriage, not 'all_pass'"
    )


# --- Meld (docs/rules.md §2 `double-deck` "Meld"): Pagat's table, through its copy at
# gambiter.com ("Run ... 15 | 150 | 225 | 300"; "Royal Marriage ... 4 | 8 | 12 | 16"), with
# familyeducation.com's marriages (2, 4, 6, 8) and rarepike.com's arounds and pinochles
# ("Aces | 10 | 100 | 150 | 200", "Jacks | 4 | 40 | 60 | 80", "Quadruple Pinochle ... 90").


@pytest.mark.parametrize(
    ("ids", "counters"),
    [
        (["run", "royal_marriage", "marriage", "pinochle"], 15 + 4 + 2 + 4),
        (["double_run", "double_pinochle", "aces_around"], 150 + 30 + 10),
        (["triple_run"], 225),
        (["quadruple_run"], 300),
        (["royal_marriage"] * 4, 16),  # Pagat's quadruple royal marriage
        (["marriage"] * 4 + ["run"], 8 + 15),  # familyeducation.com: quadruple marriage 8
        (["double_aces", "triple_kings", "quadruple_queens", "jacks_around"], 100 + 120 + 120 + 4),
        (["triple_pinochle"], 60),
        (["quadruple_pinochle", "quadruple_jacks"], 90 + 80),
    ],
)
def test_meld_by_ids_is_valued_by_pagats_table(ids: list[str], counters: int) -> None:
    # Us bid 50 and take 40 counters; their listed meld counts as its value.
    match = play(
        setup(min_meld=0), bid("Ana", 50, (0, 0), (40, 10)) | {"meld": {"Us": ids, "Them": 0}}
    )
    assert match.totals["Us"] == counters + 40
    melds = match.hands[0].facts.meld
    assert melds[0].listed == tuple(ids)


def test_a_meld_list_no_side_can_hold_is_refused_at_its_item() -> None:
    # Four copies of each card: two partners hold at most two double runs, one triple.
    entry = bid("Ana", 50, (0, 0), (30, 20)) | {"meld": {"Us": ["double_run"] * 3, "Them": 0}}
    assert refused(setup(), entry) == "meld.Us[2]: no side holds more than 2 double_run"
    entry = bid("Ana", 50, (0, 0), (30, 20)) | {"meld": {"Us": ["dix"], "Them": 0}}
    assert refused(setup(), entry).startswith("meld.Us[0]: is not a meld; melds are run, ")


def test_the_melds_of_twenty_cards_are_counted_from_the_cards() -> None:
    from scorekeeper.rules.core.cards import Suit
    from scorekeeper.rules.games.pinochle.double_deck_melds import (
        count_melds,
        meld_value,
        read_cards,
    )

    # A triple run in hearts (15 cards) with a fourth K-Q of hearts (a royal marriage beside
    # it: "Any particular card can only belong to one meld of each type"), K-Q of spades and
    # a J of diamonds: with the Q of spades a pinochle.
    cards = read_cards(["AH", "10H", "KH", "QH", "JH"] * 3 + ["KH", "QH", "KS", "QS", "JD"])
    counts = count_melds(cards, Suit.HEARTS)
    assert counts == {"triple_run": 1, "royal_marriage": 1, "marriage": 1, "pinochle": 1}
    assert meld_value(counts) == 225 + 4 + 2 + 4
    # In spades the same cards are a royal marriage and four marriages of hearts.
    counts = count_melds(cards, Suit.SPADES)
    assert counts == {"royal_marriage": 1, "marriage": 4, "pinochle": 1}
    # Kings around twice and aces around once: one of each suit's A, two of each K.
    arounds = read_cards(["AS", "AH", "AD", "AC"] + ["KS", "KH", "KD", "KC"] * 2)
    assert count_melds(arounds, Suit.CLUBS) == {"aces_around": 1, "double_kings": 1}
    with pytest.raises(RuleError) as caught:
        read_cards(["9H"])
    assert str(caught.value) == "cards[0]: '9H' is not in a double-deck pack (A, 10, K, Q, J only)"
    with pytest.raises(RuleError) as caught:
        read_cards(["AH"] * 5)
    assert str(caught.value) == "cards[4]: a double-deck pack holds only four AH"
