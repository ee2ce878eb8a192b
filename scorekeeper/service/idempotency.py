"""What a write remembers of its ``Idempotency-Key`` (:mod:`.writing`, "Idempotent answers";
docs/api.md "Hands"): how long and how large, the columns that read a key's record with its
match, and the sweep of the expired ones. The write protocol (:mod:`.writing`) uses them; it
alone commits.
"""

from __future__ import annotations

import time
from datetime import datetime, timedelta
from typing import Any

import sqlalchemy as sa

from ..extensions import db
from ..models import IdempotentWrite, Match, utcnow
from ..rules.core.readers import unstorable

#: The longest ``Idempotency-Key`` kept (the column's size).
MAX_IDEMPOTENCY_KEY = 200

#: How long an ``Idempotency-Key`` is remembered (docs/api.md "Hands": at least 7 days).
IDEMPOTENCY_DAYS = 7

#: A key's record as read with its match: its id and when it was made.
Kept = tuple[int, datetime]


def kept_columns() -> tuple[Any, ...]:
    """The columns that read, with the match, the record on it of the key bound as ``key``
    (nulls if it has none)."""

    def column(of: Any) -> Any:
        return (
            sa.select(of)
            .where(IdempotentWrite.match_id == Match.id, IdempotentWrite.key == sa.bindparam("key"))
            .scalar_subquery()
        )

    return (column(IdempotentWrite.id), column(IdempotentWrite.created_at))


def record_of(row: Any) -> Kept | None:
    """The key's record of a row read with :func:`kept_columns`."""
    return (row[1], row[2]) if len(row) == 3 and row[1] is not None else None


def expiry() -> Any:
    """The moment before which a key is forgotten."""
    return utcnow() - timedelta(days=IDEMPOTENCY_DAYS)


def remembered(match: Match, key: str | None) -> bool:
    """Whether a write of ``key`` on the match is remembered (not expired): its repeat is
    answered as that write was (a page's check before a write, issue 38 point 1)."""
    if not key or len(key) > MAX_IDEMPOTENCY_KEY or unstorable(key) is not None:
        return False  # never stored: the write refuses such a key (PostgreSQL cannot compare it)
    found = db.session.scalar(
        sa.select(IdempotentWrite.id).where(
            IdempotentWrite.match_id == match.id,
            IdempotentWrite.key == key,
            IdempotentWrite.created_at >= expiry(),
        )
    )
    return found is not None


#: How often a process sweeps the expired keys away (seconds): a key's own expired record is
#: deleted when the key comes again (:func:`.writing.write`), so the sweep only keeps the table
#: small.
SWEEP_EVERY = 60.0
_swept = [-SWEEP_EVERY]  # when this process last swept (time.monotonic)


def forget_expired() -> None:
    """Delete every expired key, of any match (indexed on ``created_at``: cheap), at most once
    a minute in this process: a statement on every keyed write was a fifth of its cost."""
    now = time.monotonic()
    if now - _swept[0] < SWEEP_EVERY:
        return
    _swept[0] = now
    db.session.execute(
        sa.delete(IdempotentWrite)
        .where(IdempotentWrite.created_at < expiry())
        .execution_options(synchronize_session=False)
    )
