"""The JSON API of groups (docs/api.md "Groups"): a group, its roster and matches, and from
them its records, ratings and money across nights.

The same token rules as a match: the read-only id (``read_id``) reads; the group's id and its
token (``Authorization: Bearer``) write. A group's id is never in an answer to a reader.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import fields, is_dataclass
from datetime import date
from decimal import Decimal
from typing import Any

from flask import Response, jsonify, request

from .. import service
from ..infra import rate_limits
from ..infra.security import external_url, no_store
from ..models import Group, GroupPlayer, Match
from ..rules import RuleError
from ..rules.almanac.counters import Rate
from ..rules.almanac.ratings import Rating
from ..rules.almanac.records import Record
from ..rules.core.readers import as_object, as_str, check_keys
from ..rules.games.registry import find_variant
from . import bp
from .inputs import group_token, json_body
from .routes import MATCH_FIELDS, iso, match_json

# --- Groups ----------------------------------------------------------------------------------


@bp.post("/groups")
@rate_limits.new_matches
def create_group() -> tuple[Response, int]:
    """Start a group; 201 with it, its ``id``, its ``token`` (shown this once) and its links."""
    body = as_object(json_body(), "_")
    check_keys(body, ("name",), required=("name",))
    group, token = service.create_group(body["name"])
    answer = group_json(group) | {
        "id": group.public_id,
        "token": token,
        "private_url": external_url(
            "groups.open_private_link", public_id=group.public_id, key=token
        ),
        "read_url": external_url("groups.read", read_id=group.read_id),
    }
    return no_store(jsonify(answer)), 201  # the token is a secret: no cache keeps this answer


@bp.get("/groups/<read_id>")
def show_group(read_id: str) -> Response:
    """The group as its read-only link shows it: name, roster and matches."""
    return jsonify(group_json(service.group_to_read(read_id)))


@bp.post("/groups/<public_id>/token")
def group_replace_token(public_id: str) -> Response:
    """Replace the group's token (and so its private link); 200 with the new ``token`` (shown
    this once) and ``private_url``. The old token is refused from then on."""
    token = service.replace_group_token(public_id, group_token())
    answer = {
        "token": token,
        "private_url": external_url("groups.open_private_link", public_id=public_id, key=token),
    }
    return no_store(jsonify(answer))  # a secret, as the answer that created the group


@bp.post("/groups/<public_id>/players")
def group_add_player(public_id: str) -> tuple[Response, int]:
    """Put a name on the roster; 201 with the player."""
    token = group_token()
    body = as_object(json_body(), "_")
    check_keys(body, ("name",), required=("name",))
    player = service.add_player(public_id, token, body["name"])
    return jsonify({"player": _player_json(player, {}, {})}), 201


@bp.patch("/groups/<public_id>/players/<int:player_id>")
def group_rename_player(public_id: str, player_id: int) -> Response:
    """Rename a roster player; 200 with the player (its earlier names in ``names``)."""
    token = group_token()
    body = as_object(json_body(), "_")
    check_keys(body, ("name",), required=("name",))
    player = service.rename_player(public_id, token, player_id, body["name"])
    return jsonify({"player": _roster_json(service.get_group(public_id), player.id)})


@bp.post("/groups/<public_id>/players/<int:player_id>/merge")
def group_merge_player(public_id: str, player_id: int) -> Response:
    """Merge a roster name into another (``{"into": <player id>}``); 200 with the player
    merged into."""
    token = group_token()
    body = as_object(json_body(), "_")
    check_keys(body, ("into",), required=("into",))
    target = service.merge_player(public_id, token, player_id, body["into"])
    return jsonify({"player": _roster_json(service.get_group(public_id), target.id)})


@bp.post("/groups/<public_id>/matches")
@rate_limits.new_matches
def group_create_match(public_id: str) -> tuple[Response, int]:
    """Start a match of the group (the body of ``POST /matches``): its seats go on the roster;
    201 with the match, its ``edit_token`` and ``seats``."""
    token = group_token()
    body = as_object(json_body(), "_")
    check_keys(body, MATCH_FIELDS, required=("variant",))
    match, edit_token = service.create_match(
        body["variant"],
        body.get("players"),
        body.get("teams"),
        body.get("rules"),
        body.get("dealer"),
        group=service.GroupPlace(public_id, token),
    )
    answer = match_json(match, service.state_of(match)) | {
        "edit_token": edit_token,
        "seats": seats_json(service.get_group(public_id), match),
    }
    return no_store(jsonify(answer)), 201


@bp.put("/groups/<public_id>/matches/<match_id>")
def group_add_match(public_id: str, match_id: str) -> Response:
    """Put an existing match in the group: the group's token, and the match's edit token in the
    body (``{"edit_token": ...}``); 200 with ``seats``. A match in another group is a 422 at
    ``match``; one in this group already is left as it is."""
    token = group_token()
    body = as_object(json_body(), "_")
    check_keys(body, ("edit_token",), required=("edit_token",))
    edit_token = as_str(body["edit_token"], "edit_token")
    match = service.add_match_to_group(public_id, token, match_id, edit_token)
    return jsonify(
        {"match": match.public_id, "seats": seats_json(service.get_group(public_id), match)}
    )


# --- The almanac -----------------------------------------------------------------------------


@bp.get("/groups/<read_id>/records")
def group_records(read_id: str) -> Response:
    """The group's records (``?variant=<id>``: of one form), each figure with what it rests
    on; ``pending``: matches not counted yet (docs/api.md "Groups")."""
    season = _season()
    history = service.group_history(service.group_to_read(read_id)).season(season)
    variant = request.args.get("variant")
    if variant is not None:
        find_variant(variant)  # an unknown form is a 422 naming ``variant``
    found = service.group_records(history, variant)
    names = history.names

    def record(keys: tuple[str, ...], rec: Record) -> dict[str, Any]:
        return {
            "players": [_player_id(key) for key in keys],
            "names": [names.get(key, key) for key in keys],
            "standing": _plain(rec.standing),
            "forms": _plain(rec.forms),
            "families": _plain(rec.families),
        }

    return jsonify(
        {
            "variant": found.variant,
            "season": season,
            "matches": found.matches,
            "pending": history.pending,
            "players": [record((key,), rec) for key, rec in found.players.items()],
            "partnerships": [record(keys, rec) for keys, rec in found.partnerships.items()],
            "head_to_head": [
                {"player": _player_id(a), "against": _player_id(b)} | _plain(met)
                for a, row in found.head_to_head.items()
                for b, met in row.items()
            ],
        }
    )


@bp.get("/groups/<read_id>/ratings")
def group_ratings(read_id: str) -> Response:
    """Every player's rating per game family now, and after each match rated."""
    season = _season()
    history = service.group_history(service.group_to_read(read_id)).season(season)
    found = service.group_ratings(history)
    names = history.names

    def rating(value: Rating) -> dict[str, float]:
        return {"mu": value.mu, "sigma": value.sigma, "ordinal": value.ordinal}

    return jsonify(
        {
            "pending": history.pending,
            "season": season,
            "families": {
                family: [
                    {"player": _player_id(key), "name": names.get(key, key)}
                    | rating(current)
                    | {
                        "history": [
                            {
                                "match": history.matches[index].public_id,
                                "night": history.matches[index].night.isoformat(),
                            }
                            | rating(after)
                            for index, after in found.history[family][key]
                        ]
                    }
                    for key, current in sorted(players.items(), key=lambda item: -item[1].ordinal)
                ]
                for family, players in found.current.items()
            },
        }
    )


@bp.get("/groups/<read_id>/ledger")
def group_ledger(read_id: str) -> Response:
    """The money of the group's auction nights in units, and the settle-up of the nights
    ``?night=<date>`` names (without one: the nights after the latest night marked paid up,
    every night when none is); ``?season=<year>``: that year's nights alone."""
    group = service.group_to_read(read_id)
    season = _season()
    history = service.group_history(group).season(season)
    chosen = request.args.getlist("night") or None
    known = {label for label, _matches in history.nights()}
    for label in chosen or ():
        if label not in known:
            raise RuleError(
                "night", "the group played no match on {night}", code="no_night", night=label
            )
    paid = service.paid_nights(group)
    found = service.group_ledger(history, chosen, paid[-1] if paid else None)
    names = history.names

    def amounts(units: Mapping[str, int], money: Mapping[str, Decimal]) -> list[dict[str, Any]]:
        return [
            {
                "player": _player_id(key),
                "name": names.get(key, key),
                "units": units[key],
                "money": str(money[key]),
            }
            for key in units
        ]

    return jsonify(
        {
            "pending": history.pending,
            "season": season,
            "paid": [night.isoformat() for night in paid],
            "paid_through": paid[-1].isoformat() if paid else None,
            "nights": [
                {
                    "night": night.label,
                    "matches": night.matches,
                    "open": night.open,
                    "players": amounts(night.units, night.money),
                    "running": amounts(night.running_units, night.running_money),
                }
                for night in found.nights
            ],
            "totals": amounts(found.units, found.money),
            "settled": list(found.settled),
            "settle_unit": found.settle_unit,
            "transfers": [
                {
                    "from": names.get(t.payer, t.payer),
                    "to": names.get(t.payee, t.payee),
                    "from_player": _player_id(t.payer),
                    "to_player": _player_id(t.payee),
                    "units": t.units,
                    "amount": str(t.amount),
                }
                for t in found.settlement.transfers
            ],
            "fewest": found.settlement.fewest,
        }
    )


@bp.put("/groups/<public_id>/paid/<night>")
def group_mark_paid(public_id: str, night: str) -> Response:
    """Mark ``night`` paid up (and every night before it): the ledger's settle-up counts the
    nights after it from now on. 200 with the nights marked."""
    return jsonify(_paid_json(service.mark_paid(public_id, group_token(), night)))


@bp.delete("/groups/<public_id>/paid/<night>")
def group_unmark_paid(public_id: str, night: str) -> Response:
    """Take back the paid-up mark of ``night``; 200 with the nights still marked."""
    return jsonify(_paid_json(service.unmark_paid(public_id, group_token(), night)))


def _paid_json(nights: list[date]) -> dict[str, Any]:
    return {
        "paid": [night.isoformat() for night in nights],
        "paid_through": nights[-1].isoformat() if nights else None,
    }


def _season() -> int | None:
    """The ``?season=<year>`` of a read (``None``: every season), else a 422 naming
    ``season``."""
    text = request.args.get("season")
    if text is None:
        return None
    if not (text.isascii() and text.isdigit() and len(text) == 4):
        raise RuleError("season", "a season is a year, such as 2026", code="bad_season")
    return int(text)


# --- Serialisation ---------------------------------------------------------------------------


def _player_id(key: str) -> int | str:
    """A player key as the API gives it: the roster player's id."""
    return int(key) if key.isdigit() else key


def _plain(value: Any) -> Any:
    """A figure of the records as JSON: each field; a rate with its ``rate`` too."""
    if is_dataclass(value) and not isinstance(value, type):
        plain = {f.name: _plain(getattr(value, f.name)) for f in fields(value)}
        if isinstance(value, Rate):
            plain["rate"] = value.rate
        return plain
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if isinstance(value, Decimal):
        return str(value)
    return value


def group_json(group: Group) -> dict[str, Any]:
    """A group as its readers see it: never its private id or token."""
    players = service.roster(group)
    roots = service.player_roots(players)
    seats = service.group_seats(group)
    played = service.match_counts(players, seats)
    earlier = _earlier_names(group)
    return {
        "read_id": group.read_id,
        "name": group.name,
        "created_at": iso(group.created_at),
        "players": [_player_json(player, played, earlier) for player in players],
        "matches": [
            {
                "id": match.public_id,
                "variant": match.variant,
                "night": service.night_of(match.created_at).isoformat(),
                "created_at": iso(match.created_at),
                "seats": {seat: roots[p] for seat, p in seats.get(match.id, {}).items()},
            }
            for match in service.group_matches(group)
        ],
    }


def _player_json(
    player: GroupPlayer, played: Counter[int] | dict[int, int], earlier: dict[int, list[str]]
) -> dict[str, Any]:
    return {
        "id": player.id,
        "name": player.name,
        "merged_into": player.merged_into_id,
        "names": earlier.get(player.id, []),
        "matches": played.get(player.id, 0),
    }


def _roster_json(group: Group, player_id: int) -> dict[str, Any]:
    """One player of the group's roster as :func:`group_json` lists it."""
    found: dict[str, Any] = next(p for p in group_json(group)["players"] if p["id"] == player_id)
    return found


def _earlier_names(group: Group) -> dict[int, list[str]]:
    names: dict[int, list[str]] = {}
    for rename in service.renames(group):
        names.setdefault(rename.player_id, []).append(rename.old_name)
    return names


def seats_json(group: Group, match: Match) -> dict[str, int]:
    """Each seat of ``match`` and the roster player (merges followed) it counts for."""
    roots = service.player_roots(service.roster(group))
    placed = service.group_seats(group).get(match.id, {})
    return {seat: roots[player] for seat, player in placed.items()}
