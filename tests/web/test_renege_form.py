"""The two-handed hand form asks who reneged (seed 004; docs/rules.md §2 ``pinochle-2``
"Renege"), without JavaScript: the hand is stored with ``renege`` and the reneger's points of
the game are gone."""

from __future__ import annotations

from flask.testing import FlaskClient

from tests.helpers import MatchClient, hidden, totals


def post_hand(client: FlaskClient, url: str, **fields: str) -> None:
    html = client.get(url).get_data(as_text=True)
    keys = {name: hidden(html, name) for name in ("idempotency_key", "version")}
    assert client.post(url + "/hands", data={**keys, **fields}).status_code == 303


def test_the_two_handed_form_takes_a_renege(client: FlaskClient, table: MatchClient) -> None:
    url = table.start("pinochle-2")
    page = client.get(url).get_data(as_text=True)
    assert 'name="renege"' in page
    post_hand(client, url, meld_0="150", meld_1="40", tricks_0="130", tricks_1="120")
    post_hand(client, url, meld_0="60", tricks_0="100", tricks_1="150", renege="Ana")
    # Ana's 280 and this hand's 160 are lost (seed 004: «теряет все заработанные в данной
    # партии очки»); Ben keeps 160 + 150.
    assert totals(client.get(url).get_data(as_text=True)) == {"Ana": 0, "Ben": 310}
    assert 'name="renege"' not in client.get(table.start("pinochle-3")).get_data(as_text=True)
