"""The running-totals chart: one line per side through its totals, the target drawn."""

from __future__ import annotations

import re
from typing import Any

import pytest

from scorekeeper.rules import find_variant
from scorekeeper.rules.core.match import MatchState
from scorekeeper.web.charts import chart_svg, running_totals


def play(
    variant: str, players: list[str], hands: list[dict[str, Any]], **rules: object
) -> MatchState:
    rules_of = find_variant(variant)
    return rules_of.play(rules_of.setup(players, None, rules or None), hands)


def polylines(svg: str) -> dict[str, list[tuple[float, float]]]:
    """Each side's line as points (x, y) of the drawing."""
    return {
        side: [(float(x), float(y)) for x, y in (p.split(",") for p in points.split())]
        for side, points in re.findall(r'<polyline[^>]*data-side="([^"]*)" points="([^"]*)"', svg)
    }


@pytest.mark.parametrize(
    ("variant", "players", "hands", "rules"),
    [
        (
            "pinochle-2",
            ["Ana", "Ben"],
            [
                {"meld": {"Ana": 150, "Ben": 40}, "tricks": {"Ana": 130, "Ben": 120}},
                {"meld": {"Ana": 0, "Ben": 60}, "tricks": {"Ana": 50, "Ben": 200}},
            ],
            {},
        ),
        (
            "auction",
            ["Ana", "Ben", "Cruz"],
            [
                {"bidder": "Ana", "bid": 350, "trump": "spades", "outcome": "made"},
                {"bidder": "Cruz", "bid": 300, "trump": "spades", "outcome": "set"},
                {"outcome": "all_pass"},
            ],
            {},
        ),
    ],
)
def test_running_totals_end_at_the_rules_totals(
    variant: str, players: list[str], hands: list[dict[str, Any]], rules: dict[str, object]
) -> None:
    state = play(variant, players, hands, **rules)
    points = running_totals(state)
    assert len(points) == len(hands) + 1
    assert points[0] == dict.fromkeys(state.sides, 0)
    assert points[-1] == dict(state.totals)


def test_one_polyline_per_side_and_the_target_line() -> None:
    points = [{"Ana": 0, "Ben": 0}, {"Ana": 280, "Ben": 160}, {"Ana": 330, "Ben": 420}]
    svg = chart_svg(["Ana", "Ben"], points, 1000, target_label="target", hand_label="hand")
    lines = polylines(svg)
    assert list(lines) == ["Ana", "Ben"]
    assert all(len(line) == 3 for line in lines.values())
    # Higher totals are drawn higher (smaller y); hands go left to right.
    ana = lines["Ana"]
    assert ana[0][1] > ana[1][1] > ana[2][1]
    assert ana[0][0] < ana[1][0] < ana[2][0]
    target = re.search(r'<line class="target"[^>]* y1="([\d.]+)"', svg)
    assert target is not None
    # The target (1000) is above every total.
    assert float(target.group(1)) < min(y for _, y in ana)
    assert "target 1000" in svg
    assert "hand 2" in svg
    assert 'class="line s0"' in svg
    assert 'class="line s1"' in svg
    assert "style" not in svg  # the CSP allows no inline style


def test_negative_totals_get_a_zero_line_and_no_target_without_one() -> None:
    svg = chart_svg(["Ana", "Ben"], [{"Ana": 0, "Ben": 0}, {"Ana": 8, "Ben": -8}])
    assert 'class="zero"' in svg
    assert 'class="target"' not in svg
    assert len(polylines(svg)) == 2


def test_names_are_escaped() -> None:
    name = '<script>alert("x")</script>&'
    svg = chart_svg([name, "Ben"], [{name: 0, "Ben": 0}], title='"Totals" <b>')
    assert "<script>" not in svg
    assert "<b>" not in svg
    assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;" in svg


def test_a_match_without_hands_still_draws() -> None:
    svg = chart_svg(["Ana", "Ben"], [{"Ana": 0, "Ben": 0}], 1000)
    assert svg.startswith("<svg")
    assert svg.endswith("</svg>")
    assert len(polylines(svg)) == 2
