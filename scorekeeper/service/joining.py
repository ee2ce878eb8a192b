"""Sharing the scoring of a match (docs/sharing.md): the codes of its scorekeeper links and the
keys of the phones that joined. Each use case locks the match and is one transaction
(:class:`.writing.UnitOfWork`); the match's hands and version do not change.

Each code remembers the secret that made it and the secret its chain of links started from;
each key the code it came by and that start (docs/sharing.md "Who may do what"): removing a
phone withdraws the link it came in by and the links it made, so it cannot come straight back;
withdrawing a club card removes whatever came in through that table's phones (docs/club.md
§8). On a club night's match the night's host has the scorekeeper's powers (the match's own
edit token is held by nobody), and once the match's round is closed only the host writes it:
no link is made or opened for it."""

from __future__ import annotations

import hmac
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

import sqlalchemy as sa

from ..extensions import db
from ..models import ClubKey, ClubNight, ClubRound, JoinCode, Match, ScorerKey, utcnow
from ..rules.core.readers import unstorable
from .club.spots import night_row_of
from .outcomes import Conflict, Forbidden, NotFound, Unauthorized
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
        club = _club_of(match)
        if hands_over and club is not None:
            check_token(match, token)
            # docs/club.md §1: a hand-over would delete the host's and the table's keys.
            raise Conflict(
                "a club night's match cannot be handed over: the host and the table keep"
                " scoring it (let another phone score too instead)"
            )
        (check_edit_token if hands_over else check_token)(match, token)
        if club is not None and club.closed:
            # docs/club.md §8: a closed round's hands are the host's to correct, nobody else's.
            raise Forbidden("this match's round is closed: only the host corrects its hands now")
        maker = hash_token(token or "")
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
                made_by_hash=maker,
                origin_hash=_origin_of(match, maker),
            )
        )
        uow.commit()
    return code, expires


@dataclass(frozen=True)
class _Club:
    """What the sharing asks of a club night's match: the night's host token hash, whether
    the match's round is closed (or the night finished) and the night's id."""

    host_hash: str
    closed: bool
    night_id: int


def _club_of(match: Match) -> _Club | None:
    """The club night of ``match`` (one query), or ``None`` for a match outside a night."""
    # Not club_spot_of's cached spot: the round's and the night's status change as it goes.
    row = night_row_of(
        match, ClubNight.token_hash, ClubRound.status, ClubNight.status, ClubNight.id
    )
    if row is None:
        return None
    host_hash, round_status, night_status, night_id = row
    return _Club(str(host_hash), round_status != "playing" or night_status == "finished", night_id)


def _origin_of(match: Match, maker: str) -> str:
    """Where the chain of links a new code extends started: the origin of the maker's own key
    when it came in by a link, else the maker itself."""
    origin = db.session.scalar(
        sa.select(ScorerKey.origin_hash).where(
            ScorerKey.match_id == match.id, ScorerKey.key_hash == maker
        )
    )
    return origin or maker


def _check_keeper(match: Match, token: str | None) -> _Club | None:
    """Refuse anyone but the scorekeeper: the match's edit token, or on a club night's match
    the night's host (docs/club.md §8: the host has the scorekeeper's powers on every match of
    the night), as :func:`~.reading.check_edit_token` refuses. The match's club night, if any.
    """
    club = _club_of(match)
    if club is not None and token and hmac.compare_digest(hash_token(token), club.host_hash):
        return club
    check_edit_token(match, token)
    return club


@dataclass(frozen=True)
class ShareRights:
    """What the share page offers a phone that scores ``match`` (docs/sharing.md)."""

    #: The scorekeeper's powers (:func:`_check_keeper`): the phones that score, withdrawing.
    keeps_score: bool
    #: A club night's match: never handed over (docs/club.md §1).
    club: bool
    #: Its round is closed (or its night finished): no link is made for it (§8).
    closed: bool


def share_rights(match: Match, token: str | None) -> ShareRights:
    """:class:`ShareRights` of ``token`` on ``match``."""
    try:
        club = _check_keeper(match, token)
        keeps = True
    except (Forbidden, Unauthorized):
        club, keeps = _club_of(match), False
    return ShareRights(keeps, club is not None, club is not None and club.closed)


def withdraw_join_codes(public_id: str, token: str | None) -> int:
    """Withdraw every code of the match's scorekeeper links (the phones that joined already
    keep scoring). Returns how many still worked. Only the scorekeeper (the edit token, or a
    club night's host) withdraws them."""
    with UnitOfWork() as uow:
        match = lock_match(public_id)
        _check_keeper(match, token)
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
    the match stops working (the other phones now watch), so it works once. No code opens a
    match of a closed club round (docs/club.md §8)."""
    check_public_id(public_id)
    with UnitOfWork() as uow:
        match = lock_match(public_id)
        club = _club_of(match)
        found: JoinCode | None = (
            db.session.scalar(
                sa.select(JoinCode).where(
                    JoinCode.match_id == match.id,
                    JoinCode.code_hash == hash_token(code),
                    JoinCode.expires_at > utcnow(),
                )
            )
            if code and unstorable(code) is None and not (club is not None and club.closed)
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
            db.session.add(
                ScorerKey(
                    match_id=match.id,
                    key_hash=hash_token(secret),
                    code_hash=found.code_hash,
                    origin_hash=found.origin_hash or found.made_by_hash,
                )
            )
        joined = Joined(secret, found.hands_over)
        uow.commit()
    return joined


def scorers(public_id: str, token: str | None) -> list[Scorer]:
    """The phones that joined the scoring of the match, by when they joined (the first first),
    for the scorekeeper only (:func:`_check_keeper`); on a club night's match the table's and
    players' phones and those that joined, never the host's own key."""
    check_public_id(public_id)
    match = db.session.scalar(sa.select(Match).where(Match.public_id == public_id))
    if match is None:
        raise NotFound("there is no match with this id")
    club = _check_keeper(match, token)
    query = sa.select(ScorerKey.id, ScorerKey.created_at).where(ScorerKey.match_id == match.id)
    if club is not None:
        query = query.where(ScorerKey.key_hash != club.host_hash)
    rows = db.session.execute(query.order_by(ScorerKey.created_at, ScorerKey.id))
    return [Scorer(key_id, joined_at) for key_id, joined_at in rows]


def remove_scorer(public_id: str, token: str | None, scorer_id: int) -> bool:
    """Stop one phone that joined the scoring (its key stops working at once: its next write
    is refused), for the scorekeeper only (:func:`_check_keeper`). The link it came in by and
    the links it made are withdrawn with it: it cannot join again with them (docs/sharing.md).
    A club table's (or player's) phone is out of the night: its key no longer scores the
    night's later rounds either (the card's code still lets a phone in until the host
    withdraws the card, docs/club.md §8). False when there was no such phone (removed already;
    a club night's host is no phone to remove)."""
    with UnitOfWork() as uow:
        match = lock_match(public_id)
        club = _check_keeper(match, token)
        found = db.session.scalar(
            sa.select(ScorerKey).where(ScorerKey.match_id == match.id, ScorerKey.id == scorer_id)
        )
        if found is None or (club is not None and found.key_hash == club.host_hash):
            return False
        digest, came_by = found.key_hash, found.code_hash
        # The key is random: where else it sits (a club key on the night's other matches)
        # it is this phone's.
        db.session.execute(sa.delete(ScorerKey).where(ScorerKey.key_hash == digest))
        links = JoinCode.made_by_hash == digest
        if came_by is not None:
            links = sa.or_(links, JoinCode.code_hash == came_by)
        db.session.execute(sa.delete(JoinCode).where(links))
        if club is not None:
            db.session.execute(
                sa.delete(ClubKey).where(
                    ClubKey.club_night_id == club.night_id, ClubKey.key_hash == digest
                )
            )
        uow.commit()
    return True
