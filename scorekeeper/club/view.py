"""What the club pages show, gathered from the service's §14 views (docs/club.md §14): the
schedule grid, the round in play, each player's rounds, the standings, the balance in words.
Nothing is counted here: the service and the rules count, the pages lay out."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from .. import service
from ..models import ClubNight
from ..rules import RuleError
from ..rules.club.rotation.movements import find_movement
from ..rules.games.registry import find_variant
from .words import Sentence, balance_sentences, seat_line, seats_of

#: Each award as the pages name it (docs/club.md §10.1).
AWARD_LABELS: dict[str, Any] = {
    "high_game": _l("High game"),
    "high_average": _l("High average"),
    "high_table": _l("High table"),
    "low_total": _l("Low total"),
    "double_pinochles": _l("Double pinochles"),
    "thousand_aces": _l("Thousand aces"),
    "double_runs": _l("Double runs"),
    "highest_bid_made": _l("Highest bid made"),
    "pinnacolas": _l("Pinnacolas"),
}

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
            stands_for = substitutes_of(table)
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
                        "stands_for": stands_for.get(player),
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


def substitutes_of(table: Mapping[str, Any]) -> dict[int, int]:
    """A §14 table's substitutes (§6): ``{player who came in: player he stands for}``."""
    found: dict[int, int] = {}
    for entry in table.get("substitutes") or []:
        if not isinstance(entry, Mapping):
            continue
        came = entry.get("player", entry.get("in"))
        left = entry.get("for", entry.get("stands_for", entry.get("out")))
        if isinstance(came, int) and isinstance(left, int):
            found[came] = left
    return found


def names_at(table: Mapping[str, Any], names: Mapping[int, str]) -> dict[int, str]:
    """The names a table's seats show: a substitute as "Ivy (for Eve)" (§6)."""
    shown = dict(names)
    seated = set(seats_of(table))
    for came, left in substitutes_of(table).items():
        text = _("%(name)s (for %(other)s)", name=names.get(came, "?"), other=names.get(left, "?"))
        # The seat stands for the substitute; were it still to name who left, say it there.
        shown[came if came in seated or left not in seated else left] = str(text)
    return shown


def _who(players: Sequence[Any], names: Mapping[int, str]) -> str:
    return " & ".join(names.get(int(p), "?") for p in players if isinstance(p, int))


def award_lines(standings: Mapping[str, Any], names: Mapping[int, str]) -> list[dict[str, Any]]:
    """The standings' awards (§10.1) in words: the award's name, its value, each holder with
    where it happened ("Ana & Fay · round 3, table 1"), and what it rests on."""
    lines: list[dict[str, Any]] = []
    for award in standings.get("awards") or []:
        holders = []
        for holder in award.get("holders") or []:
            where = []
            if holder.get("round") is not None:
                where.append(_("round %(n)s", n=holder["round"]))
            if holder.get("table") is not None:
                where.append(_("table %(n)s", n=holder["table"]))
            if holder.get("count") is not None:
                where.append(_("× %(n)s", n=holder["count"]))
            who = _who(holder.get("players") or [], names)
            holders.append(f"{who} · {', '.join(where)}" if where else who)
        name = str(award.get("award", ""))
        rests = award.get("rests_on") or {}
        lines.append(
            {
                "award": name,
                "label": str(AWARD_LABELS.get(name, name)),
                "value": award.get("value"),
                "holders": holders,
                "rests_on": rests.get("count"),
            }
        )
    return lines


def purse_lines(standings: Mapping[str, Any], names: Mapping[int, str]) -> dict[str, Any] | None:
    """The purse paid out (§10.2): the pot, each award's and place's money, what each player
    takes home and what is left over; None when the night keeps no purse."""
    purse = standings.get("purse")
    if not isinstance(purse, Mapping):
        return None
    awards = [
        {
            "label": str(AWARD_LABELS.get(a.get("award"), a.get("award"))),
            "amount": a.get("amount"),
            "paid": [
                (names.get(p.get("player"), "?"), p.get("amount")) for p in a.get("paid") or []
            ],
        }
        for a in purse.get("awards") or []
    ]
    # A fixed-pairs night's places name the pairs; their money is each player's (§10.2).
    pair_names = {
        int(r["pair"]): str(r.get("name") or "?")
        for r in standings.get("rows") or []
        if r.get("pair") is not None
    }
    places = [
        {
            "place": p.get("place"),
            "shared": bool(p.get("shared")),
            "who": (
                ", ".join(pair_names.get(int(n), "?") for n in p["pairs"])
                if p.get("pairs")
                else _who(p.get("players") or [], names)
            ),
            "each": p.get("each"),
            # More than one player takes the amount: said "… each".
            "split": len(p.get("players") or []) > 1,
        }
        for p in purse.get("places") or []
    ]
    payouts = [
        (p.get("player"), names.get(p.get("player"), "?"), p.get("amount"))
        for p in purse.get("payouts") or []
    ]
    return {
        "pot": purse.get("pot"),
        "players": purse.get("players"),
        "awards": awards,
        "places": places,
        "payouts": payouts,
        "left_over": purse.get("left_over"),
    }


def adjustment_rows(night: ClubNight, names: Mapping[int, str]) -> list[dict[str, Any]]:
    """Every adjustment of the night (§9.5), oldest first: id, player number and name (on a
    fixed-pairs night the pair's number and name), ``players`` it counts for, round (None:
    the whole night), value, note, and ``who`` as the host page shows it."""
    pairs = {int(p["number"]): p for p in service.night_view(night).pairs}
    rows: list[dict[str, Any]] = []
    for item in service.adjustment_views(night):
        if item.pair is not None:
            pair = pairs.get(item.pair) or {}
            name = str(pair.get("name") or "?")
            players = [int(x) for x in pair.get("players") or []]
            who = _("Pair %(n)s", n=item.pair) + f" · {name}"
        else:
            name = names.get(item.player, "?") if item.player is not None else "?"
            players = [item.player] if item.player is not None else []
            who = f"{item.player}·{name}"
        rows.append(
            {
                "id": item.id,
                "player": item.player,
                "pair": item.pair,
                "players": players,
                "name": name,
                "who": who,
                "round": item.round,
                "value": item.value,
                "note": item.note,
            }
        )
    return rows


def drawn_later(view: Mapping[str, Any]) -> bool:
    """Whether the night draws each round when the one before closes (§4.6: Danish and
    progressive), so that planned rounds have no seats yet."""
    rotation = view.get("rotation") or {}
    # Fixed pairs name their movement; progressive's name is its scheme's.
    kind = find_movement(rotation.get("movement", rotation.get("scheme")))
    return (kind is not None and kind.as_the_night_goes) or isinstance(
        rotation.get("danish_from_round"), int
    )


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
                    n: seat_line(seats_of(t), names_at(t, names), partnerships)
                    for n, t in tables.items()
                },
                # §4.6: a round drawn when the one before closes has no seats until then.
                "undrawn": round_.get("status") == "planned" and not tables,
                "tables": tables,
                # "9·Ivy": the number the substitute form asks for (issue 35), as the seats say.
                "out": [
                    f"{p}·{names.get(p, '?')}" for p in map(int, round_.get("sitting_out") or [])
                ],
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
        "progressive": (view.get("rotation") or {}).get("scheme") == "progressive",
        "drawn_later": drawn_later(view),
        "awards": award_lines(standings, names),
        "purse": purse_lines(standings, names),
        "pairs": list(view.get("pairs") or []),
        "status_label": str(_STATUS.get(night.status, night.status)),
        "tie_break_labels": {
            key: str(_TIE_BREAKS.get(key, key)) for key in rules.get("tie_breaks") or []
        },
    }
