"""Club night rounds, keys and refusals over the API (docs/club.md §19 cases 29-36; docs/api.md
"Club nights"): a round's match ends by its hand limit, by time, by the close; who may write
to which match; two phones at a table; the standings' ETag; reveal at the end; the refusals
naming their field; a night in a group."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from tests.api.club_helpers import Night, code_of, hand, match_of, seated
from tests.api.test_groups import Group
from tests.helpers import API, errors_of

#: A pinochle-4 hand in which Team 1 takes 130 trick points and Team 2 120, and no meld.
ONE = {"meld": {"Team 1": 0, "Team 2": 0}, "tricks": {"Team 1": 130, "Team 2": 120}}
#: The same the other way round.
TWO = {"meld": {"Team 1": 0, "Team 2": 0}, "tricks": {"Team 1": 120, "Team 2": 130}}


def limited_match(client: FlaskClient, tie: str) -> tuple[Night, str]:
    """A night of 4 (one table), ``round.hands: 8`` and ``tie``, target 5000; round 1 started,
    8 hands in at 1000-1000 (the host's token writes: it is a scorer key on every match)."""
    night = Night(
        client, 4, rules={"target": 5000}, rotation={"rounds": 1}, round={"hands": 8, "tie": tie}
    )
    match_id = night.start(1)["round"]["tables"][0]["match"]
    for number in range(8):
        hand(client, match_id, night.token, entry=ONE if number % 2 else TWO)
    return night, match_id


def undo(client: FlaskClient, match_id: str, number: int, token: str) -> dict[str, Any]:
    response = client.delete(
        f"{API}/matches/{match_id}/hands/{number}", headers={"Authorization": f"Bearer {token}"}
    )
    assert response.status_code == 200, response.get_json()
    found: dict[str, Any] = response.get_json()["match"]
    return found


def test_case_29_hand_limit_with_an_extra_hand_on_a_tie(client: FlaskClient) -> None:
    """CLUB.md §19 case 29, ``tie: "extra-hand"``: level after hand 8, so not over (over
    after 9); hand 9 ends it, Team 2 won; a hand 10 is a 409; undoing 9 reopens it."""
    night, match_id = limited_match(client, "extra-hand")
    match = match_of(client, match_id)
    assert match["totals"] == {"Team 1": 1000, "Team 2": 1000}
    assert (match["status"], match["hand_limit"], match["over_after"]) == ("in_progress", 8, 9)
    assert match["club_night"] == {"read_id": night.read_id, "round": 1, "table": 1}
    # docs/club.md §3: the table's players in seat order, teams of seats 1+3 and 2+4, seat 1
    # deals first.
    north, east, south, west = (f"P{p}" for p in seated(night.round(1)["tables"][0]))
    assert match["players"] == [north, east, south, west]
    assert match["teams"] == [
        {"name": "Team 1", "players": [north, south]},
        {"name": "Team 2", "players": [east, west]},
    ]
    assert match["first_dealer"] == north
    hand(client, match_id, night.token, entry=TWO)
    match = match_of(client, match_id)
    assert match["totals"] == {"Team 1": 1120, "Team 2": 1130}
    assert (match["status"], match["winner"]) == ("finished", "Team 2")
    refused = hand(client, match_id, night.token, entry=ONE, status=409)
    assert errors_of(refused) == {"_": ["this round's match is over"]}
    assert undo(client, match_id, 9, night.token)["status"] == "in_progress"
    assert undo(client, match_id, 8, night.token)["status"] == "in_progress"


def test_case_29_hand_limit_with_a_draw(client: FlaskClient) -> None:
    """CLUB.md §19 case 29, ``tie: "draw"``: over after hand 8, no winner, each side 1/2;
    hand 9 is a 409; undoing hand 8 reopens the match."""
    night, match_id = limited_match(client, "draw")
    match = match_of(client, match_id)
    assert (match["status"], match["winner"], match["over_after"]) == ("finished", None, 8)
    hand(client, match_id, night.token, entry=ONE, status=409)
    results = {row["player"]: row["rounds"][0]["result"] for row in night.standings()["rows"]}
    assert results == {1: "0.5", 2: "0.5", 3: "0.5", 4: "0.5"}
    assert undo(client, match_id, 8, night.token)["status"] == "in_progress"


def test_case_30_calling_time(client: FlaskClient) -> None:
    """CLUB.md §19 case 30: ``round.minutes: 40``, no hands: a table with 5 hands when time is
    called takes a 6th and is over; one with none takes one; closed with no hand, its players
    count as sat out."""
    night = Night(client, 8, rotation={"rounds": 2}, round={"minutes": 40})
    started = night.start(1)["round"]["tables"]
    busy, idle = started[0]["match"], started[1]["match"]
    for number in range(5):
        hand(client, busy, night.key(1), entry=ONE if number % 2 else TWO)
    night.ok("POST", "/rounds/1/time")
    assert match_of(client, idle)["over_after"] == 1
    assert match_of(client, busy)["over_after"] == 6
    hand(client, busy, night.key(1), entry=ONE)
    assert match_of(client, busy)["status"] == "finished"
    hand(client, busy, night.key(1), entry=ONE, status=409)
    night.close(1)
    rows = {row["player"]: row for row in night.standings()["rows"]}
    for player in seated(started[1]):
        assert rows[player]["rounds"][0]["status"] == "sat_out", rows[player]
    for player in seated(started[0]):
        assert rows[player]["rounds"][0]["status"] == "played"


def put_hand(client: FlaskClient, match_id: str, number: int, token: str) -> int:
    response = client.put(
        f"{API}/matches/{match_id}/hands/{number}",
        json=ONE,
        headers={"Authorization": f"Bearer {token}"},
    )
    return response.status_code


def test_case_31_who_may_write(client: FlaskClient) -> None:
    """CLUB.md §19 case 31: a table's key writes its table's match of the round in play and
    nothing else; the host token writes every match, a closed round's only as corrections;
    a withdrawn code and its keys stop working; no hand-over link on a club match."""
    night = Night(client, 8, rotation={"rounds": 3}, round={"hands": 8})
    key = night.key(2)
    night.start(1)
    night.close(1)
    second = {t["table"]: t["match"] for t in night.start(2)["round"]["tables"]}
    hand(client, second[2], key, entry=ONE)
    hand(client, second[1], key, entry=ONE, status=401)
    hand(client, second[1], night.token, entry=ONE)
    night.close(2)
    hand(client, second[2], key, entry=ONE, status=401)
    third = {t["table"]: t["match"] for t in night.start(3)["round"]["tables"]}
    hand(client, third[2], key, entry=ONE)
    hand(client, third[1], night.token, entry=ONE)
    # Round 2 is closed: its matches are over.
    hand(client, second[2], night.token, entry=ONE, status=409)
    assert put_hand(client, second[2], 1, night.token) == 200
    assert put_hand(client, second[2], 1, key) == 401

    made = night.write("POST", "/codes", {"kind": "table", "number": 2})
    assert made.status_code == 201, made.get_json()
    assert made.headers["Cache-Control"] == "no-store"
    assert night.exchange(2).status_code == 401  # the old code
    hand(client, third[2], key, entry=ONE, status=401)  # the old key
    fresh = night.exchange(2, code_of(made.get_json()["url"]))
    assert fresh.status_code == 201, fresh.get_json()
    assert fresh.get_json()["match"] == third[2]
    hand(client, third[2], fresh.get_json()["key"], entry=ONE)

    handover = client.post(
        f"{API}/matches/{third[2]}/links",
        json={"hands_over": True},
        headers={"Authorization": f"Bearer {night.token}"},
    )
    assert handover.status_code == 409, handover.get_json()


def test_case_32_two_phones_one_table(client: FlaskClient) -> None:
    """CLUB.md §19 case 32: two phones with table 1's keys: the same ``version`` gives one
    201 and one 409; the same ``Idempotency-Key`` stores one hand and answers 201 twice."""
    night = Night(client, 4, rotation={"rounds": 1}, round={"hands": 20})
    one = night.key(1)
    other = night.exchange(1).get_json()["key"]
    assert other != one
    match_id = night.start(1)["round"]["tables"][0]["match"]
    for number in range(3):
        hand(client, match_id, one if number % 2 else other, entry=ONE)
    version = match_of(client, match_id)["version"]
    hand(client, match_id, one, entry=ONE | {"version": version})
    hand(client, match_id, other, entry=ONE | {"version": version}, status=409)
    for key in (one, other):
        hand(client, match_id, key, entry=TWO, headers={"Idempotency-Key": "hand-5"})
    assert len(match_of(client, match_id)["hands"]) == 5


def test_case_33_standings_etag(client: FlaskClient) -> None:
    """CLUB.md §19 case 33: the standings' weak ETag gives a 304; a hand and a night write
    (an adjustment) each change it."""
    night = Night(client, 8, rotation={"rounds": 2}, round={"hands": 8})
    match_id = night.start(1)["round"]["tables"][1]["match"]
    first = night.read("/standings")
    assert first.status_code == 200
    assert first.headers["Cache-Control"] == "no-cache"
    etag = first.headers["ETag"]
    assert etag.startswith('W/"')
    again = night.read("/standings", **{"If-None-Match": etag})
    assert (again.status_code, again.data) == (304, b"")
    hand(client, match_id, night.token, entry=ONE)
    after_hand = night.read("/standings", **{"If-None-Match": etag})
    assert after_hand.status_code == 200
    assert after_hand.headers["ETag"] != etag
    adjusted = night.write("POST", "/adjustments", {"player": 3, "round": 1, "value": "-20"})
    assert adjusted.status_code == 201, adjusted.get_json()
    last = night.read("/standings", **{"If-None-Match": after_hand.headers["ETag"]})
    assert last.status_code == 200
    assert last.headers["ETag"] not in (etag, after_hand.headers["ETag"])


def test_case_34_reveal_at_the_end(client: FlaskClient) -> None:
    """CLUB.md §19 case 34: ``reveal: "at-end"``: a reader sees no rows until the night is
    finished; the host's token does."""
    night = Night(
        client, 4, rotation={"rounds": 1}, round={"hands": 1}, standings={"reveal": "at-end"}
    )
    night.play_simply(1)
    hidden = night.standings()
    assert (hidden["hidden"], hidden["rows"]) == (True, [])
    assert "Authorization" in night.read("/standings").headers.get("Vary", "")
    shown = night.standings(**night.auth)
    assert shown["hidden"] is False
    assert len(shown["rows"]) == 4
    night.ok("POST", "/finish")
    assert night.get()["status"] == "finished"
    found = night.standings()
    assert found["hidden"] is False
    assert len(found["rows"]) == 4


def refusal(client: FlaskClient, sent: dict[str, Any]) -> dict[str, list[str]]:
    response = client.post(f"{API}/club-nights", json=sent)
    assert response.status_code == 422, response.get_json()
    return errors_of(response)


def test_case_35_refusals(client: FlaskClient) -> None:
    """CLUB.md §19 case 35 (and part one's refusals, docs/api.md "Club nights"): each names
    its field; a round started out of turn is a 409."""
    base = {"name": "Club", "variant": "pinochle-4", "players": [f"P{n}" for n in range(1, 9)]}
    assert "standings.formula" in refusal(
        client, base | {"variant": "pinochle-3", "standings": {"formula": "vp"}}
    )
    assert "players" in refusal(client, base | {"players": ["Ana", "Ben", "Cruz"]})
    assert "players[1]" in refusal(client, base | {"players": ["Ana", "ANA", "Ben", "Cruz"]})
    auction = base | {"variant": "auction", "rules": {"scoring": "units"}}
    assert "round" in refusal(client, auction)
    # §2.3 (part two): fixed pairs are offered here but need their `pairs`
    assert "pairs" in refusal(client, base | {"rotation": {"scheme": "fixed-pairs"}})
    three = base | {"variant": "pinochle-3", "players": [f"P{n}" for n in range(1, 10)]}
    assert "rotation.scheme" in refusal(client, three | {"rotation": {"scheme": "progressive"}})
    assert "nonsense" in refusal(client, base | {"nonsense": 1})

    night = Night(client, 8, rotation={"rounds": 3}, round={"hands": 8})
    edit = night.write(
        "PUT", "/rounds/2", {"tables": [[1, 4, 3, 7], [3, 2, 5, 8]], "sitting_out": []}
    )
    assert edit.status_code == 422, edit.get_json()
    # P3 seated twice and P6 with no place: both named by the one answer (docs/api.md errors)
    assert set(errors_of(edit)) == {"tables[1][0]", "tables"}
    missing = night.write("PUT", "/rounds/2", {"tables": [[1, 4, 3, 7]], "sitting_out": [2, 5, 8]})
    assert missing.status_code == 422, missing.get_json()
    assert "tables" in errors_of(missing)  # P6 has no place
    assert night.get()["version"] == 1  # refused: nothing changed
    night.start(1)
    night.close(1)
    night.start(2)
    early = night.write("POST", "/rounds/3/start")
    assert early.status_code == 409, early.get_json()
    wrong = night.write("POST", "/rounds/3/start", Authorization="Bearer nonsense")
    assert wrong.status_code == 401


def test_case_35_a_round_edited_by_hand(client: FlaskClient) -> None:
    """docs/club.md §4.9 (§14's ``PUT .../rounds/<n>``): a valid seating replaces round 2's
    and is answered with the round and the balance; the design is gone."""
    night = Night(client, 8, rotation={"rounds": 3})
    edited = night.ok(
        "PUT", "/rounds/2", {"tables": [[1, 4, 6, 7], [2, 3, 5, 8]], "sitting_out": []}
    )
    assert [seated(t) for t in edited["round"]["tables"]] == [[1, 4, 6, 7], [2, 3, 5, 8]]
    assert edited["balance"]["design"] is None
    assert edited["night"]["version"] == 2


def test_case_36_a_night_in_a_group(client: FlaskClient) -> None:
    """CLUB.md §19 case 36: a night of 8 in a group whose roster has 5 of them: the roster
    grows by exactly the three new names; both matches of each round are in the group, and
    its records count them."""
    group = Group(client)
    roster = ["Ana", "Ben", "Cruz", "Dee", "Eve"]
    for name in roster:
        assert group.write("POST", "/players", {"name": name}).status_code == 201
    players = roster + ["Fay", "Gus", "Hal"]
    night = Night(
        client,
        8,
        group=group,
        players=players,
        rotation={"rounds": 2},
        round={"hands": 1, "tie": "draw"},
    )
    assert night.get()["group"] == {"read_id": group.read_id}
    ids = {p["name"]: p["roster_player"] for p in night.get()["players"]}
    assert sorted(p["name"] for p in group.get()["players"]) == sorted(players)
    assert ids == {p["name"]: p["id"] for p in group.get()["players"]}

    matches = [match for number in (1, 2) for match in night.play_simply(number)]
    assert {m["id"] for m in group.get()["matches"]} == set(matches)
    records = client.get(f"{API}/groups/{group.read_id}/records").get_json()
    played = {record["names"][0]: record["standing"]["played"] for record in records["players"]}
    assert played == dict.fromkeys(players, 2)


def test_a_group_night_needs_the_groups_token(client: FlaskClient) -> None:
    """docs/api.md "Club nights": ``POST /groups/<id>/club-nights`` without the group's token
    is a 401 and makes nothing."""
    group = Group(client)
    sent = {"name": "Club", "variant": "pinochle-4", "players": ["A", "B", "C", "D"]}
    response = client.post(f"{API}/groups/{group.id}/club-nights", json=sent)
    assert response.status_code == 401
    wrong = client.post(
        f"{API}/groups/{group.id}/club-nights",
        json=sent,
        headers={"Authorization": "Bearer nope"},
    )
    assert wrong.status_code == 401
    assert group.get()["players"] == []
