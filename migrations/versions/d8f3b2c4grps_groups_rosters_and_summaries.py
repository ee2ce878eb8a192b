"""Groups without accounts: a roster, the matches a group played, who sat where, and a cache of
each match's summary for the records (issue 18; docs/groups.md).

Upgrade: six new, empty tables; no match changes. ``group_matches.match_id`` is unique: a match
belongs to at most one group. ``match_summaries`` is a cache: each row says the match version
and summary version it was built from, and is built again when either moved on.
Downgrade: the tables are dropped; the groups, rosters and seatings are lost, the matches stay.

Revision ID: d8f3b2c4grps
Revises: c7d1f0a2join
Create Date: 2026-12-10 10:00:00.000000
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "d8f3b2c4grps"
down_revision = "c7d1f0a2join"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "groups",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("public_id", sa.String(length=32), nullable=False),
        sa.Column("read_id", sa.String(length=32), nullable=False),
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_groups"),
        sa.UniqueConstraint("public_id", name="uq_groups_public_id"),
        sa.UniqueConstraint("read_id", name="uq_groups_read_id"),
    )
    op.create_table(
        "group_players",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("group_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("merged_into_id", sa.Integer(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["group_id"], ["groups.id"], name="fk_group_players_group_id", ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["merged_into_id"], ["group_players.id"], name="fk_group_players_merged_into_id"
        ),
        sa.PrimaryKeyConstraint("id", name="pk_group_players"),
    )
    op.create_index("ix_group_players_group_id", "group_players", ["group_id"])
    op.create_table(
        "group_player_names",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("old_name", sa.String(length=40), nullable=False),
        sa.Column("new_name", sa.String(length=40), nullable=False),
        sa.Column("renamed_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["player_id"],
            ["group_players.id"],
            name="fk_group_player_names_player_id",
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name="pk_group_player_names"),
    )
    op.create_index("ix_group_player_names_player_id", "group_player_names", ["player_id"])
    op.create_table(
        "group_matches",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("group_id", sa.Integer(), nullable=False),
        sa.Column("match_id", sa.Integer(), nullable=False),
        sa.Column("added_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["group_id"], ["groups.id"], name="fk_group_matches_group_id", ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["match_id"], ["matches.id"], name="fk_group_matches_match_id", ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name="pk_group_matches"),
        # A match belongs to at most one group.
        sa.UniqueConstraint("match_id", name="uq_group_matches_match_id"),
    )
    op.create_index("ix_group_matches_group_id", "group_matches", ["group_id"])
    op.create_table(
        "group_seats",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("group_match_id", sa.Integer(), nullable=False),
        sa.Column("seat", sa.String(length=40), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["group_match_id"],
            ["group_matches.id"],
            name="fk_group_seats_group_match_id",
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["player_id"], ["group_players.id"], name="fk_group_seats_player_id", ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name="pk_group_seats"),
        sa.UniqueConstraint("group_match_id", "seat", name="uq_group_seats_group_match_seat"),
    )
    op.create_index("ix_group_seats_player_id", "group_seats", ["player_id"])
    op.create_table(
        "match_summaries",
        sa.Column("match_id", sa.Integer(), nullable=False),
        sa.Column("match_version", sa.Integer(), nullable=False),
        sa.Column("summary_version", sa.Integer(), nullable=False),
        sa.Column("summary", sa.JSON(), nullable=False),
        sa.Column("built_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["match_id"], ["matches.id"], name="fk_match_summaries_match_id", ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("match_id", name="pk_match_summaries"),
    )


def downgrade():
    op.drop_table("match_summaries")
    op.drop_index("ix_group_seats_player_id", table_name="group_seats")
    op.drop_table("group_seats")
    op.drop_index("ix_group_matches_group_id", table_name="group_matches")
    op.drop_table("group_matches")
    op.drop_index("ix_group_player_names_player_id", table_name="group_player_names")
    op.drop_table("group_player_names")
    op.drop_index("ix_group_players_group_id", table_name="group_players")
    op.drop_table("group_players")
    op.drop_table("groups")
