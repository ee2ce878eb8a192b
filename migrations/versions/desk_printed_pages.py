"""The print pages a club night's host printed (issue 35 point 15; docs/club.md §13).

Upgrade: one nullable JSON column, ``club_nights.printed``: each print page the host printed
and the schedule's stamp it showed then, so that after a late arrival or a leaver re-plans the
rounds the host page and the print pages say which printed sheets are out of date. Null for
every night that exists: nothing was recorded as printed, so nothing is said out of date.
Downgrade: the column is dropped; the old release never reads it.

Revision ID: f1d2e3a4desk
Revises: e4b7c9a1rights
Create Date: 2026-12-02 06:20:00.000000
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "f1d2e3a4desk"
down_revision = "e4b7c9a1rights"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("club_nights", schema=None) as batch_op:
        batch_op.add_column(sa.Column("printed", sa.JSON(), nullable=True))


def downgrade():
    with op.batch_alter_table("club_nights", schema=None) as batch_op:
        batch_op.drop_column("printed")
