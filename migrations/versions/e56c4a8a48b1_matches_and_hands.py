"""Matches, their hands and the answers kept for idempotent writes.

A match stores its setup and the hands as entered; scores are computed by the rules, never
stored. Constraints are named so that later batch migrations on SQLite can refer to them.

Revision ID: e56c4a8a48b1
Revises:
Create Date: 2026-11-29 11:25:39.662773
"""

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "e56c4a8a48b1"
down_revision = None
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "matches",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("public_id", sa.String(length=32), nullable=False),
        sa.Column("variant", sa.String(length=40), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("players", sa.JSON(), nullable=False),
        sa.Column("teams", sa.JSON(), nullable=False),
        sa.Column("first_dealer", sa.String(length=40), nullable=False),
        sa.Column("finished", sa.Boolean(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_matches"),
        sa.UniqueConstraint("public_id", name="uq_matches_public_id"),
    )
    op.create_table(
        "hands",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("match_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("input", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["match_id"], ["matches.id"], name="fk_hands_match_id", ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name="pk_hands"),
        # Two racing writes can never give two hands the same number.
        sa.UniqueConstraint("match_id", "number", name="uq_hands_match_number"),
    )
    op.create_table(
        "idempotent_writes",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("match_id", sa.Integer(), nullable=False),
        sa.Column("key", sa.String(length=200), nullable=False),
        sa.Column("status", sa.Integer(), nullable=False),
        sa.Column("body", sa.JSON(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["match_id"], ["matches.id"], name="fk_idempotent_writes_match_id", ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name="pk_idempotent_writes"),
        sa.UniqueConstraint("match_id", "key", name="uq_idempotent_writes_key"),
    )


def downgrade():
    op.drop_table("idempotent_writes")
    op.drop_table("hands")
    op.drop_table("matches")
