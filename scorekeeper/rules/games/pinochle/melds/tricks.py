"""A hand's trick points as a table types them (docs/rules.md §1, §5): the last side's share
filled in, each side's points checked against the counting, and whether each side took a trick.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ....core.errors import RuleError, join_path
from ....core.readers import as_bool, as_int, side_map
from .counting import Counting


def fill_tricks(tricks: Mapping[str, int | None], total: int) -> dict[str, int | None]:
    """The one piece of arithmetic a table expects: the last side's trick points.

    When exactly one side's trick points are blank (``None``) it gets what is left of the
    counting's ``total`` (docs/rules.md §1: a played hand's trick points add up to it), never less
    than 0; with no blank or several, the points come back unchanged (the reader then says what
    is missing or wrong).

    >>> fill_tricks({"Ana": 130, "Ben": None}, 250)
    {'Ana': 130, 'Ben': 120}
    >>> fill_tricks({"Ana": 90, "Ben": None, "Cy": None}, 250)
    {'Ana': 90, 'Ben': None, 'Cy': None}
    """
    filled = dict(tricks)
    blank = [side for side, points in filled.items() if points is None]
    if len(blank) == 1:
        taken = sum(points for points in filled.values() if points is not None)
        # Too many points typed on the others: 0 here, and the reader refuses the total.
        filled[blank[0]] = max(total - taken, 0)
    return filled


def check_trick_points(value: object, counting: Counting, path: str) -> int:
    """One side's trick points in one hand, as ``counting`` allows them (docs/rules.md §1, §5),
    refused at ``path``: a whole number in 0..total; under ``counters`` a multiple of 10; under
    ``classic`` never 1 nor the total minus 1, since no card is worth 1 point. Every trick
    figure entered goes through it (the auction bidder's single ``tricks`` too).

    >>> from scorekeeper.rules.games.pinochle.melds import COUNTINGS
    >>> check_trick_points(248, COUNTINGS["classic"], "tricks")
    248
    >>> check_trick_points(249, COUNTINGS["classic"], "tricks")
    Traceback (most recent call last):
    ...
    scorekeeper.rules.core.errors.RuleError: tricks: cannot be 249: no card is worth 1 point
    """
    points = _trick_figure(value, counting, path)
    _check_no_one_point(points, counting, path)
    return points


def _trick_figure(value: object, counting: Counting, path: str) -> int:
    """A whole number in 0..total, a multiple of the counting's step."""
    points = as_int(value, path, low=0, high=counting.total)
    if points % counting.step:
        raise RuleError(
            path,
            "must be a multiple of {step} under {counting} counting",
            code="not_multiple",
            step=counting.step,
            counting=counting.name,
        )
    return points


def _check_no_one_point(points: int, counting: Counting, path: str) -> None:
    """Under ``classic`` no side's share is 1 or the total minus 1 (docs/rules.md §1)."""
    if counting.no_one_point and points in (1, counting.total - 1):
        raise RuleError(
            path,
            "cannot be {given}: no card is worth 1 point",
            code="impossible_tricks",
            given=points,
        )


def read_tricks(
    value: object, path: str, sides: tuple[str, ...], counting: Counting, *, complete: bool = True
) -> dict[str, int]:
    """Every side's trick points for one hand (docs/rules.md §1), each checked as
    :func:`check_trick_points` does. When ``complete`` (the hand was played out) they add up to
    the counting's total, the last trick included; otherwise (a hand stopped by declaring out)
    at most to it. A wrong total is refused first, then a share no cards can make.
    """
    mapping = side_map(value, path, sides)
    tricks = {side: _trick_figure(mapping[side], counting, join_path(path, side)) for side in sides}
    added = sum(tricks.values())
    if complete and added != counting.total:
        raise RuleError(
            path,
            "must add up to {total} (the last trick included), not {given}",
            code="bad_total",
            total=counting.total,
            given=added,
        )
    if added > counting.total:
        raise RuleError(
            path,
            "add up to {given}, more than the {total} a hand holds",
            code="bad_total",
            total=counting.total,
            given=added,
        )
    # A wrong total is told first; then a share no cards can make (1 / 249 under classic).
    for side, points in tricks.items():
        _check_no_one_point(points, counting, join_path(path, side))
    return tricks


def read_took_trick(
    value: object, path: str, sides: tuple[str, ...], tricks: Mapping[str, int]
) -> dict[str, bool]:
    """Whether each side won at least one trick (docs/rules.md §1: a trick may be worth 0).

    Missing sides default to "trick points > 0"; a side with trick points cannot have taken
    no trick.
    """
    mapping: Mapping[str, Any] = (
        {} if value is None else side_map(value, path, sides, required=False)
    )
    took: dict[str, bool] = {}
    for side in sides:
        if side in mapping:
            took[side] = as_bool(mapping[side], join_path(path, side))
            if not took[side] and tricks.get(side, 0) > 0:
                raise RuleError(
                    join_path(path, side),
                    "cannot be false: {side} has {points} trick points",
                    code="inconsistent",
                    side=side,
                    points=tricks[side],
                )
        else:
            took[side] = tricks.get(side, 0) > 0
    return took
