"""The running-totals chart: every side's total after each hand, as inline SVG markup.

The totals themselves come from the rules (:func:`scorekeeper.rules.core.match.running_totals`).

Pure Python (no Flask, no database): numbers and names in, an SVG string out. The page
gives the words (already translated); every name that reaches the markup is escaped here,
so a template may mark the result safe. Colours come from the stylesheet through one class
per side (``s0``, ``s1`` ...): the strict Content-Security-Policy allows no ``style``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from html import escape

# The totals are the rules' arithmetic; the name stays importable from here for the modules
# that import it from the chart.
from ..rules.core.match import running_totals

__all__ = ["chart_svg", "ratings_chart_svg", "running_totals"]

#: The drawing's own coordinates (the page scales it to its width).
WIDTH = 320
HEIGHT = 170
#: Room for the value labels on the left, the hand labels below.
LEFT, RIGHT, TOP, BOTTOM = 40, 8, 10, 22


def chart_svg(
    sides: Sequence[str],
    points: Sequence[Mapping[str, int]],
    target: int | None = None,
    *,
    targets: Sequence[int | None] | None = None,
    title: str = "Running totals",
    target_label: str = "target",
    hand_label: str = "hand",
) -> str:
    """One polyline per side through its totals (``points[0]`` is before the first hand),
    a dashed line at each target for the hands it stood (``targets``, one per point: a raised
    target starts where it was raised; else ``target`` all along), a zero line when a total
    goes below zero, and the lowest, highest and target values and the first and last hand as
    labels. The target's value is written on the axis, never over the lines.

    >>> svg = chart_svg(["Ana", "Ben"], [{"Ana": 0, "Ben": 0}, {"Ana": 190, "Ben": 120}], 1000)
    >>> svg.count("<polyline"), svg.count('class="target"')
    (2, 1)
    >>> two = [{"Ana": 0}, {"Ana": 1100}, {"Ana": 1300}]
    >>> chart_svg(["Ana"], two, 1250, targets=[1000, 1250, 1250]).count('class="target"')
    2
    """
    if targets is None or len(targets) != len(points):
        targets = [target] * len(points)
    spans = _target_spans(targets)
    shown = sorted({value for value, _start, _end in spans})
    values = [point.get(side, 0) for point in points for side in sides]
    low = min([0, *values, *shown])
    high = max([1, *values, *shown])
    if high == low:
        high = low + 1
    x, y, parts = _frame(title, "chart", low, high, max(len(points) - 1, 1))
    labels = {low, high}
    if low < 0 < high:
        parts.append(
            f'<line class="zero" x1="{LEFT}" y1="{y(0)}" x2="{WIDTH - RIGHT}" y2="{y(0)}" '
            'stroke="#888"/>'
        )
        labels.add(0)
    for value, start, end in spans:
        # A target that stood for no hand yet (the match has none) runs across the whole chart.
        ends = (x(start), x(end)) if end > start else (_num(LEFT), _num(WIDTH - RIGHT))
        parts.append(_target_line(value, ends, y(value), target_label))
        labels.add(value)
    # The most telling values first; a label too close to one already placed is left out.
    ordered = sorted(labels, key=lambda v: (v not in shown, v != 0, v != high))
    parts.extend(_axis_labels(ordered, y))
    # The first hand's label starts right of the axis: centred on it, it ran into the lowest
    # value's label, written just left of the axis above it (issue 26, item 6).
    parts.append(f'<text class="label" x="{LEFT + 3}" y="{HEIGHT - 6}">0</text>')
    if len(points) > 1:
        parts.append(
            f'<text class="label" x="{WIDTH - RIGHT}" y="{HEIGHT - 6}" text-anchor="end">'
            f"{escape(hand_label)} {len(points) - 1}</text>"
        )
    for i, side in enumerate(sides):
        line = " ".join(f"{x(n)},{y(point.get(side, 0))}" for n, point in enumerate(points))
        parts.append(
            f'<polyline class="line s{i}" data-side="{escape(side)}" points="{line}" '
            f'fill="none" stroke="#000" stroke-width="2"><title>{escape(side)}</title></polyline>'
        )
    parts.append("</svg>")
    return "".join(parts)


def _frame(
    title: str, css: str, low: float, high: float, steps: int
) -> tuple[Callable[[int], str], Callable[[float], str], list[str]]:
    """What both charts draw first: the ``x`` of point ``0..steps`` and the ``y`` of a value
    between ``low`` and ``high``, and the opening markup (the ``<svg>`` with its title and the
    two axes)."""
    plot_w = WIDTH - LEFT - RIGHT
    plot_h = HEIGHT - TOP - BOTTOM

    def x(point: int) -> str:
        return _num(LEFT + plot_w * point / steps)

    def y(value: float) -> str:
        return _num(TOP + plot_h * (high - value) / (high - low))

    bottom = TOP + plot_h
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="{css}" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'role="img" aria-label="{escape(title)}">',
        f"<title>{escape(title)}</title>",
        f'<line class="axis" x1="{LEFT}" y1="{TOP}" x2="{LEFT}" y2="{bottom}" stroke="#000"/>',
        f'<line class="axis" x1="{LEFT}" y1="{bottom}" x2="{WIDTH - RIGHT}" y2="{bottom}" '
        'stroke="#000"/>',
    ]
    return x, y, parts


def _axis_labels(values: Sequence[int], y: Callable[[float], str]) -> list[str]:
    """The value labels on the left axis, in the order given; a label that would touch one
    already placed is left out."""
    placed: list[float] = []
    labels: list[str] = []
    for value in values:
        label_y = float(y(value))
        if any(abs(label_y - other) < 11 for other in placed):
            continue
        placed.append(label_y)
        labels.append(
            f'<text class="label" x="{LEFT - 4}" y="{_num(label_y + 4)}" '
            f'text-anchor="end">{value}</text>'
        )
    return labels


def _target_line(value: int, ends: tuple[str, str], at: str, label: str) -> str:
    """The dashed line of one target from ``ends[0]`` to ``ends[1]``, its value in its title."""
    return (
        f'<line class="target" x1="{ends[0]}" y1="{at}" x2="{ends[1]}" y2="{at}" '
        f'stroke="#000" stroke-dasharray="6 4"><title>{escape(label)} {value}</title></line>'
    )


def _target_spans(targets: Sequence[int | None]) -> list[tuple[int, int, int]]:
    """Each target with the first and last point it stood for (``targets[i]``: the target
    after hand ``i``); a target raised after hand ``i`` starts there.

    >>> _target_spans([1000, 1000, 1250, 1250])
    [(1000, 0, 2), (1250, 2, 3)]
    >>> _target_spans([1000, 1000])
    [(1000, 0, 1)]
    >>> _target_spans([None, None])
    []
    """
    spans: list[tuple[int, int, int]] = []
    for i, value in enumerate(targets):
        if value is None:
            continue
        if spans:
            old, start, _end = spans[-1]
            # The old target stood through hand i, which raised it: it runs up to point i.
            spans[-1] = (old, start, i)
            if old == value:
                continue
        spans.append((value, i, i))
    return spans


def _num(value: float) -> str:
    """A coordinate with at most one decimal (``12``, ``12.5``)."""
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


#: A player's rating after each point of a ratings chart: ``(mu, sigma)``, or ``None`` before
#: his first rated match.
RatingPoint = tuple[float, float] | None

#: Sides and players beyond these many share the line styles of the first ones (``s0``-``s5``).
STYLES = 6


def ratings_chart_svg(
    players: Sequence[str],
    points: Sequence[Sequence[RatingPoint]],
    labels: Sequence[str],
    *,
    title: str = "Ratings",
) -> str:
    """Each player's rating over time: a line through his skill estimate (``mu``) at each
    point (``points[i][j]``: player ``i`` after point ``j``, a night), and a band one
    uncertainty (``sigma``) above and below it, narrowing as his matches add up. A player's
    line starts at his first rated point. ``labels`` name the points (the first and the last
    are written under the axis); the lowest and highest values are written on the left.

    >>> svg = ratings_chart_svg(["Ana", "Ben"], [[(25.0, 8.3), (27.5, 7.0)], [None, (22.5, 7.0)]],
    ...                         ["1 Dec", "8 Dec"])
    >>> svg.count("<polyline"), svg.count('class="band'), svg.count("<circle")
    (2, 2, 1)
    """
    known = [point for line in points for point in line if point is not None]
    low = min((mu - sigma for mu, sigma in known), default=0.0)
    high = max((mu + sigma for mu, sigma in known), default=1.0)
    low, high = math.floor(low), math.ceil(high)
    if high <= low:
        high = low + 1
    count = max((len(line) for line in points), default=0)
    x, y, parts = _frame(title, "chart ratings", low, high, max(count - 1, 1))
    parts.extend(_axis_labels([high, low], y))
    if labels:
        parts.append(
            f'<text class="label" x="{LEFT + 3}" y="{HEIGHT - 6}">{escape(labels[0])}</text>'
        )
    if len(labels) > 1:
        parts.append(
            f'<text class="label" x="{WIDTH - RIGHT}" y="{HEIGHT - 6}" text-anchor="end">'
            f"{escape(labels[-1])}</text>"
        )
    for i, (player, line) in enumerate(zip(players, points, strict=True)):
        style = f"s{i % STYLES}"
        rated = [(j, point) for j, point in enumerate(line) if point is not None]
        if not rated:
            continue
        upper = [f"{x(j)},{y(mu + sigma)}" for j, (mu, sigma) in rated]
        lower = [f"{x(j)},{y(mu - sigma)}" for j, (mu, sigma) in reversed(rated)]
        parts.append(
            f'<polygon class="band {style}" points="{" ".join(upper + lower)}" '
            f'fill="#888" fill-opacity="0.15" stroke="none"/>'
        )
        name = escape(player)
        if len(rated) == 1:
            j, (mu, _sigma) = rated[0]
            parts.append(
                f'<circle class="dot {style}" cx="{x(j)}" cy="{y(mu)}" r="3">'
                f"<title>{name}</title></circle>"
            )
        line_points = " ".join(f"{x(j)},{y(mu)}" for j, (mu, _sigma) in rated)
        parts.append(
            f'<polyline class="line {style}" data-player="{name}" points="{line_points}" '
            f'fill="none" stroke="#000" stroke-width="2"><title>{name}</title></polyline>'
        )
    parts.append("</svg>")
    return "".join(parts)
