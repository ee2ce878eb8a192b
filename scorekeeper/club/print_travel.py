"""The club night's traveller and movement cards (docs/club.md §13), as Bridgemate rooms hand
them out: a round's **traveller**, every hand each table entered (who sat where, the hand's
line, each side's meld, tricks, the hand's points and the running total), and the **movement
cards**, one per table: who sits where each round and where each of them goes next.

Read-only sheets of the public read id, as the chart and the tally sheets are: the hands come
from each table's match (:func:`service.state_of`, the match page's own replay)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from flask import Response, abort
from flask_babel import gettext as _

from .. import service
from ..i18n import note_text
from ..models import ClubNight
from ..rules import MatchState, running_totals
from . import bp
from .print import print_page, seat_name
from .stale import stamp_context
from .tv import as_json, names_of, night_or_404, partnerships, round_of, seat_players, sides_of
from .view import names_at
from .words import seat_line

# --- The traveller -------------------------------------------------------------------------------


@dataclass
class HandRow:
    """One hand of a traveller: its number, dealer and line, then a cell per side and column."""

    number: int
    dealer: str
    line: str
    cells: list[list[str]]


@dataclass
class Traveller:
    """One table's hands in a round."""

    table: int
    seats: list[str]
    sides: list[str]
    columns: list[str]
    rows: list[HandRow] = field(default_factory=list)
    totals: list[str] = field(default_factory=list)
    #: The match's state in words: "over", "in play", "no hand entered".
    status: str = ""


#: The columns a hand may fill, each with the heading it prints under.
_COLUMNS = ("meld", "tricks", "table", "hand")


def _headings() -> dict[str, str]:
    return {
        "meld": _("Meld"),
        "tricks": _("Tricks"),
        "table": _("On the table"),
        "hand": _("In hand"),
        "score": _("Hand"),
        "total": _("Total"),
    }


def _facts_by_side(hand: Any, side: str) -> dict[str, int]:
    """What the hand's facts (``rules/core/facts.py``) say of ``side``: its meld, tricks, the table
    and hand points of a rummy deal; a fact that does not apply is left out."""
    facts = hand.facts
    found: dict[str, int] = {}
    meld = [m.points for m in facts.meld if m.holder == side]
    if meld:
        found["meld"] = sum(meld)
    tricks = [t.points for t in facts.tricks if t.side == side]
    if tricks:
        found["tricks"] = sum(tricks)
    for deal in facts.deal:
        if deal.side == side:
            found["table"], found["hand"] = deal.table, deal.hand
    return found


def traveller_of(table: int, seats: list[str], sides: list[str], state: MatchState) -> Traveller:
    """Table ``table``'s traveller from its match's replayed ``state``."""
    facts = [{side: _facts_by_side(hand, side) for side in state.sides} for hand in state.hands]
    used = [c for c in _COLUMNS if any(c in by_side[s] for by_side in facts for s in by_side)]
    headings = _headings()
    columns = [headings[c] for c in (*used, "score", "total")]
    totals = running_totals(state)[1:]
    rows = []
    for hand, by_side, running in zip(state.hands, facts, totals, strict=False):
        points = hand.scores if hand.scores is not None else hand.payments or {}
        cells = []
        for side in state.sides:
            mine = by_side[side]
            cells.append(
                [str(mine[c]) if c in mine else "" for c in used]
                + [str(points.get(side, "")), str(running.get(side, ""))]
            )
        line = note_text(hand.facts.summary) if hand.facts.summary is not None else ""
        rows.append(HandRow(hand.number, hand.dealer, line, cells))
    names = list(state.sides)
    return Traveller(
        table=table,
        seats=seats,
        # The sides as the match names them ("Team 1"), with who they are at this table.
        sides=[
            f"{name} ({who})" if who and who != name else name
            for name, who in zip(names, sides, strict=False)
        ]
        if len(sides) == len(names)
        else names,
        columns=columns,
        rows=rows,
        totals=[str(state.totals.get(side, "")) for side in state.sides],
    )


def traveller_context(night: ClubNight, number: int) -> dict[str, Any]:
    """A traveller per table of round ``number`` that has a match (§13)."""
    view = as_json(service.night_view(night))
    item = round_of(view, number)
    if item is None:
        abort(404)
    names = names_of(view)
    sheets = []
    for table in sorted(item.get("tables") or [], key=lambda t: int(t["table"])):
        players = seat_players(table)
        shown = names_at(table, names)  # a substitute: "Ivy (for Eve)" (§6)
        seats = [
            _(
                "Seat %(seat)s: %(number)s·%(name)s",
                seat=seat_name(i, len(players)),
                number=p,
                name=shown.get(p, "?"),
            )
            for i, p in enumerate(players, start=1)
        ]
        sides = [" & ".join(shown.get(p, "?") for p in side) for side in sides_of(view, table)]
        match_id = table.get("match")
        if not match_id:
            continue
        try:
            match = service.get_match(str(match_id))
        except service.NotFound:
            continue
        state = service.state_of(match)
        sheet = traveller_of(int(table["table"]), seats, sides, state)
        over = service.match_limit_view(match, state).over
        sheet.status = (
            _("No hand entered")
            if not state.hands
            else (_("Over") if over or state.status == "finished" else _("In play"))
        )
        sheets.append(sheet)
    return {
        "night": night,
        "view": view,
        "number": number,
        "total": len(view.get("rounds") or []),
        "status": item.get("status"),
        "sheets": sheets,
    }


@bp.get("/cr/<read_id>/print/round/<int:number>/traveller")
def print_traveller(read_id: str, number: int) -> Response:
    """Round ``number``'s traveller: every hand each table entered (§13)."""
    return print_page(
        "club/print_traveller.html", **traveller_context(night_or_404(read_id), number)
    )


# --- The movement cards --------------------------------------------------------------------------


@dataclass
class MovementRow:
    """One round on a table's movement card: who sits there, and where each goes next."""

    round: int
    seating: str
    next: list[str] = field(default_factory=list)
    #: Nobody plays at this table this round (an idle Mitchell table, fewer tables).
    idle: bool = False
    #: A round drawn when the one before closes (§4.6): nothing to say yet.
    note: str = ""


@dataclass
class MovementCard:
    """A table's movement card."""

    table: int
    rows: list[MovementRow] = field(default_factory=list)


def _places(view: Mapping[str, Any], item: Mapping[str, Any]) -> dict[int, tuple[int, int, int]]:
    """Where each player sits in round ``item``: (table, seat, seats at the table)."""
    found: dict[int, tuple[int, int, int]] = {}
    for table in item.get("tables") or []:
        players = seat_players(table)
        for seat, player in enumerate(players, start=1):
            found[player] = (int(table["table"]), seat, len(players))
    return found


def _where(
    place: tuple[int, int, int] | None, pair_seats: bool, item: Mapping[str, Any], player: int
) -> str:
    """Where a player (or a pair, ``pair_seats``) goes: "table 3 N-S", "table 2 seat 3",
    "sits out", "absent"."""
    if place is None:
        if player in (item.get("absent") or []):
            return _("absent")
        return _("sits out")
    table, seat, seats = place
    if pair_seats:
        return _("table %(n)s N-S", n=table) if seat % 2 else _("table %(n)s E-W", n=table)
    return _("table %(n)s seat %(seat)s", n=table, seat=seat_name(seat, seats))


def movement_context(night: ClubNight) -> dict[str, Any]:
    """A movement card per table number the night uses (§13): each round's seating, and for
    each side at the table where it plays the round after ("1·Ana & 3·Cy: table 3 N-S")."""
    view = as_json(service.night_view(night))
    names = names_of(view)
    rounds: list[dict[str, Any]] = list(view.get("rounds") or [])
    numbers = sorted({int(t["table"]) for r in rounds for t in r.get("tables") or []})
    pairs_play = partnerships(view)
    cards = [MovementCard(table=n) for n in numbers]
    for index, item in enumerate(rounds):
        following = rounds[index + 1] if index + 1 < len(rounds) else None
        places = _places(view, following) if following and following.get("tables") else None
        tables = {int(t["table"]): t for t in item.get("tables") or []}
        for card in cards:
            row = MovementRow(round=int(item["number"]), seating="")
            table = tables.get(card.table)
            if not item.get("tables") and item.get("status") == "planned":
                row.note = _("Drawn when the round before closes")
            elif table is None:
                row.idle = True
            else:
                players = seat_players(table)
                shown = names_at(table, names)
                row.seating = seat_line(players, shown, pairs_play)
                if following is not None and places is None:
                    row.next = [_("Next round: drawn when this one closes")]
                elif places is not None:
                    row.next = _next_lines(view, table, places, following or {}, shown)
            card.rows.append(row)
    return {"night": night, "view": view, "cards": cards, **stamp_context(night, view, "movement")}


def _next_lines(
    view: Mapping[str, Any],
    table: Mapping[str, Any],
    places: Mapping[int, tuple[int, int, int]],
    following: Mapping[str, Any],
    shown: Mapping[int, str],
) -> list[str]:
    """Where each side of ``table`` goes in the round after: a partnership that stays together
    in one line, else each player."""
    lines = []
    for side in sides_of(view, table):
        spots = [places.get(p) for p in side]
        # Partners still partners at four seats (seats 1 + 3 or 2 + 4 of one table), or both
        # resting: one line for the pair, "table 3 N-S" (a Bridgemate pair's card).
        sides = {(s[0], s[1] % 2, s[2]) if s is not None else None for s in spots}
        first = spots[0]
        if len(side) == 2 and len(sides) == 1 and (first is None or first[2] == 4):
            who = " & ".join(f"{p}·{shown.get(p, '?')}" for p in side)
            lines.append(f"{who}: {_where(first, True, following, side[0])}")
            continue
        for player in side:
            where = _where(places.get(player), False, following, player)
            lines.append(f"{player}·{shown.get(player, '?')}: {where}")
    return lines


@bp.get("/cr/<read_id>/print/movement")
def print_movement(read_id: str) -> Response:
    """The movement cards, one per table (§13)."""
    return print_page("club/print_movement.html", **movement_context(night_or_404(read_id)))
