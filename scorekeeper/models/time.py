"""The moments the models store: always timezone-aware, in UTC."""

from __future__ import annotations

from datetime import UTC, datetime


def utcnow() -> datetime:
    """Now, timezone-aware (UTC)."""
    return datetime.now(UTC)


def as_utc(moment: datetime) -> datetime:
    """A stored moment, timezone-aware: SQLite hands back naive datetimes, stored as UTC."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)
