"""A club night's card codes are derived, never stored (issue 35 point 11; docs/club.md §8):
each from the server's ``SECRET_KEY``, the night, the card and a generation a withdrawal moves
on, so the host's print pages can show them again on any device; a phone's code is checked by
deriving it again. Cards made before derived codes keep their stored hash, and their codes keep
working; withdrawing one gives it a derived code."""

from __future__ import annotations

import pytest
import sqlalchemy as sa
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import service
from scorekeeper.extensions import db
from scorekeeper.models import ClubCode, ClubNight
from scorekeeper.service.reading import hash_token
from tests.api.club_helpers import Night, code_of


def printable(app: Flask, night: Night, kind: str = "table") -> dict[int, str]:
    with app.app_context():
        return service.printable_codes(service.night_by_id(night.id), kind)


def cards(app: Flask, night: Night) -> list[tuple[str, int, str | None, int | None]]:
    """The night's stored cards: kind, number, stored hash, generation."""
    with app.app_context():
        found = service.night_by_id(night.id)
        rows = db.session.execute(
            sa.select(ClubCode.kind, ClubCode.number, ClubCode.code_hash, ClubCode.generation)
            .where(ClubCode.club_night_id == found.id)
            .order_by(ClubCode.kind, ClubCode.number)
        )
        return [(str(k), int(n), h, g) for k, n, h, g in rows]


def withdraw(night: Night, table: int) -> str:
    made = night.write("POST", "/codes", {"kind": "table", "number": table})
    assert made.status_code == 201, made.get_json()
    return code_of(made.get_json()["url"])


def test_the_codes_handed_out_are_the_printable_ones_and_nothing_of_them_is_stored(
    app: Flask, client: FlaskClient
) -> None:
    night = Night(client, 12, rotation={"rounds": 2}, round={"hands": 1})
    assert sorted(night.codes) == [1, 2, 3]
    assert printable(app, night) == night.codes
    stored = cards(app, night)
    assert [(kind, number) for kind, number, _, _ in stored] == [("table", n) for n in (1, 2, 3)]
    assert all(digest is None for _, _, digest, _ in stored)
    # One generation each, never twice in a night.
    generations = [generation for _, _, _, generation in stored]
    assert None not in generations
    assert len(set(generations)) == 3
    for table, code in night.codes.items():
        assert night.exchange(table).status_code == 201
        # A table's code is its own: not another table's, not one letter off.
        other = 1 + table % 3
        assert night.exchange(other, code).status_code == 401
        assert (
            night.exchange(table, code[:-1] + ("A" if code[-1] != "A" else "B")).status_code == 401
        )


def test_a_withdrawal_derives_a_new_code_and_a_withdrawn_one_never_returns(
    app: Flask, client: FlaskClient
) -> None:
    night = Night(client, 8, rotation={"rounds": 2}, round={"hands": 1})
    first = night.codes[1]
    second = withdraw(night, 1)
    third = withdraw(night, 1)
    assert len({first, second, third}) == 3
    assert printable(app, night)[1] == third
    assert printable(app, night)[2] == night.codes[2]  # the other card keeps its code
    for gone in (first, second):
        assert night.exchange(1, gone).status_code == 401
    assert night.exchange(1, third).status_code == 201


def test_the_secret_key_derives_the_codes(app: Flask, client: FlaskClient) -> None:
    """docs/hosting.md: rotating ``SECRET_KEY`` changes every derived code."""
    night = Night(client, 8, rotation={"rounds": 2}, round={"hands": 1})
    before = printable(app, night)
    kept = app.config["SECRET_KEY"]
    app.config["SECRET_KEY"] = "another-secret"
    try:
        after = printable(app, night)
        assert set(after) == set(before)
        assert not set(after.values()) & set(before.values())
        assert night.exchange(1, before[1]).status_code == 401
        assert night.exchange(1, after[1]).status_code == 201
    finally:
        app.config["SECRET_KEY"] = kept


@pytest.fixture
def legacy_night(app: Flask, client: FlaskClient) -> tuple[Night, dict[int, str]]:
    """A night as the release before derived codes stored it: each card's hash, no
    generation; its codes (handed out then) returned."""
    night = Night(client, 8, rotation={"rounds": 2}, round={"hands": 1})
    old = {1: "handed-out-code-of-table-1", 2: "handed-out-code-of-table-2"}
    with app.app_context():
        found = db.session.scalar(sa.select(ClubNight).where(ClubNight.public_id == night.id))
        assert found is not None
        for number, code in old.items():
            db.session.execute(
                sa.update(ClubCode)
                .where(ClubCode.club_night_id == found.id, ClubCode.number == number)
                .values(code_hash=hash_token(code), generation=None)
            )
        db.session.commit()
    return night, old


def test_codes_handed_out_before_keep_working(
    app: Flask, legacy_night: tuple[Night, dict[int, str]]
) -> None:
    night, old = legacy_night
    # Shown once: the print pages cannot show them again, and derive nothing in their place.
    assert printable(app, night) == {}
    for table, code in old.items():
        assert night.exchange(table, code).status_code == 201
    assert night.exchange(1, old[2]).status_code == 401
    assert night.exchange(1, night.codes[1]).status_code == 401  # the derivation is not it


def test_a_card_of_before_withdrawn_gets_a_derived_code(
    app: Flask, legacy_night: tuple[Night, dict[int, str]]
) -> None:
    night, old = legacy_night
    fresh = withdraw(night, 1)
    assert printable(app, night) == {1: fresh}
    assert night.exchange(1, old[1]).status_code == 401
    assert night.exchange(1, fresh).status_code == 201
    assert night.exchange(2, old[2]).status_code == 201
    stored = {number: (digest, generation) for _, number, digest, generation in cards(app, night)}
    assert stored[1][0] is None
    assert stored[1][1] is not None
    assert stored[2] == (hash_token(old[2]), None)


def test_the_downgrade_stores_each_derived_codes_hash(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    """The migration ``a7c3e9d1codes`` downgraded: every card gets the hash of the code it
    had (its copy of the derivation is the service's), so the old release, which checks the
    stored hash, takes the codes handed out."""
    from flask_migrate import downgrade, upgrade

    from scorekeeper import config, create_app
    from tests.test_upgrade import fresh_database

    with fresh_database(tmp_path_factory) as url:
        app = create_app(config.TestConfig(str(tmp_path_factory.mktemp("instance")), url))
        with app.app_context():
            upgrade()
            made = service.create_club_night(
                {
                    "name": "Club",
                    "variant": "pinochle-4",
                    "players": [f"P{n}" for n in range(1, 9)],
                    "rotation": {"draw": "entry"},
                }
            )
            fresh = service.new_code(made.night.public_id, made.token, "table", 1)
            codes = made.table_codes | {1: fresh}
            downgrade(revision="f1d2e3a4desk")
            with db.engine.connect() as conn:
                rows = conn.execute(sa.text("SELECT number, code_hash FROM club_codes")).all()
                stored: dict[int, str] = {int(number): str(digest) for number, digest in rows}
                columns = {c["name"] for c in sa.inspect(conn).get_columns("club_codes")}
            upgrade()
            db.session.remove()
            db.engine.dispose()
    assert stored == {number: hash_token(code) for number, code in codes.items()}
    assert "generation" not in columns
