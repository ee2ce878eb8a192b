"""Rights that end with the round (issue 35, points 3, 6, 7, 8; docs/sharing.md, docs/club.md
§7.1, §8).

Upgrade: four nullable columns, null for every row that exists (nothing changes for them):

- ``matches.hands_version``: the version of the match's last change to its hands. Calling time
  on a club round moves a match's ``version`` (its ETag) but not this, so the hand form a table
  phone holds still saves (it was refused as if another phone had corrected a hand);
- ``join_codes.made_by_hash`` and ``join_codes.origin_hash``: which secret made a scorekeeper
  link's code, and which secret the chain of links started from;
- ``scorer_keys.code_hash`` and ``scorer_keys.origin_hash``: the code a phone came in by and
  that chain's start. Removing a phone withdraws the link it came by (it cannot re-join with
  it); withdrawing a club card removes the phones that came in through that table's phones.

Keys and codes made before the upgrade have no lineage: withdrawing a card or removing a phone
does to them what it did before (and a round's close ends them all, as it did).
Downgrade: the columns are dropped; the old release ignores the lineage.

Revision ID: e4b7c9a1rights
Revises: a1c2b3d4club
Create Date: 2026-12-02 06:10:00.000000
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "e4b7c9a1rights"
down_revision = "a1c2b3d4club"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("matches", schema=None) as batch_op:
        batch_op.add_column(sa.Column("hands_version", sa.Integer(), nullable=True))
    with op.batch_alter_table("join_codes", schema=None) as batch_op:
        batch_op.add_column(sa.Column("made_by_hash", sa.String(length=64), nullable=True))
        batch_op.add_column(sa.Column("origin_hash", sa.String(length=64), nullable=True))
    with op.batch_alter_table("scorer_keys", schema=None) as batch_op:
        batch_op.add_column(sa.Column("code_hash", sa.String(length=64), nullable=True))
        batch_op.add_column(sa.Column("origin_hash", sa.String(length=64), nullable=True))


def downgrade():
    with op.batch_alter_table("scorer_keys", schema=None) as batch_op:
        batch_op.drop_column("origin_hash")
        batch_op.drop_column("code_hash")
    with op.batch_alter_table("join_codes", schema=None) as batch_op:
        batch_op.drop_column("origin_hash")
        batch_op.drop_column("made_by_hash")
    with op.batch_alter_table("matches", schema=None) as batch_op:
        batch_op.drop_column("hands_version")
