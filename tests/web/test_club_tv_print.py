"""The club night's TV view and printable sheets (docs/club.md §12, §13; CLUB.md §19 cases 21,
37, 38): each page renders what the night holds, the host's sheets need the host token (403
otherwise) and are kept by no cache, the TV refreshes itself without JavaScript."""

from __future__ import annotations

import re
from html import unescape
from typing import Any

import pytest
from flask.testing import FlaskClient

from scorekeeper.web.club_memory import CODES
from tests.api.club_helpers import Night, pair, seated, standings_night
from tests.api.test_club_standings import TABLE_2, four_made, units_night

#: CLUB.md §19 case 21 (points, tie-breaks wins then margin): (player, value) in place order.
CASE_21 = [
    (6, "2070"),
    (2, "1970"),
    (7, "1770"),
    (8, "1620"),
    (4, "1620"),
    (5, "1420"),
    (1, "1320"),
    (3, "1270"),
]
#: Round 3 of case 21's night (club_helpers.STANDINGS_ROUNDS): each player's side total.
ROUND_3 = {1: "300", 3: "300", 6: "820", 2: "820", 4: "590", 5: "590", 7: "560", 8: "560"}
#: After round 2 the totals were P6 1250, P7 1210, P2 1150, P8 1060, P4 1030, P1 1020, P3 970,
#: P5 830; so against the final places: P6 and P8 and P4 stay, P2 and P5 go up, P7, P1, P3 down.
MOVES = {6: "same", 2: "up", 7: "down", 8: "same", 4: "same", 5: "up", 1: "down", 3: "down"}


def text_of(html: str) -> str:
    """A page's words, tags taken out and spaces squeezed."""
    return re.sub(r"\s+", " ", unescape(re.sub(r"(?s)<[^>]+>", " ", html)))


def tv_rows(html: str) -> list[dict[str, str]]:
    """The TV's standings rows: place, name, value, last round, move."""
    found = []
    for row in re.findall(r'(?s)<li class="tv-row">(.*?)</li>', html):
        cells = dict(re.findall(r'(?s)<span class="(place|who|value|last)">(.*?)</span>', row))
        move = re.search(r'<span class="move ?([a-z]*)">', row)
        found.append({**cells, "move": move.group(1) if move else ""})
    return found


def host_client(client: FlaskClient, night: Night) -> FlaskClient:
    """``client`` with the night's host token kept, as the private link's button keeps it."""
    response = client.post(f"/c/{night.id}/open", data={"key": night.token})
    assert response.status_code == 303, response.status_code
    return client


# --- The TV (§12) --------------------------------------------------------------------------------


def test_the_tv_shows_the_round_in_play_and_refreshes_itself(client: FlaskClient) -> None:
    night = Night(client, 8, rotation={"rounds": 3}, round={"hands": 1, "minutes": 20})
    night.start(1)
    response = client.get(f"/cr/{night.read_id}/tv")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    words = text_of(html)
    assert "Club" in words
    assert "Round 1 of 3" in words
    # §12: the clock of a round with minutes, counted from its start ("20:00 left", or a few
    # seconds less on a slow machine).
    assert re.search(r"\b(20:00|19:[0-5]\d) left\b", words), words
    # The strip: two tables, no hand yet, of one.
    assert words.count("0 / 1") == 2
    # §12, §19 case 38: without JavaScript a plain page that reloads every 30 s (inside
    # <noscript>: with JavaScript the script follows the night instead).
    refresh = r'<noscript><meta http-equiv="refresh" content="30"></noscript>'
    assert re.search(refresh, html), html[:800]
    assert 'src="/static/club_tv.js' in html
    # No secret on it: no private id, no code; any cache may keep it, checking first.
    assert night.id not in html
    assert night.token not in html
    assert all(code not in html for code in night.codes.values())
    assert response.headers["Cache-Control"] == "no-cache"


def test_the_tv_part_is_the_board_alone(client: FlaskClient) -> None:
    night = Night(client, 8, rotation={"rounds": 3}, round={"hands": 1})
    part = client.get(f"/cr/{night.read_id}/tv?part=board").get_data(as_text=True)
    assert part.lstrip().startswith('<div id="tv-board"')
    assert "<html" not in part
    assert "<meta" not in part
    # The board says the ETag it shows, the one the standings' API answers with.
    etag = re.search(r'data-etag="([^"]+)"', part)
    assert etag is not None
    assert unescape(etag.group(1)) == night.read("/standings").headers["ETag"]


def test_between_rounds_the_tv_shows_the_next_seating(client: FlaskClient) -> None:
    night = Night(client, 8, rotation={"rounds": 3}, round={"hands": 1})
    words = text_of(client.get(f"/cr/{night.read_id}/tv").get_data(as_text=True))
    # §12: "Table 1: Ann & Cy v Bo & Di", partners from seats 1+3 and 2+4.
    for table in night.round(1)["tables"]:
        north, east, south, west = seated(table)
        line = f"Table {table['table']}: P{north} & P{south} v P{east} & P{west}"
        assert line in words, (line, words)
    # §19 case 1: Wh(8)'s round 1 is 1&6 v 4&7, 2&3 v 5&8.
    lines = set(re.findall(r"Table \d: (P\d) & (P\d) v (P\d) & (P\d)", words))
    assert {
        frozenset({frozenset({int(a[1:]), int(b[1:])}), frozenset({int(c[1:]), int(d[1:])})})
        for a, b, c, d in lines
    } == {
        frozenset({pair(1, 6), pair(4, 7)}),
        frozenset({pair(2, 3), pair(5, 8)}),
    }


def test_the_tv_standings_case_21(client: FlaskClient) -> None:
    night = standings_night(client)
    rows = tv_rows(client.get(f"/cr/{night.read_id}/tv").get_data(as_text=True))
    assert [(r["who"], r["value"]) for r in rows] == [(f"P{p}", v) for p, v in CASE_21]
    assert [r["place"] for r in rows] == ["1", "2", "3", "4", "5", "6", "7", "8"]
    # Last round's value, and the arrow against the place after round 2.
    assert {int(r["who"][1:]): r["last"] for r in rows} == ROUND_3
    assert {int(r["who"][1:]): r["move"] for r in rows} == MOVES


def test_the_tv_hides_the_standings_until_the_end(client: FlaskClient) -> None:
    night = Night(
        client, 8, rotation={"rounds": 3}, round={"hands": 1}, standings={"reveal": "at-end"}
    )
    night.start(1)
    html = client.get(f"/cr/{night.read_id}/tv").get_data(as_text=True)
    # §9.6, §12: only the round lines and the seating until the night is finished.
    assert tv_rows(html) == []
    assert "The standings are shown when the night is over." in text_of(html)
    assert "Round 1 of 3" in text_of(html)


def test_no_tv_for_a_night_that_does_not_exist(client: FlaskClient) -> None:
    assert client.get("/cr/no-such-night/tv").status_code == 404
    assert client.get("/cr/no-such-night/print/chart").status_code == 404


# --- The print pages (§13) -----------------------------------------------------------------------


def test_the_rotation_chart(client: FlaskClient) -> None:
    night = Night(client, 8, rotation={"rounds": 3}, round={"hands": 1})
    response = client.get(f"/cr/{night.read_id}/print/chart")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    words = text_of(html)
    # §13: "1·Ann & 3·Cy v 2·Bo & 4·Di" per table and round.
    for item in night.get()["rounds"]:
        for table in item["tables"]:
            n, e, s, w = seated(table)
            assert f"{n}·P{n} & {s}·P{s} v {e}·P{e} & {w}·P{w}" in words
    # Then by player: each round's table and seat ("T1 · 3 S").
    assert len(re.findall(r"T\d · \d [NESW]", words)) == 8 * 3
    assert "<thead>" in html
    assert 'href="/static/club_print.css' in html
    # A public sheet: no secret, so a cache may keep it.
    assert "no-store" not in response.headers.get("Cache-Control", "")


def test_tally_sheets_one_per_table_with_the_board_once_started(client: FlaskClient) -> None:
    night = Night(client, 12, rotation={"rounds": 3}, round={"hands": 8})
    before = client.get(f"/cr/{night.read_id}/print/round/1").get_data(as_text=True)
    assert before.count('class="card tally') == 3
    # §13: round.hands rows per sheet; no QR until the round started.
    assert len(re.findall(r'<tr><th scope="row">\d+</th>', before)) == 3 * 8
    assert "<svg" not in before
    night.start(1)
    after = client.get(f"/cr/{night.read_id}/print/round/1").get_data(as_text=True)
    assert after.count("<svg") == 3
    assert "Countersigned by an opponent" in text_of(after)
    assert "First dealer" in text_of(after)
    assert client.get(f"/cr/{night.read_id}/print/round/9").status_code == 404


def test_twelve_rows_when_the_round_has_no_hand_count(client: FlaskClient) -> None:
    night = Night(client, 8, rotation={"rounds": 2}, round={"minutes": 30})
    html = client.get(f"/cr/{night.read_id}/print/round/1").get_data(as_text=True)
    assert len(re.findall(r'<tr><th scope="row">\d+</th>', html)) == 2 * 12


def test_player_cards_and_results_case_21(client: FlaskClient) -> None:
    night = standings_night(client)
    cards = client.get(f"/cr/{night.read_id}/print/players").get_data(as_text=True)
    assert cards.count('class="card player-card') == 8
    # P6's card: 640 + 610 + 820 = 2070 (case 21), its running totals 640, 1250, 2070.
    card = re.search(r'(?s)<h1 class="big">6·P6</h1>.*?</section>', cards)
    assert card is not None
    numbers = re.findall(r'<td class="num">(\d+)</td>', card.group(0))
    assert numbers == ["640", "640", "610", "1250", "820", "2070", "2070"]
    results = client.get(f"/cr/{night.read_id}/print/results").get_data(as_text=True)
    words = text_of(results)
    first = re.findall(r'<th scope="row">(\d)·P\d</th><td class="num strong">', results)
    order = [int(p) for p in first]
    assert order == [p for p, _ in CASE_21]
    # Every column: wins and margin of case 21 (P6 3 and 740, P3 0.5 and -610).
    assert re.search(r"6·P6 2070 3 2070 740", words), words
    assert re.search(r"3·P3 1270 0\.5 1270 -610", words), words
    assert "Round by round" in words
    assert "Balance of the schedule" in words
    assert re.search(r"\d{4}-\d\d-\d\d", words)


def host_pages(night: Night) -> list[str]:
    return [f"/c/{night.id}/print/players", f"/c/{night.id}/print/tables"]


def test_host_sheets_need_the_host_token(client: FlaskClient) -> None:
    night = Night(client, 8, rotation={"rounds": 2}, round={"hands": 1})
    for path in host_pages(night):
        response = client.get(path)
        assert response.status_code == 403, path
        assert night.token not in response.get_data(as_text=True)
    assert client.get("/c/no-such-night/print/tables").status_code == 404
    host_client(client, night)
    for path in host_pages(night):
        response = client.get(path)
        assert response.status_code == 200, path
        assert response.headers["Cache-Control"] == "no-store"


def test_table_tents_carry_the_scoring_qr(client: FlaskClient) -> None:
    night = Night(client, 12, rotation={"rounds": 2}, round={"hands": 1})
    host_client(client, night)
    with client.session_transaction() as kept:
        kept[CODES] = {"night": night.id, "table": {str(n): c for n, c in night.codes.items()}}
    html = client.get(f"/c/{night.id}/print/tables").get_data(as_text=True)
    # §13: one tent per table, two halves each (the upper one turned), a QR on each half.
    assert html.count('<section class="tent') == 3
    assert html.count("<svg") == 6
    assert html.count('class="tent-half upper"') == 3
    assert "Scan to score this table" in text_of(html)


@pytest.mark.parametrize("scoring", ["players", "tables"])
def test_host_player_cards_carry_the_players_qr(client: FlaskClient, scoring: str) -> None:
    night = Night(client, 8, rotation={"rounds": 2}, round={"hands": 1}, scoring=scoring)
    host_client(client, night)
    links: list[dict[str, Any]] = night.created.get("player_links") or []
    codes = {str(link["player"]): link["url"].split("code=")[1] for link in links}
    with client.session_transaction() as kept:
        kept[CODES] = {"night": night.id, "player": codes}
    html = client.get(f"/c/{night.id}/print/players").get_data(as_text=True)
    public = client.get(f"/cr/{night.read_id}/print/players").get_data(as_text=True)
    assert "<svg" not in public
    assert html.count("<svg") == (8 if scoring == "players" else 0)


def test_the_tally_grid_is_the_forms_hand(client: FlaskClient) -> None:
    # §13: per side meld, tricks and total; auction forms add the bidder, the bid and trump.
    heads = re.compile(r'<th scope="col"(?: rowspan="2")?>([A-Z][a-z]+)</th>')
    plain = Night(client, 8, rotation={"rounds": 2}, round={"hands": 1})
    html = client.get(f"/cr/{plain.read_id}/print/round/1").get_data(as_text=True)
    assert set(heads.findall(html)) == {"Hand", "Dealer", "Meld", "Tricks", "Total"}
    bid = Night(
        client, 8, variant="partnership-auction", rotation={"rounds": 2}, round={"hands": 1}
    )
    html = client.get(f"/cr/{bid.read_id}/print/round/1").get_data(as_text=True)
    assert {"Bidder", "Bid", "Trump", "Meld", "Tricks"} <= set(heads.findall(html))


def test_results_of_a_units_night_say_who_pays_whom(client: FlaskClient) -> None:
    # CLUB.md §19 case 25 (§11): the room's settle-up, each player's units and money.
    players = ["Ana", "Ben", "Cruz", "Dee", "Eve", "Fay", "Gus", "Hal"]
    night = units_night(client, players, {1: four_made("Ana"), 2: TABLE_2})
    html = client.get(f"/cr/{night.read_id}/print/results").get_data(as_text=True)
    words = text_of(html)
    assert "Who pays whom" in words
    for line in (
        "Gus pays Ana 10 units (2.50)",
        "Cruz pays Eve 3 units (0.75)",
        "Dee pays Fay 3 units (0.75)",
        "Cruz pays Ana 1 unit (0.25)",
        "Dee pays Ana 1 unit (0.25)",
        "Ben pays Hal 4 units (1.00)",
    ):
        assert line in words, line
    # Ana: +12 units at 0.25 = 3.00; Gus: -10 = -2.50 (the last two columns: units, money).
    heads = re.findall(r'<th scope="col">([^<]+)</th>', html.split("Round by round")[0])
    units, money = heads.index("Units"), heads.index("Money")
    rows = {}
    for row in re.findall(r"(?s)<tr>(.*?)</tr>", html.split("Round by round")[0]):
        cells = [text_of(c).strip() for c in re.findall(r"(?s)<t[dh][^>]*>(.*?)</t[dh]>", row)]
        if len(cells) == len(heads):
            rows[cells[1]] = (cells[units], cells[money])
    assert rows["1·Ana"] == ("12", "3.00")
    assert rows["7·Gus"] == ("-10", "-2.50")
    assert rows["8·Hal"] == ("4", "1.00")


def test_the_tv_says_time_once_it_is_called(client: FlaskClient) -> None:
    # §12: "12:34 left", then "Time!" (the host called time, §7.1).
    night = Night(client, 8, rotation={"rounds": 2}, round={"hands": 8, "minutes": 30})
    night.start(1)
    night.ok("POST", "/rounds/1/time")
    words = text_of(client.get(f"/cr/{night.read_id}/tv").get_data(as_text=True))
    assert "Time!" in words
    assert " left" not in words
