"""Played matches never change (docs/rules.md §7): an upgrade, the way it happens at a table.

A database is built at the migration head of the release before rules revision 2
(``e56c4a8a48b1``) and filled with matches of every form exactly as that release stored them:
its columns, its options as it resolved them (every option explicit, the defaults of that
release), its hands as entered. Then it is upgraded to the new head and every match is read
through the API: the same hands, totals, payments, kitty, winner and settle-up as that release
computed, although revision 2 redefined ``doubling`` (docs/rules.md §2), ``seed-004``'s double
run (§1 "Meld table"), two-handed meld reuse (§1 "Melding again in two-handed play") and the
six-player auction (§2 "Who sits out"). Without the data migration the rewritten meanings
apply and these tests fail.

The expected numbers are worked out by hand from the old rules, each line citing its source;
they were cross-checked once by replaying the same hands with the old release's code.

Runs on SQLite and, with ``TEST_DATABASE=postgresql``, on PostgreSQL (a database of its own,
dropped at the end), like the rest of the suite (``tests/conftest.py``).
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import Any

import pytest
import sqlalchemy as sa
from flask import Flask
from flask.testing import FlaskClient
from flask_migrate import downgrade, upgrade

from scorekeeper import config, create_app
from scorekeeper.extensions import db
from scorekeeper.service import hash_token

#: The migration head of the release before rules revision 2.
OLD_HEAD = "e56c4a8a48b1"
DEFAULT_PG = "postgresql+psycopg://postgres@127.0.0.1:5432/test"
#: The edit token of every stored match (the old release kept its SHA-256).
TOKEN = "old-release-token"
AUTH = {"Authorization": f"Bearer {TOKEN}"}

#: The old release's tables as it wrote them (``e56c4a8a48b1``), not today's models.
OLD_MATCHES = sa.table(
    "matches",
    sa.column("id", sa.Integer),
    sa.column("public_id", sa.String),
    sa.column("variant", sa.String),
    sa.column("options", sa.JSON),
    sa.column("players", sa.JSON),
    sa.column("teams", sa.JSON),
    sa.column("first_dealer", sa.String),
    sa.column("finished", sa.Boolean),
    sa.column("version", sa.Integer),
    sa.column("token_hash", sa.String),
    sa.column("created_at", sa.DateTime(timezone=True)),
    sa.column("updated_at", sa.DateTime(timezone=True)),
)
OLD_HANDS = sa.table(
    "hands",
    sa.column("match_id", sa.Integer),
    sa.column("number", sa.Integer),
    sa.column("input", sa.JSON),
    sa.column("created_at", sa.DateTime(timezone=True)),
)

SIX = ["Ana", "Ben", "Cruz", "Dee", "Eve", "Fay"]
#: The old release's resolved options of auction in units (its defaults; ``schedule:
#: "doubling"`` meant today's ``doubling-250``).
OLD_UNITS = {
    "min_bid": 300,
    "schedule": "doubling",
    "spades_double": True,
    "hearts_triple": False,
    "kitty": True,
    "kitty_bonus_from": 350,
    "kitty_bonus": 10,
    "all_pass_pays": False,
    "unit_value": "1",
    "scoring": "units",
}

#: Every stored match: the row as the old release wrote it and its hands as entered.
OLD_MATCHES_STORED: dict[str, dict[str, Any]] = {
    # Two-handed, standard melds: a meld and its double form in one hand, which the old
    # release accepted (it played `extend`, docs/rules.md §1 "Melding again").
    "pinochle-2": {
        "variant": "pinochle-2",
        "options": {
            "counting": "classic",
            "melds": "standard",
            "target": 1000,
            "tie_rule": "raise",
            "declare_out": True,
            "trump_by_first_marriage": False,
        },
        "players": ["Ana", "Ben"],
        "hands": [
            {
                "meld": {"Ana": ["pinochle", "double_pinochle"], "Ben": 20},
                "tricks": {"Ana": 140, "Ben": 110},
            },
            {
                "meld": {"Ana": ["marriage", "dix"], "Ben": ["kings_around", "double_kings"]},
                "tricks": {"Ana": 100, "Ben": 150},
            },
        ],
    },
    # Three-handed with seed 004's table: a double run at the old 1500, then play-on.
    "pinochle-3": {
        "variant": "pinochle-3",
        "options": {
            "counting": "classic",
            "melds": "seed-004",
            "target": 1000,
            "tie_rule": "raise",
            "declare_out": True,
            "play_on": True,
        },
        "players": ["Ana", "Ben", "Cruz"],
        "hands": [
            {
                "meld": {"Ana": ["double_run", "pinochle"], "Ben": 60, "Cruz": 0},
                "tricks": {"Ana": 120, "Ben": 80, "Cruz": 50},
            },
            {
                "meld": {"Ben": ["pinochle", "double_pinochle"], "Cruz": 20},
                "tricks": {"Ben": 150, "Cruz": 100},
            },
        ],
    },
    # Four-handed partners under `simple` (last trick 1, melds and target / 10).
    "pinochle-4": {
        "variant": "pinochle-4",
        "options": {
            "counting": "simple",
            "melds": "standard",
            "target": 100,
            "tie_rule": "raise",
            "partnerships": True,
        },
        "players": ["Ana", "Ben", "Cruz", "Dee"],
        "teams": [
            {"name": "Us", "players": ["Ana", "Cruz"]},
            {"name": "Them", "players": ["Ben", "Dee"]},
        ],
        "hands": [
            {
                "meld": {"Us": ["run", "marriage"], "Them": ["pinochle"]},
                "tricks": {"Us": 14, "Them": 11},
            },
            {
                "meld": {"Us": ["aces_around"], "Them": ["royal_marriage", "dix"]},
                "tricks": {"Us": 25, "Them": 0},
            },
        ],
    },
    # A six-player auction night on the doubling schedule, a kitty with its bonus, ended by
    # the table: the old seating dealt four in (the dealer and the player opposite sat out).
    "auction-6": {
        "variant": "auction",
        "options": {**OLD_UNITS, "unit_value": "0.05"},
        "players": SIX,
        "finished": True,
        "hands": [
            {"bidder": "Eve", "bid": 350, "trump": "hearts", "outcome": "made"},
            {"bidder": "Dee", "bid": 300, "trump": "spades", "outcome": "set"},
            {"bidder": "Ana", "bid": 400, "trump": "spades", "outcome": "conceded"},
            {"outcome": "all_pass"},
            {"bidder": "Fay", "bid": 450, "trump": "diamonds", "meld": 250, "tricks": 200},
        ],
    },
    # A three-player doubling night.
    "auction-3": {
        "variant": "auction",
        "options": OLD_UNITS,
        "players": ["Ana", "Ben", "Cruz"],
        "first_dealer": "Cruz",
        "hands": [
            {"bidder": "Ana", "bid": 350, "trump": "clubs", "outcome": "made"},
            {"bidder": "Ben", "bid": 300, "trump": "hearts", "outcome": "set"},
        ],
    },
    # Auction in points with seed 004's table: the bidder makes it on a double run.
    "auction-points": {
        "variant": "auction",
        "options": {
            "min_bid": 300,
            "scoring": "points",
            "counting": "classic",
            "melds": "seed-004",
            "target": 2000,
            "tie_rule": "raise",
        },
        "players": ["Ana", "Ben", "Cruz", "Dee"],
        "hands": [
            {
                "bidder": "Ben",
                "bid": 500,
                "trump": "spades",
                "meld": {"Ben": ["double_run"], "Cruz": 20, "Dee": 0},
                "tricks": {"Ben": 150, "Cruz": 60, "Dee": 40},
            },
            {
                "bidder": "Cruz",
                "bid": 300,
                "trump": "hearts",
                "meld": {"Ana": 40, "Cruz": 100, "Dee": 0},
                "tricks": {"Ana": 90, "Cruz": 150, "Dee": 10},
            },
        ],
    },
    "partnership-auction": {
        "variant": "partnership-auction",
        "options": {"min_bid": 250, "counting": "classic", "melds": "standard", "target": 1000},
        "players": ["Ana", "Ben", "Cruz", "Dee"],
        "teams": [
            {"name": "Team 1", "players": ["Ana", "Cruz"]},
            {"name": "Team 2", "players": ["Ben", "Dee"]},
        ],
        "hands": [
            {
                "bidder": "Ben",
                "bid": 300,
                "trump": "hearts",
                "meld": {"Team 1": 40, "Team 2": 120},
                "tricks": {"Team 1": 60, "Team 2": 190},
            },
            {"outcome": "all_pass"},
        ],
    },
    "pinnacola": {
        "variant": "pinnacola",
        "options": {
            "pinelle": True,
            "target": 1500,
            "deals": None,
            "stall": "score",
            "hand_size": 13,
        },
        "players": ["Ana", "Ben"],
        "hands": [
            {
                "sides": {"Ana": {"table": 385, "hand": 0}, "Ben": {"table": 120, "hand": 45}},
                "closed_by": "Ana",
                "in_mano": False,
                "pinnacolone": None,
                "stalled": False,
            }
        ],
    },
}

#: What the old release computed for each match: per hand (dealer, players dealt in, scores
#: or payments), then the totals, kitty, status, winner and the next dealer.
EXPECTED: dict[str, dict[str, Any]] = {
    "pinochle-2": {
        "hands": [
            # Ana: pinochle 40 + double pinochle 300 (docs/rules.md §1 meld table, standard)
            # + tricks 140 = 480; Ben 20 + 110 = 130 (two-handed: meld counts, §1).
            ("Ana", ["Ana", "Ben"], {"Ana": 480, "Ben": 130}, None),
            # Ana: marriage 20 + dix 10 + 100; Ben: kings around 80 + eight kings 800 + 150.
            ("Ben", ["Ana", "Ben"], {"Ana": 130, "Ben": 1030}, None),
        ],
        # Ben alone over 1000 wins (docs/rules.md §2 pinochle-2, the target).
        "totals": {"Ana": 610, "Ben": 1160},
        "status": "finished",
        "winner": "Ben",
        "dealer": "Ana",
        "sitting_out": [],
    },
    "pinochle-3": {
        "hands": [
            # Ana: double run 1500 (seed-004 as the old release valued it, §1 meld table)
            # + pinochle 40 + 120 = 1660, over 1000: she wins and the other two play on.
            ("Ana", ["Ana", "Ben", "Cruz"], {"Ana": 1660, "Ben": 140, "Cruz": 50}, None),
            # Play-on: Ben pinochle 40 + double pinochle 400 (seed 004) + 150 = 590.
            ("Ben", ["Ben", "Cruz"], {"Ben": 590, "Cruz": 120}, None),
        ],
        "totals": {"Ana": 1660, "Ben": 730, "Cruz": 170},
        "status": "in_progress",
        "winner": "Ana",
        "dealer": "Cruz",
        # API sitting_out: the winner while two play on (docs/api.md).
        "sitting_out": ["Ana"],
    },
    "pinochle-4": {
        "hands": [
            # simple (docs/rules.md §1): run 150/10 + marriage 20/10 + 14 = 31; pinochle 4 + 11.
            ("Ana", ["Ana", "Ben", "Cruz", "Dee"], {"Us": 31, "Them": 15}, None),
            # Aces around 10 + 25; Them took no trick: its meld is lost (§1, saved by a trick).
            ("Ben", ["Ana", "Ben", "Cruz", "Dee"], {"Us": 35, "Them": 0}, None),
        ],
        "totals": {"Us": 66, "Them": 15},
        "status": "in_progress",
        "winner": None,
        "dealer": "Cruz",
        "sitting_out": [],
    },
    "auction-6": {
        "hands": [
            # Dealer Ana; the old six-player seating: Ana and Dee (opposite) sit out.
            # 350 = 4 units (doubling-250, docs/rules.md §2 table), hearts x1: the five others
            # pay Eve 4 each; made from 350: 10 from the kitty (kitty_bonus).
            (
                "Ana",
                ["Ben", "Cruz", "Eve", "Fay"],
                None,
                {"Ana": -4, "Ben": -4, "Cruz": -4, "Dee": -4, "Eve": 30, "Fay": -4, "kitty": -10},
            ),
            # 300 = 2 units, spades x2 = 4; set: 2 x 4 to each and the same 8 to the kitty.
            (
                "Ben",
                ["Ana", "Cruz", "Dee", "Fay"],
                None,
                {"Ana": 8, "Ben": 8, "Cruz": 8, "Dee": -48, "Eve": 8, "Fay": 8, "kitty": 8},
            ),
            # 400 = 8 units, spades x2 = 16; conceded: 16 to each and to the kitty
            # (spades_concession double, the old release's only way).
            (
                "Cruz",
                ["Ana", "Ben", "Dee", "Eve"],
                None,
                {"Ana": -96, "Ben": 16, "Cruz": 16, "Dee": 16, "Eve": 16, "Fay": 16, "kitty": 16},
            ),
            (
                "Dee",
                ["Ben", "Cruz", "Eve", "Fay"],
                None,
                {"Ana": 0, "Ben": 0, "Cruz": 0, "Dee": 0, "Eve": 0, "Fay": 0, "kitty": 0},
            ),
            # 450 = 16 units, diamonds x1: 16 from each; made from 350: 10 from the kitty.
            (
                "Eve",
                ["Ana", "Cruz", "Dee", "Fay"],
                None,
                {
                    "Ana": -16,
                    "Ben": -16,
                    "Cruz": -16,
                    "Dee": -16,
                    "Eve": -16,
                    "Fay": 90,
                    "kitty": -10,
                },
            ),
        ],
        "totals": {"Ana": -108, "Ben": 4, "Cruz": 4, "Dee": -52, "Eve": 38, "Fay": 110},
        "kitty": 4,
        # Finished by the table: first in standings wins (API finish).
        "status": "finished",
        "winner": "Fay",
        "dealer": "Fay",
        "sitting_out": [],
        # docs/rules.md §2, the kitty: +4 shared as evenly as whole units allow, the larger
        # shares to the first in seating order (Ana, Ben, Cruz, Dee +1); then the fewest
        # transfers; amount = units x 0.05.
        "settlement": {
            "kitty": 4,
            "balances": {"Ana": -107, "Ben": 5, "Cruz": 5, "Dee": -51, "Eve": 38, "Fay": 110},
            "transfers": [
                {"from": "Ana", "to": "Fay", "units": 107, "amount": "5.35"},
                {"from": "Dee", "to": "Eve", "units": 38, "amount": "1.90"},
                {"from": "Dee", "to": "Ben", "units": 5, "amount": "0.25"},
                {"from": "Dee", "to": "Cruz", "units": 5, "amount": "0.25"},
                {"from": "Dee", "to": "Fay", "units": 3, "amount": "0.15"},
            ],
        },
    },
    "auction-3": {
        "hands": [
            # 350 = 4 units (doubling-250), clubs x1: 4 from each + 10 from the kitty.
            (
                "Cruz",
                ["Ana", "Ben", "Cruz"],
                None,
                {"Ana": 18, "Ben": -4, "Cruz": -4, "kitty": -10},
            ),
            # 300 = 2 units, hearts x1 (hearts_triple off); set: 4 to each and to the kitty.
            ("Ana", ["Ana", "Ben", "Cruz"], None, {"Ana": 4, "Ben": -12, "Cruz": 4, "kitty": 4}),
        ],
        "totals": {"Ana": 22, "Ben": -16, "Cruz": 0},
        "kitty": -6,
        "status": "in_progress",
        "winner": None,
        "dealer": "Ben",
        "sitting_out": [],
        # -6 shared: -2 each.
        "settlement": {
            "kitty": -6,
            "balances": {"Ana": 20, "Ben": -18, "Cruz": -2},
            "transfers": [
                {"from": "Ben", "to": "Ana", "units": 18, "amount": "18.00"},
                {"from": "Cruz", "to": "Ana", "units": 2, "amount": "2.00"},
            ],
        },
    },
    "auction-points": {
        "hands": [
            # Dealer Ana sits out (4 players, docs/rules.md §2). Ben: double run 1500 (seed-004
            # as the old release valued it) + 150 = 1650 >= 500, made: he scores what he took.
            ("Ana", ["Ben", "Cruz", "Dee"], {"Ana": 0, "Ben": 1650, "Cruz": 80, "Dee": 40}, None),
            # Cruz 100 + 150 = 250 < 300: set, -300; Ana 40 + 90, Dee 0 + 10.
            ("Ben", ["Ana", "Cruz", "Dee"], {"Ana": 130, "Ben": 0, "Cruz": -300, "Dee": 10}, None),
        ],
        "totals": {"Ana": 130, "Ben": 1650, "Cruz": -220, "Dee": 50},
        "status": "in_progress",
        "winner": None,
        "dealer": "Cruz",
        "sitting_out": ["Cruz"],
    },
    "partnership-auction": {
        "hands": [
            # Team 2 bid 300 and took 120 + 190 = 310: made (docs/rules.md §2).
            ("Ana", ["Ana", "Ben", "Cruz", "Dee"], {"Team 1": 100, "Team 2": 310}, None),
            ("Ben", ["Ana", "Ben", "Cruz", "Dee"], {"Team 1": 0, "Team 2": 0}, None),
        ],
        "totals": {"Team 1": 100, "Team 2": 310},
        "status": "in_progress",
        "winner": None,
        "dealer": "Cruz",
        "sitting_out": [],
    },
    "pinnacola": {
        # docs/rules.md §3: table minus hand, +100 for closing: 385 + 100; 120 - 45.
        "hands": [("Ana", ["Ana", "Ben"], {"Ana": 485, "Ben": 75}, None)],
        "totals": {"Ana": 485, "Ben": 75},
        "status": "in_progress",
        "winner": None,
        "dealer": "Ben",
        "sitting_out": [],
    },
}

#: What the migration makes explicit in the stored options (docs/rules.md §7).
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
MIGRATED_OPTIONS: dict[str, dict[str, Any]] = {
    "pinochle-2": {"meld_reuse": "extend", "last_trick": 10, "direction": "left"},
    "pinochle-3": {"meld_reuse": "extend", "melds": SEED_004_OLD, "last_trick": 10},
    "pinochle-4": {"last_trick": 1, "saving_trick": "side", "direction": "left"},
    "auction-6": {
        "schedule": "doubling-250",
        "six_seating": "opposite",
        "spades_concession": "double",
        "direction": "left",
    },
    "auction-3": {"schedule": "doubling-250", "spades_concession": "double"},
    "auction-points": {"melds": SEED_004_OLD, "last_trick": 10, "bidder_scores": "taken"},
    "partnership-auction": {"last_trick": 10, "direction": "left"},
    "pinnacola": {"joker_sets": False, "direction": "left"},
}


@contextmanager
def fresh_database(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """An empty database of its own (``TEST_DATABASE`` picks the engine), dropped at the end."""
    if os.environ.get("TEST_DATABASE", "sqlite") == "sqlite":
        yield "sqlite:///" + str(tmp_path_factory.mktemp("upgrade") / "old.sqlite")
        return
    base = sa.make_url(
        config.normalise_database_url(os.environ.get("TEST_DATABASE_URL", DEFAULT_PG))
    )
    name = f"scorekeeper_upgrade_{secrets.token_hex(6)}"
    admin = sa.create_engine(
        base.set(database=base.database or "postgres"), isolation_level="AUTOCOMMIT"
    )
    with admin.connect() as conn:
        conn.execute(sa.text(f'CREATE DATABASE "{name}"'))
    try:
        yield base.set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as conn:
            conn.execute(sa.text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


@pytest.fixture(scope="module")
def old_database_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The database the module's upgrade runs on."""
    with fresh_database(tmp_path_factory) as url:
        yield url


def _store_old(stored: dict[str, Any], public_id: str) -> None:
    """One match and its hands, as the old release's ``service.create_match`` and
    ``add_hand`` (and ``finish_match``) left them."""
    now = datetime(2026, 11, 1, 20, 0, tzinfo=UTC)
    hands = stored["hands"]
    finished = stored.get("finished", False)
    match_id = db.session.execute(
        sa.insert(OLD_MATCHES)
        .values(
            public_id=public_id,
            variant=stored["variant"],
            options=stored["options"],
            players=stored["players"],
            teams=stored.get("teams", []),
            first_dealer=stored.get("first_dealer", stored["players"][0]),
            finished=finished,
            version=1 + len(hands) + int(finished),
            token_hash=hash_token(TOKEN),
            created_at=now,
            updated_at=now,
        )
        .returning(OLD_MATCHES.c.id)
    ).scalar_one()
    for number, entry in enumerate(hands, start=1):
        db.session.execute(
            sa.insert(OLD_HANDS).values(
                match_id=match_id, number=number, input=entry, created_at=now
            )
        )


@pytest.fixture(scope="module")
def upgraded(old_database_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Flask]:
    """The app on a database built at the old head, filled as the old release filled it, then
    upgraded to the new head (``flask db upgrade``)."""
    app = create_app(config.TestConfig(str(tmp_path_factory.mktemp("instance")), old_database_url))
    with app.app_context():
        upgrade(revision=OLD_HEAD)
        for key, stored in OLD_MATCHES_STORED.items():
            _store_old(stored, public_id=key)
        db.session.commit()
        upgrade()
        db.session.remove()
    yield app
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


@pytest.fixture
def client(upgraded: Flask) -> FlaskClient:
    return upgraded.test_client()


@pytest.mark.parametrize("key", list(OLD_MATCHES_STORED))
def test_an_upgraded_match_reads_as_the_old_release_computed_it(
    client: FlaskClient, key: str
) -> None:
    response = client.get(f"/api/v1/matches/{key}")
    assert response.status_code == 200, response.get_json()
    match = response.get_json()
    expected = EXPECTED[key]
    stored = OLD_MATCHES_STORED[key]
    assert match["problems"] == []
    assert [hand["input"] for hand in match["hands"]] == stored["hands"]
    assert [
        (hand["dealer"], hand["active"], hand["scores"], hand["payments"])
        for hand in match["hands"]
    ] == expected["hands"]
    assert match["totals"] == expected["totals"]
    assert match["kitty"] == expected.get("kitty")
    assert (match["status"], match["winner"]) == (expected["status"], expected["winner"])
    assert match["dealer"] == expected["dealer"]
    assert match["sitting_out"] == expected["sitting_out"]


@pytest.mark.parametrize("key", ["auction-6", "auction-3"])
def test_an_upgraded_night_settles_up_as_before(client: FlaskClient, key: str) -> None:
    response = client.get(f"/api/v1/matches/{key}/settlement")
    assert response.status_code == 200, response.get_json()
    assert response.get_json() == EXPECTED[key]["settlement"]


@pytest.mark.parametrize("key", list(OLD_MATCHES_STORED))
def test_the_upgrade_writes_the_old_meaning_into_the_stored_options(
    client: FlaskClient, key: str
) -> None:
    rules = client.get(f"/api/v1/matches/{key}").get_json()["rules"]
    old = OLD_MATCHES_STORED[key]["options"]
    assert rules == old | rules  # nothing dropped
    for name, value in MIGRATED_OPTIONS[key].items():
        assert rules[name] == value, name
    if OLD_MATCHES_STORED[key]["variant"] == "auction" and key != "auction-6":
        assert "six_seating" not in rules  # only six-player tables keep their seating


def test_an_upgraded_match_takes_new_hands_under_its_old_rules(client: FlaskClient) -> None:
    """The three-player night goes on after the upgrade: 350 is still 4 units there
    (doubling-250), although a new match's ``doubling`` pays 2 (docs/rules.md §2 table)."""
    response = client.post(
        "/api/v1/matches/auction-3/hands",
        json={"bidder": "Cruz", "bid": 350, "trump": "clubs", "outcome": "made"},
        headers=AUTH,
    )
    try:
        assert response.status_code == 201, response.get_json()
        # Dealer Ben (third hand, first dealer Cruz); 4 units from each, 10 from the kitty.
        assert response.get_json()["hand"]["payments"] == {
            "Ana": -4,
            "Ben": -4,
            "Cruz": 18,
            "kitty": -10,
        }
    finally:
        if response.status_code == 201:  # leave the night as stored for the other tests
            undone = client.delete("/api/v1/matches/auction-3/hands/3", headers=AUTH)
            assert undone.status_code == 200, undone.get_json()


#: Matches created under revision 2, with the meanings it gave ``doubling`` and ``seed-004``.
NEW_MATCHES_STORED: dict[str, dict[str, Any]] = {
    "new-auction": {
        "variant": "auction",
        "options": {**OLD_UNITS, "spades_concession": "single", "direction": "left"},
        "players": ["Ana", "Ben", "Cruz"],
        "hands": [],
    },
    "new-pinochle-3": {
        "variant": "pinochle-3",
        "options": {
            **OLD_MATCHES_STORED["pinochle-3"]["options"],
            "last_trick": 10,
            "meld_reuse": "new-cards",
            "direction": "right",
        },
        "players": ["Ana", "Ben", "Cruz"],
        "hands": [],
    },
}


def test_the_downgrade_gives_the_old_release_what_it_can_read(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    """Upgrade, then downgrade: the old matches get their stored options back exactly; a
    match created under revision 2 keeps its meaning where the old release can express it
    (``doubling`` and ``seed-004`` as explicit tables; the migration's module doc)."""
    with fresh_database(tmp_path_factory) as url:
        app = create_app(config.TestConfig(str(tmp_path_factory.mktemp("instance")), url))
        with app.app_context():
            upgrade(revision=OLD_HEAD)
            for key, stored in OLD_MATCHES_STORED.items():
                _store_old(stored, public_id=key)
            db.session.commit()
            upgrade()
            for key, stored in NEW_MATCHES_STORED.items():
                _store_old(stored, public_id=key)
            db.session.commit()
            downgrade(revision=OLD_HEAD)
            options = dict(
                db.session.execute(sa.select(OLD_MATCHES.c.public_id, OLD_MATCHES.c.options)).all()
            )
            db.session.remove()
            db.engine.dispose()
    for key, stored in OLD_MATCHES_STORED.items():
        assert options[key] == stored["options"], key
    # docs/rules.md §2 table, `doubling` under revision 2: 1 unit to 340, 2 at 350, 4 at 400.
    schedule = options["new-auction"]["schedule"]
    assert schedule[:4] == [[250, 1], [300, 1], [350, 2], [400, 4]]
    assert options["new-auction"]["spades_concession"] == "single"  # kept; the old one ignores it
    assert "direction" not in options["new-auction"]
    # docs/rules.md §1: seed-004 under revision 2 has a double run of 300.
    assert options["new-pinochle-3"]["melds"] == {**SEED_004_OLD, "double_run": 300}
    assert options["new-pinochle-3"]["direction"] == "right"
    assert options["new-pinochle-3"]["meld_reuse"] == "new-cards"
    assert "last_trick" not in options["new-pinochle-3"]
