"""A club night's adjustments (docs/club.md §9.5): a signed value for a player (in fixed
pairs, for a pair), for a round or the night, in the formula's unit, with a note of up to 80
characters. Each write is one night write; the standings read them through
:func:`standings_adjustments` (a pair's counts for both its players, so its row has it once)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

import sqlalchemy as sa

from ...extensions import db
from ...models import ClubAdjustment, ClubNight, ClubPair, ClubPlayer, utcnow
from ...rules import RuleError
from ...rules.club.rotation import plan as rotation
from ...rules.club.standings import ranking as standings
from ...rules.core.readers import MAX_INT, as_decimal, as_object, check_keys, unstorable
from ..outcomes import NotFound
from .common import form_of, players_of, rounds_of
from .setup import night_write

#: The most adjustments a night holds (docs/club.md §17).
MAX_ADJUSTMENTS = 200
NOTE_LENGTH = 80


@dataclass(frozen=True)
class AdjustmentView:
    """One adjustment as the API shows it."""

    id: int
    player: int | None
    round: int | None
    value: str
    note: str
    #: The fixed pair it was given to (``player`` then null).
    pair: int | None = None

    def as_json(self) -> dict[str, Any]:
        """``{"id", "player", "pair", "round", "value", "note"}``."""
        return {
            "id": self.id,
            "player": self.player,
            "pair": self.pair,
            "round": self.round,
            "value": self.value,
            "note": self.note,
        }


def _value(night: ClubNight, given: object) -> Decimal:
    """The value in the formula's unit: whole points or units; halves for wins and VP."""
    rules = standings.read_standings_rules(form_of(night), night.settings["standings"])
    if isinstance(given, bool) or not isinstance(given, str | int):
        raise RuleError("value", "must be a number", code="not_number")
    # Bounded in digits before Decimal reads it (issue 37: ``%`` of 41 digits raised).
    value = as_decimal(given, "value", numbers=True)
    step = Decimal("0.5") if rules.formula in ("wins", "vp") else Decimal(1)
    if abs(value) > 10**6 or value % step != 0:
        raise RuleError(
            "value",
            "must be a multiple of {step} in this night's standings",
            code="unit",
            step=str(step),
        )
    return value


def _pairs_of(night: ClubNight) -> dict[int, int]:
    """The night's fixed pairs: number -> row id (none outside fixed pairs)."""
    return {
        number: pid
        for number, pid in db.session.execute(
            sa.select(ClubPair.number, ClubPair.id).where(ClubPair.club_night_id == night.id)
        )
    }


def _fixed_pairs(night: ClubNight) -> bool:
    return bool(night.settings["rotation"].get("scheme") == rotation.FIXED_PAIRS)


def _whole_number(given: object) -> bool:
    return isinstance(given, int) and not isinstance(given, bool)


def _read_note(given: object) -> str:
    """The note: text of up to 80 characters, none of the name rules' refused characters."""
    if given is None:
        return ""
    if not isinstance(given, str):
        raise RuleError("note", "must be text", code="not_text")
    if len(given) > NOTE_LENGTH:
        raise RuleError("note", "has at most {most} characters", code="too_long", most=NOTE_LENGTH)
    if unstorable(given) is not None or not given.isprintable():
        raise RuleError("note", "may not hold this character", code="bad_character")
    return given


def add_adjustment(public_id: str, token: str | None, body: Mapping[str, Any]) -> AdjustmentView:
    """Add an adjustment (``POST …/adjustments``, docs/club.md §9.5): ``player`` (on a
    fixed-pairs night ``pair``: a player is refused there, code ``give_pair``), ``round``
    (null: the night), ``value``, ``note``; 422 at ``player``, ``pair``, ``round``, ``value``,
    ``note``; at most 200 a night (§17)."""
    given = as_object(body, "_")
    check_keys(given, ("player", "pair", "round", "value", "note", "version"), required=("value",))
    made: list[AdjustmentView] = []

    def change(night: ClubNight) -> None:
        by_number = {p.number: p.id for p in players_of(night)}
        pairs = _pairs_of(night)
        player, pair = given.get("player"), given.get("pair")
        if pair is not None:
            if player is not None:
                raise RuleError("pair", "give a player or a pair, not both", code="both")
            if not _whole_number(pair) or pair not in pairs:
                raise RuleError("pair", "is not a pair of this night", code="no_pair")
        elif _fixed_pairs(night):
            # A pair's standing is its two players' together: an adjustment for one partner
            # alone would leave the pair's row at the other's value (issue 35, point 1).
            if player is None:
                raise RuleError("pair", "is not a pair of this night", code="no_pair")
            raise RuleError(
                "player", "on a night of fixed pairs, give the pair's number", code="give_pair"
            )
        elif not _whole_number(player) or player not in by_number:
            raise RuleError("player", "is not a player of this night", code="no_player")
        round_no = given.get("round")
        known = {r.number for r in rounds_of(night)}
        if round_no is not None and (not _whole_number(round_no) or round_no not in known):
            raise RuleError("round", "is not a round of this night", code="no_round")
        value = _value(night, given.get("value"))
        note = _read_note(given.get("note"))
        count = db.session.scalar(
            sa.select(sa.func.count()).where(ClubAdjustment.club_night_id == night.id)
        )
        if (count or 0) >= MAX_ADJUSTMENTS:
            raise RuleError(
                "_", "a night has at most {most} adjustments", code="too_many", most=MAX_ADJUSTMENTS
            )
        row = ClubAdjustment(
            club_night_id=night.id,
            player_id=by_number[player] if pair is None and isinstance(player, int) else None,
            pair_id=pairs[pair] if pair is not None else None,
            round_no=round_no,
            # A decimal string with the fewest places (docs/club.md §14): "-20", never "-2E+1".
            value=standings.figure(value),
            note=note,
            created_at=utcnow(),
        )
        db.session.add(row)
        db.session.flush()
        made.append(
            AdjustmentView(
                row.id, player if pair is None else None, row.round_no, row.value, row.note, pair
            )
        )

    night_write(public_id, token, given.get("version"), change)
    return made[0]


def standings_adjustments(
    players: Sequence[ClubPlayer], rows: Sequence[ClubAdjustment]
) -> list[standings.Adjustment]:
    """The adjustments as the standings rules take them, by player number: a pair's is given
    to each of its players (partners stay level, so the pair's row has it once). One stored
    for a player of a pair (before fixed-pairs nights took only pairs) counts for his pair."""
    numbers = {p.id: p.number for p in players}
    pair_of = {p.id: p.pair_id for p in players}
    members: dict[int, list[int]] = {}
    for p in players:
        if p.pair_id is not None:
            members.setdefault(p.pair_id, []).append(p.number)
    found: list[standings.Adjustment] = []
    for a in rows:
        pair_id = a.pair_id if a.player_id is None else pair_of.get(a.player_id)
        if pair_id is not None and pair_id in members:
            targets = members[pair_id]
        else:
            targets = [numbers[a.player_id]] if a.player_id in numbers else []
        found += [
            standings.Adjustment(player=n, round=a.round_no, value=Decimal(a.value), note=a.note)
            for n in targets
        ]
    return found


def night_adjustments(
    players: Sequence[ClubPlayer], rows: Sequence[ClubAdjustment]
) -> list[AdjustmentView]:
    """The night's adjustments as pages show them (docs/club.md §9.5), oldest first: each
    with its player's number, or its pair's (a pair's shown once, for the pair)."""
    numbers = {p.id: p.number for p in players}
    pair_numbers = {
        pid: number
        for pid, number in db.session.execute(
            sa.select(ClubPair.id, ClubPair.number).where(
                ClubPair.id.in_({p.pair_id for p in players if p.pair_id is not None})
            )
        )
    }
    return [
        AdjustmentView(
            a.id,
            numbers.get(a.player_id) if a.player_id is not None else None,
            a.round_no,
            a.value,
            a.note,
            pair_numbers.get(a.pair_id) if a.pair_id is not None else None,
        )
        for a in rows
    ]


def delete_adjustment(public_id: str, token: str | None, aid: object) -> None:
    """Delete adjustment ``aid``; :class:`NotFound` when the night has none of that id."""

    def change(night: ClubNight) -> None:
        found = (
            db.session.get(ClubAdjustment, aid)
            # An id past any column is none of the night's (the query would fail on it).
            if isinstance(aid, int) and not isinstance(aid, bool) and 1 <= aid <= MAX_INT
            else None
        )
        if found is None or found.club_night_id != night.id:
            raise NotFound("this club night has no adjustment {aid}", aid=aid)
        db.session.delete(found)

    night_write(public_id, token, None, change)
