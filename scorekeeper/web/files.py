"""A match as a file, as both the match pages (``/m/<id>/export.csv``, ``.json``) and the
JSON API (``/api/v1/matches/<id>/export.csv``, ``.json``) give it: one builder of each body,
so the page's file and the API's are the same bytes (the work is
:mod:`scorekeeper.export_import`'s; here it is made a download)."""

from __future__ import annotations

import json
from typing import Any

from flask import Response, get_template_attribute
from markupsafe import Markup

from .. import export_import, service
from ..models import Match
from .page import TRUMP_SYMBOLS


def file_name(match: Match, extension: str) -> str:
    """The name a download of ``match`` is saved under."""
    return f"scorekeeper-{match.variant}-{match.public_id[:8]}.{extension}"


def download(body: str, mimetype: str, name: str) -> Response:
    """``body`` as a file to save (``Content-Disposition: attachment``) named ``name``."""
    response = Response(body, mimetype=mimetype)
    response.headers["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


def match_csv(match: Match) -> str:
    """One row per hand: number, dealer, what was entered (the summary line of the match
    page, in the request's language), scores and totals; with a byte-order mark, so that
    spreadsheets read the names as UTF-8."""
    macro = get_template_attribute("matches/_summary.html", "summary")

    def summary(entry: Any) -> str:
        return str(Markup(macro(entry, TRUMP_SYMBOLS)).striptags())

    return "\ufeff" + export_import.match_csv(match, service.state_of(match), summary)


def match_json(match: Match) -> str:
    """The match as the file the import takes back (setup and hands as entered)."""
    return json.dumps(export_import.match_document(match), ensure_ascii=False, indent=1)


def csv_download(match: Match) -> Response:
    """The CSV export of ``match`` as a download."""
    return download(match_csv(match), "text/csv", file_name(match, "csv"))


def json_download(match: Match) -> Response:
    """The JSON export of ``match`` as a download."""
    return download(match_json(match), "application/json", file_name(match, "json"))
