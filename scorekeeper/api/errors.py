"""The API's errors. Every answer under ``/api/`` is JSON, errors included:
``{"errors": {"<field path>": ["<message>", ...]}}`` with ``"_"`` for the request as a whole
(docs/api.md).

The refusals of the rules and of the service are handled here, on the blueprint; the HTTP
errors (unknown URL, wrong method, body too large, bad JSON, 500) never reach it, so the app's
handler (:mod:`scorekeeper.errors`) passes those under ``/api/`` to :func:`http_error`.
"""

from __future__ import annotations

import json
from collections.abc import Mapping

from flask import Response, jsonify, request
from flask_babel import gettext
from werkzeug.exceptions import HTTPException
from werkzeug.wrappers import Response as BaseResponse

from .. import service
from ..i18n import message_of, rule_message
from ..rules import RuleError
from . import bp


def wants_json() -> bool:
    """Whether this request is the API's, so that its errors are answered in JSON."""
    return request.path.startswith("/api/")


def error_response(status: int, errors: Mapping[str, list[str]]) -> tuple[Response, int]:
    """The one shape of every API error."""
    return jsonify({"errors": dict(errors)}), status


@bp.errorhandler(RuleError)
def rule_error(error: RuleError) -> tuple[Response, int]:
    """An entry the rules refuse: 422 naming the field."""
    return error_response(422, {error.path or "_": [rule_message(error)]})


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


@bp.errorhandler(service.Conflict)
def conflict(error: service.Conflict) -> tuple[Response, int]:
    """A write that does not fit the match as it is now."""
    return error_response(409, {"_": [message_of(error)]})


def http_error(error: HTTPException) -> BaseResponse:
    """An HTTP error as JSON, with its status and headers (such as ``Allow`` of a 405)."""
    response = error.get_response()
    response.set_data(
        json.dumps({"errors": {"_": [gettext(error.description or error.name)]}}).encode("utf-8")
    )
    response.content_type = "application/json"
    return response
