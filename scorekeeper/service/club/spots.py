"""Where a match is played in a club night (docs/club.md §14 ``club_night``, §17): the round
and table of a club match, remembered per process (a hand write's answer asks nothing), and
the night's name for the match page's banner."""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa

from ...extensions import db
from ...models import ClubNight, ClubRound, ClubTable, Match


@dataclass(frozen=True)
class ClubPlace:
    """Where a match is played in a club night (the match page's banner, the API's
    ``club_night``)."""

    read_id: str
    round: int
    table: int
    name: str

    def as_json(self) -> dict[str, Any]:
        """The §14 ``club_night`` field of a match."""
        return {"read_id": self.read_id, "round": self.round, "table": self.table}


@dataclass(frozen=True)
class ClubSpot:
    """A match's round and table in a club night, without the night's name: what never
    changes once the match is made (its :class:`ClubTable` is made with it)."""

    read_id: str
    round: int
    table: int
    night_id: int

    def as_json(self) -> dict[str, Any]:
        """The §14 ``club_night`` field of a match."""
        return {"read_id": self.read_id, "round": self.round, "table": self.table}


#: Per-process memo of each match's club spot (None: not a club match), by (match id, public
#: id): the public id is random, so a memo made on one database never answers for another's
#: match of the same id. Bounded; a match's spot never changes, so nothing is invalidated.
SPOTS: OrderedDict[tuple[int, str], ClubSpot | None] = OrderedDict()
_SPOTS_LOCK = threading.Lock()
SPOTS_KEPT = 8192


def night_row_of(match: Match, *columns: Any) -> Any:
    """``columns`` of the club night, round and table that hold ``match`` (one query), or
    ``None`` for a match outside a night."""
    return db.session.execute(
        sa.select(*columns)
        .select_from(ClubTable)
        .join(ClubRound, ClubRound.id == ClubTable.round_id)
        .join(ClubNight, ClubNight.id == ClubRound.club_night_id)
        .where(ClubTable.match_id == match.id)
    ).first()


def club_spot_of(match: Match) -> ClubSpot | None:
    """The club night, round and table of ``match`` (None outside a club night), asked of the
    database once per match and process: a hand write's answer runs no query for it
    (docs/club.md §17)."""
    key = (match.id, match.public_id)
    with _SPOTS_LOCK:
        if key in SPOTS:
            SPOTS.move_to_end(key)
            return SPOTS[key]
    row = night_row_of(match, ClubNight.read_id, ClubRound.number, ClubTable.table_no, ClubNight.id)
    spot = ClubSpot(row[0], row[1], row[2], row[3]) if row is not None else None
    with _SPOTS_LOCK:
        SPOTS.setdefault(key, spot)
        while len(SPOTS) > SPOTS_KEPT:
            SPOTS.popitem(last=False)
    return spot


def keep_spot(match: Match, spot: ClubSpot) -> None:
    """Remember the spot of a match just made for a round (its first hand's answer then asks
    nothing either). A memo of a round start that is rolled back names a public id that never
    exists: harmless."""
    with _SPOTS_LOCK:
        SPOTS[(match.id, match.public_id)] = spot
        while len(SPOTS) > SPOTS_KEPT:
            SPOTS.popitem(last=False)


def club_of_match(match: Match) -> ClubPlace | None:
    """The club night, round and table of ``match`` with the night's name (which a host may
    change: read each time, by its key), or ``None`` outside a club night."""
    spot = club_spot_of(match)
    if spot is None:
        return None
    name = db.session.scalar(sa.select(ClubNight.name).where(ClubNight.id == spot.night_id))
    return ClubPlace(spot.read_id, spot.round, spot.table, name or "")
