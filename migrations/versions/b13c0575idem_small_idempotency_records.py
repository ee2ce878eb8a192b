"""Idempotency keys keep a small record, for 7 days (issue 13; docs/api.md "Hands").

Before: ``idempotent_writes.body`` held the whole first answer of a keyed write, a full copy of
the match, kept for the life of the match (storage grew with the square of a match's length).
After: ``hand`` holds the hand as the write stored it, as the API answered it (POST and PUT;
null for the other writes and for the pages); a repeat answers with the kept status, that hand
and the match as it stands now. An index on ``created_at`` makes the expiry's ``DELETE`` cheap.

Upgrade, what happens to the stored answers:

- records older than 7 days are deleted: the new release forgets them anyway;
- the others are converted: ``hand`` is the old answer's ``hand`` (a POST's answer), null
  otherwise (PUT, DELETE, finish and the pages' small bodies); the status is kept. So a retry
  that arrives during the upgrade still adds nothing and answers as the new release does.

Downgrade: the records are deleted, ``body`` comes back empty and the index goes. The old
release answers a repeat with the first answer exactly as sent, a whole match, which this
record cannot rebuild; it treats a key used before the downgrade as new.

Revision ID: b13c0575idem
Revises: 61ac164bbc84
Create Date: 2026-11-30 14:00:00.000000
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "b13c0575idem"
down_revision = "61ac164bbc84"
branch_labels = None
depends_on = None

#: How long a key is kept (``scorekeeper.service.IDEMPOTENCY_DAYS``, written out here: this
#: revision fixes what it did, whatever later releases choose).
DAYS = 7

records = sa.table(
    "idempotent_writes",
    sa.column("id", sa.Integer),
    sa.column("body", sa.JSON),
    sa.column("hand", sa.JSON),
    sa.column("created_at", sa.DateTime(timezone=True)),
)


def kept_hand(body: Any) -> Any:
    """What the new record keeps of an old answer: its ``hand``, if it had one."""
    if isinstance(body, dict) and isinstance(body.get("hand"), dict):
        return body["hand"]
    return None


def upgrade():
    connection = op.get_bind()
    expired = datetime.now(UTC) - timedelta(days=DAYS)
    connection.execute(records.delete().where(records.c.created_at < expired))
    with op.batch_alter_table("idempotent_writes") as batch:
        batch.add_column(sa.Column("hand", sa.JSON(), nullable=True))
    # One record at a time: the old bodies are whole matches, too big to load all at once.
    ids = connection.execute(sa.select(records.c.id)).scalars().all()
    for record_id in ids:
        body = connection.execute(
            sa.select(records.c.body).where(records.c.id == record_id)
        ).scalar()
        hand = kept_hand(body)
        if hand is not None:
            connection.execute(records.update().where(records.c.id == record_id).values(hand=hand))
    with op.batch_alter_table("idempotent_writes") as batch:
        batch.drop_column("body")
        batch.create_index("ix_idempotent_writes_created_at", ["created_at"])


def downgrade():
    op.get_bind().execute(records.delete())
    with op.batch_alter_table("idempotent_writes") as batch:
        batch.drop_index("ix_idempotent_writes_created_at")
        batch.drop_column("hand")
        batch.add_column(sa.Column("body", sa.JSON(), nullable=True))
