"""The phone pages of a match: start one, score its hands, correct and undo them; and around
it the settle-up, sharing, the scoreboard, and the match as a file."""

from flask import Blueprint

bp = Blueprint("matches", __name__)

from . import board, clash, files, preview, rematch, routes, settle, share  # noqa: E402,F401
