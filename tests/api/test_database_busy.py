"""A database too busy to answer in time is a 503 with ``Retry-After``, never a 500 (issue 37
point 1: under 100 corrections at once a save waited past SQLite's busy timeout, "database is
locked", or past the pool's timeout on PostgreSQL, and was a 500); nothing is stored, and the
same hand sent again is taken (docs/api.md "Limits")."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from typing import Any

import pytest
from sqlalchemy import exc

from scorekeeper import service
from tests.helpers import EXAMPLE_MATCH, MatchClient

HAND = {"meld": {"Us": 60, "Them": 20}, "tricks": {"Us": 190, "Them": 60}}

LOCKED = exc.OperationalError("UPDATE matches", {}, sqlite3.OperationalError("database is locked"))
POOL = exc.TimeoutError("QueuePool limit of size 5 overflow 10 reached")


def raising(error: Exception) -> Callable[..., Any]:
    def add_hand(*_: Any, **__: Any) -> Any:
        raise error

    return add_hand


@pytest.mark.parametrize("error", [LOCKED, POOL], ids=["sqlite-locked", "pool-timeout"])
def test_a_database_that_did_not_answer_in_time_is_a_503(
    table: MatchClient, monkeypatch: pytest.MonkeyPatch, error: Exception
) -> None:
    table.create(EXAMPLE_MATCH)
    with monkeypatch.context() as patched:
        patched.setattr(service, "add_hand", raising(error))
        answer = table.add(HAND)
    assert answer.status_code == 503, answer.get_json()
    assert answer.headers["Retry-After"] == "1"
    assert answer.is_json
    assert answer.get_json()["errors"]
    assert table.get()["hands"] == []  # nothing stored
    assert table.add(HAND).status_code == 201  # a moment later it goes through


def test_any_other_database_error_stays_a_500(
    table: MatchClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    table.create(EXAMPLE_MATCH)
    down = exc.OperationalError("SELECT 1", {}, sqlite3.OperationalError("disk I/O error"))
    monkeypatch.setattr(service, "add_hand", raising(down))
    with pytest.raises(exc.OperationalError):  # the test app propagates what would be a 500
        table.add(HAND)
