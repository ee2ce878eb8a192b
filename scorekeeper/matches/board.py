"""The live scoreboard for a screen on the table: big totals, whose deal, the chart; the page
script ``static/board.js`` asks the API whether the match changed and swaps its part in."""

from __future__ import annotations

from typing import Any

from flask import Response, render_template, url_for

from .. import service
from ..models import Match
from ..rules.games.registry import find_variant
from ..web.lookups import match_or_404
from . import bp
from .routes import table_of

#: How often the scoreboard asks whether anything changed (milliseconds; board.js backs off
#: from this on errors).
POLL_MS = 4000


def _board_context(match: Match) -> dict[str, Any]:
    state = service.state_of(match)
    return {
        "match": match,
        "state": state,
        "table": table_of(match, state.active),
        "title": find_variant(match.variant).title,
    }


@bp.get("/m/<public_id>/board")
def board(public_id: str) -> Any:
    """The read-only scoreboard; board.js keeps it current."""
    match = match_or_404(public_id)
    return render_template(
        "matches/board.html",
        api_url=url_for("api.show_match", public_id=public_id),
        part_url=url_for(".board_part", public_id=public_id),
        poll_ms=POLL_MS,
        **_board_context(match),
    )


@bp.get("/m/<public_id>/board/part")
def board_part(public_id: str) -> Any:
    """The scoreboard's changing part alone, for board.js to swap in when the API says the
    match changed."""
    match = match_or_404(public_id)
    response = Response(render_template("matches/_board.html", **_board_context(match)))
    response.headers["Cache-Control"] = "no-cache"
    return response
