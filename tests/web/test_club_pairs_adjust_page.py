"""The host page's penalty form and the purse on the pages of a fixed-pairs night (docs/club.md
§9.5, §10.2, §13; issue 35, points 1 and 2): the form asks the pair, the penalty moves exactly
that pair's value and is listed for the pair on both partners' pages and the results; the
purse counts the players and shows each partner's money."""

from __future__ import annotations

import re

from flask.testing import FlaskClient

from tests.api.test_club_pairs import play_pairs_round
from tests.api.test_club_pairs_money import TIED_ON_TOP, mitchell_night
from tests.web.test_club_pairs_people_and_prizes_pages import flashed, host_of


def test_the_host_gives_a_pairs_penalty_on_the_host_page(client: FlaskClient) -> None:
    night = mitchell_night(client)
    play_pairs_round(night, 1, TIED_ON_TOP)
    page = host_of(client, night)
    form = page.split('id="adjust-form"', 1)[1].split("</form>", 1)[0]
    assert 'id="adjust-pair"' in form
    assert "Pair (number)" in form
    assert 'id="adjust-player"' not in form  # a pairs night asks the pair, not a player
    added = client.post(
        f"/c/{night.id}/adjustments",
        data={"pair": "1", "round": "", "value": "-20", "note": "table talk"},
    )
    assert added.status_code == 303
    html = flashed(client, night)
    assert "The adjustment is added." in html
    assert re.search(
        r"Pair 1 · P1 &amp; P2 · the whole night · <strong>-20</strong> · table talk", html
    )
    rows = night.standings()["rows"]
    assert [(r["place"], r["pair"], r["value"]) for r in rows] == [
        (1, 2, "130"),
        (1, 3, "130"),
        (3, 4, "120"),
        (3, 5, "120"),
        (3, 6, "120"),
        (6, 1, "110"),
    ]
    # Listed on both partners' pages, not on another pair's, and on the results sheet.
    for number in (1, 2):
        assert "table talk" in client.get(f"/cr/{night.read_id}/p/{number}").get_data(as_text=True)
    assert "table talk" not in client.get(f"/cr/{night.read_id}/p/3").get_data(as_text=True)
    results = client.get(f"/cr/{night.read_id}/print/results").get_data(as_text=True)
    assert re.search(r"<th scope=\"row\">P1 &amp; P2</th><td>The night</td>", results)


def test_a_pairs_purse_on_the_room_page_and_the_results(client: FlaskClient) -> None:
    night = mitchell_night(
        client, purse={"entry": "5.00", "house": "0.50", "places": ["50", "30", "20"]}
    )
    play_pairs_round(night, 1, {1: 200, 2: 130, 3: 130, 4: 120, 5: 120, 6: 120})
    room = client.get(f"/cr/{night.read_id}").get_data(as_text=True)
    results = client.get(f"/cr/{night.read_id}/print/results").get_data(as_text=True)
    for html in (room, results):
        # (5.00 - 0.50) x 12 players: pair 1 takes 50 %, 13.50 for each partner; pairs 2 and
        # 3 pool 30 + 20 %, 6.75 for each of their players.
        assert "Pot: 54.00 (12 players)" in html
        assert "13.50 each" in html
        assert "6.75 each" in html
        assert "P1: 13.50 · " in html
        assert "P2: 13.50 · " in html
        assert "P6: 6.75" in html
    assert re.search(r'data-place="2">Place 2= · P3 &amp; P4, P5 &amp; P6 · 6.75 each<', room)
    assert "Left over: 0.00" in room
