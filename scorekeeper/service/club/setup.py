"""Creating a club night (docs/club.md §2, §3): its players (on the group's roster inside a
group), its planned rounds and seats, its cards' codes, in one transaction; and the frame of
every later night write (:func:`night_write`: the night read locked, its host token checked,
its optional ``version`` compared, the version raised by one, one commit). The body is read by
:mod:`scorekeeper.service.club.body`; the changes before and between rounds are
:mod:`scorekeeper.service.club.edit`'s."""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from flask import current_app

from ...extensions import db
from ...models import ClubCode, ClubNight, ClubPair, ClubPlayer, Group, utcnow
from ...rules.club.rotation import plan as rotation
from ...rules.core.names import check_new_name, name_key
from ..groups.placing import roster_players
from ..groups.roster import check_group_token, get_group, roster
from ..matches import json_safe
from ..reading import hash_token
from ..writing import UnitOfWork, lock_club_night, lock_group
from .body import read_body
from .common import bump, check_host, check_version, store_plan

#: What ``PATCH`` changes (§14 "Host writes").
PATCH_FIELDS = ("name", "rotation", "round", "standings", "awards", "purse", "version")


@dataclass(frozen=True)
class CreatedNight:
    """A new night and its secrets, shown this once: the host token and each table's (and,
    with ``scoring: "players"``, each player's) code."""

    night: ClubNight
    token: str
    table_codes: dict[int, str]
    player_codes: dict[int, str]


def create_club_night(
    body: Mapping[str, Any], *, group: tuple[str, str | None] | None = None
) -> CreatedNight:
    """A new night in status ``setup`` (docs/club.md §2): its players, its planned rounds and
    seats, one code per table number its schedule uses (and per player with ``scoring:
    "players"``), in one transaction. ``group``: the group's private id and token; each name
    finds its roster player or joins the roster. The codes and the host token are returned
    this once."""
    if group is not None:
        # The token first: a caller without it learns nothing of what the body lacks.
        check_group_token(get_group(group[0]), group[1])
    read = read_body(body)
    plan = rotation.plan(
        read.form, read.rotation, range(1, len(read.players) + 1), pairs=read.pair_members()
    )
    read.settings["rotation"]["design"] = plan.balance.design
    token = secrets.token_urlsafe(32)
    now = utcnow()
    with UnitOfWork() as uow:
        group_row = lock_group(group[0]) if group is not None else None
        if group is not None and group_row is not None:
            check_group_token(group_row, group[1])
        night = ClubNight(
            public_id=secrets.token_urlsafe(16),
            read_id=secrets.token_urlsafe(16),
            token_hash=hash_token(token),
            name=read.name,
            group_id=group_row.id if group_row is not None else None,
            variant=read.variant,
            options=json_safe(read.options),
            settings=read.settings,
            status="setup",
            version=1,
            created_at=now,
            updated_at=now,
        )
        db.session.add(night)
        db.session.flush()
        roster_ids = (
            _roster_players(group_row, read.players, pairs=bool(read.pairs))
            if group_row is not None
            else {}
        )
        pair_ids = _store_pairs(night, read.pairs)
        for number, name in enumerate(read.players, start=1):
            db.session.add(
                ClubPlayer(
                    club_night_id=night.id,
                    number=number,
                    name=name,
                    pair_id=pair_ids.get(number),
                    group_player_id=roster_ids.get(number),
                    joined_round=1,
                    created_at=now,
                )
            )
        db.session.flush()
        store_plan(night, plan.rounds)
        tables = max((len(r.tables) for r in plan.rounds), default=0)
        if read.rotation.draws(1):
            # Progressive: its rounds after the first are drawn later, and an unseated round 1
            # (players not filling tables of four, §4.5) still needs its tables' cards.
            tables = max(tables, len(read.players) // 4)
        table_codes = {n: _new_code(night, "table", n) for n in range(1, tables + 1)}
        player_codes = (
            {n: _new_code(night, "player", n) for n in range(1, len(read.players) + 1)}
            if read.settings["scoring"] == "players"
            else {}
        )
        uow.commit()
    return CreatedNight(night, token, table_codes, player_codes)


def _store_pairs(night: ClubNight, pairs: Sequence[tuple[str, tuple[int, int]]]) -> dict[int, int]:
    """The night's fixed pairs stored (docs/club.md §4.4, §15): player number -> pair id."""
    found: dict[int, int] = {}
    for number, (name, members) in enumerate(pairs, start=1):
        pair = ClubPair(club_night_id=night.id, number=number, name=name, created_at=utcnow())
        db.session.add(pair)
        db.session.flush()
        for member in members:
            found[member] = pair.id
    return found


def _roster_players(group: Group, names: Sequence[str], *, pairs: bool) -> dict[int, int]:
    """Player number -> roster player (its live id, merges followed) for a night in ``group``:
    each name finds its roster player or joins the roster (as a group match's seats do, docs/
    groups.md); two names that are one roster player: 422 at ``players[i]``; a name that is
    none of the roster's but looks like one of them: 422 at ``players[i]`` (``pairs``: at
    ``pairs[i].players[j]``), as the roster's own page refuses it."""
    listed = [player.name for player in roster(group)]
    keys = {name_key(name) for name in listed}
    for i, name in enumerate(names):
        if name_key(name) not in keys:
            path = f"pairs[{i // 2}].players[{i % 2}]" if pairs else f"players[{i}]"
            check_new_name(name, listed, path)
    return {i: root for i, (_player, root) in enumerate(roster_players(group, names), start=1)}


def card_code(night: ClubNight, kind: str, number: int, generation: int) -> str:
    """The code of card ``kind`` ``number`` of ``night`` at ``generation`` (docs/club.md §8):
    an HMAC-SHA-256 of the night's private id, the card and the generation under the server's
    ``SECRET_KEY``, 16 bytes in URL-safe base64 (as long as a drawn code). Never stored: the
    host's print page derives it again on any device (§13), a phone's code is checked by
    deriving it again. Rotating ``SECRET_KEY`` changes every derived code (docs/hosting.md).
    The migration ``a7c3e9d1codes`` holds a copy for its downgrade: change both or neither."""
    secret = current_app.config["SECRET_KEY"]
    key = secret if isinstance(secret, bytes) else str(secret).encode("utf-8")
    message = "\x1f".join(("club-code", night.public_id, kind, str(number), str(generation)))
    digest = hmac.new(key, message.encode("utf-8"), hashlib.sha256).digest()[:16]
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode("ascii")


def _new_code(night: ClubNight, kind: str, number: int) -> str:
    """A new code for a table (or player) card, derived at the night's next generation (so a
    withdrawn code never comes back); nothing of it is stored but the generation."""
    night.code_generation = (night.code_generation or 0) + 1
    db.session.add(
        ClubCode(
            club_night_id=night.id,
            kind=kind,
            number=number,
            code_hash=None,
            generation=night.code_generation,
            created_at=utcnow(),
        )
    )
    return card_code(night, kind, number, night.code_generation)


def new_table_code(night: ClubNight, kind: str, number: int) -> str:
    """:func:`_new_code` for the codes use case (:mod:`scorekeeper.service.club.rounds`)."""
    return _new_code(night, kind, number)


def code_is(night: ClubNight, card: ClubCode, code: str) -> bool:
    """Whether ``code`` is ``card``'s live code: derived again and compared in constant time,
    or, for a card made before derived codes, its hash compared with the stored one."""
    if card.generation is None:
        return card.code_hash is not None and hmac.compare_digest(card.code_hash, hash_token(code))
    expected = card_code(night, card.kind, card.number, card.generation)
    return hmac.compare_digest(expected.encode("ascii"), code.encode("utf-8", "surrogatepass"))


def printable_codes(night: ClubNight, kind: str) -> dict[int, str]:
    """Card number -> live code of the night's ``kind`` cards whose code is derived (docs/club.md
    §13: the host's print pages, on any device holding the host link); a card made before
    derived codes has only its hash, and is left out until it is withdrawn."""
    cards = db.session.scalars(
        sa.select(ClubCode)
        .where(
            ClubCode.club_night_id == night.id,
            ClubCode.kind == kind,
            ClubCode.generation.is_not(None),
        )
        .order_by(ClubCode.number)
    )
    return {
        card.number: card_code(night, card.kind, card.number, card.generation)
        for card in cards
        if card.generation is not None
    }


def night_write(
    public_id: str, token: str | None, version: object, change: Callable[[ClubNight], None]
) -> ClubNight:
    """Run one night write: the night locked, the host token and ``version`` checked, the
    change, the version raised, one commit."""
    with UnitOfWork() as uow:
        night = lock_club_night(public_id)
        check_host(night, token)
        check_version(night, version)
        change(night)
        bump(night)
        uow.commit()
    return night
