"""Sharing a match across the table: the read-only link and, on the scorekeeper's phone only,
the link that hands over the right to score, each with its QR code."""

from __future__ import annotations

import io
from typing import Any

import segno
from flask import Response, render_template, request
from flask_babel import gettext as _
from markupsafe import Markup

from .. import rate_limits, service
from ..rules.variants import find_variant
from ..security import external_url
from . import bp
from .routes import match_or_404, open_to_score
from .tokens import token_for


def qr_svg(text: str, label: str) -> Markup:
    """``text`` as a QR code in inline SVG: no ``style``, so the strict CSP lets it draw."""
    out = io.BytesIO()
    segno.make(text, error="m").save(
        out,
        kind="svg",
        xmldecl=False,
        svgns=True,
        nl=False,
        scale=4,
        border=4,
        light="#fff",
        dark="#000",
        svgclass="qr",
        lineclass=None,
        omitsize=True,
        title=label,
    )
    return Markup(out.getvalue().decode("utf-8"))


@bp.get("/m/<public_id>/share")
def share(public_id: str) -> Any:
    """The read-only link and, on the scorekeeper's phone only, the link that hands over the
    right to score; each with its QR code to scan across the table."""
    match = match_or_404(public_id)
    # From PUBLIC_URL when it is set: a request's Host header is no address to print in a QR.
    board_url = external_url("matches.board", public_id=public_id)
    token = token_for(public_id)
    join_url = external_url("matches.join", public_id=public_id, token=token) if token else None
    response = Response(
        render_template(
            "matches/share.html",
            match=match,
            title=find_variant(match.variant).title,
            board_url=board_url,
            board_qr=qr_svg(board_url, _("Scoreboard link")),
            join_url=join_url,
            join_qr=qr_svg(join_url, _("Scorekeeper link")) if join_url else None,
        )
    )
    # The scorekeeper's link is a secret: no cache keeps this page.
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/m/<public_id>/join")
@rate_limits.joins
def join(public_id: str) -> Any:
    """The scorekeeper link: keep its edit token in this phone's session, then go to the match
    at an address without it."""
    match = match_or_404(public_id)
    token = request.args.get("token", "")
    try:
        service.check_token(match, token)
    except service.Unauthorized:
        response = Response(
            render_template(
                "matches/join_refused.html",
                match=match,
                title=find_variant(match.variant).title,
            ),
            403,
        )
        response.headers["Cache-Control"] = "no-store"
        return response
    moved = open_to_score(public_id, token)
    moved.headers["Cache-Control"] = "no-store"
    return moved
