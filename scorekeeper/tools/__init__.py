"""Tools for the table: the pinochle meld calculator and the Pinnacola card picker."""

from flask import Blueprint

bp = Blueprint("tools", __name__, url_prefix="/tools")

from . import routes  # noqa: E402,F401
