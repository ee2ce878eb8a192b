"""Reading a club night (docs/club.md §9.7, §14): the night as ``GET`` shows it, the standings'
ETag, a table's round, the club place of a match, the nights a phone opened (the standings
themselves: :mod:`scorekeeper.service.club.standings`). Nothing here writes."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.orm import aliased

from ...extensions import db
from ...models import (
    ClubNight,
    ClubPlayer,
    ClubRound,
    ClubSeat,
    ClubTable,
    Group,
    Match,
    as_utc,
)
from ...rules.club.rotation import plan as rotation
from ...rules.club.rotation.plan import Balance
from ..reading import PUBLIC_ID
from .common import (
    form_of,
    pair_members,
    pairs_of,
    players_of,
    rotation_of,
    rounds_of,
    seatings,
    table_matches,
)
from .spots import SPOTS, SPOTS_KEPT, ClubPlace, ClubSpot, club_of_match, club_spot_of, keep_spot
from .standings import figures_of


def _iso(moment: datetime | None) -> str | None:
    return as_utc(moment).isoformat() if moment is not None else None


@dataclass(frozen=True)
class NightView:
    """Everything ``GET /api/v1/club-nights/<read_id>`` shows (docs/club.md §14)."""

    night: ClubNight
    players: tuple[ClubPlayer, ...]
    rounds: tuple[dict[str, Any], ...]
    balance: Balance
    current_round: int | None
    group_read_id: str | None
    #: Fixed pairs (§14 ``pairs``): ``{"number", "name", "players"}`` by number; else empty.
    pairs: tuple[dict[str, Any], ...] = ()

    def pair_of(self) -> dict[int, int]:
        """Player number -> pair number (fixed pairs)."""
        return {x: pair["number"] for pair in self.pairs for x in pair["players"]}

    def as_json(self) -> dict[str, Any]:
        """The §14 night."""
        night, settings = self.night, self.night.settings
        return {
            "read_id": night.read_id,
            "name": night.name,
            "status": night.status,
            "version": night.version,
            "variant": night.variant,
            "rules": night.options,
            "group": {"read_id": self.group_read_id} if self.group_read_id else None,
            "rotation": settings["rotation"],
            "round": settings["round"],
            "standings_rules": settings["standings"],
            "awards": settings.get("awards", []),
            "purse": settings.get("purse"),
            "scoring": settings.get("scoring", "tables"),
            "players": [_player_json(p, self.pair_of().get(p.number)) for p in self.players],
            "pairs": [dict(pair) for pair in self.pairs],
            "current_round": self.current_round,
            "rounds": list(self.rounds),
            "balance": self.balance.as_json(),
            "created_at": _iso(night.created_at),
            "updated_at": _iso(night.updated_at),
        }


def _player_json(player: ClubPlayer, pair: int | None) -> dict[str, Any]:
    return {
        "number": player.number,
        "name": player.name,
        "pair": pair,
        "joined_round": player.joined_round,
        "leaves_after_round": player.leaves_after_round,
        "roster_player": player.group_player_id,
    }


def night_view(night: ClubNight) -> NightView:
    """The night as §14's ``GET`` shows it: settings, players, every round with its tables,
    seats, match, hands and whether it is over, the balance of its schedule."""
    players = tuple(players_of(night))
    rounds = rounds_of(night)
    seats = seatings(night, rounds)
    matches = table_matches(rounds)
    units = form_of(night).units
    subs = substitutes_of(rounds)
    shown: list[dict[str, Any]] = []
    for stored in rounds:
        seating = seats[stored.id]
        tables = []
        for table_no, by_seat in sorted(seating.tables.items()):
            match = matches[stored.id].get(table_no)
            figures = figures_of(match, units) if match is not None else None
            tables.append(
                {
                    "table": table_no,
                    "seats": [{"seat": s, "player": by_seat[s]} for s in sorted(by_seat)],
                    "substitutes": subs[stored.id].get(table_no, []),
                    "match": match.public_id if match is not None else None,
                    "hands": figures.hands if figures is not None else 0,
                    "over": figures.over if figures is not None else False,
                }
            )
        shown.append(
            {
                "number": stored.number,
                "status": stored.status,
                "started_at": _iso(stored.started_at),
                "time_called_at": _iso(stored.time_called_at),
                "closed_at": _iso(stored.closed_at),
                "tables": tables,
                "sitting_out": list(seating.sitting_out),
                # Not present for this round: joined later or left (docs/club.md §6, §14);
                # a round not drawn yet lists only those, not everyone it has no seat for.
                "absent": sorted(
                    p.number
                    for p in players
                    if p.joined_round > stored.number
                    or (p.leaves_after_round is not None and p.leaves_after_round < stored.number)
                ),
            }
        )
    plans = [seats[r.id].plan() for r in rounds]
    design = night.settings["rotation"].get("design")
    pairs = pairs_of(night)
    members = pair_members(pairs, players)
    if night.settings["rotation"]["scheme"] == rotation.FIXED_PAIRS:
        balance = rotation.pairs_balance_of(plans, members, design)
    else:
        # A drawn round not drawn yet (progressive, §4.6) has no seats: not counted.
        balance = rotation.balance_of(
            form_of(night),
            [p for p in plans if p.tables] if rounds_drawn(night) else plans,
            [p.number for p in players],
            design,
        )
    shown_pairs = tuple(
        {"number": pair.number, "name": pair.name, "players": list(members.get(pair.number, ()))}
        for pair in pairs
    )
    return NightView(
        night,
        players,
        tuple(shown),
        balance,
        _current_round(rounds),
        _group_read_id(night),
        shown_pairs,
    )


def rounds_drawn(night: ClubNight) -> bool:
    """Whether the night draws rounds as it goes (progressive or Danish, docs/club.md §4.6)."""
    return rotation_of(night).draws_rounds()


def substitutes_of(rounds: Sequence[ClubRound]) -> dict[int, dict[int, list[dict[str, int]]]]:
    """Each round's substitutes (by round id, then table): ``[{"seat", "player", "for"}]``,
    for the night's view (docs/club.md §14 ``tables[].substitutes``, "Ivy (for Eve)")."""
    found: dict[int, dict[int, list[dict[str, int]]]] = {r.id: {} for r in rounds}
    if not rounds:
        return found
    sub = aliased(ClubPlayer)
    gone = aliased(ClubPlayer)
    rows = db.session.execute(
        sa.select(ClubSeat.round_id, ClubSeat.table_no, ClubSeat.seat, sub.number, gone.number)
        .join(sub, sub.id == ClubSeat.player_id)
        .join(gone, gone.id == ClubSeat.stands_for_id)
        .where(ClubSeat.round_id.in_([r.id for r in rounds]))
        .order_by(ClubSeat.table_no, ClubSeat.seat)
    )
    for round_id, table_no, seat, number, stood_for in rows:
        if table_no is None or seat is None:
            continue  # a substitute always takes a seat: a stray row is shown nowhere
        found[round_id].setdefault(table_no, []).append(
            {"seat": seat, "player": number, "for": stood_for}
        )
    return found


def _current_round(rounds: Sequence[ClubRound]) -> int | None:
    """The round in play, else the next planned one, else the last."""
    for status in ("playing", "planned"):
        for stored in rounds:
            if stored.status == status:
                return stored.number
    return rounds[-1].number if rounds else None


def _group_read_id(night: ClubNight) -> str | None:
    if night.group_id is None:
        return None
    found: str | None = db.session.scalar(
        sa.select(Group.read_id).where(Group.id == night.group_id)
    )
    return found


def night_etag(night: ClubNight) -> str:
    """The standings' (and the night's) weak ETag (docs/club.md §9.7): ``W/"<night version>.
    <sum of the night's match versions>.<number of its matches>"``, one aggregate SELECT."""
    total, count = db.session.execute(
        sa.select(sa.func.coalesce(sa.func.sum(Match.version), 0), sa.func.count(Match.id))
        .select_from(ClubTable)
        .join(ClubRound, ClubRound.id == ClubTable.round_id)
        .join(Match, Match.id == ClubTable.match_id)
        .where(ClubRound.club_night_id == night.id)
    ).one()
    return f'W/"{night.version}.{int(total)}.{int(count)}"'


@dataclass(frozen=True)
class TableNow:
    """What a table phone polls between rounds (``GET …/tables/<n>``)."""

    table: int
    round: int | None
    status: str | None
    match: str | None
    seats: tuple[tuple[int, int], ...]

    def as_json(self) -> dict[str, Any]:
        """The §14 answer."""
        return {
            "table": self.table,
            "round": self.round,
            "status": self.status,
            "match": self.match,
            "seats": [{"seat": s, "player": p} for s, p in self.seats],
        }


def table_now(night: ClubNight, table: int) -> TableNow:
    """Table ``table`` in the round in play (else the next planned round, else the last)."""
    rounds = rounds_of(night)
    number = _current_round(rounds)
    stored = next((r for r in rounds if r.number == number), None)
    if stored is None:
        return TableNow(table, None, None, None, ())
    by_seat = seatings(night, [stored])[stored.id].tables.get(table, {})
    match = table_matches([stored])[stored.id].get(table)
    return TableNow(
        table,
        stored.number,
        stored.status,
        match.public_id if match is not None else None,
        tuple((s, by_seat[s]) for s in sorted(by_seat)),
    )


def club_nights_by(ids: Sequence[str]) -> list[ClubNight]:
    """The nights these private or read-only ids name (the home page's list), by name."""
    wanted = [i for i in ids if isinstance(i, str) and PUBLIC_ID.fullmatch(i)]
    if not wanted:
        return []
    return list(
        db.session.scalars(
            sa.select(ClubNight)
            .where(sa.or_(ClubNight.public_id.in_(wanted), ClubNight.read_id.in_(wanted)))
            .order_by(ClubNight.created_at.desc(), ClubNight.id)
        )
    )


__all__ = [
    "SPOTS",
    "SPOTS_KEPT",
    "ClubPlace",
    "ClubSpot",
    "club_of_match",
    "club_spot_of",
    "keep_spot",
]
