"""The rounds a club night draws as it goes (docs/club.md §4.4 Danish, §4.5 progressive,
§4.6): round r + 1 is drawn when round r closes (in that close's transaction), or, when it
could not be then (progressive players not filling tables of four), when the host starts it.
Nothing here commits: the callers' night writes do
(:func:`scorekeeper.service.club.setup.night_write`)."""

from __future__ import annotations

import random

from ...models import ClubNight, ClubRound
from ...rules.club.rotation import (
    plan as rotation,
)
from ...rules.club.rotation import (
    progressive as rotation_progressive,
)
from ...rules.club.rotation.movements import default_movement
from ...rules.club.rotation.pairs import develop
from ...rules.club.rotation.plan import Rotation, RoundPlan
from ..outcomes import Conflict
from .common import (
    form_of,
    pair_members,
    pairs_of,
    players_of,
    present_in,
    rotation_of,
    rounds_of,
    seatings,
    store_seating,
)
from .standings import night_results, night_standings


def draw_after_close(night: ClubNight, closed: ClubRound) -> None:
    """Round ``closed.number + 1`` drawn now when the night draws it (Danish from the
    standings after the round closed, progressive from its results). A progressive round that
    the players present do not fill stays unseated: starting it is the 409 of §4.5."""
    found = rotation_of(night)
    number = closed.number + 1
    stored = next((r for r in rounds_of(night) if r.number == number), None)
    if stored is None or stored.status != "planned" or not found.is_drawn(number):
        return
    try:
        plan = drawn_round(night, found, number)
    except rotation_progressive.TableCountError:
        plan = RoundPlan((), ())
    store_seating(night, stored, plan)


def seat_at_start(night: ClubNight, stored: ClubRound) -> None:
    """A drawn round with no seats yet, drawn as it starts (docs/club.md §4.5): a progressive
    round 1 of the players present, a later round from the round before; a 409 that says how
    many are over or missing when they do not fill tables of four."""
    found = rotation_of(night)
    kind = found.kind
    if kind is None or not found.draws(stored.number):
        return
    try:
        if stored.number == 1 and isinstance(kind, rotation_progressive.Progressive):
            order = list(present_in(players_of(night), 1))
            if found.draw == "shuffle":
                random.Random(found.seed).shuffle(order)
            plan = kind.first(order)
        else:
            plan = drawn_round(night, found, stored.number)
    except rotation_progressive.TableCountError as error:
        raise Conflict(error.template, **error.params) from None
    store_seating(night, stored, plan)


def drawn_round(night: ClubNight, found: Rotation, number: int) -> RoundPlan:
    """Round ``number`` drawn from the rounds before it (the last one closed)."""
    rounds = rounds_of(night)
    seats = seatings(night, rounds)
    before = [r for r in rounds if r.number < number]
    players = players_of(night)
    present = list(present_in(players, number))
    kind = found.kind
    if isinstance(kind, rotation_progressive.Progressive):
        results = night_results(night)
        previous = before[-1]
        result = next(r for r in results if r.number == previous.number)
        return kind.after(form_of(night), seats[previous.id].plan(), result, present)
    members = pair_members(pairs_of(night), players)
    here = set(present)
    playing = {p: m for p, m in members.items() if m[0] in here and m[1] in here}
    history = rotation.pairs_rounds([seats[r.id].plan() for r in before], members)
    order = [p for p in standings_order(night, before[-1].number) if p in playing]
    settings = found.movement or default_movement()
    draw = settings.drawer(number).after(history, order, settings.avoid)
    return develop(draw.round, playing)


def standings_order(night: ClubNight, after_round: int) -> list[int]:
    """The pairs in standings order after ``after_round`` (ties by pair number, §4.4)."""
    table = night_standings(night, after_round=after_round, host=True).standings
    return [row.pair for row in table.rows if row.pair is not None]
