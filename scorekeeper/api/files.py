"""A match as a file over the API (docs/api.md "Export and import"): the CSV and JSON exports
the match page offers (the same bytes: :mod:`scorekeeper.web.files` builds both), and the
import page's import of a JSON export, alone or into a group (the work is
:mod:`scorekeeper.export_import`'s)."""

from __future__ import annotations

from flask import Response

from .. import export_import, service
from ..infra import rate_limits
from ..web.files import csv_download, json_download
from . import bp
from .groups import seats_json
from .inputs import group_token, json_body
from .next_game import created
from .routes import versioned


@bp.get("/matches/<public_id>/export.csv")
def export_csv(public_id: str) -> Response:
    """The match page's CSV export: one row per hand (in the request's language)."""
    return versioned(public_id, csv_download)


@bp.get("/matches/<public_id>/export.json")
def export_json(public_id: str) -> Response:
    """The match page's JSON export: the file ``POST /matches/import`` takes back."""
    return versioned(public_id, json_download)


@bp.post("/matches/import")
@rate_limits.imports
def import_match() -> tuple[Response, int]:
    """A new match from a JSON export (the body), every hand replayed by the rules; 201 with
    the match and its ``edit_token``."""
    document = export_import.check_document(json_body())
    match, token = export_import.import_match(document)
    return created(match, token, {})


@bp.post("/groups/<group_id>/matches/import")
@rate_limits.imports
def group_import_match(group_id: str) -> tuple[Response, int]:
    """A new match of the group from a JSON export (the group's token), in one transaction
    with its seats on the roster; 201 with the match, its ``edit_token`` and ``seats``."""
    token = group_token()
    # The token first: a wrong one is refused before the file is replayed.
    service.check_group_token(service.get_group(group_id), token)
    document = export_import.check_document(json_body())
    match, edit_token = export_import.import_match(
        document, group=service.GroupPlace(group_id, token)
    )
    return created(match, edit_token, {"seats": seats_json(service.get_group(group_id), match)})
