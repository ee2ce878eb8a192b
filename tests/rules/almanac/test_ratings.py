"""Ratings per game family (issue 18; docs/records.md "Ratings").

The expected ratings are the library's own: each test calls openskill's Plackett-Luce model
directly, match after match, with the teams and ranks the rules give (worked by hand from
docs/rules.md), and compares with :func:`rate` over the summaries of the same matches.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from openskill.models import PlackettLuce, PlackettLuceRating

from scorekeeper.rules import find_variant
from scorekeeper.rules.almanac.ratings import Rating, rate
from scorekeeper.rules.almanac.summary import MatchSummary, summarise

P3 = ["Ana", "Ben", "Cruz"]
P4 = ["Ana", "Ben", "Cruz", "Dee"]


def play(
    variant: str,
    players: Sequence[str],
    hands: Sequence[Mapping[str, Any]],
    *,
    rules: Mapping[str, Any] | None = None,
    teams: Any = None,
    ended: bool = False,
) -> MatchSummary:
    form = find_variant(variant)
    setup = form.setup(list(players), teams, dict(rules) if rules else None)
    summary = summarise(setup, form.play(setup, hands), ended=ended)
    # The web side keeps summaries as JSON: rate what it will read back.
    return MatchSummary.from_json(json.loads(json.dumps(summary.to_json())))


def meld_hand(meld: Mapping[str, Any], tricks: Mapping[str, int]) -> dict[str, Any]:
    return {"meld": dict(meld), "tricks": dict(tricks)}


# docs/rules.md §2 ``pinochle-4``: Team 1 (Ana, Cruz) reaches 1000 in two hands and wins.
OPPOSITE = [
    meld_hand({"Team 1": ["double_pinochle", "run"], "Team 2": 60}, {"Team 1": 150, "Team 2": 100}),
    meld_hand({"Team 1": ["aces_around", "run"], "Team 2": 20}, {"Team 1": 200, "Team 2": 50}),
]
# The partners rotate: Ana and Ben against Cruz and Dee, who lay a double run (1500) and win.
ROTATED_TEAMS = [
    {"name": "Us", "players": ["Ana", "Ben"]},
    {"name": "Them", "players": ["Cruz", "Dee"]},
]
ROTATED = [meld_hand({"Us": 0, "Them": ["double_run"]}, {"Us": 0, "Them": 250})]
ROBERT_WINS = [meld_hand({"Team 1": 0, "Team 2": ["double_run"]}, {"Team 1": 0, "Team 2": 250})]
# docs/rules.md §2 ``pinochle-3``, ended by the table: Ana first, Ben and Cruz level on 60.
LEVEL = [meld_hand({"Ana": 0, "Ben": 0, "Cruz": 0}, {"Ana": 130, "Ben": 60, "Cruz": 60})]
# docs/rules.md §3: Ben closes in mano (120 + 200), Ana laid nothing (-30 - 100); 1500 ends it.
PINNACOLA = [
    {
        "sides": {"Ana": {"table": 0, "hand": 30}, "Ben": {"table": 1500, "hand": 0}},
        "closed_by": "Ben",
        "in_mano": True,
    }
]


def rated(rating: PlackettLuceRating) -> Rating:
    return Rating(rating.mu, rating.sigma, rating.ordinal())


def test_ratings_are_the_librarys_own_step_by_step() -> None:
    roster = {"Ana": "ana", "Ben": "ben", "Robert": "ben", "Cruz": "cruz", "Dee": "dee"}
    matches = [
        (play("pinochle-4", P4, OPPOSITE), roster),  # 0
        (play("pinnacola", ["Ana", "Ben"], PINNACOLA), roster),  # 1: another family
        (play("pinochle-3", P3, LEVEL), roster),  # 2: not finished: not rated
        (play("pinochle-3", P3, LEVEL, ended=True), roster),  # 3: a tie for second
        # 4: Robert (Ben's other name on the roster) and Dee lay a double run and win.
        (play("pinochle-4", ["Ana", "Robert", "Cruz", "Dee"], ROBERT_WINS), roster),
        (play("pinochle-4", P4, ROTATED, teams=ROTATED_TEAMS), roster),  # 5: partners rotate
    ]
    result = rate(matches)

    model = PlackettLuce()
    pinochle: dict[str, PlackettLuceRating] = {}
    pinnacola: dict[str, PlackettLuceRating] = {}

    def step(
        ratings: dict[str, PlackettLuceRating], teams: list[list[str]], ranks: list[float]
    ) -> None:
        before = [
            [ratings[key] if key in ratings else model.rating() for key in team] for team in teams
        ]
        after = model.rate(before, ranks=ranks)
        for team, new in zip(teams, after, strict=True):
            ratings.update(zip(team, new, strict=True))

    step(pinochle, [["ana", "cruz"], ["ben", "dee"]], [1, 2])  # match 0
    step(pinnacola, [["ben"], ["ana"]], [1, 2])  # match 1
    step(pinochle, [["ana"], ["ben"], ["cruz"]], [1, 2, 2])  # match 3
    step(pinochle, [["ben", "dee"], ["ana", "cruz"]], [1, 2])  # match 4: Robert is ben
    step(pinochle, [["cruz", "dee"], ["ana", "ben"]], [1, 2])  # match 5

    assert result.current == {
        "pinochle": {key: rated(rating) for key, rating in pinochle.items()},
        "pinnacola": {key: rated(rating) for key, rating in pinnacola.items()},
    }
    history = result.history["pinochle"]
    assert [index for index, _ in history["ana"]] == [0, 3, 4, 5]
    assert [index for index, _ in history["dee"]] == [0, 4, 5]
    assert history["ana"][-1][1] == result.current["pinochle"]["ana"]
    assert [index for index, _ in result.history["pinnacola"]["ben"]] == [1]
    # The ordinal is the conservative figure shown: mu - 3 sigma.
    ana = result.current["pinochle"]["ana"]
    assert ana.ordinal == ana.mu - 3 * ana.sigma
    # A first rating starts from the model's default, 25 +- 25/3.
    assert rate([]).current == {}


def test_a_merge_that_puts_one_player_on_both_sides_is_not_rated() -> None:
    summary = play("pinochle-4", P4, OPPOSITE)
    result = rate([(summary, {"Ana": "ana", "Ben": "ana", "Cruz": "cruz", "Dee": "dee"})])
    assert result.current == {}
    assert result.history == {}
