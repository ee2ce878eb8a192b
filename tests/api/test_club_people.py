"""Late arrivals, leavers, renames and substitutes on a club night through the API
(docs/club.md §6; CLUB.md §19 cases 10 and 11), with the re-plan of the rounds not started."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from tests.api.club_helpers import (
    Night,
    code_of,
    consecutive,
    counts,
    hand,
    match_of,
    sitouts,
    teams_entry,
)
from tests.api.test_groups import Group
from tests.helpers import API, errors_of


def check_balance(rounds: list[dict[str, Any]]) -> None:
    """Over the night: no partnership twice, no pair opposed more than twice."""
    partners, opponents, _ = counts(rounds)
    assert max(partners.values()) == 1
    assert max(opponents.values()) <= 2


def test_case_10_late_arrival(client: FlaskClient) -> None:
    """CLUB.md §19 case 10: case 4's night (12 players, Wh(12), 8 rounds); rounds 1-3 closed;
    P13 added before round 4. Rounds 1-3 unchanged; rounds 4-8 one player out each, P13
    never; nobody out twice; partner_repeats 0, max_opponent <= 2; design null; P13 absent in
    rounds 1-3 with credit 0; no fourth table number."""
    night = Night(client, 12, rotation={"rounds": 8}, round={"hands": 1, "tie": "draw"})
    assert night.get()["rotation"]["design"] == "Wh(12)"
    for number in (1, 2, 3):
        night.play_simply(number)
    before = night.get()["rounds"][:3]
    added = night.write("POST", "/players", {"name": "P13"})
    assert added.status_code == 201, added.get_json()
    assert added.headers["Cache-Control"] == "no-store"
    answer = added.get_json()
    assert answer["player"]["number"] == 13
    assert answer["player"]["joined_round"] == 4
    assert answer["table_links"] == []  # 3 tables still seat 12 of 13
    assert [r["number"] for r in answer["rounds"]] == [4, 5, 6, 7, 8]
    shown = night.get()
    rounds = shown["rounds"]
    assert [{k: v for k, v in r.items() if k != "absent"} for r in rounds[:3]] == [
        {k: v for k, v in r.items() if k != "absent"} for r in before
    ]
    assert all(r["absent"] == [13] for r in rounds[:3])
    assert shown["rotation"]["design"] is None
    assert all(len(r["sitting_out"]) == 1 for r in rounds[3:])
    out = sitouts(rounds, 13)
    assert out[13] == []
    assert all(len(played) <= 1 for played in out.values())
    check_balance(rounds)
    assert {t["table"] for r in rounds for t in r["tables"]} == {1, 2, 3}
    night.play_simply(4)
    row = next(r for r in night.standings()["rows"] if r["player"] == 13)
    assert [(r["round"], r["status"], r["credit"]) for r in row["rounds"][:3]] == [
        (1, "absent", "0"),
        (2, "absent", "0"),
        (3, "absent", "0"),
    ]
    assert row["rounds"][3]["status"] == "played"


def test_late_arrival_refusals(client: FlaskClient) -> None:
    """docs/club.md §14: 422 at ``name`` (a player already) and ``from_round`` (started, or
    past the last); a refused request changes nothing."""
    night = Night(client, 8, rotation={"rounds": 3}, round={"hands": 1})
    night.play_simply(1)
    before = night.get()
    for sent, path in (
        ({"name": "p1"}, "name"),
        ({"name": "Ivy", "from_round": 1}, "from_round"),
        ({"name": "Ivy", "from_round": 4}, "from_round"),
        ({"name": ""}, "name"),
    ):
        refused = night.write("POST", "/players", sent)
        assert refused.status_code == 422, sent
        assert path in errors_of(refused)
    assert night.get() == before
    later = night.ok("POST", "/players", {"name": "Ivy", "from_round": 3})
    rounds = later["night"]["rounds"]
    assert 9 in rounds[1]["absent"]
    assert 9 not in rounds[2]["absent"]


def test_case_11_leaver(client: FlaskClient) -> None:
    """CLUB.md §19 case 11: 16 players, Wh(16), 8 rounds; after round 2 P16 leaves after round
    2. Rounds 3-8: three out each round; 18 sit-outs, three players out twice, twelve once,
    nobody twice in a row; partner_repeats 0 and max_opponent <= 2; P16 absent in 3-8."""
    night = Night(client, 16, rotation={"rounds": 8}, round={"hands": 1, "tie": "draw"})
    assert night.get()["rotation"]["design"] == "Wh(16)"
    night.play_simply(1)
    night.play_simply(2)
    assert night.write("PATCH", "/players/16", {"leaves_after_round": 1}).status_code == 422
    shown = night.ok("PATCH", "/players/16", {"leaves_after_round": 2})
    assert shown["players"][15]["leaves_after_round"] == 2
    rounds = shown["rounds"]
    assert all(r["absent"] == [16] for r in rounds[2:])
    assert all(len(r["sitting_out"]) == 3 for r in rounds[2:])
    out = sitouts(rounds, 16)
    assert sum(len(v) for v in out.values()) == 18
    assert sorted(len(v) for n, v in out.items() if n != 16) == [1] * 12 + [2] * 3
    assert not any(consecutive(v) for v in out.values())
    check_balance(rounds)
    night.play_simply(3)
    row = next(r for r in night.standings()["rows"] if r["player"] == 16)
    assert [r["status"] for r in row["rounds"]] == ["played", "played", "absent"]


def test_rename(client: FlaskClient) -> None:
    """docs/club.md §14: a rename reaches future matches; a stored match keeps its names."""
    night = Night(client, 8, rotation={"rounds": 3}, round={"hands": 1})
    night.start(1)
    shown = night.ok("PATCH", "/players/1", {"name": "Ann"})
    assert shown["players"][0]["name"] == "Ann"
    assert night.write("PATCH", "/players/2", {"name": "ann"}).status_code == 422
    assert night.write("PATCH", "/players/99", {"name": "Zed"}).status_code == 404


def test_substitute_mid_round(client: FlaskClient) -> None:
    """docs/club.md §6: in round 1 of Wh(5) (2&5 v 3&4, P1 out) P1 comes in for P5: the match
    keeps its seat names, the seat shows "P1 (for P5)", P1 is credited with the round's result
    as if he had played it all, P5 is absent from round 1 on (later rounds re-planned)."""
    night = Night(client, 5, rotation={"rounds": 3}, round={"hands": 1, "tie": "draw"})
    assert night.write("POST", "/rounds/1/substitute", {"out": 5, "in": 1}).status_code == 409
    started = night.start(1)["round"]
    match_id = started["tables"][0]["match"]
    for sent, path in (({"out": 5, "in": 2}, "in"), ({"out": 1, "in": 1}, "out")):
        refused = night.write("POST", "/rounds/1/substitute", sent)
        assert refused.status_code == 422, sent
        assert path in errors_of(refused)
    answer = night.ok("POST", "/rounds/1/substitute", {"out": 5, "in": 1})
    table = answer["round"]["tables"][0]
    seat = next(s["seat"] for s in table["seats"] if s["player"] == 1)
    assert table["substitutes"] == [{"seat": seat, "player": 1, "for": 5}]
    assert answer["round"]["sitting_out"] == []
    assert answer["round"]["absent"] == [5]
    assert all(5 in r["absent"] for r in answer["night"]["rounds"][1:])
    assert answer["night"]["players"][4]["leaves_after_round"] == 0
    assert "P5" in match_of(client, match_id)["players"]  # the match keeps its names
    hand(client, match_id, night.key(1), entry=teams_entry(300, 250))
    night.close(1)
    rows = {r["player"]: r for r in night.standings()["rows"]}
    assert rows[1]["rounds"][0]["status"] == "played"
    assert rows[1]["points"] == rows[2]["points"]  # P1 has P5's side's result
    assert rows[5]["rounds"][0]["status"] == "absent"


def test_substitute_moves_the_group_seat(client: FlaskClient) -> None:
    """docs/club.md §6: in a group night the match's group seat moves to the substitute's
    roster player in the same transaction, so the records follow."""
    group = Group(client)
    night = Night(client, 5, group=group, rotation={"rounds": 1}, round={"hands": 1, "tie": "draw"})
    started = night.start(1)["round"]
    night.ok("POST", "/rounds/1/substitute", {"out": 5, "in": 1})
    table = started["tables"][0]
    hand(client, table["match"], night.key(1), entry=teams_entry(300, 250))
    night.close(1)
    records = client.get(f"{API}/groups/{group.read_id}/records").get_json()
    played = {r["names"][0]: r["standing"]["played"] for r in records["players"]}
    assert played.get("P1") == 1
    assert played.get("P5", 0) == 0


def test_substitute_takes_the_seat_on_the_phones(client: FlaskClient) -> None:
    """docs/club.md §6, §8 with ``scoring: "players"``: the substitute's phone key writes to
    the match once he is seated; the leaver's no longer does."""
    night = Night(
        client,
        5,
        rotation={"rounds": 1},
        round={"hands": 2, "tie": "draw"},
        scoring="players",
    )
    codes = {link["player"]: code_of(link["url"]) for link in night.created["player_links"]}

    def key_of(number: int) -> str:
        response = client.post(
            f"{API}/club-nights/{night.read_id}/keys",
            json={"kind": "player", "number": number, "code": codes[number]},
        )
        assert response.status_code == 201, response.get_json()
        found: str = response.get_json()["key"]
        return found

    started = night.start(1)["round"]
    match_id = started["tables"][0]["match"]
    sub_key, leaver_key = key_of(1), key_of(5)
    hand(client, match_id, sub_key, entry=teams_entry(300, 250), status=401)
    night.ok("POST", "/rounds/1/substitute", {"out": 5, "in": 1})
    hand(client, match_id, sub_key, entry=teams_entry(300, 250))
    hand(client, match_id, leaver_key, entry=teams_entry(300, 250), status=401)
