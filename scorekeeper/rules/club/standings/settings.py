"""The standings settings of a club night (docs/club.md §9.6): the formula, its measure, the
tie-breaks, the credits, the victory-point table, and how the round in play and the end show.

:func:`read_standings_rules` checks a creation body's ``standings`` object against the form at
the tables (:class:`~scorekeeper.rules.games.club_form.ClubForm`) and fills in every default, so
that the night stores every setting explicitly (docs/club.md §14 ``standings_rules``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Final

from ...core.errors import RuleError, join_path
from ...core.readers import as_choice, as_int, as_list, as_object, check_keys

if TYPE_CHECKING:
    from ...games.club_form import ClubForm

FORMULAS: Final = ("points", "wins", "vp", "units", "placing")
MEASURES: Final = ("total", "per-round")
SITOUTS: Final = ("average", "winners-average", "zero", "fixed")
ABSENTS: Final = ("zero", "average")
LIVE_ROUNDS: Final = ("show", "hide")
REVEALS: Final = ("always", "at-end")
#: The tie-break keys of docs/club.md §9.4.
TIE_BREAKS: Final = ("wins", "points", "margin", "against", "vp", "head_to_head")
#: Each formula's tie-breaks when none are given (docs/club.md §9.4).
DEFAULT_TIE_BREAKS: Final[Mapping[str, tuple[str, ...]]] = {
    "points": ("wins", "margin"),
    "wins": ("points", "margin"),
    "vp": ("margin", "points"),
    "units": (),
    "placing": ("wins", "points"),  # points only where the form keeps them
}
FIELDS: Final = (
    "formula",
    "measure",
    "tie_breaks",
    "sitout",
    "sitout_points",
    "absent",
    "vp_table",
    "placing_points",
    "best_rounds",
    "live_round",
    "reveal",
)
#: Bounds of a custom victory-point table (docs/club.md §9.6): generous, but a table of a
#: thousand rows or a total of a billion is a typing slip, not a club's scale.
MOST_VP: Final = 1000
MOST_VP_ROWS: Final = 100
MOST_DIFFERENCE: Final = 1_000_000
#: The largest fixed credit of a round sat out (``sitout_points``): a round's score, not more.
MOST_SITOUT_POINTS: Final = 100_000
#: The most placing points one place at a table earns (``placing_points``).
MOST_PLACING_POINTS: Final = 1000
#: ``best_rounds``: at most a night's rounds (rotation.settings.MAX_ROUNDS).
MOST_BEST_ROUNDS: Final = 40


@dataclass(frozen=True, slots=True)
class VpTable:
    """A victory-point scale (docs/club.md §9.6, Appendix C): the winner's VP by the
    difference of the two sides' totals, the loser ``total`` minus it, a draw half each."""

    #: ``"burraco-3"`` / ``"burraco-4"`` for a preset, None for a table the host entered.
    name: str | None
    total: int
    #: ``(largest difference, winner's VP)``, differences strictly rising.
    rows: tuple[tuple[int, int], ...]
    #: The winner's VP past the last row.
    above: int

    def winner_vp(self, difference: int | Fraction) -> int:
        """The winner's VP for a difference of ``difference`` (its size counts).

        >>> BURRACO_4.winner_vp(130), BURRACO_4.winner_vp(-520), BURRACO_4.winner_vp(2001)
        (11, 13, 20)
        """
        size = difference if difference >= 0 else -difference
        return next((vp for largest, vp in self.rows if size <= largest), self.above)

    def as_json(self) -> str | dict[str, Any]:
        """The preset's name, or the table as the host gave it."""
        if self.name is not None:
            return self.name
        return {"total": self.total, "rows": [list(row) for row in self.rows], "above": self.above}


def _preset(name: str, steps: tuple[int, ...]) -> VpTable:
    return VpTable(name, 20, tuple(zip(steps, range(10, 20), strict=True)), 20)


#: docs/club.md Appendix C: rounds of three deals.
BURRACO_3: Final = _preset("burraco-3", (50, 150, 250, 350, 500, 650, 800, 1000, 1250, 1500))
#: docs/club.md Appendix C: rounds of four deals.
BURRACO_4: Final = _preset("burraco-4", (100, 300, 500, 700, 900, 1100, 1300, 1500, 1700, 2000))
PRESETS: Final[Mapping[str, VpTable]] = {"burraco-3": BURRACO_3, "burraco-4": BURRACO_4}


@dataclass(frozen=True, slots=True)
class StandingsRules:
    """The standings settings of a night, every one explicit (docs/club.md §9.6)."""

    formula: str
    measure: str
    tie_breaks: tuple[str, ...]
    sitout: str
    absent: str
    vp_table: VpTable | None
    live_round: str
    reveal: str
    #: The credit of a round sat out with ``sitout: "fixed"``, in the formula's own measure
    #: (docs/club.md §9.3); None with any other ``sitout``.
    sitout_points: int | None = None
    #: The formula ``placing``: the points of the 1st, 2nd... side at a table, one row per
    #: number of sides a table may have, fewest sides first (docs/club.md §9.2); else None.
    placing_points: tuple[tuple[int, ...], ...] | None = None
    #: Only each player's best this many rounds count for the value (docs/club.md §9.2
    #: "Best rounds"); None: every round.
    best_rounds: int | None = None

    def placing_row(self, sides: int) -> tuple[int, ...]:
        """The placing points at a table of ``sides`` sides: its row (every count the form's
        tables may have has one: :func:`read_standings_rules` checks it); for a table of
        another size, which no night set up today has, the first places of the longest row,
        0 past it, so that a stored night always opens."""
        rows = self.placing_points or ((),)
        found = next((row for row in rows if len(row) == sides), None)
        if found is not None:
            return found
        longest = rows[-1]
        return tuple(longest[i] if i < len(longest) else 0 for i in range(sides))

    def as_json(self) -> dict[str, Any]:
        """docs/club.md §14 ``standings_rules``; :func:`read_standings_rules` reads it back
        (``sitout_points`` only with ``sitout: "fixed"``, ``placing_points`` only with the
        formula ``placing``, ``best_rounds`` only when set: a night stored before them had
        none)."""
        fixed: dict[str, Any] = {}
        if self.sitout_points is not None:
            fixed["sitout_points"] = self.sitout_points
        if self.placing_points is not None:
            fixed["placing_points"] = [list(row) for row in self.placing_points]
        if self.best_rounds is not None:
            fixed["best_rounds"] = self.best_rounds
        return {
            "formula": self.formula,
            "measure": self.measure,
            "tie_breaks": list(self.tie_breaks),
            "sitout": self.sitout,
            **fixed,
            "absent": self.absent,
            "vp_table": None if self.vp_table is None else self.vp_table.as_json(),
            "live_round": self.live_round,
            "reveal": self.reveal,
        }


def formula_fits(form: ClubForm, formula: str) -> bool:
    """Whether ``formula`` may rank a night played in ``form`` (docs/club.md §9.2): the form
    must list it, VP needs two sides at every table, units a form kept in units, and points a
    form kept in points."""
    if formula not in form.formulas:
        return False
    if formula == "vp":
        return form.two_sided
    if formula == "units":
        return form.units
    return formula == "wins" or not form.units


def default_formula(form: ClubForm) -> str:
    """The formula a night gets when none is given: units for a form kept in units, else
    points (docs/club.md §9.2), or the form's first when it offers neither."""
    wanted = "units" if form.units else "points"
    if formula_fits(form, wanted):
        return wanted
    return next((f for f in form.formulas if formula_fits(form, f)), "wins")


def read_standings_rules(form: ClubForm, given: object) -> StandingsRules:
    """Check a night's ``standings`` object (None: all defaults) and fill in the defaults.

    Refusals name the field, ``standings.<field>`` (docs/club.md §9.6).

    >>> from scorekeeper.rules.games.club_form import ClubForm
    >>> four = ClubForm(4, 4, 4, True, False, ("rotating-partners",),
    ...                 ("points", "wins", "vp"), True)
    >>> read_standings_rules(four, None).as_json()["tie_breaks"]
    ['wins', 'margin']
    >>> read_standings_rules(four, {"formula": "vp", "vp_table": "burraco-4"}).tie_breaks
    ('margin', 'points')
    >>> read_standings_rules(four, {"formula": "vp"})
    Traceback (most recent call last):
    ...
    scorekeeper.rules.core.errors.RuleError: standings.vp_table: is required with the formula vp
    """
    body: Mapping[str, Any] = {} if given is None else as_object(given, "standings")
    check_keys(body, FIELDS, "standings")
    formula = _formula(form, body)
    sitout = _choice(body, "sitout", SITOUTS)
    return StandingsRules(
        formula=formula,
        measure=_choice(body, "measure", MEASURES),
        tie_breaks=_tie_breaks(form, formula, body),
        sitout=sitout,
        absent=_choice(body, "absent", ABSENTS),
        vp_table=_vp_table(formula, body.get("vp_table")),
        live_round=_choice(body, "live_round", LIVE_ROUNDS),
        reveal=_choice(body, "reveal", REVEALS),
        sitout_points=_sitout_points(sitout, body.get("sitout_points")),
        placing_points=_placing_points(form, formula, body.get("placing_points")),
        best_rounds=_best_rounds(formula, body.get("best_rounds")),
    )


def _sitout_points(sitout: str, given: object) -> int | None:
    """``sitout_points``: required with ``sitout: "fixed"`` (a whole number from 0), refused
    with any other credit (docs/club.md §9.3)."""
    path = "standings.sitout_points"
    if sitout != "fixed":
        if given is not None:
            raise RuleError(path, "is only for the sit-out credit fixed", code="not_for_sitout")
        return None
    if given is None:
        raise RuleError(path, "is required with the sit-out credit fixed", code="required")
    return as_int(given, path, low=0, high=MOST_SITOUT_POINTS)


def _placing_points(
    form: ClubForm, formula: str, given: object
) -> tuple[tuple[int, ...], ...] | None:
    """``placing_points``: required with the formula ``placing``, refused with any other: a
    list of rows, each the points of the 1st, 2nd... side at a table of as many sides as the
    row has places, never rising, one row for every count of sides the form's tables may have
    (docs/club.md §9.2, §9.6).

    >>> from scorekeeper.rules.games.club_form import individual_form
    >>> _placing_points(individual_form(3, 4), "placing", [[11, 7, 4, 2], [10, 6, 2]])
    ((10, 6, 2), (11, 7, 4, 2))
    >>> _placing_points(individual_form(3, 4), "placing", [[11, 7, 4, 2]])
    Traceback (most recent call last):
    ...
    scorekeeper.rules.core.errors.RuleError: standings.placing_points: needs a row for 3 sides
    """
    path = "standings.placing_points"
    if formula != "placing":
        if given is not None:
            raise RuleError(path, "is only for the formula placing", code="not_for_formula")
        return None
    if given is None:
        raise RuleError(path, "is required with the formula placing", code="required")
    rows: dict[int, tuple[int, ...]] = {}
    for i, row in enumerate(as_list(given, path)):
        row_path = join_path(path, i)
        points = _placing_row(form, row, row_path)
        if len(points) in rows:
            raise RuleError(row_path, "a second row for {n} sides", code="repeated", n=len(points))
        rows[len(points)] = points
    for count in form.side_counts:
        if count not in rows:
            raise RuleError(path, "needs a row for {n} sides", code="missing", n=count)
    return tuple(rows[count] for count in sorted(rows))


def _best_rounds(formula: str, given: object) -> int | None:
    """``best_rounds``: a whole number of rounds, 1 to :data:`MOST_BEST_ROUNDS`, or absent
    (null: every round counts); not with ``units``, whose money settles every round."""
    if given is None:
        return None
    if formula == "units":
        # The settle-up pays every round's units: a value of fewer rounds would not be the
        # money (docs/club.md §9.2 "Best rounds", §11).
        raise RuleError(
            "standings.best_rounds", "is not for the formula units", code="not_for_formula"
        )
    return as_int(given, "standings.best_rounds", low=1, high=MOST_BEST_ROUNDS)


def _placing_row(form: ClubForm, row: object, path: str) -> tuple[int, ...]:
    """One row of ``placing_points``: as many places as a table of the form may have sides,
    whole numbers from 0, each at most the one before."""
    places = as_list(row, path)
    counts = form.side_counts
    if len(places) not in counts and len(counts) == 1:
        raise RuleError(
            path,
            "has {given} places: a table of this night has {n} sides",
            code="bad_length",
            given=len(places),
            n=counts[0],
        )
    if len(places) not in counts:
        raise RuleError(
            path,
            "has {given} places: a table of this night has {low} to {high} sides",
            code="bad_length",
            given=len(places),
            low=counts[0],
            high=counts[-1],
        )
    points: list[int] = []
    for j, value in enumerate(places):
        high = points[-1] if points else MOST_PLACING_POINTS  # never more than the place above
        points.append(as_int(value, join_path(path, j), low=0, high=high))
    return tuple(points)


def _choice(body: Mapping[str, Any], name: str, choices: tuple[str, ...]) -> str:
    """The field ``name`` of ``body``, one of ``choices``; the first one when not given."""
    if name not in body:
        return choices[0]
    return as_choice(body[name], join_path("standings", name), choices)


def _formula(form: ClubForm, body: Mapping[str, Any]) -> str:
    if "formula" not in body:
        return default_formula(form)
    formula = as_choice(body["formula"], "standings.formula", FORMULAS)
    if not formula_fits(form, formula):
        raise RuleError(
            "standings.formula",
            "{formula} is not offered for this form",
            code="not_for_form",
            formula=formula,
        )
    return formula


def _tie_breaks(form: ClubForm, formula: str, body: Mapping[str, Any]) -> tuple[str, ...]:
    if "tie_breaks" not in body:
        if formula == "placing":  # the one default made for every form: keep what fits
            return tuple(
                k for k in DEFAULT_TIE_BREAKS[formula] if _tie_break_fits(form, formula, k)
            )
        return DEFAULT_TIE_BREAKS[formula]
    keys: list[str] = []
    for i, value in enumerate(as_list(body["tie_breaks"], "standings.tie_breaks")):
        path = join_path("standings.tie_breaks", i)
        key = as_choice(value, path, TIE_BREAKS)
        if key in keys:
            raise RuleError(path, "{key} is listed twice", code="repeated", key=key)
        if not _tie_break_fits(form, formula, key):
            raise RuleError(
                path, "{key} is not offered for this form", code="not_for_form", key=key
            )
        keys.append(key)
    return tuple(keys)


def _tie_break_fits(form: ClubForm, formula: str, key: str) -> bool:
    """docs/club.md §9.4: ``against`` compares two sides, ``vp`` needs the VP table (the formula
    ``vp``), ``points`` a form kept in points."""
    if key == "against":
        return form.two_sided
    if key == "vp":
        return formula == "vp"
    if key == "points":
        return not form.units
    return True


def _vp_table(formula: str, given: object) -> VpTable | None:
    path = "standings.vp_table"
    if formula != "vp":
        if given is not None:
            raise RuleError(path, "is only for the formula vp", code="not_for_formula")
        return None
    if given is None:
        raise RuleError(path, "is required with the formula vp", code="required")
    if isinstance(given, str):
        return PRESETS[as_choice(given, path, tuple(PRESETS))]
    return _custom_vp_table(given, path)


def _custom_vp_table(given: object, path: str) -> VpTable:
    """A table the host entered: ``{"total": 20, "rows": [[50, 10], …], "above": 20}``."""
    body = as_object(given, path)
    check_keys(body, ("total", "rows", "above"), path, required=("total", "rows", "above"))
    total = as_int(body["total"], join_path(path, "total"), low=1, high=MOST_VP)
    rows_path = join_path(path, "rows")
    given_rows = as_list(body["rows"], rows_path)
    if not 1 <= len(given_rows) <= MOST_VP_ROWS:
        raise RuleError(
            rows_path, "must hold 1 to {most} rows", code="bad_length", most=MOST_VP_ROWS
        )
    rows: list[tuple[int, int]] = []
    for i, row in enumerate(given_rows):
        rows.append(_vp_row(row, join_path(rows_path, i), total, rows[-1] if rows else None))
    above = as_int(body["above"], join_path(path, "above"), low=rows[-1][1], high=total)
    return VpTable(None, total, tuple(rows), above)


def _vp_row(row: object, path: str, total: int, before: tuple[int, int] | None) -> tuple[int, int]:
    """One row (largest difference, winner's VP): differences strictly rising, the VP from
    half the total up to the total, never falling."""
    pair = as_list(row, path)
    if len(pair) != 2:
        raise RuleError(path, "must be [largest difference, winner's VP]", code="bad_length")
    low_difference = 0 if before is None else before[0] + 1
    difference = as_int(pair[0], join_path(path, 0), low=low_difference, high=MOST_DIFFERENCE)
    low_vp = -(-total // 2) if before is None else before[1]  # half the total, rounded up
    vp = as_int(pair[1], join_path(path, 1), low=low_vp, high=total)
    return difference, vp


def figure(value: Decimal | Fraction | int) -> str:
    """A standing figure as docs/club.md §14 writes it: a decimal string with the fewest places
    needed, at most two (rounded half up).

    >>> figure(Decimal("2.50")), figure(1320), figure(Fraction(1300, 3)), figure(Fraction(-1, 2))
    ('2.5', '1320', '433.33', '-0.5')
    >>> figure(Decimal("-0.001")), figure(Fraction(2, 3))
    ('0', '0.67')
    """
    if isinstance(value, Fraction):
        exact = Decimal(value.numerator) / Decimal(value.denominator)
    else:
        exact = Decimal(value)
    rounded = exact.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
    if rounded == 0:
        return "0"  # never "-0"
    text = f"{rounded:f}"
    return text.rstrip("0").rstrip(".") if "." in text else text
