"""The list of hands says what each side's points were made of (issue 26, item 4): meld and
tricks (each partner's meld where it was entered per player), an auction hand's contract, a
Pinnacola deal's table and hand; read from the hand's facts, "=" only where they add up."""

from __future__ import annotations

import re

from flask.testing import FlaskClient

from tests.helpers import MatchClient


def parts(html: str) -> dict[str, str]:
    """The parts line of each side in the latest hand of the list."""
    history = html[html.index('id="hands"') :]
    row = history[: history.index("</li>\n", history.index('class="scores"'))]
    return {
        side.replace("&amp;", "&"): " ".join(text.split())
        for side, text in re.findall(r'<span class="parts" data-side="([^"]+)">([^<]*)</span>', row)
    }


def test_meld_and_tricks_of_each_side_are_shown_with_their_sum(
    client: FlaskClient, table: MatchClient
) -> None:
    table.create({"variant": "pinochle-4", "players": ["Ana", "Ben", "Cruz", "Dee"]})
    sides = table.created["sides"]
    table.add_ok(
        {"meld": {sides[0]: 190, sides[1]: ["run"]}, "tricks": {sides[0]: 160, sides[1]: 90}}
    )
    html = client.get(f"/m/{table.id}").get_data(as_text=True)
    assert parts(html) == {sides[0]: "meld 190 + tricks 160 =", sides[1]: "meld 150 + tricks 90 ="}


def test_a_meld_lost_without_a_trick_shows_its_parts_without_a_sum(
    client: FlaskClient, table: MatchClient
) -> None:
    table.create({"variant": "pinochle-3", "players": ["Ana", "Ben", "Cy"]})
    table.add_ok(
        {"meld": {"Ana": 60, "Ben": 0, "Cy": 0}, "tricks": {"Ana": 0, "Ben": 150, "Cy": 100}}
    )
    html = client.get(f"/m/{table.id}").get_data(as_text=True)
    assert parts(html)["Ana"] == "meld 60 + tricks 0"
    assert parts(html)["Ben"] == "meld 0 + tricks 150 ="


def test_each_partners_meld_is_shown_where_it_was_entered_per_player(
    client: FlaskClient, table: MatchClient
) -> None:
    table.create(
        {
            "variant": "pinochle-4",
            "players": ["Ana", "Ben", "Cruz", "Dee"],
            "rules": {"saving_trick": "player"},
        }
    )
    sides = table.created["sides"]
    table.add_ok(
        {
            "meld": {"Ana": 130, "Ben": 0, "Cruz": 20, "Dee": 40},
            "took_trick": {"Ana": True, "Cruz": True, "Dee": True},
            "tricks": {sides[0]: 160, sides[1]: 90},
        }
    )
    html = client.get(f"/m/{table.id}").get_data(as_text=True)
    assert parts(html)[sides[0]] == "Ana meld 130 + Cruz meld 20 + tricks 160 ="


def test_a_set_bid_shows_its_contract_and_parts(client: FlaskClient, table: MatchClient) -> None:
    table.create({"variant": "partnership-auction", "players": ["Ana", "Ben", "Cruz", "Dee"]})
    sides = table.created["sides"]
    table.add_ok(
        {
            "bidder": "Ana",
            "bid": 400,
            "trump": "spades",
            "meld": {sides[0]: 150, sides[1]: 40},
            "tricks": {sides[0]: 200, sides[1]: 50},
        }
    )
    html = client.get(f"/m/{table.id}").get_data(as_text=True)
    assert "Ana bid 400 ♠" in html
    assert "set: -400" in html
    assert parts(html) == {sides[0]: "meld 150 + tricks 200", sides[1]: "meld 40 + tricks 50 ="}


def test_a_pinnacola_deal_shows_each_sides_table_and_hand(
    client: FlaskClient, table: MatchClient
) -> None:
    table.create({"variant": "pinnacola", "players": ["Ana", "Ben"]})
    table.add_ok(
        {
            "sides": {"Ana": {"table": 385, "hand": 0}, "Ben": {"table": 120, "hand": 45}},
            "closed_by": "Ana",
        }
    )
    html = client.get(f"/m/{table.id}").get_data(as_text=True)
    assert parts(html) == {"Ana": "table 385 − hand 0", "Ben": "table 120 − hand 45 ="}
