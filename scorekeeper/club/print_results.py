"""The results sheet of a club night (docs/club.md §13): standings with every column, the
per-round matrix, the awards and the purse (§10), the room's settle-up (§11), the adjustments
with their notes (§9.5), the balance report. Split from :mod:`.print` (one concern a module)."""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from flask import Response
from flask_babel import gettext as _
from flask_babel import ngettext

from .. import service
from ..models import ClubNight
from . import bp
from .print import print_page, seat_label
from .tv import as_json, names_of, night_or_404, place_text, round_figure, when
from .view import award_lines, purse_lines
from .words import balance_sentences


def column_heads() -> dict[str, str]:
    """The standings columns the results sheet may show (§14's row, then the money of a
    units night, §11), in order, with their heads."""
    return {
        "wins": _("Wins"),
        "points": _("Points"),
        "margin": _("Margin"),
        "against": _("Against"),
        "vp": _("VP"),
        "units": _("Units"),
        "played": _("Played"),
        "sat_out": _("Sat out"),
        "absent": _("Absent"),
        "adjustments": _("Adjustments"),
        "money": _("Money"),
    }


def matrix_cell(entry: Mapping[str, Any] | None, formula: str) -> str:
    """A player's round in the per-round matrix: the figure, "out" or "absent" (§13)."""
    if entry is None:
        return ""
    status = str(entry.get("status") or "")
    figure = round_figure(entry, formula)
    if status == "played":
        cell = figure or ""
    else:
        word = _("absent") if status == "absent" else _("out")
        cell = f"{word} ({figure})" if figure not in {None, "0"} else word
    # Not one of his best rounds (§9.2 "Best rounds"): shown in brackets, not counted.
    return f"[{cell}]" if entry.get("dropped") else cell


def results_context(night: ClubNight) -> dict[str, Any]:
    """Standings with every column, the per-round matrix, the awards and the purse, the
    settle-up, the adjustments, the balance (§13)."""
    night_view = service.night_view(night)
    view = as_json(night_view)
    standings = as_json(service.night_standings(night))
    names = names_of(view)
    rows = [dict(r) for r in standings.get("rows") or []]
    formula = str(standings.get("formula") or "points")
    unit_value = (view.get("rules") or {}).get("unit_value")
    if formula == "units" and unit_value is not None:
        # §11: each player's money over the night, his units at the night's unit value.
        for row in rows:
            units = row.get("units")
            if units is not None:
                row["money"] = f"{Decimal(str(units)) * Decimal(str(unit_value)):.2f}"
    heads = column_heads()
    columns = [c for c in heads if any(r.get(c) is not None for r in rows)]
    numbers = [int(r["number"]) for r in view.get("rounds") or [] if r.get("status") != "planned"]
    matrix = []
    for row in rows:
        by_round = {int(e["round"]): e for e in row.get("rounds") or []}
        matrix.append(
            (
                seat_label(int(row["player"]), names)
                if row.get("player") is not None
                else str(row.get("name") or ""),
                [matrix_cell(by_round.get(n), formula) for n in numbers],
            )
        )
    settlement = standings.get("settlement") or None
    transfers = []
    if settlement:
        for item in settlement.get("transfers") or []:
            transfers.append(
                ngettext(
                    "%(payer)s pays %(payee)s %(num)s unit (%(amount)s)",
                    "%(payer)s pays %(payee)s %(num)s units (%(amount)s)",
                    int(item.get("units") or 0),
                    payer=names.get(int(item["from"]), "?"),
                    payee=names.get(int(item["to"]), "?"),
                    amount=item.get("amount"),
                )
            )
    balance = view.get("balance") or {}
    sitouts = any(r.get("sitting_out") for r in view.get("rounds") or [])
    created = when(view.get("created_at")) or night.created_at
    # §13: every adjustment with its note (§9.5), oldest first: who (a player, or on a
    # fixed-pairs night the pair), for which round, how much.
    pair_names = {int(p["number"]): str(p["name"]) for p in view.get("pairs") or []}
    adjustments = [
        {
            "player": (
                seat_label(a.player, names)
                if a.player is not None
                else pair_names.get(a.pair or 0, "?")
            ),
            "round": (_("Round %(n)s", n=a.round) if a.round is not None else _("The night")),
            "value": a.value,
            "note": a.note,
        }
        for a in service.adjustment_views(night)
        if a.player is not None or a.pair is not None
    ]
    return {
        "night": night,
        "view": view,
        "standings": standings,
        "hidden": bool(standings.get("hidden")),
        "rows": rows,
        "places": [place_text(r) for r in rows],
        "columns": columns,
        "heads": heads,
        "numbers": numbers,
        "matrix": matrix,
        "best_rounds": (view.get("standings_rules") or {}).get("best_rounds"),
        "settlement": settlement,
        "transfers": transfers,
        "fewest": bool(settlement.get("fewest", True)) if settlement else True,
        "balance": balance_sentences(balance, sitouts=sitouts) if balance else [],
        "adjustments": adjustments,
        "awards": award_lines(standings, names),
        "purse": purse_lines(standings, names),
        "date": created,
    }


@bp.get("/cr/<read_id>/print/results")
def print_results(read_id: str) -> Response:
    """The night's results (§13)."""
    return print_page("club/print_results.html", **results_context(night_or_404(read_id)))
