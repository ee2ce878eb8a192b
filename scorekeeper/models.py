"""Database models: a match is its setup plus the hands as the table entered them.

Scores, totals and winners are never stored: :mod:`scorekeeper.service` replays the hands
through the variant's rules every time, so a correction to hand 3 of 20 is just an update of
hand 3. Only :mod:`scorekeeper.service` reads and writes these tables.
"""

from __future__ import annotations

from datetime import UTC, date, datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.orm import Mapped, mapped_column, relationship

from .extensions import Model


def utcnow() -> datetime:
    """Now, timezone-aware (UTC)."""
    return datetime.now(UTC)


def as_utc(moment: datetime) -> datetime:
    """A stored moment, timezone-aware: SQLite hands back naive datetimes, stored as UTC."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


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
    created_at: Mapped[datetime] = mapped_column(sa.DateTime(timezone=True), default=utcnow)

    def __repr__(self) -> str:
        return f"<ScorerKey of match {self.match_id}>"


# --- Groups (issue 18; docs/groups.md) --------------------------------------------------------


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
    """What the records need of one match (:func:`scorekeeper.rules.summary.summarise`), kept
    so that a group's records page never replays hundreds of matches. It is stale, and built
    again, when the match's ``version`` or ``SUMMARY_VERSION`` moved on since: a correction to
    an old hand reaches the records at the next read."""

    __tablename__ = "match_summaries"

    match_id: Mapped[int] = mapped_column(
        sa.ForeignKey("matches.id", name="fk_match_summaries_match_id", ondelete="CASCADE"),
        primary_key=True,
    )
    #: The match's ``version`` the summary was built from.
    match_version: Mapped[int]
    #: ``scorekeeper.rules.summary.SUMMARY_VERSION`` when it was built.
    summary_version: Mapped[int]
    summary: Mapped[dict[str, Any]] = mapped_column(sa.JSON)
    built_at: Mapped[datetime] = mapped_column(sa.DateTime(timezone=True), default=utcnow)

    def __repr__(self) -> str:
        return f"<MatchSummaryRow of match {self.match_id} v{self.match_version}>"


# --- Club nights (issue 28; docs/club.md §15) -------------------------------------------------


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
    until the host withdraws it (§8). Only its hash is stored."""

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
    code_hash: Mapped[str] = mapped_column(sa.String(64))
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
