"""A database too busy to answer in time is a 503, not a 500 (issue 37, point 1).

Under a burst of heavy work a write may wait for SQLite's write lock past its busy timeout
("database is locked"), or for a connection of the pool past the pool's timeout (PostgreSQL).
Nothing was stored, and the same request a moment later goes through: the answer is what any
work refused for now gets (:func:`.replay_limits.busy_answer`: 503 with ``Retry-After``, the
error page, JSON under ``/api/``), and the log says so once per request, as a warning. Any other
operational error of the database (it is down, a statement failed) stays the 500 it is.
"""

from __future__ import annotations

import logging

from flask import Flask
from sqlalchemy import exc
from werkzeug.wrappers import Response

from ..service.outcomes import Busy
from .replay_limits import busy_answer

log = logging.getLogger("scorekeeper")

#: What SQLite says when its busy timeout ran out waiting for another writer.
SQLITE_LOCKED = "database is locked"


def is_busy(error: Exception) -> bool:
    """Whether ``error`` is the database not answering in time: SQLite's lock or the pool."""
    if isinstance(error, exc.TimeoutError):  # no pooled connection within the pool's timeout
        return True
    return isinstance(error, exc.OperationalError) and SQLITE_LOCKED in str(error.orig)


def database_busy(error: Exception) -> Response:
    """503 with ``Retry-After`` for a database that did not answer in time; any other error
    raised again, to be the 500 it is."""
    if not is_busy(error):
        raise error
    log.warning("the database did not answer in time: %s", type(error).__name__)
    return busy_answer(Busy(503, 1))


def init_app(app: Flask) -> None:
    """Answer the database's timeouts as 503s."""
    app.register_error_handler(exc.OperationalError, database_busy)
    app.register_error_handler(exc.TimeoutError, database_busy)
