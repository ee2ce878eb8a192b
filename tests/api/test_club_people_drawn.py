"""Late arrivals on nights of fixed pairs and of progressive tables through the API
(docs/club.md §6: a fixed pair arrives as a pair; Danish and progressive rounds are drawn from
whoever is present when the previous round closes)."""

from __future__ import annotations

from flask.testing import FlaskClient

from tests.api.club_helpers import Night, seated
from tests.api.test_club_pairs import pair_games, pairs_night, play_pairs_round, resting


def test_a_late_pair_joins_the_round_robin(client: FlaskClient) -> None:
    """docs/club.md §6, §14: a fixed-pairs night takes ``{"pair": {...}}`` (a lone name is a
    422 at ``pair``); the pair gets the next two numbers and the next pair number, absent in
    the rounds played; in every re-planned round each pair's players are partners and the
    seven pairs leave one resting."""
    night = pairs_night(client, 6)
    play_pairs_round(night, 1, dict.fromkeys(range(1, 7), 300))
    refused = night.write("POST", "/players", {"name": "Ivy"})
    assert refused.status_code == 422
    added = night.write("POST", "/players", {"pair": {"players": ["Ivy", "Jo"]}})
    assert added.status_code == 201, added.get_json()
    answer = added.get_json()
    assert answer["pair"]["number"] == 7
    assert [p["number"] for p in answer["players"]] == [13, 14]
    shown = night.get()
    newcomers = [p for p in shown["players"] if p["number"] in (13, 14)]
    assert [(p["name"], p["pair"], p["joined_round"]) for p in newcomers] == [
        ("Ivy", 7, 2),
        ("Jo", 7, 2),
    ]
    assert shown["rounds"][0]["absent"] == [13, 14]
    for number in range(2, len(shown["rounds"]) + 1):
        games = pair_games(shown, number)  # asserts partners sit opposite
        assert len(games) == 3
        assert len(resting(shown, number)) == 1


def test_progressive_late_arrival_takes_a_leavers_seat(client: FlaskClient) -> None:
    """docs/club.md §6 on a progressive night of 12 (§4.5, tables of four only): P12 leaves
    after round 2 and P13 arrives for round 3; round 3 is drawn when round 2 closes from the
    12 present, P13 in the seat P12's movement had (H9's reading of §4.5)."""
    night = Night(client, 12, rotation={"scheme": "progressive", "rounds": 4}, round={"hands": 1})
    night.play_simply(1)
    night.ok("PATCH", "/players/12", {"leaves_after_round": 2})
    added = night.ok("POST", "/players", {"name": "P13", "from_round": 3})
    assert added["player"]["joined_round"] == 3
    assert added["table_links"] == []
    night.play_simply(2)
    third = night.round(3)
    seated_now = sorted(p for t in third["tables"] for p in seated(t))
    assert seated_now == [*range(1, 12), 13]
    assert third["absent"] == [12]
    assert night.start(3)["round"]["status"] == "playing"
