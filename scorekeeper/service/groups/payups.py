"""Nights a group marked paid up (issue 26; docs/groups.md "Paid up"): the settle-up of the
group's money counts the nights after the latest night marked. A mark is a write with the
group's token (:func:`scorekeeper.service.groups.roster.group_write`: locked, one transaction);
taking it back deletes it, so the mark before it counts again."""

from __future__ import annotations

from datetime import date

import sqlalchemy as sa

from ...extensions import db
from ...models import Group, GroupMatch, GroupPayUp, Match, utcnow
from ...rules import RuleError
from .roster import group_write, night_of


def paid_nights(group: Group) -> list[date]:
    """The nights this group marked paid up, the latest last."""
    return list(
        db.session.scalars(
            sa.select(GroupPayUp.night)
            .where(GroupPayUp.group_id == group.id)
            .order_by(GroupPayUp.night)
        )
    )


def paid_through(group: Group) -> date | None:
    """The latest night marked paid up (``None``: none is)."""
    nights = paid_nights(group)
    return nights[-1] if nights else None


def mark_paid(public_id: str, token: str | None, night: object) -> list[date]:
    """Mark ``night`` (an ISO date the group played a match on) paid up, with every night
    before it; the nights marked, after. Marking a night marked already changes nothing."""

    def change(group: Group) -> list[date]:
        day = _played_night(group, night)
        if day not in paid_nights(group):
            db.session.add(GroupPayUp(group_id=group.id, night=day, marked_at=utcnow()))
            db.session.flush()
        return paid_nights(group)

    return group_write(public_id, token, change)


def unmark_paid(public_id: str, token: str | None, night: object) -> list[date]:
    """Take back the mark of ``night`` (refused at ``night`` when it is not marked); the
    nights marked, after."""

    def change(group: Group) -> list[date]:
        day = _iso_night(night)
        mark = db.session.scalar(
            sa.select(GroupPayUp).where(GroupPayUp.group_id == group.id, GroupPayUp.night == day)
        )
        if mark is None:
            raise RuleError(
                "night", "{night} is not marked paid up", code="not_paid", night=day.isoformat()
            )
        db.session.delete(mark)
        db.session.flush()
        return paid_nights(group)

    return group_write(public_id, token, change)


def _iso_night(night: object) -> date:
    """``night`` as a date (an ISO date: ``2026-11-30``), else refused at ``night``."""
    if isinstance(night, str) and len(night) == 10:
        try:
            return date.fromisoformat(night)
        except ValueError:
            pass
    raise RuleError("night", "a night is a date such as 2026-11-30", code="bad_night")


def _played_night(group: Group, night: object) -> date:
    """``night`` as a date, refused at ``night`` unless the group played a match that night."""
    day = _iso_night(night)
    started = db.session.scalars(
        sa.select(Match.created_at)
        .join(GroupMatch, GroupMatch.match_id == Match.id)
        .where(GroupMatch.group_id == group.id)
    )
    if not any(night_of(moment) == day for moment in started):
        raise RuleError(
            "night", "the group played no match on {night}", code="no_night", night=day.isoformat()
        )
    return day
