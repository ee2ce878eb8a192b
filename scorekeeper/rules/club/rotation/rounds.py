"""The rounds of a club night as seated, their balance (docs/club.md §4.8) and a round the host
seats by hand (docs/club.md §4.9). :mod:`scorekeeper.rules.club.rotation.plan` re-exports every
name here."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ...core.errors import RuleError, raise_all
from ...core.readers import as_list
from ...games.club_form import ClubForm


@dataclass(frozen=True, slots=True)
class RoundPlan:
    """One round's seating: tables (index 0 is table 1) of players in seat order, and the
    sorted sit-outs."""

    tables: tuple[tuple[int, ...], ...]
    sitting_out: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Balance:
    """How fair a schedule is (docs/club.md §4.8); None where a figure does not apply."""

    design: str | None
    sitout_spread: int
    consecutive_sitouts: int
    partner_repeats: int | None
    max_partner: int | None
    opponent_excess: int | None
    max_opponent: int | None
    meet_repeats: int | None
    max_met: int | None
    never_met: int
    lower_bound_partner_repeats: int | None
    rematches: int | None

    def as_json(self) -> dict[str, Any]:
        """The ``balance`` object of docs/club.md §14."""
        return {
            "design": self.design,
            "sitout_spread": self.sitout_spread,
            "consecutive_sitouts": self.consecutive_sitouts,
            "partner_repeats": self.partner_repeats,
            "max_partner": self.max_partner,
            "opponent_excess": self.opponent_excess,
            "max_opponent": self.max_opponent,
            "meet_repeats": self.meet_repeats,
            "max_met": self.max_met,
            "never_met": self.never_met,
            "lower_bound": {"partner_repeats": self.lower_bound_partner_repeats},
            "rematches": self.rematches,
        }


# --- Balance ----------------------------------------------------------------------------------


def balance_of(
    form: ClubForm, rounds: Sequence[RoundPlan], players: Sequence[int], design: str | None
) -> Balance:
    """The balance of ``rounds`` over the night's ``players`` (docs/club.md §4.8).

    >>> from scorekeeper.rules.games.club_form import partnership_form
    >>> rounds = [RoundPlan(((1, 2, 3, 4),), (5,)), RoundPlan(((5, 2, 3, 4),), (1,))]
    >>> b = balance_of(partnership_form(), rounds, [1, 2, 3, 4, 5], None)
    >>> b.partner_repeats, b.max_partner, b.consecutive_sitouts, b.never_met
    (1, 2, 0, 1)
    """
    night = list(dict.fromkeys(players))
    partners: dict[tuple[int, int], int] = {}
    opponents: dict[tuple[int, int], int] = {}
    meets: dict[tuple[int, int], int] = {}
    sat_out = {x: 0 for x in night}
    played = {x: 0 for x in night}
    always = set(night)
    consecutive = 0
    last: set[int] = set()

    def bump(counts: dict[tuple[int, int], int], x: int, y: int) -> None:
        key = (x, y) if x < y else (y, x)
        counts[key] = counts.get(key, 0) + 1

    for r in rounds:
        here = set(r.sitting_out)
        for table in r.tables:
            here.update(table)
            for i, x in enumerate(table):
                played[x] = played.get(x, 0) + 1
                for y in table[i + 1 :]:
                    bump(meets, x, y)
            if form.partnerships and len(table) == 4:
                a, b, c, d = table
                bump(partners, a, c)
                bump(partners, b, d)
                for x, y in ((a, b), (a, d), (c, b), (c, d)):
                    bump(opponents, x, y)
        always &= here
        out = set(r.sitting_out)
        for x in out:
            sat_out[x] = sat_out.get(x, 0) + 1
        consecutive += len(out & last)
        last = out
    steady = [sat_out[x] for x in night if x in always]
    spread = max(steady) - min(steady) if steady and rounds else 0
    members = set(night)
    met = sum(1 for x, y in meets if x in members and y in members)
    never = len(night) * (len(night) - 1) // 2 - met
    if form.partnerships:
        over = sum(max(0, played[x] - (len(night) - 1)) for x in night)
        return Balance(
            design,
            spread,
            consecutive,
            _repeats(partners, 1),
            _most(partners),
            _repeats(opponents, 2),
            _most(opponents),
            None,
            None,
            never,
            (over + 1) // 2,
            None,
        )
    return Balance(
        design,
        spread,
        consecutive,
        None,
        None,
        None,
        None,
        _repeats(meets, 1),
        _most(meets),
        never,
        None,
        None,
    )


def _repeats(counts: dict[tuple[int, int], int], free: int) -> int:
    """Σ over pairs of the count beyond ``free``."""
    return sum(max(0, value - free) for value in counts.values())


def _most(counts: dict[tuple[int, int], int]) -> int:
    return max(counts.values(), default=0)


# --- A round seated by hand -------------------------------------------------------------------


def check_round(
    form: ClubForm, present: Sequence[int], tables: object, sitting_out: object
) -> RoundPlan:
    """A round the host seats by hand (docs/club.md §4.9): every present player exactly once,
    at a table of an allowed size or sitting out. Every refusal is collected (docs/club.md §19
    case 35 names two in one body): one alone is raised as itself, several as
    :class:`~scorekeeper.rules.core.errors.RuleErrors` (the first of them, carrying all).

    >>> from scorekeeper.rules.games.club_form import partnership_form
    >>> check_round(partnership_form(), range(1, 9), [[1, 4, 3, 7], [3, 2, 5, 8]], [])
    Traceback (most recent call last):
    ...
    scorekeeper.rules.core.errors.RuleErrors: tables[1][0]: is seated twice
    >>> from scorekeeper.rules.core.errors import RuleErrors
    >>> try:
    ...     check_round(partnership_form(), range(1, 9), [[1, 4, 3, 7], [3, 2, 5, 8]], [])
    ... except RuleErrors as refused:
    ...     print([(e.path, e.code) for e in refused.errors])
    [('tables[1][0]', 'twice'), ('tables', 'missing')]
    """
    here = set(present)
    seen: set[int] = set()
    refused: list[RuleError] = []
    rows = as_list(tables, "tables")  # not a list at all: nothing else can be checked
    checked: list[tuple[int, ...]] = []
    for i, row in enumerate(rows):
        path = f"tables[{i}]"
        try:
            table = as_list(row, path)
        except RuleError as error:
            refused.append(error)
            continue
        if not form.seats_lo <= len(table) <= form.seats_hi:
            refused.append(_bad_size(form, path))
        checked.append(
            tuple(_collect(refused, x, f"{path}[{j}]", here, seen) for j, x in enumerate(table))
        )
    try:
        out = [] if sitting_out is None else as_list(sitting_out, "sitting_out")
    except RuleError as error:
        refused.append(error)
        out = []
    resting = [_collect(refused, x, f"sitting_out[{i}]", here, seen) for i, x in enumerate(out)]
    missing = sorted(here - seen)
    if missing:
        refused.append(
            RuleError(
                "tables",
                "has no place for {players}",
                code="missing",
                players=", ".join(map(str, missing)),
            )
        )
    # Bounded: a body of many bad seats answers its first MAX_REFUSALS (the rest follow once
    # those are mended).
    raise_all(refused[:MAX_REFUSALS])
    return RoundPlan(tuple(checked), tuple(sorted(resting)))


#: The most refusals one round seated by hand answers at once.
MAX_REFUSALS = 40


def _bad_size(form: ClubForm, path: str) -> RuleError:
    """A table of a size the form does not seat."""
    if form.seats_lo == form.seats_hi:
        return RuleError(path, "must seat {seats} players", code="bad_size", seats=form.seats_lo)
    return RuleError(
        path,
        "must seat {low} to {high} players",
        code="bad_size",
        low=form.seats_lo,
        high=form.seats_hi,
    )


def _collect(
    refused: list[RuleError], value: object, path: str, here: set[int], seen: set[int]
) -> int:
    """:func:`_player`, its refusal added to ``refused`` (0 stands for the refused seat)."""
    try:
        return _player(value, path, here, seen)
    except RuleError as error:
        refused.append(error)
        return 0


def _player(value: object, path: str, here: set[int], seen: set[int]) -> int:
    """One player's number in a round seated by hand."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise RuleError(path, "must be a player's number", code="not_int")
    if value not in here:
        raise RuleError(path, "is not a player present in this round", code="unknown_player")
    if value in seen:
        raise RuleError(path, "is seated twice", code="twice")
    seen.add(value)
    return value
