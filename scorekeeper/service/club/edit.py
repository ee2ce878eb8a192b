"""Changing a club night before and between its rounds (docs/club.md §2.2 draw again, §4.9 a
round by hand, §6 re-plan, §14 ``PATCH``): each a night write
(:func:`scorekeeper.service.club.setup.night_write`: the night locked, the host token and
``version`` checked, the version raised, one commit). The rounds played and in play never change."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...models import ClubNight
from ...rules import RuleError
from ...rules.club.rotation import plan as rotation
from ...rules.club.standings import ranking as standings
from ...rules.core.names import read_name
from ...rules.core.readers import as_object, check_keys
from ..outcomes import Conflict
from . import replan as club_replan
from .awards import patch_settings
from .body import form_reader, new_seed, read_round
from .common import (
    fixed_plans,
    form_of,
    night_plan,
    pair_members,
    pairs_of,
    players_of,
    present_in,
    rotation_of,
    round_of,
    rounds_of,
    seatings,
    store_plan,
    store_seating,
)
from .reading import NightView, night_view
from .setup import PATCH_FIELDS, night_write


def redraw(
    public_id: str, token: str | None, seed: object = None, version: object = None
) -> NightView:
    """A new draw and schedule (docs/club.md §2.2): 409 unless the night is in ``setup``."""

    def change(night: ClubNight) -> None:
        if night.status != "setup":
            raise Conflict("the night has started: draw again only before round 1 starts")
        _replan(night, seed, keep_fixed=False)

    return night_view(night_write(public_id, token, version, change))


def replan(
    public_id: str, token: str | None, seed: object = None, version: object = None
) -> NightView:
    """Re-plan every round not started (docs/club.md §6), the rounds played and in play kept;
    the night's design becomes null once a round is fixed."""

    def change(night: ClubNight) -> None:
        if night.status == "finished":
            raise Conflict("the night is finished")
        if rotation_of(night).draws_rounds():
            # Its rounds are drawn as the night goes (docs/club.md §4.6, §14 "replan").
            raise Conflict("a Danish or progressive night draws its rounds: it is not re-planned")
        _replan(night, seed, keep_fixed=True)

    return night_view(night_write(public_id, token, version, change))


def _everyone_present(night: ClubNight, rounds: int) -> bool:
    """True when every player is present in every round 1..``rounds`` (docs/club.md §6: no
    late arrival after round 1, no leaver): the whole night can then be planned at once (a
    design kept where one fits)."""
    return all(
        p.joined_round <= 1 and (p.leaves_after_round is None or p.leaves_after_round >= rounds)
        for p in players_of(night)
    )


def _replan_present(night: ClubNight, new_rotation: rotation.Rotation) -> None:
    """Store ``new_rotation`` (no design: docs/club.md §6) and re-plan the rounds not started
    for the players present in each (:func:`scorekeeper.service.club.replan.replan_present`), so
    that a leaver is never seated after he left and a late arrival not before he came."""
    settings = dict(night.settings)
    settings["rotation"] = {**new_rotation.as_json(), "design": None}
    night.settings = settings
    club_replan.replan_present(night, new_rotation.seed)


def _restore(night: ClubNight, plans: list[rotation.RoundPlan], first: int) -> None:
    """Seat rounds ``first``.. as ``plans`` again (rounds drawn as the night goes that a
    re-plan for the players present left without seats)."""
    stored = {r.number: r for r in rounds_of(night)}
    for number, plan in enumerate(plans, start=first):
        found = stored.get(number)
        if found is not None and found.status == "planned":
            store_seating(night, found, plan)


def _replan(night: ClubNight, seed: object, *, keep_fixed: bool) -> None:
    old = rotation_of(night)
    given = {**old.as_json()}
    given.pop("design", None)
    given["seed"] = new_seed() if seed is None else seed
    players = players_of(night)
    reader = form_reader(night.variant, night.options)
    new_rotation, form = rotation.read_rotation(reader, given, len(players), new_seed)
    del form
    if not _everyone_present(night, new_rotation.rounds):
        _replan_present(night, new_rotation)
        return
    fixed = fixed_plans(night) if keep_fixed else []
    plan = night_plan(night, _with_drawn(night, fixed, new_rotation), new_rotation)
    store_plan(night, plan.rounds, first=len(fixed) + 1)
    settings = dict(night.settings)
    # A re-planned night has no design, even before round 1 (docs/club.md §4.8, §6; §14's
    # ``design`` is null for "a night re-planned or edited"); a new draw keeps the design.
    design = None if keep_fixed else plan.balance.design
    settings["rotation"] = {**new_rotation.as_json(), "design": design}
    night.settings = settings


def put_round(public_id: str, token: str | None, number: int, body: Mapping[str, Any]) -> NightView:
    """Replace round ``number``'s seating by hand (docs/club.md §4.9); 409 once it started."""

    def change(night: ClubNight) -> None:
        given = as_object(body, "_")
        check_keys(given, ("tables", "sitting_out", "version"))
        stored = round_of(night, number)
        if stored.status != "planned":
            raise Conflict("round {number} has started: its seating cannot change", number=number)
        # Only the players present in this round are seated or sit out (docs/club.md §6):
        # a leaver has no place, a late arrival from this round on needs one.
        present = list(present_in(players_of(night), number))
        plan = rotation.check_round(
            form_of(night), present, given.get("tables"), given.get("sitting_out", [])
        )
        _check_pairs_kept(night, plan)
        store_seating(night, stored, plan)
        # Kept through a late arrival or a leaver (docs/club.md §6).
        club_replan.mark_seated_by_hand(night, club_replan.seated_by_hand(night) | {number})
        settings = dict(night.settings)
        settings["rotation"] = {**settings["rotation"], "design": None}
        night.settings = settings

    version = body.get("version") if isinstance(body, Mapping) else None
    return night_view(night_write(public_id, token, version, change))


def _check_pairs_kept(night: ClubNight, plan: rotation.RoundPlan) -> None:
    """Fixed pairs keep their partner in a round seated by hand (docs/club.md §4.4, §4.9): a
    422 at ``tables[i]`` for a table whose seats 1 + 3 or 2 + 4 are not one pair."""
    if night.settings["rotation"]["scheme"] != rotation.FIXED_PAIRS:
        return
    members = pair_members(pairs_of(night), players_of(night))
    pair_of = {x: p for p, two in members.items() for x in two}
    for i, table in enumerate(plan.tables):
        if len(table) == 4 and not (
            pair_of.get(table[0]) == pair_of.get(table[2]) is not None
            and pair_of.get(table[1]) == pair_of.get(table[3]) is not None
        ):
            raise RuleError(
                f"tables[{i}]", "partners at seats 1 + 3 and 2 + 4 must be pairs", code="not_pairs"
            )


def patch_night(public_id: str, token: str | None, body: Mapping[str, Any]) -> NightView:
    """Change the night's settings (docs/club.md §14 ``PATCH``): ``name``, ``rotation.rounds``
    (more rounds are planned, fewer drop planned ones; ``scheme``, ``draw``, ``seed`` and
    ``table_size`` only before round 1 starts, else 409), ``round.*`` (for rounds not started),
    ``standings.*``, ``awards``, ``purse``."""
    given = as_object(body, "_")
    check_keys(given, PATCH_FIELDS)

    def change(night: ClubNight) -> None:
        settings = dict(night.settings)
        if "name" in given:
            night.name = read_name(given["name"], "name")
        if "rotation" in given:
            _patch_rotation(night, as_object(given["rotation"], "rotation"))
            settings = dict(night.settings)
        form = form_of(night)
        if "round" in given:
            merged = {**settings["round"], **as_object(given["round"], "round")}
            settings["round"] = read_round(form, merged)
        if "standings" in given:
            merged = _merged_standings(settings["standings"], given["standings"])
            settings["standings"] = standings.read_standings_rules(form, merged).as_json()
        if "awards" in given or "purse" in given:
            count = len(players_of(night))
            settings.update(patch_settings(night.variant, form, settings, given, count))
        night.settings = settings

    return night_view(night_write(public_id, token, given.get("version"), change))


def _with_drawn(
    night: ClubNight, fixed: list[rotation.RoundPlan], new: rotation.Rotation
) -> list[rotation.RoundPlan]:
    """``fixed`` and the rounds after it already drawn (Danish, progressive: docs/club.md
    §4.6): more or fewer rounds keep a round drawn when the one before closed."""
    if not new.draws_rounds():
        return fixed
    rounds = [r for r in rounds_of(night) if r.status == "planned"]
    seats = seatings(night, rounds)
    kept = list(fixed)
    for stored in rounds:
        plan = seats[stored.id].plan()
        if stored.number != len(kept) + 1 or not plan.tables or stored.number > new.rounds:
            break
        kept.append(plan)
    return kept


def _merged_standings(stored: Mapping[str, Any], given: object) -> dict[str, Any]:
    """The stored standings settings with the ``PATCH``'s over them; a new formula takes its
    own default tie-breaks and VP table unless the ``PATCH`` names them (§9.4)."""
    patch = as_object(given, "standings")
    base = dict(stored)
    if "formula" in patch and patch["formula"] != base.get("formula"):
        base.pop("tie_breaks", None)
        base.pop("vp_table", None)
    return {**base, **patch}


def _patch_rotation(night: ClubNight, given: Mapping[str, Any]) -> None:
    old = rotation_of(night).as_json()
    old.pop("design", None)
    changed = {k for k, v in given.items() if old.get(k) != v}
    if night.status != "setup" and changed - {"rounds"}:
        field = sorted(changed - {"rounds"})[0]
        raise Conflict("rotation.{field} cannot change once round 1 has started", field=field)
    players = players_of(night)
    reader = form_reader(night.variant, night.options)
    new_rotation, form = rotation.read_rotation(reader, {**old, **given}, len(players), new_seed)
    fixed = fixed_plans(night)
    if new_rotation.rounds < len(fixed):
        raise Conflict("{count} rounds have started already", count=len(fixed))
    del form
    if not _everyone_present(night, new_rotation.rounds):
        # A settings change moves nobody: a round already drawn (or seated by hand) for the
        # players present stays as it is (docs/club.md §4.6, §4.9).
        drawn = _with_drawn(night, fixed, new_rotation)[len(fixed) :]
        _replan_present(night, new_rotation)
        _restore(night, drawn, first=len(fixed) + 1)
        return
    plan = night_plan(night, _with_drawn(night, fixed, new_rotation), new_rotation)
    store_plan(night, plan.rounds, first=len(fixed) + 1)
    settings = dict(night.settings)
    design = plan.balance.design if not fixed else None
    settings["rotation"] = {**new_rotation.as_json(), "design": design}
    night.settings = settings
