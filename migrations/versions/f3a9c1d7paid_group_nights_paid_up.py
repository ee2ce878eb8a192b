"""A group marks a night paid up (issue 26, item 8; docs/groups.md "Paid up"): the money
page's settle-up counts the nights after the latest night marked.

Upgrade: a new table ``group_payups`` (one row per night marked, unique per group and night),
empty: no group has marked a night yet, so every settle-up counts every night as before.
Downgrade: the table goes, and the marks with it (the old release settles every night).

Revision ID: f3a9c1d7paid
Revises: d8f3b2c4grps
Create Date: 2026-12-01 12:00:00.000000
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "f3a9c1d7paid"
down_revision = "d8f3b2c4grps"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "group_payups",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("group_id", sa.Integer(), nullable=False),
        sa.Column("night", sa.Date(), nullable=False),
        sa.Column("marked_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["group_id"], ["groups.id"], name="fk_group_payups_group_id", ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name="pk_group_payups"),
        sa.UniqueConstraint("group_id", "night", name="uq_group_payups_group_night"),
    )
    op.create_index("ix_group_payups_group_id", "group_payups", ["group_id"])


def downgrade():
    op.drop_index("ix_group_payups_group_id", table_name="group_payups")
    op.drop_table("group_payups")
