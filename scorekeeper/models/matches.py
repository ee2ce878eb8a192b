"""A match: its setup, its hands as entered, who may write to it (docs/sharing.md)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.orm import Mapped, mapped_column, relationship

from ..extensions import Model
from .time import utcnow


class Match(Model):
    """One match: the variant, its resolved options, the seating and who may write to it."""

    __tablename__ = "matches"

    __table_args__ = (sa.UniqueConstraint("public_id", name="uq_matches_public_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    #: The id in every URL: ``secrets.token_urlsafe(16)``, 128 random bits, so that the
    #: read-only share link cannot be guessed.
    public_id: Mapped[str] = mapped_column(sa.String(32))
    #: The API id of the form (``pinochle-4``).
    variant: Mapped[str] = mapped_column(sa.String(40))
    #: Every option with its value, defaults filled in by the rules when the match was created.
    #: A match is scored by these forever (docs/rules.md §7): when a release redefines a
    #: default or a preset, a data migration rewrites the older matches' options to the
    #: explicit old meaning (``61ac164bbc84``: rules revision 2).
    options: Mapped[dict[str, Any]] = mapped_column(sa.JSON)
    #: Player names in seating order, clockwise.
    players: Mapped[list[str]] = mapped_column(sa.JSON)
    #: Partnerships as ``[{"name": ..., "players": [...]}, ...]``; empty without partnerships.
    teams: Mapped[list[dict[str, Any]]] = mapped_column(sa.JSON)
    #: Who dealt the first hand.
    first_dealer: Mapped[str] = mapped_column(sa.String(40))
    #: Set when the table ends the match ("we stop for tonight"); cleared by undoing the last
    #: hand. A match the rules end by themselves (a winner at the target) needs no flag.
    finished: Mapped[bool] = mapped_column(default=False)
    #: 1 at creation, +1 with every change: the optimistic-concurrency check and the ETag.
    version: Mapped[int] = mapped_column(default=1)
    #: SHA-256 (hex) of the edit token: the token itself is shown once and never stored.
    token_hash: Mapped[str] = mapped_column(sa.String(64))
    created_at: Mapped[datetime] = mapped_column(sa.DateTime(timezone=True), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(sa.DateTime(timezone=True), default=utcnow)
    #: A club night's match (docs/club.md §7.2): over after this many hands (null: no limit).
    #: On the match row so that a hand write needs no extra query (docs/club.md §17).
    hand_limit: Mapped[int | None] = mapped_column(nullable=True, default=None)
    #: With ``hand_limit``: level sides after the last hand play on until they are not level.
    extra_on_tie: Mapped[bool] = mapped_column(default=False, server_default=sa.false())
    #: Time was called with this many hands stored: the match takes one more (null: not called).
    time_hands: Mapped[int | None] = mapped_column(nullable=True, default=None)
    #: The version of the match's last change to its hands (null: ``version`` itself). A change
    #: beside the hands (a club round's time called, docs/club.md §7.1) moves ``version`` (the
    #: ETag: the phones see it) but not this, so a hand form made since this version still
    #: saves: the version check refuses only what another write of hands made stale.
    hands_version: Mapped[int | None] = mapped_column(nullable=True, default=None)

    hands: Mapped[list[Hand]] = relationship(
        back_populates="match",
        order_by="Hand.number",
        cascade="all, delete-orphan",
        passive_deletes=True,
    )

    def __repr__(self) -> str:
        return f"<Match {self.public_id} {self.variant} v{self.version}>"


class Hand(Model):
    """One hand of a match, exactly as entered (the API's ``version`` key stripped)."""

    __tablename__ = "hands"
    # The database, not only the code, guarantees that two racing writes never share a number.
    __table_args__ = (sa.UniqueConstraint("match_id", "number", name="uq_hands_match_number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    match_id: Mapped[int] = mapped_column(
        sa.ForeignKey("matches.id", name="fk_hands_match_id", ondelete="CASCADE")
    )
    #: 1-based; hands are numbered without gaps because only the last one can be deleted.
    number: Mapped[int]
    input: Mapped[dict[str, Any]] = mapped_column(sa.JSON)
    created_at: Mapped[datetime] = mapped_column(sa.DateTime(timezone=True), default=utcnow)

    match: Mapped[Match] = relationship(back_populates="hands")

    def __repr__(self) -> str:
        return f"<Hand {self.number} of match {self.match_id}>"


class IdempotentWrite(Model):
    """What a successful write made with an ``Idempotency-Key`` kept, so that a repeat (a double
    tap, a retried request) adds nothing and answers as docs/api.md "Hands" says: the status,
    and the hand as the write stored it; never a copy of the match (``b13c0575idem``). Kept for
    7 days (``service.IDEMPOTENCY_DAYS``): each process sweeps the expired ones away once a
    minute, and a key that comes again replaces its own expired record.
    """

    __tablename__ = "idempotent_writes"
    __table_args__ = (
        sa.UniqueConstraint("match_id", "key", name="uq_idempotent_writes_key"),
        # The expiry's sweep (once a minute in each process) finds the old keys without a scan.
        sa.Index("ix_idempotent_writes_created_at", "created_at"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    match_id: Mapped[int] = mapped_column(
        sa.ForeignKey("matches.id", name="fk_idempotent_writes_match_id", ondelete="CASCADE")
    )
    key: Mapped[str] = mapped_column(sa.String(200))
    #: The HTTP status first answered.
    status: Mapped[int]
    #: The hand as the write stored it, as the API answered it (POST and PUT); null for the
    #: other writes and the pages. One hand: its size does not grow with the match.
    hand: Mapped[Any] = mapped_column(sa.JSON, nullable=True)
    created_at: Mapped[datetime] = mapped_column(sa.DateTime(timezone=True), default=utcnow)

    def __repr__(self) -> str:
        return f"<IdempotentWrite {self.key!r} of match {self.match_id}>"


class JoinCode(Model):
    """A scorekeeper link's code (docs/sharing.md): it lets one more phone score a match
    without the edit token ever being in a URL. It does nothing else, expires after
    ``service.JOIN_CODE_MINUTES`` and can be withdrawn by the scorekeeper. A code that hands
    over the scoring works once; a code that shares it works until it expires or is withdrawn.
    """

    __tablename__ = "join_codes"
    __table_args__ = (sa.UniqueConstraint("code_hash", name="uq_join_codes_code_hash"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    match_id: Mapped[int] = mapped_column(
        sa.ForeignKey("matches.id", name="fk_join_codes_match_id", ondelete="CASCADE"),
        index=True,
    )
    #: SHA-256 (hex) of the code: like the edit token, the code itself is never stored.
    code_hash: Mapped[str] = mapped_column(sa.String(64))
    #: True: the phone that opens it becomes the scorekeeper and every other phone watches.
    #: False: it scores alongside the phones that already do.
    hands_over: Mapped[bool] = mapped_column(default=False)
    #: SHA-256 (hex) of the secret that made the code (the edit token, a scorer key, a club
    #: night's host or table key; null before migration ``e4b7c9a1rights``): removing that
    #: phone withdraws the codes it made (docs/sharing.md).
    made_by_hash: Mapped[str | None] = mapped_column(sa.String(64), nullable=True)
    #: The first secret of the chain of links it came from: the maker itself, or the one the
    #: maker's own key came by. Withdrawing a club card withdraws every code and key that came
    #: in through its phones (docs/club.md §8).
    origin_hash: Mapped[str | None] = mapped_column(sa.String(64), nullable=True)
    created_at: Mapped[datetime] = mapped_column(sa.DateTime(timezone=True), default=utcnow)
    expires_at: Mapped[datetime] = mapped_column(sa.DateTime(timezone=True))

    def __repr__(self) -> str:
        return f"<JoinCode of match {self.match_id} until {self.expires_at:%H:%M}>"


class ScorerKey(Model):
    """The key of a phone that joined a match through a sharing :class:`JoinCode`: it writes to
    that match as the edit token does, until the scoring is handed over. A club night's host
    token and table keys are scorer keys too, on each match they may write (docs/club.md §8)."""

    __tablename__ = "scorer_keys"
    # Per match, not across matches: a club night's host and table keys are scorer keys on
    # every match they may write (docs/club.md §8, migration ``a1c2b3d4club``).
    __table_args__ = (
        sa.UniqueConstraint("match_id", "key_hash", name="uq_scorer_keys_match_id_key_hash"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    match_id: Mapped[int] = mapped_column(
        sa.ForeignKey("matches.id", name="fk_scorer_keys_match_id", ondelete="CASCADE"),
        index=True,
    )
    #: SHA-256 (hex) of the key, which only that phone holds.
    key_hash: Mapped[str] = mapped_column(sa.String(64))
    #: SHA-256 (hex) of the join code the phone came in by (null: a key of a club night's host
    #: or card): removing the phone withdraws that link too, so that it cannot come back by it.
    code_hash: Mapped[str | None] = mapped_column(sa.String(64), nullable=True)
    #: The code's :attr:`JoinCode.origin_hash`: the secret the chain of links started from.
    origin_hash: Mapped[str | None] = mapped_column(sa.String(64), nullable=True)
    created_at: Mapped[datetime] = mapped_column(sa.DateTime(timezone=True), default=utcnow)

    def __repr__(self) -> str:
        return f"<ScorerKey of match {self.match_id}>"
