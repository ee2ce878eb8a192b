"""What every club-night use case shares (docs/club.md): finding a night, checking the host's
token, the night's form, rotation and standings settings as the rules read them, and its
schedule as stored (its rounds' seats as
:class:`~scorekeeper.rules.club.rotation.plan.RoundPlan`)."""

from __future__ import annotations

import hmac
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa

from ...extensions import db
from ...models import (
    ClubNight,
    ClubPair,
    ClubPlayer,
    ClubRound,
    ClubSeat,
    ClubTable,
    Match,
    utcnow,
)
from ...rules import find_variant
from ...rules.club.rotation import plan as rotation
from ...rules.club.rotation.movements import MovementSettings
from ...rules.club.rotation.plan import Rotation, RoundPlan
from ...rules.games.club_form import ClubForm
from ..outcomes import Conflict, NotFound, Unauthorized
from ..reading import PUBLIC_ID, hash_token

#: The most players of a night (docs/club.md §17).
MAX_PLAYERS = 64


def night_by_id(public_id: str) -> ClubNight:
    """The night whose private id is ``public_id``; :class:`NotFound` if there is none."""
    return _night_by(ClubNight.public_id, public_id)


def night_to_read(read_id: str) -> ClubNight:
    """The night whose read-only id is ``read_id``; :class:`NotFound` if there is none."""
    return _night_by(ClubNight.read_id, read_id)


def _night_by(column: Any, value: str) -> ClubNight:
    if not PUBLIC_ID.fullmatch(value or ""):
        raise NotFound("there is no club night with this id")
    night: ClubNight | None = db.session.scalar(sa.select(ClubNight).where(column == value))
    if night is None:
        raise NotFound("there is no club night with this id")
    return night


def is_host(night: ClubNight, token: str | None) -> bool:
    """Whether ``token`` is the night's host token (compared in constant time)."""
    return bool(token) and hmac.compare_digest(hash_token(token or ""), night.token_hash)


def check_host(night: ClubNight, token: str | None) -> None:
    """Refuse (:class:`Unauthorized`) anything but the night's host token."""
    if not is_host(night, token):
        raise Unauthorized("the club night's private link is needed to change this night")


def check_version(night: ClubNight, version: object) -> None:
    """The optional ``version`` of a night write (docs/club.md §14): :class:`Conflict` unless
    it is the night's."""
    if version is None:
        return
    if isinstance(version, bool) or not isinstance(version, int) or version != night.version:
        raise Conflict(
            "the club night has changed (version {current}, not {given}): reload it and try again",
            current=night.version,
            given=version,
        )


def bump(night: ClubNight) -> None:
    """One more night write (its version rises by one)."""
    night.version += 1
    night.updated_at = utcnow()


def form_of(night: ClubNight) -> ClubForm:
    """The form at the night's tables (docs/club.md §4.1)."""
    table_size = night.settings["rotation"].get("table_size")
    return find_variant(night.variant).club_form(night.options, table_size)


def rotation_of(night: ClubNight) -> Rotation:
    """The night's stored rotation settings."""
    stored = night.settings["rotation"]
    movement = (
        MovementSettings(stored["movement"], stored["avoid"], stored.get("danish_from_round"))
        if stored["scheme"] == rotation.FIXED_PAIRS
        else None
    )
    return Rotation(
        scheme=stored["scheme"],
        rounds=stored["rounds"],
        draw=stored["draw"],
        seed=stored["seed"],
        table_size=stored.get("table_size"),
        movement=movement,
    )


def pairs_of(night: ClubNight) -> list[ClubPair]:
    """The night's fixed pairs by number (none for other schemes)."""
    return list(
        db.session.scalars(
            sa.select(ClubPair).where(ClubPair.club_night_id == night.id).order_by(ClubPair.number)
        )
    )


def pair_members(
    pairs: Sequence[ClubPair], players: Sequence[ClubPlayer]
) -> dict[int, tuple[int, int]]:
    """Pair number -> its two players' numbers (lower first), docs/club.md §4.4."""
    by_pair: dict[int, list[int]] = {}
    for player in players:
        if player.pair_id is not None:
            by_pair.setdefault(player.pair_id, []).append(player.number)
    return {
        pair.number: (found[0], found[1])
        for pair in pairs
        if len(found := sorted(by_pair.get(pair.id, []))) == 2
    }


def night_plan(night: ClubNight, fixed: Sequence[RoundPlan], new: Rotation) -> rotation.Plan:
    """The night's schedule under ``new`` after its ``fixed`` rounds, for its players (and
    pairs)."""
    players = players_of(night)
    members = pair_members(pairs_of(night), players) if new.scheme == rotation.FIXED_PAIRS else {}
    return rotation.plan(form_of(night), new, [p.number for p in players], fixed, pairs=members)


def players_of(night: ClubNight) -> list[ClubPlayer]:
    """The night's players by number."""
    return list(
        db.session.scalars(
            sa.select(ClubPlayer)
            .where(ClubPlayer.club_night_id == night.id)
            .order_by(ClubPlayer.number)
        )
    )


def present_in(players: Sequence[ClubPlayer], number: int) -> tuple[int, ...]:
    """The players present in round ``number`` (docs/club.md §6): joined by then, not left
    before it."""
    return tuple(
        p.number
        for p in players
        if p.joined_round <= number
        and (p.leaves_after_round is None or number <= p.leaves_after_round)
    )


def rounds_of(night: ClubNight) -> list[ClubRound]:
    """The night's rounds by number."""
    return list(
        db.session.scalars(
            sa.select(ClubRound)
            .where(ClubRound.club_night_id == night.id)
            .order_by(ClubRound.number)
        )
    )


def round_of(night: ClubNight, number: object) -> ClubRound:
    """Round ``number`` of the night; :class:`NotFound` if it has none."""
    if isinstance(number, int) and not isinstance(number, bool):
        for found in rounds_of(night):
            if found.number == number:
                return found
    raise NotFound("this club night has no round {number}", number=number)


@dataclass(frozen=True)
class Seating:
    """A round's seats as stored: player numbers by (table, seat) and those sitting out."""

    tables: dict[int, dict[int, int]]
    sitting_out: tuple[int, ...]

    def plan(self) -> RoundPlan:
        """The seating as the rotation rules read a round; a table number with nobody (an
        idle Mitchell table below the last in play, docs/club.md §4.4) is an empty table."""
        last = max(self.tables, default=0)
        tables = tuple(
            tuple(seats[seat] for seat in sorted(seats))
            for seats in (self.tables.get(t, {}) for t in range(1, last + 1))
        )
        return RoundPlan(tables=tables, sitting_out=tuple(sorted(self.sitting_out)))


def seatings(night: ClubNight, rounds: Sequence[ClubRound]) -> dict[int, Seating]:
    """Each round's seating (by round id), read in one statement."""
    rows = db.session.execute(
        sa.select(ClubSeat.round_id, ClubSeat.table_no, ClubSeat.seat, ClubPlayer.number)
        .join(ClubPlayer, ClubPlayer.id == ClubSeat.player_id)
        .where(ClubSeat.round_id.in_([r.id for r in rounds]))
    )
    tables: dict[int, dict[int, dict[int, int]]] = {r.id: {} for r in rounds}
    out: dict[int, list[int]] = {r.id: [] for r in rounds}
    for round_id, table_no, seat, number in rows:
        if table_no is None or seat is None:
            out[round_id].append(number)
        else:
            tables[round_id].setdefault(table_no, {})[seat] = number
    return {rid: Seating(tables[rid], tuple(sorted(out[rid]))) for rid in tables}


def store_seating(night: ClubNight, stored: ClubRound, plan: RoundPlan) -> None:
    """Replace the seats of round ``stored`` by ``plan`` (in the caller's transaction)."""
    seated = [
        (number, index, seat)
        for index, table in enumerate(plan.tables, start=1)
        for seat, number in enumerate(table, start=1)
    ]
    replace_seats(night, stored, seated, plan.sitting_out)


def replace_seats(
    night: ClubNight,
    stored: ClubRound,
    seated: Iterable[tuple[int, int, int]],
    sitting_out: Iterable[int],
) -> None:
    """Replace the seats of round ``stored``: each ``(number, table, seat)`` of ``seated`` at
    its place, each player number of ``sitting_out`` with no place (in the caller's
    transaction)."""
    db.session.execute(sa.delete(ClubSeat).where(ClubSeat.round_id == stored.id))
    by_number = {p.number: p.id for p in players_of(night)}
    now = utcnow()
    places: list[tuple[int, int | None, int | None]] = [*seated]
    places += [(number, None, None) for number in sitting_out]
    for number, table_no, seat in places:
        db.session.add(
            ClubSeat(
                round_id=stored.id,
                player_id=by_number[number],
                table_no=table_no,
                seat=seat,
                created_at=now,
            )
        )


def store_plan(night: ClubNight, plans: Sequence[RoundPlan], first: int = 1) -> None:
    """Store rounds ``first``.. of ``plans`` (index 0 is round 1) in place of the night's
    rounds not started from ``first`` on; planned rounds past the plan's end are dropped."""
    existing = {r.number: r for r in rounds_of(night)}
    for number, found in existing.items():
        if number >= first and number > len(plans):
            if found.status != "planned":
                raise Conflict("round {number} has started: it cannot be dropped", number=number)
            db.session.delete(found)
    db.session.flush()
    now = utcnow()
    for number in range(first, len(plans) + 1):
        stored = existing.get(number)
        if stored is None:
            stored = ClubRound(
                club_night_id=night.id, number=number, status="planned", created_at=now
            )
            db.session.add(stored)
            db.session.flush()
        elif stored.status != "planned":
            continue  # played and in-play rounds never change (docs/club.md §6)
        store_seating(night, stored, plans[number - 1])


def fixed_plans(night: ClubNight) -> list[RoundPlan]:
    """The rounds played and in play, in order: a re-plan keeps them (docs/club.md §6)."""
    rounds = [r for r in rounds_of(night) if r.status != "planned"]
    seats = seatings(night, rounds)
    return [seats[r.id].plan() for r in rounds]


def table_matches(rounds: Sequence[ClubRound]) -> dict[int, dict[int, Match]]:
    """Each round's matches (by round id, then table number), read in one statement."""
    found: dict[int, dict[int, Match]] = {r.id: {} for r in rounds}
    if not rounds:
        return found
    rows = db.session.execute(
        sa.select(ClubTable.round_id, ClubTable.table_no, Match)
        .join(Match, Match.id == ClubTable.match_id)
        .where(ClubTable.round_id.in_([r.id for r in rounds]))
    )
    for round_id, table_no, match in rows:
        found[round_id][table_no] = match
    return found


def design_after(rounds: Sequence[RoundPlan], plan: rotation.Plan) -> str | None:
    """The design the night's schedule follows (null once a round was fixed by hand or the
    plan continued after rounds already fixed)."""
    return plan.balance.design if len(rounds) == 0 else None
