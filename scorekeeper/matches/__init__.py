"""The phone pages of a match: start one, score its hands, correct and undo them."""

from flask import Blueprint

bp = Blueprint("matches", __name__)

from . import extras, routes  # noqa: E402,F401
