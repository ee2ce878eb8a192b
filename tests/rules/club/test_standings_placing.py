"""Placing points per round (issue 40 point 7; docs/club.md §9.2 ``placing``): each table's
sides ranked, each place worth the points of its row, level sides sharing their places' points.

The rows and the rules are the Newport Pagnell Board Games league's ("Scoring system for the
league is: 4-player game 11, 7, 4, 2. 3-player game 10, 6, 2. [...] If there is no tie-breaker
on a game then the points are split. [...] one player may take a bye for that round and score
2pts", newport-pagnell-boardgames.org.uk, "League Table"), and the IFPA's group scoring for
four-player groups, 7/5/3/1 (matchplay.events handbook, "Scoring").
"""

from __future__ import annotations

import pytest

from scorekeeper.rules.club.standings.ranking import RoundResults, TableResult, standings
from scorekeeper.rules.core.errors import RuleError
from scorekeeper.rules.games.club_form import individual_form, partnership_form
from tests.rules.club.club_nights import game, rules_of
from tests.rules.club.test_standings import table_of

#: Tables of three or four, each for himself, kept in points.
THREE_OR_FOUR = individual_form(3, 4, 4)
NEWPORT = [[11, 7, 4, 2], [10, 6, 2]]
EIGHT = [(n, f"P{n}") for n in range(1, 9)]


def each(table: int, seats: tuple[int, ...], totals: tuple[int, ...]) -> TableResult:
    """A table where each plays for himself, one hand stored."""
    return TableResult(table, seats, tuple((p,) for p in seats), totals, None, None, 1)


#: Round 1: P2 and P4 level on top of table 1; P8 sits out. Round 2: all three level at
#: table 2; P7 sits out.
NIGHT = [
    RoundResults(
        1,
        "closed",
        (each(1, (1, 2, 3, 4), (520, 610, 380, 610)), each(2, (5, 6, 7), (300, 450, 120))),
        (8,),
        (),
    ),
    RoundResults(
        2,
        "closed",
        (each(1, (1, 5, 6, 8), (700, 200, 350, 500)), each(2, (2, 3, 4), (400, 400, 400))),
        (7,),
        (),
    ),
]


def test_each_place_earns_its_row_and_level_places_split_the_points() -> None:
    rules = rules_of(THREE_OR_FOUR, formula="placing", placing_points=NEWPORT)
    night = standings(rules, THREE_OR_FOUR, EIGHT, NIGHT)
    row_of = {row.player: row.as_json() for row in night.rows}
    # Round 1, table of four: P2 and P4 share 1st and 2nd, (11 + 7) / 2 = 9 each; P1 3rd, 4;
    # P3 4th, 2. Table of three: P6 10, P5 6, P7 2.
    assert [row_of[p]["rounds"][0]["placing"] for p in (1, 2, 3, 4, 5, 6, 7)] == [
        "4",
        "9",
        "2",
        "9",
        "6",
        "10",
        "2",
    ]
    # Round 2, a three-way tie at the table of three: (10 + 6 + 2) / 3 = 6 each.
    assert [row_of[p]["rounds"][1]["placing"] for p in (2, 3, 4)] == ["6", "6", "6"]
    assert table_of(night, "value", "placing", "wins") == [
        ("1", 1, "15", "15", "1"),  # 4 + 11; round 2's table alone
        ("2=", 2, "15", "15", "0.83"),  # 9 + 6; wins 1/2 + 1/3, points 610 + 400
        ("2=", 4, "15", "15", "0.83"),  # 9 + 6; the same wins and points
        ("4", 6, "14", "14", "1"),  # 10 + 4
        # Sat out round 1: the round's average, (24 + 18) / 7 = 6; then 7.
        ("5", 8, "13", "13", "0.29"),
        ("6", 3, "8", "8", "0.33"),  # 2 + 6
        ("7", 7, "8", "8", "0.29"),  # 2 + round 2's average, 6; wins: its average, 2/7
        ("8", 5, "8", "8", "0"),  # 6 + 2
    ]


def test_a_bye_scores_the_leagues_two_points() -> None:
    """The league's bye, "one player may take a bye for that round and score 2pts": a fixed
    sit-out credit of 2, in placing points; his wins for the tie-breaks count the round as an
    average would (2 placing points are not 2 wins)."""
    rules = rules_of(
        THREE_OR_FOUR, formula="placing", placing_points=NEWPORT, sitout="fixed", sitout_points=2
    )
    night = standings(rules, THREE_OR_FOUR, EIGHT, NIGHT)
    assert table_of(night, "value") == [
        ("1", 1, "15"),
        ("2=", 2, "15"),
        ("2=", 4, "15"),
        ("4", 6, "14"),
        ("5", 8, "9"),  # 2 (the bye) + 7
        ("6", 3, "8"),
        ("7", 5, "8"),
        ("8", 7, "4"),  # 2 + 2 (the bye)
    ]
    eight = next(row for row in night.rows if row.player == 8)
    # Round 1's average result over the seven seats played: 1/2 + 1/2 + 1 = 2 of 7.
    assert eight.rounds[0].credit == 2
    assert str(eight.wins) == "2/7"


def test_the_rules_winner_places_first_and_a_pairs_table_has_two_places() -> None:
    """At a partnership table the two sides take the row of two places; the rules' winner is
    first whatever the totals (IFPA's 7/5/3/1 row needs a table of four sides: refused)."""
    form = partnership_form()
    rules = rules_of(form, formula="placing", placing_points=[[3, 1]])
    night = standings(
        rules,
        form,
        [(n, f"P{n}") for n in range(1, 5)],
        [RoundResults(1, "closed", (game(1, (1, 3), (2, 4), (900, 1020), winner=0),), (), ())],
    )
    assert table_of(night, "value") == [
        ("1=", 1, "3"),
        ("1=", 3, "3"),
        ("3=", 2, "1"),
        ("3=", 4, "1"),
    ]
    with pytest.raises(RuleError) as refused:
        rules_of(form, formula="placing", placing_points=[[7, 5, 3, 1]])
    assert str(refused.value) == (
        "standings.placing_points[0]: has 4 places: a table of this night has 2 sides"
    )


@pytest.mark.parametrize(
    ("given", "refusal"),
    [
        (None, "standings.placing_points: is required with the formula placing"),
        ([[11, 7, 4, 2]], "standings.placing_points: needs a row for 3 sides"),
        (
            [[11, 7, 4, 2], [10, 6, 2], [10, 6, 2]],
            "standings.placing_points[2]: a second row for 3 sides",
        ),
        ([[11, 7, 9, 2], [10, 6, 2]], "standings.placing_points[0][2]: must be at most 7"),
        ([[11, 7, 4, 2], [10, 6, -1]], "standings.placing_points[1][2]: must be at least 0"),
        ([[1001, 7, 4, 2], [10, 6, 2]], "standings.placing_points[0][0]: must be at most 1000"),
        (
            [[11, 7, 4, 2, 1], [10, 6, 2]],
            "standings.placing_points[0]: has 5 places: a table of this night has 3 to 4 sides",
        ),
        ("11 7 4 2", "standings.placing_points: must be a list"),
    ],
)
def test_placing_points_are_refused_at_their_field(given: object, refusal: str) -> None:
    body: dict[str, object] = {"formula": "placing"}
    if given is not None:
        body["placing_points"] = given
    with pytest.raises(RuleError) as refused:
        rules_of(THREE_OR_FOUR, **body)
    assert str(refused.value) == refusal


def test_placing_points_only_with_their_formula_and_stored_only_with_it() -> None:
    with pytest.raises(RuleError) as refused:
        rules_of(THREE_OR_FOUR, placing_points=NEWPORT)
    assert str(refused.value) == "standings.placing_points: is only for the formula placing"
    assert "placing_points" not in rules_of(THREE_OR_FOUR).as_json()
    rules = rules_of(THREE_OR_FOUR, formula="placing", placing_points=NEWPORT)
    shown = rules.as_json()
    assert (shown["placing_points"], shown["tie_breaks"]) == (
        [[10, 6, 2], [11, 7, 4, 2]],
        ["wins", "points"],
    )
    assert rules_of(THREE_OR_FOUR, **shown) == rules  # read back unchanged
