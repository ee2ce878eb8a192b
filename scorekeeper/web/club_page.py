"""The club night's part of the match page (docs/club.md §7.2, §7.3): the banner of a club
match, "Club night *name* · Round 3 · Table 2", its links to the standings and to "this
table's next match", and where the match stands against its round's end ("Hand 6 of 8").
A template global (:mod:`scorekeeper.web.template_globals` registers it): the match page is
the matches blueprint's, the club's words are here, below both."""

from __future__ import annotations

from typing import Any

from flask import url_for
from flask_babel import gettext as _

from .. import service
from .club_memory import role_key


def club_banner(match: Any) -> dict[str, Any] | None:
    """What the page of a club match says above it (docs/club.md §7.3): "Club night *name* ·
    Round 3 · Table 2", the standings' link, "this table's next match" once the next round
    started, and "Hand 6 of 8" and the like (§7.2). ``None`` outside a club night."""
    place = service.club_of_match(match)
    if place is None:
        return None
    read_id, round_no, table_no = place.read_id, place.round, place.table
    next_url = None
    try:
        now = service.table_now(service.night_to_read(read_id), table_no).as_json()
    except service.NotFound:
        now = {}
    if (
        now.get("match")
        and now.get("match") != match.public_id
        and (now.get("round") or 0) > (round_no or 0)
    ):
        # A phone with the table's key goes by the table page, which keeps the key as the
        # next match's token; any other straight to the match.
        next_url = (
            url_for("club.table", read_id=read_id, number=table_no)
            if role_key(read_id, "table", table_no)
            else url_for("matches.show", public_id=now["match"])
        )
    limit = service.match_limit_view(match)
    words = limit.words
    limit_text = None
    if limit.over:
        limit_text = _("This round's match is over.")
    elif words:
        key, params = words
        if key == "hand_of":
            limit_text = _("Hand %(hand)s of %(of)s", hand=params.get("hand"), of=params.get("of"))
        elif key == "tie_break":
            limit_text = _("One more hand to break the tie")
        elif key == "last_hand":
            limit_text = _("Time: this is the last hand")
    return {
        "name": place.name,
        "round": round_no,
        "table": table_no,
        "standings": url_for("club.room", read_id=read_id),
        "next": next_url,
        "limit": limit_text,
    }
