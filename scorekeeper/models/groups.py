"""Groups (issue 18; docs/groups.md): the roster, the matches a group played, the nights paid up
and the summaries its records read."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.orm import Mapped, mapped_column, relationship

from ..extensions import Model
from .time import utcnow


class Group(Model):
    """The people who play together, without accounts: a roster, the matches they played and,
    from those, their records, ratings and money across nights (docs/groups.md).

    Like a match it has an unguessable id and a secret that writes: the private link carries
    ``public_id`` and the token (only its hash is kept); ``read_id`` is the read-only link,
    separate, so that the private link's id is never handed to someone who only watches.
    """

    __tablename__ = "groups"
    __table_args__ = (
        sa.UniqueConstraint("public_id", name="uq_groups_public_id"),
        sa.UniqueConstraint("read_id", name="uq_groups_read_id"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    #: The id of the private link and of every write (``secrets.token_urlsafe(16)``).
    public_id: Mapped[str] = mapped_column(sa.String(32))
    #: The id of the read-only link (``secrets.token_urlsafe(16)``): reads, never writes.
    read_id: Mapped[str] = mapped_column(sa.String(32))
    #: What the table calls itself ("Thursday pinochle"): the name rules of docs/rules.md §5.
    name: Mapped[str] = mapped_column(sa.String(40))
    #: SHA-256 (hex) of the private link's token: the token itself is shown once, in the link.
    token_hash: Mapped[str] = mapped_column(sa.String(64))
    created_at: Mapped[datetime] = mapped_column(sa.DateTime(timezone=True), default=utcnow)

    def __repr__(self) -> str:
        return f"<Group {self.public_id} {self.name!r}>"


class GroupPlayer(Model):
    """A name on a group's roster. A merge points it at the player it was the same person as
    (``merged_into_id``): its matches then count for that player, and the name it had still
    finds that player when typed at a new match."""

    __tablename__ = "group_players"

    id: Mapped[int] = mapped_column(primary_key=True)
    group_id: Mapped[int] = mapped_column(
        sa.ForeignKey("groups.id", name="fk_group_players_group_id", ondelete="CASCADE"),
        index=True,
    )
    #: As shown now (a rename changes it; :class:`GroupPlayerName` keeps the older ones).
    name: Mapped[str] = mapped_column(sa.String(40))
    #: The player this one was merged into (always one that is not merged itself), or null.
    merged_into_id: Mapped[int | None] = mapped_column(
        sa.ForeignKey("group_players.id", name="fk_group_players_merged_into_id"),
        nullable=True,
    )
    created_at: Mapped[datetime] = mapped_column(sa.DateTime(timezone=True), default=utcnow)

    def __repr__(self) -> str:
        return f"<GroupPlayer {self.name!r} of group {self.group_id}>"


class GroupPlayerName(Model):
    """One rename of a roster player: the name before and after, and when."""

    __tablename__ = "group_player_names"

    id: Mapped[int] = mapped_column(primary_key=True)
    player_id: Mapped[int] = mapped_column(
        sa.ForeignKey(
            "group_players.id", name="fk_group_player_names_player_id", ondelete="CASCADE"
        ),
        index=True,
    )
    old_name: Mapped[str] = mapped_column(sa.String(40))
    new_name: Mapped[str] = mapped_column(sa.String(40))
    renamed_at: Mapped[datetime] = mapped_column(sa.DateTime(timezone=True), default=utcnow)

    def __repr__(self) -> str:
        return f"<GroupPlayerName {self.old_name!r} -> {self.new_name!r}>"


class GroupMatch(Model):
    """A match played by a group. A match belongs to at most one group: the database refuses a
    second (``uq_group_matches_match_id``)."""

    __tablename__ = "group_matches"
    __table_args__ = (sa.UniqueConstraint("match_id", name="uq_group_matches_match_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    group_id: Mapped[int] = mapped_column(
        sa.ForeignKey("groups.id", name="fk_group_matches_group_id", ondelete="CASCADE"),
        index=True,
    )
    match_id: Mapped[int] = mapped_column(
        sa.ForeignKey("matches.id", name="fk_group_matches_match_id", ondelete="CASCADE")
    )
    added_at: Mapped[datetime] = mapped_column(sa.DateTime(timezone=True), default=utcnow)

    seats: Mapped[list[GroupSeat]] = relationship(
        cascade="all, delete-orphan", passive_deletes=True, order_by="GroupSeat.id"
    )

    def __repr__(self) -> str:
        return f"<GroupMatch match {self.match_id} in group {self.group_id}>"


class GroupSeat(Model):
    """Who sat in a seat of a group's match: the seat's name in the match (as typed, kept as it
    was) and the roster player it stands for. A rename or a merge of the player changes nothing
    here: the records follow the player."""

    __tablename__ = "group_seats"
    __table_args__ = (
        sa.UniqueConstraint("group_match_id", "seat", name="uq_group_seats_group_match_seat"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    group_match_id: Mapped[int] = mapped_column(
        sa.ForeignKey("group_matches.id", name="fk_group_seats_group_match_id", ondelete="CASCADE")
    )
    seat: Mapped[str] = mapped_column(sa.String(40))
    player_id: Mapped[int] = mapped_column(
        sa.ForeignKey("group_players.id", name="fk_group_seats_player_id", ondelete="CASCADE"),
        index=True,
    )

    def __repr__(self) -> str:
        return f"<GroupSeat {self.seat!r} -> player {self.player_id}>"


class GroupPayUp(Model):
    """A night a group marked paid up (issue 26): the settle-up of its money page counts the
    nights after the latest such night. Taking a mark back deletes its row, so the one before
    counts again."""

    __tablename__ = "group_payups"
    __table_args__ = (sa.UniqueConstraint("group_id", "night", name="uq_group_payups_group_night"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    group_id: Mapped[int] = mapped_column(
        sa.ForeignKey("groups.id", name="fk_group_payups_group_id", ondelete="CASCADE"),
        index=True,
    )
    #: The night (as ``service.night_of`` reckons nights) paid up, and every one before it.
    night: Mapped[date] = mapped_column(sa.Date)
    marked_at: Mapped[datetime] = mapped_column(sa.DateTime(timezone=True), default=utcnow)

    def __repr__(self) -> str:
        return f"<GroupPayUp group {self.group_id} {self.night}>"


class MatchSummaryRow(Model):
    """What the records need of one match (:func:`scorekeeper.rules.almanac.summary.summarise`),
    kept so that a group's records page never replays hundreds of matches. It is stale, and built
    again, when the match's ``version`` or ``SUMMARY_VERSION`` moved on since: a correction to
    an old hand reaches the records at the next read."""

    __tablename__ = "match_summaries"

    match_id: Mapped[int] = mapped_column(
        sa.ForeignKey("matches.id", name="fk_match_summaries_match_id", ondelete="CASCADE"),
        primary_key=True,
    )
    #: The match's ``version`` the summary was built from.
    match_version: Mapped[int]
    #: ``scorekeeper.rules.almanac.summary.SUMMARY_VERSION`` when it was built.
    summary_version: Mapped[int]
    summary: Mapped[dict[str, Any]] = mapped_column(sa.JSON)
    built_at: Mapped[datetime] = mapped_column(sa.DateTime(timezone=True), default=utcnow)

    def __repr__(self) -> str:
        return f"<MatchSummaryRow of match {self.match_id} v{self.match_version}>"
