"""The standings settings and their refusals (docs/club.md §9.6), the VP presets (Appendix C)
and the figures' decimal strings (docs/club.md §14)."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest

from scorekeeper.rules.club.standings.ranking import (
    BURRACO_3,
    BURRACO_4,
    StandingsRules,
    figure,
    read_standings_rules,
)
from scorekeeper.rules.core.errors import RuleError
from scorekeeper.rules.games.club_form import ClubForm

FOUR = ClubForm(4, 4, 4, True, False, ("rotating-partners",), ("points", "wins", "vp"), True)
THREE = ClubForm(3, 3, 3, False, False, ("rotating-tables",), ("points", "wins"), False)
UNITS = ClubForm(3, 6, 4, False, True, ("rotating-tables",), ("units", "wins"), False)


def refused(form: ClubForm, given: object) -> str:
    with pytest.raises(RuleError) as caught:
        read_standings_rules(form, given)
    return caught.value.path


def test_defaults_are_explicit() -> None:
    assert read_standings_rules(FOUR, None).as_json() == {
        "formula": "points",
        "measure": "total",
        "tie_breaks": ["wins", "margin"],
        "sitout": "average",
        "absent": "zero",
        "vp_table": None,
        "live_round": "show",
        "reveal": "always",
    }
    assert read_standings_rules(UNITS, {}).as_json()["formula"] == "units"
    assert read_standings_rules(UNITS, {}).tie_breaks == ()


@pytest.mark.parametrize(
    ("formula", "tie_breaks"),
    [("points", ("wins", "margin")), ("wins", ("points", "margin")), ("vp", ("margin", "points"))],
)
def test_default_tie_breaks_by_formula(formula: str, tie_breaks: tuple[str, ...]) -> None:
    given: dict[str, object] = {"formula": formula}
    if formula == "vp":
        given["vp_table"] = "burraco-3"
    assert read_standings_rules(FOUR, given).tie_breaks == tie_breaks


@pytest.mark.parametrize(
    "given",
    [
        {"formula": "vp", "vp_table": "burraco-4", "tie_breaks": ["head_to_head", "vp"]},
        {
            "formula": "wins",
            "measure": "per-round",
            "sitout": "winners-average",
            "absent": "average",
            "live_round": "hide",
            "reveal": "at-end",
            "tie_breaks": [],
        },
        {"formula": "vp", "vp_table": {"total": 30, "rows": [[0, 15], [200, 20]], "above": 25}},
        {"sitout": "fixed", "sitout_points": 7},
    ],
)
def test_settings_read_back_from_their_json(given: dict[str, object]) -> None:
    rules = read_standings_rules(FOUR, given)
    assert read_standings_rules(FOUR, rules.as_json()) == rules
    assert isinstance(rules, StandingsRules)


@pytest.mark.parametrize(
    ("form", "given", "path"),
    [
        # docs/club.md §19 case 35: pinochle-3 with formula vp.
        (THREE, {"formula": "vp", "vp_table": "burraco-4"}, "standings.formula"),
        (UNITS, {"formula": "points"}, "standings.formula"),
        (FOUR, {"formula": "units"}, "standings.formula"),
        (FOUR, {"formula": "goals"}, "standings.formula"),
        (FOUR, {"formula": 1}, "standings.formula"),
        (FOUR, {"pace": "fast"}, "standings.pace"),
        (FOUR, [], "standings"),
        (FOUR, {"measure": "mean"}, "standings.measure"),
        (FOUR, {"sitout": "half"}, "standings.sitout"),
        (FOUR, {"absent": "winners-average"}, "standings.absent"),
        (FOUR, {"live_round": "maybe"}, "standings.live_round"),
        (FOUR, {"reveal": "never"}, "standings.reveal"),
        (FOUR, {"tie_breaks": "wins"}, "standings.tie_breaks"),
        (FOUR, {"tie_breaks": ["wins", "coin"]}, "standings.tie_breaks[1]"),
        (FOUR, {"tie_breaks": ["wins", "margin", "wins"]}, "standings.tie_breaks[2]"),
        (THREE, {"tie_breaks": ["against"]}, "standings.tie_breaks[0]"),
        (FOUR, {"tie_breaks": ["margin", "vp"]}, "standings.tie_breaks[1]"),
        (UNITS, {"tie_breaks": ["points"]}, "standings.tie_breaks[0]"),
        (FOUR, {"formula": "vp"}, "standings.vp_table"),
        (FOUR, {"formula": "vp", "vp_table": None}, "standings.vp_table"),
        (FOUR, {"vp_table": "burraco-4"}, "standings.vp_table"),
        (FOUR, {"formula": "vp", "vp_table": "burraco-5"}, "standings.vp_table"),
        (FOUR, {"sitout": "fixed"}, "standings.sitout_points"),
        (FOUR, {"sitout": "fixed", "sitout_points": -1}, "standings.sitout_points"),
        (FOUR, {"sitout": "fixed", "sitout_points": 2**63}, "standings.sitout_points"),
        (FOUR, {"sitout": "fixed", "sitout_points": "7"}, "standings.sitout_points"),
        (FOUR, {"sitout_points": 7}, "standings.sitout_points"),
        (FOUR, {"absent": "fixed"}, "standings.absent"),
    ],
)
def test_refusals_name_the_field(form: ClubForm, given: object, path: str) -> None:
    assert refused(form, given) == path


def vp(table: object) -> str:
    return refused(FOUR, {"formula": "vp", "vp_table": table})


def test_custom_vp_table_refusals() -> None:
    good = {"total": 20, "rows": [[50, 10], [150, 11]], "above": 20}
    assert read_standings_rules(FOUR, {"formula": "vp", "vp_table": good}).vp_table is not None
    assert vp({"total": 20, "rows": [[50, 10]]}) == "standings.vp_table.above"
    assert vp({**good, "bonus": 1}) == "standings.vp_table.bonus"
    assert vp({**good, "total": 0}) == "standings.vp_table.total"
    assert vp({**good, "rows": []}) == "standings.vp_table.rows"
    assert vp({**good, "rows": [[50, 10], [50, 11]]}) == "standings.vp_table.rows[1][0]"
    assert vp({**good, "rows": [[150, 10], [50, 11]]}) == "standings.vp_table.rows[1][0]"
    assert vp({**good, "rows": [[50, 9]]}) == "standings.vp_table.rows[0][1]"  # below half
    assert vp({**good, "rows": [[50, 12], [150, 11]]}) == "standings.vp_table.rows[1][1]"
    assert vp({**good, "rows": [[50, 21]]}) == "standings.vp_table.rows[0][1]"  # over total
    assert vp({**good, "rows": [[50, 10, 1]]}) == "standings.vp_table.rows[0]"
    assert vp({**good, "rows": [[-1, 10]]}) == "standings.vp_table.rows[0][0]"
    assert vp({**good, "above": 10}) == "standings.vp_table.above"  # below the last row
    assert vp({**good, "above": 21}) == "standings.vp_table.above"


def test_burraco_presets_follow_appendix_c() -> None:
    assert [BURRACO_3.winner_vp(d) for d in (0, 50, 51, 150, 1500, 1501)] == [
        10,
        10,
        11,
        11,
        19,
        20,
    ]
    assert [BURRACO_4.winner_vp(d) for d in (100, 101, 300, 301, 2000, 2001)] == [
        10,
        11,
        11,
        12,
        19,
        20,
    ]
    assert BURRACO_4.winner_vp(Fraction(-130)) == 11
    assert (BURRACO_3.total, BURRACO_4.total) == (20, 20)
    assert BURRACO_4.as_json() == "burraco-4"


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        (Decimal("2.5"), "2.5"),
        (Decimal("1320"), "1320"),
        (Fraction(1300, 3), "433.33"),
        (Fraction(2, 3), "0.67"),
        (Decimal("-290"), "-290"),
        (Decimal("0.005"), "0.01"),
        (Decimal("1.10"), "1.1"),
        (0, "0"),
        (Decimal("1E+3"), "1000"),
    ],
)
def test_figures_have_the_fewest_places_at_most_two(value: Decimal | Fraction, shown: str) -> None:
    # docs/club.md §14: "2.5", "1320", "433.33".
    assert figure(value) == shown


def test_a_night_stored_before_the_fixed_credit_reads_back_unchanged() -> None:
    """docs/club.md §9.3: ``sitout_points`` is stored only with ``sitout: "fixed"``, so the
    settings a night stored before it are read and written back as they were."""
    stored = read_standings_rules(FOUR, {"sitout": "zero"}).as_json()
    assert "sitout_points" not in stored
    assert read_standings_rules(FOUR, stored).as_json() == stored
    fixed = read_standings_rules(FOUR, {"sitout": "fixed", "sitout_points": 7}).as_json()
    assert (fixed["sitout"], fixed["sitout_points"]) == ("fixed", 7)
