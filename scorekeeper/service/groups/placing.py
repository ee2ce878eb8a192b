"""A match played in a group: its seats on the group's roster (docs/groups.md), when the match
is created in the group (:func:`~.matches.create_match` with ``group``, a rematch, an import)
or put in it later (:func:`add_match_to_group`). Either way in the transaction of that write,
with the match's summary kept for the almanac
(:func:`scorekeeper.service.groups.almanac.keep_summary`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import sqlalchemy as sa

from ...extensions import db
from ...models import Group, GroupMatch, GroupPlayer, GroupSeat, Match, utcnow
from ...rules import MatchState, RuleError
from ...rules.core.names import name_key, read_name
from ..outcomes import NotFound
from ..reading import check_edit_token, get_match
from ..replaying import state_of
from ..writing import lock_group
from .almanac import keep_summary
from .roster import check_group_token, get_group, group_write, player_roots, roster


@dataclass(frozen=True)
class GroupPlace:
    """The group a new match is played in: its private id and the token that writes to it."""

    public_id: str
    token: str | None
    #: Seat name -> roster player id for seats that are not found by name (a rematch keeps
    #: who sat where, whatever the roster calls them now).
    seats: Mapping[str, int] = field(default_factory=dict)


def add_match_to_group(
    public_id: str, token: str | None, match_id: str, match_token: str | None
) -> Match:
    """Put an existing match in the group: the group's token and the match's edit token
    (:func:`check_edit_token`: a phone that only scores too is refused) are both needed. Its
    seats go on the roster by name. A match that is in another group already is refused at
    ``match``; one already in this group is left as it is."""

    def change(group: Group) -> Match:
        try:
            match = get_match(match_id)
        except NotFound as missing:
            raise RuleError("match", "there is no match with this id", code="no_match") from missing
        check_edit_token(match, match_token)
        placed = db.session.scalar(sa.select(GroupMatch).where(GroupMatch.match_id == match.id))
        if placed is not None:
            if placed.group_id == group.id:
                return match
            raise RuleError(
                "match", "this match is in another group already", code="in_another_group"
            )
        place_on_roster(group, match, state_of(match), {})
        return match

    return group_write(public_id, token, change)


def check_next_place(match: Match, place: GroupPlace) -> None:
    """The next game of ``match`` may be played in the group ``place`` names: its token is
    right (:class:`Unauthorized`, checked first: a caller without it learns nothing of where the
    match is), and the match is in that group or in none (a :class:`RuleError` at ``match``,
    as :func:`add_match_to_group` says it). Checked again, locked, when the new match is
    placed (:func:`place_in_group`); this check only refuses before anything is built."""
    group = get_group(place.public_id)
    check_group_token(group, place.token)
    placed = db.session.scalar(sa.select(GroupMatch).where(GroupMatch.match_id == match.id))
    if placed is not None and placed.group_id != group.id:
        raise RuleError("match", "this match is in another group already", code="in_another_group")


def seats_of_match(match_id: int, group_public_id: str) -> dict[str, int]:
    """Who sat where at match ``match_id`` if it is in that group (else nothing)."""
    rows = db.session.execute(
        sa.select(GroupSeat.seat, GroupSeat.player_id)
        .join(GroupMatch, GroupMatch.id == GroupSeat.group_match_id)
        .join(Group, Group.id == GroupMatch.group_id)
        .where(GroupMatch.match_id == match_id, Group.public_id == group_public_id)
    )
    return {seat: player_id for seat, player_id in rows}


def place_in_group(match: Match, place: GroupPlace, state: MatchState) -> None:
    """The new match ``match`` (not committed) goes into the group ``place`` names (its token
    checked), in the transaction that creates it."""
    group = lock_group(place.public_id)
    check_group_token(group, place.token)
    db.session.flush()  # the match's id
    place_on_roster(group, match, state, place.seats)


def place_on_roster(
    group: Group, match: Match, state: MatchState, seats: Mapping[str, int]
) -> None:
    """Put ``match`` in ``group`` (locked by the caller, who has checked the right to write to
    it: the group's token, or a club night of the group starting a round, docs/club.md §7.1):
    each seat stands for the roster player ``seats`` names, or
    else the one its name finds (a merged name finds the player it was merged into), or else a
    new one. Two seats may not stand for one player (refused at ``players[i]``)."""
    placed = GroupMatch(group_id=group.id, match_id=match.id, added_at=utcnow())
    found = roster_players(group, match.players, seats)
    for seat, (player, _root) in zip(match.players, found, strict=True):
        placed.seats.append(GroupSeat(seat=seat, player_id=player.id))
    db.session.add(placed)
    keep_summary(match, state)


def roster_players(
    group: Group, names: Sequence[str], chosen: Mapping[str, int] | None = None
) -> list[tuple[GroupPlayer, int]]:
    """Each of ``names`` (a match's seats, a club night's players, docs/club.md §7.1) as a
    player on ``group``'s roster (locked by the caller), with its live id (merges followed):
    the roster player ``chosen`` names for it, else the one its name finds (a merged name finds
    the player it was merged into), else a new one. Two names may not be one player (refused
    at ``players[i]``)."""
    players = roster(group)
    by_id = {player.id: player for player in players}
    by_key = {name_key(player.name): player for player in players}
    roots = player_roots(players)
    picked = chosen or {}
    taken: dict[int, str] = {}
    found: list[tuple[GroupPlayer, int]] = []
    for i, name in enumerate(names):
        player = by_id.get(picked.get(name, 0)) or by_key.get(name_key(name))
        if player is None:
            # A stored match's seat, taken by the rules of its day: not checked again for
            # look-alikes (docs/rules.md §5); a night's name has been read already.
            player = GroupPlayer(
                group_id=group.id,
                name=read_name(name, f"players[{i}]", look_alikes=False),
                created_at=utcnow(),
            )
            db.session.add(player)
            db.session.flush()
            by_key[name_key(player.name)] = player
            roots[player.id] = player.id
        root = roots[player.id]
        if root in taken:
            raise RuleError(
                f"players[{i}]",
                "{given!r} and {other!r} are the same player in this group",
                code="same_player",
                given=name,
                other=taken[root],
            )
        taken[root] = name
        found.append((player, root))
    return found
