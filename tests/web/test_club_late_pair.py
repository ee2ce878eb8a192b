"""The host page's late pair (docs/club.md §6, §14 ``POST …/players`` on a fixed-pairs night):
two names and a pair name typed on the host page make a new pair playing from the round
typed; a name twice is said with the field's page name."""

from __future__ import annotations

from flask.testing import FlaskClient

from tests.api.test_club_pairs import pairs_night, play_pairs_round
from tests.web.test_club_pairs_people_and_prizes_pages import flashed, host_of


def test_a_late_pair_added_on_the_host_page(client: FlaskClient) -> None:
    night = pairs_night(client, 4, rounds=5)
    html = host_of(client, night)
    assert 'id="late-partner"' in html
    assert 'id="late-pair-name"' in html
    play_pairs_round(night, 1, {1: 300, 2: 250, 3: 300, 4: 250})
    twice = {"name": "Ivy", "partner": "Ivy", "pair_name": "Jays", "from_round": "4"}
    assert client.post(f"/c/{night.id}/players", data=twice).status_code == 303
    assert "Pair: " in flashed(client, night)
    assert len(night.get()["players"]) == 8  # refused: nobody added
    typed = {"name": "Ivy", "partner": "Jo", "pair_name": "Jays", "from_round": "4"}
    added = client.post(f"/c/{night.id}/players", data=typed)
    assert added.status_code == 303
    assert "Ivy and Jo join the night." in flashed(client, night)
    shown = night.get()
    assert shown["pairs"][-1] == {"number": 5, "name": "Jays", "players": [9, 10]}
    newcomers = [(p["name"], p["pair"], p["joined_round"]) for p in shown["players"][8:]]
    assert newcomers == [("Ivy", 5, 4), ("Jo", 5, 4)]
