"""The app's handler of HTTP errors: a page for the site, JSON for the API.

It is registered on the app, not on a blueprint, because an unknown URL or a wrong method
never reaches a blueprint.
"""

from __future__ import annotations

from flask import render_template
from werkzeug.exceptions import HTTPException
from werkzeug.wrappers import Response as BaseResponse

from ..web.json_errors import http_error as api_http_error
from ..web.json_errors import wants_json
from . import bp


@bp.app_errorhandler(HTTPException)
def http_error(error: HTTPException) -> HTTPException | BaseResponse:
    """HTTP errors under ``/api/`` as JSON (:mod:`scorekeeper.web.json_errors`); elsewhere the
    error page, with the error's status and headers."""
    if wants_json():
        return api_http_error(error)
    if error.code is None or error.code < 400:
        return error  # a redirect of the routing (a missing trailing slash)
    page = error.get_response()
    page.set_data(render_template("error.html", error=error))
    page.content_type = "text/html; charset=utf-8"
    return page
