"""A club night's card codes derived from the server's secret (issue 35 point 11; docs/club.md
§8, §13).

Upgrade: ``club_nights.code_generation`` (not null, 0 for every night that exists), the last
generation a card's code was derived at; ``club_codes.generation`` (nullable), a derived
code's generation; ``club_codes.code_hash`` becomes nullable (a derived code stores no hash).
Every card that exists keeps its stored hash and a null generation, so the codes already handed
out keep working; a withdrawal then makes a derived one.

Downgrade: the old release stores a hash for every card: each derived code's hash is computed
from the same ``SECRET_KEY`` (the derivation below is the one ``service.club_setup.card_code``
made when this migration was written), so every card keeps its code; then the columns go.

Revision ID: a7c3e9d1codes
Revises: f1d2e3a4desk
Create Date: 2026-12-02 06:20:00.000000
"""

from __future__ import annotations

import base64
import hashlib
import hmac

import sqlalchemy as sa
from alembic import op
from flask import current_app

# revision identifiers, used by Alembic.
revision = "a7c3e9d1codes"
down_revision = "f1d2e3a4desk"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("club_nights", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("code_generation", sa.Integer(), nullable=False, server_default="0")
        )
    with op.batch_alter_table("club_codes", schema=None) as batch_op:
        batch_op.add_column(sa.Column("generation", sa.Integer(), nullable=True))
        batch_op.alter_column("code_hash", existing_type=sa.String(length=64), nullable=True)


def _derived(secret, public_id, kind, number, generation):
    """The code of a card at a generation, as the release of this migration derives it."""
    key = secret if isinstance(secret, bytes) else str(secret).encode("utf-8")
    message = "\x1f".join(("club-code", public_id, kind, str(number), str(generation)))
    digest = hmac.new(key, message.encode("utf-8"), hashlib.sha256).digest()[:16]
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode("ascii")


def downgrade():
    bind = op.get_bind()
    rows = bind.execute(
        sa.text(
            "SELECT club_codes.id, club_nights.public_id, club_codes.kind, club_codes.number,"
            " club_codes.generation FROM club_codes JOIN club_nights"
            " ON club_nights.id = club_codes.club_night_id"
            " WHERE club_codes.code_hash IS NULL"
        )
    ).all()
    secret = current_app.config["SECRET_KEY"] if rows else None
    for row_id, public_id, kind, number, generation in rows:
        code = _derived(secret, public_id, kind, number, generation or 0)
        bind.execute(
            sa.text("UPDATE club_codes SET code_hash = :digest WHERE id = :id"),
            {"digest": hashlib.sha256(code.encode("utf-8")).hexdigest(), "id": row_id},
        )
    with op.batch_alter_table("club_codes", schema=None) as batch_op:
        batch_op.alter_column("code_hash", existing_type=sa.String(length=64), nullable=False)
        batch_op.drop_column("generation")
    with op.batch_alter_table("club_nights", schema=None) as batch_op:
        batch_op.drop_column("code_generation")
