"""Finding a match and checking who may change it: the reads every other module starts from.

A match is stored as its setup and its hands as entered; every score, total, winner and
dealer comes from replaying the hands through the variant's rules (:mod:`.replaying`).
"""

from __future__ import annotations

import hashlib
import hmac
import re
from typing import Literal

import sqlalchemy as sa

from ..extensions import db
from ..models import Match, ScorerKey
from .outcomes import Forbidden, NotFound, Unauthorized

#: What a public id can be (``secrets.token_urlsafe``, within the column's 32 characters).
#: Anything else is no match, found without asking the database: a NUL byte in a query fails
#: on PostgreSQL (issue 13: ``GET /m/%00`` was a 500).
PUBLIC_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")


def hash_token(token: str) -> str:
    """The SHA-256 (hex) kept in place of an edit token."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def get_match(public_id: str) -> Match:
    """The match with this public id; :class:`NotFound` if there is none. Its hands are loaded
    when first used: a read answered from the replay cache (:func:`.replaying.state_of`) needs
    none."""
    check_public_id(public_id)
    match: Match | None = db.session.scalar(sa.select(Match).where(Match.public_id == public_id))
    if match is None:
        raise NotFound("there is no match with this id")
    return match


_VERSION = sa.select(Match.version).where(Match.public_id == sa.bindparam("public_id"))


def version_of(public_id: str) -> int:
    """The match's version alone (cheap: the scoreboard polls it); :class:`NotFound` if none."""
    check_public_id(public_id)
    version: int | None
    if db.session().in_transaction():
        # In the request's transaction: what it has seen.
        version = db.session.scalar(_VERSION, {"public_id": public_id})
    else:
        # One statement outside a transaction: on PostgreSQL one round trip instead of three
        # (BEGIN, SELECT, ROLLBACK) for the poll that every watching phone sends (issue 14).
        with db.engine.connect() as connection:
            autocommit = connection.execution_options(isolation_level="AUTOCOMMIT")
            version = autocommit.scalar(_VERSION, {"public_id": public_id})
    if version is None:
        raise NotFound("there is no match with this id")
    return version


def check_public_id(public_id: str) -> None:
    """:class:`NotFound` for text that no public id can be (:data:`PUBLIC_ID`)."""
    if not PUBLIC_ID.fullmatch(public_id):
        raise NotFound("there is no match with this id")


#: What a secret lets its holder do to a match (docs/sharing.md, "Who may do what"): the edit
#: token everything; a scorer key (a phone that joined to score too) only the hands.
Role = Literal["edit", "scorer"]


def token_role(match: Match, token: str | None) -> Role | None:
    """Whether ``token`` is the match's edit token, a scorer key of it, or neither (``None``)."""
    if not token:
        return None
    digest = hash_token(token)
    # compare_digest: the time taken must not tell how much of a guess was right. The key
    # lookup compares hashes, which a guesser does not choose.
    if hmac.compare_digest(digest, match.token_hash):
        return "edit"
    key = sa.select(ScorerKey.id).where(
        ScorerKey.match_id == match.id, ScorerKey.key_hash == digest
    )
    return "scorer" if db.session.scalar(key) is not None else None


def check_token(match: Match, token: str | None) -> None:
    """Refuse (:class:`Unauthorized`) anything but the match's edit token or the key of a phone
    that joined it to share the scoring (:func:`.joining.join`)."""
    if token_role(match, token) is None:
        raise Unauthorized("a valid edit token is needed to change this match")


def check_edit_token(match: Match, token: str | None) -> None:
    """Refuse anything but the match's edit token: a scorer key with :class:`Forbidden` (it
    scores, but hands the scoring over, withdraws links, removes phones or puts the match in a
    group only with the edit token), anything else with :class:`Unauthorized`."""
    role = token_role(match, token)
    if role == "scorer":
        raise Forbidden(
            "only the phone that keeps the score (it started the match or took the scoring"
            " over) can do this"
        )
    if role is None:
        raise Unauthorized("a valid edit token is needed to change this match")
