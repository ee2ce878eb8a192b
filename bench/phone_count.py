"""The phone's engine's cost per Save over a long night (issue 38 point 6), side by side in one
run: at hand 6 and at hand 60 of a two-handed pinochle night, the engine's time to count the
waiting hands after a Save and the bytes of its answer to the page, as counted.js asked before
(the whole match sent, every op replayed from hand 1, every answer with every hand) and as it
asks now (the match named by its base, kept in the worker, each op resumed from a checkpoint,
answers without the hands: ``scorekeeper/rules/engine/kept.py``, ``resumed.py``).

Natively, on this machine's CPython (the phone runs the same code under Pyodide, some 2-4x
slower, and 4x more on a throttled phone): the ratios are what to read. Bench scripts measure,
tests assert behaviour (tests/phone/test_engine_counts.py).

Run: .venv/bin/python bench/phone_count.py [--waiting 1] [--repeat 20] (at most 6 waiting: the
night's target of 10,000 ends it at hand 67)
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scorekeeper.rules.engine import answers, kept
from tests.phone.test_engine_counts import night, page_op


def before(hands: int, waiting: int) -> tuple[float, int, int]:
    """Today's count before this change: ms, answer bytes, request bytes."""
    op = {k: v for k, v in page_op().items() if k != "minimal"}
    text = json.dumps({"lang": "en", "match": night(hands), "ops": [op] * waiting})
    started = time.perf_counter()
    answer = answers.run(text)
    return (time.perf_counter() - started) * 1000, len(answer), len(text)


def after(hands: int, waiting: int) -> tuple[float, int, int]:
    """The count now, at a Save: the match kept, the waiting hands before it counted before."""
    answers.KEPT = kept.Kept()
    base = {"id": "night", "version": hands, "hands": hands}
    answers.run(json.dumps({"lang": "en", "match": night(hands), "ops": [], "keep": True}))
    ops = [page_op()] * waiting
    answers.run(json.dumps({"lang": "en", "base": base, "ops": ops[:-1], "keep": True}))
    text = json.dumps({"lang": "en", "base": base, "ops": ops, "keep": True})
    started = time.perf_counter()
    answer = answers.run(text)
    return (time.perf_counter() - started) * 1000, len(answer), len(text)


def main() -> None:
    """Print the figures side by side."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--waiting", type=int, default=1, help="hands waiting after the Save")
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()
    print(f"per Save, {args.waiting} hand(s) waiting; median of {args.repeat}")
    print(f"{'':10}{'hand':>6}{'engine ms':>11}{'answer B':>10}{'request B':>11}")
    rows: dict[tuple[str, int], float] = {}
    for name, how in (("before", before), ("now", after)):
        for hands in (6, 60):
            runs = [how(hands, args.waiting) for _ in range(args.repeat)]
            ms = statistics.median(r[0] for r in runs)
            rows[name, hands] = ms
            print(f"{name:10}{hands:>6}{ms:>11.2f}{runs[0][1]:>10,}{runs[0][2]:>11,}")
    for name in ("before", "now"):
        print(f"{name}: hand 60 costs {rows[name, 60] / rows[name, 6]:.1f}x hand 6")
    print(f"at hand 60, now is {rows['before', 60] / rows['now', 60]:.0f}x faster than before")


if __name__ == "__main__":
    main()
