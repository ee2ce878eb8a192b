"""The pinochle forms kept by points: pinochle-2, pinochle-3, pinochle-4, partnership-auction.

Each case cites its rule (docs/rules.md section, seed file, Bicycle, Parlett); expected scores are
worked out from that rule by hand.
"""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.rules import FINISHED, IN_PROGRESS, MatchOverError, RuleError, find_variant
from scorekeeper.rules.core.match import MatchState, Setup


def setup(variant: str, players: list[str], **rules: Any) -> Setup:
    return find_variant(variant).setup(players, rules=rules)


def play(match: Setup, *hands: dict[str, Any]) -> MatchState:
    return find_variant(match.variant).play(match, list(hands))


def refused(match: Setup, *hands: dict[str, Any]) -> RuleError:
    with pytest.raises(RuleError) as caught:
        play(match, *hands)
    return caught.value


def hand(meld: dict[str, Any], tricks: dict[str, int], **more: Any) -> dict[str, Any]:
    return {"meld": meld, "tricks": tricks, **more}


TWO = ["Ana", "Ben"]
THREE = ["Ana", "Ben", "Cruz"]
FOUR = ["Ana", "Ben", "Cruz", "Dee"]

# ---------------------------------------------------------------------------------------------
# Options (docs/rules.md §4)


@pytest.mark.parametrize(
    ("variant", "expected"),
    [
        (
            "pinochle-2",
            {
                "counting": "classic",
                "melds": "standard",
                # seed 000 counts the game in points; "each hand as a game" is option `game`.
                "game": "points",
                "target": 1000,
                "tie_rule": "raise",
                "declare_out": True,
                "trump_by_first_marriage": False,
                "renege": "game",
                # docs/rules.md §4 (revision 2): last_trick 10, meld_reuse new-cards,
                # direction left.
                "last_trick": 10,
                "meld_reuse": "new-cards",
                "direction": "left",
            },
        ),
        (
            "pinochle-3",
            {
                "counting": "classic",
                "melds": "standard",
                # seed 000 counts the game in points; "each hand as a game" is option `game`.
                "game": "points",
                "target": 1000,
                "tie_rule": "raise",
                "declare_out": True,
                "play_on": True,
                # docs/rules.md §4 (revision 2): last_trick 10, meld_reuse new-cards,
                # direction left.
                "last_trick": 10,
                "meld_reuse": "new-cards",
                "direction": "left",
            },
        ),
        (
            "pinochle-4",
            {
                "counting": "classic",
                "melds": "standard",
                # seed 000 counts the game in points; "each hand as a game" is option `game`.
                "game": "points",
                "target": 1000,
                "tie_rule": "raise",
                "partnerships": True,
                # docs/rules.md §4 (revision 2): last_trick 10, saving_trick side, direction left.
                "last_trick": 10,
                "saving_trick": "side",
                "direction": "left",
            },
        ),
        (
            "partnership-auction",
            {
                "min_bid": 250,
                "counting": "classic",
                "melds": "standard",
                "target": 1000,
                # docs/rules.md §4 (revision 2).
                "last_trick": 10,
                "direction": "left",
            },
        ),
    ],
)
def test_default_options(variant: str, expected: dict[str, Any]) -> None:
    assert find_variant(variant).resolve_options(None) == expected
    assert find_variant(variant).resolve_options({}) == expected


@pytest.mark.parametrize(
    ("variant", "rules", "name", "value"),
    [
        ("pinochle-2", {"counting": "simple"}, "target", 100),  # docs/rules.md §4: 100 under simple
        ("pinochle-3", {"counting": "simple", "target": 150}, "target", 150),
        ("pinochle-4", {"partnerships": False}, "partnerships", False),
        ("pinochle-2", {"melds": {"double_pinochle": 400}}, "melds", {"double_pinochle": 400}),
        ("pinochle-3", {"melds": "seed-004"}, "melds", "seed-004"),
        ("pinochle-2", {"tie_rule": "higher"}, "tie_rule", "higher"),
        ("partnership-auction", {"min_bid": 300}, "min_bid", 300),
        ("partnership-auction", {"counting": "counters"}, "counting", "counters"),
    ],
)
def test_options_given(variant: str, rules: dict[str, Any], name: str, value: Any) -> None:
    assert find_variant(variant).resolve_options(rules)[name] == value


@pytest.mark.parametrize(
    ("variant", "rules", "path"),
    [
        ("pinochle-2", {"play_on": False}, "rules.play_on"),  # three-handed only
        ("pinochle-3", {"partnerships": False}, "rules.partnerships"),
        ("pinochle-4", {"declare_out": True}, "rules.declare_out"),
        ("partnership-auction", {"tie_rule": "raise"}, "rules.tie_rule"),
        ("pinochle-2", {"counting": "dutch"}, "rules.counting"),
        ("pinochle-2", {"target": 0}, "rules.target"),
        ("pinochle-2", {"target": True}, "rules.target"),
        ("pinochle-2", {"tie_rule": "coin"}, "rules.tie_rule"),
        ("pinochle-2", {"declare_out": "yes"}, "rules.declare_out"),
        ("pinochle-2", {"melds": {"run": 155}, "counting": "simple"}, "rules.melds.run"),
        # Auctions bid in classic or counters points only (docs/rules.md §4).
        ("partnership-auction", {"counting": "simple"}, "rules.counting"),
        ("partnership-auction", {"min_bid": 90}, "rules.min_bid"),  # Bicycle: lowest bid 100
        ("partnership-auction", {"min_bid": 255}, "rules.min_bid"),
        ("pinochle-3", [], "rules"),
    ],
)
def test_options_refused(variant: str, rules: Any, path: str) -> None:
    with pytest.raises(RuleError) as caught:
        find_variant(variant).resolve_options(rules)
    assert caught.value.path == path


@pytest.mark.parametrize(
    ("variant", "players", "rules", "sides"),
    [
        ("pinochle-2", TWO, {}, ("Ana", "Ben")),
        ("pinochle-3", THREE, {}, ("Ana", "Ben", "Cruz")),
        ("pinochle-4", FOUR, {}, ("Team 1", "Team 2")),  # partners opposite (docs/rules.md §2)
        ("pinochle-4", FOUR, {"partnerships": False}, tuple(FOUR)),  # seed 004
        ("partnership-auction", FOUR, {}, ("Team 1", "Team 2")),
    ],
)
def test_sides(
    variant: str, players: list[str], rules: dict[str, Any], sides: tuple[str, ...]
) -> None:
    assert setup(variant, players, **rules).sides == sides


@pytest.mark.parametrize(
    ("variant", "players"),
    [
        ("pinochle-2", THREE),
        ("pinochle-3", TWO),
        ("pinochle-4", THREE),
        ("partnership-auction", THREE),
    ],
)
def test_player_counts(variant: str, players: list[str]) -> None:
    with pytest.raises(RuleError) as caught:
        setup(variant, players)
    assert caught.value.path == "players"


# ---------------------------------------------------------------------------------------------
# Two-handed (docs/rules.md §2 pinochle-2)


def test_two_handed_hand_scores_meld_plus_tricks() -> None:
    match = setup("pinochle-2", TWO)
    state = play(match, hand({"Ana": 150, "Ben": ["marriage", "dix"]}, {"Ana": 130, "Ben": 120}))
    # docs/api.md example: Ana 150 + 130, Ben 20 + 10 + 120.
    assert state.hands[0].scores == {"Ana": 280, "Ben": 150}
    assert state.totals == {"Ana": 280, "Ben": 150}
    assert state.status == IN_PROGRESS
    assert state.winner is None
    assert state.standings == ("Ana", "Ben")


def test_two_handed_meld_needs_no_trick() -> None:
    # docs/rules.md §1: meld is declared after winning a trick anyway; took_trick changes nothing.
    match = setup("pinochle-2", TWO)
    entry = hand({"Ana": 0, "Ben": 100}, {"Ana": 250, "Ben": 0}, took_trick={"Ben": False})
    assert play(match, entry).hands[0].scores == {"Ana": 250, "Ben": 100}


def test_two_handed_meld_may_be_extended() -> None:
    # docs/rules.md §1 `meld_reuse: extend` (Hoyle): aces around, later extended to eight aces:
    # 100 + 1000. (The default `new-cards` refuses it: test_pinochle_options.py.)
    match = setup("pinochle-2", TWO, meld_reuse="extend")
    entry = hand({"Ana": ["aces_around", "double_aces"], "Ben": 0}, {"Ana": 100, "Ben": 150})
    assert play(match, entry).totals["Ana"] == 1200


def test_dealer_and_leader_rotate() -> None:
    # docs/rules.md §6: the deal passes to the left; the leader sits on the dealer's left.
    match = find_variant("pinochle-2").setup(TWO, dealer="Ben")
    state = play(match)
    assert (state.dealer, state.leader) == ("Ben", "Ana")
    state = play(match, hand({"Ana": 0, "Ben": 0}, {"Ana": 100, "Ben": 150}))
    assert state.hands[0].dealer == "Ben"
    assert (state.dealer, state.leader) == ("Ana", "Ben")


def test_target_reached_alone_wins() -> None:
    match = setup("pinochle-2", TWO)
    hands = [
        hand({"Ana": 600, "Ben": 0}, {"Ana": 150, "Ben": 100}),  # Ana 750, Ben 100
        hand({"Ana": 100, "Ben": 0}, {"Ana": 150, "Ben": 100}),  # Ana 1000: at the target
    ]
    state = play(match, *hands)
    assert state.totals == {"Ana": 1000, "Ben": 200}
    assert (state.status, state.winner, state.target) == (FINISHED, "Ana", 1000)
    with pytest.raises(MatchOverError) as caught:
        play(match, *hands, hand({"Ana": 0, "Ben": 0}, {"Ana": 150, "Ben": 100}))
    assert caught.value.hand == 3


def test_both_over_raises_the_target() -> None:
    # docs/rules.md §2 (Parlett): both at or over 1000 in one hand -> the target is 1250.
    match = setup("pinochle-2", TWO)
    hands = [
        hand({"Ana": 800, "Ben": 800}, {"Ana": 130, "Ben": 120}),  # 930 / 920
        hand({"Ana": 0, "Ben": 0}, {"Ana": 130, "Ben": 120}),  # 1060 / 1040: both over
    ]
    state = play(match, *hands)
    assert (state.status, state.winner, state.target) == (IN_PROGRESS, None, 1250)
    # Ana 1060 + 200 = 1260 >= 1250, Ben 1040 + 50 = 1090.
    state = play(match, *hands, hand({"Ana": 0, "Ben": 0}, {"Ana": 200, "Ben": 50}))
    assert (state.winner, state.target) == ("Ana", 1250)


def test_both_over_again_raises_twice() -> None:
    match = setup("pinochle-2", TWO)
    # Ana 1300, Ben 1260 in one hand: over 1000 and over 1250 -> 1500.
    state = play(match, hand({"Ana": 1200, "Ben": 1140}, {"Ana": 100, "Ben": 150}))
    assert (state.winner, state.target) == (None, 1500)


@pytest.mark.parametrize(
    ("ana", "ben", "winner", "target"),
    [
        (1060, 1040, "Ana", 1000),  # higher total wins at once
        (1040, 1060, "Ben", 1000),
        (1050, 1050, None, 1250),  # equal totals raise as with `raise`
    ],
)
def test_tie_rule_higher(ana: int, ben: int, winner: str | None, target: int) -> None:
    match = setup("pinochle-2", TWO, tie_rule="higher")
    state = play(match, hand({"Ana": ana - 125, "Ben": ben - 125}, {"Ana": 125, "Ben": 125}))
    assert (state.winner, state.target) == (winner, target)


@pytest.mark.parametrize(
    ("meld", "tricks", "winner"),
    [
        # Ana has 900; 60 + 40 more reaches 1000: a right claim wins (seed 004, Britannica).
        (60, 40, "Ana"),
        # 60 + 30 = 990 < 1000: a wrong claim loses the game; the opponent wins.
        (60, 30, "Ben"),
    ],
)
def test_two_handed_declare_out(meld: int, tricks: int, winner: str) -> None:
    match = setup("pinochle-2", TWO)
    first = hand({"Ana": 775, "Ben": 0}, {"Ana": 125, "Ben": 125})  # Ana 900, Ben 125
    out = hand({"Ana": meld, "Ben": 0}, {"Ana": tricks, "Ben": 20}, declared_out="Ana")
    state = play(match, first, out)
    assert (state.status, state.winner) == (FINISHED, winner)
    assert state.standings[0] == winner
    assert state.totals == {"Ana": 900 + meld + tricks, "Ben": 145}


def test_right_claim_wins_even_if_the_opponent_is_higher() -> None:
    match = setup("pinochle-2", TWO)
    # Both below the target, then Ana declares out with both over it: the claim decides.
    first = hand({"Ana": 775, "Ben": 850}, {"Ana": 125, "Ben": 125})  # 900 / 975
    out = hand({"Ana": 100, "Ben": 100}, {"Ana": 10, "Ben": 30}, declared_out="Ana")
    state = play(match, first, out)
    assert state.totals == {"Ana": 1010, "Ben": 1105}
    assert (state.status, state.winner, state.target) == (FINISHED, "Ana", 1000)


def test_declared_out_refused_when_off() -> None:
    match = setup("pinochle-2", TWO, declare_out=False)
    error = refused(match, hand({"Ana": 0, "Ben": 0}, {"Ana": 100, "Ben": 0}, declared_out="Ana"))
    assert error.path == "declared_out"
    assert error.hand == 1


def test_incomplete_tricks_need_a_declaration() -> None:
    match = setup("pinochle-2", TWO)
    error = refused(
        match,
        hand({"Ana": 0, "Ben": 0}, {"Ana": 100, "Ben": 150}),
        hand({"Ana": 0, "Ben": 0}, {"Ana": 100, "Ben": 0}),
    )
    assert (error.path, error.hand) == ("tricks", 2)


@pytest.mark.parametrize(
    ("entry", "path"),
    [
        ({"meld": {"Ana": 0, "Ben": 0}}, "tricks"),
        ({"tricks": {"Ana": 100, "Ben": 150}}, "meld"),
        (hand({"Ana": 0, "Ben": 0}, {"Ana": 100, "Ben": 150}, bid=300), "bid"),
        (hand({"Ana": 0}, {"Ana": 100, "Ben": 150}), "meld.Ben"),
        (hand({"Ana": 0, "Ben": 0, "Cruz": 0}, {"Ana": 100, "Ben": 150}), "meld.Cruz"),
        (hand({"Ana": ["dix"] * 3, "Ben": 0}, {"Ana": 100, "Ben": 150}), "meld.Ana[2]"),
        (hand({"Ana": 0, "Ben": 0}, {"Ana": 100, "Ben": 150}, declared_out="Cruz"), "declared_out"),
        ([1, 2], "_"),
    ],
)
def test_two_handed_entry_refused(entry: Any, path: str) -> None:
    error = refused(setup("pinochle-2", TWO), entry)
    assert (error.path, error.hand) == (path, 1)


def test_simple_counting() -> None:
    # docs/rules.md §5: simple: a run is 15, tricks add up to 25, target 100, raised by 25.
    match = setup("pinochle-2", TWO, counting="simple")
    state = play(match, hand({"Ana": ["run"], "Ben": 0}, {"Ana": 13, "Ben": 12}))
    assert state.totals == {"Ana": 28, "Ben": 12}
    assert state.target == 100
    both = hand({"Ana": 90, "Ben": 90}, {"Ana": 13, "Ben": 12})  # 103 / 102: both over 100
    state = play(match, both)
    assert (state.winner, state.target) == (None, 125)
    error = refused(match, hand({"Ana": 0, "Ben": 0}, {"Ana": 130, "Ben": 120}))
    assert error.path == "tricks.Ana"


def test_counters_counting() -> None:
    match = setup("pinochle-2", TWO, counting="counters")
    assert play(match, hand({"Ana": 0, "Ben": 0}, {"Ana": 140, "Ben": 110})).totals["Ben"] == 110
    assert refused(match, hand({"Ana": 0, "Ben": 0}, {"Ana": 137, "Ben": 113})).path == "tricks.Ana"


def test_seed_004_table_in_a_match() -> None:
    match = setup("pinochle-2", TWO, melds="seed-004")
    state = play(match, hand({"Ana": ["double_pinochle"], "Ben": 0}, {"Ana": 125, "Ben": 125}))
    assert state.totals["Ana"] == 400 + 125


def test_custom_meld_table_in_a_match() -> None:
    match = setup("pinochle-2", TWO, melds={"dix": 20})
    state = play(match, hand({"Ana": ["dix", "marriage"], "Ben": 0}, {"Ana": 125, "Ben": 125}))
    assert state.totals["Ana"] == 20 + 20 + 125


# ---------------------------------------------------------------------------------------------
# Three-handed (docs/rules.md §2 pinochle-3; seed 004)


def test_three_handed_meld_must_be_saved_by_a_trick() -> None:
    match = setup("pinochle-3", THREE)
    entry = hand({"Ana": 100, "Ben": 60, "Cruz": 40}, {"Ana": 150, "Ben": 100, "Cruz": 0})
    state = play(match, entry)
    assert state.hands[0].scores == {"Ana": 250, "Ben": 160, "Cruz": 0}
    assert any("Cruz" in str(note) and "meld" in str(note) for note in state.hands[0].notes)


def test_a_trick_worth_nothing_saves_the_meld() -> None:
    # docs/rules.md §1: a side can win a trick worth 0 (three 9s): the box saves the meld.
    match = setup("pinochle-3", THREE)
    entry = hand(
        {"Ana": 100, "Ben": 60, "Cruz": 40},
        {"Ana": 150, "Ben": 100, "Cruz": 0},
        took_trick={"Cruz": True},
    )
    assert play(match, entry).hands[0].scores == {"Ana": 250, "Ben": 160, "Cruz": 40}


def test_three_handed_melds_all_at_once() -> None:
    match = setup("pinochle-3", THREE)
    entry = hand(
        {"Ana": ["aces_around", "double_aces"], "Ben": 0, "Cruz": 0},
        {"Ana": 150, "Ben": 100, "Cruz": 0},
    )
    assert refused(match, entry).path == "meld.Ana[1]"


OPENING = hand({"Ana": 850, "Ben": 600, "Cruz": 0}, {"Ana": 150, "Ben": 100, "Cruz": 0})
# Ana 1000 (wins), Ben 700, Cruz 0 (no trick: meld 0 anyway).


def test_play_on_after_the_first_winner() -> None:
    # Seed 004: the player who reaches 1000 wins and leaves; the other two play on.
    match = setup("pinochle-3", THREE)
    state = play(match, OPENING)
    assert (state.status, state.winner) == (IN_PROGRESS, "Ana")
    assert state.standings == ("Ana", "Ben", "Cruz")
    assert state.active == ("Ben", "Cruz")
    assert state.extra.get("playing_on") == ["Ben", "Cruz"]
    # Hand 1 was dealt by Ana; the deal passes to Ben, who is still playing.
    assert (state.dealer, state.leader) == ("Ben", "Cruz")


def test_play_on_is_two_handed_with_totals_carried_over() -> None:
    match = setup("pinochle-3", THREE)
    # Play-on is pinochle-2 in every rule (docs/rules.md §5): Cruz's meld needs no trick; under
    # the default meld_reuse: new-cards eight aces are melded with new cards (no aces around).
    cruz = ["double_aces", "queens_around", "jacks_around"]  # 1000 + 60 + 40
    second = hand({"Ben": 0, "Cruz": cruz}, {"Ben": 250, "Cruz": 0})
    state = play(match, OPENING, second)
    assert state.hands[1].scores == {"Ben": 250, "Cruz": 1100}
    assert state.hands[1].active == ("Ben", "Cruz")
    assert state.totals == {"Ana": 1000, "Ben": 950, "Cruz": 1100}
    # Cruz reaches 1000 alone among the two: second place is decided, the match is over.
    assert (state.status, state.winner, state.extra.get("second")) == (FINISHED, "Ana", "Cruz")
    assert state.standings == ("Ana", "Cruz", "Ben")
    assert state.extra.get("third") == "Ben"  # issue 26: the board says who came third


def test_play_on_hands_name_only_the_two() -> None:
    match = setup("pinochle-3", THREE)
    entry = hand({"Ana": 0, "Ben": 0, "Cruz": 0}, {"Ana": 0, "Ben": 125, "Cruz": 125})
    error = refused(match, OPENING, entry)
    assert (error.path, error.hand) == ("meld.Ana", 2)


def test_dealing_skips_the_winner() -> None:
    # docs/rules.md §2: while two play on, the deal skips the winner.
    match = find_variant("pinochle-3").setup(THREE, dealer="Cruz")
    quiet = hand({"Ben": 0, "Cruz": 0}, {"Ben": 50, "Cruz": 200})  # nobody reaches 1000
    state = play(match, OPENING, quiet, quiet, quiet)
    assert [h.dealer for h in state.hands] == ["Cruz", "Ben", "Cruz", "Ben"]
    assert state.dealer == "Cruz"
    assert state.leader == "Ben"


def test_play_on_off_ends_at_the_first_winner() -> None:
    match = setup("pinochle-3", THREE, play_on=False)
    state = play(match, OPENING)
    assert (state.status, state.winner) == (FINISHED, "Ana")
    with pytest.raises(MatchOverError):
        play(match, OPENING, hand({"Ben": 0, "Cruz": 0}, {"Ben": 125, "Cruz": 125}))


def test_two_reach_the_target_together() -> None:
    # Parlett: target +250 among them; the raised target applies to all three.
    match = setup("pinochle-3", THREE)
    first = hand({"Ana": 900, "Ben": 900, "Cruz": 900}, {"Ana": 150, "Ben": 100, "Cruz": 0})
    # Ana 1050, Ben 1000, Cruz 0 (no trick): two over 1000 -> 1250.
    state = play(match, first)
    assert (state.winner, state.target) == (None, 1250)
    late = hand({"Ana": 0, "Ben": 0, "Cruz": 1100}, {"Ana": 100, "Ben": 100, "Cruz": 50})
    # Cruz 1150 would have won at 1000, not at 1250; Ana 1150, Ben 1100.
    state = play(match, first, late)
    assert state.totals == {"Ana": 1150, "Ben": 1100, "Cruz": 1150}
    assert (state.winner, state.target) == (None, 1250)


def test_wrong_claim_in_three_handed_scores_nothing_and_play_goes_on() -> None:
    # Seed 004: a player who declares out wrongly scores nothing for that hand.
    match = setup("pinochle-3", THREE)
    out = hand(
        {"Ana": 100, "Ben": 50, "Cruz": 0},
        {"Ana": 60, "Ben": 20, "Cruz": 10},
        declared_out="Ana",
    )
    state = play(match, out)
    assert state.hands[0].scores == {"Ana": 0, "Ben": 70, "Cruz": 10}
    assert (state.status, state.winner) == (IN_PROGRESS, None)


def test_right_claim_in_three_handed_wins_and_the_others_play_on() -> None:
    match = setup("pinochle-3", THREE)
    first = hand({"Ana": 800, "Ben": 0, "Cruz": 0}, {"Ana": 100, "Ben": 100, "Cruz": 50})
    out = hand(
        {"Ana": 40, "Ben": 0, "Cruz": 0},
        {"Ana": 60, "Ben": 0, "Cruz": 0},
        declared_out="Ana",
    )
    state = play(match, first, out)
    assert state.totals["Ana"] == 1000
    assert (state.status, state.winner, state.active) == (IN_PROGRESS, "Ana", ("Ben", "Cruz"))


def test_wrong_claim_during_play_on_loses_second_place() -> None:
    # Play-on is pinochle-2 in every rule: a wrong claim loses; the opponent takes second.
    match = setup("pinochle-3", THREE)
    out = hand({"Ben": 0, "Cruz": 0}, {"Ben": 100, "Cruz": 0}, declared_out="Ben")
    state = play(match, OPENING, out)
    assert state.hands[1].scores == {"Ben": 100, "Cruz": 0}
    assert (state.status, state.extra.get("second")) == (FINISHED, "Cruz")
    assert state.standings == ("Ana", "Cruz", "Ben")


def test_declare_out_off_in_three_handed() -> None:
    match = setup("pinochle-3", THREE, declare_out=False)
    out = hand(
        {"Ana": 0, "Ben": 0, "Cruz": 0}, {"Ana": 60, "Ben": 0, "Cruz": 0}, declared_out="Ana"
    )
    assert refused(match, out).path == "declared_out"


# ---------------------------------------------------------------------------------------------
# Four-handed (docs/rules.md §2 pinochle-4; seeds 000, 004)


def test_partners_share_a_score_and_save_meld_with_a_trick() -> None:
    match = setup("pinochle-4", FOUR)
    entry = hand({"Team 1": 300, "Team 2": 80}, {"Team 1": 250, "Team 2": 0})
    state = play(match, entry)
    assert state.hands[0].scores == {"Team 1": 550, "Team 2": 0}
    entry["took_trick"] = {"Team 2": True}
    assert play(match, entry).hands[0].scores == {"Team 1": 550, "Team 2": 80}


def test_four_handed_each_for_himself() -> None:
    match = setup("pinochle-4", FOUR, partnerships=False)
    entry = hand(
        {"Ana": 40, "Ben": 20, "Cruz": 0, "Dee": 100},
        {"Ana": 100, "Ben": 50, "Cruz": 100, "Dee": 0},
    )
    assert play(match, entry).hands[0].scores == {"Ana": 140, "Ben": 70, "Cruz": 100, "Dee": 0}


def test_four_handed_has_no_declaring_out() -> None:
    match = setup("pinochle-4", FOUR)
    entry = hand({"Team 1": 0, "Team 2": 0}, {"Team 1": 100, "Team 2": 0}, declared_out="Team 1")
    assert refused(match, entry).path == "declared_out"


def test_four_handed_target_and_leader() -> None:
    match = setup("pinochle-4", FOUR)
    state = play(match, hand({"Team 1": 800, "Team 2": 0}, {"Team 1": 200, "Team 2": 50}))
    assert (state.status, state.winner) == (FINISHED, "Team 1")
    state = play(match, hand({"Team 1": 0, "Team 2": 0}, {"Team 1": 200, "Team 2": 50}))
    assert (state.dealer, state.leader) == ("Ben", "Cruz")


# ---------------------------------------------------------------------------------------------
# Partnership auction (docs/rules.md §2; Bicycle)

US, THEM = "Team 1", "Team 2"  # Ana + Cruz, Ben + Dee


def bid_hand(bidder: str = "Ana", bid: int = 300, **more: Any) -> dict[str, Any]:
    entry: dict[str, Any] = {"bidder": bidder, "bid": bid, "trump": "hearts"}
    entry.update(more)
    return entry


@pytest.mark.parametrize(
    ("entry", "scores"),
    [
        # Made: 120 + 150 = 270 >= 250: the side scores meld + tricks; the others 40 + 100.
        (
            bid_hand(bid=250, meld={US: 120, THEM: 40}, tricks={US: 150, THEM: 100}),
            {US: 270, THEM: 140},
        ),
        # Set: 270 < 300: - bid; the other side still scores meld + tricks.
        (
            bid_hand(bid=300, meld={US: 120, THEM: 40}, tricks={US: 150, THEM: 100}),
            {US: -300, THEM: 140},
        ),
        # The bidding side's meld counts only if it takes a trick: 300 meld, no trick -> set.
        (
            bid_hand(bid=300, meld={US: 300, THEM: 40}, tricks={US: 0, THEM: 250}),
            {US: -300, THEM: 290},
        ),
        # ... and the other side's meld likewise.
        (
            bid_hand(bid=250, meld={US: 100, THEM: 60}, tricks={US: 250, THEM: 0}),
            {US: 350, THEM: 0},
        ),
        # A trick worth nothing saves it.
        (
            bid_hand(
                bid=250,
                meld={US: 100, THEM: 60},
                tricks={US: 250, THEM: 0},
                took_trick={THEM: True},
            ),
            {US: 350, THEM: 60},
        ),
        # Ben bids for Team 2.
        (
            bid_hand("Ben", 350, meld={US: 40, THEM: 200}, tricks={US: 100, THEM: 150}),
            {US: 140, THEM: 350},
        ),
        # Conceded ("throw in"): - bid; the opponents score their meld (no tricks played).
        (bid_hand(bid=300, meld={US: 120, THEM: 40}, conceded=True), {US: -300, THEM: 40}),
        (
            bid_hand(bid=300, meld={US: 120, THEM: 40}, tricks={US: 0, THEM: 0}, conceded=True),
            {US: -300, THEM: 40},
        ),
        # All pass: thrown in, 0 to both.
        ({"outcome": "all_pass"}, {US: 0, THEM: 0}),
        # Meld lists are valued all at once: run + pinochle = 190.
        (
            bid_hand(bid=400, meld={US: ["run", "pinochle"], THEM: 0}, tricks={US: 210, THEM: 40}),
            {US: 400, THEM: 40},
        ),
    ],
)
def test_partnership_auction_hand(entry: dict[str, Any], scores: dict[str, int]) -> None:
    state = play(setup("partnership-auction", FOUR), entry)
    assert state.hands[0].scores == scores
    assert state.totals == scores


def test_all_pass_passes_the_deal() -> None:
    match = setup("partnership-auction", FOUR)
    state = play(match, {"outcome": "all_pass"}, {"outcome": "all_pass"})
    assert [h.dealer for h in state.hands] == ["Ana", "Ben"]
    assert (state.dealer, state.leader) == ("Cruz", "Dee")


@pytest.mark.parametrize(
    ("entry", "path"),
    [
        (bid_hand(bid=240, meld={US: 0, THEM: 0}, tricks={US: 250, THEM: 0}), "bid"),
        (bid_hand(bid=2010, meld={US: 0, THEM: 0}, tricks={US: 250, THEM: 0}), "bid"),
        (bid_hand(bid=305, meld={US: 0, THEM: 0}, tricks={US: 250, THEM: 0}), "bid"),
        (bid_hand("Zed", meld={US: 0, THEM: 0}, tricks={US: 250, THEM: 0}), "bidder"),
        # A bidder is a player, not a team.
        (bid_hand(US, meld={US: 0, THEM: 0}, tricks={US: 250, THEM: 0}), "bidder"),
        (bid_hand(meld={US: 0, THEM: 0}), "tricks"),
        (bid_hand(tricks={US: 250, THEM: 0}), "meld"),
        ({"bid": 300, "meld": {US: 0, THEM: 0}, "tricks": {US: 250, THEM: 0}}, "bidder"),
        (bid_hand(meld={US: 0, THEM: 0}, tricks={US: 200, THEM: 0}), "tricks"),
        (bid_hand(meld={US: 0, THEM: 0}, tricks={US: 250, THEM: 0}, trump="stars"), "trump"),
        (bid_hand(meld={US: 0, THEM: 0}, tricks={US: 250, THEM: 0}, conceded=1), "conceded"),
        (bid_hand(meld={US: 0, THEM: 0}, tricks={US: 250, THEM: 0}, outcome="made"), "outcome"),
        ({"outcome": "all_pass", "bidder": "Ana"}, "bidder"),
        (
            bid_hand(meld={US: 0, THEM: 0}, tricks={US: 200, THEM: 50}, conceded=True),
            f"tricks.{US}",
        ),
        (
            bid_hand(meld={US: 0, THEM: 0}, conceded=True, took_trick={THEM: True}),
            f"took_trick.{THEM}",
        ),
        (
            bid_hand(
                meld={US: ["run", "run", "royal_marriage"], THEM: 0}, tricks={US: 250, THEM: 0}
            ),
            f"meld.{US}[2]",
        ),
        (
            bid_hand(meld={US: 0, THEM: 0}, tricks={US: 250, THEM: 0}, declared_out="Ana"),
            "declared_out",
        ),
    ],
)
def test_partnership_auction_refused(entry: dict[str, Any], path: str) -> None:
    error = refused(setup("partnership-auction", FOUR), entry)
    assert (error.path, error.hand) == (path, 1)


def test_min_bid_option() -> None:
    match = setup("partnership-auction", FOUR, min_bid=300)
    error = refused(match, bid_hand(bid=250, meld={US: 0, THEM: 0}, tricks={US: 250, THEM: 0}))
    assert error.path == "bid"


def test_bidders_counted_first_when_they_make_it() -> None:
    # docs/rules.md §2: both pass the target in one hand and the bidders made it: the bidders win,
    # even with the lower total.
    match = setup("partnership-auction", FOUR)
    start = bid_hand(
        "Ana", 500, meld={US: 650, THEM: 750}, tricks={US: 250, THEM: 0}, took_trick={THEM: True}
    )  # Us 900, Them 750
    # Us 150 + 100 = 250: made; Them 300 + 150.
    last = bid_hand("Ana", 250, meld={US: 150, THEM: 300}, tricks={US: 100, THEM: 150})
    state = play(match, start, last)
    assert state.totals == {US: 900 + 250, THEM: 750 + 450}
    assert (state.status, state.winner, state.target) == (FINISHED, US, 1000)


def test_other_side_wins_when_the_bidders_are_set() -> None:
    match = setup("partnership-auction", FOUR)
    start = bid_hand(
        "Ana", 500, meld={US: 650, THEM: 750}, tricks={US: 250, THEM: 0}, took_trick={THEM: True}
    )  # Us 900, Them 750
    # Us 150 + 100 < 400: set, -400; Them 300 + 150 = 450 -> 1200.
    last = bid_hand("Ana", 400, meld={US: 150, THEM: 300}, tricks={US: 100, THEM: 150})
    state = play(match, start, last)
    assert state.totals == {US: 500, THEM: 1200}
    assert (state.status, state.winner) == (FINISHED, THEM)


def test_conceding_side_cannot_win() -> None:
    match = setup("partnership-auction", FOUR)
    start = bid_hand(
        "Ben", 250, meld={US: 700, THEM: 700}, tricks={US: 125, THEM: 125}
    )  # Us 825, Them 825
    last = bid_hand("Ana", 300, meld={US: 300, THEM: 200}, conceded=True)
    state = play(match, start, last)
    assert state.totals == {US: 525, THEM: 1025}
    assert state.winner == THEM


def test_three_handed_higher_rule_places_first_and_second_in_one_hand() -> None:
    # tie_rule higher (docs/rules.md §2): the higher total wins at once. Ben also reached the
    # target in that hand, alone among the two who would play on: he is second (our reading:
    # play on decides second place only while nobody has it).
    match = setup("pinochle-3", THREE, tie_rule="higher")
    entry = hand({"Ana": 950, "Ben": 950, "Cruz": 0}, {"Ana": 150, "Ben": 100, "Cruz": 0})
    state = play(match, entry)
    assert state.totals == {"Ana": 1100, "Ben": 1050, "Cruz": 0}
    assert (state.status, state.winner, state.extra.get("second")) == (FINISHED, "Ana", "Ben")
    assert state.standings == ("Ana", "Ben", "Cruz")


def test_play_on_tie_raises_the_target_for_the_two() -> None:
    # Play-on is pinochle-2: both over in one hand -> +250 (Parlett).
    match = setup("pinochle-3", THREE)
    both = hand({"Ben": 200, "Cruz": 900}, {"Ben": 125, "Cruz": 125})  # Ben 1025, Cruz 1025
    state = play(match, OPENING, both)
    assert state.totals == {"Ana": 1000, "Ben": 1025, "Cruz": 1025}
    assert (state.status, state.target, state.extra.get("second")) == (IN_PROGRESS, 1250, None)
    assert state.winner == "Ana"
    assert state.standings[0] == "Ana"


def test_four_handed_each_for_himself_loses_meld_without_a_trick() -> None:
    match = setup("pinochle-4", FOUR, partnerships=False)
    entry = hand(
        {"Ana": 40, "Ben": 20, "Cruz": 60, "Dee": 100},
        {"Ana": 100, "Ben": 50, "Cruz": 100, "Dee": 0},
    )
    state = play(match, entry)
    assert state.hands[0].scores == {"Ana": 140, "Ben": 70, "Cruz": 160, "Dee": 0}


def test_error_names_the_hand_it_concerns() -> None:
    match = setup("pinochle-4", FOUR)
    good = hand({"Team 1": 0, "Team 2": 0}, {"Team 1": 100, "Team 2": 150})
    error = refused(match, good, good, hand({"Team 1": 0, "Team 2": 0}, {"Team 1": 100}))
    assert (error.path, error.hand) == ("tricks.Team 2", 3)
