"""The host's table tents print from any device that holds the host link (issue 35 point 11;
docs/club.md §13): the club's laptop, which never kept a code, prints each table's scoring QR,
the very QR of the code the night handed out; the host page shows each table's link too. A
card made before derived codes still says its code was shown once."""

from __future__ import annotations

import re

import sqlalchemy as sa
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import service
from scorekeeper.extensions import db
from scorekeeper.infra.security import external_url
from scorekeeper.models import ClubCode, ClubNight
from scorekeeper.service.reading import hash_token
from scorekeeper.web.qr import qr_svg
from tests.api.club_helpers import Night


def laptop(app: Flask, night: Night) -> FlaskClient:
    """A second client that holds only the host link (its button pressed), no codes."""
    other = app.test_client()
    opened = other.post(f"/c/{night.id}/open", data={"key": night.token})
    assert opened.status_code == 303, opened.status_code
    return other


def expected_qr(app: Flask, night: Night, table: int, code: str) -> str:
    with app.test_request_context("/", base_url="http://localhost"):
        url = external_url("club.table_join", read_id=night.read_id, number=table, code=code)
        return str(qr_svg(url, "Scan to score this table"))


def test_the_tents_carry_the_codes_on_a_device_that_never_kept_them(
    app: Flask, client: FlaskClient
) -> None:
    night = Night(client, 12, rotation={"rounds": 2}, round={"hands": 1})
    html = laptop(app, night).get(f"/c/{night.id}/print/tables").get_data(as_text=True)
    assert html.count('<section class="tent') == 3
    assert html.count("<svg") == 6  # both halves of each tent
    for table, code in night.codes.items():
        assert html.count(expected_qr(app, night, table, code)) == 2, table
    assert "keeps no code" not in html


def test_the_laptops_tents_follow_a_withdrawal_made_on_the_phone(
    app: Flask, client: FlaskClient
) -> None:
    night = Night(client, 8, rotation={"rounds": 2}, round={"hands": 1})
    made = night.write("POST", "/codes", {"kind": "table", "number": 2})
    fresh = made.get_json()["url"].split("code=")[1]
    device = laptop(app, night)
    html = device.get(f"/c/{night.id}/print/tables").get_data(as_text=True)
    assert html.count(expected_qr(app, night, 2, fresh)) == 2
    assert expected_qr(app, night, 2, night.codes[2]) not in html
    host = device.get(f"/c/{night.id}").get_data(as_text=True)
    assert f"code={fresh}" in host
    assert f"code={night.codes[1]}" in host


def test_a_card_of_before_says_its_code_was_shown_once(app: Flask, client: FlaskClient) -> None:
    night = Night(client, 8, rotation={"rounds": 2}, round={"hands": 1})
    with app.app_context():
        found = db.session.scalar(sa.select(ClubNight).where(ClubNight.public_id == night.id))
        assert found is not None
        db.session.execute(
            sa.update(ClubCode)
            .where(ClubCode.club_night_id == found.id, ClubCode.number == 1)
            .values(code_hash=hash_token("handed-out-before"), generation=None)
        )
        db.session.commit()
    html = laptop(app, night).get(f"/c/{night.id}/print/tables").get_data(as_text=True)
    assert html.count("<svg") == 2  # table 2's tent only
    assert html.count(expected_qr(app, night, 2, night.codes[2])) == 2
    assert len(re.findall(r"keeps no code for this table", html)) == 2


def test_the_host_player_cards_carry_the_players_codes_on_another_device(
    app: Flask, client: FlaskClient
) -> None:
    night = Night(client, 8, rotation={"rounds": 2}, round={"hands": 1}, scoring="players")
    links = night.created["player_links"]
    html = laptop(app, night).get(f"/c/{night.id}/print/players").get_data(as_text=True)
    assert html.count("<svg") == 8  # one QR a card, though this device kept no code
    with app.app_context():
        derived = service.printable_codes(service.night_by_id(night.id), "player")
    assert derived == {link["player"]: link["url"].split("code=")[1] for link in links}
