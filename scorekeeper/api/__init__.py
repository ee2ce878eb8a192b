"""The JSON API, version 1 (``/api/v1``): the contract is ``docs/api.md``.

Writes are authenticated by the match's edit token (``Authorization: Bearer``), not by a
session cookie, so the blueprint is exempt from CSRF protection.
"""

from flask import Blueprint, Response, request

from ..infra.engine_bundle import rules_build

bp = Blueprint("api", __name__, url_prefix="/api/v1")


@bp.after_app_request  # the app's own errors under /api/ (an unknown URL, a 413) too
def _rules_build(response: Response) -> Response:
    """Every answer names the rules that made it (docs/api.md, ``Rules-Build``): the SHA-256 of
    the rules bundle of the phone's engine, built from the server's own rules and catalogs
    (docs/phone.md), so a client that computes with the same rules knows it."""
    if request.path.startswith(bp.url_prefix or "/api/"):
        response.headers["Rules-Build"] = rules_build()
    return response


from . import club, club_people, errors, files, groups, next_game, routes, sharing  # noqa: E402,F401
