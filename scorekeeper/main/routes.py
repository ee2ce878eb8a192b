"""Home page routes."""

from __future__ import annotations

from typing import TypedDict

from flask import render_template, url_for

from .. import service
from ..rules import FINISHED, RuleError
from ..rules.games.registry import find_variant
from ..web.club_memory import home_nights
from ..web.session import key_for, opened_groups, opened_matches, token_for
from . import bp


class Opened(TypedDict):
    """A match this phone has opened, as the home page lists it."""

    id: str
    title: str
    sides: tuple[str, ...]
    hands: int
    finished: bool
    #: This phone has the match's edit token.
    mine: bool


def _opened() -> list[Opened]:
    """The matches this phone has opened, for the home page (unknown ids are skipped)."""
    opened: list[Opened] = []
    for public_id in opened_matches():
        try:
            match = service.get_match(public_id)
        except service.NotFound:
            continue
        try:
            # A refused stored hand never fails the replay (service.state_of, docs/rules.md §7);
            # a setup the rules refuse as a whole would, and still must not hide the match.
            finished = match.finished or service.state_of(match).status == FINISHED
        except RuleError:
            finished = match.finished
        opened.append(
            {
                "id": public_id,
                "title": find_variant(match.variant).title,
                "sides": service.setup_of(match).sides,
                "hands": service.hand_count(match),
                "finished": finished,
                "mine": token_for(public_id) is not None,
            }
        )
    return opened


class OpenedGroup(TypedDict):
    """A group this phone has opened, as the home page lists it."""

    name: str
    #: Its own page when this phone holds its private link, else its read-only page.
    url: str
    matches: int
    mine: bool


def _groups() -> list[OpenedGroup]:
    """The groups this phone has opened, for the home page (unknown ids are skipped)."""
    groups: list[OpenedGroup] = []
    for read_id in opened_groups():
        try:
            group = service.group_to_read(read_id)
        except service.NotFound:
            continue
        mine = key_for(group) is not None
        groups.append(
            {
                "name": group.name,
                "url": url_for("groups.show", public_id=group.public_id)
                if mine
                else url_for("groups.read", read_id=read_id),
                "matches": service.group_match_count(group),
                "mine": mine,
            }
        )
    return groups


@bp.get("/")
def index() -> str:
    """The home page: start a match or a group, or go back to one this phone has opened."""
    return render_template(
        "index.html", opened=_opened(), groups=_groups(), club_nights=home_nights()
    )
