"""Entering, refusing, correcting and undoing hands through the match page."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from scorekeeper import create_app, service
from scorekeeper.config import TestConfig as CsrfConfig
from scorekeeper.extensions import db
from scorekeeper.matches.routes import HISTORY
from scorekeeper.rules import find_variant
from scorekeeper.rules.games.table import Layout
from tests.helpers import MatchClient, hidden, page_errors, totals


def post_hand(client: FlaskClient, url: str, data: dict[str, str], **kwargs: Any) -> TestResponse:
    """Post the next hand with the keys of the page's form."""
    html = client.get(url).get_data(as_text=True)
    form = {
        "idempotency_key": hidden(html, "idempotency_key"),
        "version": hidden(html, "version"),
        **data,
    }
    return client.post(url + "/hands", data=form, **kwargs)


def hand_count(app: Flask, url: str) -> int:
    with app.app_context():
        return len(service.get_match(url.rsplit("/", 1)[1]).hands)


def test_a_hand_is_stored_and_the_totals_follow(
    client: FlaskClient, app: Flask, table: MatchClient
) -> None:
    url = table.start("pinochle-2")
    response = post_hand(client, url, {"meld_0": "150", "tricks_0": "130", "melds_1": "dix"})
    assert response.status_code == 303
    html = client.get(url).get_data(as_text=True)
    # Ben's tricks were left blank: filled from the counting total (250 - 130).
    assert totals(html) == {"Ana": 280, "Ben": 130}
    assert "Ben deals" in html


def test_a_refused_hand_shows_the_message_by_its_field_and_stores_nothing(
    client: FlaskClient, app: Flask, table: MatchClient
) -> None:
    url = table.start("pinochle-2")
    response = post_hand(client, url, {"meld_0": "150", "tricks_0": "200", "tricks_1": "100"})
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert any("250" in message for message in page_errors(html))
    assert 'id="meld_0" inputmode="numeric"' in html or 'value="150"' in html
    assert 'value="150"' in html
    assert 'value="200"' in html
    assert hand_count(app, url) == 0


def test_text_where_a_number_belongs_is_refused_by_the_page(
    client: FlaskClient, app: Flask, table: MatchClient
) -> None:
    url = table.start("pinochle-2")
    response = post_hand(client, url, {"meld_0": "lots", "tricks_0": "130"})
    assert response.status_code == 422
    assert "Enter a whole number." in page_errors(response.get_data(as_text=True))
    assert hand_count(app, url) == 0


def test_a_double_tap_stores_the_hand_once(
    client: FlaskClient, app: Flask, table: MatchClient
) -> None:
    url = table.start("pinochle-2")
    html = client.get(url).get_data(as_text=True)
    form = {
        "idempotency_key": hidden(html, "idempotency_key"),
        "version": hidden(html, "version"),
        "meld_0": "20",
        "tricks_0": "130",
    }
    assert client.post(url + "/hands", data=form).status_code == 303
    assert client.post(url + "/hands", data=form).status_code == 303
    assert hand_count(app, url) == 1


def test_a_meld_chip_without_javascript_builds_the_list_and_stores_nothing(
    client: FlaskClient, app: Flask, table: MatchClient
) -> None:
    url = table.start("pinochle-3")
    response = post_hand(client, url, {"melds_1": "run", "chip": "1:pinochle", "meld_0": "40"})
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert 'value="run pinochle"' in html
    assert 'value="40"' in html
    assert hand_count(app, url) == 0


def test_correct_an_earlier_hand_and_undo_the_last(
    client: FlaskClient, app: Flask, table: MatchClient
) -> None:
    url = table.start("pinochle-2")
    post_hand(client, url, {"meld_0": "100", "tricks_0": "150"})
    post_hand(client, url, {"meld_1": "40", "tricks_1": "200"})
    assert totals(client.get(url).get_data(as_text=True)) == {"Ana": 300, "Ben": 340}
    page = client.get(url + "/hands/1").get_data(as_text=True)
    assert 'value="100"' in page
    response = client.post(
        url + "/hands/1",
        data={
            "idempotency_key": hidden(page, "idempotency_key"),
            "version": hidden(page, "version"),
            "meld_0": "200",
            "tricks_0": "150",
            "meld_1": "0",
            "tricks_1": "100",
        },
    )
    assert response.status_code == 303
    html = client.get(url).get_data(as_text=True)
    assert totals(html) == {"Ana": 400, "Ben": 340}
    response = client.post(
        url + "/hands/2/undo",
        data={"idempotency_key": "undo-1", "version": hidden(html, "version")},
    )
    assert response.status_code == 303
    assert totals(client.get(url).get_data(as_text=True)) == {"Ana": 350, "Ben": 100}


def test_another_browser_reads_but_cannot_write(
    client: FlaskClient, app: Flask, table: MatchClient
) -> None:
    url = table.start("pinochle-2")
    post_hand(client, url, {"meld_0": "100", "tricks_0": "150"})
    other = app.test_client()
    html = other.get(url).get_data(as_text=True)
    assert totals(html) == {"Ana": 250, "Ben": 100}
    assert 'id="hand-form"' not in html
    assert "Undo" not in html
    assert other.post(url + "/hands", data={"meld_0": "1"}).status_code == 403
    assert other.get(url + "/hands/1").status_code == 403
    assert other.post(url + "/hands/1").status_code == 403
    assert other.post(url + "/hands/1/undo").status_code == 403
    assert other.post(url + "/finish").status_code == 403
    assert hand_count(app, url) == 1
    assert client.get("/m/nonesuch").status_code == 404


def test_a_post_without_a_csrf_token_is_refused(app: Flask, tmp_path: Path) -> None:
    config = CsrfConfig(str(tmp_path / "csrf"), app.config["SQLALCHEMY_DATABASE_URI"])
    config.WTF_CSRF_ENABLED = True
    guarded = create_app(config)
    client = guarded.test_client()
    html = client.get("/new/pinochle-2").get_data(as_text=True)
    assert 'name="csrf_token"' in html
    response = client.post("/new/pinochle-2", data={"player_0": "Ana", "player_1": "Ben"})
    assert response.status_code == 400
    token = hidden(html, "csrf_token")
    response = client.post(
        "/new/pinochle-2", data={"player_0": "Ana", "player_1": "Ben", "csrf_token": token}
    )
    assert response.status_code == 303
    with guarded.app_context():
        db.engine.dispose()  # a second app's pool would otherwise leak a connection


def test_auction_in_units_ends_the_night(
    client: FlaskClient, app: Flask, table: MatchClient
) -> None:
    url = table.start("auction")
    post_hand(client, url, {"bidder": "Ben", "bid": "300", "trump": "hearts", "outcome": "made"})
    html = client.get(url).get_data(as_text=True)
    assert "End the night" in html
    response = client.post(
        url + "/finish", data={"idempotency_key": "fin", "version": hidden(html, "version")}
    )
    assert response.status_code == 303
    html = client.get(url).get_data(as_text=True)
    assert "Settle up" in html
    assert "wins" in html
    assert 'id="hand-form"' not in html


# --- The form builds exactly the API's hand bodies (docs/api.md, "Hand bodies by variant") -------


FOUR = ["Ana", "Ben", "Cruz", "Dee"]
TEAMS = [{"name": "Us", "players": ["Ana", "Cruz"]}, {"name": "Them", "players": ["Ben", "Dee"]}]


def _table(variant_id: str, players: list[str], teams: Any = None) -> Layout:
    """The table of a new match's first hand, as its variant describes it (default rules)."""
    variant = find_variant(variant_id)
    return variant.layout(variant.setup(players, teams))


def test_auction_kept_in_points_asks_every_player_for_meld_and_tricks(
    client: FlaskClient, app: Flask, table: MatchClient
) -> None:
    url = table.start("auction", opt_scoring="points")
    html = client.get(url).get_data(as_text=True)
    assert "End the night" not in html
    assert 'id="meld_2"' in html
    response = post_hand(
        client,
        url,
        {
            "bidder": "Ben",
            "bid": "300",
            "trump": "diamonds",
            "meld_1": "150",
            "tricks_1": "160",
            "meld_0": "20",
            "tricks_0": "50",
        },
    )
    assert response.status_code == 303, page_errors(response.get_data(as_text=True))
    assert totals(client.get(url).get_data(as_text=True)) == {"Ana": 70, "Ben": 310, "Cruz": 40}


def test_pinnacola_in_teams(client: FlaskClient, app: Flask, table: MatchClient) -> None:
    url = table.start("pinnacola", ["Ana", "Ben", "Cruz", "Dee"], team_0="Us", team_1="Them")
    response = post_hand(
        client,
        url,
        {"table_0": "300", "hand_0": "15", "table_1": "85", "hand_1": "40", "ending": "closed:0"},
    )
    assert response.status_code == 303, page_errors(response.get_data(as_text=True))
    assert totals(client.get(url).get_data(as_text=True)) == {"Us": 385, "Them": 45}


def test_the_match_page_lists_the_latest_hands_and_links_to_the_whole_list(
    client: FlaskClient, app: Flask, table: MatchClient
) -> None:
    """Issue 13: a page of 1,000 hand rows cost the server 190-340 ms and the phone its
    scrolling; the page lists the latest ones (routes.HISTORY) and links to all of them."""
    url = table.start("auction")  # in units: no target ends it
    hand = {"bidder": "Ben", "bid": "300", "outcome": "thrown_in"}
    for _ in range(HISTORY + 2):
        assert post_hand(client, url, hand).status_code == 303
    html = client.get(url).get_data(as_text=True)
    count = hand_count(app, url)
    assert count == HISTORY + 2
    rows = re.findall(r'<li class="hand-row" id="hand-(\d+)"', html)
    assert [int(n) for n in rows] == list(range(count, count - HISTORY, -1))
    assert f"({count})" in html
    assert 'id="all-hands"' in html
    whole = client.get(url + "?hands=all").get_data(as_text=True)
    assert len(re.findall(r'<li class="hand-row"', whole)) == count
    assert 'id="all-hands"' not in whole
