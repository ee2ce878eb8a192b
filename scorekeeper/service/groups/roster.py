"""Groups (docs/groups.md): the people who play together, without accounts.

A group's private link carries ``Group.public_id`` and a token that writes (only its hash is
stored, as a match's edit token), its read-only link ``Group.read_id``. Every write below checks
the token (:func:`check_group_token`) on the group read locked
(:func:`.writing.lock_group`), and is one transaction (:func:`group_write`). Roster names follow
the seat-name rules (``rules.names.read_name``) and are compared as seat names are
(``name_key``): two names of one roster never compare equal, and a new name never looks like
one of the roster's (``check_new_name``). A match is put in a group by
:mod:`scorekeeper.service.groups.placing`; a group's records are its almanac
(:mod:`scorekeeper.service.groups.almanac`).
"""

from __future__ import annotations

import hmac
import secrets
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from datetime import date, datetime, timedelta
from typing import Any, TypeVar

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError

from ...extensions import db
from ...models import (
    Group,
    GroupMatch,
    GroupPlayer,
    GroupPlayerName,
    GroupSeat,
    Match,
    as_utc,
    utcnow,
)
from ...rules import RuleError
from ...rules.core.names import check_new_name, read_name
from ..outcomes import Conflict, NotFound, Unauthorized
from ..reading import PUBLIC_ID, hash_token
from ..writing import UnitOfWork, lock_group

T = TypeVar("T")

#: How a night is counted (docs/groups.md "Nights"): a match started before this hour belongs
#: to the evening before, local time.
NIGHT_STARTS_HOUR = 6


def create_group(name: object) -> tuple[Group, str]:
    """A new group called ``name`` (the name rules of docs/rules.md §5, refused at ``name``),
    and its token, which is not stored and can never be shown again."""
    checked = read_name(name, "name")
    token = secrets.token_urlsafe(32)
    group = Group(
        public_id=secrets.token_urlsafe(16),
        read_id=secrets.token_urlsafe(16),
        name=checked,
        token_hash=hash_token(token),
        created_at=utcnow(),
    )
    with UnitOfWork() as uow:
        db.session.add(group)
        uow.commit()
    return group, token


def get_group(public_id: str) -> Group:
    """The group whose private id is ``public_id``; :class:`NotFound` if there is none."""
    return _group_by(Group.public_id, public_id)


def group_to_read(read_id: str) -> Group:
    """The group whose read-only id is ``read_id``; :class:`NotFound` if there is none."""
    return _group_by(Group.read_id, read_id)


def groups_by_public_ids(public_ids: Sequence[str]) -> list[Group]:
    """The groups of these private ids that exist, by name."""
    wanted = [pid for pid in public_ids if PUBLIC_ID.fullmatch(pid)]
    if not wanted:
        return []
    return list(
        db.session.scalars(
            sa.select(Group).where(Group.public_id.in_(wanted)).order_by(Group.name, Group.id)
        )
    )


def check_group_token(group: Group, token: str | None) -> None:
    """Refuse (:class:`Unauthorized`) anything but the group's token."""
    if token and hmac.compare_digest(hash_token(token), group.token_hash):
        return
    raise Unauthorized("the group's private link is needed to change this group")


def replace_group_token(public_id: str, token: str | None) -> str:
    """Give the group a new token (so a new private link), checked by its current one: the old
    token stops writing at once, with the commit (docs/groups.md "Two links"). The new token,
    which like the first is not stored and can never be shown again."""
    fresh = secrets.token_urlsafe(32)

    def change(group: Group) -> str:
        group.token_hash = hash_token(fresh)
        return fresh

    return group_write(public_id, token, change)


def roster(group: Group) -> list[GroupPlayer]:
    """Every name of the group's roster, merged ones too, in the order they were added."""
    return list(
        db.session.scalars(
            sa.select(GroupPlayer).where(GroupPlayer.group_id == group.id).order_by(GroupPlayer.id)
        )
    )


def renames(group: Group) -> list[GroupPlayerName]:
    """Every rename of the group's players, oldest first."""
    return list(
        db.session.scalars(
            sa.select(GroupPlayerName)
            .join(GroupPlayer, GroupPlayer.id == GroupPlayerName.player_id)
            .where(GroupPlayer.group_id == group.id)
            .order_by(GroupPlayerName.renamed_at, GroupPlayerName.id)
        )
    )


def group_matches(group: Group) -> list[Match]:
    """The group's matches, the first played first."""
    return list(
        db.session.scalars(
            sa.select(Match)
            .join(GroupMatch, GroupMatch.match_id == Match.id)
            .where(GroupMatch.group_id == group.id)
            .order_by(Match.created_at, Match.id)
        )
    )


def group_match_count(group: Group) -> int:
    """How many matches the group has played."""
    count = db.session.scalar(
        sa.select(sa.func.count()).select_from(GroupMatch).where(GroupMatch.group_id == group.id)
    )
    return int(count or 0)


def group_seats(group: Group) -> dict[int, dict[str, int]]:
    """Per match id of the group: each seat's name and the roster player it stands for (as
    placed; :func:`player_roots` follows the merges)."""
    seats: dict[int, dict[str, int]] = {}
    rows = db.session.execute(
        sa.select(GroupMatch.match_id, GroupSeat.seat, GroupSeat.player_id)
        .join(GroupSeat, GroupSeat.group_match_id == GroupMatch.id)
        .where(GroupMatch.group_id == group.id)
    )
    for match_id, seat, player_id in rows:
        seats.setdefault(match_id, {})[seat] = player_id
    return seats


def player_roots(players: Sequence[GroupPlayer]) -> dict[int, int]:
    """Each roster player's id -> the id its records count under (itself, or the player it
    was merged into)."""
    return {player.id: player.merged_into_id or player.id for player in players}


def match_counts(
    players: Sequence[GroupPlayer], seats: Mapping[int, Mapping[str, int]]
) -> dict[int, int]:
    """Each roster player's id -> the matches it counts (docs/api.md "Groups": ``{"name":
    "Bob", "merged_into": 7, "matches": 1}``): a name merged into another keeps the matches it
    sat in, and the name it was merged into counts them with its own. ``seats`` is
    :func:`group_seats`."""
    roots = player_roots(players)
    sat = [player_id for match in seats.values() for player_id in match.values()]
    own = Counter(sat)
    counted = Counter(roots[player_id] for player_id in sat)
    return {player.id: (own if player.merged_into_id else counted)[player.id] for player in players}


def group_of(match: Match) -> Group | None:
    """The group the match is played in, if any."""
    group: Group | None = db.session.scalar(
        sa.select(Group)
        .join(GroupMatch, GroupMatch.group_id == Group.id)
        .where(GroupMatch.match_id == match.id)
    )
    return group


def night_of(moment: datetime) -> date:
    """The night a match started at ``moment`` belongs to: its local date (the server's time
    zone, ``TZ``), a start before :data:`NIGHT_STARTS_HOUR` counting for the evening before."""
    return (as_utc(moment).astimezone() - timedelta(hours=NIGHT_STARTS_HOUR)).date()


def add_player(public_id: str, token: str | None, name: object) -> GroupPlayer:
    """Put ``name`` on the roster (refused at ``name`` when it breaks the name rules or the
    roster has it already)."""

    def change(group: Group) -> GroupPlayer:
        players = roster(group)
        checked = read_name(name, "name")
        _check_free(players, checked, "name")
        player = GroupPlayer(group_id=group.id, name=checked, created_at=utcnow())
        db.session.add(player)
        return player

    return group_write(public_id, token, change)


def rename_player(
    public_id: str, token: str | None, player_id: object, name: object
) -> GroupPlayer:
    """Call roster player ``player_id`` ``name`` from now on; the old name is kept in the
    history (:func:`renames`). The group's matches keep the names their seats were given."""

    def change(group: Group) -> GroupPlayer:
        players = roster(group)
        player = _player_in(players, player_id, "player")
        checked = read_name(name, "name")
        if checked == player.name:
            return player
        _check_free([p for p in players if p.id != player.id], checked, "name")
        db.session.add(
            GroupPlayerName(
                player_id=player.id, old_name=player.name, new_name=checked, renamed_at=utcnow()
            )
        )
        player.name = checked
        return player

    return group_write(public_id, token, change)


def merge_player(public_id: str, token: str | None, player_id: object, into: object) -> GroupPlayer:
    """Two names of one person ("Bob" and "Robert"): ``player_id`` counts as ``into`` from
    now on, in every record, and its name finds ``into`` at a new match. Refused at ``into``
    for a merge into itself, into a name merged already, or of two players who sat at the same
    match. Returns the player merged into."""

    def change(group: Group) -> GroupPlayer:
        players = roster(group)
        source = _player_in(players, player_id, "player")
        target = _player_in(players, into, "into")
        if source.merged_into_id is not None:
            raise RuleError(
                "player",
                "{name!r} is merged already",
                code="merged_already",
                name=source.name,
            )
        if target.id == source.id:
            raise RuleError("into", "a name cannot be merged into itself", code="merge_self")
        if target.merged_into_id is not None:
            raise RuleError(
                "into",
                "{name!r} is merged already: merge into the name it was merged into",
                code="merged_already",
                name=target.name,
            )
        _check_never_met(group, players, source, target)
        for player in players:
            if player.merged_into_id == source.id:
                player.merged_into_id = target.id
        source.merged_into_id = target.id
        return target

    return group_write(public_id, token, change)


def group_write(public_id: str, token: str | None, change: Callable[[Group], T]) -> T:
    """Run one write to a group in one transaction: lock it, check its token, ``change`` it,
    commit. A refusal (or a race the database's constraints catch) stores nothing."""
    try:
        with UnitOfWork() as uow:
            group = lock_group(public_id)
            check_group_token(group, token)
            done = change(group)
            db.session.flush()
            uow.commit()
    except IntegrityError as clash:
        raise Conflict("another change to this group came first: reload it and try again") from (
            clash
        )
    return done


def _group_by(column: Any, value: str) -> Group:
    if not PUBLIC_ID.fullmatch(value):
        raise NotFound("there is no group with this id")
    group: Group | None = db.session.scalar(sa.select(Group).where(column == value))
    if group is None:
        raise NotFound("there is no group with this id")
    return group


def _player_in(players: Sequence[GroupPlayer], player_id: object, path: str) -> GroupPlayer:
    """The roster player ``player_id`` (an id of this group's roster), else refused at ``path``."""
    if isinstance(player_id, int) and not isinstance(player_id, bool):
        for player in players:
            if player.id == player_id:
                return player
    raise RuleError(path, "there is no such player in this group", code="unknown_player")


def _check_free(players: Sequence[GroupPlayer], name: str, path: str) -> None:
    """Refuse at ``path`` a name the roster has already (compared as seat names are) or one
    that looks like one of its names (:func:`.names.check_new_name`)."""
    check_new_name(name, [player.name for player in players], path)


def _check_never_met(
    group: Group, players: Sequence[GroupPlayer], source: GroupPlayer, target: GroupPlayer
) -> None:
    """Refuse at ``into`` the merge of two names that sat at the same match: two people."""
    roots = player_roots(players)
    merging = {source.id: target.id}
    for seats in group_seats(group).values():
        counted = [merging.get(roots[p], roots[p]) for p in seats.values()]
        if counted.count(target.id) > 1:
            raise RuleError(
                "into",
                "{name!r} and {other!r} played at the same match: they are two people",
                code="played_together",
                name=source.name,
                other=target.name,
            )
