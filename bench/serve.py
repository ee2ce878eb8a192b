"""What one server carries (issue 17; docs/hosting.md, "Capacity"): the real serving stack
(gunicorn with ``gunicorn.conf.py``, migrations by ``flask db upgrade``, as ``bin/serve`` runs
them) on PostgreSQL, loaded over HTTP by concurrent clients, one kind of request at a time:

- poll: the scoreboard's ``GET /api/v1/matches/<id>`` with ``If-None-Match`` (304: what a
  watching phone sends every 4 s while nothing changes);
- read: the same without it (200 with a whole match of 30 hands: a phone that opens the
  scoreboard, or a poll after a hand);
- write: ``POST .../hands`` (a hand typed in), spread over the matches.

Each prints requests per second and latency percentiles. The load comes from this process, on
the same machine as the server and the database: on a 2-core machine the three share the cores,
so the figures are a lower bound of what the server alone would do.

Run: .venv/bin/python bench/serve.py [--seconds 10] [--clients 16] [--workers 2 --threads 8]
     (PostgreSQL of TEST_DATABASE_URL, default postgresql+psycopg://postgres@127.0.0.1:5432/test:
     a database is made for the run and dropped after it)
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import secrets
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import sqlalchemy as sa

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scorekeeper.config import normalise_database_url  # noqa: E402

DEFAULT_PG = "postgresql+psycopg://postgres@127.0.0.1:5432/test"
MATCHES = 20
HANDS = 30
HAND = {"meld": {"Team 1": 20, "Team 2": 40}, "tricks": {"Team 1": 120, "Team 2": 130}}
NEW_MATCH = {
    "variant": "pinochle-4",
    "players": ["Ana", "Ben", "Cruz", "Dee"],
    "rules": {"target": 100000},
}


@contextmanager
def database() -> Iterator[str]:
    base = sa.make_url(normalise_database_url(os.environ.get("TEST_DATABASE_URL", DEFAULT_PG)))
    name = f"scorekeeper_bench_{secrets.token_hex(4)}"
    admin = sa.create_engine(
        base.set(database=base.database or "postgres"), isolation_level="AUTOCOMMIT"
    )
    with admin.connect() as conn:
        conn.execute(sa.text(f'CREATE DATABASE "{name}"'))
    try:
        yield base.set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as conn:
            conn.execute(sa.text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


#: The gunicorn master of each port :func:`server` serves (for :func:`server_cpu`).
MASTERS: dict[int, int] = {}


def server_cpu(port: int) -> float:
    """The CPU seconds (user and system) that the server on ``port`` has used so far: its
    gunicorn master and workers, read from /proc."""
    master, ticks = MASTERS[port], os.sysconf("SC_CLK_TCK")
    total = 0.0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # a process that ended meanwhile
        if stat.parent.name == str(master) or fields[1] == str(master):
            total += (int(fields[11]) + int(fields[12])) / ticks
    return total


@contextmanager
def server(
    url: str, workers: int, threads: int, app: str | None = None, root: Path | None = None
) -> Iterator[int]:
    """gunicorn with ``gunicorn.conf.py`` on ``url`` (migrated first), serving the app or
    ``app`` (a ``module:variable`` of ``bench/``, e.g. ``floor_app:app``); its port. ``root``:
    another checkout of the app, served from its own ``.venv`` (bench/phone.py ``--beside``)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = int(probe.getsockname()[1])
    bin_folder = Path(root, ".venv", "bin") if root else Path(sys.executable).parent
    root = root or ROOT
    env = dict(os.environ)
    env.update(
        PATH=f"{bin_folder}{os.pathsep}{env.get('PATH', '')}",
        DATABASE_URL=url,
        FLOOR_DATABASE_URL=url,  # bench/floor_app.py
        SECRET_KEY="bench",
        RATELIMIT_ENABLED="0",  # every request comes from one address here
        HOST="127.0.0.1",
        PORT=str(port),
        WORKERS=str(workers),
        THREADS=str(threads),
    )
    subprocess.run(
        [bin_folder / "flask", "--app", "scorekeeper", "db", "upgrade"],
        cwd=root,
        env=env,
        check=True,
        capture_output=True,
    )
    command = [str(bin_folder / "gunicorn"), "--config", "gunicorn.conf.py"]
    if app:
        command += ["--pythonpath", str(root / "bench"), app]
    process = subprocess.Popen(
        command,
        cwd=root,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,  # one JSON line per request: not wanted here
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                ready = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
                ready.request("GET", "/readyz")
                status = ready.getresponse().status
                ready.close()
                if status == 200 or (app and status == 404):  # the floor has no /readyz
                    break
            except OSError:
                pass
            if time.monotonic() > deadline or process.poll() is not None:
                raise SystemExit("the server did not come up")
            time.sleep(0.1)
        MASTERS[port] = process.pid
        yield port
    finally:
        MASTERS.pop(port, None)
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=30)


class Client:
    """One keep-alive connection, as a phone's browser keeps one."""

    def __init__(self, port: int) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

    def call(
        self,
        method: str,
        path: str,
        body: Any = None,
        headers: dict[str, str] | None = None,
        text: bool = False,
    ) -> tuple[int, Any, dict[str, str]]:
        """Send a request: the status, the body (JSON read, or the ``text``) and the headers."""
        data = None if body is None else json.dumps(body)
        sent = dict(headers or {})
        if data is not None:
            sent["Content-Type"] = "application/json"
        self.conn.request(method, path, data, sent)
        response = self.conn.getresponse()
        raw = response.read()
        answer = raw.decode() if text else json.loads(raw) if raw else None
        return response.status, answer, dict(response.getheaders())


def load(
    port: int, clients: int, seconds: float, step: Callable[[Client, int], bool]
) -> tuple[float, list[float], int]:
    """Run ``step`` from ``clients`` threads for ``seconds``; requests per second, latencies
    (seconds) and failures."""
    latencies: list[list[float]] = [[] for _ in range(clients)]
    failures = [0] * clients
    start = threading.Barrier(clients + 1)
    stop = threading.Event()

    def run(n: int) -> None:
        client = Client(port)
        start.wait()
        while not stop.is_set():
            began = time.perf_counter()
            ok = step(client, n)
            latencies[n].append(time.perf_counter() - began)
            failures[n] += not ok

    threads = [threading.Thread(target=run, args=(n,)) for n in range(clients)]
    for thread in threads:
        thread.start()
    start.wait()
    began = time.perf_counter()
    time.sleep(seconds)  # the measuring window itself (a benchmark, not a test)
    stop.set()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - began
    every = [latency for per in latencies for latency in per]
    return len(every) / elapsed, every, sum(failures)


def report(name: str, result: tuple[float, list[float], int]) -> None:
    rate, latencies, failures = result
    cuts = statistics.quantiles(latencies, n=100)
    print(
        f"{name:<34} {rate:7.0f} req/s   p50 {cuts[49] * 1e3:6.1f} ms   "
        f"p95 {cuts[94] * 1e3:6.1f} ms   p99 {cuts[98] * 1e3:6.1f} ms   failures {failures}"
    )


def main() -> None:
    """Measure poll, read and write on one server and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--threads", type=int, default=8)
    options = parser.parse_args()
    print(
        f"{os.cpu_count()} CPUs; gunicorn {options.workers} workers x {options.threads} "
        f"threads; {options.clients} clients, {options.seconds:.0f} s per kind"
    )
    with database() as url, server(url, options.workers, options.threads) as port:
        setup = Client(port)
        matches: list[tuple[str, dict[str, str], str]] = []
        for _ in range(MATCHES):
            status, made, _ = setup.call("POST", "/api/v1/matches", NEW_MATCH)
            assert status == 201, made
            path = f"/api/v1/matches/{made['id']}"
            auth = {"Authorization": f"Bearer {made['edit_token']}"}
            for _ in range(HANDS):
                assert setup.call("POST", path + "/hands", HAND, auth)[0] == 201
            etag = setup.call("GET", path)[2]["ETag"]
            matches.append((path, auth, etag))

        def poll(client: Client, n: int) -> bool:
            path, _, etag = matches[n % MATCHES]
            return client.call("GET", path, headers={"If-None-Match": etag})[0] == 304

        def read(client: Client, n: int) -> bool:
            return client.call("GET", matches[n % MATCHES][0])[0] == 200

        def write(client: Client, n: int) -> bool:
            path, auth, _ = matches[n % MATCHES]
            return client.call("POST", path + "/hands", HAND, auth)[0] == 201

        report("poll (304)", load(port, options.clients, options.seconds, poll))
        report(f"read (200, {HANDS}+ hands)", load(port, options.clients, options.seconds, read))
        report("write (a hand)", load(port, options.clients, options.seconds, write))


if __name__ == "__main__":
    main()
