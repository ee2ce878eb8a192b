"""Issue 14's server targets, side by side in one run (a benchmark, not a test):

1. hand POST on PostgreSQL against the durable-write floor (``bench/floor_app.py``: lock the
   row, insert, bump, commit; nothing else) under the same gunicorn settings and the same
   clients, with full answers and with ``Prefer: return=minimal``, on matches of 20 hands and
   more: throughput ratio and p99 ratio (issue 37 point 6: at least 0.5x, at most 2.5x; issue
   14 asked 0.6x and 2x of minimal answers);
2. hand POST on SQLite with two workers: p99 (target < 100 ms);
3. a club room on PostgreSQL: N tables, each with four phones polling the scoreboard as its
   page does (every 4 s, ``If-None-Match``) and one hand every 90 s; the largest N whose p99
   stays under 200 ms (target: at least 500 tables). Open loop: every request is due at its
   time and its latency counts from then, so a server that falls behind shows it. Up to 16 of
   the room's tables are a club night's (created and round 1 started over the API, the hands
   written with the tables' keys), and two TVs on the wall poll its standings every 10 s with
   ``If-None-Match`` (docs/club.md §12), reported on their own: 304s and 200s, p50 and p99
   (budget: a 304 <= 10 ms, docs/club.md §17).

The load comes from this process on the same 2-core machine as the server and the database, so
the figures are lower bounds. gunicorn runs as ``bin/serve`` runs it (``gunicorn.conf.py``).

Run: .venv/bin/python bench/capacity.py [--seconds 10] [--tables 100,250,500,750]
"""

from __future__ import annotations

import argparse
import heapq
import html
import os
import queue
import random
import re
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from serve import HAND, NEW_MATCH, Client, database, load, server, server_cpu  # noqa: E402

MINIMAL = {"Prefer": "return=minimal"}
T = TypeVar("T")


@contextmanager
def gunicorn(url: str, app: str | None = None, workers: int = 2, threads: int = 8) -> Iterator[int]:
    """gunicorn as ``bin/serve`` runs it, serving the app or ``app`` (bench/serve.py)."""
    with server(url, workers, threads, app) as port:
        yield port


def matches(
    port: int, count: int, hands: int = 0, minimal: bool = True
) -> list[tuple[str, dict[str, str], int]]:
    """``count`` new four-handed matches: path, auth headers (minimal answers unless not
    ``minimal``), row id."""
    setup = Client(port)
    made = []
    for _ in range(count):
        status, body, _ = setup.call("POST", "/api/v1/matches", NEW_MATCH)
        assert status == 201, body
        path = f"/api/v1/matches/{body['id']}"
        auth = {"Authorization": f"Bearer {body['edit_token']}", **(MINIMAL if minimal else {})}
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


#: Issue 37 point 6: the hand POST at least half the floor's throughput, its p99 at most 2.5
#: times the floor's, with full answers and with ``Prefer: return=minimal`` alike.
FLOOR_RATIO, FLOOR_P99 = 0.5, 2.5
#: The hands each match holds before the run: a table's match in its evening (a full answer
#: carries every hand, so its size is part of what is measured).
FLOOR_HANDS = 20


def writes_against_floor(seconds: float, clients: int, rounds: int = 4) -> None:
    """Target 1: the app's hand POST, with full answers and with minimal ones, and the floor,
    same server settings, same clients. The servers run at once and take turns (``rounds``
    times each, ``seconds`` in all each), so a noisy neighbour on the machine weighs on all
    alike."""
    import sqlalchemy as sa

    with database() as url, gunicorn(url) as app_port:
        kinds = {
            "app, full answers": spread(
                matches(app_port, clients * 16, FLOOR_HANDS, minimal=False), clients
            ),
            "app, return=minimal": spread(matches(app_port, clients * 16, FLOOR_HANDS), clients),
        }
        matches(app_port, clients * 16)  # the floor's own matches: its hands are not the app's
        engine = sa.create_engine(url)
        with engine.connect() as connection:
            ids = list(connection.execute(sa.text("SELECT id FROM matches ORDER BY id")).scalars())
        engine.dispose()
        next_id = spread(ids[2 * clients * 16 :], clients)

        def app_write(pick: Callable[[int], Made]) -> Callable[[Client, int], bool]:
            def write(client: Client, n: int) -> bool:
                path, auth, _ = pick(n)
                return client.call("POST", path + "/hands", HAND, auth)[0] == 201

            return write

        def floor_write(client: Client, n: int) -> bool:
            return client.call("POST", f"/floor/{next_id(n)}", {})[0] == 201

        names = ["floor", *kinds]
        # Per name: requests, failures, the server's CPU seconds (its master and workers).
        totals: dict[str, list[float]] = {name: [0.0, 0.0, 0.0] for name in names}
        latencies: dict[str, list[float]] = {name: [] for name in names}
        with gunicorn(url, "floor_app:app") as floor_port:
            steps: list[tuple[str, int, Callable[[Client, int], bool]]] = [
                ("floor", floor_port, floor_write)
            ]
            steps += [(name, app_port, app_write(pick)) for name, pick in kinds.items()]
            for _ in range(rounds):
                for name, port, step in steps:
                    cpu = server_cpu(port)
                    rate, lat, fail = load(port, clients, seconds / rounds, step)
                    totals[name][2] += server_cpu(port) - cpu
                    totals[name][0] += rate * seconds / rounds
                    totals[name][1] += fail
                    latencies[name] += lat
    print(
        f"hand POST, PostgreSQL, {clients} clients, matches of {FLOOR_HANDS}+ hands, "
        f"{rounds} turns of {seconds / rounds:.1f} s each"
    )
    floor_rate, floor_p99 = totals["floor"][0] / seconds, p(latencies["floor"], 99)
    for name in names:
        rate, p99 = totals[name][0] / seconds, p(latencies[name], 99)
        cpu = totals[name][2] / max(totals[name][0], 1) * 1e3
        line = (
            f"  {name:<20} {rate:7.0f}/s  p99 {p99 * 1e3:6.1f} ms  failures {totals[name][1]:.0f}"
            f"  server CPU {cpu:.2f} ms a request"
        )
        if name != "floor":
            ratio, slower = rate / floor_rate, p99 / floor_p99
            fine = ratio >= FLOOR_RATIO and slower <= FLOOR_P99
            line += (
                f"  throughput {ratio:.2f}x, p99 {slower:.2f}x the floor's "
                f"(targets >= {FLOOR_RATIO}x, <= {FLOOR_P99}x: {'ok' if fine else 'MISSED'})"
            )
        print(line)


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


#: A club night's most tables of four: 64 players (docs/club.md §17).
NIGHT_TABLES = 16
#: The TVs on the wall and how often each polls the standings (docs/club.md §12).
TVS = 2
TV_EVERY = 10.0
#: The board's ETag as the TV page carries it (templates/club/tv.html, ``#tv-board``).
BOARD_ETAG = re.compile(r'id="tv-board"[^>]*\bdata-etag="([^"]*)"')
Made = tuple[str, dict[str, str], int]


@dataclass
class Night:
    """A club night of the room: its read id and its tables' matches (as :func:`matches`)."""

    read_id: str
    made: list[Made]


@dataclass
class Tvs:
    """What the TVs got: each answer's latency by status (counted from its due time, the
    standings GET alone), the board parts fetched after a 200, and the failures."""

    answers: dict[int, list[float]] = field(default_factory=lambda: {200: [], 304: []})
    parts: list[float] = field(default_factory=list)
    failures: int = 0

    def count(self, status: int, latency: float, part: float | None) -> None:
        """One poll: a 304, or a 200 whose board part came (``part``: its time); else a
        failure."""
        if status == 304 or (status == 200 and part is not None):
            self.answers[status].append(latency)
        else:
            self.failures += 1
        if part is not None:
            self.parts.append(part)


def club_night(port: int, tables: int, hands: int) -> Night:
    """A club night of ``tables`` tables of pinochle-4 (``4 * tables`` players) made as the host
    makes it (docs/api.md "Club nights"): created, round 1 started with the host token, each
    table's code exchanged for its key, then ``hands`` hands at each table with that key."""
    setup = Client(port)
    body = {
        "name": "Bench night",
        "variant": "pinochle-4",
        "rules": NEW_MATCH["rules"],  # no match reaches its target during the run
        "players": [f"P{number}" for number in range(1, 4 * tables + 1)],
        "rotation": {"draw": "entry"},
    }
    status, created, _ = setup.call("POST", "/api/v1/club-nights", body)
    assert status == 201, created
    read_id = created["read_id"]
    night_id = created["private_url"].split("/c/")[1].split("/")[0]
    host = {"Authorization": f"Bearer {created['token']}"}
    codes = {
        link["table"]: link["url"].split("code=")[1].split("&")[0]
        for link in created["table_links"]
    }
    status, started, _ = setup.call(
        "POST", f"/api/v1/club-nights/{night_id}/rounds/1/start", {}, host
    )
    assert status == 200, started
    made = []
    for table in started["round"]["tables"]:
        sent = {"kind": "table", "number": table["table"], "code": codes[table["table"]]}
        status, keyed, _ = setup.call("POST", f"/api/v1/club-nights/{read_id}/keys", sent)
        assert status == 201, keyed
        path = f"/api/v1/matches/{table['match']}"
        auth = {"Authorization": f"Bearer {keyed['key']}", **MINIMAL}
        for _ in range(hands):
            status, answer, _ = setup.call("POST", path + "/hands", HAND, auth)
            assert status == 201, answer
        made.append((path, auth, 0))
    return Night(read_id, made)


def tv_opened(port: int, night: Night) -> list[str]:
    """The ETag each TV starts from: the board's ``data-etag`` on the TV page, opened before
    the room is timed."""
    status, page, _ = Client(port).call("GET", f"/cr/{night.read_id}/tv", text=True)
    assert status == 200, page
    found = BOARD_ETAG.search(page)
    assert found, "no data-etag on the TV's board"
    return [html.unescape(found.group(1))] * TVS


def tv_request(
    client: Client, night: Night, etags: list[str], tv: int
) -> tuple[int, float, float | None]:
    """A TV's poll as ``static/club_tv.js`` sends it: the standings with its last ETag and,
    after a 200, the board part to swap in, whose ``data-etag`` it keeps. The status, when the
    standings answered (``perf_counter``) and how long the part took (None: not fetched, or
    failed)."""
    path = f"/api/v1/club-nights/{night.read_id}/standings"
    headers = {"Accept": "application/json", "If-None-Match": etags[tv]}
    status, _, answer = client.call("GET", path, headers=headers)
    answered = time.perf_counter()
    if status != 200:
        return status, answered, None
    part_status, part, _ = client.call("GET", f"/cr/{night.read_id}/tv?part=board", text=True)
    took = time.perf_counter() - answered
    found = BOARD_ETAG.search(part) if part_status == 200 else None
    if found is None:
        return 0, answered, None  # the screen keeps its old board: a failure
    etags[tv] = html.unescape(found.group(1)) or answer.get("ETag", etags[tv])
    return status, answered, took


def room_schedule(tables: int, seconds: float) -> list[tuple[float, int, int, int]]:
    """The room's requests, a heap of (due, kind, table, phone): polls every 4 s per phone
    (kind 0), a hand every 90 s per table (kind 1), each table's phase random (the phones did
    not open the page at the same moment); a TV's poll every 10 s (kind 2, ``table``: the TV),
    each TV's phase random too."""
    pick = random.Random(tables)
    events: list[tuple[float, int, int, int]] = []
    for table in range(tables):
        for phone in range(4):
            first = pick.uniform(0, 4)
            events += [(first + 4 * k, 0, table, phone) for k in range(int(seconds / 4) + 1)]
        first = pick.uniform(0, 90)
        events += [(first + 90 * k, 1, table, 0) for k in range(int(seconds / 90) + 1)]
    for tv in range(TVS):
        first = pick.uniform(0, TV_EVERY)
        count = int(seconds / TV_EVERY) + 1
        events += [(first + TV_EVERY * k, 2, tv, 0) for k in range(count)]
    events = [event for event in events if event[0] < seconds]
    heapq.heapify(events)
    return events


def club_room(port: int, tables: int, seconds: float) -> tuple[float, float, int, int, Tvs]:
    """``tables`` tables for ``seconds``, the first up to 16 a club night's with two TVs: the
    phones' p50, p99 (s), requests and failures, and what the TVs got."""
    night = club_night(port, min(tables, NIGHT_TABLES), hands=5)
    made = night.made + matches(port, tables - len(night.made), hands=5)
    events = room_schedule(tables, seconds)
    etags = opened(port, made)
    tv_etags = tv_opened(port, night)
    due: queue.Queue[tuple[float, int, int, int] | None] = queue.Queue()
    latencies: list[float] = []
    failures = [0]
    tvs = Tvs()
    lock = threading.Lock()
    start = time.perf_counter() + 0.5

    def worker() -> None:
        client = Client(port)
        while (event := due.get()) is not None:
            at, kind, table, phone = event
            if kind == 2:
                status, answered, part = tv_request(client, night, tv_etags, table)
                with lock:
                    tvs.count(status, answered - (start + at), part)
                continue
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
    return p(latencies, 50), p(latencies, 99), len(latencies), failures[0], tvs


def few(latencies: list[float]) -> str:
    """p50 and p99 of a handful of latencies (a TV polls a few times a run) in ms: with one,
    that one; with none, a dash."""
    if not latencies:
        return "p50      - p99      -"
    if len(latencies) == 1:
        return f"p50 {latencies[0] * 1e3:6.1f} p99 {latencies[0] * 1e3:6.1f} ms"
    cuts = statistics.quantiles(latencies, n=100, method="inclusive")
    return f"p50 {cuts[49] * 1e3:6.1f} p99 {cuts[98] * 1e3:6.1f} ms"


def tv_lines(tvs: Tvs, tables: int) -> list[str]:
    """The TVs' figures, printed under the room's line."""
    not_modified = tvs.answers[304]
    slow = [latency for latency in not_modified if latency > 0.01]
    budget = "-" if not not_modified else "ok" if not slow else f"MISSED ({len(slow)} over)"
    return [
        f"    {TVS} TVs, club night of {min(tables, NIGHT_TABLES)} tables, standings every "
        f"{TV_EVERY:.0f} s: failures {tvs.failures}",
        f"      304 x{len(not_modified):3d}  {few(not_modified)}  (budget <= 10 ms: {budget})",
        f"      200 x{len(tvs.answers[200]):3d}  {few(tvs.answers[200])}  "
        f"(then the board part: {few(tvs.parts)})",
    ]


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
                p50, p99, requests, failures, tvs = club_room(port, tables, room_seconds)
            fine = p99 < 0.2 and not failures and not tvs.failures
            held = tables if fine else held
            print(
                f"club room, PostgreSQL, {tables:4d} tables: {requests / room_seconds:6.0f} req/s, "
                f"p50 {p50 * 1e3:6.1f} ms, p99 {p99 * 1e3:7.1f} ms, failures {failures}"
                f"{'' if fine else '  (over 200 ms or failures)'}"
            )
            print("\n".join(tv_lines(tvs, tables)))
        verdict = "ok" if held >= 500 else "MISSED"
        print(f"  largest room held (p99 < 200 ms): {held} tables (target >= 500: {verdict})")


if __name__ == "__main__":
    main()
