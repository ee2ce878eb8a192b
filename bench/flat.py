"""Issue 14: a hand costs the same at hand 300 as at hand 3, and so does a read.

In one run, on a temporary database (SQLite, or PostgreSQL with ``--postgresql``), through the
Flask test client (no network: the app's own cost), for four-handed pinochle and auction:

- add: ``POST .../hands`` with ``Prefer: return=minimal`` on a match of 2 hands and on one of
  299 (the hand is undone again after each try, untimed);
- read: ``GET /api/v1/matches/<id>`` of a 3-hand and of a 300-hand match (the replay cache
  answers from the version: what a phone's poll after a hand costs);
- cold read: the same with the replay cache emptied before each try (a process that never saw
  the match: it replays from hand 1).

Each figure is the median of many tries, and the two sizes alternate so that the shared
machine's noise falls on both. Targets: add at 300 at most 1.2x add at 3; read at 300 at most
1.5x read at 3.

Run: .venv/bin/python bench/flat.py [--postgresql]
"""

from __future__ import annotations

import argparse
import logging
import os
import secrets
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from flask import Flask
from flask_migrate import upgrade

from scorekeeper import create_app
from scorekeeper.config import TestConfig
from scorekeeper.extensions import db

FORMS: dict[str, tuple[dict[str, Any], dict[str, Any]]] = {
    "pinochle-4": (
        {
            "variant": "pinochle-4",
            "players": ["Ana", "Ben", "Cruz", "Dee"],
            "rules": {"target": 100000, "counting": "simple"},
        },
        {"meld": {"Team 1": 2, "Team 2": 4}, "tricks": {"Team 1": 12, "Team 2": 13}},
    ),
    "auction": (
        {"variant": "auction", "players": ["Ana", "Ben", "Cruz"]},
        {"bidder": "Ana", "bid": 350, "trump": "spades", "outcome": "made"},
    ),
}
TARGETS = {"add": 1.2, "read": 1.5}
MINIMAL = {"Prefer": "return=minimal"}


def median_of(tries: int, action: Callable[[], float]) -> float:
    """The median of ``tries`` timings that ``action`` returns, in seconds."""
    return statistics.median(action() for _ in range(tries))


def timed(action: Callable[[], Any]) -> float:
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def build(app: Flask, form: str, hands: int) -> tuple[str, dict[str, str]]:
    """A match of ``hands`` hands of ``form`` made through the API: its URL and auth header."""
    client = app.test_client()
    body, hand = FORMS[form]
    created = client.post("/api/v1/matches", json=body).get_json()
    auth = {"Authorization": "Bearer " + created["edit_token"], **MINIMAL}
    url = f"/api/v1/matches/{created['id']}"
    for _ in range(hands):
        assert client.post(url + "/hands", json=hand, headers=auth).status_code == 201
    return url, auth


def measure(app: Flask, form: str) -> dict[str, tuple[float, float]]:
    """Per figure: (at 3 hands, at 300 hands), in seconds."""
    client = app.test_client()
    _, hand = FORMS[form]
    short, long = build(app, form, 2), build(app, form, 299)
    cache = app.extensions["replay_cache"]

    def add(match: tuple[str, dict[str, str]]) -> float:
        url, auth = match
        took = timed(lambda: client.post(url + "/hands", json=hand, headers=auth))
        count = len(client.get(url).get_json()["hands"])
        client.delete(f"{url}/hands/{count}", headers=auth)
        return took

    def read(match: tuple[str, dict[str, str]]) -> float:
        return timed(lambda: client.get(match[0]))

    def cold(match: tuple[str, dict[str, str]]) -> float:
        cache.clear()
        return timed(lambda: client.get(match[0]))

    figures: dict[str, tuple[float, float]] = {}
    for name, action, tries in (("add", add, 40), ("read", read, 60), ("cold read", cold, 20)):
        pairs = [(action(short), action(long)) for _ in range(tries)]
        figures[name] = (
            statistics.median(p[0] for p in pairs),
            statistics.median(p[1] for p in pairs),
        )
    return figures


def database(postgresql: bool) -> tuple[str, Callable[[], None]]:
    """A fresh database URL and what drops it."""
    if not postgresql:
        folder = Path(tempfile.mkdtemp())
        return f"sqlite:///{folder / 'bench.sqlite'}", lambda: None
    server = os.environ.get(
        "TEST_DATABASE_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/test"
    )
    name = "bench_" + secrets.token_hex(4)
    admin = sa.create_engine(server, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.exec_driver_sql(f'CREATE DATABASE "{name}"')

    def drop() -> None:
        with admin.connect() as connection:
            connection.exec_driver_sql(f'DROP DATABASE "{name}" WITH (FORCE)')
        admin.dispose()

    return sa.make_url(server).set(database=name).render_as_string(hide_password=False), drop


def main() -> None:
    """Print each figure at 3 and 300 hands, their ratio and the target."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--postgresql", action="store_true")
    arguments = parser.parse_args()
    logging.disable(logging.CRITICAL)  # the request log would drown the table
    url, drop = database(arguments.postgresql)
    try:
        app = create_app(TestConfig(tempfile.mkdtemp(), url))
        with app.app_context():
            upgrade()
        print(f"{'form':12} {'figure':10} {'3 hands':>9} {'300 hands':>10} {'ratio':>6}  target")
        for form in FORMS:
            for name, (short, long) in measure(app, form).items():
                ratio = long / short
                target = TARGETS.get(name)
                verdict = f"<= {target}x {'ok' if ratio <= target else 'MISSED'}" if target else "-"
                print(
                    f"{form:12} {name:10} {short * 1000:8.2f}ms {long * 1000:9.2f}ms "
                    f"{ratio:6.2f}  {verdict}"
                )
        with app.app_context():
            db.engine.dispose()
    finally:
        drop()


if __name__ == "__main__":
    main()
