"""Home page routes."""

from flask import render_template

from . import bp


@bp.get("/")
def index() -> str:
    """The home page: start a match."""
    return render_template("index.html")
