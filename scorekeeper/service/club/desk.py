"""The director's desk (docs/club.md §7.1, §13; issue 35 points 14, 15): a missing hand entered
in a closed round's match, and the print pages the host printed.

A closed round's match is ended by the close (§7.2 rule 5: ``finished``). A table that forgot
to enter a hand tells the host, who opens the match for exactly one more hand: ``finished``
comes off and time is called at the hands stored (rule 3: "time was called with h hands
stored, and it has h + 1"), so the match takes that one hand from the host (the only key left
on a closed round's match) and is over again by itself. Nothing else changes: a match its rules
ended, or one that has its hand limit's hands, takes no more (409).

What was printed: each print page the host opened and the schedule's stamp it showed then
(``club_nights.printed``); a page whose stamp is no longer the schedule's is out of date (§13).
Recording it is a write of its own that moves no version: a page open on the host's phone
keeps working."""

from __future__ import annotations

import re

from ...models import ClubNight, Match, utcnow
from ...rules import FINISHED
from ...rules.club.limit import club_limit
from ..outcomes import Conflict, NotFound
from ..replaying import hand_count, state_of
from ..writing import UnitOfWork, lock_club_night, lock_match
from .common import check_host, round_of, table_matches
from .limits import side_totals
from .setup import night_write

#: A print page's key: the chart, the player cards, the movement cards, a round's tally sheets.
PAGE = re.compile(r"(chart|players|movement|round-[0-9]{1,2})")
#: A schedule's stamp (the print pages' "Schedule 3FA2C1").
STAMP = re.compile(r"[0-9A-F]{6,16}")


def open_for_late_hand(
    public_id: str, token: str | None, number: int, table: int, version: object = None
) -> Match:
    """Open round ``number``'s match at ``table`` for one missing hand (module doc); the match.
    404: no such round or table; 409: the round is not closed, or the match takes no more
    hands (its rules ended it, or it has its hand limit's hands). Opened already and its hand
    not entered yet: the match, nothing changed."""
    found: list[Match] = []

    def change(night: ClubNight) -> None:
        stored = round_of(night, number)
        if stored.status != "closed":
            raise Conflict("round {number} is not closed: its table enters the hand", number=number)
        match = table_matches([stored])[stored.id].get(table)
        if match is None:
            raise NotFound("round {number} has no table {table}", number=number, table=table)
        match = lock_match(match.public_id)
        hands = hand_count(match)
        if not match.finished:
            if state_of(match).status != FINISHED and match.time_hands == hands:
                found.append(match)  # opened already, its hand not entered yet
                return
            # The close ends every match not over with ``finished``; one it left alone was
            # ended by its rules (a target reached), and its rules say no more hands.
            raise Conflict("the match is over by its rules: correct a hand instead")
        # The §7.2 end once opened, read from the totals alone (the replay at this version is
        # the one the close ended: asking it again would keep that ending).
        opened = club_limit(
            side_totals(state_of(match)),
            hand_limit=match.hand_limit,
            extra_on_tie=match.extra_on_tie,
            time_hands=hands,
            finished=False,
        )
        if opened.over:
            raise Conflict("the match has all its hands: correct a hand instead")
        match.finished = False
        match.time_hands = hands
        match.version += 1
        match.updated_at = utcnow()
        found.append(match)

    night_write(public_id, token, version, change)
    return found[0]


def printed_pages(night: ClubNight) -> dict[str, str]:
    """Each print page the host printed and the stamp it showed (§13)."""
    return {str(k): str(v) for k, v in (night.printed or {}).items()}


def mark_printed(public_id: str, token: str | None, page: str, stamp: str) -> None:
    """Record that the host printed ``page`` at schedule ``stamp``: one write, no version
    moved; nothing when it is recorded already. 422 for a page or stamp that is none."""
    if not PAGE.fullmatch(page) or not STAMP.fullmatch(stamp):
        raise NotFound("there is no such print page")
    with UnitOfWork() as uow:
        night = lock_club_night(public_id)
        check_host(night, token)
        printed = dict(night.printed or {})
        if printed.get(page) == stamp:
            return
        printed[page] = stamp
        night.printed = printed  # a new dict: the JSON column sees the change
        uow.commit()
