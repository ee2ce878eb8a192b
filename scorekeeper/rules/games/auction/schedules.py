"""Units schedules and the trump multiplier of auction pinochle kept in units (docs/rules.md §2).

A bid is worth a number of units (chips) set by a schedule: seed 000's doubling one ("from 300
the amount doubles for every 50 more"), the one bracket higher table that was ``doubling`` before
revision 2 (``doubling-250``, kept for the matches created with it), ``hoyle`` (a house table
in the Hoyle style) or Scarne's (the presets of docs/rules.md §2's table), or the table's own
brackets. The trump may multiply it:
spades double (seed 000), hearts may triple.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from ...core.cards import Suit
from ...core.errors import RuleError
from ...core.readers import as_choice, as_int, as_list
from ..pinochle.melds import BID_STEP, MAX_BID

#: A units schedule: a preset's name, or ``[from_bid, units]`` brackets with rising ``from_bid``.
Schedule = str | Sequence[Sequence[int]]

#: docs/rules.md §2 table, ``doubling``. Seed 000: «a partir de 300, la cantidad se duplica por
#: cada 50 puntos extra» (from 300 the amount doubles for every 50 more), read literally: 1 unit
#: up to 340, then x2 every 50 from 350 all the way up to the 2000 guard; 1 unit at 250-290 is a
#: house reading (the seed says nothing below 300). A Hoyle-style table agrees up to 440 only
#: (450 pays 6 there): a custom schedule, not this one.
_DOUBLING: Final = (
    (250, 1),
    *((bid, 2 ** ((bid - 300) // 50)) for bid in range(300, MAX_BID + 1, 50)),
)
#: docs/rules.md §2 table, ``doubling-250``: ``doubling`` before revision 2, one bracket higher
#: (1 unit at 250-290, 2 at 300-340, x2 every 50 from 250). Matches created with it keep it.
_DOUBLING_250: Final = tuple((bid, 2 ** ((bid - 250) // 50)) for bid in range(250, MAX_BID + 1, 50))
#: ``hoyle`` (docs/rules.md table): a house table in the Hoyle style, 30 units from 600 up; its
#: figures were found in no source checked, so none is cited.
_HOYLE: Final = (
    (250, 2),
    (300, 3),
    (350, 5),
    (400, 10),
    (450, 15),
    (500, 20),
    (550, 25),
    (600, 30),
)
#: Scarne's schedule (docs/rules.md table): one more unit every 50, 11 from 700 up.
_SCARNE: Final = (
    (250, 2),
    (300, 3),
    (350, 4),
    (400, 5),
    (450, 6),
    (500, 7),
    (550, 8),
    (600, 9),
    (650, 10),
    (700, 11),
)
SCHEDULES: Final[Mapping[str, tuple[tuple[int, int], ...]]] = {
    "doubling": _DOUBLING,
    "doubling-250": _DOUBLING_250,
    "hoyle": _HOYLE,
    "scarne": _SCARNE,
}


def brackets(schedule: Schedule) -> tuple[tuple[int, int], ...]:
    """The ``(from_bid, units)`` brackets of a preset name or a custom list, lowest first.

    >>> brackets("hoyle")[:3]
    ((250, 2), (300, 3), (350, 5))
    >>> brackets([[300, 1], [400, 3]])
    ((300, 1), (400, 3))
    """
    if isinstance(schedule, str):
        return SCHEDULES[schedule]
    return tuple((int(start), int(units)) for start, units in schedule)


def units(bid: int, schedule: Schedule = "doubling") -> int:
    """How many units a bid is worth: the bracket it falls in (docs/rules.md §2 table).

    Only the bid counts: taking more than the bid earns nothing more.

    >>> units(340), units(350), units(650)
    (1, 2, 128)
    >>> units(340, "doubling-250"), units(350, "doubling-250"), units(650, "doubling-250")
    (2, 4, 256)
    >>> units(650, "hoyle"), units(700, "scarne")
    (30, 11)
    >>> units(420, [[300, 1], [400, 3]])
    3
    """
    table = brackets(schedule)
    if not table[0][0] <= bid <= MAX_BID:
        raise ValueError(f"a bid of {bid} is outside the schedule ({table[0][0]}-{MAX_BID})")
    worth = table[0][1]
    for start, value in table:
        if bid >= start:
            worth = value
    return worth


def trump_multiplier(
    trump: Suit, *, spades_double: bool = True, hearts_triple: bool = False
) -> int:
    """The trump multiplier ``m``: spades x2 (seed 000, on by default), hearts x3 (off).

    >>> trump_multiplier(Suit.SPADES), trump_multiplier(Suit.HEARTS, hearts_triple=True)
    (2, 3)
    >>> trump_multiplier(Suit.CLUBS)
    1
    """
    if trump is Suit.SPADES and spades_double:
        return 2
    if trump is Suit.HEARTS and hearts_triple:
        return 3
    return 1


def read_schedule(value: Any, path: str) -> str | list[list[int]]:
    """The ``schedule`` option: a preset name, or a custom list of ``[from_bid, units]``
    brackets (kept as JSON lists).

    Brackets rise strictly by ``from_bid`` (a multiple of 10, at most 2000) and pay a positive
    number of units.

    >>> read_schedule([[300, 1], [400, 3]], "rules.schedule")
    [[300, 1], [400, 3]]
    >>> read_schedule("hoyle", "rules.schedule")
    'hoyle'
    """
    if isinstance(value, str):
        return as_choice(value, path, tuple(SCHEDULES))
    if not isinstance(value, list):
        raise RuleError(
            path,
            "must be one of {choices} or a list of [from_bid, units] brackets",
            code="bad_schedule",
            choices=", ".join(SCHEDULES),
        )
    if not value:
        raise RuleError(
            path, "a schedule needs at least one [from_bid, units] bracket", code="empty"
        )
    table: list[list[int]] = []
    for i, raw in enumerate(value):
        where = f"{path}[{i}]"
        pair = as_list(raw, where)
        if len(pair) != 2:
            raise RuleError(where, "a bracket is [from_bid, units]", code="bad_bracket")
        start = as_int(pair[0], f"{where}[0]", low=BID_STEP, high=MAX_BID)
        if start % BID_STEP:
            raise RuleError(
                f"{where}[0]", "must be a multiple of {step}", code="not_multiple", step=BID_STEP
            )
        if table and start <= table[-1][0]:
            raise RuleError(
                f"{where}[0]",
                "brackets must rise: {start} is not above {previous}",
                code="not_ascending",
                start=start,
                previous=table[-1][0],
            )
        worth = as_int(pair[1], f"{where}[1]", low=1)
        table.append([start, worth])
    return table
