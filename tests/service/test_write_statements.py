"""The write protocol's statements (scorekeeper/service/statements.py, issue 37 point 6): on
PostgreSQL the locked match's row is read on the driver's connection and made the session's
object by hand, and the hand's row and the version written there too. These check that what
the write then sees is what the ORM's loading would give, and that a driver's error is the
error SQLAlchemy's execution raises. On SQLite, which keeps SQLAlchemy's execution, they check
the same outcomes through it."""

from __future__ import annotations

import pytest
import sqlalchemy as sa
from flask import Flask
from sqlalchemy.orm.attributes import instance_state

from scorekeeper import service
from scorekeeper.extensions import db
from scorekeeper.models import Hand, Match
from scorekeeper.service import statements, writing

HAND = {"meld": {"Ana": 20, "Ben": 0}, "tricks": {"Ana": 150, "Ben": 100}}


def _orm_columns(public_id: str) -> dict[str, object]:
    """The match's columns as the ORM's own loading reads them."""
    db.session.expunge_all()
    match = db.session.scalars(sa.select(Match).where(Match.public_id == public_id)).one()
    keys = [column.key for column in sa.inspect(Match).column_attrs]
    return {key: getattr(match, key) for key in keys}


def test_the_locked_match_is_the_object_the_orm_would_load(app: Flask) -> None:
    with app.app_context():
        made, token = service.create_match("pinochle-2", ["Ana", "Ben"])
        service.add_hand(made.public_id, token, HAND)
        expected = _orm_columns(made.public_id)
        db.session.expunge_all()
        locked = writing.lock_match(made.public_id)
        state = instance_state(locked)
        assert state.persistent
        assert not state.modified
        assert {key: getattr(locked, key) for key in expected} == expected
        # Its relationships load when asked, from the same transaction.
        assert [hand.number for hand in locked.hands] == [1]
        assert db.session.get(Match, locked.id) is locked
        db.session.rollback()


def test_a_match_already_in_the_session_is_read_again_with_its_hands(app: Flask) -> None:
    """As ``populate_existing``: a page that read the match (its hands loaded) and then writes
    sees the hands written since, not the list it had (the write would number its hand 1
    again and the database refuse it)."""
    with app.app_context():
        made, token = service.create_match("pinochle-2", ["Ana", "Ben"])
        seen = service.get_match(made.public_id)
        assert seen.hands == []
        with app.app_context():  # another session writes meanwhile
            service.add_hand(made.public_id, token, HAND)
        locked = writing.lock_match(made.public_id)
        assert locked is seen
        assert locked.version == 2
        assert [hand.number for hand in locked.hands] == [1]
        db.session.rollback()


def test_the_hand_and_the_version_are_written_together(app: Flask) -> None:
    with app.app_context():
        made, token = service.create_match("pinochle-2", ["Ana", "Ben"])
        written = service.add_hand(made.public_id, token, HAND)
        assert written.match.version == 2
        db.session.expunge_all()
        stored = db.session.scalars(sa.select(Hand).where(Hand.match_id == made.id)).one()
        assert (stored.number, stored.input) == (1, HAND)
        assert db.session.get_one(Match, made.id).version == 2


def test_a_refused_row_raises_sqlalchemys_integrity_error(app: Flask) -> None:
    """A second hand 1 is refused by the database's unique constraint: the caller sees the
    error SQLAlchemy's execution raises (``write`` answers it as a Conflict), on the driver's
    path as on SQLAlchemy's."""
    with app.app_context():
        made, token = service.create_match("pinochle-2", ["Ana", "Ben"])
        service.add_hand(made.public_id, token, HAND)
        match = writing.lock_match(made.public_id)
        with pytest.raises(sa.exc.IntegrityError):
            statements.bump(match, (1, HAND))
        db.session.rollback()
        assert service.get_match(made.public_id).version == 2


def test_a_connection_lost_under_a_write_is_dropped_and_the_next_write_gets_through(
    app: Flask,
) -> None:
    """The database ends the write's connection between its lock and its ``UPDATE`` (a restart,
    an operator's ``pg_terminate_backend``): the write raises SQLAlchemy's OperationalError
    (the API's error pages know it) with the connection invalidated, so the pool never lends
    the dead connection again and the next write is stored."""
    with app.app_context():
        if db.engine.dialect.name != "postgresql":
            pytest.skip("the driver's path is PostgreSQL's")
        made, token = service.create_match("pinochle-2", ["Ana", "Ben"])
        public_id = made.public_id
        match = writing.lock_match(public_id)
        backend = db.session.execute(sa.text("SELECT pg_backend_pid()")).scalar_one()
        with db.engine.connect() as other:
            other.execute(sa.text("SELECT pg_terminate_backend(:pid)"), {"pid": backend})
        with pytest.raises(sa.exc.OperationalError) as lost:
            statements.bump(match, (1, HAND))
        assert lost.value.connection_invalidated
        db.session.rollback()
        db.session.remove()
        assert service.add_hand(public_id, token, HAND).match.version == 2
