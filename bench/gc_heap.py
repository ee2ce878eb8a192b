"""The collector's settings of a serving process (scorekeeper/infra/heap.py), measured: the CPU
of a hand POST on PostgreSQL in one process (Flask's test client, answers ``Prefer:
return=minimal``), in batches that alternate CPython's default thresholds and
:func:`scorekeeper.infra.heap.settle`'s, so that the machine's noise falls on both alike (a
benchmark, not a test).

Run: .venv/bin/python bench/gc_heap.py [--matches 100] [--batches 12] [--batch 150]
"""

from __future__ import annotations

import argparse
import gc
import logging
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from serve import HAND, NEW_MATCH, database  # noqa: E402

DEFAULT = gc.get_threshold()


def main() -> None:
    """Print each setting's median and best CPU per POST, and their ratio."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--matches", type=int, default=100)
    parser.add_argument("--batches", type=int, default=12)
    parser.add_argument("--batch", type=int, default=150)
    options = parser.parse_args()
    with database() as url:
        os.environ.update(DATABASE_URL=url, SECRET_KEY="bench", RATELIMIT_ENABLED="0")
        flask = Path(sys.executable).parent / "flask"
        command = [str(flask), "--app", "scorekeeper", "db", "upgrade"]
        subprocess.run(command, cwd=ROOT, check=True, capture_output=True)
        from scorekeeper import create_app
        from scorekeeper.infra import heap

        app = create_app()
        logging.getLogger("scorekeeper.request").disabled = True  # stderr holds the figures
        client = app.test_client()
        targets = []
        for _ in range(options.matches):
            made = client.post("/api/v1/matches", json=NEW_MATCH).get_json()
            auth = {"Authorization": f"Bearer {made['edit_token']}", "Prefer": "return=minimal"}
            path = f"/api/v1/matches/{made['id']}/hands"
            for _ in range(20):  # matches of 20 hands and more, as bench/capacity.py's
                assert client.post(path, json=HAND, headers=auth).status_code == 201
            targets.append((path, auth))
        turn = 0

        def posts(count: int) -> float:
            nonlocal turn
            began = time.process_time()
            for _ in range(count):
                path, auth = targets[turn % len(targets)]
                turn += 1
                assert client.post(path, json=HAND, headers=auth).status_code == 201
            return (time.process_time() - began) / count * 1000

        posts(options.batch)  # warm
        heap.settle()  # frozen once, as a worker is; the thresholds alternate below
        figures: dict[str, list[float]] = {"default": [], "settled": []}
        for _ in range(options.batches):
            for name, threshold in (
                ("default", DEFAULT),
                ("settled", (heap.YOUNG, heap.MIDDLE, heap.OLD)),
            ):
                gc.set_threshold(*threshold)
                figures[name].append(posts(options.batch))
        for name, values in figures.items():
            print(
                f"{name:8} CPU per POST: median {statistics.median(values):.3f} ms, "
                f"best {min(values):.3f} ms"
            )
        ratio = statistics.median(figures["settled"]) / statistics.median(figures["default"])
        print(f"settled / default: {ratio:.2f}")


if __name__ == "__main__":
    main()
