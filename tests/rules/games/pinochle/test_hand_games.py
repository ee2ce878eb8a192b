"""Seed 000's "each hand as a game" (issue 39 point 4; docs/rules.md §2 "Each hand as a game"):
"Cada una de las manos se puede contar igual que el juego; el jugador que obtiene el mayor
número de puntos gana la mano" (each hand may be counted like the game; the player who gets the
most points wins the hand), the hand's points being "cantes más puntos en cada baza" (meld plus
the points of each trick)."""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.rules import RuleError, find_variant
from scorekeeper.rules.almanac.records import compile_records
from scorekeeper.rules.almanac.summary import summarise
from scorekeeper.rules.core.errors import MatchOverError
from scorekeeper.rules.core.match import FINISHED, IN_PROGRESS, MatchState, Setup


def two(ana: tuple[int, int], ben: tuple[int, int], **more: Any) -> dict[str, Any]:
    """A two-handed hand: each player's (meld, tricks)."""
    return {
        "meld": {"Ana": ana[0], "Ben": ben[0]},
        "tricks": {"Ana": ana[1], "Ben": ben[1]},
        **more,
    }


def setup(variant: str = "pinochle-2", **rules: Any) -> Setup:
    players = {"pinochle-2": 2, "pinochle-3": 3, "pinochle-4": 4}[variant]
    names = ["Ana", "Ben", "Cruz", "Dee"][:players]
    return find_variant(variant).setup(names, rules={"game": "hands", **rules})


def play(match: Setup, *hands: dict[str, Any]) -> MatchState:
    return find_variant(match.variant).play(match, list(hands))


def test_the_higher_score_of_meld_and_tricks_wins_the_hand_and_three_win_the_match() -> None:
    # Ben takes more in tricks (130 to 120) but Ana's 40 of meld gives her 160 to 130: seed 000
    # counts "cantes más puntos en cada baza" (meld plus trick points).
    hands = [two((40, 120), (0, 130)), two((0, 100), (60, 150)), two((100, 125), (0, 125))]
    match = play(setup(), *hands)
    assert match.totals == {"Ana": 2, "Ben": 1}
    assert [dict(h.scores or {}) for h in match.hands] == [
        {"Ana": 1, "Ben": 0},
        {"Ana": 0, "Ben": 1},
        {"Ana": 1, "Ben": 0},
    ]
    assert [str(h.notes[0]) for h in match.hands] == [
        "Ana wins the hand with 160",
        "Ben wins the hand with 210",
        "Ana wins the hand with 225",
    ]
    assert match.status == IN_PROGRESS
    assert match.target is None
    done = play(setup(), *hands, two((20, 190), (0, 60)))
    assert done.status == FINISHED
    assert done.winner == "Ana"
    assert done.totals == {"Ana": 3, "Ben": 1}
    assert str(done.hands[-1].notes[-1]) == "Ana wins the match"
    with pytest.raises(MatchOverError):
        play(setup(), *hands, two((20, 190), (0, 60)), two((0, 125), (0, 125)))


def test_a_tied_hand_is_won_by_nobody_or_by_each_as_the_option_says() -> None:
    tied = two((20, 115), (0, 135))  # 135 each
    nobody = play(setup(), tied)
    assert nobody.totals == {"Ana": 0, "Ben": 0}
    assert str(nobody.hands[0].notes[0]) == "Ana & Ben tie with 135: nobody wins the hand"
    each = play(setup(hand_tie="each"), tied)
    assert each.totals == {"Ana": 1, "Ben": 1}


def test_a_fixed_number_of_hands_goes_to_the_most_won_and_a_level_count_plays_on() -> None:
    rules: dict[str, Any] = {"hands_won": None, "hands": 2}
    won, lost = two((0, 200), (0, 50)), two((0, 50), (0, 200))
    level = play(setup(**rules), won, lost)
    assert level.status == IN_PROGRESS
    assert level.totals == {"Ana": 1, "Ben": 1}
    assert str(level.hands[-1].notes[-1]) == "equal hands won: another hand is played"
    after = play(setup(**rules), won, lost, lost)
    assert after.status == FINISHED
    assert after.winner == "Ben"
    # With both, whichever comes first ends it: 2 hands won before 5 hands.
    early = play(setup(hands_won=2, hands=5), won, won)
    assert early.winner == "Ana"
    assert len(early.hands) == 2


def test_three_handed_a_meld_without_a_trick_does_not_count_towards_the_hand() -> None:
    # docs/rules.md §1: everybody melds before play, and meld needs a trick. Cruz's 150 run is
    # lost (no trick), so Ben's 190 in tricks beats Ana's 40 + 60 and Cruz's 150 of meld.
    hand = {
        "meld": {"Ana": 40, "Ben": 0, "Cruz": 150},
        "tricks": {"Ana": 60, "Ben": 190, "Cruz": 0},
        "took_trick": {"Ana": True, "Ben": True, "Cruz": False},
    }
    match = play(setup("pinochle-3"), hand)
    assert match.totals == {"Ana": 0, "Ben": 1, "Cruz": 0}
    assert [str(n) for n in match.hands[0].notes] == [
        "Cruz: meld lost, no trick",
        "Ben wins the hand with 190",
    ]


def test_four_handed_partners_win_hands_as_a_side() -> None:
    match = play(
        setup("pinochle-4"),
        {"meld": {"Team 1": 100, "Team 2": 20}, "tricks": {"Team 1": 110, "Team 2": 140}},
    )
    assert match.totals == {"Team 1": 1, "Team 2": 0}


def test_a_renege_loses_the_hand_and_under_the_seed_every_hand_won() -> None:
    # Seed 004: "теряет все заработанные в данной партии очки" (loses all he earned in this
    # game): Ana's hand won is lost too; the house reading loses her this hand only.
    first, reneged = two((0, 200), (0, 50)), two((150, 130), (0, 120), renege="Ana")
    game = play(setup(), first, reneged)
    assert game.totals == {"Ana": 0, "Ben": 1}
    assert game.hands[1].scores == {"Ana": -1, "Ben": 1}
    hand = play(setup(renege="hand"), first, reneged)
    assert hand.totals == {"Ana": 1, "Ben": 1}


@pytest.mark.parametrize(
    ("rules", "path"),
    [
        ({"target": 500}, "rules.target"),
        ({"tie_rule": "higher"}, "rules.tie_rule"),
        ({"declare_out": False}, "rules.declare_out"),
        ({"hands_won": None}, "rules.hands_won"),
        ({"hands_won": 0}, "rules.hands_won"),
        ({"hand_tie": "dealer"}, "rules.hand_tie"),
    ],
)
def test_options_of_a_race_to_a_target_are_refused_by_name(
    rules: dict[str, Any], path: str
) -> None:
    with pytest.raises(RuleError) as caught:
        setup(**rules)
    assert caught.value.path == path
    with pytest.raises(RuleError) as caught:
        find_variant("pinochle-3").setup(
            ["Ana", "Ben", "Cruz"], rules={"game": "hands", "play_on": True}
        )
    assert caught.value.path == "rules.play_on"


def test_the_options_appear_only_with_game_hands_and_a_match_in_points_is_unchanged() -> None:
    variant = find_variant("pinochle-2")
    points = variant.setup(["Ana", "Ben"]).options
    assert points["game"] == "points"
    assert "hands_won" not in points
    assert points["target"] == 1000
    # A match stored before the option (no "game") replays in points, as it was played.
    stored = Setup("pinochle-2", {k: v for k, v in points.items() if k != "game"}, ("Ana", "Ben"))
    match = play(stored, two((40, 120), (0, 130)))
    assert match.totals == {"Ana": 160, "Ben": 130}
    assert match.target == 1000
    table = variant.layout(setup())
    assert table.counts_hands
    assert table.hands_goal == 3
    assert table.hands_limit is None
    assert not table.declare_out
    assert not variant.layout(stored).counts_hands


def test_the_records_count_hands_won_and_keep_them_out_of_points_per_hand() -> None:
    match = setup()
    hands = [two((40, 120), (0, 130)), two((0, 100), (60, 150)), two((0, 125), (0, 125))]
    summary = summarise(match, play(match, *hands), ended=False)
    assert summary.by_player["Ana"].points is None
    assert summary.by_player["Ana"].groups["hands_won"] == {"hands": 3, "won": 1}
    found = compile_records([(summary, {})])
    ana = found.players["Ana"].families["pinochle"]
    assert ana.points_per_hand is None
    assert ana.hands_won is not None
    assert (ana.hands_won.won.count, ana.hands_won.won.out_of) == (
        1,
        3,
    )


def test_one_hand_won_plays_every_deal_as_the_game() -> None:
    # "Pinocle" (games-of-playing-cards.pokerwiner.com): "Every deal may constitute a game".
    match = play(setup(hands_won=1), two((0, 140), (20, 110)))  # 140 to 130
    assert match.status == FINISHED
    assert match.winner == "Ana"
    assert match.totals == {"Ana": 1, "Ben": 0}
