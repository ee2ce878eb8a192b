"""The JSON API, version 1 (``/api/v1``): the contract is ``docs/api.md``.

Writes are authenticated by the match's edit token (``Authorization: Bearer``), not by a
session cookie, so the blueprint is exempt from CSRF protection.
"""

from flask import Blueprint

bp = Blueprint("api", __name__, url_prefix="/api/v1")

from . import club, club_people, errors, files, groups, next_game, routes, sharing  # noqa: E402,F401
