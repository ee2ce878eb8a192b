"""Reading a club night (docs/club.md §9.7, §14): the night as ``GET`` shows it, its standings
(computed on every read, never stored), the standings' ETag, a table's round, the club place of
a match, the nights a phone opened. Nothing here writes but the summaries' cache."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal
from typing import Any

import sqlalchemy as sa
from flask import current_app

from ..extensions import db
from ..models import (
    ClubAdjustment,
    ClubNight,
    ClubPlayer,
    ClubRound,
    ClubTable,
    Group,
    Match,
    as_utc,
)
from ..rules import FINISHED, rotation, standings
from ..rules.rotation import Balance
from .club_adjust import standings_adjustments
from .club_awards import part_two_figures
from .club_common import (
    form_of,
    pair_members,
    pairs_of,
    players_of,
    rounds_of,
    seatings,
    table_matches,
)
from .club_limits import limit_of, side_totals
from .club_spots import (  # re-exported: the match's club place lives beside the night's reads
    _SPOTS,
    SPOTS_KEPT,
    ClubPlace,
    ClubSpot,
    club_of_match,
    club_spot_of,
    keep_spot,
)
from .replaying import hand_count, settlement, state_of

#: Per-process memo of a club match's figures by (match id, public id, version): a warm
#: standings read replays nothing (docs/club.md §9.7, §17: a warm read of 16 tables x 12
#: rounds <= 100 ms).
CLUB_FIGURES_MEMO = 8192


@dataclass(frozen=True)
class Figures:
    """What the night reads of one of its matches, at one version."""

    hands: int
    #: Each side's seat names (a team's players, or the one player), in the match's order.
    sides: tuple[tuple[str, ...], ...]
    totals: tuple[int, ...]
    #: The side index when the rules ended the match with a winner.
    rules_winner: int | None
    over: bool
    #: Units per seat name (nights kept in units), else ``None``.
    units: Mapping[str, int] | None


def _memo() -> dict[tuple[int, str, int], Figures]:
    memo: dict[tuple[int, str, int], Figures] | None = current_app.extensions.get("club_figures")
    if memo is None:
        memo = current_app.extensions["club_figures"] = {}
    return memo


def figures_of(match: Match, units: bool) -> tuple[Figures, bool]:
    """The figures of ``match`` at its version, and whether they were built now (not in the
    memo: the ``pending`` count of a read that had to replay)."""
    memo = _memo()
    # The public id too: SQLite may give a deleted match's id to a new one.
    key = (match.id, match.public_id, match.version)
    found = memo.get(key)
    if found is not None:
        return found, False
    state = state_of(match)
    teams = {team["name"]: tuple(team["players"]) for team in match.teams}
    sides = tuple(teams.get(side, (side,)) for side in state.sides)
    rows = side_totals(state)
    totals = tuple(rows[-1]) if rows else tuple(0 for _ in state.sides)
    rules_ended = state.status == FINISHED and not match.finished
    rules_winner = (
        state.sides.index(state.winner)
        if rules_ended and state.winner is not None and state.winner in state.sides
        else None
    )
    balances = dict(settlement(match, state).balances) if units and state.hands else None
    if units and balances is None:
        balances = dict.fromkeys(match.players, 0)
    found = Figures(
        hand_count(match), sides, totals, rules_winner, limit_of(match, state).over, balances
    )
    memo[key] = found
    while len(memo) > CLUB_FIGURES_MEMO:
        memo.pop(next(iter(memo)))
    return found, True


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
    subs = _substitutes(rounds)
    shown: list[dict[str, Any]] = []
    for stored in rounds:
        seating = seats[stored.id]
        tables = []
        for table_no, by_seat in sorted(seating.tables.items()):
            match = matches[stored.id].get(table_no)
            figures = figures_of(match, units)[0] if match is not None else None
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
    from .club_common import rotation_of

    return rotation_of(night).draws_rounds()


def _substitutes(rounds: Sequence[ClubRound]) -> dict[int, dict[int, list[dict[str, int]]]]:
    # Imported here: club_people writes and answers with this module's views (no cycle).
    from .club_people import substitutes_of

    return substitutes_of(rounds)


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


@dataclass(frozen=True)
class StandingsView:
    """The night's standings as §14's ``GET …/standings`` answers them."""

    standings: standings.Standings
    hidden: bool
    settlement: dict[str, Any] | None
    pending: int
    #: ``{"awards": [...], "purse": ...}`` (docs/club.md §10): :func:`_part_two_figures`.
    part_two: Mapping[str, Any] = field(default_factory=lambda: {"awards": [], "purse": None})

    def as_json(self) -> dict[str, Any]:
        """The §14 standings."""
        return {
            **self.standings.as_json(hidden=self.hidden),
            "awards": [] if self.hidden else list(self.part_two["awards"]),
            "purse": None if self.hidden else self.part_two["purse"],
            "settlement": None if self.hidden else self.settlement,
            "pending": self.pending,
        }


def night_results(night: ClubNight) -> tuple[list[standings.RoundResults], int]:
    """Each round's results as the standings rules take them, and how many matches were
    replayed for this read (not found in the memo)."""
    rounds = rounds_of(night)
    seats = seatings(night, rounds)
    matches = table_matches(rounds)
    units = form_of(night).units
    built = 0
    results: list[standings.RoundResults] = []
    for stored in rounds:
        seating = seats[stored.id]
        tables: list[standings.TableResult] = []
        for table_no, by_seat in sorted(seating.tables.items()):
            match = matches[stored.id].get(table_no)
            if match is None:
                continue
            figures, fresh = figures_of(match, units)
            built += fresh
            numbers = [by_seat[s] for s in sorted(by_seat)]
            number_of = dict(zip(match.players, numbers, strict=False))
            tables.append(
                standings.TableResult(
                    table=table_no,
                    seats=tuple(numbers),
                    sides=tuple(tuple(number_of[n] for n in side) for side in figures.sides),
                    totals=figures.totals,
                    winner=figures.rules_winner,
                    units=(
                        {number_of[n]: v for n, v in figures.units.items()}
                        if figures.units is not None
                        else None
                    ),
                    hands=figures.hands,
                )
            )
        results.append(
            standings.RoundResults(
                number=stored.number,
                status=stored.status,
                tables=tuple(tables),
                sitting_out=seating.sitting_out,
                absent=(),
            )
        )
    return results, built


def adjustments_of(night: ClubNight) -> list[ClubAdjustment]:
    """The night's adjustments, oldest first."""
    return list(
        db.session.scalars(
            sa.select(ClubAdjustment)
            .where(ClubAdjustment.club_night_id == night.id)
            .order_by(ClubAdjustment.id)
        )
    )


def night_standings(
    night: ClubNight, *, after_round: int | None = None, host: bool = False
) -> StandingsView:
    """The night's standings (docs/club.md §9), as they stand or as they stood when round
    ``after_round`` closed; hidden from readers before the end with ``reveal: "at-end"`` (the
    host, ``host``, sees them). Units nights add the room's settle-up (§11)."""
    form = form_of(night)
    rules = standings.read_standings_rules(form, night.settings["standings"])
    players = players_of(night)
    results, built = night_results(night)
    adjustments = standings_adjustments(players, adjustments_of(night))
    table = standings.standings(
        rules,
        form,
        [(p.number, p.name) for p in players],
        results,
        after_round=after_round,
        adjustments=adjustments,
    )
    if night.settings["rotation"]["scheme"] == rotation.FIXED_PAIRS:
        table = pair_table(night, table, players)
    hidden = rules.reveal == "at-end" and night.status != "finished" and not host
    room = None
    if form.units:
        balances: dict[int, int] = {p.number: 0 for p in players}
        # The rounds the standings count, no others (a planned round has no units; the round
        # in play only with ``live_round: "show"``; docs/club.md §9.6, §11).
        for result in standings.counted_rounds(rules, results, after_round):
            for played in result.tables:
                for number, units in (played.units or {}).items():
                    balances[number] = balances.get(number, 0) + units
        unit_value = Decimal(str(night.options.get("unit_value", "0")))
        try:
            room = standings.room_settlement(balances).as_json(unit_value)
        except ValueError:
            # Every table's balances sum to zero, so the room's do: if a stored match ever
            # breaks that, the standings still answer, without the settle-up (never a 500).
            current_app.logger.warning(
                "club night %s: the room's units do not sum to zero", night.read_id
            )
            room = None
    # Every stale match was replayed for this read (bounded: 32 tables x 40 rounds), so none
    # is left pending (docs/api.md "Groups": ``pending`` counts those left for later).
    del built
    extras = _part_two_figures(night, rules, results, table, after_round)
    return StandingsView(table, hidden, room, 0, extras)


def pair_table(
    night: ClubNight, table: standings.Standings, players: Sequence[ClubPlayer]
) -> standings.Standings:
    """A fixed-pairs night's standings per pair (docs/club.md §4.4, §9.1)."""
    pairs = pairs_of(night)
    members = pair_members(pairs, players)
    return standings.pair_standings(
        table,
        [(p.number, p.name, members[p.number]) for p in pairs if p.number in members],
    )


def _part_two_figures(
    night: ClubNight,
    rules: standings.StandingsRules,
    results: Sequence[standings.RoundResults],
    table: standings.Standings,
    after_round: int | None,
) -> dict[str, Any]:
    """The awards and purse of the standings answer (docs/club.md §10): :mod:`.club_awards`."""
    return part_two_figures(night, rules, results, table, after_round=after_round)


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
    from .reading import PUBLIC_ID

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
    "SPOTS_KEPT",
    "_SPOTS",
    "ClubPlace",
    "ClubSpot",
    "club_of_match",
    "club_spot_of",
    "keep_spot",
]
