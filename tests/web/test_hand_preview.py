"""The hand form's preview before Save (issue 26, item 4: "before Save, the form shows the hand's
result as it will count ("Ben & Dee made 330: +330", "set: -320")"): the endpoint answers the
rules' count of the form as it stands, checked as a save is, and stores nothing."""

from __future__ import annotations

import re
from pathlib import Path

from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import create_app, service
from scorekeeper.config import TestConfig as CsrfConfig
from scorekeeper.extensions import db
from tests.helpers import MatchClient, hidden

#: A partnership hand: Ben (Ben & Dee) bids 300 in spades; Ana & Cruz meld 40 and take 130,
#: Ben & Dee meld 210 and take 120 (docs/rules.md §2: the bidders made it, 210 + 120 = 330).
MADE = {
    "bidder": "Ben",
    "bid": "300",
    "trump": "spades",
    "result": "played",
    "meld_0": "40",
    "tricks_0": "130",
    "meld_1": "210",
    "tricks_1": "120",
}


def preview(client: FlaskClient, url: str, data: dict[str, str]) -> tuple[int, str, str]:
    """Post ``data`` with the page's own form keys to the preview: status, text, Cache-Control."""
    html = client.get(url).get_data(as_text=True)
    keys = {name: hidden(html, name) for name in ("idempotency_key", "version", "seen")}
    response = client.post(url + "/hands/preview", data={**keys, **data})
    text = " ".join(re.sub(r"<[^>]+>", " ", response.get_data(as_text=True)).split())
    return response.status_code, text.replace("&amp;", "&"), response.headers["Cache-Control"]


def stored(app: Flask, url: str) -> tuple[int, int]:
    """The match's hands stored and its version."""
    with app.app_context():
        match = service.get_match(url.rsplit("/", 1)[1])
        return len(match.hands), match.version


def test_a_made_partnership_bid_is_shown_as_it_will_count_and_nothing_is_stored(
    app: Flask, client: FlaskClient, table: MatchClient
) -> None:
    url = table.start("partnership-auction")
    before = stored(app, url)
    status, text, cache = preview(client, url, MADE)
    assert status == 200
    assert "Ben & Dee made 330: +330" in text
    assert "Ana & Cruz: +170" in text
    assert cache == "no-store"
    assert stored(app, url) == before == (0, 1)


def test_a_set_bid_shows_the_set(app: Flask, client: FlaskClient, table: MatchClient) -> None:
    url = table.start("partnership-auction")
    status, text, _ = preview(client, url, {**MADE, "bid": "340"})
    assert status == 200
    assert "Ben & Dee set: -340" in text
    assert "made" not in text
    assert stored(app, url) == (0, 1)


def test_a_meld_lost_without_a_trick_is_said_beside_the_count(
    client: FlaskClient, table: MatchClient
) -> None:
    url = table.start("pinochle-3")
    data = {"meld_0": "60", "tricks_0": "0", "meld_1": "0", "tricks_1": "150", "tricks_2": "100"}
    status, text, _ = preview(client, url, data)
    assert status == 200
    assert "Ana: 0" in text
    assert "Ben: +150" in text
    assert "Cruz: +100" in text
    assert "Ana: meld lost, no trick" in text


def test_an_entry_the_rules_refuse_shows_nothing(client: FlaskClient, table: MatchClient) -> None:
    url = table.start("partnership-auction")
    status, text, cache = preview(client, url, {**MADE, "tricks_1": "999"})
    assert (status, text, cache) == (422, "", "no-store")
    status, text, _ = preview(client, url, {"bid": "300"})  # still being typed: no bidder
    assert (status, text) == (422, "")


def test_a_watching_phone_gets_no_preview(
    app: Flask, client: FlaskClient, table: MatchClient
) -> None:
    url = table.start("pinochle-2")
    html = client.get(url).get_data(as_text=True)
    keys = {name: hidden(html, name) for name in ("idempotency_key", "version", "seen")}
    watcher = app.test_client()
    answer = watcher.post(url + "/hands/preview", data={**keys, "meld_0": "0", "tricks_0": "130"})
    assert answer.status_code == 403
    assert stored(app, url) == (0, 1)


def test_the_page_has_the_preview_box_under_save(client: FlaskClient, table: MatchClient) -> None:
    # Under Save, so that its answer never moves Save (templates/matches/_hand_form.html).
    url = table.start("partnership-auction")
    html = client.get(url).get_data(as_text=True)
    assert f'data-preview="{url}/hands/preview"' in html
    box = html.index('data-preview-out aria-live="polite"')
    assert html.index('class="button primary wide save"') < box < html.index("</form>", box)


def test_the_preview_needs_the_forms_csrf_token(tmp_path: Path, app: Flask) -> None:
    config = CsrfConfig(str(tmp_path / "csrf"), app.config["SQLALCHEMY_DATABASE_URI"])
    config.WTF_CSRF_ENABLED = True
    guarded = create_app(config)
    client = guarded.test_client()
    page = client.get("/new/pinochle-2").get_data(as_text=True)
    made = client.post(
        "/new/pinochle-2",
        data={"player_0": "Ana", "player_1": "Ben", "csrf_token": hidden(page, "csrf_token")},
    )
    url = made.headers["Location"]
    html = client.get(url).get_data(as_text=True)
    keys = {n: hidden(html, n) for n in ("idempotency_key", "version", "seen", "csrf_token")}
    typed = {"meld_0": "0", "tricks_0": "130"}
    refused = client.post(url + "/hands/preview", data={**keys, "csrf_token": "x", **typed})
    assert refused.status_code == 400
    answer = client.post(url + "/hands/preview", data={**keys, **typed})
    assert answer.status_code == 200
    assert "Ana: +130" in answer.get_data(as_text=True)
    with guarded.app_context():
        db.engine.dispose()  # a second app's pool would otherwise leak a connection


def test_a_correction_is_shown_as_it_will_count_and_nothing_is_stored(
    app: Flask, client: FlaskClient, table: MatchClient
) -> None:
    url = table.start("partnership-auction")
    html = client.get(url).get_data(as_text=True)
    keys = {name: hidden(html, name) for name in ("idempotency_key", "version", "seen")}
    assert client.post(url + "/hands", data={**keys, **MADE}).status_code == 303
    before = stored(app, url)
    page = client.get(url + "/hands/1").get_data(as_text=True)
    assert f'data-preview="{url}/hands/1/preview"' in page
    keys = {name: hidden(page, name) for name in ("idempotency_key", "version")}
    answer = client.post(url + "/hands/1/preview", data={**keys, **MADE, "bid": "350"})
    assert answer.status_code == 200
    assert answer.headers["Cache-Control"] == "no-store"
    assert "Ben &amp; Dee set: -350" in answer.get_data(as_text=True)
    assert stored(app, url) == before
    with app.app_context():
        assert service.get_match(table.id).hands[0].input["bid"] == 300
    assert client.post(url + "/hands/2/preview", data={**keys, **MADE}).status_code == 404
