"""The HTTP errors of the API (unknown URL, wrong method, body too large, bad JSON, 500) in the
API's one shape of errors, ``{"errors": {"_": ["<message>"]}}`` (docs/api.md). They never
reach the API's blueprint, so the app's handler of HTTP errors (:mod:`scorekeeper.errors`)
asks here."""

from __future__ import annotations

import json

from flask import request
from flask_babel import gettext
from werkzeug.exceptions import HTTPException
from werkzeug.wrappers import Response as BaseResponse


def wants_json() -> bool:
    """Whether this request is the API's, so that its errors are answered in JSON."""
    return request.path.startswith("/api/")


def http_error(error: HTTPException) -> BaseResponse:
    """An HTTP error as JSON, with its status and headers (such as ``Allow`` of a 405)."""
    response = error.get_response()
    response.set_data(
        json.dumps({"errors": {"_": [gettext(error.description or error.name)]}}).encode("utf-8")
    )
    response.content_type = "application/json"
    return response
