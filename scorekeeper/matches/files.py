"""A match as a file: CSV export for a spreadsheet, JSON export, and the import page that
starts a new match from a JSON export (the work is :mod:`scorekeeper.export_import`'s; the
files are built by :mod:`scorekeeper.web.files`, shared with the API's exports; the page is
:mod:`scorekeeper.web.imports`', shared with a group's import)."""

from __future__ import annotations

from typing import Any

from flask import Response

from ..infra import rate_limits
from ..web.files import csv_download, json_download
from ..web.imports import import_page
from ..web.lookups import match_or_404
from . import bp


@bp.get("/m/<public_id>/export.csv")
def export_csv(public_id: str) -> Response:
    """One row per hand: number, dealer, what was entered, scores and totals."""
    return csv_download(match_or_404(public_id))


@bp.get("/m/<public_id>/export.json")
def export_json(public_id: str) -> Response:
    """The match as a file that the import page takes back (setup and hands as entered)."""
    return json_download(match_or_404(public_id))


@bp.route("/import", methods=["GET", "POST"])
@rate_limits.imports
def import_match() -> Any:
    """Start a new match from an export: every hand is replayed by the rules; this phone
    keeps the new match's edit token."""
    return import_page("matches/import.html")
