"""The set-up form's standings and money fields beyond the formula (docs/club.md §2.1, §9.6,
§10.2): the tie-breaks in order, a fixed sit-out credit's points, how a round played while
absent counts, a value per round,
whether the round in play counts, the victory-point table when victory points are chosen, and
the purse (its entry, the house's share, the places and money per award). Each is sent only
when given, so the service's defaults stay its own (issue 35 point 16: choosing victory points
was a 422, the page offered no table)."""

from __future__ import annotations

import re
from typing import Any

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from wtforms import SelectField, StringField, TextAreaField

from ..web.forms import NUMERIC, FormError, choice_list
from .view import AWARD_LABELS

#: How many tie-breaks the form offers, in order (§9.4 has six keys; three is what rooms use).
TIE_BREAK_FIELDS = 3
TIE_BREAK_CHOICES = [
    ("", _l("As the formula has it")),
    ("wins", _l("Wins")),
    ("points", _l("Points")),
    ("margin", _l("Margin")),
    ("against", _l("Fewest points against")),
    ("vp", _l("Victory points")),
    ("head_to_head", _l("Head to head")),
]
ABSENT_CHOICES = [("zero", _l("Nothing")), ("average", _l("The round's average"))]
MEASURE_CHOICES = [("total", _l("The total")), ("per-round", _l("The average per round"))]
LIVE_CHOICES = [
    ("show", _l("The round in play counts as it stands")),
    ("hide", _l("Only closed rounds count")),
]
VP_CHOICES = [
    ("burraco-3", _l("Burraco, rounds of 3 deals")),
    ("burraco-4", _l("Burraco, rounds of 4 deals")),
    ("custom", _l("Our own table (below)")),
]
_MONEY = {"inputmode": "decimal", "autocomplete": "off"}


def award_money_field(award: str) -> str:
    """The field of one award's money (§10.2 ``purse.awards.<award>``)."""
    return f"purse_award_{award}"


def extra_fields() -> dict[str, Any]:
    """The fields this module adds to the set-up form's class."""
    fields: dict[str, Any] = {
        # n=i + 1: a lazy string's value is a number, never a name (tests/web/test_hostile_names.py)
        f"tie_break_{i + 1}": SelectField(
            _l("Tie-break %(n)s", n=i + 1), choices=choice_list(TIE_BREAK_CHOICES), default=""
        )
        for i in range(TIE_BREAK_FIELDS)
    }
    fields |= {
        "sitout_points": StringField(
            _l("A round sat out earns, with a fixed score"), render_kw=NUMERIC
        ),
        "absent": SelectField(
            _l("A round missed (late, or gone) earns"),
            choices=choice_list(ABSENT_CHOICES),
            default="zero",
        ),
        "measure": SelectField(
            _l("Standings count"), choices=choice_list(MEASURE_CHOICES), default="total"
        ),
        "best_rounds": StringField(
            _l("Only each player's best rounds count: how many (blank: all)"), render_kw=NUMERIC
        ),
        "live_round": SelectField(
            _l("While a round plays"), choices=choice_list(LIVE_CHOICES), default="show"
        ),
        "vp_table": SelectField(
            _l("Victory-point table"), choices=choice_list(VP_CHOICES), default="burraco-3"
        ),
        "vp_total": StringField(_l("Victory points a game shares"), render_kw=NUMERIC),
        "vp_rows": TextAreaField(
            _l("Our table: a line per step, 'largest difference, winner's points' ('50 10')"),
            render_kw={"rows": "5", "autocomplete": "off", "inputmode": "numeric"},
        ),
        "vp_above": StringField(_l("The winner's points past the last line"), render_kw=NUMERIC),
        "placing_points": TextAreaField(
            _l("Points for 1st, 2nd, 3rd... at a table: a line per table size ('11 7 4 2')"),
            render_kw={"rows": "3", "autocomplete": "off", "inputmode": "numeric"},
        ),
    }
    for award, label in AWARD_LABELS.items():
        fields[award_money_field(award)] = StringField(label, render_kw=_MONEY)
    return fields


def extra_paths() -> dict[str, str]:
    """API path of a refusal -> the field of this module that shows it."""
    paths = {
        "standings.tie_breaks": "tie_break_1",
        "standings.sitout_points": "sitout_points",
        "standings.absent": "absent",
        "standings.measure": "measure",
        "standings.best_rounds": "best_rounds",
        "standings.live_round": "live_round",
        "standings.vp_table": "vp_table",
        "standings.vp_table.total": "vp_total",
        "standings.vp_table.rows": "vp_rows",
        "standings.vp_table.above": "vp_above",
        "standings.placing_points": "placing_points",
        "purse.awards": "purse_entry",
    }
    for i in range(TIE_BREAK_FIELDS):
        paths[f"standings.tie_breaks[{i}]"] = f"tie_break_{i + 1}"
    for award in AWARD_LABELS:
        paths[f"purse.awards.{award}"] = award_money_field(award)
    return paths


def _whole(form: Any, name: str) -> int | None:
    text = (form[name].data or "").strip()
    if not text:
        return None
    if not re.fullmatch(r"[0-9]{1,7}", text):
        raise FormError(name, _("Type a whole number."))
    return int(text)


def _vp_rows(form: Any) -> list[list[int]]:
    """The custom table's lines, each two whole numbers ("50 10", "50, 10" or "50 → 10")."""
    rows: list[list[int]] = []
    for line in (form.vp_rows.data or "").splitlines():
        numbers = re.findall(r"-?[0-9]+", line)
        if not numbers:
            continue
        if len(numbers) != 2 or len(line) > 40:
            raise FormError(
                "vp_rows",
                _(
                    "Line %(n)s: two numbers, the difference and the winner's points ('50 10').",
                    n=len(rows) + 1,
                ),
            )
        rows.append([int(numbers[0]), int(numbers[1])])
    return rows


def _placing_rows(form: Any) -> list[list[int]]:
    """§9.2 ``placing_points`` as typed: a line per table size, its numbers the points of the
    1st, 2nd... place ("11 7 4 2", "11, 7, 4, 2"); ``;`` also ends a line."""
    rows: list[list[int]] = []
    text = (form.placing_points.data or "").replace(";", "\n")
    for line in text.splitlines():
        numbers = re.findall(r"-?[0-9]+", line)
        if not numbers:
            continue
        if len(line) > 60:
            raise FormError(
                "placing_points",
                _(
                    "Line %(n)s: the points of each place, highest first ('11 7 4 2').",
                    n=len(rows) + 1,
                ),
            )
        rows.append([int(number) for number in numbers])
    return rows


def _vp_table(form: Any) -> str | dict[str, Any]:
    """§9.6 ``vp_table``: a preset's name, or the host's own table."""
    if form.vp_table.data != "custom":
        return str(form.vp_table.data)
    table: dict[str, Any] = {"rows": _vp_rows(form)}
    for field, key in (("vp_total", "total"), ("vp_above", "above")):
        value = _whole(form, field)
        if value is not None:
            table[key] = value
    return table


def read_standings_extras(form: Any, standings: dict[str, Any]) -> None:
    """Add to ``standings`` (the body's §9.6 settings) what the form gives beyond the formula,
    the sit-out credit and the reveal (a fixed credit's points); raises :class:`FormError` for
    a number that is none."""
    breaks = [form[f"tie_break_{i}"].data for i in range(1, TIE_BREAK_FIELDS + 1)]
    chosen = [key for key in breaks if key]
    if chosen:
        standings["tie_breaks"] = chosen
    for field, default in (("absent", "zero"), ("measure", "total"), ("live_round", "show")):
        if form[field].data and form[field].data != default:
            standings[field] = form[field].data
    best = _whole(form, "best_rounds")
    if best is not None:
        standings["best_rounds"] = best
    if standings.get("formula") == "vp":
        standings["vp_table"] = _vp_table(form)
    if standings.get("formula") == "placing":
        # (None when nothing is typed: the service then says it is required, at this field.)
        standings["placing_points"] = _placing_rows(form) or None
    if standings.get("sitout") == "fixed":
        # (None when not typed: the service then says it is required, at this field.)
        standings["sitout_points"] = _whole(form, "sitout_points")


def money(text: str | None) -> str:
    """Money as typed ("4,50" too), for the service to judge."""
    return (text or "").strip().replace(",", ".")


def read_purse(form: Any) -> dict[str, Any] | None:
    """The purse (§10.2) typed: entry, the house's share, the places' percentages and the money
    of each award ticked (the service judges them); None when no entry fee is typed."""
    entry = money(form.purse_entry.data)
    if not entry:
        return None
    purse: dict[str, Any] = {"entry": entry}
    house = money(form.purse_house.data)
    if house:
        purse["house"] = house
    places = money(form.purse_places.data).replace("%", " ").replace(";", " ").split()
    if places:
        purse["places"] = places
    ticked = list(form.awards.data or [])
    paid = {
        award: money(form[award_money_field(award)].data)
        for award in ticked
        if award in AWARD_LABELS and money(form[award_money_field(award)].data)
    }
    if paid:
        purse["awards"] = paid
    return purse
