"""How the cost of computing a match grows with its length.

A match is never stored as scores: every read replays the hands through the rules. This
measures that replay for short and long matches of each variant in one run and prints the
ratio of time per hand (long / short), which should stay near 1 (linear replay), and the peak
memory of the longest replay. Ratios, not absolute times: the machines here are shared.

Run: .venv/bin/python bench/replay.py
"""

from __future__ import annotations

import time
import tracemalloc
from collections.abc import Callable
from typing import Any

from scorekeeper.rules import find_variant

Entry = dict[str, Any]


def _pinochle4(_: int) -> Entry:
    return {"meld": {"Team 1": 20, "Team 2": 40}, "tricks": {"Team 1": 120, "Team 2": 130}}


def _auction(n: int) -> Entry:
    players = ["Ana", "Ben", "Cruz", "Dee"]
    dealer = players[n % 4]
    bidder = players[(n + 1) % 4] if dealer != players[(n + 1) % 4] else players[(n + 2) % 4]
    return {
        "bidder": bidder,
        "bid": 300 + 10 * (n % 8),
        "trump": "hearts",
        "outcome": "made" if n % 3 else "set",
    }


def _pinnacola(_: int) -> Entry:
    return {
        "sides": {"Ana": {"table": 15, "hand": 10}, "Ben": {"table": 10, "hand": 15}},
        "closed_by": None,
        "in_mano": False,
        "pinnacolone": None,
        "stalled": True,
    }


CASES: dict[str, tuple[list[str], dict[str, Any], Callable[[int], Entry]]] = {
    # Totals kept far from the target so that long matches do not end early.
    "pinochle-4": (["Ana", "Ben", "Cruz", "Dee"], {"target": 100000}, _pinochle4),
    "auction": (["Ana", "Ben", "Cruz", "Dee"], {}, _auction),
    "pinnacola": (["Ana", "Ben"], {"target": 100000}, _pinnacola),
}


def replay_seconds(variant_id: str, hands: int, repeat: int = 5) -> float:
    """Best of ``repeat`` replays of a match of ``hands`` hands."""
    players, rules, make = CASES[variant_id]
    variant = find_variant(variant_id)
    setup = variant.setup(players, None, rules, None)
    entries = [make(n) for n in range(hands)]
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        variant.play(setup, entries)
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    """Print per-hand replay times for 20 and 200 hands, their ratio, and peak memory."""
    print(
        f"{'variant':<12} {'20 hands':>10} {'200 hands':>10} {'per-hand ratio':>15} {'peak KiB':>9}"
    )
    for variant_id in CASES:
        short = replay_seconds(variant_id, 20)
        long = replay_seconds(variant_id, 200)
        players, rules, make = CASES[variant_id]
        variant = find_variant(variant_id)
        setup = variant.setup(players, None, rules, None)
        tracemalloc.start()
        variant.play(setup, [make(n) for n in range(200)])
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        ratio = (long / 200) / (short / 20)
        print(
            f"{variant_id:<12} {short * 1e3:>8.2f}ms {long * 1e3:>8.2f}ms {ratio:>15.2f} "
            f"{peak / 1024:>9.0f}"
        )


if __name__ == "__main__":
    main()
