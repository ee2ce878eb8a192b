"""A club night's rounds and keys (docs/club.md §7, §8): starting a round (all its tables'
matches in one transaction), calling time, closing it, finishing the night, the table and
player codes and the keys phones get for them. Each write is one transaction
(:class:`.writing.UnitOfWork`) on the night read locked."""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa

from ...extensions import db
from ...models import (
    ClubCode,
    ClubKey,
    ClubNight,
    ClubRound,
    ClubTable,
    Group,
    JoinCode,
    Match,
    ScorerKey,
    utcnow,
)
from ...rules import FINISHED, RuleError
from ...rules.core.match import TEAM_NAMES
from ...rules.core.readers import unstorable
from ...rules.games.registry import find_variant
from ...rules.games.revisions import split_carried
from ..groups.almanac import keep_summary
from ..groups.placing import place_on_roster
from ..matches import build_match
from ..outcomes import Conflict, NotFound
from ..reading import hash_token
from ..replaying import hand_count, state_of
from ..writing import lock_group, lock_match
from .common import (
    form_of,
    is_host,
    pairs_of,
    players_of,
    round_of,
    rounds_of,
    seatings,
    table_matches,
)
from .draws import draw_after_close, seat_at_start
from .keys import KINDS, drop_keys, night_match_ids
from .limits import limit_of
from .reading import ClubSpot, NightView, keep_spot, night_view
from .replan import tables_to_draw, tables_used
from .setup import new_table_code, night_write


def start_round(
    public_id: str,
    token: str | None,
    number: int,
    version: object = None,
    *,
    team_names: Sequence[str] = TEAM_NAMES,
) -> NightView:
    """Start round ``number`` (docs/club.md §7.1): one match per table, in ONE transaction (a
    failure creates nothing): the night's form and options, the table's players in seat order,
    teams "Team 1" (seats 1+3) and "Team 2" (2+4) where the form plays partnerships (as
    ``team_names`` words them: the caller's language), seat 1 deals, the round's hand
    limit; each placed in the night's group; scorer keys for the host, the table's live keys
    and (players mode) the seated players' keys. 409: the night is finished, a round plays,
    the previous round is not closed, the round has no seats."""

    def change(night: ClubNight) -> None:
        stored = round_of(night, number)
        rounds = rounds_of(night)
        if night.status == "finished":
            raise Conflict("the night is finished: no more rounds")
        if stored.status != "planned":
            raise Conflict("round {number} has started already", number=number)
        if any(r.status == "playing" for r in rounds):
            raise Conflict("a round is playing: close it first")
        if any(r.number < number and r.status == "planned" for r in rounds):
            raise Conflict("round {number} is not the next round", number=number)
        seating = seatings(night, [stored])[stored.id]
        if not seating.tables:
            # A round drawn as the night goes and not drawn yet (docs/club.md §4.5, §4.6).
            seat_at_start(night, stored)
            seating = seatings(night, [stored])[stored.id]
        if not seating.tables:
            raise Conflict("round {number} has no seats", number=number)
        _check_no_empty_seat(night, number, seating.tables)
        _start(night, stored, seating.tables, tuple(team_names))

    return night_view(night_write(public_id, token, version, change))


def _check_no_empty_seat(night: ClubNight, number: int, tables: dict[int, dict[int, int]]) -> None:
    """409 naming the first empty seat of a round kept through a leaver (docs/club.md §6): a
    drawn or hand-seated round is not re-planned; the host edits it (§4.9).

    A table's seats are 1 to its size: a seat missing among them, or a table smaller than the
    form seats (§4.1), is a leaver's. Tables of different sizes are none (issue 40: auction
    seats a table of 4 beside tables of 3, §4.3), so a table of auction whose last seat's
    player left plays three-handed."""
    smallest = form_of(night).seats_lo
    for table_no in sorted(tables):
        seats = tables[table_no]
        size = max(len(seats), smallest, max(seats, default=0))
        empty = next((s for s in range(1, size + 1) if s not in seats), None)
        if empty is not None:
            raise Conflict(
                "round {number}: table {table} seat {seat} is empty (its player left): "
                "seat the round again",
                number=number,
                table=table_no,
                seat=empty,
            )


def _start(
    night: ClubNight,
    stored: ClubRound,
    tables: dict[int, dict[int, int]],
    team_names: Sequence[str] = TEAM_NAMES,
) -> None:
    players = players_of(night)
    names = {p.number: p.name for p in players}
    roster_of = {p.name: p.group_player_id for p in players}
    pair_names = {p.id: p.name for p in pairs_of(night)}
    # Fixed pairs play under their pairs' names (docs/club.md §3).
    team_of = {p.number: pair_names[p.pair_id] for p in players if p.pair_id in pair_names}
    settings = night.settings["round"]
    hands = settings.get("hands")
    rules, carried = split_carried(night.options)
    group = _night_group(night)
    keys = _live_keys(night)
    players_mode = night.settings.get("scoring") == "players"
    variant = find_variant(night.variant)
    partnerships = variant.partnerships(variant.resolve_options(rules), 4)
    now = utcnow()
    for table_no, seats in sorted(tables.items()):
        numbers = [seats[s] for s in sorted(seats)]
        seat_names = [names[n] for n in numbers]
        teams = None
        if len(numbers) == 4 and all(n in team_of for n in numbers):
            teams = [
                {"name": team_of[numbers[i]], "players": [seat_names[i], seat_names[i + 2]]}
                for i in (0, 1)
            ]
        elif len(numbers) == 4 and partnerships:
            # Seats 1+3 and 2+4, as the rules would seat them, under the caller's words.
            teams = [
                {"name": team_names[i], "players": [seat_names[i], seat_names[i + 2]]}
                for i in (0, 1)
            ]
        match, _ = build_match(
            night.variant,
            seat_names,
            teams,
            rules,
            seat_names[0],
            carried=carried or None,
            hand_limit=hands,
            extra_on_tie=hands is not None and settings.get("tie") == "extra-hand",
        )
        db.session.flush()
        state = state_of(match)
        if group is not None:
            place_on_roster(
                group,
                match,
                state,
                {n: r for n in seat_names if (r := roster_of.get(n)) is not None},
            )
        else:
            keep_summary(match, state)  # a standings read replays only what changed (§9.7)
        db.session.add(
            ClubTable(round_id=stored.id, table_no=table_no, match_id=match.id, created_at=now)
        )
        keep_spot(match, ClubSpot(night.read_id, stored.number, table_no, night.id))
        hashes = {night.token_hash, *keys.get(("table", table_no), ())}
        if players_mode:
            for n in numbers:
                hashes.update(keys.get(("player", n), ()))
        for digest in sorted(hashes):
            db.session.add(ScorerKey(match_id=match.id, key_hash=digest, created_at=now))
    stored.status = "playing"
    stored.started_at = now
    night.status = "playing"


def _night_group(night: ClubNight) -> Group | None:
    """The night's group, locked (its matches go on its roster), or ``None``."""
    if night.group_id is None:
        return None
    found = db.session.get(Group, night.group_id)
    return lock_group(found.public_id) if found is not None else None


def _live_keys(night: ClubNight) -> dict[tuple[str, int], list[str]]:
    """The phones' keys of the night by (kind, number)."""
    keys: dict[tuple[str, int], list[str]] = {}
    rows = db.session.execute(
        sa.select(ClubKey.kind, ClubKey.number, ClubKey.key_hash).where(
            ClubKey.club_night_id == night.id
        )
    )
    for kind, number, digest in rows:
        keys.setdefault((kind, number), []).append(digest)
    return keys


def _playing(night: ClubNight, number: int) -> ClubRound:
    stored = round_of(night, number)
    if stored.status != "playing":
        raise Conflict("round {number} is not playing", number=number)
    return stored


def _round_matches(stored: ClubRound) -> list[Match]:
    """The round's matches, each locked, in table order (one order: no deadlock)."""
    found = table_matches([stored])[stored.id]
    return [lock_match(found[t].public_id) for t in sorted(found)]


def _touch(match: Match, *, hands_stand: bool = False) -> None:
    """A change to the match outside its hands: a new version (its ETag, its caches).
    ``hands_stand``: the change leaves the hands as they were, so a hand form made before it
    still saves (:attr:`~scorekeeper.models.Match.hands_version`); else a form made before it
    is refused as stale."""
    if hands_stand:
        if match.hands_version is None:
            match.hands_version = match.version
    else:
        match.hands_version = None
    match.version += 1
    match.updated_at = utcnow()


def call_time(public_id: str, token: str | None, number: int, version: object = None) -> NightView:
    """Call time (docs/club.md §7.1): every match of the round not yet over takes one more
    hand. Its version moves (the phones see the call) but not its hands' version: the hand
    form a table phone holds still saves (issue 35). 409 unless round ``number`` is
    playing."""

    def change(night: ClubNight) -> None:
        stored = _playing(night, number)
        for match in _round_matches(stored):
            if match.time_hands is None and not limit_of(match).over:
                match.time_hands = hand_count(match)
                _touch(match, hands_stand=True)
        stored.time_called_at = utcnow()

    return night_view(night_write(public_id, token, version, change))


def close_round(
    public_id: str, token: str | None, number: int, version: object = None
) -> NightView:
    """Close round ``number`` (docs/club.md §7.1): every match not yet over is ended as
    ``finish`` ends a match; the scorer keys on its matches are removed except the host's, and
    the codes of their scorekeeper links with them (a "score too" link made during the round
    lets no phone in after it, §8). 409 unless it is playing."""

    def change(night: ClubNight) -> None:
        stored = _playing(night, number)
        matches = _round_matches(stored)
        for match in matches:
            # Ended as ``finish`` ends a match, those over by the limit too (their result is
            # the same: by totals), so that a later correction cannot reopen a closed round's
            # match (rule 5 of §7.2). A match its rules ended keeps the rules' winner.
            state = state_of(match)
            if not match.finished and state.status != FINISHED:
                match.finished = True
                _touch(match)
        _end_phones(night, [m.id for m in matches])
        stored.status = "closed"
        stored.closed_at = utcnow()
        draw_after_close(night, stored)  # Danish and progressive (docs/club.md §4.6)

    return night_view(night_write(public_id, token, version, change))


def finish_night(public_id: str, token: str | None, version: object = None) -> NightView:
    """Finish the night: no more rounds (the host may still correct hands, and only the
    host: every other key and every scorekeeper link on the night's matches ends, §8). 409
    while a round plays."""

    def change(night: ClubNight) -> None:
        if night.status == "finished":
            raise Conflict("the night is finished already")
        if any(r.status == "playing" for r in rounds_of(night)):
            raise Conflict("a round is playing: close it first")
        _end_phones(night, list(db.session.scalars(night_match_ids(night))))
        night.status = "finished"

    return night_view(night_write(public_id, token, version, change))


def _end_phones(night: ClubNight, match_ids: list[int]) -> None:
    """The phones' rights on these matches end (§8): every scorer key but the host's, every
    scorekeeper link's code."""
    if not match_ids:
        return
    db.session.execute(
        sa.delete(ScorerKey)
        .where(ScorerKey.match_id.in_(match_ids), ScorerKey.key_hash != night.token_hash)
        .execution_options(synchronize_session=False)
    )
    db.session.execute(
        sa.delete(JoinCode)
        .where(JoinCode.match_id.in_(match_ids))
        .execution_options(synchronize_session=False)
    )


def _read_card(night: ClubNight, kind: object, number: object) -> tuple[str, int]:
    """A card's kind and number, checked: 422 at ``kind`` or ``number``."""
    if kind not in KINDS or (kind == "player" and night.settings.get("scoring") != "players"):
        raise RuleError(
            "kind",
            "must be one of {ids}",
            code="unknown",
            ids=", ".join(KINDS if night.settings.get("scoring") == "players" else ("table",)),
        )
    most = _table_count(night) if kind == "table" else len(players_of(night))
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= most:
        raise RuleError(
            "number", "must be a whole number from 1 to {most}", code="range", most=most
        )
    return str(kind), number


def _table_count(night: ClubNight) -> int:
    rounds = rounds_of(night)
    return max((len(s.tables) for s in seatings(night, rounds).values()), default=0)


def check_table(night: ClubNight, number: int) -> None:
    """:class:`NotFound` for a table number the night has no card for (docs/club.md §7.3: the
    table's page and its API twin are a 404, not a table that waits for ever): none of its
    rounds seats it and no round still to draw will."""
    if not 1 <= number <= max(tables_used(night), tables_to_draw(night)):
        raise NotFound("this club night has no table {number}", number=number)


def new_code(public_id: str, token: str | None, kind: str, number: object) -> str:
    """Withdraw a table's (or player's) code and make a new one (docs/club.md §8): the old code
    stops working, every phone key of that card is deleted with its scorer keys, and so is
    every phone that came in through them ("score too" links: the links and their keys). The
    new code, returned once."""
    made: list[str] = []

    def change(night: ClubNight) -> None:
        card_kind, card_number = _read_card(night, kind, number)
        _withdraw(night, card_kind, card_number)
        made.append(new_table_code(night, card_kind, card_number))

    night_write(public_id, token, None, change)
    return made[0]


def _withdraw(night: ClubNight, kind: str, number: int) -> None:
    db.session.execute(
        sa.delete(ClubCode).where(
            ClubCode.club_night_id == night.id, ClubCode.kind == kind, ClubCode.number == number
        )
    )
    hashes = list(
        db.session.scalars(
            sa.select(ClubKey.key_hash).where(
                ClubKey.club_night_id == night.id, ClubKey.kind == kind, ClubKey.number == number
            )
        )
    )
    drop_keys(night, hashes)
    db.session.flush()


def night_key_role(night: ClubNight, key: str | None) -> tuple[str, int] | None:
    """What a phone's secret is on this night: ``("host", 0)``, ``("table", n)``,
    ``("player", n)``, or ``None``."""
    if not key or unstorable(key) is not None:
        return None
    if is_host(night, key):
        return ("host", 0)
    row = db.session.execute(
        sa.select(ClubKey.kind, ClubKey.number).where(
            ClubKey.club_night_id == night.id, ClubKey.key_hash == hash_token(key)
        )
    ).first()
    return (str(row[0]), int(row[1])) if row is not None else None
