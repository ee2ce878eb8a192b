"""The JSON API of club nights (docs/api.md "Club nights"; docs/club.md §14).

The same secrets as a group: the night's private id and its host token (``Authorization:
Bearer``) write, on the paths with the private id; the read-only id reads, on the paths with
the ``read_id``, and exchanges a table's (or a player's) code for a key. No answer to a reader
carries the private id, a code or a key. Handlers are thin: they parse the request, call the
service (``service.club_*``) and answer; every refusal is the service's or the rules'.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import asdict, is_dataclass
from typing import Any

from flask import Response, jsonify, request

from .. import service
from ..infra import rate_limits
from ..infra.security import external_url, no_store
from ..models import ClubNight, Match
from ..rules import FINISHED, MatchState, RuleError
from ..rules.club.rotation.plan import RoundPlan
from ..rules.core.readers import as_int, as_object, as_str, check_keys
from . import bp
from .inputs import bearer_or_none, host_token, json_body

# --- Creating --------------------------------------------------------------------------------


@bp.post("/club-nights")
@rate_limits.new_matches
def create_club_night() -> tuple[Response, int]:
    """Open a club night (status ``setup``); 201 with the night, its ``token`` (shown this
    once), its links and one join link per table number (and per player in players mode)."""
    body = as_object(json_body(), "_")
    created = service.create_club_night(body)
    return no_store(jsonify(_created_json(created))), 201  # the token and codes are secrets


@bp.post("/groups/<public_id>/club-nights")
@rate_limits.new_matches
def group_create_club_night(public_id: str) -> tuple[Response, int]:
    """Open a club night in a group (the group's token): every name finds its roster player
    or joins the roster, and every match of the night is placed in the group."""
    token = bearer_or_none()
    if token is None:
        raise service.Unauthorized("send the group's token as Authorization: Bearer <token>")
    body = as_object(json_body(), "_")
    created = service.create_club_night(body, group=(public_id, token))
    return no_store(jsonify(_created_json(created))), 201


@bp.post("/schedules")
@rate_limits.new_matches
def preview_schedule() -> Response:
    """A schedule and its balance, stored nowhere (no token): as ``GET .../schedule``, and
    ``cut``: whether the preview's budget stopped the search (docs/api.md "Limits")."""
    plan = service.preview_schedule(as_object(json_body(), "_"))
    return jsonify(
        {"rounds": _plan_rounds(plan.rounds), "balance": view_json(plan.balance), "cut": plan.cut}
    )


# --- Reading (no token) ----------------------------------------------------------------------


@bp.get("/club-nights/<read_id>")
def show_club_night(read_id: str) -> Response:
    """The night as its readers see it; a weak ETag (docs/club.md §9.7) and 304."""
    night = service.night_to_read(read_id)
    return _versioned(night, lambda: view_json(service.night_view(night)))


@bp.get("/club-nights/<read_id>/schedule")
def club_schedule(read_id: str) -> Response:
    """The rounds and the balance; ``?player=<number>``: that player's rows only."""
    night = service.night_to_read(read_id)
    player = _number_arg("player")

    def build() -> dict[str, Any]:
        view = view_json(service.night_view(night))
        rounds = view["rounds"]
        if player is not None:
            if all(p["number"] != player for p in view["players"]):
                raise RuleError(
                    "player",
                    "no player of this night has number {number}",
                    code="no_player",
                    number=player,
                )
            rounds = [_rows_of(round_, player) for round_ in rounds]
        return {"rounds": rounds, "balance": view["balance"]}

    return _versioned(night, build)


@bp.get("/club-nights/<read_id>/standings")
def club_standings(read_id: str) -> Response:
    """The standings (``?after_round=<n>``: as they stood when round n closed). Hidden until
    the end under ``reveal: "at-end"``, except to the host's token sent as Bearer."""
    night = service.night_to_read(read_id)
    after_round = _number_arg("after_round")
    host = service.is_host(night, bearer_or_none())
    response = _versioned(
        night,
        lambda: view_json(service.night_standings(night, after_round=after_round, host=host)),
    )
    # The host's answer may show what a reader's hides: no cache may give one for the other.
    response.vary.add("Authorization")
    return response


@bp.get("/club-nights/<read_id>/tables/<int:number>")
def club_table(read_id: str, number: int) -> Response:
    """What a table phone polls between rounds: the round, its status, the match, the seats;
    404 for a table the night has no card for."""
    night = service.night_to_read(read_id)
    service.check_table(night, number)
    return _versioned(night, lambda: view_json(service.table_now(night, number)))


# --- Host writes (the private id and the host token) -----------------------------------------


@bp.patch("/club-nights/<public_id>")
def patch_club_night(public_id: str) -> Response:
    """Change the night's settings; 200 with the night."""
    token = host_token()
    body = as_object(json_body(), "_")
    return jsonify(view_json(service.patch_night(public_id, token, body)))


@bp.post("/club-nights/<public_id>/draw")
def redraw_club_night(public_id: str) -> Response:
    """A new draw and schedule (``{"seed": 42}`` optional) while the night is in setup."""
    token = host_token()
    body = _optional_body(("seed", "version"))
    view = service.redraw(public_id, token, seed=body.get("seed"), version=body.get("version"))
    return jsonify(view_json(view))


@bp.put("/club-nights/<public_id>/rounds/<int:number>")
def put_club_round(public_id: str, number: int) -> Response:
    """Replace round ``number``'s seating before it starts (docs/club.md §4.9); 200 with the
    round and the balance (and the night)."""
    token = host_token()
    body = as_object(json_body(), "_")
    check_keys(body, ("tables", "sitting_out", "version"), required=("tables",))
    return round_answer(service.put_round(public_id, token, number, body), number)


@bp.post("/club-nights/<public_id>/replan")
def replan_club_night(public_id: str) -> Response:
    """Re-plan every round not started (``{"seed": 7}`` optional); 200 with the night."""
    token = host_token()
    body = _optional_body(("seed", "version"))
    view = service.replan(public_id, token, seed=body.get("seed"), version=body.get("version"))
    return jsonify(view_json(view))


@bp.post("/club-nights/<public_id>/rounds/<int:number>/start")
@rate_limits.new_matches  # a start makes a match per table: one new match for the limits (§17)
def start_club_round(public_id: str, number: int) -> Response:
    """Start round ``number``: one match per table; 200 with the round and its matches."""
    token = host_token()
    version = _optional_body(("version",)).get("version")
    return round_answer(service.start_round(public_id, token, number, version=version), number)


@bp.post("/club-nights/<public_id>/rounds/<int:number>/time")
def time_club_round(public_id: str, number: int) -> Response:
    """Call time: every match of the round not over takes one more hand; 200 with the round."""
    token = host_token()
    version = _optional_body(("version",)).get("version")
    return round_answer(service.call_time(public_id, token, number, version=version), number)


@bp.post("/club-nights/<public_id>/rounds/<int:number>/close")
def close_club_round(public_id: str, number: int) -> Response:
    """Close round ``number``: its matches end, the tables' keys come off them."""
    token = host_token()
    version = _optional_body(("version",)).get("version")
    return round_answer(service.close_round(public_id, token, number, version=version), number)


@bp.post("/club-nights/<public_id>/finish")
def finish_club_night(public_id: str) -> Response:
    """End the night (status ``finished``); 200 with the night."""
    token = host_token()
    version = _optional_body(("version",)).get("version")
    return jsonify(view_json(service.finish_night(public_id, token, version=version)))


@bp.post("/club-nights/<public_id>/adjustments")
def add_club_adjustment(public_id: str) -> tuple[Response, int]:
    """A signed adjustment for a player, for a round or the night; 201 with it."""
    token = host_token()
    body = as_object(json_body(), "_")
    adjustment = service.add_adjustment(public_id, token, body)
    return jsonify({"adjustment": view_json(adjustment)}), 201


@bp.delete("/club-nights/<public_id>/adjustments/<int:adjustment_id>")
def delete_club_adjustment(public_id: str, adjustment_id: int) -> Response:
    """Take an adjustment back; 200 (404 when the night has none of that id)."""
    service.delete_adjustment(public_id, host_token(), adjustment_id)
    return jsonify({"deleted": adjustment_id})


@bp.post("/club-nights/<public_id>/codes")
def new_club_code(public_id: str) -> tuple[Response, int]:
    """A new code for a table (or a player) card: the old code and its phones' keys stop
    working; 201 with the card's join ``url`` (a secret: shown this once)."""
    token = host_token()
    body = as_object(json_body(), "_")
    check_keys(body, ("kind", "number"), required=("kind", "number"))
    kind = as_str(body["kind"], "kind")
    number = as_int(body["number"], "number", low=1)
    code = service.new_code(public_id, token, kind, number)
    read_id = service.night_by_id(public_id).read_id
    return no_store(jsonify({"url": join_link(read_id, kind, number, code)})), 201


# --- Keys (no token; their own rate limit) ---------------------------------------------------


@bp.post("/club-nights/<read_id>/keys")
@rate_limits.club_keys
def exchange_club_code(read_id: str) -> tuple[Response, int]:
    """Exchange a table's (or player's) code for a key, a Bearer token for the hand writes of
    that table's match in the round in play; 201 with ``{"key", "match"}``."""
    body = as_object(json_body(), "_")
    check_keys(body, ("kind", "number", "code"), required=("kind", "number", "code"))
    kind = as_str(body["kind"], "kind")
    code = as_str(body["code"], "code")
    key, match = service.exchange_code(read_id, kind, body["number"], code)
    return no_store(jsonify({"key": key, "match": match})), 201


# --- The match JSON's club fields (GET /api/v1/matches/<id>) ---------------------------------


def club_fields(match: Match, state: MatchState) -> dict[str, Any]:
    """The fields a match's JSON gains on a club night (docs/club.md §14 "Matches of a club
    night"): ``club_night`` (null outside one), ``hand_limit`` and ``over_after``; a club
    match that is over (§7.2) says ``finished`` with the round result's winner (null on a
    draw). Outside a club night ``status`` and ``winner`` stay as the match's rules say."""
    # The spot is memoised per match (it never changes): a hand write's answer runs no
    # query for it (docs/club.md §17).
    place = service.club_spot_of(match)
    if place is None:
        return {"club_night": None, "hand_limit": None, "over_after": None}
    limit = service.match_limit_view(match, state)
    answer: dict[str, Any] = {
        "club_night": place.as_json(),
        "hand_limit": limit.hand_limit,
        "over_after": limit.over_after,
    }
    if limit.over:
        answer |= {"status": FINISHED, "winner": limit.winner}
    return answer


# --- Serialisation ---------------------------------------------------------------------------


def view_json(value: Any) -> Any:
    """A service view as JSON: its ``as_json()``, or its fields."""
    if hasattr(value, "as_json"):
        return value.as_json()
    if is_dataclass(value) and not isinstance(value, type):
        return asdict(value)
    if isinstance(value, Mapping):
        return dict(value)
    return value


def _created_json(created: service.CreatedNight) -> dict[str, Any]:
    """The answer to a creation: the night as ``GET`` shows it, the host's token and links,
    and the join links of the table (and player) cards (docs/club.md §14 "Creating")."""
    night, token = created.night, created.token
    table_codes, player_codes = created.table_codes, created.player_codes
    answer: dict[str, Any] = view_json(service.night_view(night)) | {
        "token": token,
        "private_url": external_url("club.open_link", public_id=night.public_id, key=token),
        "read_url": external_url("club.room", read_id=night.read_id),
        "table_links": [
            {"table": table, "url": join_link(night.read_id, "table", table, code)}
            for table, code in sorted(table_codes.items())
        ],
    }
    if player_codes:
        answer["player_links"] = [
            {"player": player, "url": join_link(night.read_id, "player", player, code)}
            for player, code in sorted(player_codes.items())
        ]
    return answer


def _plan_rounds(rounds: Iterable[RoundPlan]) -> list[dict[str, Any]]:
    """A previewed plan's rounds, in the shape of a night's planned rounds."""
    return [
        {
            "number": number,
            "status": "planned",
            "tables": [
                {
                    "table": table,
                    "seats": [
                        {"seat": seat, "player": player}
                        for seat, player in enumerate(players, start=1)
                    ],
                    "match": None,
                }
                for table, players in enumerate(round_.tables, start=1)
                if players  # an idle Mitchell table has no game (docs/club.md §4.4)
            ],
            "sitting_out": list(round_.sitting_out),
            "absent": [],
        }
        for number, round_ in enumerate(rounds, start=1)
    ]


def _rows_of(round_: Mapping[str, Any], player: int) -> dict[str, Any]:
    """A round of the schedule cut to one player's row: his table, or his sitting out."""
    tables = [
        table
        for table in round_.get("tables", [])
        if any(seat.get("player") == player for seat in table.get("seats", []))
    ]
    return dict(round_) | {
        "tables": tables,
        "sitting_out": [p for p in round_.get("sitting_out", []) if p == player],
        "absent": [p for p in round_.get("absent", []) if p == player],
    }


def round_answer(view: service.NightView, number: int) -> Response:
    """A round write's answer: the round, the balance, and the night as it stands now."""
    night = view_json(view)
    round_ = next((r for r in night.get("rounds", []) if r.get("number") == number), None)
    return jsonify({"round": round_, "balance": night.get("balance"), "night": night})


def join_link(read_id: str, kind: str, number: int, code: str) -> str:
    """The link of a table's (``/cr/<read_id>/t/<n>/join``) or player's (``/p/<n>``) card,
    its code in it (docs/club.md §1)."""
    endpoint = "club.table_join" if kind == "table" else "club.player_join"
    return external_url(endpoint, read_id=read_id, number=number, code=code)


def _versioned(night: ClubNight, build: Callable[[], Any]) -> Response:
    """``build()``'s JSON with the night's weak ETag (one aggregate SELECT, docs/club.md
    §9.7), sent ``no-cache``; a client that has it gets a 304 without the answer being built."""
    etag = _bare(service.night_etag(night))
    if request.if_none_match.contains_weak(etag):
        response = Response(status=304)
    else:
        response = jsonify(build())
    response.set_etag(etag, weak=True)
    response.headers["Cache-Control"] = "no-cache"
    return response


def _bare(etag: str) -> str:
    """An ETag without its ``W/`` and quotes (``W/"6.41.8"`` -> ``6.41.8``)."""
    text = etag.strip()
    if text.startswith("W/"):
        text = text[2:]
    return text.strip('"')


# --- Reading requests ------------------------------------------------------------------------


def _optional_body(allowed: tuple[str, ...]) -> Mapping[str, Any]:
    """A write's optional JSON body (none, or an object of ``allowed`` keys)."""
    if not request.get_data(cache=True):
        return {}
    body = as_object(json_body(), "_")
    check_keys(body, allowed)
    return body


def _number_arg(name: str) -> int | None:
    """A whole number of the query (``?after_round=3``), or a 422 naming it."""
    text = request.args.get(name)
    if text is None:
        return None
    if not (text.isascii() and text.isdigit() and len(text) <= 6) or int(text) < 1:
        raise RuleError(name, "must be a whole number, at least 1", code="not_int")
    return int(text)
