"""Reading a club night's creation body as the rules do (docs/club.md §2.3): the name, the
form and its house rules, the players, the rotation, how a round ends, the standings settings,
who scores, awards and purse. Nothing here touches the database."""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ...rules import RuleError, find_variant
from ...rules.club.rotation import plan as rotation
from ...rules.club.rotation.plan import Plan, Rotation
from ...rules.club.standings import ranking as standings
from ...rules.core.names import check_new_name, name_key, read_name
from ...rules.core.readers import as_object, check_keys
from ...rules.games.club_form import ClubForm
from . import preview as club_preview
from .awards import read_settings
from .common import MAX_PLAYERS

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
    seen: dict[str, str] = {}
    return [_new_player(value, f"players[{i}]", seen) for i, value in enumerate(given)]


#: docs/club.md §2.3: a fixed-pairs night has 2 to 32 pairs.
MIN_PAIRS, MAX_PAIRS = 2, 32


def read_pairs(given: object) -> tuple[list[str], list[tuple[str, tuple[int, int]]]]:
    """``pairs`` (docs/club.md §2.3, §14): 2 to 32 pairs of two distinct players, no name
    twice across pairs (``pairs[i].players[j]``), a pair name that is no player's. The
    players are numbered in the order given (pair 1's two first); a pair without a name is
    "Ana & Cy" when that fits the name rules, else "Pair n". Returns the players' names and
    each pair's name with its two players' numbers."""
    if not isinstance(given, list):
        raise RuleError("pairs", "must be a list of pairs", code="not_list")
    if not MIN_PAIRS <= len(given) <= MAX_PAIRS:
        raise RuleError(
            "pairs",
            "a club night has {least} to {most} pairs",
            code="range",
            least=MIN_PAIRS,
            most=MAX_PAIRS,
        )
    names: list[str] = []
    seen: dict[str, str] = {}
    given_names: list[object] = []
    for i, pair in enumerate(given):
        body = as_object(pair, f"pairs[{i}]")
        check_keys(body, ("name", "players"), f"pairs[{i}]", required=("players",))
        names += _pair_players(body.get("players"), i, seen)
        given_names.append(body.get("name"))
    pairs: list[tuple[str, tuple[int, int]]] = []
    for i, wanted in enumerate(given_names):
        a, b = names[2 * i], names[2 * i + 1]
        if wanted is None:
            name = _default_pair_name(a, b, i + 1)
        else:
            name = read_name(wanted, f"pairs[{i}].name")
            check_new_name(
                name,
                seen.values(),
                f"pairs[{i}].name",
                taken="{given!r} is the name of a player of this night",
                code="same_player",
            )
        check_new_name(
            name,
            [other for other, _ in pairs],
            f"pairs[{i}].name",
            taken="{given!r} is already a pair of this night",
            code="same_pair",
        )
        pairs.append((name, (2 * i + 1, 2 * i + 2)))
    return names, pairs


def _pair_players(members: object, i: int, seen: dict[str, str]) -> list[str]:
    """Pair ``i``'s two players' names, none already a player (``seen``, which gains them)."""
    if not isinstance(members, list) or len(members) != 2:
        raise RuleError(f"pairs[{i}].players", "must be a list of two players", code="not_pair")
    return [_new_player(value, f"pairs[{i}].players[{j}]", seen) for j, value in enumerate(members)]


def _new_player(value: object, path: str, seen: dict[str, str]) -> str:
    """The name at ``path``, no player's already (``seen``: name key -> name, which gains it)."""
    name = read_name(value, path)
    check_new_name(
        name,
        seen.values(),
        path,
        taken="{given!r} is already a player of this night ({other!r})",
        code="same_player",
    )
    seen[name_key(name)] = name
    return name


def _default_pair_name(a: str, b: str, number: int) -> str:
    """A pair without a name: "Ana & Cy" when it fits the name rules, else "Pair 3" (§14)."""
    try:
        return read_name(f"{a} & {b}", "name")
    except RuleError:
        return f"Pair {number}"


def _scheme_given(body: Mapping[str, Any]) -> object:
    given = body.get("rotation")
    return given.get("scheme") if isinstance(given, Mapping) else None


def read_people(
    body: Mapping[str, Any],
) -> tuple[list[str], list[tuple[str, tuple[int, int]]]]:
    """The night's players and, for ``fixed-pairs``, its pairs (docs/club.md §2.3):
    ``players`` given with ``pairs`` is a 422 at ``players``, ``pairs`` with another scheme
    a 422 at ``pairs``, fixed pairs without ``pairs`` a 422 at ``pairs``."""
    scheme = _scheme_given(body)
    if body.get("pairs") is None:
        if scheme == rotation.FIXED_PAIRS:
            raise RuleError("pairs", "fixed pairs need the list of pairs", code="required")
        return read_players(body.get("players")), []
    if body.get("players") is not None:
        raise RuleError("players", "is not taken with pairs", code="not_allowed")
    if scheme != rotation.FIXED_PAIRS:
        raise RuleError("pairs", "is taken only with the scheme fixed-pairs", code="not_allowed")
    return read_pairs(body.get("pairs"))


def _check_count(form_of_size: Callable[[int | None], ClubForm], given: object, count: int) -> None:
    """Fewer players than one table's smallest seat count: 422 at ``players`` (§2.3)."""
    size = given.get("table_size") if isinstance(given, Mapping) else None
    try:
        form = form_of_size(size if isinstance(size, int) and not isinstance(size, bool) else None)
    except RuleError:
        return  # the rotation's own reading names the table size
    _check_enough(form, count)


def _check_enough(form: ClubForm, count: int) -> None:
    """Fewer players than ``form``'s smallest table: 422 at ``players`` (§2.3)."""
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
    """``scoring`` (awards and purse: :mod:`scorekeeper.service.club.awards`)."""
    scoring = body.get("scoring", "tables")
    if scoring not in SCORINGS:
        raise RuleError("scoring", "must be one of {ids}", code="unknown", ids=", ".join(SCORINGS))
    # ``awards`` and ``purse`` are read by :func:`scorekeeper.service.club.awards.read_settings`
    # (docs/club.md §10).
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
    #: Fixed pairs: each pair's name and its two players' numbers (pair n is index n - 1).
    pairs: list[tuple[str, tuple[int, int]]] = field(default_factory=list)

    def pair_members(self) -> dict[int, tuple[int, int]]:
        """Pair number -> its two players' numbers."""
        return {i: members for i, (_, members) in enumerate(self.pairs, start=1)}


def read_form_and_rotation(
    body: Mapping[str, Any], count: int
) -> tuple[str, dict[str, Any], ClubForm, Rotation]:
    variant = find_variant(body.get("variant"))
    options = variant.resolve_options(body.get("rules"))
    reader = form_reader(variant.id, options)
    _check_count(reader, body.get("rotation"), count)
    rotation_read, form = rotation.read_rotation(reader, body.get("rotation"), count, new_seed)
    _check_enough(form, count)
    return variant.id, options, form, rotation_read


def read_body(body: Mapping[str, Any]) -> ReadNight:
    body = as_object(body, "_")
    check_keys(body, NIGHT_FIELDS, required=("name", "variant"))
    name = read_name(body.get("name"), "name")
    players, pairs = read_people(body)
    variant, options, form, rotation_read = read_form_and_rotation(body, len(players))
    round_settings = read_round(form, body.get("round"))
    rules = standings.read_standings_rules(form, body.get("standings"))
    scoring, _, _ = read_extras(body)
    awards, purse = read_settings(
        variant, form, body.get("awards"), body.get("purse"), len(players)
    )
    settings = {
        "rotation": rotation_read.as_json(),
        "round": round_settings,
        "standings": rules.as_json(),
        "awards": awards,
        "purse": purse,
        "scoring": scoring,
    }
    return ReadNight(name, variant, options, players, form, rotation_read, settings, pairs)


def preview_schedule(body: Mapping[str, Any]) -> Plan:
    """The schedule a night of this body would have (``POST /api/v1/schedules``): nothing is
    stored. ``players``: names, or a count 1..64."""
    body = as_object(body, "_")
    check_keys(body, PREVIEW_FIELDS, required=("variant",))
    given = body.get("players")
    members: dict[int, tuple[int, int]] = {}
    if isinstance(given, int) and not isinstance(given, bool):
        if not 1 <= given <= MAX_PLAYERS:
            raise RuleError("players", "must be from 1 to {most}", code="range", most=MAX_PLAYERS)
        count = given
        if _scheme_given(body) == rotation.FIXED_PAIRS and body.get("pairs") is None:
            # A count of players for fixed pairs: players 2p − 1 and 2p make pair p.
            members = {p: (2 * p - 1, 2 * p) for p in range(1, count // 2 + 1)}
    else:
        names, pairs = read_people(body)
        count = len(names)
        members = {i: m for i, (_, m) in enumerate(pairs, start=1)}
    _, _, form, rotation_read = read_form_and_rotation(body, count)
    # Within the preview's budget and kept per process (club_preview; docs/api.md "Limits").
    given_rotation = body.get("rotation")
    seeded = isinstance(given_rotation, Mapping) and given_rotation.get("seed") is not None
    return club_preview.preview_plan(form, rotation_read, count, members, seeded)
