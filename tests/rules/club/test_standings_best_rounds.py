"""Only each player's best rounds count (issue 40 point 7, "best N of M rounds"; docs/club.md
§9.2 "Best rounds"): with ``best_rounds`` k a player's value is the sum of his k best rounds in
the formula's kind, credits included; the others are shown, marked dropped. Averaged with
``measure: "per-round"``, as a poker league ranks: "standings are based on each player's top
scores, averaged together. The number of scores included varies" (kontenderspoker.com,
"Points"). The tie-breaks still count every round.
"""

from __future__ import annotations

import pytest

from scorekeeper.rules.club.standings.ranking import standings
from scorekeeper.rules.core.errors import RuleError
from scorekeeper.rules.games.club_form import individual_form
from tests.rules.club.club_nights import rules_of
from tests.rules.club.test_standings import table_of
from tests.rules.club.test_standings_placing import EIGHT, NEWPORT, NIGHT, THREE_OR_FOUR


def test_the_best_round_of_two_counts() -> None:
    """test_standings_placing's night (placing points 4/9/2/9 and 6/10/2 in round 1, 11/2/4/7
    and 6/6/6 in round 2, the sit-outs 6), each player's better round only."""
    rules = rules_of(THREE_OR_FOUR, formula="placing", placing_points=NEWPORT, best_rounds=1)
    night = standings(rules, THREE_OR_FOUR, EIGHT, NIGHT)
    assert table_of(night, "value", "wins") == [
        ("1", 1, "11", "1"),  # round 2's 11, not round 1's 4
        ("2", 6, "10", "1"),
        ("3=", 2, "9", "0.83"),  # level on wins and on points (1010): shared
        ("3=", 4, "9", "0.83"),
        ("5", 8, "7", "0.29"),  # round 2's 7 beats the sit-out's 6
        ("6", 3, "6", "0.33"),  # P3, P7 and P5 at 6: the wins of every round break it
        ("7", 7, "6", "0.29"),  # the sit-out's 6 kept, round 1's 2 dropped
        ("8", 5, "6", "0"),
    ]
    dropped = {
        row.player: [entry["round"] for entry in row.as_json()["rounds"] if entry["dropped"]]
        for row in night.rows
    }
    assert dropped == {1: [1], 2: [2], 3: [1], 4: [2], 5: [2], 6: [2], 7: [1], 8: [1]}
    # The placing column still sums every round (only the value leaves rounds out).
    assert next(row for row in night.rows if row.player == 1).as_json()["placing"] == "15"


def test_the_best_rounds_averaged() -> None:
    rules = rules_of(
        THREE_OR_FOUR,
        formula="placing",
        placing_points=NEWPORT,
        best_rounds=2,
        measure="per-round",
    )
    night = standings(rules, THREE_OR_FOUR, EIGHT, NIGHT)
    # Two rounds of two: every round counts, the value per round.
    assert table_of(night, "value")[:2] == [("1", 1, "7.5"), ("2=", 2, "7.5")]
    one = rules_of(
        THREE_OR_FOUR,
        formula="placing",
        placing_points=NEWPORT,
        best_rounds=1,
        measure="per-round",
    )
    assert table_of(standings(one, THREE_OR_FOUR, EIGHT, NIGHT), "value")[0] == ("1", 1, "11")


@pytest.mark.parametrize(
    ("given", "refusal"),
    [
        (0, "standings.best_rounds: must be at least 1"),
        (41, "standings.best_rounds: must be at most 40"),
        ("3", "standings.best_rounds: must be a whole number"),
    ],
)
def test_best_rounds_refused_at_its_field(given: object, refusal: str) -> None:
    with pytest.raises(RuleError) as refused:
        rules_of(THREE_OR_FOUR, best_rounds=given)
    assert str(refused.value) == refusal


def test_best_rounds_not_for_a_night_kept_in_units() -> None:
    """A night in units settles every round's money (docs/club.md §11): a value of fewer
    rounds would not be what the players pay."""
    units = individual_form(3, 6, 4, units=True)
    with pytest.raises(RuleError) as refused:
        rules_of(units, formula="units", best_rounds=2)
    assert str(refused.value) == "standings.best_rounds: is not for the formula units"
    assert rules_of(units, formula="wins", best_rounds=2).best_rounds == 2


def test_best_rounds_said_back_and_stored_only_when_set() -> None:
    assert "best_rounds" not in rules_of(THREE_OR_FOUR).as_json()
    rules = rules_of(THREE_OR_FOUR, best_rounds=3)
    assert rules.as_json()["best_rounds"] == 3
    assert rules_of(THREE_OR_FOUR, **rules.as_json()) == rules
