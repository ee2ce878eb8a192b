"""One phone's replays against another table's saves (issue 37, point 1), side by side in one
run (a benchmark, not a test).

One address (this process) owns 1,000-hand matches: it sends 100 concurrent correction
previews of hand 1 (the page's ``POST /m/<id>/hands/1/preview``, a session holding the match's
edit token) and 100 concurrent corrections of hand 1 (``PUT /api/v1/matches/<id>/hands/1``
with the right token), each client a bounded loop of ``--rounds`` requests. Meanwhile another
table (another address, a 20-hand match) saves hand after hand (``POST .../hands``). Printed
per configuration: the other table's save latencies (p50, p99, most; target: all within 1 s)
and its statuses (no 500), and what the attack's requests were answered.

The configurations, each on a fresh SQLite database (``--postgresql``: PostgreSQL of
``TEST_DATABASE_URL``), gunicorn as ``bin/serve`` runs it (``gunicorn.conf.py``: 2 workers of
128 threads):

- ``before-style``: the bounds switched off by config (``RATELIMIT_ENABLED=0``,
  ``REPLAY_CONCURRENCY=0``);
- ``slots only``: the limits off, the replays bounded per process (``REPLAY_CONCURRENCY=2``);
- ``after``: the defaults (hands counted per address and per match, 2 slots per process);
- with ``--beside ROOT``, first the code of another checkout (e.g. ``git worktree`` of the
  commit before: the replay held the connection and, on its last try, SQLite's write lock).

Run: .venv/bin/python bench/replay_load.py [--rounds 1] [--postgresql] [--beside ROOT]
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import re
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from serve import database  # noqa: E402

HANDS = 1000
#: An auction hand that changes no total: a match of any length never ends.
ALL_PASS = {"outcome": "all_pass"}
#: The correction of hand 1: a bid made, every later total changes.
MADE = {"bidder": "Ben", "bid": 300, "trump": "hearts", "outcome": "made"}
AUCTION = {"variant": "auction", "players": ["Ana", "Ben", "Cruz"]}
OTHER_TABLE = {
    "variant": "pinochle-4",
    "players": ["Ana", "Ben", "Cruz", "Dee"],
    "rules": {"target": 100000},
}
OTHER_HAND = {"meld": {"Team 1": 20, "Team 2": 40}, "tricks": {"Team 1": 120, "Team 2": 130}}
#: The other table's address (TRUSTED_PROXIES=1: the app believes X-Forwarded-For).
OTHER_ADDRESS = "10.9.9.9"
ATTACKER = "10.6.6.6"
SECRET = "bench-replay-load"


@dataclass
class Setup:
    """What the attack and the other table need: paths, tokens, the preview's form."""

    previewed: str = ""
    cookie: str = ""
    form: dict[str, str] = field(default_factory=dict)
    corrected: list[tuple[str, str]] = field(default_factory=list)
    other: tuple[str, str] = ("", "")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def environment(url: str, port: int, settings: dict[str, str]) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        PATH=f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}",
        DATABASE_URL=url,
        SECRET_KEY=SECRET,
        TRUSTED_PROXIES="1",  # each side sends its own X-Forwarded-For
        HOST="127.0.0.1",
        PORT=str(port),
        **settings,
    )
    return env


@contextmanager
def gunicorn(url: str, root: Path, settings: dict[str, str]) -> Iterator[int]:
    """gunicorn with ``gunicorn.conf.py`` of ``root`` on ``url`` (migrated first); its port."""
    port = free_port()
    env = environment(url, port, settings)
    env["PYTHONPATH"] = str(root)
    bin_folder = Path(sys.executable).parent
    subprocess.run(
        [bin_folder / "flask", "--app", "scorekeeper", "db", "upgrade"],
        cwd=root,
        env=env,
        check=True,
        capture_output=True,
    )
    log = os.environ.get("BENCH_SERVER_LOG")  # the server's JSON lines, to see a 500's cause
    process = subprocess.Popen(
        [str(bin_folder / "gunicorn"), "--config", "gunicorn.conf.py"],
        cwd=root,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=open(log, "a") if log else subprocess.DEVNULL,  # noqa: SIM115
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                if call(port, "GET", "/readyz")[0] == 200:
                    break
            except OSError:
                pass
            if time.monotonic() > deadline or process.poll() is not None:
                raise SystemExit("the server did not come up")
            time.sleep(0.1)  # waiting for the server to start (a benchmark, not a test)
        yield port
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=60)


def call(
    port: int,
    method: str,
    path: str,
    body: Any = None,
    headers: dict[str, str] | None = None,
    form: dict[str, str] | None = None,
) -> tuple[int, str, dict[str, str]]:
    """One request on a new connection: the status, the body's text and the headers."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    sent = dict(headers or {})
    data: str | None = None
    if body is not None:
        data, sent["Content-Type"] = json.dumps(body), "application/json"
    elif form is not None:
        data, sent["Content-Type"] = urlencode(form), "application/x-www-form-urlencoded"
    try:
        conn.request(method, path, data, sent)
        response = conn.getresponse()
        return response.status, response.read().decode(), dict(response.getheaders())
    finally:
        conn.close()


def populate(url: str, root: Path, corrected: int) -> Setup:
    """The matches, stored before the server starts (as an import would store them): one to
    preview, ``corrected`` to correct, of :data:`HANDS` hands each, and the other table's; the
    session cookie of a phone holding the previewed match's token."""
    script = f"""
import json, sys
sys.path.insert(0, {str(root)!r})
from scorekeeper import create_app, service
from scorekeeper.config import Config
from scorekeeper.web.session import keep_token
app = create_app(Config({tempfile.mkdtemp()!r}))
made = {{}}
with app.app_context():
    def one(body, hands):
        match, token = service.create_match(
            body["variant"], body["players"], None, body.get("rules"), hands=hands
        )
        return [match.public_id, token]
    long = [{ALL_PASS!r}] * {HANDS}
    made["previewed"] = one({AUCTION!r}, long)
    made["corrected"] = [one({AUCTION!r}, long) for _ in range({corrected})]
    made["other"] = one({OTHER_TABLE!r}, [{OTHER_HAND!r}] * 20)
with app.test_request_context():
    from flask import session
    keep_token(made["previewed"][0], made["previewed"][1])
    made["cookie"] = app.session_interface.get_signing_serializer(app).dumps(dict(session))
print(json.dumps(made))
"""
    env = environment(url, 0, {})
    env["PYTHONPATH"] = str(root)
    subprocess.run(
        [Path(sys.executable).parent / "flask", "--app", "scorekeeper", "db", "upgrade"],
        cwd=root,
        env=env,
        check=True,
        capture_output=True,
    )
    done = subprocess.run([sys.executable, "-c", script], cwd=root, env=env, capture_output=True)
    if done.returncode:
        raise SystemExit(done.stderr.decode()[-3000:])
    made = json.loads(done.stdout.decode().strip().splitlines()[-1])
    return Setup(
        previewed=made["previewed"][0],
        cookie=made["cookie"],
        corrected=[(public_id, token) for public_id, token in made["corrected"]],
        other=(made["other"][0], made["other"][1]),
    )


def preview_form(port: int, setup: Setup) -> dict[str, str]:
    """The correction page's hidden fields (CSRF token, version...) and hand 1 corrected."""
    headers = {"Cookie": f"session={setup.cookie}", "X-Forwarded-For": ATTACKER}
    status, page, answered = call(port, "GET", f"/m/{setup.previewed}/hands/1", headers=headers)
    assert status == 200, status
    if "session=" in answered.get("Set-Cookie", ""):
        setup.cookie = answered["Set-Cookie"].split("session=", 1)[1].split(";", 1)[0]
    hidden = dict(
        re.findall(r'<input[^>]*name="(\w+)"[^>]*type="hidden"[^>]*value="([^"]*)"', page)
    )
    hidden |= dict(
        re.findall(r'<input[^>]*type="hidden"[^>]*name="(\w+)"[^>]*value="([^"]*)"', page)
    )
    return hidden | {key: str(value) for key, value in MADE.items()}


@dataclass
class Result:
    saves: list[float] = field(default_factory=list)
    save_statuses: Counter[int] = field(default_factory=Counter)
    previews: Counter[int] = field(default_factory=Counter)
    corrections: Counter[int] = field(default_factory=Counter)
    seconds: float = 0.0
    at: list[float] = field(default_factory=list)


def attack(port: int, setup: Setup, rounds: int, clients: int, floor: bool = False) -> Result:
    """The 100 + 100 attackers, each ``rounds`` requests, and the other table saving its hands
    one after the other until they are done. ``floor``: the same burst of requests, each a
    ``GET /healthz`` (what a burst of 200 requests costs the other table by itself)."""
    result = Result()
    lock = threading.Lock()
    start = threading.Barrier(2 * clients + 2)
    attacking = threading.Event()
    attacking.set()
    preview_headers = {
        "Cookie": f"session={setup.cookie}",
        "X-Forwarded-For": ATTACKER,
        "Origin": f"http://127.0.0.1:{port}",
    }

    def previewer() -> None:
        start.wait()
        for _ in range(rounds):
            status = call(
                port,
                "GET" if floor else "POST",
                "/healthz" if floor else f"/m/{setup.previewed}/hands/1/preview",
                form=None if floor else setup.form,
                headers=preview_headers,
            )[0]
            with lock:
                result.previews[status] += 1

    def corrector(n: int) -> None:
        public_id, token = setup.corrected[n % len(setup.corrected)]
        headers = {"Authorization": f"Bearer {token}", "X-Forwarded-For": ATTACKER}
        start.wait()
        for _ in range(rounds):
            if floor:
                status = call(port, "GET", "/healthz", headers=headers)[0]
            else:
                path = f"/api/v1/matches/{public_id}/hands/1"
                status = call(port, "PUT", path, MADE, headers=headers)[0]
            with lock:
                result.corrections[status] += 1

    def other_table() -> None:
        public_id, token = setup.other
        headers = {"Authorization": f"Bearer {token}", "X-Forwarded-For": OTHER_ADDRESS}
        start.wait()
        while attacking.is_set():
            began = time.perf_counter()
            status = call(
                port, "POST", f"/api/v1/matches/{public_id}/hands", OTHER_HAND, headers=headers
            )[0]
            result.saves.append(time.perf_counter() - began)
            result.at.append(began)
            result.save_statuses[status] += 1

    attackers = [threading.Thread(target=previewer) for _ in range(clients)]
    attackers += [threading.Thread(target=corrector, args=(n,)) for n in range(clients)]
    table = threading.Thread(target=other_table)
    for thread in [*attackers, table]:
        thread.start()
    start.wait()
    began = time.perf_counter()
    for thread in attackers:
        thread.join()
    result.seconds = time.perf_counter() - began
    attacking.clear()
    table.join()
    return result


#: The burst of requests alone, answered as cheaply as the server answers anything.
FLOOR = "burst floor"
CONFIGURATIONS: dict[str, dict[str, str]] = {
    "before-style": {"RATELIMIT_ENABLED": "0", "REPLAY_CONCURRENCY": "0"},
    "slots only": {"RATELIMIT_ENABLED": "0"},
    "after": {"RATELIMIT_ENABLED": "1"},
    FLOOR: {"RATELIMIT_ENABLED": "1"},
}


def run(
    url: str, root: Path, settings: dict[str, str], rounds: int, clients: int, floor: bool
) -> Result:
    setup = populate(url, root, corrected=10)
    with gunicorn(url, root, settings) as port:
        setup.form = preview_form(port, setup)
        return attack(port, setup, rounds, clients, floor)


def shown(name: str, result: Result) -> list[str]:
    saves = sorted(result.saves) or [0.0]
    p99 = statistics.quantiles(saves, n=100, method="inclusive")[98] if len(saves) > 1 else saves[0]
    within = all(seconds <= 1.0 for seconds in saves)
    ok = within and not result.save_statuses.get(500)
    return [
        name,
        f"{len(result.saves)}",
        f"{statistics.median(saves) * 1e3:.0f} / {p99 * 1e3:.0f} / {saves[-1] * 1e3:.0f}",
        " ".join(f"{s}x{n}" for s, n in sorted(result.save_statuses.items())),
        " ".join(f"{s}x{n}" for s, n in sorted(result.previews.items())),
        " ".join(f"{s}x{n}" for s, n in sorted(result.corrections.items())),
        f"{result.seconds:.1f}",
        "ok" if ok else "MISSED",
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=1, help="requests per attacking client")
    parser.add_argument("--clients", type=int, default=100, help="previewers (and correctors)")
    parser.add_argument("--postgresql", action="store_true")
    parser.add_argument("--beside", type=Path, help="another checkout, run first as it is")
    parser.add_argument("--only", choices=list(CONFIGURATIONS), action="append")
    args = parser.parse_args()
    runs: list[tuple[str, Path, dict[str, str]]] = []
    if args.beside:
        runs.append(
            (f"beside ({args.beside.name})", args.beside.resolve(), {"RATELIMIT_ENABLED": "0"})
        )
    runs += [(name, ROOT, CONFIGURATIONS[name]) for name in args.only or CONFIGURATIONS]
    rows = [
        [
            "configuration",
            "saves",
            "save ms p50/p99/max",
            "save statuses",
            "previews",
            "corrections",
            "attack s",
            "saves <= 1 s, no 500",
        ]
    ]
    for name, root, settings in runs:
        folder = Path(tempfile.mkdtemp(prefix="replay-load-"))
        place = database() if args.postgresql else nullcontext(f"sqlite:///{folder / 'b.sqlite'}")
        with place as url:
            result = run(url, root, settings, args.rounds, args.clients, name == FLOOR)
            rows.append(shown(name, result))
        print(f"  {name}: done", file=sys.stderr)
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    engine = "PostgreSQL" if args.postgresql else "SQLite"
    print(
        f"{args.clients} previews + {args.clients} corrections of hand 1 of {HANDS}-hand "
        f"matches, {args.rounds} round(s) each, {engine}, gunicorn 2 workers:"
    )
    for row in rows:
        print("  " + "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)))


if __name__ == "__main__":
    main()
