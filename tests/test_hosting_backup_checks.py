"""What ``flask backup`` refuses to write through, and what ``flask restore`` refuses to take
(issue 25; docs/hosting.md, "Backups"): a backup path that is a symbolic link is refused and
the file it points to untouched; a backup is written to a temporary file beside it and renamed
into place. A restore refuses, naming the problem and changing nothing, a backup with a
trigger, a view, a table or a column of its own, a hand that is no JSON object, or a match of
more hands than a match holds; a good backup still restores.

SQLite only, like ``tests/test_hosting_backup.py`` (whose app fixture this uses).
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest
from flask import Flask

from scorekeeper.service import MAX_HANDS
from tests.helpers import API
from tests.test_hosting_backup import ALL_PASS, PLAYERS, live, stored

__all__ = ["live"]  # the fixture, imported for this module's tests

pytestmark = pytest.mark.skipif(
    os.environ.get("TEST_DATABASE", "sqlite") != "sqlite",
    reason="SQLite's backup API: run on SQLite",
)


def _match_with_hands(app: Flask, hands: int) -> str:
    client = app.test_client()
    made = client.post(f"{API}/matches", json={"variant": "auction", "players": PLAYERS})
    public_id, token = made.get_json()["id"], made.get_json()["edit_token"]
    for _ in range(hands):
        answer = client.post(
            f"{API}/matches/{public_id}/hands",
            json=ALL_PASS,
            headers={"Authorization": f"Bearer {token}"},
        )
        assert answer.status_code == 201
    return str(public_id)


def test_a_backup_refuses_a_symbolic_link_and_leaves_its_target_alone(
    live: Flask, tmp_path: Path
) -> None:
    _match_with_hands(live, 1)
    elsewhere = tmp_path / "elsewhere.txt"
    elsewhere.write_text("someone else's file")
    link = tmp_path / "backup.sqlite"
    link.symlink_to(elsewhere)
    done = live.test_cli_runner().invoke(args=["backup", str(link)])
    assert done.exit_code != 0
    assert "symbolic link" in done.output
    assert elsewhere.read_text() == "someone else's file"
    assert link.is_symlink()


def test_a_backup_replaces_its_file_by_a_rename_and_leaves_no_temporary_file(
    live: Flask, tmp_path: Path
) -> None:
    public_id = _match_with_hands(live, 2)
    folder = tmp_path / "backups"
    folder.mkdir()
    path = folder / "backup.sqlite"
    path.write_text("an older backup")
    old_inode = path.stat().st_ino
    keeper = folder / "kept-link"  # a hard link to the old file: a rename leaves it as it was
    os.link(path, keeper)
    done = live.test_cli_runner().invoke(args=["backup", str(path)])
    assert done.exit_code == 0, done.output
    assert path.stat().st_ino != old_inode  # a new file, renamed over the old one
    assert keeper.read_text() == "an older backup"
    assert sorted(p.name for p in folder.iterdir()) == ["backup.sqlite", "kept-link"]
    assert len(stored(path, public_id)[1]) == 2


def test_a_backup_writes_through_no_link_planted_beside_it(live: Flask, tmp_path: Path) -> None:
    # Where a temporary file of a guessable name would be (the one of the name before issue
    # 25, with this process's id): a link planted there must not be written through.
    _match_with_hands(live, 1)
    victim = tmp_path / "victim.txt"
    victim.write_text("someone else's file")
    path = tmp_path / "backup.sqlite"
    planted = tmp_path / f".{path.name}.partial-{os.getpid()}"
    planted.symlink_to(victim)
    done = live.test_cli_runner().invoke(args=["backup", str(path)])
    assert done.exit_code == 0, done.output
    assert victim.read_text() == "someone else's file"
    assert not path.is_symlink()


def _add_trigger(conn: sqlite3.Connection) -> None:
    conn.execute("CREATE TRIGGER wipe AFTER INSERT ON hands BEGIN DELETE FROM matches; END")


def _add_view(conn: sqlite3.Connection) -> None:
    conn.execute("CREATE VIEW everything AS SELECT * FROM matches")


def _add_table(conn: sqlite3.Connection) -> None:
    conn.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)")


def _add_column(conn: sqlite3.Connection) -> None:
    conn.execute("ALTER TABLE hands ADD COLUMN note TEXT")


def _hand_a_list(conn: sqlite3.Connection) -> None:
    conn.execute("UPDATE hands SET input = '[1, 2]' WHERE number = 2")


def _hand_no_json(conn: sqlite3.Connection) -> None:
    conn.execute("UPDATE hands SET input = 'all pass' WHERE number = 2")


def _too_many_hands(conn: sqlite3.Connection) -> None:
    match_id, entry, created = conn.execute(
        "SELECT match_id, input, created_at FROM hands WHERE number = 1"
    ).fetchone()
    conn.executemany(
        "INSERT INTO hands (match_id, number, input, created_at) VALUES (?, ?, ?, ?)",
        [(match_id, number, entry, created) for number in range(3, MAX_HANDS + 2)],
    )


@pytest.mark.parametrize(
    ("tamper", "named"),
    [
        (_add_trigger, "has a trigger of its own: wipe"),
        (_add_view, "has a view of its own: everything"),
        (_add_table, "has a table of its own: notes"),
        (_add_column, "has table hands with columns"),
        (_hand_a_list, "hand 2 of match"),
        (_hand_no_json, "hand 2 of match"),
        (_too_many_hands, f"has {MAX_HANDS + 1} hands"),
    ],
)
def test_restore_refuses_a_backup_the_app_could_not_serve_naming_why(
    live: Flask, tmp_path: Path, tamper: Callable[[sqlite3.Connection], None], named: str
) -> None:
    public_id = _match_with_hands(live, 2)
    runner = live.test_cli_runner()
    path = tmp_path / "backup.sqlite"
    assert runner.invoke(args=["backup", str(path)]).exit_code == 0
    with sqlite3.connect(path) as conn:
        tamper(conn)
    conn.close()
    later = _match_with_hands(live, 1)  # not in the backup: a restore would remove it

    done = runner.invoke(args=["restore", "--yes", str(path)])
    assert done.exit_code != 0, done.output
    assert named in done.output
    assert "not restored" in done.output
    client = live.test_client()
    assert client.get(f"{API}/matches/{later}").status_code == 200
    assert len(client.get(f"{API}/matches/{public_id}").get_json()["hands"]) == 2


def test_restore_takes_an_untampered_backup(live: Flask, tmp_path: Path) -> None:
    public_id = _match_with_hands(live, 2)
    runner = live.test_cli_runner()
    path = tmp_path / "backup.sqlite"
    assert runner.invoke(args=["backup", str(path)]).exit_code == 0
    later = _match_with_hands(live, 1)
    done = runner.invoke(args=["restore", "--yes", str(path)])
    assert done.exit_code == 0, done.output
    client = live.test_client()
    assert client.get(f"{API}/matches/{later}").status_code == 404
    assert len(client.get(f"{API}/matches/{public_id}").get_json()["hands"]) == 2
