"""The JSON API of who plays a club night once it runs (docs/club.md §6, docs/api.md "Club
nights"): late arrivals, leavers and renames, substitutes. Host writes (the private id and the
host token); handlers parse, call the service (:mod:`..service.club_people`) and answer."""

from __future__ import annotations

from flask import Response, jsonify

from .. import service
from ..infra.security import no_store
from ..rules.core.readers import as_object
from . import bp
from .club import join_link, round_answer, view_json
from .inputs import host_token, json_body


@bp.post("/club-nights/<public_id>/players")
def add_club_player(public_id: str) -> tuple[Response, int]:
    """A late arrival (``{"name": "Ivy", "from_round": 4}``, or ``{"pair": {...}}`` on a
    fixed-pairs night); 201 with the player (or the pair and its players), the
    re-planned rounds, the balance, ``table_links`` for new table numbers (secrets: no-store)
    and the night."""
    token = host_token()
    body = as_object(json_body(), "_")
    view, codes = service.add_late_player(public_id, token, body)
    night = view_json(view)
    player = night["players"][-1]
    first = player["joined_round"]
    # A fixed pair arrives as a pair (docs/club.md §14): its two players and the pair.
    arrived = (
        {"pair": night["pairs"][-1], "players": night["players"][-2:]}
        if "pair" in body and night.get("pairs")
        else {"player": player}
    )
    answer = {
        **arrived,
        "rounds": [r for r in night["rounds"] if r["status"] == "planned" and r["number"] >= first],
        "balance": night["balance"],
        "table_links": [
            {"table": table, "url": join_link(view.night.read_id, "table", table, code)}
            for table, code in sorted(codes.items())
        ],
        "night": night,
    }
    return no_store(jsonify(answer)), 201


@bp.patch("/club-nights/<public_id>/players/<int:number>")
def patch_club_player(public_id: str, number: int) -> Response:
    """Rename player ``number`` or set the round he leaves after; 200 with the night."""
    token = host_token()
    body = as_object(json_body(), "_")
    return jsonify(view_json(service.patch_player(public_id, token, number, body)))


@bp.post("/club-nights/<public_id>/rounds/<int:number>/substitute")
def substitute_club_player(public_id: str, number: int) -> Response:
    """A substitute in round ``number`` in play (``{"out": 5, "in": 9}``); 200 with the round,
    the balance and the night."""
    token = host_token()
    body = as_object(json_body(), "_")
    return round_answer(service.substitute(public_id, token, number, body), number)
