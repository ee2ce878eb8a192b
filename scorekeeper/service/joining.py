"""Sharing the scoring of a match (docs/sharing.md): the codes of its scorekeeper links and the
keys of the phones that joined. Each use case locks the match and is one transaction
(:class:`.writing.UnitOfWork`); the match's hands and version do not change."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

import sqlalchemy as sa

from ..extensions import db
from ..models import ClubTable, JoinCode, Match, ScorerKey, utcnow
from ..rules.entry import unstorable
from .outcomes import Conflict, NotFound, Unauthorized
from .reading import check_edit_token, check_public_id, check_token, hash_token
from .writing import UnitOfWork, lock_match

#: How long a scorekeeper link's code works (docs/sharing.md): long enough to show the
#: QR code across the table, short enough that a photo of it is soon worth nothing.
JOIN_CODE_MINUTES = 15

#: The most codes a match holds at once: making one more withdraws the oldest.
MAX_JOIN_CODES = 5


@dataclass(frozen=True)
class Joined:
    """What :func:`join` gives the phone that joined: the secret it writes with from now on
    (the new edit token when it took the scoring over, else a key of its own)."""

    token: str
    hands_over: bool


@dataclass(frozen=True)
class Scorer:
    """A phone that joined the scoring of a match (its key's row: never the key itself)."""

    id: int
    joined_at: datetime


def make_join_code(public_id: str, token: str | None, *, hands_over: bool) -> tuple[str, datetime]:
    """A new code for the scorekeeper link (docs/sharing.md), for whoever holds a right to
    score (:func:`~.reading.check_token`); one that hands the scoring over only for the edit
    token (:func:`~.reading.check_edit_token`: a phone that scores too cannot take the match
    from its scorekeeper). It works for :data:`JOIN_CODE_MINUTES`; ``hands_over``: the phone
    that opens it becomes the only one that scores. Only the code's hash is stored: the code is
    returned once, with the moment it stops working. The match's hands and version do not
    change."""
    with UnitOfWork() as uow:
        match = lock_match(public_id)
        if hands_over and _in_club_night(match):
            check_token(match, token)
            # docs/club.md §1: a hand-over would delete the host's and the table's keys.
            raise Conflict(
                "a club night's match cannot be handed over: the host and the table keep"
                " scoring it (let another phone score too instead)"
            )
        (check_edit_token if hands_over else check_token)(match, token)
        now = utcnow()
        db.session.execute(
            sa.delete(JoinCode)
            .where(JoinCode.expires_at <= now)
            .execution_options(synchronize_session=False)
        )
        kept = db.session.scalars(
            sa.select(JoinCode.id)
            .where(JoinCode.match_id == match.id)
            .order_by(JoinCode.created_at.desc(), JoinCode.id.desc())
            .offset(MAX_JOIN_CODES - 1)
        ).all()
        if kept:
            db.session.execute(sa.delete(JoinCode).where(JoinCode.id.in_(kept)))
        code = secrets.token_urlsafe(16)
        expires = now + timedelta(minutes=JOIN_CODE_MINUTES)
        db.session.add(
            JoinCode(
                match_id=match.id,
                code_hash=hash_token(code),
                hands_over=hands_over,
                created_at=now,
                expires_at=expires,
            )
        )
        uow.commit()
    return code, expires


def _in_club_night(match: Match) -> bool:
    """Whether the match is played at a table of a club night (docs/club.md §8)."""
    found = db.session.scalar(sa.select(ClubTable.id).where(ClubTable.match_id == match.id))
    return found is not None


def withdraw_join_codes(public_id: str, token: str | None) -> int:
    """Withdraw every code of the match's scorekeeper links (the phones that joined already
    keep scoring). Returns how many still worked. Only the edit token withdraws them."""
    with UnitOfWork() as uow:
        match = lock_match(public_id)
        check_edit_token(match, token)
        now = utcnow()
        live = db.session.scalar(
            sa.select(sa.func.count())
            .select_from(JoinCode)
            .where(JoinCode.match_id == match.id, JoinCode.expires_at > now)
        )
        db.session.execute(sa.delete(JoinCode).where(JoinCode.match_id == match.id))
        uow.commit()
    return int(live or 0)


def join(public_id: str, code: str) -> Joined:
    """Open a scorekeeper link: :class:`Unauthorized` unless ``code`` is a live code of this
    match. A code that shares the scoring gives the phone a key of its own and stays valid; one
    that hands it over gives the phone a new edit token, and every older token, key and code of
    the match stops working (the other phones now watch), so it works once."""
    check_public_id(public_id)
    with UnitOfWork() as uow:
        match = lock_match(public_id)
        found: JoinCode | None = (
            db.session.scalar(
                sa.select(JoinCode).where(
                    JoinCode.match_id == match.id,
                    JoinCode.code_hash == hash_token(code),
                    JoinCode.expires_at > utcnow(),
                )
            )
            if code and unstorable(code) is None
            else None
        )
        if found is None:
            raise Unauthorized("this scorekeeper link has expired, was withdrawn or is wrong")
        secret = secrets.token_urlsafe(32)
        if found.hands_over:
            match.token_hash = hash_token(secret)
            db.session.execute(sa.delete(ScorerKey).where(ScorerKey.match_id == match.id))
            db.session.execute(sa.delete(JoinCode).where(JoinCode.match_id == match.id))
        else:
            db.session.add(ScorerKey(match_id=match.id, key_hash=hash_token(secret)))
        joined = Joined(secret, found.hands_over)
        uow.commit()
    return joined


def scorers(public_id: str, token: str | None) -> list[Scorer]:
    """The phones that joined the scoring of the match, by when they joined (the first first),
    for the edit token only (:func:`~.reading.check_edit_token`)."""
    check_public_id(public_id)
    match = db.session.scalar(sa.select(Match).where(Match.public_id == public_id))
    if match is None:
        raise NotFound("there is no match with this id")
    check_edit_token(match, token)
    rows = db.session.execute(
        sa.select(ScorerKey.id, ScorerKey.created_at)
        .where(ScorerKey.match_id == match.id)
        .order_by(ScorerKey.created_at, ScorerKey.id)
    )
    return [Scorer(key_id, joined_at) for key_id, joined_at in rows]


def remove_scorer(public_id: str, token: str | None, scorer_id: int) -> bool:
    """Stop one phone that joined the scoring (its key stops working at once: its next write
    is refused), for the edit token only. False when there was no such phone (removed
    already)."""
    with UnitOfWork() as uow:
        match = lock_match(public_id)
        check_edit_token(match, token)
        removed = db.session.execute(
            sa.delete(ScorerKey).where(ScorerKey.match_id == match.id, ScorerKey.id == scorer_id)
        )
        uow.commit()
    return bool(getattr(removed, "rowcount", 0))
