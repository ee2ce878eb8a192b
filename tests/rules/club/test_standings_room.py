"""The room's settle-up of a night kept in units (docs/club.md §11; §19 cases 25 and 26). What
the answers are; how long they take is bench/room_settle.py's."""

from __future__ import annotations

import random
from decimal import Decimal

from scorekeeper.rules.club.standings.ranking import (
    RoundResults,
    read_standings_rules,
    room_settlement,
    standings,
)
from scorekeeper.rules.core.settle import EXACT_SETTLE
from scorekeeper.rules.games.club_form import ClubForm
from tests.rules.club.club_nights import units_table

UNITS = ClubForm(3, 6, 4, False, True, ("rotating-tables",), ("units", "wins"), False)
NAMES = ["Ana", "Ben", "Cruz", "Dee", "Eve", "Fay", "Gus", "Hal"]


def test_case_25_room_settle_up_from_the_standings() -> None:
    # Table 1 (Ana-Dee) +12, -4, -4, -4; table 2 (Eve-Hal) +3, +3, -10, +4.
    round_1 = RoundResults(
        1,
        "closed",
        (
            units_table(1, (1, 2, 3, 4), (12, -4, -4, -4)),
            units_table(2, (5, 6, 7, 8), (3, 3, -10, 4)),
        ),
        (),
        (),
    )
    night = standings(
        read_standings_rules(UNITS, None), UNITS, list(enumerate(NAMES, start=1)), [round_1]
    )
    balances = {row.player: row.units or 0 for row in night.rows}
    room = room_settlement(balances)
    shown = room.as_json(Decimal("0.25"))
    assert shown["fewest"] is True
    assert [
        (NAMES[t["from"] - 1], NAMES[t["to"] - 1], t["units"], t["amount"])
        for t in shown["transfers"]
    ] == [
        ("Gus", "Ana", 10, "2.50"),
        ("Cruz", "Eve", 3, "0.75"),
        ("Dee", "Fay", 3, "0.75"),
        ("Cruz", "Ana", 1, "0.25"),
        ("Dee", "Ana", 1, "0.25"),
        ("Ben", "Hal", 4, "1.00"),
    ]
    assert shown["balances"] == {
        "1": 12,
        "2": -4,
        "3": -4,
        "4": -4,
        "5": 3,
        "6": 3,
        "7": -10,
        "8": 4,
    }


def square(balances: dict[int, int], room_transfers: list[tuple[int, int, int]]) -> bool:
    left = dict(balances)
    for payer, payee, units in room_transfers:
        assert units > 0
        left[payer] += units
        left[payee] -= units
    return not any(left.values())


def test_case_26_over_the_cap_squares_everyone() -> None:
    draw = random.Random(26)
    for _ in range(5):
        balances = {p: draw.choice([-1, 1]) * draw.randint(1, 40) for p in range(1, 20)}
        if sum(balances.values()) == 0:  # the 20th must not be square: move the 1st away from 0
            balances[1] += 1 if balances[1] > 0 else -1
        balances[20] = -sum(balances.values())
        assert all(balances.values())
        assert len(balances) == 20 > EXACT_SETTLE
        room = room_settlement(balances)
        assert room.fewest is False
        assert len(room.transfers) <= 19
        assert square(balances, [(t.payer, t.payee, t.units) for t in room.transfers])


def test_sixty_four_players_settle_in_at_most_n_minus_one_transfers() -> None:
    # docs/club.md §11 (its "under 50 ms for 64 players" is bench/room_settle.py's).
    draw = random.Random(64)
    balances = {p: draw.randint(-30, 30) for p in range(1, 64)}
    balances[64] = -sum(balances.values())
    room = room_settlement(balances)
    assert square(balances, [(t.payer, t.payee, t.units) for t in room.transfers])
    assert len(room.transfers) <= sum(1 for b in balances.values() if b) - 1


def test_equal_and_opposite_pay_each_other_first_over_the_cap() -> None:
    balances = {p: (5 if p % 2 else -5) for p in range(1, 15)}
    balances.update({15: 7, 16: -3, 17: -4})
    room = room_settlement(balances)
    assert room.fewest is False
    pairs = [(t.payer, t.payee, t.units) for t in room.transfers]
    assert pairs[:7] == [(p + 1, p, 5) for p in range(1, 15, 2)]
    assert len(pairs) == 7 + 2
