"""Backups of a live SQLite database (issue 17; docs/hosting.md, "Backups"): ``flask backup``
while another thread writes hands, then ``flask restore``, and every hand acknowledged before
the backup began is there, with the match's version agreeing with its hands (a copy of one
moment, not of a write half done).

In WAL mode, as the app runs SQLite (``scorekeeper/sqlite.py``): there the database file alone
lacks every write not yet checkpointed, so a copy of the file (instead of SQLite's backup API)
loses acknowledged hands, and this test fails.

SQLite only: on PostgreSQL the backup is pg_dump's (a test here checks that the commands say
so).
"""

from __future__ import annotations

import os
import sqlite3
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from flask import Flask
from flask_migrate import upgrade

from scorekeeper import config as configuration
from scorekeeper import create_app
from scorekeeper.extensions import db
from tests.helpers import API

pytestmark = pytest.mark.skipif(
    os.environ.get("TEST_DATABASE", "sqlite") != "sqlite",
    reason="SQLite's backup API: run on SQLite (the refusal of PostgreSQL too: it needs no server)",
)

#: An auction hand any dealer allows: it changes no total, so the match never ends.
ALL_PASS = {"outcome": "all_pass"}
PLAYERS = ["Ana", "Ben", "Cruz", "Dee"]
#: Deadline of every wait for a state.
DEADLINE = 60.0
#: How many backups are taken while the writer writes.
BACKUPS = 3


@pytest.fixture
def live(tmp_path: Path) -> Iterator[Flask]:
    """An app on a SQLite file of its own, migrated."""
    url = f"sqlite:///{tmp_path / 'live.sqlite'}"
    app = create_app(configuration.TestConfig(str(tmp_path / "instance"), url))
    with app.app_context():
        upgrade()
    yield app
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


class Writer(threading.Thread):
    """Adds hands to a match, one after the other, and notes each one acknowledged (201)."""

    def __init__(self, app: Flask, url: str, auth: dict[str, str]) -> None:
        super().__init__(daemon=True)
        self.client = app.test_client()
        self.url, self.auth = url, auth
        self.acked: list[int] = []
        self.failures: list[Any] = []
        self.stop = threading.Event()

    def run(self) -> None:
        # Well short of the 1,000 hands a match holds.
        while not self.stop.is_set() and len(self.acked) < 900:
            answer = self.client.post(f"{self.url}/hands", json=ALL_PASS, headers=self.auth)
            if answer.status_code != 201:
                self.failures.append((answer.status_code, answer.get_json()))
                return
            self.acked.append(answer.get_json()["hand"]["number"])

    def wait_for(self, count: int) -> None:
        """Wait until ``count`` hands are acknowledged (a state, with a deadline)."""
        deadline = time.monotonic() + DEADLINE
        while len(self.acked) < count:
            if self.failures or not self.is_alive() or time.monotonic() > deadline:
                pytest.fail(f"{count} hands not written within {DEADLINE:.0f} s: {self.failures}")
            time.sleep(0.01)


def stored(path: Path, public_id: str) -> tuple[int, list[tuple[int, str]]]:
    """The match's version and its hands (number, input as stored) in the database at
    ``path``, read with sqlite3 alone."""
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as conn:
        row = conn.execute(
            "SELECT id, version FROM matches WHERE public_id = ?", (public_id,)
        ).fetchone()
        assert row is not None, f"{path.name} lacks the match"
        match_id, version = row
        hands = conn.execute(
            "SELECT number, input FROM hands WHERE match_id = ? ORDER BY number", (match_id,)
        ).fetchall()
    conn.close()
    return int(version), [(int(number), str(entry)) for number, entry in hands]


def test_a_backup_during_writes_restores_every_acknowledged_hand(
    live: Flask, tmp_path: Path
) -> None:
    with live.app_context():
        # The app's own mode (set again here: the test holds whatever the app's default is).
        mode = db.session.execute(sa.text("PRAGMA journal_mode=WAL")).scalar()
        db.session.commit()
    assert mode == "wal"
    client = live.test_client()
    match = client.post(f"{API}/matches", json={"variant": "auction", "players": PLAYERS})
    public_id, token = match.get_json()["id"], match.get_json()["edit_token"]
    writer = Writer(live, f"{API}/matches/{public_id}", {"Authorization": f"Bearer {token}"})
    writer.start()
    runner = live.test_cli_runner()
    taken: list[tuple[Path, int]] = []
    try:
        for n in range(BACKUPS):
            # Hands go on being written before, during and after each backup.
            writer.wait_for(5 * (n + 1))
            acked_before = len(writer.acked)
            path = tmp_path / f"backup-{n}.sqlite"
            done = runner.invoke(args=["backup", str(path)])
            assert done.exit_code == 0, (done.output, done.exception)
            assert f"backed up to {path}" in done.output
            taken.append((path, acked_before))
            writer.wait_for(len(writer.acked) + 3)
    finally:
        writer.stop.set()
        writer.join(timeout=DEADLINE)
    assert not writer.failures, writer.failures
    live_file = tmp_path / "live.sqlite"
    _, live_hands = stored(live_file, public_id)
    assert [number for number, _ in live_hands] == writer.acked

    for path, acked_before in taken:
        assert path.stat().st_mode & 0o777 == 0o600  # it holds what the database holds
        version, hands = stored(path, public_id)
        # Every hand acknowledged before the backup began, each as it was written; the match
        # row and the hands of one moment (its version counts its writes).
        assert len(hands) >= acked_before, (path.name, len(hands), acked_before)
        assert hands == live_hands[: len(hands)]
        assert version == len(hands) + 1

    # Restore the last backup: the hands written after it are gone, every one acknowledged
    # before it is back, and the app serves and writes on the restored database at once.
    path, acked_before = taken[-1]
    _, backed_up = stored(path, public_id)
    assert len(live_hands) > len(backed_up), "the restore would prove nothing"
    done = runner.invoke(args=["restore", "--yes", str(path)])
    assert done.exit_code == 0, done.output
    assert f"restored from {path}" in done.output
    shown = client.get(f"{API}/matches/{public_id}").get_json()
    assert [hand["number"] for hand in shown["hands"]] == [n for n, _ in backed_up]
    assert len(shown["hands"]) >= acked_before
    # A restore is a change: the version moves on past every version the match had, so that
    # a scoreboard's ETag (or a server's replay cache) of the later state sees it.
    assert shown["version"] == len(live_hands) + 2
    assert stored(live_file, public_id)[1] == backed_up
    again = client.post(
        f"{API}/matches/{public_id}/hands",
        json=ALL_PASS,
        headers={"Authorization": f"Bearer {token}"},
    )
    assert again.status_code == 201, again.get_json()
    assert again.get_json()["hand"]["number"] == len(backed_up) + 1


def test_restore_refuses_what_is_no_backup_and_changes_nothing(live: Flask, tmp_path: Path) -> None:
    runner = live.test_cli_runner()
    empty = tmp_path / "empty.sqlite"
    assert runner.invoke(args=["backup", str(empty)]).exit_code == 0
    client = live.test_client()
    created = client.post(f"{API}/matches", json={"variant": "auction", "players": PLAYERS})
    public_id = created.get_json()["id"]

    text = tmp_path / "notes.txt"
    text.write_text("not a database")
    done = runner.invoke(args=["restore", "--yes", str(text)])
    assert done.exit_code != 0
    assert "no SQLite database" in done.output

    # A backup made by a newer release: a schema this release does not know.
    newer = tmp_path / "newer.sqlite"
    assert runner.invoke(args=["backup", str(newer)]).exit_code == 0
    with sqlite3.connect(newer) as conn:
        conn.execute("UPDATE alembic_version SET version_num = 'f00dfeed0000'")
    conn.close()
    done = runner.invoke(args=["restore", "--yes", str(newer)])
    assert done.exit_code != 0
    assert "does not know" in done.output

    # A good backup, but not confirmed: nothing happens.
    done = runner.invoke(args=["restore", str(empty)], input="n\n")
    assert done.exit_code != 0
    assert client.get(f"{API}/matches/{public_id}").status_code == 200
    # Confirmed: the match made after that backup is gone.
    assert runner.invoke(args=["restore", str(empty)], input="y\n").exit_code == 0
    assert client.get(f"{API}/matches/{public_id}").status_code == 404


def test_on_postgresql_the_commands_point_to_pg_dump(tmp_path: Path) -> None:
    url = "postgresql+psycopg://nobody@127.0.0.1:1/none"  # never connected to
    app = create_app(configuration.TestConfig(str(tmp_path / "instance"), url))
    for args in (["backup", str(tmp_path / "b.sqlite")], ["restore", "--yes", __file__]):
        done = app.test_cli_runner().invoke(args=args)
        assert done.exit_code != 0
        assert "pg_dump" in done.output
