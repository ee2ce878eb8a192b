"""Seed 000's "each hand as a game" on the pages and the API (issue 39 point 4; docs/rules.md
§2 "Each hand as a game"): «Cada una de las manos se puede contar igual que el juego; el
jugador que obtiene el mayor número de puntos gana la mano». The new-match page offers it, the
scoreboard counts hands won and says so, the API refuses a race option with it by name."""

from __future__ import annotations

import re

from flask.testing import FlaskClient

from tests.helpers import MatchClient, hidden, page_errors, totals
from tests.web.test_groups import start_group


def post_hand(client: FlaskClient, url: str, **fields: str) -> None:
    html = client.get(url).get_data(as_text=True)
    keys = {name: hidden(html, name) for name in ("idempotency_key", "version")}
    assert client.post(url + "/hands", data={**keys, **fields}).status_code == 303


def test_the_pages_count_hands_won_without_javascript(
    client: FlaskClient, table: MatchClient
) -> None:
    assert 'name="opt_game"' in client.get("/new/pinochle-2").get_data(as_text=True)
    url = table.start("pinochle-2", opt_game="hands")
    page = client.get(url).get_data(as_text=True)
    assert "Each hand counts as a game: the totals are hands won." in page
    assert "First to 3 hands won." in page
    assert "Game to" not in page
    assert 'name="declared_out"' not in page
    # Ana 40 + 120 = 160 beats Ben's 130 of tricks (meld plus trick points, seed 000).
    post_hand(client, url, meld_0="40", tricks_0="120", tricks_1="130")
    post_hand(client, url, meld_1="60", tricks_0="100", tricks_1="150")
    page = client.get(url).get_data(as_text=True)
    assert totals(page) == {"Ana": 1, "Ben": 1}
    assert "Ana wins the hand with 160" in page
    assert "Ben wins the hand with 210" in page
    post_hand(client, url, tricks_0="200", tricks_1="50")
    post_hand(client, url, tricks_0="190", tricks_1="60")
    page = client.get(url).get_data(as_text=True)
    assert totals(page) == {"Ana": 3, "Ben": 1}
    assert "Ana wins the match" in page


def test_the_api_takes_the_option_and_refuses_a_target_beside_it(
    client: FlaskClient, table: MatchClient
) -> None:
    body = {"variant": "pinochle-3", "players": ["Ana", "Ben", "Cruz"]}
    refused = table.create_raw({**body, "rules": {"game": "hands", "target": 500}})
    assert refused.status_code == 422
    assert "rules.target" in refused.get_json()["errors"]
    match = table.create({**body, "rules": {"game": "hands", "hands_won": None, "hands": 2}})
    assert match["rules"]["game"] == "hands"
    assert "target" not in match["rules"]
    tricks = {"Ana": 100, "Ben": 90, "Cruz": 60}
    hand = {"meld": {"Ana": 0, "Ben": 0, "Cruz": 0}, "tricks": tricks}
    took = {"took_trick": {"Ana": True, "Ben": True, "Cruz": True}}
    table.add_ok({**hand, **took})
    after = table.add_ok({**hand, **took, "tricks": {"Ana": 60, "Ben": 100, "Cruz": 90}})
    # After the fixed 2 hands Ana and Ben have one each: another hand is played.
    assert after["totals"] == {"Ana": 1, "Ben": 1, "Cruz": 0}
    assert after["status"] == "in_progress"
    assert after["target"] is None
    done = table.add_ok({**hand, **took})
    assert done["status"] == "finished"
    assert done["winner"] == "Ana"


def test_the_records_page_shows_hands_won_and_no_points_per_hand(client: FlaskClient) -> None:
    group, _, read = start_group(client)
    data = {"player_0": "Ana", "player_1": "Ben", "dealer": "0", "opt_game": "hands"}
    started = client.post(f"/g/{group}/new/pinochle-2", data=data)
    assert started.status_code == 303, page_errors(started.get_data(as_text=True))
    url = started.headers["Location"]
    post_hand(client, url, meld_0="40", tricks_0="120", tricks_1="130")
    post_hand(client, url, tricks_0="100", tricks_1="150")
    page = client.get(read + "/records").get_data(as_text=True)
    assert "Pinochle: each hand as a game" in page
    assert "Pinochle: points per hand" not in page
    # Ana won hand 1 of 2 (160 to 130), Ben hand 2.
    assert re.search(r"<th>Ana</th><td>50%<span>1 of 2 hands</span></td>", page)
