"""The re-plan a change of players makes (docs/club.md §6): who is present in each round, the
rounds not started planned again for them (a round already drawn or seated by hand keeps its
seats), and the new table codes the schedule needs. Nothing here commits: the callers' night
writes do (:func:`scorekeeper.service.club.setup.night_write`)."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa

from ...extensions import db
from ...models import ClubCode, ClubNight, ClubRound, ClubSeat
from ...rules.club.rotation import plan as rotation
from ...rules.club.rotation.plan import RoundPlan
from .common import (
    Seating,
    fixed_plans,
    form_of,
    pair_members,
    pairs_of,
    players_of,
    present_in,
    replace_seats,
    rotation_of,
    rounds_of,
    seatings,
    store_plan,
)
from .setup import new_table_code


def replan_present(night: ClubNight, seed: int | None = None, *, keep_seated: bool = False) -> None:
    """Re-plan every round not started for the players present in each (docs/club.md §6):
    the rounds played and in play are kept and counted (the heuristic of §4.7 sees them),
    each run of rounds with the same players present is planned after the ones before it
    (fixed pairs: the pairs both of whose players are present). A round drawn as the night
    goes (Danish, progressive, §4.6) loses its seats: it is drawn again, from whoever is
    present, when it starts (:func:`scorekeeper.service.club.draws.seat_at_start`). The design
    becomes null.

    ``keep_seated`` (a late arrival, a leaver, a substitute): a round not started that is
    seated already and not a planned scheme's (drawn: Danish, progressive; or seated by hand,
    §4.9) keeps its seats: a newcomer present in it sits out, a leaver leaves an empty seat
    that :func:`scorekeeper.service.club.rounds.start_round` refuses until the host edits the
    round."""
    players = players_of(night)
    kept = rotation_of(night)
    if seed is not None:
        kept = dataclasses.replace(kept, seed=seed)
    form = form_of(night)
    members = pair_members(pairs_of(night), players) if kept.scheme == rotation.FIXED_PAIRS else {}

    def drawn(number: int) -> bool:
        return kept.draws(number)

    def key(number: int) -> tuple[tuple[int, ...], bool]:
        return present_in(players, number), drawn(number)

    history: list[RoundPlan] = list(fixed_plans(night))
    first = len(history) + 1
    held = _held_rounds(night, drawn) if keep_seated else {}
    number = first
    while number <= kept.rounds:
        present, is_drawn = key(number)
        if number in held:
            history.append(_without_holes(held[number][1].plan(), set(present)))
            number += 1
            continue
        end = number
        while end < kept.rounds and key(end + 1) == key(number) and end + 1 not in held:
            end += 1
        here = set(present)
        pairs = {n: m for n, m in members.items() if m[0] in here and m[1] in here}
        if present and not is_drawn:
            made = rotation.plan(
                form, dataclasses.replace(kept, rounds=end), present, history, pairs=pairs
            )
            history = list(made.rounds)
        else:
            history += [RoundPlan((), ())] * (end - number + 1)
        number = end + 1
    store_plan(night, history, first=first)
    if not keep_seated:  # a re-plan by the host re-plans his hand-seated rounds too
        mark_seated_by_hand(night, {n for n in seated_by_hand(night) if n < first})
    for stored, seating in held.values():
        _store_held(night, stored, seating, present_in(players, stored.number))
    settings = dict(night.settings)
    settings["rotation"] = {**settings["rotation"], "seed": kept.seed, "design": None}
    night.settings = settings


def seated_by_hand(night: ClubNight) -> set[int]:
    """The rounds the host seated by hand (docs/club.md §4.9): kept by a late arrival or a
    leaver (§6). Stored in the night's settings, outside what §14 shows."""
    return set(night.settings.get("seated_by_hand", ()))


def mark_seated_by_hand(night: ClubNight, numbers: set[int]) -> None:
    """Store the rounds seated by hand (``numbers``)."""
    settings = dict(night.settings)
    settings["seated_by_hand"] = sorted(numbers)
    night.settings = settings


def _held_rounds(night: ClubNight, drawn: Any) -> dict[int, tuple[ClubRound, Seating]]:
    """The rounds not started that keep their seats through a change of players (§6)."""
    hand = seated_by_hand(night)
    planned = [r for r in rounds_of(night) if r.status == "planned"]
    seats = seatings(night, planned)
    return {
        r.number: (r, seats[r.id])
        for r in planned
        if seats[r.id].tables and (r.number in hand or drawn(r.number))
    }


def _without_holes(plan: RoundPlan, present: set[int]) -> RoundPlan:
    """A held round as the planner's history sees it: as seated when nobody left it, else
    none (a table with an empty seat is no game)."""
    if all(p in present for table in plan.tables for p in table):
        return plan
    return RoundPlan((), ())


def _store_held(
    night: ClubNight, stored: ClubRound, seating: Seating, present: Sequence[int]
) -> None:
    """Round ``stored`` keeps ``seating``: a player not present loses his seat (an empty seat,
    §6), a player present with no place sits out."""
    here = set(present)
    seated = [
        (number, table_no, seat)
        for table_no, by_seat in seating.tables.items()
        for seat, number in by_seat.items()
        if number in here
    ]
    placed = {number for number, _table, _seat in seated}
    replace_seats(night, stored, seated, sorted(here - placed))
    db.session.flush()


def tables_used(night: ClubNight) -> int:
    """The highest table number the night's schedule uses."""
    found = db.session.scalar(
        sa.select(sa.func.max(ClubSeat.table_no))
        .join(ClubRound, ClubRound.id == ClubSeat.round_id)
        .where(ClubRound.club_night_id == night.id)
    )
    return int(found or 0)


def new_table_codes(night: ClubNight, before: int) -> dict[int, str]:
    """A code for each table number the schedule uses now and had no card (docs/club.md §6:
    a new table number gets a new table code, returned once)."""
    have = set(
        db.session.scalars(
            sa.select(ClubCode.number).where(
                ClubCode.club_night_id == night.id, ClubCode.kind == "table"
            )
        )
    )
    return {
        n: new_table_code(night, "table", n)
        for n in range(1, max(before, tables_used(night), tables_to_draw(night)) + 1)
        if n not in have
    }


def tables_to_draw(night: ClubNight) -> int:
    """The most tables a round drawn as the night goes and not drawn yet will seat (§4.4,
    §4.5): its cards are needed before it is drawn (docs/club.md §6, a new table code)."""
    found = rotation_of(night)
    players = players_of(night)
    members = pair_members(pairs_of(night), players) if found.scheme == rotation.FIXED_PAIRS else {}
    rounds = [r for r in rounds_of(night) if r.status == "planned"]
    seats = seatings(night, rounds)
    most = 0
    for stored in rounds:
        drawn = found.draws(stored.number)
        if not drawn or seats[stored.id].tables:
            continue
        here = set(present_in(players, stored.number))
        if members:
            most = max(most, sum(1 for m in members.values() if set(m) <= here) // 2)
        else:
            most = max(most, len(here) // 4)  # progressive: tables of four only (§4.5)
    return most
