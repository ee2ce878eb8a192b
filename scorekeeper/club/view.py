"""What the club pages show, gathered from the service's §14 views (docs/club.md §14): the
schedule grid, the round in play, each player's rounds, the standings, the balance in words.
Nothing is counted here: the service and the rules count, the pages lay out."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from flask_babel import lazy_gettext as _l

from .. import service
from ..models import ClubNight
from ..rules import RuleError
from ..rules.variants import find_variant
from .words import Sentence, balance_sentences, seat_line, seats_of

#: A night's status and a tie-break's column as the pages name them.
_STATUS = {
    "setup": _l("Setting up"),
    "playing": _l("Playing"),
    "finished": _l("Over"),
}
_TIE_BREAKS = {
    "wins": _l("Wins"),
    "points": _l("Points"),
    "margin": _l("Margin"),
    "against": _l("Against"),
    "vp": _l("VP"),
    "head_to_head": _l("Head to head"),
}


def as_json(value: Any) -> dict[str, Any]:
    """A service view as its §14 JSON (its ``as_json()``; a dataclass's fields; a mapping)."""
    if value is None:
        return {}
    if hasattr(value, "as_json"):
        return dict(value.as_json())
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return dataclasses.asdict(value)
    if isinstance(value, Mapping):
        return dict(value)
    return {}


def table_seating(round_: Mapping[str, Any]) -> list[list[int]]:
    """A §14 round's tables, each its players in seat order (table 1 first)."""
    tables = sorted(round_.get("tables") or [], key=lambda t: t.get("table", 0))
    return [seats_of(t) for t in tables]


def _partnerships(night: ClubNight, view: Mapping[str, Any]) -> bool:
    try:
        variant = find_variant(night.variant)
        size = (view.get("rotation") or {}).get("table_size")
        return bool(variant.club_form(night.options, size).partnerships)
    except (RuleError, AttributeError, TypeError):
        return False


def _rows_by_player(
    rounds: Sequence[Mapping[str, Any]], partnerships: bool
) -> dict[int, list[dict[str, Any]]]:
    """Each player's rounds: table, seat, partner(s), opponents, or sits out."""
    rows: dict[int, list[dict[str, Any]]] = {}
    for round_ in rounds:
        number = round_.get("number")
        status = round_.get("status")
        for table in round_.get("tables") or []:
            seats = seats_of(table)
            for i, player in enumerate(seats):
                if partnerships and len(seats) == 4:
                    partners = [seats[(i + 2) % 4]]
                    opponents = [seats[(i + 1) % 4], seats[(i + 3) % 4]]
                else:
                    partners = []
                    opponents = [p for p in seats if p != player]
                rows.setdefault(player, []).append(
                    {
                        "round": number,
                        "status": status,
                        "table": table.get("table"),
                        "seat": i + 1,
                        "partners": partners,
                        "opponents": opponents,
                        "match": table.get("match"),
                    }
                )
        for player in round_.get("sitting_out") or []:
            rows.setdefault(int(player), []).append(
                {"round": number, "status": status, "table": None, "out": True}
            )
        for player in round_.get("absent") or []:
            rows.setdefault(int(player), []).append(
                {"round": number, "status": status, "table": None, "absent": True}
            )
    for mine in rows.values():
        mine.sort(key=lambda row: row["round"] or 0)
    return rows


def night_page(night: ClubNight, *, host: bool) -> dict[str, Any]:
    """Everything a club page lays out, from the night's §14 views."""
    view = as_json(service.night_view(night))
    names = {int(p["number"]): str(p["name"]) for p in view.get("players") or []}
    partnerships = _partnerships(night, view)
    rounds: list[dict[str, Any]] = list(view.get("rounds") or [])
    numbers = sorted({int(t["table"]) for r in rounds for t in r.get("tables") or []})
    grid: list[dict[str, Any]] = []
    for round_ in rounds:
        tables = {int(t["table"]): t for t in round_.get("tables") or []}
        grid.append(
            {
                "number": round_.get("number"),
                "status": round_.get("status"),
                "time_called_at": round_.get("time_called_at"),
                "cells": {
                    n: seat_line(seats_of(t), names, partnerships) for n, t in tables.items()
                },
                "tables": tables,
                "out": [names.get(int(p), "?") for p in round_.get("sitting_out") or []],
            }
        )
    playing = next((r for r in grid if r["status"] == "playing"), None)
    planned = next((r for r in grid if r["status"] == "planned"), None)
    closed = [r for r in grid if r["status"] == "closed"]
    warnings: list[int] = []
    if playing is not None:
        warnings = [n for n, t in sorted(playing["tables"].items()) if not t.get("hands")]
    standings = as_json(service.night_standings(night, host=host))
    rules = view.get("standings_rules") or {}
    balance = view.get("balance") or {}
    sits = any(r.get("sitting_out") for r in rounds)
    sentences: list[Sentence] = balance_sentences(balance, sitouts=sits) if balance else []
    return {
        "view": view,
        "names": names,
        "partnerships": partnerships,
        "table_numbers": numbers,
        "grid": grid,
        "playing": playing,
        "planned": planned,
        "last_closed": closed[-1] if closed else None,
        "warnings": warnings,
        "standings": standings,
        "tie_breaks": list(rules.get("tie_breaks") or []),
        "balance": sentences,
        "players": _rows_by_player(rounds, partnerships),
        "status": view.get("status", night.status),
        "status_label": str(_STATUS.get(night.status, night.status)),
        "tie_break_labels": {
            key: str(_TIE_BREAKS.get(key, key)) for key in rules.get("tie_breaks") or []
        },
    }
