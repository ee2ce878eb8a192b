"""A match as a file: CSV export for a spreadsheet, JSON export, and the import page that
starts a new match from a JSON export (the work is :mod:`scorekeeper.export_import`'s; the
page is :mod:`scorekeeper.web.imports`', shared with a group's import)."""

from __future__ import annotations

import json
from typing import Any

from flask import Response, get_template_attribute
from markupsafe import Markup

from .. import export_import, service
from ..infra import rate_limits
from ..models import Match
from ..web.imports import import_page
from ..web.lookups import match_or_404
from ..web.page import TRUMP_SYMBOLS
from . import bp


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


@bp.route("/import", methods=["GET", "POST"])
@rate_limits.imports
def import_match() -> Any:
    """Start a new match from an export: every hand is replayed by the rules; this phone
    keeps the new match's edit token."""
    return import_page("matches/import.html")
