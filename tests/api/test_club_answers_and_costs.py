"""What the club night answers and what it costs, over the API and the service (docs/club.md §4.8,
§6, §9.6, §11, §14, §17): an adjustment's value as a decimal string, a re-planned night without
a design, no query for the club place on a hand write, the room's settle-up over the rounds the
standings count (and never a 500), a formula away from ``vp`` dropping its table, the results
sheet's adjustments."""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import service
from scorekeeper.config import Config
from scorekeeper.rules.club.standings import ranking as standings
from scorekeeper.service.club import spots as club_spots
from tests.api.club_helpers import Night, hand
from tests.api.test_club_standings import PASS, made
from tests.helpers import API, EXAMPLE_MATCH, statements

SERVICE = Path(__file__).resolve().parents[2] / "scorekeeper" / "service"

#: A pinochle-4 hand: Team 1 takes 130 trick points, Team 2 120, no meld.
ONE = {"meld": {"Team 1": 0, "Team 2": 0}, "tricks": {"Team 1": 130, "Team 2": 120}}


def test_an_adjustment_value_is_a_decimal_string(client: FlaskClient) -> None:
    """docs/club.md §14 (``standings.figure``): ``"value": "-20"`` answers ``"-20"``, never
    ``"-2E+1"``; a half in a ``wins`` night ``"2.50"`` answers ``"2.5"``."""
    night = Night(client, 8, rotation={"rounds": 2})
    added = night.write("POST", "/adjustments", {"player": 3, "round": 1, "value": "-20"})
    assert added.status_code == 201, added.get_json()
    assert added.get_json()["adjustment"]["value"] == "-20"
    assert (
        night.ok("POST", "/adjustments", {"player": 4, "value": 100})["adjustment"]["value"]
        == "100"
    )
    wins = Night(client, 8, rotation={"rounds": 2}, standings={"formula": "wins"})
    half = wins.ok("POST", "/adjustments", {"player": 1, "value": "2.50"})
    assert half["adjustment"]["value"] == "2.5"


def test_a_replan_before_round_1_has_no_design(client: FlaskClient) -> None:
    """docs/club.md §4.8, §6 (§14: ``design`` null for "a night re-planned or edited"): a
    night of 8 planned on Wh(8), re-planned before any round started, has design null; a new
    draw (§2.2) keeps the design."""
    night = Night(client, 8, rotation={"rounds": 7})
    assert night.get()["balance"]["design"] == "Wh(8)"
    night.ok("POST", "/replan", {"seed": 5})
    assert night.get()["balance"]["design"] is None
    assert night.get()["rotation"]["design"] is None
    again = Night(client, 8, rotation={"rounds": 7})
    again.ok("POST", "/draw", {"seed": 5})
    assert again.get()["balance"]["design"] == "Wh(8)"


def _plain_match(client: FlaskClient) -> tuple[str, str]:
    """A pinochle-4 match outside any night and a scorer key on it (as a table's key is)."""
    sent = EXAMPLE_MATCH | {
        "teams": [
            {"name": "Team 1", "players": ["Ana", "Cruz"]},
            {"name": "Team 2", "players": ["Ben", "Dee"]},
        ],
        "rules": {"target": 5000},
    }
    created = client.post(f"{API}/matches", json=sent)
    assert created.status_code == 201, created.get_json()
    match_id, token = created.get_json()["id"], created.get_json()["edit_token"]
    link = client.post(
        f"{API}/matches/{match_id}/links", json={}, headers={"Authorization": f"Bearer {token}"}
    )
    assert link.status_code == 201, link.get_json()
    code = link.get_json()["url"].split("code=")[1]
    joined = client.post(f"{API}/matches/{match_id}/join", json={"code": code})
    assert joined.status_code == 201, joined.get_json()
    return match_id, str(joined.get_json()["token"])


def test_a_club_hand_write_asks_no_more_than_a_plain_one(app: Flask, client: FlaskClient) -> None:
    """docs/club.md §17: a hand written to a club night's match (with its table's key) sends
    as many SQL statements as one written to a match outside a night (with a scorer key); the
    answer still names the night, round and table (§14)."""
    night = Night(client, 4, rules={"target": 5000}, rotation={"rounds": 1}, round={"hands": 8})
    club_match = night.start(1)["round"]["tables"][0]["match"]
    key = night.key(1)
    plain_match, plain_key = _plain_match(client)
    for _ in range(2):  # the first write replays the stored hands, the second its cached state
        with statements(app) as club_sent:
            answer = hand(client, club_match, key, entry=ONE).get_json()
        with statements(app) as plain_sent:
            plain = hand(client, plain_match, plain_key, entry=ONE).get_json()
        assert answer["match"]["club_night"] == {"read_id": night.read_id, "round": 1, "table": 1}
        assert plain["match"]["club_night"] is None
        assert not [s for s in club_sent if "club_" in s.lower()], club_sent
        assert len(club_sent) == len(plain_sent), (club_sent, plain_sent)


def test_the_club_spot_is_asked_once_per_match(app: Flask, client: FlaskClient) -> None:
    """docs/club.md §17: the place of a match read from the database is memoised (not a club
    match: memoised too); the name comes from the night each time (a host may rename it)."""
    night = Night(client, 4, rotation={"rounds": 1})
    match_id = night.start(1)["round"]["tables"][0]["match"]
    plain_match, _ = _plain_match(client)
    club_spots.SPOTS.clear()  # as a process that did not start the round
    with app.app_context():
        club = service.get_match(match_id)
        plain = service.get_match(plain_match)
        assert service.club_spot_of(club) == service.club_spot_of(club)
        with statements(app) as sent:
            spot = service.club_spot_of(club)
            assert service.club_spot_of(plain) is None
            assert service.club_spot_of(plain) is None
        assert spot is not None
        assert (spot.round, spot.table) == (1, 1)
        # The club match's spot was memoised above; the plain match's absence is asked once.
        assert len(sent) == 1, sent
        assert "club_tables" in sent[0].lower()
    night.ok("PATCH", "", {"name": "Thursday"})
    with app.app_context():
        place = service.club_of_match(service.get_match(match_id))
        assert place is not None
        assert place.name == "Thursday"


def _units_night(client: FlaskClient, live_round: str) -> tuple[Night, dict[str, Any]]:
    """An auction night in units, 4 players, 2 rounds; round 1 in play with 2 hands in
    (Ana makes 300 in clubs: +4 for her, the dealer sitting out)."""
    night = Night(
        client,
        4,
        variant="auction",
        rules={"scoring": "units", "unit_value": "0.25"},
        players=["Ana", "Ben", "Cruz", "Dee"],
        rotation={"table_size": 4, "rounds": 2},
        round={"hands": 8},
        standings={"live_round": live_round},
    )
    table = night.start(1)["round"]["tables"][0]
    for entry in (PASS, made("Ana")):
        hand(client, table["match"], night.key(1), entry=entry)
    return night, table


def test_the_room_settles_only_the_rounds_counted(client: FlaskClient) -> None:
    """docs/club.md §9.6, §11: with ``live_round: "hide"`` the round in play counts in neither
    the standings nor the room's settle-up; once closed it counts in both. With ``show`` it
    counts as it stands in both."""
    hidden, _ = _units_night(client, "hide")
    found = hidden.standings()
    assert {row["value"] for row in found["rows"]} == {"0"}
    assert set(found["settlement"]["balances"].values()) == {0}
    assert found["settlement"]["transfers"] == []
    hidden.close(1)
    closed = hidden.standings()["settlement"]["balances"]
    assert sorted(closed.values()) != [0, 0, 0, 0]
    assert sum(closed.values()) == 0
    shown, _ = _units_night(client, "show")
    live = shown.standings()
    assert live["settlement"]["balances"] == closed
    values = {str(row["player"]): int(row["value"]) for row in live["rows"]}
    assert values == closed


def test_the_room_settle_up_never_fails_the_standings(
    client: FlaskClient, app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    """docs/club.md §11: balances that do not sum to zero (a stored match that breaks the
    rule) leave the standings answering, with no settle-up, never a 500."""
    night, _ = _units_night(client, "show")

    def broken(balances: Any) -> Any:
        raise ValueError("the room's balances must sum to zero")

    monkeypatch.setattr(standings, "room_settlement", broken)
    found = night.read("/standings")
    assert found.status_code == 200, found.get_json()
    assert found.get_json()["settlement"] is None
    assert len(found.get_json()["rows"]) == 4


def test_a_formula_away_from_vp_drops_its_table(client: FlaskClient) -> None:
    """docs/club.md §9.4, §9.6: a night on ``vp`` with a custom table PATCHed to ``points``
    reads back ``vp_table`` null, and its reads answer (the table is not kept to be refused)."""
    table = {"total": 20, "rows": [[50, 10], [150, 12]], "above": 20}
    night = Night(client, 8, rotation={"rounds": 2}, standings={"formula": "vp", "vp_table": table})
    assert night.get()["standings_rules"]["vp_table"] is not None
    night.ok("PATCH", "", {"standings": {"formula": "points"}})
    rules = night.get()["standings_rules"]
    assert (rules["formula"], rules["vp_table"]) == ("points", None)
    assert night.read("/standings").status_code == 200


def test_the_service_imports_no_private_name_of_placing() -> None:
    """The service's club modules use the placing of a match's seats in a group by its public
    name (``placing.place_on_roster``), never a private one."""
    for path in sorted(SERVICE.glob("club_*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and (node.module or "").endswith("placing"):
                private = [a.name for a in node.names if a.name.startswith("_")]
                assert not private, f"{path.name} imports {private} from {node.module}"


def test_the_club_keys_limit_is_configured() -> None:
    """docs/api.md "Limits": the club keys' limit is set like the others (README
    "Configuration")."""
    assert Config.RATELIMIT_CLUB_KEYS == "120 per minute;600 per hour"


def test_adjustments_of_is_a_service_name(client: FlaskClient, app: Flask) -> None:
    """docs/club.md §13: the results sheet lists the adjustments (oldest first, with notes)."""
    night = Night(client, 8, rotation={"rounds": 2})
    night.ok("POST", "/adjustments", {"player": 2, "value": "-20", "note": "late"})
    with app.app_context():
        found = service.adjustments_of(service.night_to_read(night.read_id))
    assert [(a.value, a.note) for a in found] == [("-20", "late")]


def test_the_results_sheet_lists_the_adjustments(client: FlaskClient) -> None:
    """docs/club.md §13 (§9.5): the printed results list every adjustment with its note, for a
    round or the night; a note is shown escaped."""
    night = Night(client, 8, rotation={"rounds": 2})
    night.ok("POST", "/adjustments", {"player": 2, "round": 1, "value": "-20", "note": "<late>"})
    night.ok("POST", "/adjustments", {"player": 5, "value": "30", "note": "bonus"})
    html = client.get(f"/cr/{night.read_id}/print/results").get_data(as_text=True)
    table = html.split('<table class="grid adjustments">')[1].split("</table>")[0]
    rows = [
        [cell.strip() for cell in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row)]
        for row in re.findall(r"<tr>(.*?)</tr>", table)
    ]
    assert rows[1:] == [
        ["2·P2", "Round 1", "-20", "&lt;late&gt;"],
        ["5·P5", "The night", "30", "bonus"],
    ]
