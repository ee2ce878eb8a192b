"""The traveller and the movement cards (docs/club.md §13; issue 35 point 17): a round's every
hand at each table (who sat where, meld, tricks, the hand's points, running totals), and a card
per table saying who sits there each round and where each goes next, as Bridgemate rooms hand
them out; both linked from the host page."""

from __future__ import annotations

import re

from flask.testing import FlaskClient

from tests.api.club_helpers import Night, hand, seated, teams_entry
from tests.api.test_club_pairs import pairs_night
from tests.web.test_club_tv_print import host_client, text_of


def rows_of(html: str, table: int) -> list[list[str]]:
    """The traveller's hand rows of ``table``: each row's cells' words."""
    found = re.search(rf'(?s)data-traveller-table="{table}".*?</section>', html)
    assert found, table
    return [
        [text_of(cell).strip() for cell in re.findall(r"(?s)<t[hd][^>]*>(.*?)</t[hd]>", row)]
        for row in re.findall(r'(?s)<tr data-hand="\d+">(.*?)</tr>', found.group(0))
    ]


def test_the_traveller_has_every_hand_each_table_entered(client: FlaskClient) -> None:
    night = Night(client, 8, rotation={"rounds": 2}, round={"hands": 3})
    night.start(1)
    first, second = night.round(1)["tables"]
    hand(client, first["match"], night.key(1), entry=teams_entry(300, 250))
    hand(client, first["match"], night.key(1), entry=teams_entry(180, 400))
    response = client.get(f"/cr/{night.read_id}/print/round/1/traveller")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    words = text_of(html)
    # Who sat where, at each table.
    for table in (first, second):
        for seat, player in zip(("1 N", "2 E", "3 S", "4 W"), seated(table), strict=True):
            assert f"Seat {seat}: {player}·P{player}" in words
    # Hand, dealer, then per side: meld, tricks, the hand, the running total.
    north, east, _south, _west = seated(first)
    assert rows_of(html, 1) == [
        ["1", f"P{north}", "170", "130", "300", "300", "130", "120", "250", "250"],
        ["2", f"P{east}", "50", "130", "180", "480", "280", "120", "400", "650"],
    ]
    assert "Final totals 480 650" in text_of(html.split('data-traveller-table="1"')[1])
    assert rows_of(html, 2) == []
    assert "No hand entered" in text_of(html.split('data-traveller-table="2"')[1])


def test_a_round_not_started_has_no_traveller_yet_and_no_round_is_404(
    client: FlaskClient,
) -> None:
    night = Night(client, 8, rotation={"rounds": 2}, round={"hands": 3})
    html = client.get(f"/cr/{night.read_id}/print/round/2/traveller").get_data(as_text=True)
    assert "no match yet" in html
    assert client.get(f"/cr/{night.read_id}/print/round/9/traveller").status_code == 404


def card_rows(html: str, table: int) -> dict[int, list[str]]:
    found = re.search(rf'(?s)data-movement-table="{table}".*?</section>', html)
    assert found, table
    return {
        int(number): [
            text_of(cell).strip() for cell in re.findall(r"(?s)<td[^>]*>(.*?)</td>", rest)
        ]
        for number, rest in re.findall(r'(?s)<tr data-round="(\d+)">(.*?)</tr>', found.group(0))
    }


def test_a_movement_card_per_table_of_a_mitchell(client: FlaskClient) -> None:
    night = pairs_night(client, 7, movement="mitchell", rounds=4)
    view = night.get()
    pair_of = {p["number"]: p["pair"] for p in view["players"]}
    response = client.get(f"/cr/{night.read_id}/print/movement")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    tables = sorted({t["table"] for r in view["rounds"] for t in r["tables"]})
    assert tables == [1, 2, 3, 4]
    for number in tables:
        rows = card_rows(html, number)
        assert sorted(rows) == [1, 2, 3, 4]
        for item in view["rounds"]:
            here = {t["table"]: t for t in item["tables"]}
            cells = rows[item["number"]]
            if number not in here:
                assert cells == ["No game at this table"]
                continue
            n, e, s, w = seated(here[number])
            assert cells[0] == f"{n}·P{n} & {s}·P{s} v {e}·P{e} & {w}·P{w}"
            if item["number"] == 4:
                assert cells[1] == ""
                continue
            # Where each pair goes in the round after: "table 3 N-S", or sits out.
            following = view["rounds"][item["number"]]
            spots = {}
            for t in following["tables"]:
                a, b, c, d = seated(t)
                spots[pair_of[a]] = f"table {t['table']} N-S"
                spots[pair_of[b]] = f"table {t['table']} E-W"
            for x, y in ((n, s), (e, w)):
                assert f"{x}·P{x} & {y}·P{y}: {spots.get(pair_of[x], 'sits out')}" in cells[1]


def test_the_host_page_links_the_movement_cards_and_the_traveller(client: FlaskClient) -> None:
    night = Night(client, 8, rotation={"rounds": 2}, round={"hands": 1})
    host_client(client, night)
    night.start(1)
    html = client.get(f"/c/{night.id}").get_data(as_text=True)
    assert f'href="/cr/{night.read_id}/print/movement"' in html
    assert f'href="/cr/{night.read_id}/print/round/1/traveller"' in html
    night.close(1)
    html = client.get(f"/c/{night.id}").get_data(as_text=True)
    assert f'href="/cr/{night.read_id}/print/round/1/traveller"' in html
