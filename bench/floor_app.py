"""The durable-write floor of issue 14: Flask and psycopg doing what a hand POST must do at the
least (lock the match's row, insert the hand, bump the version, commit), nothing else. Served
by the same gunicorn settings as the app (``bench/capacity.py``), it is the throughput to
measure the app's hand POST against.
"""

from __future__ import annotations

import json
import os
import threading
from typing import Any

import psycopg
from flask import Flask, request

app = Flask(__name__)
_local = threading.local()
HAND = json.dumps({"meld": {"Team 1": 20, "Team 2": 40}, "tricks": {"Team 1": 120, "Team 2": 130}})


def _connection() -> psycopg.Connection[Any]:
    """One connection per thread (as a pool would hand out), kept open."""
    if getattr(_local, "connection", None) is None:
        url = os.environ["FLOOR_DATABASE_URL"].replace("postgresql+psycopg://", "postgresql://")
        _local.connection = psycopg.connect(url)
    connection: psycopg.Connection[Any] = _local.connection
    return connection


@app.post("/floor/<int:match_id>")
def write(match_id: int) -> tuple[dict[str, int], int]:
    """Lock the row, insert the next hand, bump the version, commit."""
    request.get_data()
    connection = _connection()
    with connection.transaction():
        row = connection.execute(
            "SELECT version, (SELECT count(*) FROM hands WHERE match_id = %s) "
            "FROM matches WHERE id = %s FOR UPDATE",
            (match_id, match_id),
        ).fetchone()
        assert row is not None, match_id  # the floor writes only to the matches it made
        version, count = row
        connection.execute(
            "INSERT INTO hands (match_id, number, input, created_at) VALUES (%s, %s, %s, now())",
            (match_id, count + 1, HAND),
        )
        connection.execute("UPDATE matches SET version = version + 1 WHERE id = %s", (match_id,))
    return {"version": version + 1}, 201
