"""Club nights (issue 28; docs/club.md §15): a room of tables, round after round."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.orm import Mapped, mapped_column

from ..extensions import Model
from .time import utcnow


class ClubNight(Model):
    """A room of tables playing at once, round after round (docs/club.md). Like a group it has a
    private id whose token writes (only its hash is kept) and a separate read-only id. Its
    standings, balance and settle-up are never stored: they are computed from its matches."""

    __tablename__ = "club_nights"
    __table_args__ = (
        sa.UniqueConstraint("public_id", name="uq_club_nights_public_id"),
        sa.UniqueConstraint("read_id", name="uq_club_nights_read_id"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    public_id: Mapped[str] = mapped_column(sa.String(32))
    read_id: Mapped[str] = mapped_column(sa.String(32))
    #: SHA-256 (hex) of the host token: the token itself is shown once, in the private link.
    token_hash: Mapped[str] = mapped_column(sa.String(64))
    name: Mapped[str] = mapped_column(sa.String(40))
    group_id: Mapped[int | None] = mapped_column(
        sa.ForeignKey("groups.id", name="fk_club_nights_group_id", ondelete="CASCADE"),
        nullable=True,
        index=True,
    )
    variant: Mapped[str] = mapped_column(sa.String(40))
    #: Every option resolved, as a match's (every table plays them).
    options: Mapped[dict[str, Any]] = mapped_column(sa.JSON)
    #: rotation (with its seed), round, standings, awards, purse, scoring: every setting explicit.
    settings: Mapped[dict[str, Any]] = mapped_column(sa.JSON)
    #: ``setup``, ``playing`` or ``finished``.
    status: Mapped[str] = mapped_column(sa.String(10), default="setup")
    #: 1 at creation, +1 with every night write; hand writes never touch this row (§9.7).
    version: Mapped[int] = mapped_column(default=1)
    created_at: Mapped[datetime] = mapped_column(sa.DateTime(timezone=True), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(sa.DateTime(timezone=True), default=utcnow)
    #: Each print page the host printed and the schedule's stamp it showed then
    #: (``{"chart": "3FA2C1", "round-2": "..."}``, docs/club.md §13): a page whose stamp is no
    #: longer the schedule's is out of date. Null: nothing printed yet.
    printed: Mapped[dict[str, str] | None] = mapped_column(sa.JSON, nullable=True)
    #: The last generation a card's code was derived at (docs/club.md §8, :class:`ClubCode`):
    #: each new code takes the next, so a withdrawn code never comes back.
    code_generation: Mapped[int] = mapped_column(default=0, server_default="0")

    def __repr__(self) -> str:
        return f"<ClubNight {self.public_id} {self.name!r} {self.status} v{self.version}>"


class ClubPair(Model):
    """A fixed pair of a club night (part two, docs/club.md §4.4)."""

    __tablename__ = "club_pairs"
    __table_args__ = (
        sa.UniqueConstraint("club_night_id", "number", name="uq_club_pairs_club_night_id_number"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    club_night_id: Mapped[int] = mapped_column(
        sa.ForeignKey("club_nights.id", name="fk_club_pairs_club_night_id", ondelete="CASCADE")
    )
    number: Mapped[int]
    name: Mapped[str] = mapped_column(sa.String(40))
    created_at: Mapped[datetime] = mapped_column(sa.DateTime(timezone=True), default=utcnow)


class ClubPlayer(Model):
    """A player of a club night, numbered 1..n for the whole night (docs/club.md §3)."""

    __tablename__ = "club_players"
    __table_args__ = (
        sa.UniqueConstraint("club_night_id", "number", name="uq_club_players_club_night_id_number"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    club_night_id: Mapped[int] = mapped_column(
        sa.ForeignKey("club_nights.id", name="fk_club_players_club_night_id", ondelete="CASCADE")
    )
    number: Mapped[int]
    name: Mapped[str] = mapped_column(sa.String(40))
    pair_id: Mapped[int | None] = mapped_column(
        sa.ForeignKey("club_pairs.id", name="fk_club_players_pair_id", ondelete="CASCADE"),
        nullable=True,
    )
    #: The roster player of the night's group, or null outside a group.
    group_player_id: Mapped[int | None] = mapped_column(
        sa.ForeignKey(
            "group_players.id", name="fk_club_players_group_player_id", ondelete="CASCADE"
        ),
        nullable=True,
    )
    joined_round: Mapped[int] = mapped_column(default=1)
    leaves_after_round: Mapped[int | None] = mapped_column(nullable=True, default=None)
    created_at: Mapped[datetime] = mapped_column(sa.DateTime(timezone=True), default=utcnow)


class ClubRound(Model):
    """One sitting of a club night: ``planned`` -> ``playing`` -> ``closed`` (§7.1)."""

    __tablename__ = "club_rounds"
    __table_args__ = (
        sa.UniqueConstraint("club_night_id", "number", name="uq_club_rounds_club_night_id_number"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    club_night_id: Mapped[int] = mapped_column(
        sa.ForeignKey("club_nights.id", name="fk_club_rounds_club_night_id", ondelete="CASCADE")
    )
    number: Mapped[int]
    status: Mapped[str] = mapped_column(sa.String(10), default="planned")
    started_at: Mapped[datetime | None] = mapped_column(
        sa.DateTime(timezone=True), nullable=True, default=None
    )
    time_called_at: Mapped[datetime | None] = mapped_column(
        sa.DateTime(timezone=True), nullable=True, default=None
    )
    closed_at: Mapped[datetime | None] = mapped_column(
        sa.DateTime(timezone=True), nullable=True, default=None
    )
    created_at: Mapped[datetime] = mapped_column(sa.DateTime(timezone=True), default=utcnow)


class ClubSeat(Model):
    """Where a player sits in a round: a table and seat, or neither (sits out)."""

    __tablename__ = "club_seats"
    __table_args__ = (
        sa.UniqueConstraint("round_id", "player_id", name="uq_club_seats_round_id_player_id"),
        sa.UniqueConstraint(
            "round_id", "table_no", "seat", name="uq_club_seats_round_id_table_no_seat"
        ),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    round_id: Mapped[int] = mapped_column(
        sa.ForeignKey("club_rounds.id", name="fk_club_seats_round_id", ondelete="CASCADE"),
        index=True,
    )
    player_id: Mapped[int] = mapped_column(
        sa.ForeignKey("club_players.id", name="fk_club_seats_player_id", ondelete="CASCADE")
    )
    #: Null: the player sits out this round.
    table_no: Mapped[int | None] = mapped_column(nullable=True)
    seat: Mapped[int | None] = mapped_column(nullable=True)
    #: The player a substitute replaced (part two, §6), or null.
    stands_for_id: Mapped[int | None] = mapped_column(
        sa.ForeignKey("club_players.id", name="fk_club_seats_stands_for_id", ondelete="CASCADE"),
        nullable=True,
    )
    created_at: Mapped[datetime] = mapped_column(sa.DateTime(timezone=True), default=utcnow)


class ClubTable(Model):
    """The match played at a table number in a round (made when the round starts)."""

    __tablename__ = "club_tables"
    __table_args__ = (
        sa.UniqueConstraint("round_id", "table_no", name="uq_club_tables_round_id_table_no"),
        sa.UniqueConstraint("match_id", name="uq_club_tables_match_id"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    round_id: Mapped[int] = mapped_column(
        sa.ForeignKey("club_rounds.id", name="fk_club_tables_round_id", ondelete="CASCADE"),
        index=True,
    )
    table_no: Mapped[int]
    match_id: Mapped[int] = mapped_column(
        sa.ForeignKey("matches.id", name="fk_club_tables_match_id", ondelete="CASCADE")
    )
    created_at: Mapped[datetime] = mapped_column(sa.DateTime(timezone=True), default=utcnow)


class ClubCode(Model):
    """The live code of a table card (or a player card): one per table number, valid all night
    until the host withdraws it (§8). The code is never stored: it is derived from the server's
    ``SECRET_KEY``, the night, the card and its ``generation`` (so the host can print it again
    from any device), or, for a card made before derived codes, its hash is stored."""

    __tablename__ = "club_codes"
    __table_args__ = (
        sa.UniqueConstraint("code_hash", name="uq_club_codes_code_hash"),
        sa.UniqueConstraint(
            "club_night_id", "kind", "number", name="uq_club_codes_club_night_id_kind_number"
        ),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    club_night_id: Mapped[int] = mapped_column(
        sa.ForeignKey("club_nights.id", name="fk_club_codes_club_night_id", ondelete="CASCADE")
    )
    #: ``table`` or ``player``.
    kind: Mapped[str] = mapped_column(sa.String(10))
    number: Mapped[int]
    #: A card made before derived codes: its code's hash (SHA-256), the code shown that once.
    #: Null for a derived code.
    code_hash: Mapped[str | None] = mapped_column(sa.String(64), nullable=True)
    #: A derived code's generation (:attr:`ClubNight.code_generation` when it was made); null
    #: for a card whose code's hash is stored.
    generation: Mapped[int | None] = mapped_column(nullable=True)
    created_at: Mapped[datetime] = mapped_column(sa.DateTime(timezone=True), default=utcnow)


class ClubKey(Model):
    """A phone's key from a table's (or player's) code: a scorer key on the match of that table
    (or player) in the round in play, put on when the round starts, taken off when it closes."""

    __tablename__ = "club_keys"
    __table_args__ = (sa.UniqueConstraint("key_hash", name="uq_club_keys_key_hash"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    club_night_id: Mapped[int] = mapped_column(
        sa.ForeignKey("club_nights.id", name="fk_club_keys_club_night_id", ondelete="CASCADE"),
        index=True,
    )
    kind: Mapped[str] = mapped_column(sa.String(10))
    number: Mapped[int]
    key_hash: Mapped[str] = mapped_column(sa.String(64))
    created_at: Mapped[datetime] = mapped_column(sa.DateTime(timezone=True), default=utcnow)


class ClubAdjustment(Model):
    """A signed adjustment the host gave a player (or pair) for a round or the night (§9.5)."""

    __tablename__ = "club_adjustments"

    id: Mapped[int] = mapped_column(primary_key=True)
    club_night_id: Mapped[int] = mapped_column(
        sa.ForeignKey(
            "club_nights.id", name="fk_club_adjustments_club_night_id", ondelete="CASCADE"
        ),
        index=True,
    )
    player_id: Mapped[int | None] = mapped_column(
        sa.ForeignKey("club_players.id", name="fk_club_adjustments_player_id", ondelete="CASCADE"),
        nullable=True,
    )
    pair_id: Mapped[int | None] = mapped_column(
        sa.ForeignKey("club_pairs.id", name="fk_club_adjustments_pair_id", ondelete="CASCADE"),
        nullable=True,
    )
    #: Null: the whole night.
    round_no: Mapped[int | None] = mapped_column(nullable=True)
    #: A decimal as text ("-2", "0.5"): exact, on every database.
    value: Mapped[str] = mapped_column(sa.String(20))
    note: Mapped[str] = mapped_column(sa.String(80), default="")
    created_at: Mapped[datetime] = mapped_column(sa.DateTime(timezone=True), default=utcnow)
