"""Meld typos over the API (docs/rules.md §1 "Meld typos", §7): a hand typed now with a meld
of 75 under the `standard` table (every meld a multiple of 10: seed 000 «el rey y la reina de
triunfos, o pareja real, 40 puntos», Bicycle) is refused with a 422 that names it, added or
corrected; a hand of 75 stored before the check keeps its figure: the match opens, replays,
takes new hands, and travels in a file with it."""

from __future__ import annotations

import json

from flask.testing import FlaskClient

from tests.api.test_problems import store_hands
from tests.helpers import API, MatchClient, errors_of

PLAYERS = ["Ana", "Ben"]
TYPO = {"meld": {"Ana": 75, "Ben": 20}, "tricks": {"Ana": 130, "Ben": 120}}
GOOD = {"meld": {"Ana": 70, "Ben": 20}, "tricks": {"Ana": 130, "Ben": 120}}
TYPO_MESSAGE = ["cannot be 75: every meld is worth a multiple of 10"]


def test_a_hand_added_with_a_meld_of_75_is_refused(table: MatchClient) -> None:
    table.create({"variant": "pinochle-2", "players": PLAYERS})
    errors = table.refused(TYPO, "meld.Ana")
    assert errors == {"meld.Ana": TYPO_MESSAGE}
    assert table.get()["hands"] == []


def test_a_correction_to_a_meld_of_75_is_refused(table: MatchClient) -> None:
    table.create({"variant": "pinochle-2", "players": PLAYERS})
    table.add_ok(GOOD)
    response = table.replace(1, TYPO)
    assert response.status_code == 422
    assert errors_of(response) == {"meld.Ana": TYPO_MESSAGE}
    assert table.get()["hands"][0]["input"]["meld"] == {"Ana": 70, "Ben": 20}


def test_the_bidders_meld_in_auction_units_is_checked(table: MatchClient) -> None:
    table.create({"variant": "auction", "players": ["Ana", "Ben", "Cruz"]})
    entry = {"bidder": "Ben", "bid": 300, "trump": "hearts", "meld": 95, "tricks": 220}
    assert table.refused(entry, "meld") == {
        "meld": ["cannot be 95: every meld is worth a multiple of 10"]
    }
    assert table.add({**entry, "meld": 90}).status_code == 201


def test_simple_counting_keeps_any_figure(table: MatchClient) -> None:
    table.create({"variant": "pinochle-2", "players": PLAYERS, "rules": {"counting": "simple"}})
    table.add_ok({"meld": {"Ana": 15, "Ben": 2}, "tricks": {"Ana": 13, "Ben": 12}})


def test_a_stored_meld_of_75_still_opens_replays_and_takes_hands(
    table: MatchClient, client: FlaskClient
) -> None:
    # docs/rules.md §7: a stored hand never changes meaning nor fails to open; the check is for
    # hands typed now.
    table.create({"variant": "pinochle-2", "players": PLAYERS})
    table.add_ok(GOOD)
    store_hands(client, table.id, TYPO)
    match = table.get()
    assert match["problems"] == []
    assert match["totals"] == {"Ana": 405, "Ben": 280}
    after = table.add_ok(GOOD)
    assert after["totals"] == {"Ana": 605, "Ben": 420}
    # Correcting another hand replays the stored 75 as it was.
    assert table.replace(1, {**GOOD, "meld": {"Ana": 0, "Ben": 0}}).status_code == 200
    assert table.get()["totals"] == {"Ana": 535, "Ben": 400}
    # The file carries it, and an import keeps it (a match carried in a file keeps its meaning).
    document = client.get(f"/m/{table.id}/export.json").get_data(as_text=True)
    response = client.post("/import", data={"pasted": document})
    assert response.status_code == 303, response.get_data(as_text=True)
    public_id = response.headers["Location"].rsplit("/", 1)[1]
    imported = client.get(f"{API}/matches/{public_id}").get_json()
    assert imported["totals"] == {"Ana": 535, "Ben": 400}
    assert json.loads(document)["hands"][1]["meld"] == {"Ana": 75, "Ben": 20}
