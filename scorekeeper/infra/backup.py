"""Backups of a SQLite database while it serves: ``flask backup PATH`` and
``flask restore PATH`` (docs/hosting.md, "Backups"). PostgreSQL has its own tools
(``pg_dump``/``pg_restore``, documented there); these commands refuse it.

A backup is SQLite's online backup API (``sqlite3.Connection.backup``), never a copy of the file:
a file copied while a hand is being written may hold half of that write, and in WAL mode the
file alone lacks every write not yet checkpointed. The backup copies every page in one step,
under one read transaction: a snapshot of one moment, taken while the servers go on writing
(in WAL mode they never wait; otherwise a write waits for the copy, milliseconds for a club's
database, within SQLite's busy timeout). The copy is written beside ``PATH``, checked, and then
renamed into place, so ``PATH`` is never half a backup.

A restore writes the backup's pages into the live database through the same API, in one write
transaction (a server reading at that moment sees the database before or after, never between),
moves the version of every match it took back past the version it had (see
:func:`_move_versions_on`), then migrates it to the current schema when the backup is older.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import tempfile
from dataclasses import dataclass
from pathlib import Path

import click
import sqlalchemy as sa
from alembic.script import ScriptDirectory
from flask import Flask, current_app
from flask.cli import with_appcontext
from flask_migrate import upgrade

from .. import create_app
from ..extensions import db
from ..service import MAX_HANDS

#: What every SQLite database file starts with.
SQLITE_HEADER = b"SQLite format 3\x00"


@dataclass(frozen=True)
class Summary:
    """What a database file holds, for the command's report."""

    revision: str | None
    matches: int | None
    hands: int | None

    def describe(self) -> str:
        """One line for the operator."""
        held = (
            f"{self.matches} matches, {self.hands} hands"
            if self.matches is not None
            else "no matches table"
        )
        return f"{held}, schema {self.revision or 'none'}"


def _sqlite_engine() -> sa.Engine:
    engine = db.engine
    if engine.dialect.name != "sqlite":
        raise click.ClickException(
            "flask backup and flask restore work on SQLite; on PostgreSQL use pg_dump and "
            "pg_restore (docs/hosting.md, 'Backups')"
        )
    return engine


def _sqlite3_of(connection: object) -> sqlite3.Connection:
    if not isinstance(connection, sqlite3.Connection):
        raise click.ClickException("the database is not opened by Python's sqlite3 driver")
    return connection


def _check(conn: sqlite3.Connection, what: str) -> Summary:
    """Refuse a damaged database; what it holds."""
    problems = [row[0] for row in conn.execute("PRAGMA integrity_check")]
    if problems != ["ok"]:
        raise click.ClickException(f"{what} is damaged: {'; '.join(problems[:5])}")
    tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    revision = None
    if "alembic_version" in tables:
        row = conn.execute("SELECT version_num FROM alembic_version").fetchone()
        revision = row[0] if row else None
    if "matches" not in tables or "hands" not in tables:
        return Summary(revision, None, None)
    matches = conn.execute("SELECT count(*) FROM matches").fetchone()[0]
    hands = conn.execute("SELECT count(*) FROM hands").fetchone()[0]
    return Summary(revision, int(matches), int(hands))


def _fsync_folder(folder: Path) -> None:
    # The rename itself must reach the disk, not only the file's bytes.
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def backup_sqlite(engine: sa.Engine, target: Path) -> Summary:
    """Write a consistent copy of the live SQLite database of ``engine`` to ``target``
    (replaced atomically when it exists; readable by its owner only); what the copy holds.
    A ``target`` that is a symbolic link is refused."""
    # Not resolve(): it would follow a link at the target itself (the parent folder may be one).
    target = target.absolute()
    if target.is_symlink():
        raise click.ClickException(
            f"{target} is a symbolic link: give the path of the backup file itself"
        )
    if not target.parent.is_dir():
        raise click.ClickException(f"there is no folder {target.parent}")
    # A new file of a random name beside the target (O_EXCL, 0600 from the first byte: the
    # copy holds what the database holds, token hashes), renamed into place when complete.
    fd, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".partial", dir=target.parent)
    os.close(fd)
    partial = Path(name)
    try:
        raw = engine.raw_connection()
        try:
            source = _sqlite3_of(raw.driver_connection)
            with contextlib.closing(sqlite3.connect(partial)) as copy:
                # pages=-1: every page in one step, under one read transaction (module doc).
                source.backup(copy, pages=-1)
                summary = _check(copy, "the copy")
        finally:
            raw.close()
        os.replace(partial, target)
    finally:
        for leftover in (partial, Path(f"{partial}-wal"), Path(f"{partial}-shm")):
            leftover.unlink(missing_ok=True)
    _fsync_folder(target.parent)
    return summary


def _versions(conn: sqlite3.Connection) -> dict[str, int]:
    """Each match's version in the database of ``conn`` (none before its first migration)."""
    try:
        return {
            str(pid): int(v) for pid, v in conn.execute("SELECT public_id, version FROM matches")
        }
    except sqlite3.OperationalError:
        return {}


def _move_versions_on(live: sqlite3.Connection, before: dict[str, int]) -> None:
    """Give every match the restore took back a version above the one it had before: a
    restore is a change. A scoreboard's ETag and a server's replay cache are keyed by the
    version; had a match gone back from version 10 to 8, its next two hands would make a
    different version 10 that they would take for the one they know."""
    moved = [
        (before[public_id] + 1, public_id)
        for public_id, version in _versions(live).items()
        if public_id in before and version <= before[public_id]
    ]
    live.executemany("UPDATE matches SET version = ? WHERE public_id = ?", moved)
    live.commit()


#: A schema as compared: each table's columns (names, in order), and every index, trigger and
#: view by name. SQLite's own objects (``sqlite_%``: its sequence, statistics, automatic
#: indexes) are left out; the text of a table's ``CREATE`` too, since a table migrated in
#: batch mode is written anew in other words.
Schema = dict[tuple[str, str], tuple[str, ...]]


def _schema(conn: sqlite3.Connection) -> Schema:
    objects = conn.execute(
        "SELECT type, name FROM sqlite_master WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\'"
    ).fetchall()
    schema: Schema = {}
    for kind, name in objects:
        columns: tuple[str, ...] = ()
        if kind == "table":
            # table_xinfo (not table_info): generated and hidden columns count too.
            rows = conn.execute("SELECT name FROM pragma_table_xinfo(?)", (name,)).fetchall()
            columns = tuple(str(row[0]) for row in rows)
        schema[(str(kind), str(name))] = columns
    return schema


def _reference_schema(revision: str) -> Schema:
    """The schema this release's migrations make at ``revision``, on a scratch SQLite file."""
    with tempfile.TemporaryDirectory() as scratch:
        url = f"sqlite:///{Path(scratch) / 'reference.sqlite'}"
        settings = {key: value for key, value in current_app.config.items() if key.isupper()}
        settings["SQLALCHEMY_DATABASE_URI"] = url
        reference = create_app(_Settings(settings))
        with reference.app_context():
            upgrade(directory=str(reference.extensions["migrate"].directory), revision=revision)
            db.engine.dispose()
        with contextlib.closing(sqlite3.connect(Path(scratch) / "reference.sqlite")) as conn:
            return _schema(conn)


class _Settings:
    """Settings given to ``Flask.config.from_object`` (it reads the upper-case attributes)."""

    def __init__(self, settings: dict[str, object]) -> None:
        self.__dict__.update(settings)


def _schema_problem(found: Schema, wanted: Schema) -> str | None:
    """What the backup's schema has that the migrations do not make, or lacks; None if equal."""
    for (kind, name), columns in sorted(found.items()):
        if (kind, name) not in wanted:
            return f"has a {kind} of its own: {name}"
        if columns != wanted[(kind, name)]:
            return f"has table {name} with columns {', '.join(columns)}, not as migrated"
    for kind, name in sorted(set(wanted) - set(found)):
        return f"lacks the {kind} {name}"
    return None


def _content_problem(conn: sqlite3.Connection) -> str | None:
    """A hand that is no JSON object, or a match of more hands than a match holds."""
    crowded = conn.execute(
        "SELECT m.public_id, count(*) FROM hands AS h JOIN matches AS m ON m.id = h.match_id "
        "GROUP BY h.match_id HAVING count(*) > ? LIMIT 1",
        (MAX_HANDS,),
    ).fetchone()
    if crowded is not None:
        return f"match {crowded[0]} has {crowded[1]} hands (a match holds at most {MAX_HANDS})"
    rows = conn.execute(
        "SELECT m.public_id, h.number, h.input FROM hands AS h "
        "LEFT JOIN matches AS m ON m.id = h.match_id"
    )
    for public_id, number, entry in rows:
        try:
            value = json.loads(entry) if isinstance(entry, str | bytes) else None
        except ValueError:
            value = None
        if not isinstance(value, dict):
            return f"hand {number} of match {public_id} is not a JSON object"
    return None


def _check_restorable(conn: sqlite3.Connection, source: Path, revision: str) -> None:
    """Refuse, naming the problem, a backup whose schema is not the migrations' own at its
    revision or whose hands the app could not read (module doc)."""
    problem = _schema_problem(_schema(conn), _reference_schema(revision))
    problem = problem or _content_problem(conn)
    if problem is not None:
        raise click.ClickException(f"{source} {problem}: it is not restored")


def restore_sqlite(engine: sa.Engine, source: Path, migrations: str) -> Summary:
    """Replace the content of the live SQLite database of ``engine`` with the backup at
    ``source`` (checked first); what the backup held. The caller migrates it afterwards."""
    with source.open("rb") as start:
        if start.read(len(SQLITE_HEADER)) != SQLITE_HEADER:
            raise click.ClickException(f"{source} is no SQLite database")
    # Read-only: a restore never changes its backup (not even a journal beside it).
    read_only = source.resolve().as_uri() + "?mode=ro"  # as_uri escapes a '?' or '#' in it
    with contextlib.closing(sqlite3.connect(read_only, uri=True)) as backup:
        summary = _check(backup, str(source))
        if summary.revision is None or summary.matches is None:
            raise click.ClickException(f"{source} is no scorekeeper database")
        try:
            known = ScriptDirectory(migrations).get_revision(summary.revision)
        except Exception:  # alembic raises several kinds for an unknown revision
            known = None
        if known is None:
            raise click.ClickException(
                f"{source} is at schema {summary.revision}, which this release does not know "
                "(a backup of a newer release?)"
            )
        _check_restorable(backup, source, summary.revision)
        raw = engine.raw_connection()
        try:
            live = _sqlite3_of(raw.driver_connection)
            before = _versions(live)
            backup.backup(live, pages=-1)
            _move_versions_on(live, before)
        finally:
            raw.close()
    engine.dispose()  # no pooled connection keeps a page of the database as it was
    return summary


@click.command("backup")
@click.argument("path", type=click.Path(dir_okay=False, path_type=Path))
@with_appcontext
def backup_command(path: Path) -> None:
    """Write a consistent copy of the live SQLite database to PATH (servers may keep running)."""
    summary = backup_sqlite(_sqlite_engine(), path)
    click.echo(f"backed up to {path}: {summary.describe()}")


@click.command("restore")
@click.argument("path", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.confirmation_option(
    prompt="Replace every match in the database with those of the backup?",
    help="Do not ask for confirmation.",
)
@with_appcontext
def restore_command(path: Path) -> None:
    """Replace the SQLite database's content with the backup at PATH, then migrate it."""
    directory = str(current_app.extensions["migrate"].directory)
    summary = restore_sqlite(_sqlite_engine(), path, directory)
    upgrade(directory=directory)  # a backup of an older release gets today's schema
    click.echo(f"restored from {path}: {summary.describe()}")


def init_app(app: Flask) -> None:
    """Add ``flask backup`` and ``flask restore`` to the app's command line."""
    app.cli.add_command(backup_command)
    app.cli.add_command(restore_command)
