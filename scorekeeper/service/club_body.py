"""Reading a club night's creation body as the rules do (docs/club.md §2.3): the name, the
form and its house rules, the players, the rotation, how a round ends, the standings settings,
who scores, awards and purse. Nothing here touches the database."""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ..rules import RuleError, find_variant, rotation, standings
from ..rules.club_form import ClubForm
from ..rules.entry import as_object, check_keys
from ..rules.names import name_key, read_name
from ..rules.rotation import Plan, Rotation
from .club_common import MAX_PLAYERS

#: The fields of a new night (docs/club.md §14 "Creating").
NIGHT_FIELDS = (
    "name",
    "variant",
    "rules",
    "players",
    "pairs",
    "rotation",
    "round",
    "standings",
    "awards",
    "purse",
    "scoring",
)
#: The fields of a schedule preview (``POST /api/v1/schedules``).
PREVIEW_FIELDS = ("variant", "rules", "players", "pairs", "rotation")
ROUND_FIELDS = ("hands", "minutes", "tie")
TIES = ("extra-hand", "draw")
SCORINGS = ("tables", "players")


def new_seed() -> int:
    """A seed for a draw nobody chose (docs/club.md §3: stored, so the draw can be redone)."""
    return secrets.randbelow(2**31)


def form_reader(variant_id: str, options: Mapping[str, Any]) -> Callable[[int | None], ClubForm]:
    """The form at the tables of this variant and options, by ``rotation.table_size``."""
    variant = find_variant(variant_id)
    return lambda table_size: variant.club_form(options, table_size)


def read_players(given: object) -> list[str]:
    """The names of ``players`` (§2.3): a list of 1..64 names, distinct as seat names."""
    if not isinstance(given, list):
        raise RuleError("players", "must be a list of names", code="not_list")
    if len(given) > MAX_PLAYERS:
        raise RuleError(
            "players", "a club night has at most {most} players", code="too_many", most=MAX_PLAYERS
        )
    names: list[str] = []
    seen: dict[str, str] = {}
    for i, value in enumerate(given):
        name = read_name(value, f"players[{i}]")
        key = name_key(name)
        if key in seen:
            raise RuleError(
                f"players[{i}]",
                "{given!r} is already a player of this night ({other!r})",
                code="same_player",
                given=name,
                other=seen[key],
            )
        seen[key] = name
        names.append(name)
    return names


def _check_count(form_of_size: Callable[[int | None], ClubForm], given: object, count: int) -> None:
    """Fewer players than one table's smallest seat count: 422 at ``players`` (§2.3)."""
    size = given.get("table_size") if isinstance(given, Mapping) else None
    try:
        form = form_of_size(size if isinstance(size, int) and not isinstance(size, bool) else None)
    except RuleError:
        return  # the rotation's own reading names the table size
    if count < form.seats_lo:
        raise RuleError(
            "players",
            "a club night of this form needs at least {least} players",
            code="too_few",
            least=form.seats_lo,
        )


def read_round(form: ClubForm, given: object) -> dict[str, Any]:
    """``round`` (§2.3): ``hands`` 1..60, ``minutes`` 5..240, ``tie``; a form with no end of
    its own (auction in units) needs ``hands`` or ``minutes``."""
    body = as_object({} if given is None else given, "round")
    check_keys(body, ROUND_FIELDS, "round")
    hands = _whole(body.get("hands"), "round.hands", 1, 60)
    minutes = _whole(body.get("minutes"), "round.minutes", 5, 240)
    tie = body.get("tie")
    if tie is not None and tie not in TIES:
        raise RuleError("round.tie", "must be one of {ids}", code="unknown", ids=", ".join(TIES))
    if form.units and hands is None and minutes is None:
        raise RuleError(
            "round",
            "a round of this form needs a number of hands or minutes: it has no end of its own",
            code="no_end",
        )
    if tie is None and hands is not None:
        tie = "extra-hand"
    return {"hands": hands, "minutes": minutes, "tie": tie}


def _whole(value: object, path: str, lo: int, hi: int) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise RuleError(
            path, "must be a whole number from {lo} to {hi}", code="range", lo=lo, hi=hi
        )
    return value


def read_extras(body: Mapping[str, Any]) -> tuple[str, list[str], None]:
    """``scoring``, ``awards`` (none offered in this release) and ``purse`` (none)."""
    scoring = body.get("scoring", "tables")
    if scoring not in SCORINGS:
        raise RuleError("scoring", "must be one of {ids}", code="unknown", ids=", ".join(SCORINGS))
    awards = body.get("awards")
    if awards is not None:
        if not isinstance(awards, list):
            raise RuleError("awards", "must be a list", code="not_list")
        if awards:
            raise RuleError("awards[0]", "is not offered for this form", code="not_offered")
    if body.get("purse") is not None:
        raise RuleError("purse", "is not offered for this form", code="not_offered")
    return str(scoring), [], None


@dataclass(frozen=True)
class ReadNight:
    """A creation body as the rules read it."""

    name: str
    variant: str
    options: dict[str, Any]
    players: list[str]
    form: ClubForm
    rotation: Rotation
    settings: dict[str, Any]


def read_form_and_rotation(
    body: Mapping[str, Any], count: int
) -> tuple[str, dict[str, Any], ClubForm, Rotation]:
    variant = find_variant(body.get("variant"))
    options = variant.resolve_options(body.get("rules"))
    if body.get("pairs") is not None:
        raise RuleError("pairs", "is not offered for this form", code="not_offered")
    reader = form_reader(variant.id, options)
    _check_count(reader, body.get("rotation"), count)
    rotation_read, form = rotation.read_rotation(reader, body.get("rotation"), count, new_seed)
    if count < form.seats_lo:
        raise RuleError(
            "players",
            "a club night of this form needs at least {least} players",
            code="too_few",
            least=form.seats_lo,
        )
    return variant.id, options, form, rotation_read


def read_body(body: Mapping[str, Any]) -> ReadNight:
    body = as_object(body, "_")
    check_keys(body, NIGHT_FIELDS, required=("name", "variant"))
    name = read_name(body.get("name"), "name")
    players = read_players(body.get("players"))
    variant, options, form, rotation_read = read_form_and_rotation(body, len(players))
    round_settings = read_round(form, body.get("round"))
    rules = standings.read_standings_rules(form, body.get("standings"))
    scoring, awards, purse = read_extras(body)
    settings = {
        "rotation": rotation_read.as_json(),
        "round": round_settings,
        "standings": rules.as_json(),
        "awards": awards,
        "purse": purse,
        "scoring": scoring,
    }
    return ReadNight(name, variant, options, players, form, rotation_read, settings)


def preview_schedule(body: Mapping[str, Any]) -> Plan:
    """The schedule a night of this body would have (``POST /api/v1/schedules``): nothing is
    stored. ``players``: names, or a count 1..64."""
    body = as_object(body, "_")
    check_keys(body, PREVIEW_FIELDS, required=("variant",))
    given = body.get("players")
    if isinstance(given, int) and not isinstance(given, bool):
        if not 1 <= given <= MAX_PLAYERS:
            raise RuleError("players", "must be from 1 to {most}", code="range", most=MAX_PLAYERS)
        count = given
    else:
        count = len(read_players(given))
    _, _, form, rotation_read = read_form_and_rotation(body, count)
    return rotation.plan(form, rotation_read, range(1, count + 1))
