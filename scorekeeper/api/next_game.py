"""New game, same table (docs/api.md "New game, same table"): the match page's "New game,
same table" (:func:`scorekeeper.service.rematch`) over the API, alone or in the match's group.

As on the page, no edit token is needed: the match itself is not changed, and whoever asks
gets the new match's edit token. The page plays the next game in the group when the phone
holds the group's key; over the API the group's path with its token says so.
"""

from __future__ import annotations

from flask import Response, jsonify, request

from .. import service
from ..infra import rate_limits
from ..infra.security import no_store
from ..models import Match
from ..rules.core.readers import as_object, check_keys
from . import bp
from .groups import seats_json
from .inputs import group_token, json_body
from .routes import match_json


@bp.post("/matches/<public_id>/rematch")
@rate_limits.new_matches
def rematch(public_id: str) -> tuple[Response, int]:
    """Start the next match at this table (same seats, teams and house rules, the first deal
    one seat on); 201 with it and its ``edit_token``. The new match is in no group."""
    _no_body()
    new, token = service.rematch(public_id)
    return created(new, token, {})


@bp.post("/groups/<group_id>/matches/<match_id>/rematch")
@rate_limits.new_matches
def group_rematch(group_id: str, match_id: str) -> tuple[Response, int]:
    """The next match of this table in the group (the group's token): each seat stands for
    the roster player it stood for; 201 with the match, its ``edit_token`` and ``seats``."""
    token = group_token()
    _no_body()
    new, edit_token = service.rematch(match_id, group=service.GroupPlace(group_id, token))
    return created(new, edit_token, {"seats": seats_json(service.get_group(group_id), new)})


def _no_body() -> None:
    """Nothing to say but the path: no body, or an empty JSON object (any key is a 422)."""
    if request.get_data(cache=True):
        check_keys(as_object(json_body(), "_"), ())


def created(match: Match, token: str, extra: dict[str, object]) -> tuple[Response, int]:
    """The answer of a write that made a match: 201 with it, its ``edit_token`` and ``extra``
    (as ``POST /matches`` answers)."""
    answer = match_json(match, service.state_of(match)) | {"edit_token": token} | extra
    return no_store(jsonify(answer)), 201  # the token is a secret: no cache keeps this answer
