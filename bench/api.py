"""Full-stack cost of reading a match over the JSON API, short vs long, and of the scoreboard's
poll when nothing changed (304: no replay at all).

Builds matches through the API on a temporary SQLite database and times GET
/api/v1/matches/<id> (best of several) at 20 and 200 hands, printing per-hand ratios in one run
(the machines are shared: compare ratios, not absolute times).

Run: .venv/bin/python bench/api.py
"""

from __future__ import annotations

import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

from flask_migrate import upgrade

from scorekeeper import create_app
from scorekeeper.config import TestConfig

HAND = {"meld": {"Team 1": 20, "Team 2": 40}, "tricks": {"Team 1": 120, "Team 2": 130}}


def best_of(repeat: int, action: Callable[[], object]) -> float:
    """The fastest of ``repeat`` calls of ``action``, in seconds."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    """Print GET times at 20 and 200 hands, their per-hand ratio, and the 304 poll."""
    folder = Path(tempfile.mkdtemp())
    app = create_app(TestConfig(str(folder), f"sqlite:///{folder / 'bench.sqlite'}"))
    with app.app_context():
        upgrade()
    client = app.test_client()
    times: dict[int, float] = {}
    for hands in (20, 200):
        created = client.post(
            "/api/v1/matches",
            json={
                "variant": "pinochle-4",
                "players": ["Ana", "Ben", "Cruz", "Dee"],
                "rules": {"target": 100000},
            },
        ).get_json()
        auth = {"Authorization": "Bearer " + created["edit_token"]}
        url = f"/api/v1/matches/{created['id']}"
        for _ in range(hands):
            assert client.post(url + "/hands", json=HAND, headers=auth).status_code == 201
        times[hands] = best_of(20, partial(client.get, url))
        etag = client.get(url).headers["ETag"]
        poll = best_of(50, partial(client.get, url, headers={"If-None-Match": etag}))
        print(
            f"GET match, {hands:>3} hands: {times[hands] * 1e3:7.2f} ms; "
            f"304 poll: {poll * 1e3:5.2f} ms"
        )
    ratio = (times[200] / 200) / (times[20] / 20)
    print(f"per-hand cost ratio 200/20 hands: {ratio:.2f} (below 1: fixed costs dominate)")


if __name__ == "__main__":
    main()
