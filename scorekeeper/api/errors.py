"""The API's errors. Every answer under ``/api/`` is JSON, errors included:
``{"errors": {"<field path>": ["<message>", ...]}}`` with ``"_"`` for the request as a whole
(docs/api.md).

The refusals of the rules and of the service are handled here, on the blueprint; the HTTP
errors (unknown URL, wrong method, body too large, bad JSON, 500) never reach it, so the app's
handler (:mod:`scorekeeper.errors`) answers those under ``/api/`` in the same shape
(:func:`scorekeeper.web.json_errors.http_error`).
"""

from __future__ import annotations

from collections.abc import Mapping

from flask import Response, jsonify

from .. import service
from ..i18n import message_of, request_gettext
from ..rules import RuleError
from ..rules.contract import wire
from . import bp


def error_response(status: int, errors: Mapping[str, list[str]]) -> tuple[Response, int]:
    """The one shape of every API error."""
    return jsonify({"errors": dict(errors)}), status


@bp.errorhandler(RuleError)
def rule_error(error: RuleError) -> tuple[Response, int]:
    """An entry the rules refuse: 422 naming the field; several refusals of one body
    (:class:`RuleErrors`, docs/club.md §19 case 35) name every field."""
    return error_response(422, wire.rule_errors(error, request_gettext))


@bp.errorhandler(service.NotFound)
def not_found(error: service.NotFound) -> tuple[Response, int]:
    """No such match or hand."""
    return error_response(404, {"_": [message_of(error)]})


@bp.errorhandler(service.Unauthorized)
def unauthorized(error: service.Unauthorized) -> tuple[Response, int]:
    """No edit token, or a wrong one."""
    response, status = error_response(401, {"_": [message_of(error)]})
    response.headers["WWW-Authenticate"] = 'Bearer realm="scorekeeper"'
    return response, status


@bp.errorhandler(service.Forbidden)
def forbidden(error: service.Forbidden) -> tuple[Response, int]:
    """A scorer key where only the edit token will do (docs/sharing.md, "Who may do what")."""
    return error_response(403, {"_": [message_of(error)]})


@bp.errorhandler(service.Conflict)
def conflict(error: service.Conflict) -> tuple[Response, int]:
    """A write that does not fit the match as it is now."""
    return error_response(409, {"_": [message_of(error)]})
