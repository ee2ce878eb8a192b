"""Health checks for a load balancer or an orchestrator (docs/hosting.md, "Health checks").

- ``GET /healthz``: the process is up and answering (200); it touches nothing else, so a
  database outage does not make every server look dead and get restarted.
- ``GET /readyz``: this server can serve: the database answers and its schema is at the head of
  the migrations (200); else 503, and a load balancer sends the players elsewhere. It reads
  only Alembic's version table, never a match. Its ready answer says the state of the
  rate-limit store too (``"rate_limits"``: ``"ok"``, ``"degraded"`` or ``"off"``): a store
  that does not answer never takes the server out, as it never stops the scoring
  (:mod:`scorekeeper.infra.rate_limits`).

Both answer JSON, are never cached, and are exempt from the rate limits (a load balancer polls
from one address all day) and from CSRF (they only read). Their words are for operators and
are not translated.
"""

from __future__ import annotations

import functools
import logging

import sqlalchemy as sa
from alembic.script import ScriptDirectory
from flask import Blueprint, Response, current_app, jsonify

from ..extensions import csrf, db, limiter
from .rate_limits import store_state

bp = Blueprint("health", __name__)
csrf.exempt(bp)
limiter.exempt(bp)

log = logging.getLogger("scorekeeper.health")

#: How long ``/readyz`` lets PostgreSQL take over its query (a hung database is not ready;
#: the probe must answer before the load balancer's own timeout).
STATEMENT_TIMEOUT_MS = 2000


@functools.cache
def migration_heads(directory: str) -> frozenset[str]:
    """The head revisions of the migration scripts in ``directory`` (read once: the scripts do
    not change while the process runs)."""
    return frozenset(ScriptDirectory(directory).get_heads())


def _answer(code: int, /, **body: object) -> tuple[Response, int]:
    response = jsonify(body)
    response.headers["Cache-Control"] = "no-store"  # a probe wants the state now, not a copy
    return response, code


@bp.get("/healthz")
def healthz() -> tuple[Response, int]:
    """The process is up: 200 ``{"status": "ok"}``."""
    return _answer(200, status="ok")


@bp.get("/readyz")
def readyz() -> tuple[Response, int]:
    """200 ``{"status": "ready", "schema": [...], "rate_limits": ...}`` when the database
    answers and its schema is at the migrations' head, whatever the rate-limit store's state;
    503 ``{"status": "unavailable", "reason": ...}`` otherwise."""
    heads = migration_heads(str(current_app.extensions["migrate"].directory))
    try:
        with db.engine.connect() as conn:
            if conn.dialect.name == "postgresql":
                conn.execute(sa.text(f"SET LOCAL statement_timeout = {STATEMENT_TIMEOUT_MS}"))
            conn.execute(sa.text("SELECT 1"))
            if not sa.inspect(conn).has_table("alembic_version"):
                return _answer(503, status="unavailable", reason="schema", schema=[], head=[*heads])
            current = frozenset(conn.scalars(sa.text("SELECT version_num FROM alembic_version")))
    except sa.exc.SQLAlchemyError as error:
        # The cause goes to the log, not into the answer (it may name hosts and users).
        log.warning("readyz: the database does not answer: %s", type(error).__name__, exc_info=True)
        return _answer(503, status="unavailable", reason="database")
    if current != heads:
        return _answer(
            503, status="unavailable", reason="schema", schema=sorted(current), head=sorted(heads)
        )
    return _answer(200, status="ready", schema=sorted(current), rate_limits=store_state())
