"""The look-ups of a club page's address: the night its private or read-only id names, or the
404 page."""

from __future__ import annotations

from flask import abort

from .. import service
from ..models import ClubNight


def night_or_404(public_id: str) -> ClubNight:
    """The night of a private id, or a 404 page."""
    try:
        return service.night_by_id(public_id)
    except service.NotFound:
        abort(404)


def night_to_read_or_404(read_id: str) -> ClubNight:
    """The night of a read-only id, or a 404 page."""
    try:
        return service.night_to_read(read_id)
    except service.NotFound:
        abort(404)
