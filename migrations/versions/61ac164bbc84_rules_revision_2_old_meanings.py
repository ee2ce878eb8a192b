"""Rules revision 2: the matches created before it keep the rules they were played under.

A match's options are stored resolved and replayed on every read, so when revision 2 redefines
a default or a preset (docs/rules.md §7), every match stored before it is rewritten to the
explicit old meaning (a data migration: the schema does not change):

- auction ``schedule: "doubling"`` -> ``"doubling-250"`` (docs/rules.md §2: ``doubling`` now
  pays 1 unit at 300-340; the old table is kept under that name);
- ``pinochle-2``, ``pinochle-3``: ``meld_reuse: "extend"`` (docs/rules.md §1, "Melding again in
  two-handed play": the old release accepted a meld and its double form in one list);
- ``melds: "seed-004"`` -> seed 004's table as an explicit object with ``double_run: 1500``
  (docs/rules.md §1, meld table: revision 2 gives ``seed-004`` a double run of 300);
- an auction of six players: ``six_seating: "opposite"`` (docs/rules.md §2, "Who sits out":
  the old release dealt out the dealer and the player opposite him);
- every option revision 2 adds, with the value that plays as the old release did
  (docs/rules.md §4): ``direction: "left"`` (every variant); ``last_trick`` the counting's bonus,
  10 or 1 under ``simple`` (``pinochle-2``, ``-3``, ``-4``, ``partnership-auction``, auction in
  points); ``saving_trick: "side"`` (``pinochle-4`` with partners); ``spades_concession:
  "double"`` (auction in units); ``bidder_scores: "taken"`` (auction in points); ``joker_sets:
  false`` (``pinnacola``).

An option a match already has is never overwritten (the upgrade may run over a database that
holds matches made by revision 2). The values are written here, not read from the rules: this
revision fixes what the old release meant, whatever later releases call it.

Downgrade, as far as the old release can express it: ``doubling-250`` -> ``doubling``; a
``doubling`` stored under revision 2 (its new meaning) -> that table as an explicit list of
brackets; the explicit seed-004 table with ``double_run: 1500`` -> ``"seed-004"``; a
``seed-004`` stored under revision 2 -> its table as an explicit object (``double_run: 300``);
``six_seating: "opposite"`` and every option above that still has the old release's value are
dropped. What the old release cannot play is left as it is, and the old release ignores it: a
six-player auction created under revision 2 (three dealt in), ``direction: "right"``,
``last_trick: 0``, ``meld_reuse: "new-cards"``, ``saving_trick: "player"``,
``spades_concession: "single"``, ``bidder_scores: "bid"``, ``joker_sets: true``, and hands
entered with what only revision 2 accepts (``thrown_in``, red 2s without pinelle).

Revision ID: 61ac164bbc84
Revises: e56c4a8a48b1
Create Date: 2026-11-30 13:30:00.000000
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "61ac164bbc84"
down_revision = "e56c4a8a48b1"
branch_labels = None
depends_on = None

#: The pinochle forms whose options have ``counting``, ``melds`` and (now) ``last_trick``;
#: auction has them only in points.
PINOCHLE_FORMS = ("pinochle-2", "pinochle-3", "pinochle-4", "partnership-auction")
#: docs/rules.md §1, meld table: ``seed-004`` as the old release valued it (``standard`` with
#: double pinochle 400 and eight queens 400; the double run 1500 like ``standard``).
SEED_004_OLD = {
    "run": 150,
    "double_run": 1500,
    "royal_marriage": 40,
    "marriage": 20,
    "dix": 10,
    "pinochle": 40,
    "double_pinochle": 400,
    "aces_around": 100,
    "kings_around": 80,
    "queens_around": 60,
    "jacks_around": 40,
    "double_aces": 1000,
    "double_kings": 800,
    "double_queens": 400,
    "double_jacks": 400,
}
#: ``seed-004`` as revision 2 values it (docs/rules.md §1: seed 004 has no double run, two runs
#: at 150), for the downgrade of a match created under revision 2.
SEED_004_NEW = {**SEED_004_OLD, "double_run": 300}
#: ``doubling`` as revision 2 reads it (docs/rules.md §2 table: 1 unit at 250-340, then x2 every
#: 50 from 350, up to the 2000 guard), for the downgrade of a match created under revision 2.
DOUBLING_NEW = [[250, 1]] + [[bid, 2 ** ((bid - 300) // 50)] for bid in range(300, 2001, 50)]

matches = sa.table(
    "matches",
    sa.column("id", sa.Integer),
    sa.column("variant", sa.String),
    sa.column("options", sa.JSON),
    sa.column("players", sa.JSON),
)


def old_meaning(variant: str, options: dict[str, Any], players: list[str]) -> dict[str, Any]:
    """The options of a match stored before revision 2, every meaning it played by explicit."""
    new = dict(options)
    points = variant in PINOCHLE_FORMS or (variant == "auction" and new.get("scoring") == "points")
    new.setdefault("direction", "left")
    if points:
        if new.get("melds") == "seed-004":
            new["melds"] = dict(SEED_004_OLD)
        new.setdefault("last_trick", 1 if new.get("counting") == "simple" else 10)
    if variant in ("pinochle-2", "pinochle-3"):
        new.setdefault("meld_reuse", "extend")
    if variant == "pinochle-4" and new.get("partnerships", True):
        new.setdefault("saving_trick", "side")
    if variant == "auction":
        if len(players) == 6:
            new.setdefault("six_seating", "opposite")
        if points:
            new.setdefault("bidder_scores", "taken")
        else:
            if new.get("schedule") == "doubling":
                new["schedule"] = "doubling-250"
            new.setdefault("spades_concession", "double")
    if variant == "pinnacola":
        new.setdefault("joker_sets", False)
    return new


def before_revision_2(variant: str, options: dict[str, Any]) -> dict[str, Any]:
    """The options as the old release can read them (the module doc's downgrade)."""
    new = dict(options)
    if variant == "auction":
        if new.get("schedule") == "doubling-250":
            new["schedule"] = "doubling"
        elif new.get("schedule") == "doubling":
            new["schedule"] = [list(bracket) for bracket in DOUBLING_NEW]
    if new.get("melds") == SEED_004_OLD:
        new["melds"] = "seed-004"
    elif new.get("melds") == "seed-004":
        new["melds"] = dict(SEED_004_NEW)
    old_values = {
        "direction": "left",
        "meld_reuse": "extend",
        "saving_trick": "side",
        "six_seating": "opposite",
        "spades_concession": "double",
        "bidder_scores": "taken",
        "joker_sets": False,
    }
    for name, value in old_values.items():
        if name in new and new[name] == value:
            del new[name]
    counting_bonus = 1 if new.get("counting") == "simple" else 10
    if new.get("last_trick") == counting_bonus:
        del new["last_trick"]
    return new


def _rewrite(change: Any) -> None:
    connection = op.get_bind()
    rows = connection.execute(
        sa.select(matches.c.id, matches.c.variant, matches.c.options, matches.c.players)
    ).all()
    for row in rows:
        options = dict(row.options or {})
        new = change(row.variant, options, list(row.players or []))
        if new != options:
            connection.execute(matches.update().where(matches.c.id == row.id).values(options=new))


def upgrade():
    _rewrite(old_meaning)


def downgrade():
    _rewrite(lambda variant, options, players: before_revision_2(variant, options))
