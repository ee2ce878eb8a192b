"""The money of a group of many players (issue 25; docs/records.md "Money across nights"): a
group whose auction matches seated 64 players answers its money page and its ledger, every
balance squared in at most 63 transfers, both saying fewer might do."""

from __future__ import annotations

from flask.testing import FlaskClient

from tests.api.test_groups import Group, play
from tests.helpers import API

PLAYERS = [f"Player {i:02d}" for i in range(64)]
BIDS = (300, 350, 400, 450)


def test_the_money_of_sixty_four_auction_players(client: FlaskClient) -> None:
    group = Group(client)
    # 21 tables of four, each sharing one player with the next (0-3, 3-6, ... 60-63); one hand
    # each, made or set, the first seat dealing (and sitting out).
    for table in range(21):
        players = PLAYERS[3 * table : 3 * table + 4]
        match = group.start(
            {"variant": "auction", "players": players, "rules": {"unit_value": "0.05"}}
        )
        bid = BIDS[table % 4]
        outcome = "made" if table % 3 else "set"
        hand = {"bidder": players[1 + table % 3], "bid": bid, "trump": "spades", "outcome": outcome}
        play(client, match, [hand], finish=True)
    found = client.get(f"{API}/groups/{group.read_id}/ledger").get_json()
    assert found["pending"] == 0
    balances = {p["name"]: p["units"] for p in found["totals"]}
    owing = [name for name, units in balances.items() if units]
    assert len(balances) == 64
    assert len(owing) > 12  # beyond the search
    for t in found["transfers"]:
        balances[t["from"]] += t["units"]
        balances[t["to"]] -= t["units"]
    assert set(balances.values()) == {0}
    assert len(found["transfers"]) <= len(owing) - 1
    assert found["fewest"] is False
    page = client.get(f"/r/{group.read_id}/money")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert html.count('<li class="transfer">') == len(found["transfers"])
    assert 'id="not-fewest"' in html
