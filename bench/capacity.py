"""Issue 14's server targets, side by side in one run (a benchmark, not a test):

1. hand POST on PostgreSQL against the durable-write floor (``bench/floor_app.py``: lock the
   row, insert, bump, commit; nothing else) under the same gunicorn settings and the same
   clients: throughput ratio (target >= 0.6) and p99 ratio (target <= 2);
2. hand POST on SQLite with two workers: p99 (target < 100 ms);
3. a club room on PostgreSQL: N tables, each with four phones polling the scoreboard as its
   page does (every 4 s, ``If-None-Match``) and one hand every 90 s; the largest N whose p99
   stays under 200 ms (target: at least 500 tables). Open loop: every request is due at its
   time and its latency counts from then, so a server that falls behind shows it.

The load comes from this process on the same 2-core machine as the server and the database, so
the figures are lower bounds. gunicorn runs as ``bin/serve`` runs it (``gunicorn.conf.py``).

Run: .venv/bin/python bench/capacity.py [--seconds 10] [--tables 100,250,500,750]
"""

from __future__ import annotations

import argparse
import heapq
import os
import queue
import random
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TypeVar

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from serve import HAND, NEW_MATCH, Client, database, load, server  # noqa: E402

MINIMAL = {"Prefer": "return=minimal"}
T = TypeVar("T")


@contextmanager
def gunicorn(url: str, app: str | None = None, workers: int = 2, threads: int = 8) -> Iterator[int]:
    """gunicorn as ``bin/serve`` runs it, serving the app or ``app`` (bench/serve.py)."""
    with server(url, workers, threads, app) as port:
        yield port


def matches(port: int, count: int, hands: int = 0) -> list[tuple[str, dict[str, str], int]]:
    """``count`` new four-handed matches: path, auth headers (minimal answers), row id."""
    setup = Client(port)
    made = []
    for _ in range(count):
        status, body, _ = setup.call("POST", "/api/v1/matches", NEW_MATCH)
        assert status == 201, body
        path = f"/api/v1/matches/{body['id']}"
        auth = {"Authorization": f"Bearer {body['edit_token']}", **MINIMAL}
        for _ in range(hands):
            assert setup.call("POST", path + "/hands", HAND, auth)[0] == 201
        made.append((path, auth, 0))
    return made


def spread(items: list[T], clients: int) -> Callable[[int], T]:
    """For client ``n``, the next of ``items`` in its turn: the clients never share one."""
    turns = [0] * clients

    def pick(n: int) -> T:
        turns[n] += 1
        return items[(n + clients * turns[n]) % len(items)]

    return pick


def hand_writes(port: int, clients: int, seconds: float) -> tuple[float, list[float], int]:
    """Hand POSTs from ``clients`` for ``seconds``, spread over many matches (one match reaches
    its target after about 590 of these hands and refuses the rest)."""
    next_match = spread(matches(port, clients * 16), clients)

    def write(client: Client, n: int) -> bool:
        path, auth, _ = next_match(n)
        return client.call("POST", path + "/hands", HAND, auth)[0] == 201

    return load(port, clients, seconds, write)


def p(latencies: list[float], q: int) -> float:
    return statistics.quantiles(latencies, n=100)[q - 1]


def writes_against_floor(seconds: float, clients: int, rounds: int = 4) -> None:
    """Target 1: the app's hand POST and the floor, same server settings, same clients. Both
    servers run at once and take turns (``rounds`` times each, ``seconds`` in all each), so a
    noisy neighbour on the machine weighs on both alike."""
    import sqlalchemy as sa

    with database() as url, gunicorn(url) as app_port:
        next_match = spread(matches(app_port, clients * 16), clients)
        matches(app_port, clients * 16)  # the floor's own matches: its hands are not the app's
        engine = sa.create_engine(url)
        with engine.connect() as connection:
            ids = list(connection.execute(sa.text("SELECT id FROM matches ORDER BY id")).scalars())
        engine.dispose()
        next_id = spread(ids[clients * 16 :], clients)

        def app_write(client: Client, n: int) -> bool:
            path, auth, _ = next_match(n)
            return client.call("POST", path + "/hands", HAND, auth)[0] == 201

        def floor_write(client: Client, n: int) -> bool:
            return client.call("POST", f"/floor/{next_id(n)}", {})[0] == 201

        totals: dict[str, list[float]] = {"app": [0.0, 0.0], "floor": [0.0, 0.0]}
        latencies: dict[str, list[float]] = {"app": [], "floor": []}
        with gunicorn(url, "floor_app:app") as floor_port:
            for _ in range(rounds):
                for name, port, step in (
                    ("app", app_port, app_write),
                    ("floor", floor_port, floor_write),
                ):
                    rate, lat, fail = load(port, clients, seconds / rounds, step)
                    totals[name][0] += rate * seconds / rounds
                    totals[name][1] += fail
                    latencies[name] += lat
    app_rate, floor_rate = totals["app"][0] / seconds, totals["floor"][0] / seconds
    app_lat, floor_lat = latencies["app"], latencies["floor"]
    print(
        f"hand POST, PostgreSQL, {clients} clients, {rounds} turns of {seconds / rounds:.1f} s each"
    )
    print(
        f"  floor  {floor_rate:7.0f}/s  p99 {p(floor_lat, 99) * 1e3:6.1f} ms  "
        f"failures {totals['floor'][1]:.0f}"
    )
    print(
        f"  app    {app_rate:7.0f}/s  p99 {p(app_lat, 99) * 1e3:6.1f} ms  "
        f"failures {totals['app'][1]:.0f}"
    )
    ratio, slower = app_rate / floor_rate, p(app_lat, 99) / p(floor_lat, 99)
    print(
        f"  throughput {ratio:.2f}x the floor (target >= 0.6: {'ok' if ratio >= 0.6 else 'MISSED'})"
    )
    print(f"  p99 {slower:.2f}x the floor's (target <= 2: {'ok' if slower <= 2 else 'MISSED'})")


def sqlite_writes(seconds: float, clients: int) -> None:
    """Target 2: hand POST p99 on SQLite with two workers."""
    folder = Path(tempfile.mkdtemp())
    with gunicorn(f"sqlite:///{folder / 'bench.sqlite'}", workers=2) as port:
        rate, latencies, failures = hand_writes(port, clients, seconds)
    verdict = "ok" if p(latencies, 99) < 0.1 else "MISSED"
    print(f"hand POST, SQLite, 2 workers, {clients} clients: {rate:.0f}/s, ", end="")
    print(f"p99 {p(latencies, 99) * 1e3:.1f} ms (target < 100 ms: {verdict}), failures {failures}")


def phone_request(
    client: Client,
    match: tuple[str, dict[str, str], int],
    kind: int,
    etags: dict[tuple[int, int], str],
    phone: tuple[int, int],
) -> bool:
    """A scoreboard poll (kind 0) as ``static/board.js`` sends it: the API with the phone's last
    ETag and, when the match changed (200), the board's part to swap in; or a hand (kind 1)."""
    path, auth, _ = match
    if kind == 1:
        return client.call("POST", path + "/hands", HAND, auth)[0] == 201
    status, _, answer = client.call("GET", path, headers={"If-None-Match": etags.get(phone, "")})
    if status == 200:
        etags[phone] = answer.get("ETag", "")
        public_id = path.rsplit("/", 1)[1]
        return client.call("GET", f"/m/{public_id}/board/part", text=True)[0] == 200
    return status == 304


def opened(port: int, made: list[tuple[str, dict[str, str], int]]) -> dict[tuple[int, int], str]:
    """The ETag each phone's scoreboard starts from: the version its page was rendered at
    (``data-etag`` of templates/matches/board.html), the page opened before the room is timed."""
    client = Client(port)
    etags = {}
    for table, (path, _, _) in enumerate(made):
        status, _, answer = client.call("GET", path)
        assert status == 200
        etags.update({(table, phone): answer["ETag"] for phone in range(4)})
    return etags


def club_room(port: int, tables: int, seconds: float) -> tuple[float, float, int, int]:
    """``tables`` tables for ``seconds``: p50, p99 (s), requests and failures."""
    made = matches(port, tables, hands=5)
    pick = random.Random(tables)
    # (due, kind, table, phone): polls every 4 s per phone, a hand every 90 s per table, each
    # table's phase random (the phones did not open the page at the same moment).
    events: list[tuple[float, int, int, int]] = []
    for table in range(tables):
        for phone in range(4):
            first = pick.uniform(0, 4)
            events += [(first + 4 * k, 0, table, phone) for k in range(int(seconds / 4) + 1)]
        first = pick.uniform(0, 90)
        events += [(first + 90 * k, 1, table, 0) for k in range(int(seconds / 90) + 1)]
    events = [event for event in events if event[0] < seconds]
    heapq.heapify(events)
    etags = opened(port, made)
    due: queue.Queue[tuple[float, int, int, int] | None] = queue.Queue()
    latencies: list[float] = []
    failures = [0]
    lock = threading.Lock()
    start = time.perf_counter() + 0.5

    def worker() -> None:
        client = Client(port)
        while (event := due.get()) is not None:
            at, kind, table, phone = event
            ok = phone_request(client, made[table], kind, etags, (table, phone))
            took = time.perf_counter() - (start + at)
            with lock:
                latencies.append(took)
                failures[0] += not ok

    threads = [threading.Thread(target=worker) for _ in range(48)]
    for thread in threads:
        thread.start()
    while events:
        event = heapq.heappop(events)
        wait = start + event[0] - time.perf_counter()
        if wait > 0:
            time.sleep(wait)  # the schedule of the phones, not a measurement
        due.put(event)
    for _ in threads:
        due.put(None)
    for thread in threads:
        thread.join()
    return p(latencies, 50), p(latencies, 99), len(latencies), failures[0]


def main() -> None:
    """Run the three measurements and print each target's figure."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--tables", default="100,250,500,750")
    parser.add_argument("--only", choices=("floor", "sqlite", "room"), default=None)
    options = parser.parse_args()
    print(f"{os.cpu_count()} CPUs, gunicorn 2 workers x 8 threads (gunicorn.conf.py)")
    if options.only in (None, "floor"):
        writes_against_floor(options.seconds, options.clients)
    if options.only in (None, "sqlite"):
        sqlite_writes(options.seconds, 4)
    if options.only in (None, "room"):
        held = 0
        room_seconds = max(options.seconds, 20.0)
        for tables in (int(n) for n in options.tables.split(",")):
            with database() as url, gunicorn(url) as port:
                p50, p99, requests, failures = club_room(port, tables, room_seconds)
            fine = p99 < 0.2 and not failures
            held = tables if fine else held
            print(
                f"club room, PostgreSQL, {tables:4d} tables: {requests / room_seconds:6.0f} req/s, "
                f"p50 {p50 * 1e3:6.1f} ms, p99 {p99 * 1e3:7.1f} ms, failures {failures}"
                f"{'' if fine else '  (over 200 ms)'}"
            )
        verdict = "ok" if held >= 500 else "MISSED"
        print(f"  largest room held (p99 < 200 ms): {held} tables (target >= 500: {verdict})")


if __name__ == "__main__":
    main()
