"""The settle-up across nights of a group of many players (issue 25; docs/records.md, "Money
across nights"): ``rules.settle.settle_up`` for 12, 18, 22 and 64 players, none of them square.

Each size is timed on balances of three shapes (the best of several tries: the machine is
shared):

- random: every balance from -500 to 500 units (few equal and opposite);
- small: every balance from -3 to 3 (many zero-sum subsets: the exhaustive search's worst);
- pairs: half the players owe what the other half are owed, one for one.

Up to ``rules.settle.EXACT_SETTLE`` (12) players not square the settle-up searches the fewest
transfers; beyond, it pairs equal and opposite balances and squares the rest greedily. With
``--exhaustive`` the bench also times the search itself at 18 and 22 (what a page cost before:
seconds to minutes each).

Issue 25's budgets: the exact search at 12 well under 300 ms, 64 players well under 50 ms.

Run: .venv/bin/python bench/settle.py [--exhaustive]
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable
from functools import partial

from scorekeeper.rules.core import settle

SIZES = (12, 18, 22, 64)
TRIES = 5


def balances(shape: str, count: int, seed: int) -> list[int]:
    """``count`` non-zero balances of ``shape`` summing to zero."""
    rnd = random.Random(seed)
    if shape == "pairs":  # SIZES are even
        half = [rnd.randint(1, 500) for _ in range(count // 2)]
        return half + [-b for b in half]
    top = 500 if shape == "random" else 3
    while True:
        found = [rnd.choice([-1, 1]) * rnd.randint(1, top) for _ in range(count - 1)]
        last = -sum(found)
        if last:
            return [*found, last]


def best_of(run: Callable[[], object], tries: int = TRIES) -> float:
    """The fastest of ``tries`` runs, in seconds."""
    times = []
    for _ in range(tries):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    """Print the settle-up's time per size and shape, and with ``--exhaustive`` the search's."""
    print(f"{'players':>7} {'shape':>7} {'ms':>9} {'transfers':>9} fewest")
    for count in SIZES:
        for shape in ("random", "small", "pairs"):
            players = [f"p{i}" for i in range(count)]
            totals = dict(zip(players, balances(shape, count, count), strict=True))
            found = settle.settle_up(totals, 0, players)
            assert len(found.transfers) <= count - 1
            seconds = best_of(partial(settle.settle_up, totals, 0, players))
            print(
                f"{count:>7} {shape:>7} {seconds * 1000:>9.2f} {len(found.transfers):>9} "
                f"{found.fewest}"
            )
    if "--exhaustive" in sys.argv:
        print("the exhaustive search alone (what every size cost before issue 25):")
        for count in (12, 18, 22):
            players = [f"p{i}" for i in range(count)]
            totals = dict(zip(players, balances("small", count, count), strict=True))
            seconds = best_of(partial(settle.zero_sum_groups, players, totals), tries=1)
            print(f"{count:>7} {'small':>7} {seconds * 1000:>9.0f} ms")


if __name__ == "__main__":
    main()
