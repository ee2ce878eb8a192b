"""The director's desk on the host page (docs/club.md §7.1, §18; issue 35 points 14, 15): the
closed rounds with their matches, "Correct a hand" and "Enter a missing hand" for each, and the
printed pages a re-plan made out of date.

The host token is a scorer key on every match of the night and the only one left on a closed
round's match, so correcting goes to the match page as the host (``club.score_match``). A
missing hand opens the match for one more hand first (:func:`service.open_for_late_hand`), then
the match page's own hand form takes it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import redirect, url_for
from werkzeug.wrappers import Response as BaseResponse

from .. import service
from ..infra.security import no_store
from ..models import ClubNight
from ..web.club_memory import host_token
from ..web.session import keep_token
from . import bp
from .forms import NightActionForm
from .host_checks import form_version, host_attempt
from .stale import out_of_date


def desk_rounds(page: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The closed rounds, last closed first, each with its tables: number, who sat there, the
    match, how many hands it has."""
    rounds = []
    for item in reversed(page.get("grid") or []):
        if item.get("status") != "closed":
            continue
        tables = []
        for number, table in sorted((item.get("tables") or {}).items()):
            if not table.get("match"):
                continue
            tables.append(
                {
                    "table": number,
                    "cell": (item.get("cells") or {}).get(number, ""),
                    "match": table["match"],
                    "hands": int(table.get("hands") or 0),
                }
            )
        rounds.append({"number": item["number"], "tables": tables})
    return rounds


def desk_context(night: ClubNight, page: Mapping[str, Any]) -> dict[str, Any]:
    """What the host page's desk shows: the closed rounds and the printed pages out of date."""
    return {
        "desk_rounds": desk_rounds(page),
        "stale_prints": out_of_date(night, page.get("view") or {}),
    }


@bp.post("/c/<public_id>/rounds/<int:number>/tables/<int:table>/late")
def late_hand(public_id: str, number: int, table: int) -> BaseResponse:
    """ "Enter a missing hand": the closed round's match takes one more hand, from the host;
    then its page, whose form takes it. A refusal (the match has all its hands) is said on the
    host page."""
    form = NightActionForm()
    done, match = host_attempt(
        public_id,
        form,
        lambda token: service.open_for_late_hand(
            public_id, token, number, table, form_version(form)
        ),
    )
    if not done or match is None:
        return no_store(redirect(url_for("club.host", public_id=public_id, _anchor="desk"), 303))
    token = host_token(public_id)
    if token is not None:
        keep_token(match.public_id, token)
    return no_store(
        redirect(url_for("matches.show", public_id=match.public_id, _anchor="next-hand"), 303)
    )


__all__ = ["desk_context", "desk_rounds", "late_hand"]
