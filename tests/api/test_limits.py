"""Bounded cost (issue 13): at most 1,000 hands per match on every path (docs/api.md "Limits"),
an import replayed once, small idempotency records forgotten after 7 days (docs/api.md
"Hands"), and under SQLite the write lock taken only after the replay."""

from __future__ import annotations

import json
import sqlite3
import time
from datetime import timedelta
from typing import Any

import pytest
import sqlalchemy as sa
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import export_import, service
from scorekeeper.extensions import db
from scorekeeper.models import Hand, IdempotentWrite, utcnow
from scorekeeper.rules import RuleError
from scorekeeper.rules.games.registry import find_variant
from tests.helpers import MatchClient, hidden

#: An auction hand any dealer allows: it changes no total, so the match never ends.
ALL_PASS = {"outcome": "all_pass"}
AUCTION = {"variant": "auction", "players": ["Ana", "Ben", "Cruz"]}
MOST = 1000


def document(hands: int) -> dict[str, Any]:
    """An export of an auction match of ``hands`` passed-out hands."""
    return {
        "format": export_import.FORMAT,
        "version": export_import.FORMAT_VERSION,
        **AUCTION,
        "hands": [ALL_PASS] * hands,
    }


def fill(app: Flask, public_id: str, hands: int) -> None:
    """Store ``hands`` passed-out hands directly (the rules take them; replaying a write per
    hand would make the test as slow as the old import)."""
    with app.app_context():
        match = service.get_match(public_id)
        start = len(match.hands)
        for number in range(start + 1, start + hands + 1):
            match.hands.append(Hand(number=number, input=dict(ALL_PASS), created_at=utcnow()))
        match.version += 1  # as every change to a match does (the replay cache relies on it)
        db.session.commit()


@pytest.fixture
def plays(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The number of hands of every replay of the auction rules, in order (every replay goes
    through ``Variant.resume``; the suite's resume check of tests/conftest.py replays with the
    class's own method, not counted here)."""
    variant = find_variant("auction")
    real = variant.resume
    calls: list[int] = []

    def counted(checkpoint: Any, hands: Any, **kwargs: Any) -> Any:
        calls.append(len(hands))
        return real(checkpoint, hands, **kwargs)

    monkeypatch.setattr(variant, "resume", counted)
    return calls


# --- 1,000 hands at most ------------------------------------------------------------------------


def test_the_api_refuses_hand_1001_with_a_409_that_says_so(app: Flask, table: MatchClient) -> None:
    table.create(AUCTION)
    fill(app, table.id, MOST - 1)
    assert table.add(ALL_PASS).status_code == 201  # hand 1,000 is taken
    refused = table.add(ALL_PASS)
    assert refused.status_code == 409
    assert "at most 1000 hands" in json.dumps(refused.get_json())
    assert len(table.get()["hands"]) == MOST
    # An undo makes room again; a correction of a hand is no new hand.
    assert table.delete(MOST).status_code == 200
    assert table.add(ALL_PASS).status_code == 201
    assert table.replace(MOST, ALL_PASS).status_code == 200


def test_the_pages_refuse_hand_1001_and_say_so(
    app: Flask, client: FlaskClient, table: MatchClient
) -> None:
    url = table.start("auction")
    fill(app, table.id, MOST)
    html = client.get(url).get_data(as_text=True)
    keys = {"idempotency_key": hidden(html, "idempotency_key"), "version": hidden(html, "version")}
    refused = client.post(url + "/hands", data={**keys, "outcome": "all_pass"})
    assert refused.status_code == 422
    assert "at most 1000 hands" in refused.get_data(as_text=True)
    with app.app_context():
        assert len(service.get_match(table.id).hands) == MOST


def test_an_import_of_more_than_1000_hands_is_refused_naming_hands(
    app: Flask, plays: list[int]
) -> None:
    with pytest.raises(RuleError) as refused:
        export_import.read_document(json.dumps(document(MOST + 1)))
    assert refused.value.path == "hands"
    assert "at most 1000 hands" in refused.value.message
    assert plays == []  # refused before any replay
    # The service refuses it too, whoever calls it.
    with app.app_context(), pytest.raises(RuleError) as refused:
        service.create_match(*AUCTION.values(), hands=[ALL_PASS] * (MOST + 1))
    assert refused.value.path == "hands"


def test_the_import_page_refuses_a_file_over_the_limit(client: FlaskClient) -> None:
    response = client.post("/import", data={"pasted": json.dumps(document(MOST + 1))})
    assert response.status_code == 422
    assert "hands: " in response.get_data(as_text=True)


# --- Import: one replay, one write --------------------------------------------------------------


def test_an_import_replays_once_and_stores_in_one_transaction(
    app: Flask, plays: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    commits: list[int] = []
    real_commit = db.session.commit

    def counted_commit() -> None:
        commits.append(1)
        real_commit()

    with app.app_context():
        monkeypatch.setattr(db.session, "commit", counted_commit)
        match, token = export_import.import_match(
            export_import.read_document(json.dumps(document(MOST)))
        )
        monkeypatch.undo()
        assert plays == [MOST]  # one replay of the whole file, none per hand
        assert len(commits) == 1
        stored = service.get_match(match.public_id)
        assert [hand.number for hand in stored.hands] == list(range(1, MOST + 1))
        service.check_token(stored, token)


def test_an_imported_finished_match_is_finished(app: Flask) -> None:
    with app.app_context():
        finished, _ = export_import.import_match(
            export_import.read_document(json.dumps(document(3) | {"finished": True}))
        )
        assert service.state_of(service.get_match(finished.public_id)).status == "finished"
        empty, _ = export_import.import_match(
            export_import.read_document(json.dumps(document(0) | {"finished": True}))
        )
        assert not service.get_match(empty.public_id).finished


def test_a_refused_hand_of_an_import_stores_nothing(app: Flask) -> None:
    bad = document(3)
    bad["hands"] = [ALL_PASS, {"outcome": "made"}, ALL_PASS]
    with app.app_context():
        with pytest.raises(RuleError) as refused:
            export_import.import_match(export_import.read_document(json.dumps(bad)))
        assert refused.value.path.startswith("hands[1]")
        assert db.session.scalar(sa.select(sa.func.count()).select_from(Hand)) == 0


# --- Idempotency records: small, the match as it stands now, 7 days -----------------------------


def records(app: Flask) -> list[IdempotentWrite]:
    with app.app_context():
        return list(db.session.scalars(sa.select(IdempotentWrite).order_by(IdempotentWrite.id)))


def test_a_key_keeps_the_hand_not_a_copy_of_the_match(app: Flask, table: MatchClient) -> None:
    table.create(AUCTION)
    first = table.add(ALL_PASS, key="short")
    fill(app, table.id, 200)
    later = table.add(ALL_PASS, key="long")
    short, long = records(app)
    assert (short.status, long.status) == (201, 201)
    assert short.hand == first.get_json()["hand"]
    assert long.hand == later.get_json()["hand"]
    assert long.hand["number"] == 202
    # Its size does not grow with the match (a copy of it would be 200 times larger).
    assert len(json.dumps(long.hand)) < 2 * len(json.dumps(short.hand))


def test_a_repeat_answers_the_kept_hand_and_the_match_as_it_stands_now(table: MatchClient) -> None:
    table.create(AUCTION)
    first = table.add(ALL_PASS, key="tap")
    table.add_ok(ALL_PASS)
    again = table.add({"outcome": "made"}, key="tap")  # the body of a repeat is not compared
    assert again.status_code == 201
    body = again.get_json()
    assert body["hand"] == first.get_json()["hand"]
    assert body["match"] == table.get()
    assert body["match"]["version"] == 3
    assert len(body["match"]["hands"]) == 2


def test_a_repeated_correction_answers_the_hand_it_stored(table: MatchClient) -> None:
    table.create(AUCTION)
    table.add_ok(ALL_PASS)
    table.add_ok(ALL_PASS)
    put = table.replace(1, ALL_PASS, key="fix")
    assert put.status_code == 200
    assert put.get_json()["hand"]["number"] == 1
    table.add_ok(ALL_PASS)
    again = table.replace(1, {"outcome": "made"}, key="fix")
    assert again.status_code == 200
    assert again.get_json()["hand"] == put.get_json()["hand"]
    assert again.get_json()["match"] == table.get()


def test_keys_are_forgotten_after_7_days(app: Flask, table: MatchClient) -> None:
    table.create(AUCTION)
    table.add(ALL_PASS, key="old")
    with app.app_context():
        db.session.execute(
            sa.update(IdempotentWrite).values(created_at=utcnow() - timedelta(days=7, minutes=1))
        )
        db.session.commit()
    # Forgotten: the same key is a new write, and that write drops the expired record.
    assert table.add(ALL_PASS, key="old").get_json()["hand"]["number"] == 2
    kept = records(app)
    assert len(kept) == 1
    assert kept[0].hand["number"] == 2
    # Within the 7 days it is remembered.
    with app.app_context():
        db.session.execute(
            sa.update(IdempotentWrite).values(created_at=utcnow() - timedelta(days=6))
        )
        db.session.commit()
    assert table.add(ALL_PASS, key="old").get_json()["hand"]["number"] == 2
    assert len(table.get()["hands"]) == 2


def test_expired_keys_of_every_match_are_swept_at_most_once_a_minute(
    app: Flask, table: MatchClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A DELETE on every keyed write was a fifth of its cost (issue 14): each process sweeps
    # the expired records of all matches once a minute, and a key's own expired record goes
    # when the key comes again (test_keys_are_forgotten_after_7_days).
    table.create(AUCTION)
    table.add(ALL_PASS, key="a")
    with app.app_context():
        db.session.execute(
            sa.update(IdempotentWrite).values(created_at=utcnow() - timedelta(days=8))
        )
        db.session.commit()
    monkeypatch.setattr(
        service.idempotency, "_swept", [time.monotonic()]
    )  # as if it had just swept
    table.add(ALL_PASS, key="b")
    assert sorted(record.key for record in records(app)) == ["a", "b"]
    monkeypatch.setattr(service.idempotency, "_swept", [time.monotonic() - service.SWEEP_EVERY])
    table.add(ALL_PASS, key="c")
    assert sorted(record.key for record in records(app)) == ["b", "c"]


# --- SQLite: the write lock only after the replay -----------------------------------------------


def sqlite_file(app: Flask) -> str:
    url = sa.make_url(app.config["SQLALCHEMY_DATABASE_URI"])
    if url.get_backend_name() != "sqlite":
        pytest.skip("the database's write lock is SQLite's; PostgreSQL locks the row")
    assert url.database
    return url.database


def test_sqlite_replays_without_holding_the_write_lock(
    app: Flask, table: MatchClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = sqlite_file(app)
    table.create(AUCTION)
    other = MatchClient(table.client)
    other.create(AUCTION)
    variant = find_variant("auction")
    real = variant.resume
    writes: list[str] = []

    def play_then_write_elsewhere(checkpoint: Any, hands: Any, **kwargs: Any) -> Any:
        # While the replay runs, another connection writes to another match without waiting
        # (timeout 0): the replay holds no write lock.
        connection = sqlite3.connect(path, timeout=0)
        try:
            connection.execute(
                "UPDATE matches SET updated_at = updated_at WHERE public_id = ?", (other.id,)
            )
            connection.commit()
            writes.append("written")
        except sqlite3.OperationalError as error:
            writes.append(str(error))
        finally:
            connection.close()
        return real(checkpoint, hands, **kwargs)

    monkeypatch.setattr(variant, "resume", play_then_write_elsewhere)
    assert table.add(ALL_PASS).status_code == 201
    assert writes == ["written"]


def test_sqlite_rechecks_the_version_inside_the_lock(
    app: Flask, table: MatchClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = sqlite_file(app)
    table.create(AUCTION)
    variant = find_variant("auction")
    real = variant.resume
    calls: list[int] = []

    def play_while_another_write_lands(checkpoint: Any, hands: Any, **kwargs: Any) -> Any:
        calls.append(len(hands))
        if len(calls) == 1:
            # Another write to this match commits between this replay and the lock.
            connection = sqlite3.connect(path)
            try:
                match_id = connection.execute(
                    "SELECT id FROM matches WHERE public_id = ?", (table.id,)
                ).fetchone()[0]
                connection.execute(
                    "INSERT INTO hands (match_id, number, input, created_at) "
                    "VALUES (?, 1, ?, '2026-11-30 00:00:00')",
                    (match_id, json.dumps(ALL_PASS)),
                )
                connection.execute(
                    "UPDATE matches SET version = version + 1 WHERE id = ?", (match_id,)
                )
                connection.commit()
            finally:
                connection.close()
        return real(checkpoint, hands, **kwargs)

    monkeypatch.setattr(variant, "resume", play_while_another_write_lands)
    added = table.add(ALL_PASS)
    assert added.status_code == 201, added.get_json()
    # The first replay (of one hand) no longer held: replayed again with the other's hand.
    assert calls == [1, 2]
    assert added.get_json()["hand"]["number"] == 2
    assert added.get_json()["match"]["version"] == 3


def test_sqlite_repeat_answers_the_match_its_key_was_written_with(
    app: Flask, table: MatchClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Unlocked, the match may be read before the write that stored the key commits: the
    repeat reads it again, so its answer is never older than the key."""
    path = sqlite_file(app)
    table.create(AUCTION)
    real = service.check_token
    kept = {"number": 1, "input": ALL_PASS}

    def token_then_another_write(match: Any, token: str | None) -> None:
        real(match, token)
        if match.version == 1:
            # The first request with this key commits right after this one read the match.
            connection = sqlite3.connect(path)
            try:
                connection.execute(
                    "INSERT INTO hands (match_id, number, input, created_at) "
                    "VALUES (?, 1, ?, '2026-11-30 00:00:00')",
                    (match.id, json.dumps(ALL_PASS)),
                )
                connection.execute("UPDATE matches SET version = 2 WHERE id = ?", (match.id,))
                connection.execute(
                    "INSERT INTO idempotent_writes (match_id, key, status, hand, created_at) "
                    "VALUES (?, 'tap', 201, ?, ?)",
                    (match.id, json.dumps(kept), utcnow().isoformat(" ")),
                )
                connection.commit()
            finally:
                connection.close()

    monkeypatch.setattr(service.writing, "check_token", token_then_another_write)
    again = table.add(ALL_PASS, key="tap")
    assert again.status_code == 201
    assert again.get_json()["hand"] == kept
    assert again.get_json()["match"]["version"] == 2
    assert len(again.get_json()["match"]["hands"]) == 1


def test_sqlite_runs_with_write_ahead_logging(app: Flask) -> None:
    """Issue 14: WAL (readers and the writer never wait for each other) and synchronous=NORMAL
    on every connection of a SQLite database."""
    if app.config["SQLALCHEMY_DATABASE_URI"].startswith("postgresql"):
        pytest.skip("SQLite only")
    with app.app_context():
        connection = db.session.connection()
        assert connection.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        # 1 is NORMAL (2, FULL, is the default).
        assert connection.exec_driver_sql("PRAGMA synchronous").scalar() == 1
