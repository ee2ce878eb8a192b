"""A match as a file: CSV export for a spreadsheet, JSON export, and the import page that
starts a new match from a JSON export (the work is :mod:`scorekeeper.export_import`'s)."""

from __future__ import annotations

import json
from typing import Any

from flask import Response, get_template_attribute, render_template, request
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from flask_wtf.file import FileField
from markupsafe import Markup
from wtforms import TextAreaField

from .. import export_import, rate_limits, service
from ..i18n import rule_message
from ..models import Match
from ..rules import RuleError
from . import bp
from .page import TRUMP_SYMBOLS
from .routes import match_or_404, open_to_score


def _file_name(match: Match, extension: str) -> str:
    return f"scorekeeper-{match.variant}-{match.public_id[:8]}.{extension}"


def _download(body: str, mimetype: str, name: str) -> Response:
    response = Response(body, mimetype=mimetype)
    response.headers["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


@bp.get("/m/<public_id>/export.csv")
def export_csv(public_id: str) -> Response:
    """One row per hand: number, dealer, what was entered, scores and totals."""
    match = match_or_404(public_id)
    macro = get_template_attribute("matches/_summary.html", "summary")

    def summary(entry: Any) -> str:
        return str(Markup(macro(entry, TRUMP_SYMBOLS)).striptags())

    # A byte-order mark: spreadsheets then read the names as UTF-8.
    body = "\ufeff" + export_import.match_csv(match, service.state_of(match), summary)
    return _download(body, "text/csv", _file_name(match, "csv"))


@bp.get("/m/<public_id>/export.json")
def export_json(public_id: str) -> Response:
    """The match as a file that the import page takes back (setup and hands as entered)."""
    match = match_or_404(public_id)
    body = json.dumps(export_import.match_document(match), ensure_ascii=False, indent=1)
    return _download(body, "application/json", _file_name(match, "json"))


class ImportForm(FlaskForm):
    """An exported match: the file, or its text pasted."""

    upload = FileField(_l("Export file (.json)"))
    pasted = TextAreaField(_l("or paste its text"))


@bp.route("/import", methods=["GET", "POST"])
@rate_limits.imports
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
                match, token = export_import.import_match(export_import.read_document(text))
            except RuleError as error:
                reason = rule_message(error)
                if error.path not in ("_", ""):
                    reason = f"{error.path}: {reason}"
                form.pasted.errors = [_("Not imported: %(reason)s", reason=reason)]
            else:
                return open_to_score(match.public_id, token)
        status = 422
    elif request.method == "POST":
        status = 422
    return render_template("matches/import.html", form=form), status
