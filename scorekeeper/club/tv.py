"""The club night on a screen on the wall (docs/club.md §12): the round, its clock, the
standings in pages of rows, the tables' progress or the next round's seating.

The server renders the whole screen; ``static/club_tv.js`` asks ``GET /api/v1/club-nights/
<read_id>/standings`` with ``If-None-Match`` (a 304 costs one aggregate SELECT) at once when the
night's event stream (``GET /cr/<read_id>/events``, :mod:`.live`) says it moved, and every 10 s
in any case; when the night changed, it fetches ``?part=board`` and swaps it in. Without
JavaScript the page refreshes itself every 30 s.

Everything here reads the night through the service's §14 answers (``night_view(...).as_json()``
and ``night_standings(...).as_json()``): the same figures the API gives, so the screen and the
API never disagree. The print pages (:mod:`.print`) use the same readers.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from flask import Response, abort, render_template, request

from .. import service
from ..models import ClubNight
from . import bp
from .view import names_at

#: How often the screen asks whether the night changed (§12: every 10 s).
POLL_MS = 10_000
#: How long a page of standings rows stays before the next one (§12: 15 s).
PAGE_MS = 15_000
#: Without JavaScript the screen reloads itself this often (§12, §19 case 38).
REFRESH_S = 30


def night_or_404(read_id: str) -> ClubNight:
    """The night of a read-only link, or a 404 page."""
    try:
        return service.night_to_read(read_id)
    except service.NotFound:
        abort(404)


def as_json(value: Any) -> dict[str, Any]:
    """A service view as its §14 JSON object (a view, or already a mapping)."""
    if isinstance(value, Mapping):
        return dict(value)
    result: dict[str, Any] = value.as_json()
    return result


def names_of(view: Mapping[str, Any]) -> dict[int, str]:
    """The night's player numbers and names."""
    return {int(p["number"]): str(p["name"]) for p in view.get("players") or []}


def partnerships(view: Mapping[str, Any]) -> bool:
    """Whether the tables seat two partnerships (seats 1+3 v 2+4, docs/club.md §3): the
    rotating-partners, fixed-pairs and progressive schemes seat partnerships, rotating-tables
    each for himself (§4.1)."""
    scheme = str((view.get("rotation") or {}).get("scheme"))
    return scheme in {"rotating-partners", "fixed-pairs", "progressive"}


def seat_players(table: Mapping[str, Any]) -> list[int]:
    """A table's players in seat order."""
    seats = sorted(table.get("seats") or [], key=lambda s: int(s["seat"]))
    return [int(s["player"]) for s in seats]


def sides_of(view: Mapping[str, Any], table: Mapping[str, Any]) -> list[list[int]]:
    """A table's sides: two partnerships at four partnership seats (seats 1+3, 2+4), else
    each player on his own."""
    players = seat_players(table)
    if partnerships(view) and len(players) == 4:
        return [[players[0], players[2]], [players[1], players[3]]]
    return [[p] for p in players]


def round_of(view: Mapping[str, Any], number: int) -> dict[str, Any] | None:
    """Round ``number`` of the night's view, if there is one."""
    for item in view.get("rounds") or []:
        if int(item["number"]) == number:
            return dict(item)
    return None


def round_in_play(view: Mapping[str, Any]) -> dict[str, Any] | None:
    """The round being played, if one is."""
    for item in view.get("rounds") or []:
        if item.get("status") == "playing":
            return dict(item)
    return None


def next_round(view: Mapping[str, Any]) -> dict[str, Any] | None:
    """The first planned round (the one the room moves to next), if any."""
    for item in view.get("rounds") or []:
        if item.get("status") == "planned":
            return dict(item)
    return None


def last_closed(view: Mapping[str, Any]) -> int | None:
    """The number of the last closed round, if any."""
    closed = [int(r["number"]) for r in view.get("rounds") or [] if r.get("status") == "closed"]
    return max(closed) if closed else None


def round_count(view: Mapping[str, Any]) -> int:
    """How many rounds the night has."""
    return len(view.get("rounds") or []) or int((view.get("rotation") or {}).get("rounds") or 0)


def when(text: object) -> datetime | None:
    """An ISO time of the API as an aware datetime (UTC when it says no zone)."""
    if not isinstance(text, str) or not text:
        return None
    try:
        moment = datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        return None
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


#: The value of a played round for each formula (docs/club.md §9.2), from a §14 round entry.
ROUND_FIGURE = {
    "points": "points",
    "wins": "result",
    "vp": "vp",
    "units": "units",
    "placing": "placing",
}


def round_figure(entry: Mapping[str, Any], formula: str) -> str | None:
    """What a round added to a player's value: the formula's figure when he played, the
    credit when he sat out or was away (None: nothing to show)."""
    if entry.get("status") == "played":
        value = entry.get(ROUND_FIGURE.get(formula, "points"))
    else:
        value = entry.get("credit")
    return None if value is None else str(value)


@dataclass
class Row:
    """One standings row as the screen and the results sheet show it."""

    place: str
    name: str
    number: int
    value: str
    last: str | None
    #: ``up``, ``down``, ``same`` against the place after the previous round; None: no earlier
    #: place to compare with.
    move: str | None
    row: dict[str, Any] = field(default_factory=dict)


def place_text(row: Mapping[str, Any]) -> str:
    """The place as shown: "3", or "3=" when shared (docs/club.md §9.4)."""
    return f"{row['place']}=" if row.get("shared") else str(row["place"])


def counted_round(view: Mapping[str, Any], standings: Mapping[str, Any]) -> int | None:
    """The latest round the standings count: the round in play when it counts live, else the
    round they stand after."""
    if standings.get("live"):
        playing = round_in_play(view)
        if playing is not None:
            return int(playing["number"])
    after = standings.get("after_round")
    return int(after) if after is not None else last_closed(view)


def row_number(row: Mapping[str, Any]) -> int:
    """A standings row's player number; a pair's row (§4.4: ``"player": null``) is keyed by
    minus its pair number, so that players and pairs never share a key."""
    if row.get("player") is not None:
        return int(row["player"])
    return -int(row.get("pair") or 0)


def rows_of(
    view: Mapping[str, Any],
    standings: Mapping[str, Any],
    before: Mapping[str, Any] | None,
) -> list[Row]:
    """The standings rows with each one's last round and its move against ``before`` (the
    standings after the previous round)."""
    formula = str(standings.get("formula") or "points")
    latest = counted_round(view, standings)
    if latest is None and round_in_play(view) is None:
        return []  # before round 1: every player 0, all "1=" (the seating says more)
    earlier = {row_number(r): int(r["place"]) for r in (before or {}).get("rows") or []}
    names = names_of(view)
    rows = []
    for row in standings.get("rows") or []:
        number = row_number(row)
        last = None
        for entry in row.get("rounds") or []:
            if latest is not None and int(entry["round"]) == latest:
                last = round_figure(entry, formula)
        was = earlier.get(number)
        move = None
        if was is not None:
            place = int(row["place"])
            move = "up" if place < was else "down" if place > was else "same"
        rows.append(
            Row(
                place=place_text(row),
                name=str(row.get("name") or names.get(number, number)),
                number=number,
                value=str(row.get("value")),
                last=last,
                move=move,
                row=dict(row),
            )
        )
    return rows


def previous_standings(
    night: ClubNight, view: Mapping[str, Any], standings: Mapping[str, Any]
) -> dict[str, Any] | None:
    """The standings as they stood after the round before the latest one counted, or None
    when there is no such round."""
    latest = counted_round(view, standings)
    if latest is None or latest < 2 or not standings.get("rows"):
        return None
    return as_json(service.night_standings(night, after_round=latest - 1))


@dataclass
class Seating:
    """One table of a round, in words: its number and its sides."""

    table: int
    sides: list[list[str]]
    hands: int | None = None
    over: bool = False


def seating_of(view: Mapping[str, Any], item: Mapping[str, Any]) -> list[Seating]:
    """A round's tables with the names at each side."""
    names = names_of(view)
    return [
        Seating(
            table=int(t["table"]),
            # A substitute shows as "Ivy (for Eve)" (docs/club.md §6).
            sides=[[names_at(t, names).get(p, str(p)) for p in side] for side in sides_of(view, t)],
            hands=t.get("hands"),
            over=bool(t.get("over")),
        )
        for t in item.get("tables") or []
    ]


def sitting_out(view: Mapping[str, Any], item: Mapping[str, Any]) -> list[str]:
    """The names of a round's sit-outs."""
    names = names_of(view)
    return [names.get(int(p), str(p)) for p in item.get("sitting_out") or []]


def clock_of(view: Mapping[str, Any], item: Mapping[str, Any] | None) -> int | None:
    """Seconds left on the round's clock now (0: time), or None when the round has no minutes.

    The screen's script counts down from this figure, taken at render time on the server: the
    TV's own clock may be minutes off, the server's started_at is the room's."""
    minutes = (view.get("round") or {}).get("minutes")
    if item is None or not minutes:
        return None
    if item.get("time_called_at"):
        return 0
    started = when(item.get("started_at"))
    if started is None:
        return int(minutes) * 60
    gone = (datetime.now(UTC) - started).total_seconds()
    return max(0, int(minutes) * 60 - int(gone))


def minutes_seconds(left: int) -> str:
    """``12:34``."""
    return f"{left // 60}:{left % 60:02d}"


def tv_context(night: ClubNight) -> dict[str, Any]:
    """Everything the screen shows."""
    view = as_json(service.night_view(night))
    standings = as_json(service.night_standings(night))
    hidden = bool(standings.get("hidden"))
    playing = round_in_play(view)
    coming = None if playing is not None else next_round(view)
    shown = playing or coming
    clock = clock_of(view, playing)
    before = None if hidden else previous_standings(night, view, standings)
    return {
        "night": night,
        "view": view,
        "standings": standings,
        "hidden": hidden,
        "rows": [] if hidden else rows_of(view, standings, before),
        "playing": playing,
        "coming": coming,
        "round_no": int(shown["number"]) if shown else last_closed(view),
        "round_total": round_count(view),
        "tables": seating_of(view, shown) if shown else [],
        "sitting_out": sitting_out(view, shown) if shown else [],
        "of_hands": (view.get("round") or {}).get("hands"),
        "clock": clock,
        "clock_text": minutes_seconds(clock) if clock else None,
        "finished": view.get("status") == "finished",
        # §4.6: a progressive or Danish round not drawn yet has no seating to show.
        "undrawn": bool(coming is not None and not coming.get("tables")),
        "etag": service.night_etag(night),
    }


@bp.get("/cr/<read_id>/tv")
def tv(read_id: str) -> Any:
    """The TV view; ``?part=board`` is its changing part alone, for club_tv.js to swap in."""
    night = night_or_404(read_id)
    context = tv_context(night)
    part = request.args.get("part") == "board"
    response = Response(
        render_template(
            "club/tv.html",
            part=part,
            api_url=f"{request.script_root}/api/v1/club-nights/{night.read_id}/standings",
            part_url=f"{request.script_root}/cr/{night.read_id}/tv?part=board",
            events_url=f"{request.script_root}/cr/{night.read_id}/events",
            poll_ms=POLL_MS,
            page_ms=PAGE_MS,
            refresh_s=REFRESH_S,
            **context,
        )
    )
    # Read-only, no secret in it; always asked again (the night moves on).
    response.headers["Cache-Control"] = "no-cache"
    return response
