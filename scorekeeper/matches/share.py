"""Sharing a match across the table (docs/sharing.md): the read-only link, and on a phone that
scores the match, scorekeeper links that let another phone score it too or take the scoring
over; each with its QR code.

A scorekeeper link never carries the edit token: it carries a code that only lets a phone join
(``service.join``), expires after ``service.JOIN_CODE_MINUTES`` and can be withdrawn. The code
is shown on the phone that made it only: it is kept in that phone's signed session cookie, never
in the database (which holds its hash).

Who may do what (docs/sharing.md): the edit token (the phone that started the match, or took
the scoring over) makes both links, withdraws them, sees the phones that score too and removes
one; a phone that scores too (a scorer key) makes only links that let more phones score."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from flask import Response, abort, flash, redirect, render_template, request, session, url_for
from flask_babel import gettext as _
from flask_wtf import FlaskForm
from wtforms import HiddenField

from .. import service
from ..infra import rate_limits
from ..infra.security import external_url, no_store
from ..models import Match, utcnow
from ..rules.games.registry import find_variant
from ..web.forms import plain_message_of
from ..web.lookups import match_or_404
from ..web.qr import qr_svg
from ..web.session import (
    fit_cookie,
    no_longer_scoring,
    open_to_score,
    scoring_token,
    token_for,
)
from . import bp

#: Where this phone keeps the codes it made: ``{public_id: [code, hands_over, expires]}``;
#: at most :data:`_KEPT_CODES` (those that expire last: the cookie stays small).
_CODES = "join_codes"
_KEPT_CODES = 3


class CodeForm(FlaskForm):
    """Make a scorekeeper link (``hands_over``: "1" takes the scoring over), or withdraw it."""

    hands_over = HiddenField()


class JoinForm(FlaskForm):
    """The button that opens a scorekeeper link: a tap, not the visit, joins (a messenger's
    link preview or a prefetch must not use up a link that hands the scoring over)."""

    code = HiddenField()


def _kept_code(public_id: str) -> tuple[str, bool, datetime] | None:
    """The code this phone made for the match, while it works."""
    kept = (session.get(_CODES) or {}).get(public_id)
    if not (isinstance(kept, list) and len(kept) == 3):
        return None
    code, hands_over, expires_text = kept
    try:
        expires = datetime.fromisoformat(str(expires_text))
    except ValueError:
        return None
    if not isinstance(code, str) or expires <= utcnow():
        return None
    return code, bool(hands_over), expires


def _keep_code(public_id: str, kept: tuple[str, bool, datetime] | None) -> None:
    """Remember (or, with ``None``, forget) the code this phone made for the match; codes
    that no longer work are dropped (the cookie stays small)."""
    codes = {
        pid: value
        for pid, value in dict(session.get(_CODES) or {}).items()
        if pid != public_id and _kept_code(pid) is not None
    }
    if kept is not None:
        code, hands_over, expires = kept
        codes[public_id] = [code, hands_over, expires.isoformat()]
    while len(codes) > _KEPT_CODES:  # ISO moments of one zone sort as they follow
        codes.pop(min((pid for pid in codes if pid != public_id), key=lambda p: codes[p][2]))
    session[_CODES] = codes
    fit_cookie(public_id)


@bp.get("/m/<public_id>/share")
def share(public_id: str) -> Any:
    """The read-only link and, on a phone that scores the match, the scorekeeper link; on the
    scorekeeper's phone also the phones that score too."""
    return _share_page(public_id)


def _share_page(public_id: str, status: int = 200) -> Response:
    match = match_or_404(public_id)
    # From PUBLIC_URL when it is set: a request's Host header is no address to print in a QR.
    board_url = external_url("matches.board", public_id=public_id)
    token = scoring_token(match)
    can_score = token is not None
    rights = service.share_rights(match, token) if can_score else None
    keeps_score = rights is not None and rights.keeps_score
    kept = _kept_code(public_id) if can_score else None
    join_url = external_url("matches.join", public_id=public_id, code=kept[0]) if kept else None
    return no_store(
        Response(
            render_template(
                "matches/share.html",
                match=match,
                title=find_variant(match.variant).title,
                board_url=board_url,
                board_qr=qr_svg(board_url, _("Scoreboard link")),
                can_score=can_score,
                form=CodeForm(),
                join_url=join_url,
                join_qr=qr_svg(join_url, _("Scorekeeper link")) if join_url else None,
                hands_over=kept[1] if kept else False,
                expires=kept[2] if kept else None,
                minutes=service.JOIN_CODE_MINUTES,
                keeps_score=keeps_score,
                # A club night's match is never handed over; a closed round's takes no link.
                club=rights is not None and rights.club,
                closed=rights is not None and rights.closed,
                scorers=service.scorers(public_id, token) if keeps_score else [],
            ),
            status,
        )
    )


def _not_the_scorekeeper(public_id: str, refusal: service.Forbidden) -> Response:
    """A phone that scores too asked for what only the scorekeeper's phone does: 403, the share
    page saying why (it never offers that button, so only a stale or forged form gets here)."""
    flash(_("Not done: %(reason)s", reason=plain_message_of(refusal)))
    return _share_page(public_id, 403)


def _checked(public_id: str) -> tuple[CodeForm, str]:
    """A write of the share page: its form checked (CSRF) and this phone's token. 404 for no
    match, 400 for a form that fails, 403 for a phone that watches (it has nothing to share)."""
    match_or_404(public_id)
    form = CodeForm()
    if not form.validate_on_submit():
        abort(400)
    token = token_for(public_id)
    if token is None:
        abort(403)
    return form, token


@bp.post("/m/<public_id>/share/link")
def make_link(public_id: str) -> Any:
    """Make a scorekeeper link (CSRF and this phone's token checked) and show it."""
    form, token = _checked(public_id)
    hands_over = form.hands_over.data == "1"
    try:
        code, expires = service.make_join_code(public_id, token, hands_over=hands_over)
    except service.Unauthorized:
        no_longer_scoring(public_id)
    except service.Forbidden as refusal:
        return _not_the_scorekeeper(public_id, refusal)
    _keep_code(public_id, (code, hands_over, expires))
    return redirect(url_for(".share", public_id=public_id, _anchor="share-join"), code=303)


@bp.post("/m/<public_id>/share/withdraw")
def withdraw_links(public_id: str) -> Any:
    """Withdraw every scorekeeper link of the match: they stop working at once."""
    token = _checked(public_id)[1]
    try:
        service.withdraw_join_codes(public_id, token)
    except service.Unauthorized:
        no_longer_scoring(public_id)
    except service.Forbidden as refusal:
        return _not_the_scorekeeper(public_id, refusal)
    _keep_code(public_id, None)
    flash(_("The scorekeeper link was withdrawn: it no longer works."))
    return redirect(url_for(".share", public_id=public_id), code=303)


@bp.post("/m/<public_id>/share/phones/<int:scorer_id>/remove")
def remove_phone(public_id: str, scorer_id: int) -> Any:
    """Stop one phone that scores too (the scorekeeper's phone only): its key stops working at
    once, and its next write is refused."""
    token = _checked(public_id)[1]
    try:
        removed = service.remove_scorer(public_id, token, scorer_id)
    except service.Unauthorized:
        no_longer_scoring(public_id)
    except service.Forbidden as refusal:
        return _not_the_scorekeeper(public_id, refusal)
    if removed:
        flash(_("That phone no longer scores this match: it follows it."), "done")
    return redirect(url_for(".share", public_id=public_id, _anchor="share-phones"), code=303)


def _refused(match: Match) -> Response:
    return no_store(
        Response(
            render_template(
                "matches/join_refused.html",
                match=match,
                title=find_variant(match.variant).title,
            ),
            403,
        )
    )


@bp.route("/m/<public_id>/join", methods=["GET", "POST"])
@rate_limits.joins
def join(public_id: str) -> Any:
    """A scorekeeper link: GET shows what it offers with one button; the button's POST joins,
    keeps this phone's new token in its session and goes to the match."""
    match = match_or_404(public_id)
    if request.method == "GET":
        code = request.args.get("code", "")
        return no_store(
            Response(
                render_template(
                    "matches/join.html",
                    match=match,
                    title=find_variant(match.variant).title,
                    form=JoinForm(code=code),
                )
            )
        )
    form = JoinForm()
    if not form.validate_on_submit():
        abort(400)
    try:
        joined = service.join(public_id, form.code.data or "")
    except service.Unauthorized:
        return _refused(match)
    if joined.hands_over:
        flash(_("This phone keeps the score now."))
    else:
        flash(_("This phone scores the match too now."))
    return no_store(open_to_score(public_id, joined.token))
