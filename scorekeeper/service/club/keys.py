"""A club night's card keys (docs/club.md §8, §14 "Keys"): a table's (or player's) code
exchanged for a key, a scorer key on that card's match in the round in play, and the keys a
card holds, bounded (:data:`MAX_KEYS_PER_CARD`: the oldest go, with their scorer keys and the
links made through them). Each write is one transaction (:class:`.writing.UnitOfWork`) on the
night read locked."""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa

from ...extensions import db
from ...models import (
    ClubCode,
    ClubKey,
    ClubNight,
    ClubRound,
    ClubTable,
    JoinCode,
    Match,
    ScorerKey,
    utcnow,
)
from ...rules.core.readers import as_int, unstorable
from ..outcomes import Unauthorized
from ..reading import hash_token
from ..writing import UnitOfWork, lock_club_night
from .common import night_to_read, rounds_of, seatings, table_matches
from .setup import code_is

KINDS = ("table", "player")
#: The keys one card holds (issue 37): a card's phones (a table's one or two, a player's
#: own, a phone that scanned again) hold far fewer; one phone exchanging its code again and
#: again keeps at most this many, the oldest going with their scorer keys.
MAX_KEYS_PER_CARD = 16


def exchange_code(read_id: str, kind: str, number: object, code: str) -> tuple[str, str | None]:
    """A table's (or player's) code for a key (docs/club.md §14 "Keys"): 401 for a wrong or
    withdrawn code, 422 at ``number`` for a number that is no whole number in a column's
    range. The key is a scorer key at once on the match of that table (or where that player
    sits) in the round in play; past :data:`MAX_KEYS_PER_CARD` keys of the card, the oldest
    go. Returns the key and that match's public id (or ``None`` between rounds)."""
    # In range before any query (issue 37: 2**63 failed SQLite's query with a 500).
    number = as_int(number, "number", low=1)
    found_night = night_to_read(read_id)
    with UnitOfWork() as uow:
        night = lock_club_night(found_night.public_id)
        if kind not in KINDS:
            raise Unauthorized("this code is wrong or was withdrawn")
        card = (
            db.session.scalar(
                sa.select(ClubCode).where(
                    ClubCode.club_night_id == night.id,
                    ClubCode.kind == kind,
                    ClubCode.number == number,
                )
            )
            if isinstance(code, str) and code and unstorable(code) is None
            else None
        )
        # A derived code is derived again, a card of before derived codes has its hash
        # compared: both in constant time (docs/club.md §8).
        if card is None or not code_is(night, card, code):
            raise Unauthorized("this code is wrong or was withdrawn")
        key = secrets.token_urlsafe(32)
        digest = hash_token(key)
        _keep_newest(night, kind, number, MAX_KEYS_PER_CARD - 1)
        db.session.add(
            ClubKey(
                club_night_id=night.id,
                kind=kind,
                number=number,
                key_hash=digest,
                created_at=utcnow(),
            )
        )
        match = _match_in_play(night, kind, number)
        if match is not None:
            db.session.add(ScorerKey(match_id=match.id, key_hash=digest, created_at=utcnow()))
        public = match.public_id if match is not None else None
        uow.commit()
    return key, public


def _keep_newest(night: ClubNight, kind: str, number: int, keep: int) -> None:
    """Drop the card's keys but its ``keep`` newest (:func:`drop_keys`)."""
    old = list(
        db.session.scalars(
            sa.select(ClubKey.key_hash)
            .where(
                ClubKey.club_night_id == night.id, ClubKey.kind == kind, ClubKey.number == number
            )
            .order_by(ClubKey.created_at.desc(), ClubKey.id.desc())
            .offset(keep)
        )
    )
    drop_keys(night, old)


def drop_keys(night: ClubNight, hashes: Sequence[str]) -> None:
    """Delete the night's card keys of ``hashes``, their scorer keys on the night's matches and
    the phones that came in through them ("score too" links: the links and their keys)."""
    if not hashes:
        return
    db.session.execute(
        sa.delete(ScorerKey)
        .where(
            sa.or_(ScorerKey.key_hash.in_(hashes), ScorerKey.origin_hash.in_(hashes)),
            ScorerKey.match_id.in_(night_match_ids(night)),
        )
        .execution_options(synchronize_session=False)
    )
    db.session.execute(
        sa.delete(JoinCode)
        .where(
            sa.or_(JoinCode.made_by_hash.in_(hashes), JoinCode.origin_hash.in_(hashes)),
            JoinCode.match_id.in_(night_match_ids(night)),
        )
        .execution_options(synchronize_session=False)
    )
    db.session.execute(
        sa.delete(ClubKey).where(ClubKey.club_night_id == night.id, ClubKey.key_hash.in_(hashes))
    )


def night_match_ids(night: ClubNight) -> sa.Select[Any]:
    """The ids of the night's matches (a subquery)."""
    return (
        sa.select(ClubTable.match_id)
        .join(ClubRound, ClubRound.id == ClubTable.round_id)
        .where(ClubRound.club_night_id == night.id)
    )


def _match_in_play(night: ClubNight, kind: str, number: int) -> Match | None:
    """The match of table ``number`` (or where player ``number`` sits) in the round in play."""
    playing = [r for r in rounds_of(night) if r.status == "playing"]
    if not playing:
        return None
    stored = playing[0]
    table = number
    if kind == "player":
        seating = seatings(night, [stored])[stored.id]
        tables = [t for t, seats in seating.tables.items() if number in seats.values()]
        if not tables:
            return None
        table = tables[0]
    return table_matches([stored])[stored.id].get(table)
