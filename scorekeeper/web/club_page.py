"""The club night's part of the match page (docs/club.md §7.2, §7.3): the banner of a club
match, "Club night *name* · Round 3 · Table 2", its links to the standings and to "this
table's next match", and where the match stands against its round's end ("Hand 6 of 8").
A template global (:mod:`scorekeeper.web.template_globals` registers it): the match page is
the matches blueprint's, the club's words are here, below both."""

from __future__ import annotations

from typing import Any

from flask import request, url_for
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
    finished = False
    try:
        night = service.night_to_read(read_id)
        finished = night.status == "finished"
        now = service.table_now(night, table_no).as_json()
    except service.NotFound:
        now = {}
    key = role_key(read_id, "table", table_no)
    if (
        now.get("match")
        and now.get("match") != match.public_id
        and (now.get("round") or 0) > (round_no or 0)
    ):
        # A phone with the table's key goes by the table page, which keeps the key as the
        # next match's token; any other straight to the match.
        next_url = (
            url_for("club.table", read_id=read_id, number=table_no)
            if key
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
        "closed": closed_words(round_no, now, finished, key is not None),
        # The table's phone follows the night (static/club_live.js): to the table's next match
        # when its round starts, a reload when this round closes (docs/club.md §7.3).
        "live": _follow(read_id, table_no, round_no, now) if key else None,
    }


def closed_words(round_no: int, now: dict[str, Any], finished: bool, mine: bool) -> str | None:
    """What a match of a closed round says of its round and of what comes next; None while
    its round is in play. ``now``: the table in the night's current round (``table_now``)."""
    current, status = now.get("round"), now.get("status")
    if current is None or not (current > round_no or status == "closed"):
        return None
    closed = _("Round %(n)s is closed: its hands are final (the host corrects them).", n=round_no)
    if finished:
        then = _("The night is over.")
    elif current > round_no and status == "playing":
        then = _("Round %(n)s is in play.", n=current)
    elif current > round_no and mine:
        then = _(
            "Round %(n)s starts soon: this phone goes to the table's next match by itself.",
            n=current,
        )
    elif current > round_no:
        then = _("Round %(n)s starts soon", n=current) + "."
    else:
        then = _("No round is planned.")
    return f"{closed} {then}"


def closed_round_words(match: Any) -> str | None:
    """:func:`closed_words` for a club match whose round is closed (the scoring key it was
    scored with stopped working with the close, not because another phone took it over),
    else None."""
    place = service.club_of_match(match)
    if place is None:
        return None
    try:
        night = service.night_to_read(place.read_id)
    except service.NotFound:
        return None
    now = service.table_now(night, place.table).as_json()
    mine = role_key(place.read_id, "table", place.table) is not None
    return closed_words(place.round, now, night.status == "finished", mine)


def _follow(read_id: str, table_no: int, round_no: int, now: dict[str, Any]) -> dict[str, Any]:
    root = request.script_root
    return {
        "events": url_for("club.events", read_id=read_id),
        "poll": f"{root}/api/v1/club-nights/{read_id}/standings",
        "table": f"{root}/api/v1/club-nights/{read_id}/tables/{table_no}",
        "state": f"{now.get('round')}.{now.get('status')}.{now.get('match') or ''}",
        "round": round_no,
        "go": url_for("club.table", read_id=read_id, number=table_no),
    }
