"""The standings of a club night (docs/club.md §9): the acceptance cases 21-25 of docs/club.md
§19, built from the cases' totals with the seats of case 1's Wh(8) games, and the rules around
them (credits, live rounds, shared places, head-to-head, the measure per round)."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from scorekeeper.rules.club.standings.ranking import (
    Adjustment,
    RoundResults,
    Standings,
    TableResult,
    figure,
    standings,
)
from scorekeeper.rules.games.club_form import ClubForm
from tests.rules.club.club_nights import (
    CASE_21_ROUNDS,
    CASE_22_PLACES,
    CASE_23_PLACES,
    CASE_25_NAMES,
    CASE_25_PLACES,
    EIGHT,
    FOUR,
    game,
    rules_of,
    units_table,
)

#: pinochle-3, each for himself.
THREE = ClubForm(3, 3, 3, False, False, ("rotating-tables",), ("points", "wins"), False)
#: auction in units, tables of 3 to 6.
UNITS = ClubForm(3, 6, 4, False, True, ("rotating-tables",), ("units", "wins"), False)


def table_of(night: Standings, *fields: str) -> list[tuple[object, ...]]:
    """(place-as-shown, player, fields...) per row, figures as the API writes them."""
    out: list[tuple[object, ...]] = []
    for row in night.rows:
        shown = row.as_json()
        place = f"{row.place}=" if row.shared else str(row.place)
        out.append((place, row.player, *(shown[f] for f in fields)))
    return out


def test_case_21_points_with_wins_then_margin() -> None:
    night = standings(rules_of(), FOUR, EIGHT, CASE_21_ROUNDS)
    assert table_of(night, "value", "wins", "margin") == [
        ("1", 6, "2070", "3", "740"),
        ("2", 2, "1970", "2.5", "840"),
        ("3", 7, "1770", "1", "160"),
        ("4", 8, "1620", "1.5", "60"),
        ("5", 4, "1620", "1", "-190"),
        ("6", 5, "1420", "1.5", "-290"),
        ("7", 1, "1320", "1", "-710"),
        ("8", 3, "1270", "0.5", "-610"),
    ]
    assert sum(row.margin for row in night.rows) == 0
    assert night.after_round == 3
    assert night.live is False


def test_case_21_without_tie_breaks_shares_fourth_place() -> None:
    night = standings(rules_of(tie_breaks=[]), FOUR, EIGHT, CASE_21_ROUNDS)
    assert [place for place, *_ in table_of(night)] == ["1", "2", "3", "4=", "4=", "6", "7", "8"]
    assert [row.player for row in night.rows][3:5] == [4, 8]


def test_case_21_row_as_the_api_shows_it() -> None:
    night = standings(rules_of(), FOUR, EIGHT, CASE_21_ROUNDS)
    fay = night.rows[0].as_json()
    assert fay["name"] == "P6"
    assert (fay["points"], fay["against"], fay["vp"], fay["units"]) == ("2070", "1330", None, None)
    assert (fay["played"], fay["sat_out"], fay["absent"], fay["adjustments"]) == (3, 0, 0, "0")
    assert fay["rounds"][0] == {
        "round": 1,
        "status": "played",
        "table": 1,
        "seat": 3,
        "partners": [1],
        "opponents": [4, 7],
        "points": 640,
        "against": "510",
        "margin": "130",
        "result": "1",
        "vp": None,
        "units": None,
        "credit": None,
        "live": False,
        "placing": None,
        "dropped": False,
    }
    assert fay["placing"] is None
    assert night.as_json()["formula"] == "points"
    assert night.as_json()["hidden"] is False


def test_case_22_wins_with_points_then_margin() -> None:
    night = standings(rules_of(formula="wins"), FOUR, EIGHT, CASE_21_ROUNDS)
    assert table_of(night, "value") == CASE_22_PLACES


def test_case_23_victory_points_burraco_4() -> None:
    rules = rules_of(formula="vp", vp_table="burraco-4")
    night = standings(rules, FOUR, EIGHT, CASE_21_ROUNDS)
    by_game = [[e.vp for e in row.rounds] for row in sorted(night.rows, key=lambda r: r.player)]
    assert by_game[0] == [11, 8, 7]  # P1: 1&6 won by 130, 5&1 lost by 320, 3&1 lost by 520
    assert by_game[2] == [10, 10, 7]  # P3: drawn 450-450, 520 v 610 (90: 10-10), then 7
    assert table_of(night, "value") == CASE_23_PLACES
    assert sum(row.value for row in night.rows) == 240


FIVE = [(n, f"P{n}") for n in range(1, 6)]
#: docs/club.md §19 case 24: Wh(5) rounds 1-2, round.hands 1.
CASE_24_ROUNDS = (
    RoundResults(1, "closed", (game(1, (2, 5), (3, 4), (600, 400)),), (1,), ()),
    RoundResults(2, "closed", (game(1, (3, 1), (4, 5), (500, 700)),), (2,), ()),
)


def credit_of(night: Standings, player: int, round_: int) -> str | None:
    row = next(r for r in night.rows if r.player == player)
    entry = next(e for e in row.as_json()["rounds"] if e["round"] == round_)
    assert entry["status"] == "sat_out"
    assert (entry["margin"], entry["against"]) == ("0", None)
    credit: str | None = entry["credit"]
    return credit


def test_case_24a_average_credit() -> None:
    night = standings(rules_of(sitout="average"), FOUR, FIVE, CASE_24_ROUNDS)
    assert (credit_of(night, 1, 1), credit_of(night, 2, 2)) == ("500", "600")
    assert table_of(night, "value") == [
        ("1", 5, "1300"),
        ("2", 2, "1200"),
        ("3", 4, "1100"),
        ("4", 1, "1000"),
        ("5", 3, "900"),
    ]
    assert [row.sat_out for row in night.rows] == [0, 1, 0, 1, 0]


def test_case_24b_zero_credit() -> None:
    night = standings(rules_of(sitout="zero"), FOUR, FIVE, CASE_24_ROUNDS)
    assert table_of(night, "value") == [
        ("1", 5, "1300"),
        ("2", 4, "1100"),
        ("3", 3, "900"),
        ("4", 2, "600"),
        ("5", 1, "500"),
    ]


def test_case_24c_winners_average_credit() -> None:
    rules = rules_of(sitout="winners-average", tie_breaks=["wins", "margin"])
    night = standings(rules, FOUR, FIVE, CASE_24_ROUNDS)
    assert (credit_of(night, 1, 1), credit_of(night, 2, 2)) == ("600", "700")
    assert table_of(night, "value", "wins") == [
        ("1", 5, "1300", "2"),
        ("2", 2, "1300", "1.5"),
        ("3", 4, "1100", "1"),
        ("4", 1, "1100", "0.5"),
        ("5", 3, "900", "0"),
    ]


def test_a_fixed_credit_for_a_round_sat_out() -> None:
    """A fixed score for sitting out (issue 40 point 7; docs/club.md §9.3): "Players who thru
    required move arrive at the 'Sit Out' will record 7 points for the game they sat out"
    (a euchre club's season letter, "Euchre for the 2017/18 Season", September 2017), on case
    24's two rounds: P1 sits out round 1, P2 round 2."""
    night = standings(rules_of(sitout="fixed", sitout_points=7), FOUR, FIVE, CASE_24_ROUNDS)
    assert (credit_of(night, 1, 1), credit_of(night, 2, 2)) == ("7", "7")
    assert table_of(night, "value") == [
        ("1", 5, "1300"),  # 600 + 700
        ("2", 4, "1100"),  # 400 + 700
        ("3", 3, "900"),  # 400 + 500
        ("4", 2, "607"),  # 600 + 7
        ("5", 1, "507"),  # 7 + 500
    ]
    # Standings by wins: the fixed credit is in the formula's measure (a win for a sit-out).
    wins = standings(
        rules_of(formula="wins", sitout="fixed", sitout_points=1), FOUR, FIVE, CASE_24_ROUNDS
    )
    assert (credit_of(wins, 1, 1), credit_of(wins, 2, 2)) == ("1", "1")


#: docs/club.md §19 case 25: auction in units, tables of four seated in draw order.
CASE_25_ROUND = RoundResults(
    1,
    "closed",
    (units_table(1, (1, 2, 3, 4), (12, -4, -4, -4)), units_table(2, (5, 6, 7, 8), (3, 3, -10, 4))),
    (),
    (),
)


def test_case_25_units_standings() -> None:
    rules = rules_of(UNITS)
    assert (rules.formula, rules.tie_breaks) == ("units", ())
    players = list(enumerate(CASE_25_NAMES, start=1))
    night = standings(rules, UNITS, players, [CASE_25_ROUND])
    shown = [
        (place, row.name, row.as_json()["value"])
        for (place, *_), row in zip(table_of(night), night.rows, strict=True)
    ]
    assert shown == CASE_25_PLACES
    assert night.rows[0].as_json()["units"] == "12"


def test_three_sides_against_is_the_mean_and_a_shared_top_splits_the_result() -> None:
    table = TableResult(1, (1, 2, 3), ((1,), (2,), (3,)), (500, 500, 200), None, None, 12)
    night = standings(
        rules_of(THREE),
        THREE,
        [(1, "A"), (2, "B"), (3, "C")],
        [RoundResults(1, "closed", (table,), (), ())],
    )
    assert table_of(night, "value", "wins", "against", "margin") == [
        ("1=", 1, "500", "0.5", "350", "150"),
        ("1=", 2, "500", "0.5", "350", "150"),
        ("3", 3, "200", "0", "500", "-300"),
    ]


def test_the_rules_winner_wins_whatever_the_totals() -> None:
    # docs/club.md §9.1: "the rules ended the match with a winner: that side 1, the others 0".
    won = game(1, (1, 3), (2, 4), (980, 1010), winner=0)
    night = standings(
        rules_of(formula="wins"), FOUR, EIGHT[:4], [RoundResults(1, "closed", (won,), (), ())]
    )
    assert [(row.player, figure(row.value)) for row in night.rows] == [
        (1, "1"),
        (3, "1"),
        (2, "0"),
        (4, "0"),
    ]


def test_a_table_without_a_hand_counts_as_a_sit_out_once_closed() -> None:
    # docs/club.md §5 and §19 case 30: after the close the table with 0 hands is sat out.
    rounds = [
        RoundResults(
            1,
            "closed",
            (game(1, (1, 6), (4, 7), (640, 510)), game(2, (2, 3), (5, 8), (0, 0), hands=0)),
            (),
            (),
        )
    ]
    night = standings(rules_of(), FOUR, EIGHT, rounds)
    two = next(row for row in night.rows if row.player == 2)
    assert (two.played, two.sat_out, figure(two.value)) == (0, 1, "575")  # (640+640+510+510)/4


def test_the_round_in_play_shows_live_or_hides() -> None:
    rounds = [
        *CASE_21_ROUNDS[:2],
        RoundResults(
            3,
            "playing",
            (game(1, (3, 1), (6, 2), (300, 820)), game(2, (4, 5), (7, 8), (0, 0), hands=0)),
            (),
            (),
        ),
    ]
    shown = standings(rules_of(), FOUR, EIGHT, rounds)
    assert (shown.live, shown.after_round) == (True, 2)
    six = next(row for row in shown.rows if row.player == 6)
    assert (figure(six.value), six.rounds[-1].live) == ("2070", True)
    four = next(row for row in shown.rows if row.player == 4)
    assert [e.round for e in four.rounds] == [1, 2]  # table 2 has no hand yet: not counted
    hidden = standings(rules_of(live_round="hide"), FOUR, EIGHT, rounds)
    assert hidden.live is False
    assert figure(next(r for r in hidden.rows if r.player == 6).value) == "1250"


def test_after_round_counts_the_closed_rounds_up_to_it() -> None:
    night = standings(rules_of(), FOUR, EIGHT, CASE_21_ROUNDS, after_round=1)
    assert night.after_round == 1
    assert [(row.player, figure(row.value)) for row in night.rows][:2] == [(1, "640"), (6, "640")]


def test_hidden_standings_show_nothing() -> None:
    night = standings(rules_of(reveal="at-end"), FOUR, EIGHT, CASE_21_ROUNDS)
    assert night.as_json(hidden=True) == {
        "formula": "points",
        "after_round": None,
        "live": False,
        "hidden": True,
        "rows": [],
    }
    assert len(night.as_json()["rows"]) == 8


def test_absent_credits_zero_or_average() -> None:
    rounds = [
        RoundResults(1, "closed", (game(1, (1, 3), (2, 4), (600, 400)),), (), (5,)),
        RoundResults(2, "closed", (game(1, (5, 3), (2, 4), (500, 300)),), (1,), ()),
    ]
    players = FIVE
    zero = standings(rules_of(), FOUR, players, rounds)
    five = next(row for row in zero.rows if row.player == 5)
    assert (five.absent, five.played, figure(five.value)) == (1, 1, "500")
    average = standings(rules_of(absent="average"), FOUR, players, rounds)
    five = next(row for row in average.rows if row.player == 5)
    assert figure(five.value) == "1000"  # 500 credited (the mean of 600, 600, 400, 400) + 500


def test_per_round_measure_leaves_zero_absences_out() -> None:
    rounds = [
        RoundResults(1, "closed", (game(1, (1, 3), (2, 4), (601, 400)),), (), (5,)),
        RoundResults(2, "closed", (game(1, (5, 3), (2, 4), (500, 300)),), (1,), ()),
    ]
    night = standings(rules_of(measure="per-round"), FOUR, FIVE, rounds)
    values = {row.player: figure(row.value) for row in night.rows}
    # P1: 601 played + 400 credited (the mean of round 2's seats) over 2 rounds; P5, absent
    # in round 1 with credit zero: 500 over 1 round.
    assert values[1] == "500.5"
    assert values[5] == "500"
    assert values[3] == "550.5"


def test_the_points_credit_is_rounded_half_up() -> None:
    # docs/club.md §9.3: the mean of 601, 601, 400, 400 is 500.5: the credit is 501.
    rounds = [RoundResults(1, "closed", (game(1, (1, 3), (2, 4), (601, 400)),), (5,), ())]
    night = standings(rules_of(), FOUR, FIVE, rounds)
    assert credit_of(night, 5, 1) == "501"


def test_adjustments_move_the_value_only() -> None:
    adjustments = [
        Adjustment(3, 2, Decimal("-2"), "table talk"),
        Adjustment(3, None, Decimal("10"), "bonus"),
        Adjustment(3, 5, Decimal("100"), "a round not played yet"),
    ]
    night = standings(rules_of(), FOUR, EIGHT, CASE_21_ROUNDS, adjustments=adjustments)
    three = next(row for row in night.rows if row.player == 3)
    assert (figure(three.value), figure(three.points), figure(three.adjustments)) == (
        "1278",
        "1270",
        "8",
    )


def test_head_to_head_among_the_tied_only() -> None:
    # P1 and P2 are level on 1010 points; P1 beat P2 in the one round they sat opposite. P3
    # and P6 are level on 510 and never sat opposite: the key is skipped, they share 4th.
    rounds = [
        RoundResults(
            1,
            "closed",
            (game(1, (1, 3), (2, 4), (510, 500)), game(2, (5, 7), (6, 8), (100, 0))),
            (),
            (),
        ),
        RoundResults(
            2,
            "closed",
            (game(1, (1, 5), (3, 7), (500, 0)), game(2, (2, 6), (4, 8), (510, 0))),
            (),
            (),
        ),
    ]
    night = standings(rules_of(tie_breaks=["head_to_head"]), FOUR, EIGHT, rounds)
    assert table_of(night, "value") == [
        ("1", 1, "1010"),
        ("2", 2, "1010"),
        ("3", 5, "600"),
        ("4=", 3, "510"),
        ("4=", 6, "510"),
        ("6", 4, "500"),
        ("7", 7, "100"),
        ("8", 8, "0"),
    ]


def test_head_to_head_level_when_each_beat_the_other_once() -> None:
    rounds = [
        RoundResults(1, "closed", (game(1, (1, 3), (2, 4), (600, 400)),), (), ()),
        RoundResults(2, "closed", (game(1, (2, 3), (1, 4), (700, 500)),), (), ()),
    ]
    night = standings(rules_of(tie_breaks=["head_to_head"]), FOUR, EIGHT[:4], rounds)
    assert table_of(night, "value") == [
        ("1", 3, "1300"),
        ("2=", 1, "1100"),
        ("2=", 2, "1100"),
        ("4", 4, "900"),
    ]


def test_against_is_compared_fewest_first() -> None:
    # P1 and P2 both have 1100 points; P1 conceded 400, P2 1300 (docs/club.md §9.4).
    rounds = [
        RoundResults(
            1,
            "closed",
            (game(1, (1, 3), (2, 4), (600, 300)), game(2, (5, 7), (6, 8), (0, 0))),
            (),
            (),
        ),
        RoundResults(
            2,
            "closed",
            (game(1, (1, 5), (3, 7), (500, 100)), game(2, (2, 6), (4, 8), (800, 700))),
            (),
            (),
        ),
    ]
    night = standings(rules_of(tie_breaks=["against"]), FOUR, EIGHT, rounds)
    assert table_of(night, "value", "against") == [
        ("1", 1, "1100", "400"),
        ("2", 2, "1100", "1300"),
        ("3", 4, "1000", "1400"),
        ("4", 6, "800", "700"),
        ("5=", 3, "700", "800"),
        ("5=", 8, "700", "800"),
        ("7", 5, "500", "100"),
        ("8", 7, "100", "500"),
    ]


def test_vp_draw_and_custom_table() -> None:
    table = {"total": 30, "rows": [[0, 15], [100, 18]], "above": 25}
    rules = rules_of(formula="vp", vp_table=table)
    rounds = [
        RoundResults(
            1,
            "closed",
            (game(1, (1, 3), (2, 4), (500, 500)), game(2, (5, 7), (6, 8), (600, 550))),
            (),
            (),
        )
    ]
    night = standings(rules, FOUR, EIGHT, rounds)
    values = {row.player: row.value for row in night.rows}
    assert (values[1], values[5], values[6]) == (Fraction(15), Fraction(18), Fraction(12))
