"""The look-ups of a page's address: the match, the group or the variant it names, or the 404
page (the service's :class:`~scorekeeper.service.NotFound` said as HTTP)."""

from __future__ import annotations

from flask import abort

from .. import service
from ..models import Group, Match
from ..rules import RuleError
from ..rules.games.registry import Variant, find_variant


def match_or_404(public_id: str) -> Match:
    """The match with this public id, or a 404 page."""
    try:
        return service.get_match(public_id)
    except service.NotFound:
        abort(404)


def group_or_404(public_id: str) -> Group:
    """The group with this public id (its private pages), or a 404 page."""
    try:
        return service.get_group(public_id)
    except service.NotFound:
        abort(404)


def group_to_read_or_404(read_id: str) -> Group:
    """The group of a read-only link, or a 404 page."""
    try:
        return service.group_to_read(read_id)
    except service.NotFound:
        abort(404)


def variant_or_404(variant_id: str) -> Variant:
    """The variant of a new-match address (``/new/<variant_id>``), or a 404 page."""
    try:
        return find_variant(variant_id)
    except RuleError:
        abort(404)
