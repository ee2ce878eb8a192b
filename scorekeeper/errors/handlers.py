"""The app's handlers of errors: a page for the site, JSON for the API.

The handler of HTTP errors is registered on the app, not on a blueprint, because an unknown URL
or a wrong method never reaches a blueprint. So is the handler of the service's refusals
(:class:`~scorekeeper.service.ServiceError`): a page route that does not catch one itself (a
hand-over of a club match, issue 35) answers the refusal's 4xx page with its words, never a
500 (``tests/web/test_service_refusals_are_4xx.py`` drives every page route so). The API's
blueprint answers the same refusals in JSON itself (:mod:`scorekeeper.api.errors`), which Flask
prefers to an app's handler.
"""

from __future__ import annotations

from flask import render_template
from werkzeug.exceptions import Conflict, Forbidden, HTTPException, NotFound
from werkzeug.wrappers import Response as BaseResponse

from .. import service
from ..web.forms import plain_message_of
from ..web.json_errors import http_error as api_http_error
from ..web.json_errors import wants_json
from . import bp

#: The HTTP error each kind of the service's refusals is on a page. A wrong or missing token is
#: 403 there, not the API's 401: a page has no ``Authorization`` to ask for again.
REFUSAL_ERRORS: tuple[tuple[type[service.ServiceError], type[HTTPException]], ...] = (
    (service.NotFound, NotFound),
    (service.Unauthorized, Forbidden),
    (service.Forbidden, Forbidden),
)


def refusal_error(refusal: service.ServiceError, words: str) -> HTTPException:
    """The HTTP error a refusal of the service is, saying ``words`` (409 for a Conflict and
    any other kind: the write does not fit the match or night as it is now)."""
    kind = next((http for cls, http in REFUSAL_ERRORS if isinstance(refusal, cls)), Conflict)
    return kind(description=words)


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


@bp.app_errorhandler(service.ServiceError)
def service_refusal(refusal: service.ServiceError) -> BaseResponse:
    """A refusal of the service that a page route let through: its 4xx page, saying the
    refusal in the request's language and plain words (:func:`~scorekeeper.web.forms.
    plain_message_of`); under ``/api/`` the API's JSON shape."""
    words = plain_message_of(refusal)
    error = refusal_error(refusal, words)
    if wants_json():
        return api_http_error(error)
    page = error.get_response()
    page.set_data(render_template("error.html", error=error, words=words))
    page.content_type = "text/html; charset=utf-8"
    page.headers["Cache-Control"] = "no-store"  # a page of a write's answer, not to be kept
    return page
