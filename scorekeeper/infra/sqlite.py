"""SQLite as a server should run it (issue 14): write-ahead logging and ``synchronous=NORMAL``
on every connection.

- WAL: readers never wait for the writer and the writer never waits for readers, so a page
  read during a write is not held up (the default rollback journal locks readers out while a
  write commits);
- ``synchronous=NORMAL`` (safe with WAL): a commit no longer waits for the disk to flush the
  log; a crash of the app loses nothing, a power cut may lose the last commits, never corrupts.

The write lock itself is taken only for the write (``service.writing``, step 6 of its doc).
PostgreSQL needs none of this.
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from flask import Flask

from ..extensions import db


def init_app(app: Flask) -> None:
    """Set the pragmas on every new connection of the app's SQLite engines."""
    with app.app_context():
        engines = list(db.engines.values())
    for engine in engines:
        if engine.dialect.name == "sqlite":
            sa.event.listen(engine, "connect", _pragmas)


def _pragmas(connection: Any, _record: Any) -> None:
    cursor = connection.cursor()
    try:
        # A database in memory answers "memory" and stays so: nothing to share there.
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=NORMAL")
    finally:
        cursor.close()
