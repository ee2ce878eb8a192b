"""What the API's routes read of a request besides its path: the JSON body and the token of
``Authorization: Bearer``.

Shared by the routes of matches, groups, club nights and sharing, so none of them imports
another's module for it.
"""

from __future__ import annotations

from flask import request
from werkzeug.exceptions import BadRequest, UnsupportedMediaType

from .. import service
from ..rules.contract import bodies
from ..rules.core.text import N_


def json_body() -> object:
    """The request's JSON, not yet checked (``as_object`` and the rules do that). 415 for
    another content type, 400 for text that is not JSON (:func:`~scorekeeper.rules.contract.bodies.
    parse_json`, the phone's reading too), 413 (raised by Werkzeug) beyond
    ``MAX_CONTENT_LENGTH``."""
    if not request.is_json:
        raise UnsupportedMediaType(N_("send the body as JSON (Content-Type: application/json)"))
    try:
        return bodies.parse_json(request.get_data(cache=True))
    except bodies.NotJson:
        raise BadRequest(bodies.NOT_JSON) from None


def bearer_or_none() -> str | None:
    """The token of ``Authorization: Bearer <token>``, or ``None``."""
    scheme, _, token = request.headers.get("Authorization", "").partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        return None
    return token.strip()


def bearer_token() -> str:
    """The edit token of ``Authorization: Bearer <token>``; 401 when there is none."""
    scheme, _, token = request.headers.get("Authorization", "").partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise service.Unauthorized("send the edit token as Authorization: Bearer <token>")
    return token.strip()


def host_token() -> str:
    """The club night's host token of ``Authorization: Bearer <token>``; 401 when there is
    none."""
    token = bearer_or_none()
    if token is None:
        raise service.Unauthorized(
            "send the club night's host token as Authorization: Bearer <token>"
        )
    return token


def group_token() -> str:
    """The group's token of ``Authorization: Bearer <token>``; 401 when there is none."""
    scheme, _, token = request.headers.get("Authorization", "").partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise service.Unauthorized("send the group's token as Authorization: Bearer <token>")
    return token.strip()
