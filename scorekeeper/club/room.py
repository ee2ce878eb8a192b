"""The room's pages of a club night (docs/club.md §7.3, §18): the standings page, a table
card's or player card's link and the page it leads to, the club match's banner on the match
page, and what keeps a phone's club secrets out of shared caches."""

from __future__ import annotations

from typing import Any, NoReturn

from flask import Response, abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _

from .. import service
from ..infra import rate_limits
from ..infra.security import no_store
from ..models import ClubNight
from ..rules import RuleError
from ..web.club_memory import keep_role, remember_night, role_key
from ..web.forms import plain_rule_message
from ..web.session import keep_token
from . import bp
from .forms import OpenForm
from .live import bare, live_urls, not_modified, page_etag, with_etag
from .lookups import night_to_read_or_404
from .view import adjustment_rows, as_json, night_page

#: Seconds between two looks of a table phone waiting for the next round (docs/club.md §7.3).
TABLE_REFRESH = 15


# --- The room's page, a table's, a player's ------------------------------------------------------


@bp.get("/cr/<read_id>")
def room(read_id: str) -> Any:
    """The room's page: standings, the round in play (each table's board), the schedule."""
    night = night_to_read_or_404(read_id)
    remember_night(read_id)
    night_etag = service.night_etag(night)
    etag = page_etag(night_etag, "room")
    headers = {"Cache-Control": "no-cache"}
    unchanged = not_modified(etag, headers)
    if unchanged is not None:
        return unchanged
    page = night_page(night, host=False)
    html = render_template(
        "club/room.html", night=night, page=page, live=_live(night, night_etag, "swap")
    )
    return with_etag(Response(html), etag, headers)


@bp.get("/cr/<read_id>/t/<int:number>/join")
def table_join(read_id: str, number: int) -> Any:
    """A table card's link: one button that makes this phone the table's scorer."""
    return _join_page(read_id, "table", number)


@bp.post("/cr/<read_id>/t/<int:number>/join")
@rate_limits.club_keys
def take_table(read_id: str, number: int) -> Any:
    """Exchange the table card's code for the table's key, kept on this phone."""
    return _take(read_id, "table", number)


@bp.get("/cr/<read_id>/p/<int:number>/join")
def player_join(read_id: str, number: int) -> Any:
    """A player card's link (players score, ``scoring: players``): one button."""
    return _join_page(read_id, "player", number)


@bp.post("/cr/<read_id>/p/<int:number>/join")
@rate_limits.club_keys
def take_player(read_id: str, number: int) -> Any:
    """Exchange the player card's code for the player's key, kept on this phone."""
    return _take(read_id, "player", number)


def _join_page(read_id: str, kind: str, number: int, status: int = 200) -> Response:
    night = night_to_read_or_404(read_id)
    if kind == "table":
        # A card for a table the night has none of is no card: 404, as the table's page.
        try:
            service.check_table(night, number)
        except service.NotFound:
            abort(404)
    form = OpenForm(formdata=None, key=request.args.get("code", ""))
    html = render_template("club/join.html", night=night, kind=kind, number=number, form=form)
    return no_store(Response(html, status))


def _take(read_id: str, kind: str, number: int) -> Any:
    night = night_to_read_or_404(read_id)
    form = OpenForm()
    if not form.validate_on_submit():
        abort(400)
    try:
        key, match_id = service.exchange_code(read_id, kind, number, form.key.data or "")
    except (service.Unauthorized, service.NotFound):
        flash(_("This card's code does not work (the host may have printed a new one)."))
        return _join_page(read_id, kind, number, 401)
    except RuleError as error:
        flash(plain_rule_message(error))
        return _join_page(read_id, kind, number, 422)
    keep_role(night.read_id, kind, number, key)
    if match_id:
        keep_token(match_id, key)
    endpoint = ".table" if kind == "table" else ".player"
    return no_store(redirect(url_for(endpoint, read_id=read_id, number=number), code=303))


@bp.get("/cr/<read_id>/t/<int:number>")
def table(read_id: str, number: int) -> Any:
    """A table's page: with the table's key, straight to its match of the round in play;
    between rounds "Round 4 starts soon" and who sits where, looking again every 15 s. 404 for
    a table the night has no card for."""
    night = night_to_read_or_404(read_id)
    try:
        service.check_table(night, number)
    except service.NotFound:
        abort(404)
    remember_night(read_id)
    key = role_key(read_id, "table", number)
    # The phone between rounds reloads every 15 s: as long as the night is as it rendered the
    # page last (one aggregate SELECT), a 304, before anything is read or rendered. The page
    # it shows did not send it to the match then, so nothing would now.
    night_etag = service.night_etag(night)
    etag = page_etag(night_etag, "t", number, int(key is not None))
    headers = _waiting_headers(key is not None)
    unchanged = not_modified(etag, headers)
    if unchanged is not None:
        return unchanged
    now = as_json(service.table_now(night, number))
    match_id = now.get("match")
    if key is not None and match_id and now.get("status") == "playing":
        _to_match(match_id, key)
    return with_etag(
        _waiting(night, "table", number, key is not None, now, night_etag), etag, headers
    )


@bp.get("/cr/<read_id>/p/<int:number>")
def player(read_id: str, number: int) -> Any:
    """A player's own night: this round's table, seat, partner, opponents, past rounds; with
    the player's key, straight to the match of the table the player sits at."""
    night = night_to_read_or_404(read_id)
    remember_night(read_id)
    key = role_key(read_id, "player", number)
    night_etag = service.night_etag(night)
    etag = page_etag(night_etag, "p", number, int(key is not None))
    headers = (
        _waiting_headers(key is not None) if key is not None else {"Cache-Control": "no-cache"}
    )
    unchanged = not_modified(etag, headers)
    if unchanged is not None:
        return unchanged
    page = night_page(night, host=False)
    if number not in page["names"]:
        abort(404)
    mine = page["players"].get(number, [])
    standings_rows = page["standings"].get("rows") or []
    playing = next((row for row in mine if row["status"] == "playing"), None)
    if key is not None and playing and playing.get("match"):
        _to_match(playing["match"], key)
    response = Response(
        render_template(
            "club/player.html",
            night=night,
            page=page,
            number=number,
            rows=mine,
            scores=_scores_of(page, number),
            best_rounds=(page["view"].get("standings_rules") or {}).get("best_rounds"),
            adjustments=[
                a for a in adjustment_rows(night, page["names"]) if number in a["players"]
            ],
            my_row=next((r for r in standings_rows if is_mine(r, number)), None),
            mine=key is not None,
            refresh=TABLE_REFRESH if key is not None else None,
            live=_live(night, night_etag, "swap"),
        )
    )
    return with_etag(response, etag, headers)


def is_mine(row: dict[str, Any], number: int) -> bool:
    """Whether a standings row is player ``number``'s: his own, or his pair's (§4.4)."""
    return row.get("player") == number or number in (row.get("players") or [])


def _scores_of(page: dict[str, Any], number: int) -> dict[int, str]:
    """What each round brought the player, as the standings count it (points, units, VP or
    the credit of a round sat out): ``{round: figure}``."""
    rows: list[dict[str, Any]] = page["standings"].get("rows") or []
    row = next((r for r in rows if is_mine(r, number)), {})
    scores: dict[int, str] = {}
    for item in row.get("rounds") or []:
        formula = page["standings"].get("formula") or "points"
        value = item.get(formula if formula != "wins" else "result")
        if value is None:
            value = item.get("credit")
        if value is not None and isinstance(item.get("round"), int):
            # Not one of his best rounds (docs/club.md §9.2): shown in brackets, not counted.
            scores[item["round"]] = f"[{value}]" if item.get("dropped") else str(value)
    return scores


def _to_match(match_id: str, key: str) -> NoReturn:
    """Keep the key as the match's scoring token (docs/club.md §8) and go to its page."""
    keep_token(match_id, key)
    abort(no_store(redirect(url_for("matches.show", public_id=match_id), code=303)))


def _waiting(
    night: ClubNight, kind: str, number: int, mine: bool, now: dict[str, Any], night_etag: str
) -> Response:
    page = night_page(night, host=False)
    live = _live(night, night_etag, "table")
    live["table"] = f"{request.script_root}/api/v1/club-nights/{night.read_id}/tables/{number}"
    live["state"] = f"{now.get('round')}.{now.get('status')}.{now.get('match') or ''}"
    return Response(
        render_template(
            "club/table.html",
            night=night,
            page=page,
            number=number,
            now=now,
            mine=mine,
            refresh=TABLE_REFRESH,
            live=live,
        )
    )


def _waiting_headers(mine: bool) -> dict[str, str]:
    """A waiting page's headers: it is asked again each time it reloads itself (every 15 s
    without JavaScript, ``<noscript><meta http-equiv="refresh">``; its script follows the night's
    events instead), ``no-cache``: the phone keeps it and sends its ETag. With the phone's key
    it is this phone's alone (``private``); it carries no key."""
    return {"Cache-Control": "private, no-cache" if mine else "no-cache"}


def _live(night: ClubNight, night_etag: str, mode: str) -> dict[str, Any]:
    """What static/club_live.js needs to follow the night on this page."""
    return {"mode": mode, "etag": bare(night_etag), **live_urls(night.read_id)}
