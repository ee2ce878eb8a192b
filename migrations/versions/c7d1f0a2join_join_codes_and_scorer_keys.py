"""Join codes and scorer keys: handing over the scoring without the edit token in a URL
(issue 13; docs/sharing.md).

Before: the scorekeeper link was ``/m/<id>/join?token=<edit token>``: the edit token itself,
which never expired, could not be withdrawn and stayed in the browser's history.
After: the link carries a code (``join_codes``: only its hash is stored) that expires, does
nothing but let one phone join, and can be withdrawn; a phone that joins to share the scoring
gets a key of its own (``scorer_keys``, hash only); one that takes the scoring over gets a new
edit token and every older token and key stops working.

Upgrade: two new, empty tables; no match changes. An old ``?token=`` link no longer joins (it
shows the page that says the link does not work, and the phone still watches the match).
Downgrade: the tables are dropped: phones that joined with a code lose the right to score (the
old release only knows edit tokens); the edit token keeps working.

Revision ID: c7d1f0a2join
Revises: b13c0575idem
Create Date: 2026-11-30 15:10:00.000000
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "c7d1f0a2join"
down_revision = "b13c0575idem"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "join_codes",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("match_id", sa.Integer(), nullable=False),
        sa.Column("code_hash", sa.String(length=64), nullable=False),
        sa.Column("hands_over", sa.Boolean(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["match_id"], ["matches.id"], name="fk_join_codes_match_id", ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name="pk_join_codes"),
        sa.UniqueConstraint("code_hash", name="uq_join_codes_code_hash"),
    )
    op.create_index("ix_join_codes_match_id", "join_codes", ["match_id"])
    op.create_table(
        "scorer_keys",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("match_id", sa.Integer(), nullable=False),
        sa.Column("key_hash", sa.String(length=64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["match_id"], ["matches.id"], name="fk_scorer_keys_match_id", ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name="pk_scorer_keys"),
        sa.UniqueConstraint("key_hash", name="uq_scorer_keys_key_hash"),
    )
    op.create_index("ix_scorer_keys_match_id", "scorer_keys", ["match_id"])


def downgrade():
    op.drop_index("ix_scorer_keys_match_id", table_name="scorer_keys")
    op.drop_table("scorer_keys")
    op.drop_index("ix_join_codes_match_id", table_name="join_codes")
    op.drop_table("join_codes")
