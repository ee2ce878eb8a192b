"""Who plays a club night once it runs (docs/club.md §6): late arrivals (``POST …/players``),
leavers and renames (``PATCH …/players/<n>``), substitutes in a round in play (``POST …/rounds/
<n>/substitute``), and the re-plan each of them makes of the rounds not started, for the
players present in each. Each is one night write
(:func:`scorekeeper.service.club.setup.night_write`); the rounds played and in play never change."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import sqlalchemy as sa

from ...extensions import db
from ...models import (
    ClubKey,
    ClubNight,
    ClubPair,
    ClubPlayer,
    ClubRound,
    ClubSeat,
    ClubTable,
    Group,
    GroupMatch,
    GroupPlayer,
    GroupSeat,
    Match,
    ScorerKey,
    utcnow,
)
from ...rules import RuleError
from ...rules.club.rotation import plan as rotation
from ...rules.core.names import check_new_name, name_key, read_name
from ...rules.core.readers import as_int, as_object, check_keys
from ..groups.roster import player_roots, roster
from ..outcomes import Conflict, NotFound
from .common import MAX_PLAYERS, pairs_of, players_of, round_of, rounds_of, seatings
from .reading import NightView, night_view
from .replan import new_table_codes, replan_present, tables_used
from .setup import night_write


def _first_open(rounds: Sequence[ClubRound]) -> int | None:
    """The first round not started."""
    return next((r.number for r in rounds if r.status == "planned"), None)


def _read_new_name(taken: Sequence[str], given: object, path: str) -> str:
    """A new (or renamed) player's name, refused at ``path`` when it is one of ``taken`` (the
    night's players and pairs) or looks like one of them (:func:`.names.check_new_name`)."""
    name = read_name(given, path)
    check_new_name(name, taken, path, taken="{given!r} plays this night already", code="taken")
    return name


def _names_of(night: ClubNight, *, but: ClubPlayer | None = None) -> list[str]:
    """The names a new player's is told apart from: the night's players' (but ``but``'s, who
    is renamed) and its pairs'."""
    players = [p.name for p in players_of(night) if but is None or p.id != but.id]
    return players + [p.name for p in pairs_of(night)]


def _roster_id(
    night: ClubNight, players: Sequence[ClubPlayer], name: str, path: str = "name"
) -> int | None:
    """A late arrival's roster player in the night's group (found by name or joining the
    roster, as at creation); 422 at ``path`` when that roster player plays this night, or
    when the name is none of the roster's but looks like one of them."""
    if night.group_id is None:
        return None
    group = db.session.get(Group, night.group_id)
    assert group is not None
    listed = roster(group)
    roots = player_roots(listed)
    found = next((p for p in listed if name_key(p.name) == name_key(name)), None)
    if found is None:
        check_new_name(name, [p.name for p in listed], path)
        found = GroupPlayer(group_id=group.id, name=name, created_at=utcnow())
        db.session.add(found)
        db.session.flush()
        return found.id
    root = roots.get(found.id, found.id)
    if any(p.group_player_id == root for p in players):
        raise RuleError(path, "is a player of this night already", code="same_player")
    return root


def _pair_name(night: ClubNight, given: object, a: str, b: str, number: int) -> str:
    """A new pair's name: the one given, else "Ana & Cy" when it fits the name rules, else
    "Pair n" (docs/club.md §14); 422 at ``pair.name`` for a name a pair or player has."""
    if given is None:
        try:
            name = read_name(f"{a} & {b}", "pair.name")
        except RuleError:
            name = f"Pair {number}"
    else:
        name = read_name(given, "pair.name")
    taken = [p.name for p in pairs_of(night)] + [p.name for p in players_of(night)] + [a, b]
    check_new_name(name, taken, "pair.name", taken="{given!r} is taken this night", code="taken")
    return name


def _arrivals(night: ClubNight, given: Mapping[str, Any]) -> tuple[list[str], object]:
    """The late arrival's names (one player, or a fixed pair's two: ``pair.players[i]``) and
    the pair's given name (None: none given, or no pair)."""
    fixed_pairs = night.settings["rotation"].get("scheme") == rotation.FIXED_PAIRS
    if not fixed_pairs:
        if "pair" in given:
            raise RuleError("pair", "only a fixed-pairs night takes a pair", code="not_offered")
        if "name" not in given:
            raise RuleError("name", "is required", code="required")
        return [_read_new_name(_names_of(night), given["name"], "name")], None
    if "name" in given or "pair" not in given:
        raise RuleError("pair", "a fixed-pairs night takes a pair", code="pair_needed")
    pair = as_object(given["pair"], "pair")
    check_keys(pair, ("name", "players"), "pair", required=("players",))
    members = pair["players"]
    if not isinstance(members, list) or len(members) != 2:
        raise RuleError("pair.players", "must be a list of two players", code="not_pair")
    names: list[str] = []
    for j, value in enumerate(members):
        names.append(_read_new_name([*_names_of(night), *names], value, f"pair.players[{j}]"))
    return names, pair.get("name")


def add_late_player(
    public_id: str, token: str | None, body: Mapping[str, Any]
) -> tuple[NightView, dict[int, str]]:
    """A late arrival (docs/club.md §6): the next number (a fixed pair: the next two and the
    next pair number), playing from the first round not started (or ``from_round``), absent
    before; the rounds not started re-planned. The view and a code for each new table number
    (shown this once). 422 at ``name`` (``pair.players[i]``, ``pair.name``), ``from_round``;
    409 when the night is finished."""
    given = as_object(body, "_")
    check_keys(given, ("name", "pair", "from_round", "version"))
    codes: dict[int, str] = {}

    def change(night: ClubNight) -> None:
        if night.status == "finished":
            raise Conflict("the night is finished")
        names, pair_name = _arrivals(night, given)
        players = players_of(night)
        if len(players) + len(names) > MAX_PLAYERS:
            raise RuleError(
                "name", "a night has at most {most} players", code="too_many", most=MAX_PLAYERS
            )
        from_round = _from_round(night, given)
        before = tables_used(night)
        pair_id = None
        if len(names) == 2:
            number = max((p.number for p in pairs_of(night)), default=0) + 1
            pair = ClubPair(
                club_night_id=night.id,
                number=number,
                name=_pair_name(night, pair_name, names[0], names[1], number),
                created_at=utcnow(),
            )
            db.session.add(pair)
            db.session.flush()
            pair_id = pair.id
        first_number = max((p.number for p in players), default=0) + 1
        paths = ["name"] if len(names) == 1 else ["pair.players[0]", "pair.players[1]"]
        for offset, name in enumerate(names):
            db.session.add(
                ClubPlayer(
                    club_night_id=night.id,
                    number=first_number + offset,
                    name=name,
                    pair_id=pair_id,
                    group_player_id=_roster_id(night, players, name, paths[offset]),
                    joined_round=from_round,
                    created_at=utcnow(),
                )
            )
            db.session.flush()
        replan_present(night, keep_seated=True)
        codes.update(new_table_codes(night, before))

    night = night_write(public_id, token, given.get("version"), change)
    return night_view(night), codes


def _from_round(night: ClubNight, given: Mapping[str, Any]) -> int:
    """``from_round``: a round not started (default the first), at most the last (§14)."""
    first = _first_open(rounds_of(night))
    total = int(night.settings["rotation"]["rounds"])
    from_round = given.get("from_round", first)
    if (
        first is None
        or isinstance(from_round, bool)
        or not isinstance(from_round, int)
        or not first <= from_round <= total
    ):
        raise RuleError(
            "from_round",
            "must be a round not started, from {first} to {last}",
            code="range",
            first=first or total + 1,
            last=total,
        )
    return from_round


def _player(night: ClubNight, number: object) -> ClubPlayer:
    for player in players_of(night):
        if player.number == number and not isinstance(number, bool):
            return player
    raise NotFound("this club night has no player {number}", number=number)


def patch_player(
    public_id: str, token: str | None, number: int, body: Mapping[str, Any]
) -> NightView:
    """Rename player ``number`` (future matches take the new name; a stored match keeps its
    seat names) or set the round he leaves after (docs/club.md §6): ``leaves_after_round`` k
    is the round in play or a later one (422 for an earlier one; null: he stays), the rounds
    not started re-planned. In fixed pairs the player's pair leaves with him."""
    given = as_object(body, "_")
    check_keys(given, ("name", "leaves_after_round", "version"))

    def change(night: ClubNight) -> None:
        player = _player(night, number)
        players = players_of(night)
        if "name" in given:
            player.name = _read_new_name(_names_of(night, but=player), given["name"], "name")
        if "leaves_after_round" in given:
            if night.status == "finished":
                raise Conflict("the night is finished")
            leaves = given["leaves_after_round"]
            rounds = rounds_of(night)
            total = night.settings["rotation"]["rounds"]
            playing = next((r.number for r in rounds if r.status == "playing"), None)
            started = sum(1 for r in rounds if r.status != "planned")
            lowest = playing if playing is not None else started
            if leaves is not None and (
                isinstance(leaves, bool)
                or not isinstance(leaves, int)
                or not max(lowest, player.joined_round - 1) <= leaves <= total
            ):
                raise RuleError(
                    "leaves_after_round",
                    "must be the round in play or a later one, from {lowest} to {last}",
                    code="range",
                    lowest=lowest,
                    last=total,
                )
            for leaver in players:
                if leaver.id == player.id or (
                    player.pair_id is not None and leaver.pair_id == player.pair_id
                ):
                    leaver.leaves_after_round = leaves
            db.session.flush()
            replan_present(night, keep_seated=True)

    return night_view(night_write(public_id, token, given.get("version"), change))


def substitute(
    public_id: str, token: str | None, round_no: int, body: Mapping[str, Any]
) -> NightView:
    """A substitute in round ``round_no`` in play (docs/club.md §6): ``in`` (sitting out that
    round) takes ``out``'s club seat and is credited with the round's result; the match keeps
    its seat names; ``out`` is absent from that round on, the rounds not started re-planned.
    In a group night the match's group seat moves to the substitute's roster player in the
    same transaction. 409 unless the round plays; 422 at ``in``, ``out``."""
    given = as_object(body, "_")
    check_keys(given, ("out", "in", "version"), required=("out", "in"))
    # Whole numbers in range before any look-up (issue 37: a list was unhashable, a 500).
    out_no, in_no = as_int(given["out"], "out", low=1), as_int(given["in"], "in", low=1)

    def change(night: ClubNight) -> None:
        stored = round_of(night, round_no)
        if stored.status != "playing":
            raise Conflict("round {number} is not playing", number=round_no)
        by_number = {p.number: p for p in players_of(night)}
        seating = seatings(night, [stored])[stored.id]
        seated = {n: (t, s) for t, seats in seating.tables.items() for s, n in seats.items()}
        if out_no not in seated:
            raise RuleError(
                "out", "is not seated in round {number}", code="not_seated", number=round_no
            )
        if in_no not in seating.sitting_out:
            raise RuleError(
                "in", "is not sitting out round {number}", code="not_sitting_out", number=round_no
            )
        leaver, sub = by_number[out_no], by_number[in_no]
        table_no, seat_no = seated[out_no]
        db.session.execute(
            sa.delete(ClubSeat).where(ClubSeat.round_id == stored.id, ClubSeat.player_id == sub.id)
        )
        db.session.flush()
        row = db.session.scalar(
            sa.select(ClubSeat).where(
                ClubSeat.round_id == stored.id, ClubSeat.player_id == leaver.id
            )
        )
        assert row is not None
        row.player_id = sub.id
        # The player the seat first stood for, should a substitute be replaced in turn.
        row.stands_for_id = row.stands_for_id or leaver.id
        if leaver.leaves_after_round is None or leaver.leaves_after_round >= round_no:
            leaver.leaves_after_round = round_no - 1
        match = _table_match(stored, table_no)
        if match is not None:
            _move_group_seat(night, match, seat_no, sub)
            if night.settings.get("scoring") == "players":
                _move_player_keys(night, match, leaver.number, sub.number)
        db.session.flush()
        replan_present(night, keep_seated=True)

    return night_view(night_write(public_id, token, given.get("version"), change))


def _table_match(stored: ClubRound, table_no: int) -> Match | None:
    """The match at ``table_no`` in round ``stored``."""
    found: Match | None = db.session.scalar(
        sa.select(Match)
        .join(ClubTable, ClubTable.match_id == Match.id)
        .where(ClubTable.round_id == stored.id, ClubTable.table_no == table_no)
    )
    return found


def _move_group_seat(night: ClubNight, match: Match, seat_no: int, sub: ClubPlayer) -> None:
    """In a group night, the group seat ``seat_no`` of ``match`` now stands for the
    substitute's roster player, so the records follow (docs/club.md §6)."""
    if night.group_id is None or sub.group_player_id is None:
        return
    seat_name = match.players[seat_no - 1]
    found = db.session.scalar(
        sa.select(GroupSeat)
        .join(GroupMatch, GroupMatch.id == GroupSeat.group_match_id)
        .where(GroupMatch.match_id == match.id, GroupSeat.seat == seat_name)
    )
    if found is not None:
        found.player_id = sub.group_player_id


def _move_player_keys(night: ClubNight, match: Match, out_no: int, in_no: int) -> None:
    """A night scored by players (docs/club.md §8): the substitute's phone keys go on the
    match, the leaver's come off (the host's and the table's stay)."""

    def hashes(number: int) -> set[str]:
        return set(
            db.session.scalars(
                sa.select(ClubKey.key_hash).where(
                    ClubKey.club_night_id == night.id,
                    ClubKey.kind == "player",
                    ClubKey.number == number,
                )
            )
        )

    keep = {night.token_hash}
    gone = hashes(out_no) - keep
    if gone:
        db.session.execute(
            sa.delete(ScorerKey).where(
                ScorerKey.match_id == match.id, ScorerKey.key_hash.in_(sorted(gone))
            )
        )
    have = set(
        db.session.scalars(sa.select(ScorerKey.key_hash).where(ScorerKey.match_id == match.id))
    )
    for digest in sorted(hashes(in_no) - have):
        db.session.add(ScorerKey(match_id=match.id, key_hash=digest, created_at=utcnow()))
