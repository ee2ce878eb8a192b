"""The club nights' API conventions (docs/api.md "Club nights"; docs/club.md §1, §14): what
creation answers, the secrets readers never see, the reads' ETag and 304, the status codes of
a wrong id or token, players' cards, and the match JSON's new fields outside a club night."""

from __future__ import annotations

import json

from flask.testing import FlaskClient

from tests.api.club_helpers import Night, code_of, hand, teams_entry
from tests.helpers import API, EXAMPLE_MATCH, errors_of


def test_creation_answers_the_night_its_token_and_links(client: FlaskClient) -> None:
    """docs/club.md §14 "Creating": 201 with the night as ``GET`` shows it, the token, the
    private and read links, one join link per table; ``no-store``; version 1, status setup."""
    night = Night(client, 8)
    created = night.created
    assert created["private_url"].endswith(f"/c/{night.id}/open?key={night.token}")
    assert created["read_url"].endswith(f"/cr/{night.read_id}")
    assert [link["table"] for link in created["table_links"]] == [1, 2]
    for link in created["table_links"]:
        assert f"/cr/{night.read_id}/t/{link['table']}/join?code=" in link["url"]
    assert "player_links" not in created
    assert (created["status"], created["version"]) == ("setup", 1)
    read = night.get()
    secrets = {"token", "private_url", "read_url", "table_links"}
    assert {k: v for k, v in created.items() if k not in secrets} == read


def test_readers_never_see_a_secret(client: FlaskClient) -> None:
    """docs/club.md §1: no answer to a reader carries the private id, a code or a key."""
    night = Night(client, 8, round={"hands": 8})
    key = night.key(1)
    started = night.start(1)["round"]
    hand(client, started["tables"][0]["match"], key, entry=teams_entry(300, 250))
    secrets = [night.id, night.token, key, *night.codes.values()]
    for tail in ("", "/schedule", "/standings", "/tables/1", "/tables/2"):
        text = night.read(tail).get_data(as_text=True)
        assert not [secret for secret in secrets if secret in text], tail
    for table in started["tables"]:
        text = client.get(f"{API}/matches/{table['match']}").get_data(as_text=True)
        assert not [secret for secret in secrets if secret in text]


def test_the_reads_carry_a_weak_etag(client: FlaskClient) -> None:
    """docs/club.md §9.7, §14: the night's reads answer ``no-cache`` with a weak ETag; a
    matching ``If-None-Match`` is a 304; a night write changes it."""
    night = Night(client, 8)
    for tail in ("", "/schedule", "/tables/1"):
        first = night.read(tail)
        assert first.headers["Cache-Control"] == "no-cache"
        etag = first.headers["ETag"]
        assert etag.startswith('W/"')
        assert night.read(tail, **{"If-None-Match": etag}).status_code == 304
    etag = night.read().headers["ETag"]
    night.ok("POST", "/draw", {"seed": 42})
    moved = night.read("", **{"If-None-Match": etag})
    assert moved.status_code == 200
    assert moved.get_json()["version"] == 2


def test_wrong_ids_and_tokens(client: FlaskClient) -> None:
    """docs/api.md "Club nights": 404 for no such night (and for a read id on a write path),
    401 for a missing or wrong host token; a stale ``version`` is a 409."""
    night = Night(client, 8)
    assert client.get(f"{API}/club-nights/nonsense").status_code == 404
    unknown = client.post(f"{API}/club-nights/nonsense/draw", json={}, headers=night.auth)
    assert unknown.status_code == 404
    by_read_id = client.post(f"{API}/club-nights/{night.read_id}/draw", json={}, headers=night.auth)
    assert by_read_id.status_code == 404
    missing = client.post(f"{API}/club-nights/{night.id}/draw", json={})
    assert missing.status_code == 401
    assert missing.headers["WWW-Authenticate"].startswith("Bearer")
    assert night.write("POST", "/draw", {}, Authorization="Bearer nope").status_code == 401
    stale = night.write("POST", "/draw", {"version": 7})
    assert stale.status_code == 409
    assert errors_of(stale)["_"]
    assert night.get()["version"] == 1
    assert night.write("POST", "/draw", {"nonsense": 1}).status_code == 422


def test_players_cards(client: FlaskClient) -> None:
    """docs/club.md §1, §14: with ``scoring: "players"`` each player's card has a join link,
    and a player's code gives a key on the match where he sits."""
    night = Night(client, 8, scoring="players")
    links = night.created["player_links"]
    assert [link["player"] for link in links] == list(range(1, 9))
    code = code_of(links[5]["url"])
    assert f"/cr/{night.read_id}/p/6/join?code=" in links[5]["url"]
    started = night.start(1)["round"]
    where = next(t["match"] for t in started["tables"] if 6 in [s["player"] for s in t["seats"]])
    sent = {"kind": "player", "number": 6, "code": code}
    exchanged = client.post(f"{API}/club-nights/{night.read_id}/keys", json=sent)
    assert exchanged.status_code == 201, exchanged.get_json()
    assert exchanged.headers["Cache-Control"] == "no-store"
    assert exchanged.get_json()["match"] == where
    hand(client, where, exchanged.get_json()["key"], entry=teams_entry(300, 250))
    wrong = client.post(f"{API}/club-nights/{night.read_id}/keys", json=sent | {"code": "nonsense"})
    assert wrong.status_code == 401


def test_a_match_outside_a_club_night(client: FlaskClient) -> None:
    """docs/api.md "Matches": outside a club night ``club_night``, ``hand_limit`` and
    ``over_after`` are null, and nothing else changes."""
    created = client.post(f"{API}/matches", json=EXAMPLE_MATCH).get_json()
    found = client.get(f"{API}/matches/{created['id']}").get_json()
    assert (found["club_night"], found["hand_limit"], found["over_after"]) == (None, None, None)
    assert found["status"] == "in_progress"
    assert json.dumps(found)  # plain JSON


def test_the_night_in_play_and_the_table_poll(client: FlaskClient) -> None:
    """docs/club.md §14: once a round starts the night names each table's match; the table
    poll answers the round, its status, the match and the seats."""
    night = Night(client, 8)
    started = night.start(1)
    assert started["night"]["status"] == "playing"
    assert started["round"]["status"] == "playing"
    assert started["night"]["current_round"] == 1
    table = night.get("/tables/2")
    assert (table["table"], table["round"], table["status"]) == (2, 1, "playing")
    assert table["match"] == started["round"]["tables"][1]["match"]
    assert table["seats"] == started["round"]["tables"][1]["seats"]


def test_a_table_ends_its_match(client: FlaskClient) -> None:
    """docs/club.md §14 "Matches of a club night": ``POST /matches/<id>/finish`` works for the
    table's key while the round plays; the match is then over (a new hand is a 409)."""
    night = Night(client, 8, round={"hands": 8})
    key = night.key(1)
    match_id = night.start(1)["round"]["tables"][0]["match"]
    hand(client, match_id, key, entry=teams_entry(300, 250))
    ended = client.post(
        f"{API}/matches/{match_id}/finish", headers={"Authorization": f"Bearer {key}"}
    )
    assert ended.status_code == 200, ended.get_json()
    assert ended.get_json()["status"] == "finished"
    hand(client, match_id, key, entry=teams_entry(300, 250), status=409)
    assert night.get()["rounds"][0]["tables"][0]["over"] is True
