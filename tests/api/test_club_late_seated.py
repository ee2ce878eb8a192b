"""Late arrivals and leavers on rounds already seated, and late pairs (docs/club.md §6, §14):
the gaps P5 closed (a round not drawn lists only the players not present as ``absent``; a
drawn or hand-seated round keeps its seats; a late pair on a fixed-pairs night)."""

from __future__ import annotations

from flask.testing import FlaskClient

from tests.api.club_helpers import Night, seated
from tests.api.test_club_pairs import pair_games, pairs_night, play_pairs_round
from tests.helpers import errors_of


def seated_in(round_: dict[str, object]) -> list[int]:
    return sorted(p for t in round_["tables"] for p in seated(t))  # type: ignore[attr-defined]


def test_a_round_not_drawn_lists_only_the_players_not_present(client: FlaskClient) -> None:
    """docs/club.md §14: ``absent`` is the players not present for that round; a progressive
    round not drawn yet (§4.6, ``tables: []``) lists only those, not every player."""
    night = Night(client, 12, rotation={"scheme": "progressive", "rounds": 4}, round={"hands": 1})
    night.ok("PATCH", "/players/12", {"leaves_after_round": 2})
    shown = night.get()
    assert shown["rounds"][1]["tables"] == []
    assert shown["rounds"][1]["absent"] == []
    assert shown["rounds"][2]["absent"] == [12]
    assert shown["rounds"][3]["absent"] == [12]
    night.ok("POST", "/players", {"name": "P13", "from_round": 3})
    assert night.round(2)["absent"] == [13]
    assert night.round(3)["absent"] == [12]


def test_a_late_arrival_sits_out_a_drawn_round(client: FlaskClient) -> None:
    """docs/club.md §6: a late arrival into a progressive round already drawn keeps its draw
    and sits out; he can then come in as a substitute."""
    night = Night(client, 12, rotation={"scheme": "progressive", "rounds": 3}, round={"hands": 1})
    night.play_simply(1)
    drawn = night.round(2)["tables"]
    assert drawn
    added = night.ok("POST", "/players", {"name": "P13"})
    assert added["player"]["joined_round"] == 2
    second = night.round(2)
    assert second["tables"] == drawn
    assert second["sitting_out"] == [13]
    assert second["absent"] == []
    night.start(2)
    night.ok("POST", "/rounds/2/substitute", {"out": 5, "in": 13})
    round_ = night.round(2)
    assert 13 in seated_in(round_)
    assert round_["absent"] == [5]


def test_a_hand_seated_round_keeps_its_seats(client: FlaskClient) -> None:
    """docs/club.md §6, §4.9: a round the host seated by hand keeps its seating when a player
    arrives late (he sits out) or leaves (his seat stays empty: starting the round is a 409
    naming the seat until the host edits it); a planned scheme's round is re-planned."""
    night = Night(client, 8, round={"hands": 1})
    night.play_simply(1)
    by_hand = {"tables": [[1, 2, 3, 4], [5, 6, 7, 8]], "sitting_out": []}
    night.ok("PUT", "/rounds/2", by_hand)
    night.ok("POST", "/players", {"name": "P9"})
    second = night.round(2)
    assert [seated(t) for t in second["tables"]] == [[1, 2, 3, 4], [5, 6, 7, 8]]
    assert second["sitting_out"] == [9]
    third = night.round(3)  # a planned round: re-planned for the nine present
    assert len(seated_in(third)) + len(third["sitting_out"]) == 9
    night.ok("PATCH", "/players/6", {"leaves_after_round": 1})
    second = night.round(2)
    assert [seated(t) for t in second["tables"]] == [[1, 2, 3, 4], [5, 7, 8]]
    assert second["absent"] == [6]
    refused = night.write("POST", "/rounds/2/start")
    assert refused.status_code == 409
    assert "table 2 seat 2 is empty" in refused.get_json()["errors"]["_"][0]
    night.ok("PUT", "/rounds/2", {"tables": [[1, 2, 3, 4], [5, 9, 7, 8]], "sitting_out": []})
    assert night.start(2)["round"]["status"] == "playing"


def test_a_late_pair_from_round_four(client: FlaskClient) -> None:
    """docs/club.md §14 ``POST …/players`` on a fixed-pairs night: ``{"pair": {"name",
    "players"}, "from_round"}`` makes a new pair number and two player numbers, the rounds not
    started re-planned for the new pair count; 422 at ``pair.players[1]`` for a name twice."""
    night = pairs_night(client, 4, rounds=5)
    twice = night.write("POST", "/players", {"pair": {"players": ["Ivy", "Ivy"]}})
    assert twice.status_code == 422
    assert "pair.players[1]" in errors_of(twice)
    play_pairs_round(night, 1, {1: 300, 2: 250, 3: 300, 4: 250})
    sent = {"pair": {"name": "Jays", "players": ["Ivy", "Jo"]}, "from_round": 4}
    added = night.write("POST", "/players", sent)
    assert added.status_code == 201, added.get_json()
    answer = added.get_json()
    assert answer["pair"]["number"] == 5
    assert answer["pair"]["name"] == "Jays"
    assert [p["number"] for p in answer["players"]] == [9, 10]
    shown = night.get()
    for number in (2, 3):
        assert shown["rounds"][number - 1]["absent"] == [9, 10]
        assert all(5 not in game[1:] for game in pair_games(shown, number))
    for number in (4, 5):
        assert shown["rounds"][number - 1]["absent"] == []
        assert len(pair_games(shown, number)) == 2  # five pairs: two games, one resting


def test_a_late_pair_on_a_danish_night_gets_a_new_table(client: FlaskClient) -> None:
    """docs/club.md §6, §14: a sixth pair on a Danish night of four pairs (two tables, then
    three) is drawn as usual when the round before closes, and ``table_links`` holds the new
    table 3's link, once."""
    night = pairs_night(client, 4, movement="danish", rounds=3)
    play_pairs_round(night, 1, {1: 300, 2: 250, 3: 300, 4: 250})
    first = night.ok("POST", "/players", {"pair": {"players": ["Ivy", "Jo"]}, "from_round": 3})
    assert first["table_links"] == []  # five pairs: still two tables, one pair rests
    second = night.ok("POST", "/players", {"pair": {"players": ["Kit", "Lu"]}, "from_round": 3})
    assert [link["table"] for link in second["table_links"]] == [3]
    assert night.round(2)["absent"] == [9, 10, 11, 12]
    play_pairs_round(night, 2, {1: 300, 2: 250, 3: 300, 4: 250})
    shown = night.get()
    assert len(pair_games(shown, 3)) == 3  # drawn from the six pairs present
    assert shown["rounds"][2]["absent"] == []
