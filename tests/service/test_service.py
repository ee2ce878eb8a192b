"""The service as the pages call it: default answers, repeats, stored rows."""

from __future__ import annotations

import pytest
import sqlalchemy as sa
from flask import Flask

from scorekeeper import service
from scorekeeper.extensions import db
from scorekeeper.models import Hand, IdempotentWrite, Match
from scorekeeper.rules import RuleError

HAND = {"meld": {"Ana": 20, "Ben": 0}, "tricks": {"Ana": 150, "Ben": 100}}


def test_create_stores_only_a_hash_of_the_token(app: Flask) -> None:
    with app.app_context():
        match, token = service.create_match("pinochle-2", ["Ana", "Ben"])
        stored = db.session.scalar(sa.select(Match))
        assert stored is not None
        assert stored.public_id == match.public_id
        assert token not in stored.token_hash
        assert stored.token_hash == service.hash_token(token)
        assert (stored.version, stored.finished) == (1, False)
        assert stored.created_at is not None
        service.check_token(stored, token)
        for wrong in (None, "", token + "x"):
            with pytest.raises(service.Unauthorized):
                service.check_token(stored, wrong)


def test_refused_setup_stores_nothing(app: Flask) -> None:
    with app.app_context():
        with pytest.raises(RuleError) as refused:
            service.create_match("pinochle-2", ["Ana"])
        assert refused.value.path == "players"
        assert db.session.scalar(sa.select(sa.func.count()).select_from(Match)) == 0


def test_default_answer_and_repeat(app: Flask) -> None:
    with app.app_context():
        match, token = service.create_match("pinochle-2", ["Ana", "Ben"])
        public_id = match.public_id
        first = service.add_hand(public_id, token, HAND, idempotency_key="form-1")
        assert (first.status, first.body) == (200, {"match": public_id, "version": 2})
        assert not first.repeated
        assert first.state.totals == {"Ana": 170, "Ben": 100}
        again = service.add_hand(public_id, token, HAND, idempotency_key="form-1")
        assert again.repeated
        assert (again.status, again.body) == (first.status, first.body)
        assert len(service.get_match(public_id).hands) == 1
        assert db.session.scalar(sa.select(sa.func.count()).select_from(IdempotentWrite)) == 1


def test_writes_after_a_read_in_the_same_session_see_fresh_rows(app: Flask) -> None:
    """A page reads the match, then writes: the write locks and re-reads, never stale."""
    with app.app_context():
        match, token = service.create_match("pinochle-2", ["Ana", "Ben"])
        seen = service.get_match(match.public_id)
        assert seen.hands == []
        service.add_hand(match.public_id, token, HAND)
        written = service.add_hand(match.public_id, token, HAND)
        assert [h.number for h in written.match.hands] == [1, 2]
        numbers = db.session.scalars(sa.select(Hand.number).order_by(Hand.number)).all()
        assert numbers == [1, 2]
        with pytest.raises(service.Conflict):
            service.add_hand(match.public_id, token, HAND, version=1)
        with pytest.raises(service.NotFound):
            service.replace_hand(match.public_id, token, 3, HAND)
        with pytest.raises(service.NotFound):
            service.get_match("nope")
