"""A club night's adjustments (docs/club.md §9.5, stored and listed in part one): a signed
value for a player, for a round or the night, with a note. Each write is one night write."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Any

import sqlalchemy as sa

from ..extensions import db
from ..models import ClubAdjustment, ClubNight, utcnow
from ..rules import RuleError, standings
from ..rules.entry import as_object, check_keys, unstorable
from .club_common import form_of, players_of, rounds_of
from .club_setup import night_write
from .outcomes import NotFound

#: The most adjustments a night holds (docs/club.md §17).
MAX_ADJUSTMENTS = 200
NOTE_LENGTH = 80


@dataclass(frozen=True)
class AdjustmentView:
    """One adjustment as the API shows it."""

    id: int
    player: int
    round: int | None
    value: str
    note: str

    def as_json(self) -> dict[str, Any]:
        """``{"id", "player", "round", "value", "note"}``."""
        return {
            "id": self.id,
            "player": self.player,
            "round": self.round,
            "value": self.value,
            "note": self.note,
        }


def _value(night: ClubNight, given: object) -> Decimal:
    """The value in the formula's unit: whole points or units; halves for wins and VP."""
    rules = standings.read_standings_rules(form_of(night), night.settings["standings"])
    try:
        if isinstance(given, bool) or not isinstance(given, str | int):
            raise InvalidOperation
        value = Decimal(str(given))
    except InvalidOperation:
        raise RuleError("value", "must be a number", code="not_number") from None
    step = Decimal("0.5") if rules.formula in ("wins", "vp") else Decimal(1)
    if not value.is_finite() or value % step != 0 or abs(value) > 10**6:
        raise RuleError(
            "value",
            "must be a multiple of {step} in this night's standings",
            code="unit",
            step=str(step),
        )
    return value


def add_adjustment(public_id: str, token: str | None, body: Mapping[str, Any]) -> AdjustmentView:
    """Add an adjustment (``POST …/adjustments``): 422 at ``player``, ``round``, ``value``,
    ``note``."""
    given = as_object(body, "_")
    check_keys(given, ("player", "round", "value", "note", "version"), required=("player", "value"))
    made: list[ClubAdjustment] = []
    numbers: dict[int, int] = {}

    def change(night: ClubNight) -> None:
        by_number = {p.number: p.id for p in players_of(night)}
        player = given.get("player")
        if isinstance(player, bool) or player not in by_number:
            raise RuleError("player", "is not a player of this night", code="no_player")
        round_no = given.get("round")
        known = {r.number for r in rounds_of(night)}
        if round_no is not None and (isinstance(round_no, bool) or round_no not in known):
            raise RuleError("round", "is not a round of this night", code="no_round")
        value = _value(night, given.get("value"))
        note = given.get("note") or ""
        if note:
            if not isinstance(note, str) or len(note) > NOTE_LENGTH:
                raise RuleError(
                    "note", "has at most {most} characters", code="too_long", most=NOTE_LENGTH
                )
            if unstorable(note) is not None or not note.isprintable():
                raise RuleError("note", "may not hold this character", code="bad_character")
        count = db.session.scalar(
            sa.select(sa.func.count()).where(ClubAdjustment.club_night_id == night.id)
        )
        if (count or 0) >= MAX_ADJUSTMENTS:
            raise RuleError(
                "_", "a night has at most {most} adjustments", code="too_many", most=MAX_ADJUSTMENTS
            )
        row = ClubAdjustment(
            club_night_id=night.id,
            player_id=by_number[player],
            round_no=round_no,
            # A decimal string with the fewest places (docs/club.md §14): "-20", never "-2E+1".
            value=standings.figure(value),
            note=note,
            created_at=utcnow(),
        )
        db.session.add(row)
        db.session.flush()
        made.append(row)
        numbers[row.id] = player

    night_write(public_id, token, given.get("version"), change)
    row = made[0]
    return AdjustmentView(row.id, numbers[row.id], row.round_no, row.value, row.note)


def delete_adjustment(public_id: str, token: str | None, aid: object) -> None:
    """Delete adjustment ``aid``; :class:`NotFound` when the night has none of that id."""

    def change(night: ClubNight) -> None:
        found = (
            db.session.get(ClubAdjustment, aid)
            if isinstance(aid, int) and not isinstance(aid, bool)
            else None
        )
        if found is None or found.club_night_id != night.id:
            raise NotFound("this club night has no adjustment {aid}", aid=aid)
        db.session.delete(found)

    night_write(public_id, token, None, change)
