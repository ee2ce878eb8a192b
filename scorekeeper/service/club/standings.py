"""A club night's standings (docs/club.md §9, §10, §11): computed from its matches on every
read, never stored; each match's figures kept per process by its version, so a warm read
replays nothing."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

import sqlalchemy as sa
from flask import current_app

from ...extensions import db
from ...models import ClubAdjustment, ClubNight, ClubPlayer, Match
from ...rules import FINISHED
from ...rules.club.rotation import plan as rotation
from ...rules.club.standings import ranking as standings
from ..replaying import hand_count, settlement, state_of
from .adjust import AdjustmentView, night_adjustments, standings_adjustments
from .awards import part_two_figures
from .common import form_of, pair_members, pairs_of, players_of, rounds_of, seatings, table_matches
from .limits import limit_of, side_totals

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


def figures_of(match: Match, units: bool) -> Figures:
    """The figures of ``match`` at its version, from the memo or replayed now."""
    memo = _memo()
    # The public id too: SQLite may give a deleted match's id to a new one.
    key = (match.id, match.public_id, match.version)
    found = memo.get(key)
    if found is not None:
        return found
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
    return found


@dataclass(frozen=True)
class StandingsView:
    """The night's standings as §14's ``GET …/standings`` answers them."""

    standings: standings.Standings
    hidden: bool
    settlement: dict[str, Any] | None
    pending: int
    #: ``{"awards": [...], "purse": ...}`` (docs/club.md §10,
    #: :mod:`scorekeeper.service.club.awards`).
    part_two: Mapping[str, Any]

    def as_json(self) -> dict[str, Any]:
        """The §14 standings."""
        return {
            **self.standings.as_json(hidden=self.hidden),
            "awards": [] if self.hidden else list(self.part_two["awards"]),
            "purse": None if self.hidden else self.part_two["purse"],
            "settlement": None if self.hidden else self.settlement,
            "pending": self.pending,
        }


def night_results(night: ClubNight) -> list[standings.RoundResults]:
    """Each round's results as the standings rules take them."""
    rounds = rounds_of(night)
    seats = seatings(night, rounds)
    matches = table_matches(rounds)
    units = form_of(night).units
    results: list[standings.RoundResults] = []
    for stored in rounds:
        seating = seats[stored.id]
        tables: list[standings.TableResult] = []
        for table_no, by_seat in sorted(seating.tables.items()):
            match = matches[stored.id].get(table_no)
            if match is None:
                continue
            figures = figures_of(match, units)
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
    return results


def adjustments_of(night: ClubNight) -> list[ClubAdjustment]:
    """The night's adjustments, oldest first."""
    return list(
        db.session.scalars(
            sa.select(ClubAdjustment)
            .where(ClubAdjustment.club_night_id == night.id)
            .order_by(ClubAdjustment.id)
        )
    )


def adjustment_views(night: ClubNight) -> list[AdjustmentView]:
    """The night's adjustments for its pages, oldest first: by player or pair number."""
    return night_adjustments(players_of(night), adjustments_of(night))


def night_standings(
    night: ClubNight, *, after_round: int | None = None, host: bool = False
) -> StandingsView:
    """The night's standings (docs/club.md §9), as they stand or as they stood when round
    ``after_round`` closed; hidden from readers before the end with ``reveal: "at-end"`` (the
    host, ``host``, sees them). Units nights add the room's settle-up (§11)."""
    form = form_of(night)
    rules = standings.read_standings_rules(form, night.settings["standings"])
    players = players_of(night)
    results = night_results(night)
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
    extras = part_two_figures(night, rules, results, table, after_round=after_round)
    # Every stale match was replayed for this read (bounded: 32 tables x 40 rounds), so none
    # is left pending (docs/api.md "Groups": ``pending`` counts those left for later).
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
