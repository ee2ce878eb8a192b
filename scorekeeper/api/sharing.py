"""The API of sharing the scoring of a match (docs/api.md "Sharing", docs/sharing.md): the
scorekeeper links' codes and the phones that joined. The match's id and a right to score it
(``Authorization: Bearer``): a phone that scores too (a scorer key) makes links that let more
phones score; only the edit token (on a club night's match, the night's host token) makes one that
hands the scoring over, withdraws them, lists the phones that score and removes one (403 for
a scorer key). A link's code is exchanged for a
right to score with no credential but the code itself, as the link's page does."""

from __future__ import annotations

from flask import Response, jsonify

from .. import service
from ..infra import rate_limits
from ..infra.security import external_url, no_store
from ..rules.core.readers import as_bool, as_object, as_str, check_keys
from . import bp
from .inputs import bearer_token, json_body
from .routes import iso


@bp.post("/matches/<public_id>/links")
def make_link(public_id: str) -> tuple[Response, int]:
    """A new scorekeeper link (``{"hands_over": false}`` by default); 201 with its ``url``
    (a secret: shown this once) and ``expires_at``."""
    token = bearer_token()
    body = as_object(json_body(), "_")
    check_keys(body, ("hands_over",))
    hands_over = as_bool(body.get("hands_over", False), "hands_over")
    code, expires = service.make_join_code(public_id, token, hands_over=hands_over)
    answer = {
        "url": external_url("matches.join", public_id=public_id, code=code),
        "hands_over": hands_over,
        "expires_at": iso(expires),
    }
    return no_store(jsonify(answer)), 201


@bp.delete("/matches/<public_id>/links")
def withdraw_links(public_id: str) -> Response:
    """Withdraw every scorekeeper link of the match; 200 with how many still worked."""
    withdrawn = service.withdraw_join_codes(public_id, bearer_token())
    return jsonify({"withdrawn": withdrawn})


@bp.get("/matches/<public_id>/scorers")
@rate_limits.refusals_counted
def list_scorers(public_id: str) -> Response:
    """The phones that joined the scoring, by when they joined."""
    found = service.scorers(public_id, bearer_token())
    return no_store(
        jsonify({"scorers": [{"id": s.id, "joined_at": iso(s.joined_at)} for s in found]})
    )


@bp.delete("/matches/<public_id>/scorers/<int:scorer_id>")
def remove_scorer(public_id: str, scorer_id: int) -> Response:
    """Stop one phone that joined the scoring: its key stops working at once. 204; 404 when
    there is no such phone."""
    if not service.remove_scorer(public_id, bearer_token(), scorer_id):
        raise service.NotFound("no phone of this match scores with this id")
    return Response(status=204)


@bp.post("/matches/<public_id>/join")
@rate_limits.joins
def join(public_id: str) -> tuple[Response, int]:
    """Exchange a scorekeeper link's code (``{"code": "..."}``, the ``code`` of its ``url``) for
    a right to score, as the link's button does: 201 with ``{"token", "hands_over"}``. A link
    that hands the scoring over gives the new edit token (every older token, key and code of
    the match stops working); one that shares it gives this caller a scorer key of its own."""
    body = as_object(json_body(), "_")
    check_keys(body, ("code",), required=("code",))
    joined = service.join(public_id, as_str(body["code"], "code"))
    return no_store(jsonify({"token": joined.token, "hands_over": joined.hands_over})), 201
