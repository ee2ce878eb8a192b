"""The table's extras around a match: the settle-up page, sharing by QR code, the live
scoreboard, the running-totals chart, and export and import.

Thin like :mod:`.routes`: the numbers come from the service and the rules, the chart from
:mod:`scorekeeper.charts`, files from :mod:`scorekeeper.transfer`.
"""

from __future__ import annotations

import io
from decimal import Decimal
from typing import Any

import segno
from flask import (
    Response,
    abort,
    get_template_attribute,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import format_decimal
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from flask_wtf.file import FileField
from markupsafe import Markup
from wtforms import TextAreaField

from .. import service, transfer
from ..charts import chart_svg, running_totals
from ..models import Match
from ..rules import MatchState, RuleError
from ..rules.auction import share_kitty
from ..rules.variants import find_variant
from . import bp
from .forms import TRUMPS, rule_message
from .routes import _match_or_404
from .tokens import keep_token, remember_opened, token_for

#: How often the scoreboard asks whether anything changed (milliseconds; board.js backs off
#: from this on errors).
POLL_MS = 4000


# --- The chart (the match page and the scoreboard) -------------------------------------------


@bp.app_template_global()
def totals_chart(state: MatchState) -> Markup:
    """The running totals of every side as inline SVG (built and escaped by ``charts``)."""
    return Markup(  # noqa: S704 - chart_svg escapes every name it puts in the markup
        chart_svg(
            state.sides,
            running_totals(state),
            state.target,
            title=_("Running totals"),
            target_label=_("target"),
            hand_label=_("hand"),
        )
    )


# --- Settle-up -------------------------------------------------------------------------------


def _units(match: Match) -> bool:
    return match.variant == "auction" and match.options.get("scoring") == "units"


def money(units: int | Decimal, unit_value: Any) -> str:
    """Units as money with two places, in the reader's language (``0.90``, ``0,90``)."""
    amount = (Decimal(units) * Decimal(str(unit_value))).quantize(Decimal("0.01"))
    return str(format_decimal(amount, format="#,##0.00"))


@bp.get("/m/<public_id>/settle")
def settle(public_id: str) -> Any:
    """Auction in units: balances, the kitty shared out, money per unit and who pays whom."""
    match = _match_or_404(public_id)
    if not _units(match):
        abort(404)
    state = service.state_of(match)
    settled = service.settlement(match, state)
    unit_value = match.options.get("unit_value", "1")
    shares = share_kitty(settled.kitty, state.sides)
    rows = [
        {
            "player": player,
            "units": state.totals[player],
            "share": shares[player],
            "balance": settled.balances[player],
            "money": money(settled.balances[player], unit_value),
        }
        for player in state.sides
    ]
    return render_template(
        "matches/settle.html",
        match=match,
        state=state,
        settled=settled,
        rows=rows,
        unit_value=money(1, unit_value),
        transfers=[
            {"payer": t.payer, "payee": t.payee, "units": t.units, "amount": money(t.amount, 1)}
            for t in settled.transfers
        ],
        title=find_variant(match.variant).title,
        can_edit=token_for(public_id) is not None,
    )


# --- Sharing ---------------------------------------------------------------------------------


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
    return Markup(out.getvalue().decode("utf-8"))  # noqa: S704 - segno escapes the title


@bp.get("/m/<public_id>/share")
def share(public_id: str) -> Any:
    """The read-only link and, on the scorekeeper's phone only, the link that hands over the
    right to score; each with its QR code to scan across the table."""
    match = _match_or_404(public_id)
    board_url = url_for(".board", public_id=public_id, _external=True)
    token = token_for(public_id)
    join_url = url_for(".join", public_id=public_id, token=token, _external=True) if token else None
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
def join(public_id: str) -> Any:
    """The scorekeeper link: keep its edit token in this phone's session, then go to the match
    at an address without it."""
    match = _match_or_404(public_id)
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
    keep_token(public_id, token)
    remember_opened(public_id)
    moved = redirect(url_for(".show", public_id=public_id), code=303)
    moved.headers["Cache-Control"] = "no-store"
    return moved


# --- The scoreboard --------------------------------------------------------------------------


def _board_context(match: Match) -> dict[str, Any]:
    state = service.state_of(match)
    return {
        "match": match,
        "state": state,
        "title": find_variant(match.variant).title,
        "units": _units(match),
    }


@bp.get("/m/<public_id>/board")
def board(public_id: str) -> Any:
    """The read-only scoreboard for a screen on the table: big totals, whose deal, the chart;
    board.js keeps it current."""
    match = _match_or_404(public_id)
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
    match = _match_or_404(public_id)
    response = Response(render_template("matches/_board.html", **_board_context(match)))
    response.headers["Cache-Control"] = "no-cache"
    return response


# --- Export and import -----------------------------------------------------------------------


def _file_name(match: Match, extension: str) -> str:
    return f"scorekeeper-{match.variant}-{match.public_id[:8]}.{extension}"


def _download(body: str, mimetype: str, name: str) -> Response:
    response = Response(body, mimetype=mimetype)
    response.headers["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


@bp.get("/m/<public_id>/export.csv")
def export_csv(public_id: str) -> Response:
    """One row per hand: number, dealer, what was entered, scores and totals."""
    match = _match_or_404(public_id)
    macro = get_template_attribute("matches/_summary.html", "summary")
    trumps = dict(TRUMPS)

    def summary(entry: Any) -> str:
        return str(Markup(macro(entry, trumps)).striptags())

    # A byte-order mark: spreadsheets then read the names as UTF-8.
    body = "\ufeff" + transfer.match_csv(match, service.state_of(match), summary)
    return _download(body, "text/csv", _file_name(match, "csv"))


@bp.get("/m/<public_id>/export.json")
def export_json(public_id: str) -> Response:
    """The match as a file that the import page takes back (setup and hands as entered)."""
    import json

    match = _match_or_404(public_id)
    body = json.dumps(transfer.match_document(match), ensure_ascii=False, indent=1)
    return _download(body, "application/json", _file_name(match, "json"))


class ImportForm(FlaskForm):
    """An exported match: the file, or its text pasted."""

    upload = FileField(_l("Export file (.json)"))
    pasted = TextAreaField(_l("or paste its text"))


@bp.route("/import", methods=["GET", "POST"])
def import_match() -> Any:
    """Start a new match from an export: every hand is replayed by the rules; this phone
    keeps the new match's edit token."""
    form = ImportForm()
    status = 200
    if form.validate_on_submit():
        upload = form.upload.data
        text: str | bytes = upload.read() if upload else (form.pasted.data or "")
        if not text or not text.strip():
            form.pasted.errors = [_("Choose an exported file or paste its text.")]
        else:
            try:
                match, token = transfer.import_match(transfer.read_document(text))
            except RuleError as error:
                reason = rule_message(error)
                if error.path not in ("_", ""):
                    reason = f"{error.path}: {reason}"
                form.pasted.errors = [_("Not imported: %(reason)s", reason=reason)]
            else:
                keep_token(match.public_id, token)
                remember_opened(match.public_id)
                return redirect(url_for(".show", public_id=match.public_id), code=303)
        status = 422
    elif request.method == "POST":
        status = 422
    return render_template("matches/import.html", form=form), status
