"""The room's settle-up of a club night kept in units (docs/club.md §11; §19 case 26):
``rules.club.standings.room.room_settlement`` over the cap of the exact search
(``rules.core.settle.EXACT_SETTLE``, 12 players not square), where it pairs equal and opposite
balances and squares the rest greedily.

Two sizes, as the tests that used to time them (tests/rules/club/test_standings_room.py, which
keeps what the answers are): case 26's 20 players with non-zero balances (five draws) and 64
players. Each is the best of several tries (the machine is shared); docs/club.md's budget is
50 ms for either.

Run: .venv/bin/python bench/room_settle.py
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from functools import partial

from scorekeeper.rules.club.standings.room import room_settlement
from scorekeeper.rules.core.settle import EXACT_SETTLE

#: docs/club.md §11 and §19 case 26, in seconds.
BUDGET = 0.050
TRIES = 5


def best_of(run: Callable[[], object], tries: int = TRIES) -> float:
    """The fastest of ``tries`` runs, in seconds."""
    times = []
    for _ in range(tries):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


def case_26(draw: random.Random) -> dict[int, int]:
    """20 non-zero balances summing to zero, drawn as §19 case 26's test draws them."""
    balances = {p: draw.choice([-1, 1]) * draw.randint(1, 40) for p in range(1, 20)}
    if sum(balances.values()) == 0:  # the 20th must not be square: move the 1st away from 0
        balances[1] += 1 if balances[1] > 0 else -1
    balances[20] = -sum(balances.values())
    return balances


def sixty_four(draw: random.Random) -> dict[int, int]:
    """64 balances from -30 to 30 summing to zero (a few may be square)."""
    balances = {p: draw.randint(-30, 30) for p in range(1, 64)}
    balances[64] = -sum(balances.values())
    return balances


def main() -> None:
    """Print the room's settle-up time per size and draw, against the 50 ms budget."""
    print(f"room settle-up over the cap ({EXACT_SETTLE} players), budget {BUDGET * 1000:.0f} ms")
    print(f"{'players':>7} {'draw':>4} {'ms':>8} {'transfers':>9} fewest ok")
    cases: list[tuple[int, dict[int, int]]] = []
    draw = random.Random(26)
    cases += [(number, case_26(draw)) for number in range(1, 6)]
    cases.append((1, sixty_four(random.Random(64))))
    for number, balances in cases:
        room = room_settlement(balances)
        seconds = best_of(partial(room_settlement, balances))
        ok = "yes" if seconds <= BUDGET else "NO"
        print(
            f"{len(balances):>7} {number:>4} {seconds * 1000:>8.2f} {len(room.transfers):>9} "
            f"{room.fewest!s:>6} {ok}"
        )


if __name__ == "__main__":
    main()
