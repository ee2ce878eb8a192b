"""The club night's printable sheets (docs/club.md §13): the rotation chart, a round's tally
sheets, the player cards (the host's with each player's scoring QR), the table tents and the
results.

HTML that prints on A4 and US Letter alike: ``static/club_print.css`` keeps everything inside
186 mm x 255 mm (A4's width and Letter's height less 12 mm margins); the browser's print (and
its "Save as PDF") does the rest: no server-side PDF, no new dependency. The figures come from
the service's §14 answers, as the TV's do (:mod:`.tv`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

from flask import Response, abort, render_template, request
from flask_babel import gettext as _
from werkzeug.routing import BuildError

from .. import service
from ..infra.security import external_url, no_store
from ..models import ClubNight
from ..rules import RuleError
from ..rules.club.standings.ranking import figure
from ..rules.games.registry import find_variant
from ..rules.games.table import Entry
from ..web.club_memory import codes_of, host_token
from ..web.qr import qr_svg
from . import bp
from .stale import stamp_context
from .tv import (
    as_json,
    names_of,
    night_or_404,
    partnerships,
    round_figure,
    round_of,
    seat_players,
    sides_of,
)
from .view import names_at
from .words import seat_line

#: Tally-sheet rows when the round has no hand count (§13: "round.hands rows, or 12").
TALLY_ROWS = 12
#: At most this many hand rows keep a tally sheet to half a sheet (two per page, §13).
HALF_ROWS = 14
#: At most this many rounds keep a player card to half a sheet (two per page, §13).
HALF_CARD_ROUNDS = 9
#: Seat names at four seats (docs/club.md §3).
COMPASS = {1: "N", 2: "E", 3: "S", 4: "W"}


def print_page(template: str, *, secret: bool = False, **context: Any) -> Response:
    """A print page; ``secret``: it shows codes (the host's pages), so no cache keeps it."""
    response = Response(render_template(template, printed=datetime.now(UTC), **context))
    return no_store(response) if secret else response


def _locked(night: ClubNight) -> Response:
    """403: this phone holds no host token that works (ask for the private link, §1)."""
    return no_store(Response(render_template("club/locked.html", night=night), 403))


def _host_night(public_id: str) -> ClubNight:
    """The night of a private id whose host token this phone holds; else 404 or 403."""
    try:
        night = service.night_by_id(public_id)
    except service.NotFound:
        abort(404)
    token = host_token(public_id)
    if token is None or not service.is_host(night, token):
        abort(_locked(night))
    return night


def _join_url(kind: str, read_id: str, number: int, code: str) -> str:
    """A card's join link (table or player), absolute, for its QR code."""
    endpoint = "club.table_join" if kind == "table" else "club.player_join"
    try:
        return external_url(endpoint, read_id=read_id, number=number, code=code)
    except BuildError:  # the pages' module not loaded: the same path, by hand
        letter = "t" if kind == "table" else "p"
        return f"{request.host_url.rstrip('/')}/cr/{read_id}/{letter}/{number}/join?code={code}"


def undrawn_note(item: Mapping[str, Any]) -> str:
    """What a planned round with no seats says (§4.6: Danish and progressive rounds are drawn
    when the round before closes): "Planned: drawn when round 3 closes"; else nothing."""
    if item.get("status") != "planned" or item.get("tables"):
        return ""
    number = int(item.get("number") or 1)
    if number <= 1:
        return _("Planned")
    return _("Planned: drawn when round %(n)s closes", n=number - 1)


def seat_name(seat: int, seats: int) -> str:
    """A seat as the sheets name it: "1 N" at four seats (docs/club.md §3), else its number."""
    return f"{seat} {COMPASS[seat]}" if seats == 4 and seat in COMPASS else str(seat)


def seat_label(number: int, names: Mapping[int, str]) -> str:
    """A player as the sheets show a seat taken: ``3·Eve`` (``?`` for a number with no name)."""
    return f"{number}·{names.get(number, '?')}"


def _seat_labels(sheet: Tally) -> list[tuple[str, str]]:
    """A sheet's seats and who sits there as the sheet names them ("3·Cruz")."""
    return [(seat, f"{player}·{name}") for seat, player, name in sheet.seats]


# --- The rotation chart --------------------------------------------------------------------------


@dataclass
class ChartRound:
    """One round's row of the chart: a cell per table, then the sit-outs."""

    number: int
    cells: list[str]
    out: list[str]
    #: A round drawn when the one before closes (§4.6): what the row says in place of seats.
    note: str = ""


def chart_context(night: ClubNight) -> dict[str, Any]:
    """Rounds x tables, then each player's table and seat per round (§13)."""
    view = as_json(service.night_view(night))
    names = names_of(view)
    rounds = view.get("rounds") or []
    # The highest table number, not the most tables a round uses: in a Mitchell of an odd
    # number of pairs the idle table keeps its number (§4.4), so a round may skip table 2 and
    # seat table 4.
    table_count = max((int(t["table"]) for r in rounds for t in r.get("tables") or []), default=0)
    grid = []
    where: dict[int, dict[int, str]] = {n: {} for n in names}
    for item in rounds:
        number = int(item["number"])
        cells = [""] * table_count
        for table in item.get("tables") or []:
            players = seat_players(table)
            shown = names_at(table, names)  # a substitute: "Ivy (for Eve)" (§6)
            cells[int(table["table"]) - 1] = seat_line(players, shown, partnerships(view))
            for seat, player in enumerate(players, start=1):
                where.setdefault(player, {})[number] = _(
                    "T%(table)s · %(seat)s",
                    table=table["table"],
                    seat=seat_name(seat, len(players)),
                )
        for player in item.get("sitting_out") or []:
            where.setdefault(int(player), {})[number] = _("out")
        for player in item.get("absent") or []:
            where.setdefault(int(player), {})[number] = _("absent")
        grid.append(
            ChartRound(
                number=number,
                cells=cells,
                out=[seat_label(int(p), names) for p in item.get("sitting_out") or []],
                note=undrawn_note(item),
            )
        )
    numbers = [int(r["number"]) for r in rounds]
    by_player = [
        (seat_label(n, names), [where.get(n, {}).get(r, "") for r in numbers])
        for n in sorted(names)
    ]
    return {
        "night": night,
        "view": view,
        "grid": grid,
        "table_count": table_count,
        "numbers": numbers,
        "by_player": by_player,
        **stamp_context(night, view, "chart"),
    }


@bp.get("/cr/<read_id>/print/chart")
def print_chart(read_id: str) -> Response:
    """The rotation chart (§13)."""
    return print_page("club/print_chart.html", **chart_context(night_or_404(read_id)))


# --- A round's tally sheets ----------------------------------------------------------------------


@dataclass
class Tally:
    """One table's tally sheet."""

    table: int
    seats: list[tuple[str, int, str]]
    sides: list[str]
    dealer: str
    board_qr: Any = None
    board_url: str | None = None
    #: Who deals each row's hand, the deal passing on from seat 1 as the form passes it.
    dealers: list[str] = field(default_factory=list)


def tally_dealers(night: ClubNight, labels: Sequence[str], count: int) -> list[str]:
    """Who deals hands 1 to ``count`` at a table seated ``labels`` (seat order; seat 1 deals
    first, §7.1), the deal passing on in the form's direction (``Setup.dealer_of``); blanks
    when the form would refuse the seating (the table is then filled in by hand)."""
    stand_ins = [f"P{i}" for i in range(1, len(labels) + 1)]  # any seat labels make a setup
    try:
        setup = find_variant(night.variant).setup(stand_ins, rules=night.options)
    except RuleError:
        return [""] * count
    at = dict(zip(stand_ins, labels, strict=True))
    return [at[setup.dealer_of(n)] for n in range(1, count + 1)]


def tally_columns(night: ClubNight, players: Sequence[str]) -> tuple[list[str], list[str]]:
    """The tally grid's columns: those of the hand (dealer, the contract...) and those of each
    side, as the form's hand is typed in (its :class:`~scorekeeper.rules.games.table.Entry`: the
    variant knows its table, the page does not test its name)."""
    variant = find_variant(night.variant)
    try:
        entry = variant.layout(variant.setup(list(players), rules=night.options)).entry
    except RuleError:  # a seating the form would refuse: the plainest grid
        entry = Entry.MELD_AND_TRICKS
    contract = [_("Dealer"), _("Bidder"), _("Bid"), _("Trump")]
    if entry is Entry.WIDOW_BID:
        return [*contract, _("Meld"), _("Tricks")], [_("Score"), _("Total")]
    if entry is Entry.PARTNERSHIP_BID:
        return contract, [_("Meld"), _("Tricks"), _("Total")]
    if entry is Entry.RUMMY_DEAL:
        return [_("Dealer")], [_("Points"), _("Total")]
    return [_("Dealer")], [_("Meld"), _("Tricks"), _("Total")]


def tally_context(night: ClubNight, number: int) -> dict[str, Any]:
    """One sheet per table of round ``number`` (§13)."""
    view = as_json(service.night_view(night))
    item = round_of(view, number)
    if item is None:
        abort(404)
    names = names_of(view)
    started = item.get("status") in {"playing", "closed"}
    sheets = []
    for table in item.get("tables") or []:
        players = seat_players(table)
        sides = sides_of(view, table)
        match = table.get("match")
        shown = names_at(table, names)  # a substitute: "Ivy (for Eve)" (§6)
        url = external_url("matches.board", public_id=match) if started and match else None
        sheets.append(
            Tally(
                table=int(table["table"]),
                seats=[
                    (seat_name(i, len(players)), p, shown.get(p, "?"))
                    for i, p in enumerate(players, start=1)
                ],
                sides=[" & ".join(seat_label(p, names) for p in side) for side in sides],
                dealer=seat_label(players[0], names) if players else "",
                board_url=url,
                board_qr=qr_svg(url, _("Scoreboard link")) if url else None,
            )
        )
    limit = view.get("round") or {}
    hands = limit.get("hands")
    rows = int(hands) if hands else TALLY_ROWS
    # §7.2: with a hand limit the sides level after the last hand play one more (unless the
    # night says "draw"): the sheet has its row.
    tie_break = bool(hands) and limit.get("tie", "extra-hand") == "extra-hand"
    for sheet in sheets:
        labels = [label for _seat, label in _seat_labels(sheet)]
        sheet.dealers = tally_dealers(night, labels, rows + int(tie_break))
    first = (item.get("tables") or [{}])[0]
    shared, per_side = tally_columns(night, [names.get(p, str(p)) for p in seat_players(first)])
    return {
        "night": night,
        "view": view,
        "number": number,
        "total": len(view.get("rounds") or []),
        "sheets": sheets,
        "rows": rows,
        "tie_break": tie_break,
        "half": rows <= HALF_ROWS,
        "shared_columns": shared,
        "side_columns": per_side,
        "sitting_out": [seat_label(int(p), names) for p in item.get("sitting_out") or []],
        "note": undrawn_note(item),
        **stamp_context(night, view, f"round-{number}"),
    }


@bp.get("/cr/<read_id>/print/round/<int:number>")
def print_round(read_id: str, number: int) -> Response:
    """Round ``number``'s tally sheets, two to a page (§13)."""
    return print_page("club/print_round.html", **tally_context(night_or_404(read_id), number))


# --- The player cards ----------------------------------------------------------------------------


@dataclass
class CardRow:
    """One round on a player's card."""

    round: int
    table: str = ""
    seat: str = ""
    partners: str = ""
    opponents: str = ""
    out: str = ""
    score: str = ""
    running: str = ""


@dataclass
class Card:
    """A player's card."""

    number: int
    name: str
    rows: list[CardRow] = field(default_factory=list)
    total: str = ""
    qr: Any = None


def _played(standings: Mapping[str, Any]) -> dict[int, dict[int, dict[str, Any]]]:
    """Each player's §14 round entries by round number (closed rounds only: a card is not a
    live board)."""
    found: dict[int, dict[int, dict[str, Any]]] = {}
    for row in standings.get("rows") or []:
        # A pair's row (§4.4) stands for both its players: each card shows the pair's figures.
        members = [row["player"]] if row.get("player") is not None else row.get("players") or []
        for member in members:
            entries = found.setdefault(int(member), {})
            for entry in row.get("rounds") or []:
                if not entry.get("live"):
                    entries[int(entry["round"])] = dict(entry)
    return found


def _card_line(
    view: Mapping[str, Any], item: Mapping[str, Any], number: int, names: Mapping[int, str]
) -> CardRow:
    """Player ``number``'s round ``item`` on his card: his table, seat, partners, opponents,
    or that he sits out (or is away)."""
    line = CardRow(round=int(item["number"]))
    for table in item.get("tables") or []:
        players = seat_players(table)
        if number not in players:
            continue
        sides = sides_of(view, table)
        mine = next(side for side in sides if number in side)
        line.table = str(table["table"])
        line.seat = seat_name(players.index(number) + 1, len(players))
        line.partners = ", ".join(names.get(p, "?") for p in mine if p != number)
        line.opponents = ", ".join(
            names.get(p, "?") for side in sides if side is not mine for p in side
        )
    if number in (item.get("sitting_out") or []):
        line.out = _("sits out")
    elif number in (item.get("absent") or []):
        line.out = _("absent")
    return line


def cards_context(night: ClubNight, *, host: bool) -> dict[str, Any]:
    """A card per player (§13); the host's carry each player's scoring QR when players score."""
    view = as_json(service.night_view(night))
    standings = as_json(service.night_standings(night))
    formula = str(standings.get("formula") or "points")
    names = names_of(view)
    entries = _played(standings)
    closed = {int(r["number"]) for r in view.get("rounds") or [] if r.get("status") == "closed"}
    players_score = view.get("scoring") == "players"
    codes = (
        codes_of(night.public_id, "player") | service.printable_codes(night, "player")
        if host and players_score
        else {}
    )
    # §13: on a progressive night the table column is left blank, to fill in as the room moves.
    blank_tables = (view.get("rotation") or {}).get("scheme") == "progressive"
    cards = []
    for number in sorted(names):
        card = Card(number=number, name=names[number])
        running: Decimal | None = None
        for item in view.get("rounds") or []:
            line = _card_line(view, item, number, names)
            if blank_tables:
                line.table = ""
            entry = entries.get(number, {}).get(line.round)
            figure = round_figure(entry, formula) if entry and line.round in closed else None
            if figure is not None:
                running = (running or Decimal(0)) + Decimal(figure)
                line.score, line.running = figure, _number(running)
            card.rows.append(line)
        card.total = _number(running) if running is not None else ""
        if number in codes:
            url = _join_url("player", night.read_id, number, codes[number])
            card.qr = qr_svg(url, _("Scan to score your table"))
        cards.append(card)
    return {
        "night": night,
        "view": view,
        "cards": cards,
        "host": host,
        "half": len(view.get("rounds") or []) <= HALF_CARD_ROUNDS,
        "scoring_players": players_score,
        "blank_tables": blank_tables,
        "missing_codes": host and players_score and len(codes) < len(cards),
        **stamp_context(night, view, "players"),
    }


def _number(value: Decimal) -> str:
    """A running total as the standings write figures (docs/club.md §14: the fewest places,
    at most two)."""
    return figure(value)


@bp.get("/cr/<read_id>/print/players")
def print_players(read_id: str) -> Response:
    """The player cards, two to a page (§13)."""
    return print_page("club/print_players.html", **cards_context(night_or_404(read_id), host=False))


@bp.get("/c/<public_id>/print/players")
def print_players_host(public_id: str) -> Response:
    """The host's player cards: with each player's scoring QR when players score (§13)."""
    night = _host_night(public_id)
    return print_page("club/print_players.html", secret=True, **cards_context(night, host=True))


# --- The table tents -----------------------------------------------------------------------------


@dataclass
class Tent:
    """A table's tent card: its number, its scoring QR (none for a card of before derived
    codes whose code this phone does not keep: it was shown once)."""

    table: int
    qr: Any = None


@bp.get("/c/<public_id>/print/tables")
def print_tables(public_id: str) -> Response:
    """The table tents, one to a page, the upper half turned to read from across (§13)."""
    night = _host_night(public_id)
    view = as_json(service.night_view(night))
    count = max((len(r.get("tables") or []) for r in view.get("rounds") or []), default=0)
    # Derived codes print on any device holding the host link (docs/club.md §13); a card
    # made before them prints only on the phone that kept its code.
    codes = codes_of(night.public_id, "table") | service.printable_codes(night, "table")
    tents = []
    for number in range(1, count + 1):
        tent = Tent(table=number)
        if number in codes:
            url = _join_url("table", night.read_id, number, codes[number])
            tent.qr = qr_svg(url, _("Scan to score this table"))
        tents.append(tent)
    return print_page("club/print_tables.html", secret=True, night=night, view=view, tents=tents)


# --- The results ---------------------------------------------------------------------------------
