"""A Pinnacola side counted on the card picker is stored as its cards, not only its points
(issue 26, item 6: "the Pinnacola picker stores only the totals, so the group's Pinnacola
records never count its deals: keep the cards"); docs/rules.md §3 takes a side's table as a
list of melds and its hand as a list of cards."""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import service
from scorekeeper.rules.games.pinnacola.form import value_meld
from tests.helpers import MatchClient, hidden

#: A clean run of seven hearts (a Pinnacola: its cards ×2, docs/rules.md §3) and three aces.
PINNACOLA = "4H 5H 6H 7H 8H 9H 10H"
ACES = "AS AH AD"
#: Their points on the table, as the rules count them.
POINTS = value_meld(PINNACOLA.split()).points + value_meld(ACES.split()).points


def use_picker(client: FlaskClient, url: str, side: str, table: str, hand: str) -> str:
    """Count ``side``'s cards on the picker and tap "use": the match page it leads back to."""
    page = client.get(url).get_data(as_text=True)
    link = re.search(rf'href="(/tools/pinnacola-meld\?[^"]*side={side}[^"]*)"', page)
    assert link, page
    used = client.post(
        link.group(1).replace("&amp;", "&"), data={"action": "use", "table": table, "hand": hand}
    )
    assert used.status_code == 303
    location: str = used.headers["Location"]
    return location


def stored_entry(app: Flask, public_id: str) -> dict[str, object]:
    with app.app_context():
        entry: dict[str, object] = service.get_match(public_id).hands[-1].input
        return entry


def save(client: FlaskClient, page_url: str, **typed: str) -> None:
    html = client.get(page_url).get_data(as_text=True)
    data = {
        name: hidden(html, name)
        for name in ("idempotency_key", "version", "seen", "cards_0", "handcards_0")
    }
    for name in ("table_0", "hand_0"):
        found = re.search(rf'id="{name}"[^>]*value="([^"]*)"', html)
        data[name] = found.group(1) if found else ""
    data.update({"table_1": "120", "hand_1": "45", "ending": "closed:0", **typed})
    url = urlsplit(page_url).path
    assert client.post(url + "/hands", data=data).status_code == 303


def test_the_cards_picked_are_stored_and_counted(
    app: Flask, client: FlaskClient, table: MatchClient
) -> None:
    url = table.start("pinnacola")
    back = use_picker(client, url, "Ana", f"{PINNACOLA}|{ACES}", "")
    query = parse_qs(urlsplit(back).query)
    assert query["table.Ana"] == [str(POINTS)]
    save(client, back)
    entry = stored_entry(app, table.id)
    sides = entry["sides"]
    assert isinstance(sides, dict)
    assert sides["Ana"] == {"table": [PINNACOLA.split(), ACES.split()], "hand": 0}
    assert sides["Ben"] == {"table": 120, "hand": 45}
    # The rules read the Pinnacola from the cards: the records count it (docs/records.md).
    with app.app_context():
        state = service.state_of(service.get_match(table.id))
    closing = state.hands[0].facts.closing
    assert closing is not None
    assert dict(closing.pinnacolas) == {"Ana": 1}


def test_a_number_typed_over_the_cards_is_stored_as_the_number(
    app: Flask, client: FlaskClient, table: MatchClient
) -> None:
    url = table.start("pinnacola")
    back = use_picker(client, url, "Ana", f"{PINNACOLA}|{ACES}", "")
    save(client, back, table_0="200")
    sides = stored_entry(app, table.id)["sides"]
    assert isinstance(sides, dict)
    assert sides["Ana"] == {"table": 200, "hand": 0}


def test_a_deal_of_cards_is_corrected_with_its_cards_and_points(
    app: Flask, client: FlaskClient, table: MatchClient
) -> None:
    url = table.start("pinnacola")
    save(client, use_picker(client, url, "Ana", f"{PINNACOLA}|{ACES}", ""))
    page = client.get(f"{url}/hands/1").get_data(as_text=True)
    assert re.search(rf'id="table_0"[^>]*value="{POINTS}"', page)
    assert hidden(page, "cards_0") == f"{POINTS}/{PINNACOLA}|{ACES}"
    # Saved unchanged, the correction keeps the cards.
    data = {n: hidden(page, n) for n in ("idempotency_key", "version", "cards_0", "handcards_0")}
    data.update({"table_0": str(POINTS), "hand_0": "0", "table_1": "120", "hand_1": "45"})
    data["ending"] = "closed:0"
    assert client.post(f"{url}/hands/1", data=data).status_code == 303
    sides = stored_entry(app, table.id)["sides"]
    assert isinstance(sides, dict)
    assert sides["Ana"] == {"table": [PINNACOLA.split(), ACES.split()], "hand": 0}
