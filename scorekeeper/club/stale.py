"""Printed sheets that a re-plan made out of date (docs/club.md §13; issue 35 point 15).

Each print page that shows the schedule carries its **stamp**: six characters of a hash of
the seating it shows (every round's tables, seats and sit-outs for the chart, the player cards
and the movement cards; round n's for its tally sheets). When the host opens a print page (the
phone holds the host token) the service records the page and its stamp; after a late arrival,
a leaver, a re-plan or a round seated by hand, the schedule's stamp is another, and the host
page lists each page printed before with "Print it again", as the print page itself says when
opened. The stamp is computed from the §14 view on every read: no version to keep in step with
every write that seats."""

from __future__ import annotations

import contextlib
import hashlib
import json
from collections.abc import Mapping, Sequence
from typing import Any

from flask import url_for
from flask_babel import gettext as _

from .. import service
from ..models import ClubNight
from ..web.club_memory import host_token
from .words import seats_of

#: The pages that print the whole schedule (a round's tally sheets are "round-<n>").
WHOLE = ("chart", "players", "movement")


def _seating(item: Mapping[str, Any], *, absent: bool) -> list[Any]:
    tables = sorted(item.get("tables") or [], key=lambda t: int(t.get("table", 0)))
    return [
        int(item.get("number") or 0),
        [[int(t["table"]), seats_of(t)] for t in tables],
        sorted(int(p) for p in item.get("sitting_out") or []),
        sorted(int(p) for p in item.get("absent") or []) if absent else [],
    ]


def stamp_of(
    rounds: Sequence[Mapping[str, Any]], names: Sequence[Any] = (), *, absent: bool = True
) -> str:
    """The stamp of these rounds' seating (and ``names``, the players' names as printed): six
    hexadecimal capitals; ``absent``: who is away counts too (the chart shows it).

    >>> stamp_of([]) == stamp_of([]), stamp_of([]) != stamp_of([{"number": 1, "absent": [3]}])
    (True, True)
    """
    seating = [_seating(item, absent=absent) for item in rounds]
    text = json.dumps([seating, list(names)], separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:6].upper()


def page_stamp(view: Mapping[str, Any], page: str) -> str:
    """The stamp a print page shows: the whole schedule's with every name, or round n's
    tables and sit-outs (``round-<n>``: its tally sheets show no one away)."""
    rounds: list[Mapping[str, Any]] = list(view.get("rounds") or [])
    names = [[p.get("number"), p.get("name")] for p in view.get("players") or []]
    if page.startswith("round-"):
        number = int(page.split("-", 1)[1])
        chosen = [r for r in rounds if int(r.get("number") or 0) == number]
        seated = {p for r in chosen for t in r.get("tables") or [] for p in seats_of(t)}
        return stamp_of(chosen, [n for n in names if n[0] in seated], absent=False)
    return stamp_of(rounds, names)


def _is_host(night: ClubNight) -> str | None:
    token = host_token(night.public_id)
    return token if token is not None and service.is_host(night, token) else None


def stamp_context(night: ClubNight, view: Mapping[str, Any], page: str) -> dict[str, Any]:
    """What a print page says of its stamp: ``stamp`` (printed on the sheet) and
    ``replaces``, the stamp of the copy the host printed before when it is another (its
    sheets are out of date). Opened by the host, the page is recorded as printed now."""
    stamp = page_stamp(view, page)
    before = service.printed_pages(night).get(page)
    token = _is_host(night)
    if token is not None and before != stamp:
        # A record missed only leaves the host page's list as it was.
        with contextlib.suppress(service.NotFound, service.Unauthorized, service.Conflict):
            service.mark_printed(night.public_id, token, page, stamp)
    return {
        "stamp": stamp,
        "replaces": before if before is not None and before != stamp else None,
        "stamp_page": page,
    }


def page_label(page: str) -> str:
    """A print page as the host page names it."""
    if page.startswith("round-"):
        return _("The tally sheets of round %(n)s", n=page.split("-", 1)[1])
    return {
        "chart": _("The rotation chart"),
        "players": _("The player cards"),
        "movement": _("The movement cards"),
    }.get(page, page)


def page_url(night: ClubNight, page: str) -> str:
    """The print page's address (the host's player cards, with their QR codes, for
    ``players``)."""
    if page.startswith("round-"):
        return url_for("club.print_round", read_id=night.read_id, number=int(page[6:]))
    if page == "players":
        return url_for("club.print_players_host", public_id=night.public_id)
    if page == "movement":
        return url_for("club.print_movement", read_id=night.read_id)
    return url_for("club.print_chart", read_id=night.read_id)


def out_of_date(night: ClubNight, view: Mapping[str, Any]) -> list[dict[str, str]]:
    """Each page the host printed whose schedule changed since, for the host page: its name,
    its address, the stamp printed and the stamp now. A round's tally sheets count only
    while the round is not closed (a closed round's sheets are filled in already)."""
    closed = {int(r["number"]) for r in view.get("rounds") or [] if r.get("status") == "closed"}
    found = []
    for page, printed in sorted(service.printed_pages(night).items()):
        if page.startswith("round-"):
            if not page[6:].isdigit() or int(page[6:]) in closed:
                continue
        elif page not in WHOLE:
            continue
        now = page_stamp(view, page)
        if now != printed:
            found.append(
                {
                    "page": page,
                    "label": page_label(page),
                    "url": page_url(night, page),
                    "printed": printed,
                    "now": now,
                }
            )
    return found
