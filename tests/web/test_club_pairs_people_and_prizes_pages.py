"""The club night's pages for pairs, people and prizes (docs/club.md §4.4-§4.6, §6, §9.5, §10,
§13, §18):
the set-up form's pairs and movements, a progressive night's planned rounds "drawn when round r
closes" on the host page and the print pages, its player cards' blank table column, the host
page's forms for a late arrival, a leaver, a substitute ("Ivy (for Eve)") and adjustments
(listed on the player page and the results sheet), and the awards and purse on the room page
and the results sheet."""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient
from werkzeug.datastructures import MultiDict

from scorekeeper.club.forms import read_pairs
from scorekeeper.web.forms import FormError
from tests.api.club_helpers import Night, match_of, names, teams_entry
from tests.api.club_helpers import hand as post_hand
from tests.helpers import page_errors
from tests.web.test_club_pages import form_data, read_id_of

TWELVE = names(12)


def host_of(client: FlaskClient, night: Night) -> str:
    """This client becomes the night's host phone (the private link's one button, §1); the
    host page's HTML."""
    opened = client.post(f"/c/{night.id}/open", data={"key": night.token})
    assert opened.status_code == 303
    page = client.get(f"/c/{night.id}")
    assert page.status_code == 200
    return page.get_data(as_text=True)


def flashed(client: FlaskClient, night: Night) -> str:
    return client.get(f"/c/{night.id}").get_data(as_text=True)


def progressive(client: FlaskClient, count: int = 12) -> Night:
    """§19's defaults, progressive over 4 rounds, one hand a round."""
    return Night(client, count, rotation={"scheme": "progressive", "rounds": 4}, round={"hands": 1})


def play(night: Night, number: int, first: int = 300, second: int = 250) -> None:
    """Round ``number`` started, a hand at every table (N-S ``first``), closed."""
    started = night.start(number)["round"]
    for table in started["tables"]:
        key = night.key(table["table"])
        post_hand(night.client, table["match"], key, entry=teams_entry(first, second))
    night.close(number)


# --- Setting up: pairs and movements --------------------------------------------------------------


def test_pairs_typed_one_a_line_with_or_without_a_name() -> None:
    # docs/club.md §14 `pairs`: [{"name": ..., "players": [a, b]}], the name optional.
    assert read_pairs("Smiths: Ana & Cy\nBo, Di\n\n") == [
        {"name": "Smiths", "players": ["Ana", "Cy"]},
        {"players": ["Bo", "Di"]},
    ]
    with pytest.raises(FormError) as refused:
        read_pairs("Ana & Cy\nBo")
    assert refused.value.field_name == "pairs"
    assert "Line 2" in refused.value.message


def test_the_set_up_form_sets_up_fixed_pairs_with_a_mitchell_movement(
    client: FlaskClient,
) -> None:
    page = client.get("/club/new/pinochle-4").get_data(as_text=True)
    # §4.1: partnership tables offer fixed pairs and progressive (part two).
    assert 'value="fixed-pairs"' in page
    assert 'value="progressive"' in page
    assert 'name="pairs"' in page
    assert 'name="movement"' in page
    pairs = "Smiths: Ana & Ben\nCruz & Dee\nEve & Fay\nGus & Hal\nIvy & Jo\nKim & Lu"
    made = client.post(
        "/club/new/pinochle-4",
        data=form_data(
            client, [], scheme="fixed-pairs", pairs=pairs, movement="mitchell", rounds="3"
        ),
    )
    assert made.status_code == 303, page_errors(made.get_data(as_text=True))
    public_id = made.headers["Location"].rsplit("/", 1)[1]
    read_id = read_id_of(client, public_id)
    night = client.get(f"/api/v1/club-nights/{read_id}").get_json()
    assert night["rotation"]["scheme"] == "fixed-pairs"
    assert night["rotation"]["movement"] == "mitchell"
    assert [p["name"] for p in night["pairs"]][:2] == ["Smiths", "Cruz & Dee"]
    # §4.4 Mitchell, 6 pairs: T = 3 tables; North-South pairs 1..3 stay at tables 1..3.
    first = night["rounds"][0]["tables"]
    assert len(first) == 3


def test_a_pair_that_is_not_two_names_is_refused_on_the_pairs_field(client: FlaskClient) -> None:
    refused = client.post(
        "/club/new/pinochle-4",
        data=form_data(client, [], scheme="fixed-pairs", pairs="Ana & Ben\nCruz"),
    )
    assert refused.status_code == 422
    html = refused.get_data(as_text=True)
    assert "Line 2: two names make a pair" in html.split('name="pairs"', 1)[1]


# --- A progressive night: rounds drawn as the night goes ------------------------------------------


def test_progressive_rounds_not_drawn_say_when_they_will_be(client: FlaskClient) -> None:
    night = progressive(client)
    html = host_of(client, night)
    # docs/club.md §4.6: rounds 2-4 are planned with no seats until the round before closes.
    for number in (2, 3, 4):
        assert f"Planned: drawn when round {number - 1} closes" in html
    chart = client.get(f"/cr/{night.read_id}/print/chart").get_data(as_text=True)
    assert "Planned: drawn when round 3 closes" in chart
    sheets = client.get(f"/cr/{night.read_id}/print/round/3").get_data(as_text=True)
    assert "Planned: drawn when round 2 closes" in sheets
    play(night, 1)
    html = flashed(client, night)
    assert "Planned: drawn when round 1 closes" not in html  # drawn when round 1 closed
    assert "Planned: drawn when round 2 closes" in html
    # §14: a progressive night is not re-planned (409): the host page offers no such button.
    assert 'id="replan"' not in html


def test_progressive_player_cards_leave_the_table_column_blank(client: FlaskClient) -> None:
    night = progressive(client)
    night.start(1)  # round 1 seated: tables 1..3 known (§4.5)
    cards = client.get(f"/cr/{night.read_id}/print/players").get_data(as_text=True)
    assert "the table column is left blank" in cards
    # §13: "progressive: the table column blank, to fill in": no row names a table.
    rows = re.findall(r"<tr><th scope=\"row\">(\d+)</th><td>([^<]*)</td><td>([^<]*)</td>", cards)
    assert len(rows) == 12 * 4
    assert {table for _round, table, _seat in rows} == {""}
    # Round 1 is seated: its seat is printed (seat 1 N: player 1, §4.5 "4t - 3 ... at N").
    assert ("1", "", "1 N") in rows


# --- The host's forms: late arrival, leaver, substitute, adjustments ----------------------------


def test_a_late_arrival_added_on_the_host_page_plays_from_round_three(
    client: FlaskClient,
) -> None:
    night = progressive(client)
    host_of(client, night)
    play(night, 1)
    night.start(2)
    added = client.post(f"/c/{night.id}/players", data={"name": "Ivy", "from_round": "3"})
    assert added.status_code == 303
    html = flashed(client, night)
    assert "Ivy joins the night." in html
    assert re.search(r'data-player="13">13·Ivy <span class="muted">from round 3', html)
    shown = night.get()["players"][-1]
    assert (shown["number"], shown["joined_round"]) == (13, 3)  # §6: the next number
    # A refusal is said with the field's page name: a round already started.
    client.post(f"/c/{night.id}/players", data={"name": "Jo", "from_round": "2"})
    assert "Plays from round:" in flashed(client, night)


def test_a_leaver_and_a_new_name_from_the_host_page(client: FlaskClient) -> None:
    night = progressive(client, 8)
    host_of(client, night)
    night.start(1)
    left = client.post(f"/c/{night.id}/players/5", data={"leaves_after_round": "2"})
    assert left.status_code == 303
    assert "Player 5 leaves after round 2." in flashed(client, night)
    assert night.get()["players"][4]["leaves_after_round"] == 2
    client.post(f"/c/{night.id}/players/6", data={"name": "Fay"})
    assert night.get()["players"][5]["name"] == "Fay"
    # §6: never a round before the one in play.
    client.post(f"/c/{night.id}/players/7", data={"leaves_after_round": "0"})
    assert "Leaves after round:" in flashed(client, night)


def test_a_substitute_shows_as_ivy_for_eve(client: FlaskClient) -> None:
    # Nine players, rotating partners: one sits out each round (§4.2), who may come in.
    night = Night(client, 9, round={"hands": 1})
    host_of(client, night)
    started = night.start(1)["round"]
    out = started["sitting_out"][0]
    seated = started["tables"][0]["seats"][0]["player"]
    done = client.post(
        f"/c/{night.id}/rounds/1/substitute", data={"out": str(seated), "in_": str(out)}
    )
    assert done.status_code == 303
    html = flashed(client, night)
    assert "The substitute is seated." in html
    # §6: "Pages show the seat as 'Ivy (for Eve)'".
    assert f"P{out} (for P{seated})" in html
    room = client.get(f"/cr/{night.read_id}").get_data(as_text=True)
    assert f"P{out} (for P{seated})" in room
    mine = client.get(f"/cr/{night.read_id}/p/{out}").get_data(as_text=True)
    assert f"(for P{seated})" in mine
    chart = client.get(f"/cr/{night.read_id}/print/chart").get_data(as_text=True)
    assert f"P{out} (for P{seated})" in chart
    sheets = client.get(f"/cr/{night.read_id}/print/round/1").get_data(as_text=True)
    assert f"P{out} (for P{seated})" in sheets
    # §14: 422 at `in` when the one coming in is not sitting out.
    client.post(f"/c/{night.id}/rounds/1/substitute", data={"out": str(out), "in_": "1"})
    assert "Comes in:" in flashed(client, night)


def test_adjustments_are_listed_on_the_player_page_and_the_results(client: FlaskClient) -> None:
    night = Night(client, 8, round={"hands": 1})
    host_of(client, night)
    added = client.post(
        f"/c/{night.id}/adjustments",
        data={"player": "3", "round": "1", "value": "-20", "note": "table talk"},
    )
    assert added.status_code == 303
    html = flashed(client, night)
    assert "The adjustment is added." in html
    assert re.search(r"3·P3 · round 1 · <strong>-20</strong> · table talk", html)
    # §9.5: "Each one is listed on the player page and the results sheet."
    mine = client.get(f"/cr/{night.read_id}/p/3").get_data(as_text=True)
    assert "table talk" in mine
    assert "-20" in mine
    assert "table talk" not in client.get(f"/cr/{night.read_id}/p/4").get_data(as_text=True)
    results = client.get(f"/cr/{night.read_id}/print/results").get_data(as_text=True)
    assert "table talk" in results
    # The unit is the formula's (points: whole): refused at `value`, said with its name.
    client.post(f"/c/{night.id}/adjustments", data={"player": "3", "value": "1.5", "note": ""})
    assert "Value:" in flashed(client, night)
    aid = re.search(r'data-delete="(\d+)"', html)
    assert aid
    taken = client.post(f"/c/{night.id}/adjustments/{aid.group(1)}/delete", data={})
    assert taken.status_code == 303
    assert "table talk" not in client.get(f"/cr/{night.read_id}/p/3").get_data(as_text=True)


# --- Awards and the purse -----------------------------------------------------------------------


def test_awards_and_the_purse_on_the_room_page_and_the_results(client: FlaskClient) -> None:
    night = Night(
        client,
        8,
        round={"hands": 1},
        awards=["high_game", "low_total"],
        purse={"entry": "5.00", "house": "1.00", "places": ["60", "40"]},
    )
    night.start(1)
    started = night.get()["rounds"][0]
    for table in started["tables"]:
        entry = teams_entry(400 if table["table"] == 1 else 300, 250)
        post_hand(client, table["match"], night.key(table["table"]), entry=entry)
    night.close(1)
    room = client.get(f"/cr/{night.read_id}").get_data(as_text=True)
    assert 'id="awards"' in room
    # §10.1: high game is the side with the most points in one round's match: table 1's N-S.
    north_south = started["tables"][0]["seats"]
    a, c = north_south[0]["player"], north_south[2]["player"]
    high = re.search(r'data-award="high_game"><strong>High game</strong> · (\d+): ([^<]+)<', room)
    assert high, room
    assert high.group(1) == "400"
    assert high.group(2) == f"P{a} &amp; P{c} · round 1, table 1"
    # §10.2: pot = (5.00 - 1.00) x 8 players who played = 32.00.
    assert "Pot: 32.00 (8 players)" in room
    results = client.get(f"/cr/{night.read_id}/print/results").get_data(as_text=True)
    assert "High game" in results
    assert "Low total" in results
    assert "Pot: 32.00 (8 players)" in results


def test_a_progressive_night_with_a_late_arrival_and_a_substitute(client: FlaskClient) -> None:
    """Issue 29's "done when", through the host page's forms: 12 players, 4 rounds; Ivy
    arrives for round 3 (13 present: §4.5's 409 until the host seats the round by hand), and
    comes in for Eve in round 4 (§6)."""
    night = progressive(client)
    host_of(client, night)
    play(night, 1)
    night.start(2)
    client.post(f"/c/{night.id}/players", data={"name": "P13", "from_round": "3"})
    night.close(2)
    # §4.5: 13 players present, not a multiple of four: round 3 is not drawn, starting it is
    # a 409 that says how many are over or missing.
    assert night.round(3)["tables"] == []
    client.post(f"/c/{night.id}/rounds/3/start", data={})
    said = flashed(client, night)
    assert "13 players are present" in said
    assert 'id="seat-by-hand"' in said  # the way out the host page offers (§4.9)
    edit = client.get(f"/c/{night.id}/rounds/3/edit").get_data(as_text=True)
    assert edit.count('name="table_') == 4  # the night's 3 tables and a spare
    seated = client.post(
        f"/c/{night.id}/rounds/3/edit",
        data={
            "table_0": "1 2 3 4",
            "table_1": "5 6 7 8",
            "table_2": "9 10 11 12",
            "sitting_out": "13",
        },
    )
    assert seated.status_code == 303, page_errors(seated.get_data(as_text=True))
    play(night, 3)
    client.post(
        f"/c/{night.id}/rounds/4/edit",
        data={
            "table_0": "1 2 3 4",
            "table_1": "5 6 7 8",
            "table_2": "9 10 11 12",
            "sitting_out": "13",
        },
    )
    night.start(4)
    client.post(f"/c/{night.id}/rounds/4/substitute", data={"out": "5", "in_": "13"})
    html = flashed(client, night)
    assert "P13 (for P5)" in html
    tv = client.get(f"/cr/{night.read_id}/tv").get_data(as_text=True)
    assert "Round 4 of 4" in tv
    for table in night.round(4)["tables"]:
        post_hand(client, table["match"], night.key(table["table"]), entry=teams_entry(300, 250))
    night.close(4)
    rows = {row["player"]: row for row in night.standings()["rows"]}
    # §6: the late arrival is absent before round 3; the substitute is credited with round 4
    # as if he had played it all; the one who left is absent from round 4 on.
    assert [r["status"] for r in rows[13]["rounds"]] == ["absent", "absent", "sat_out", "played"]
    assert rows[13]["rounds"][3]["points"] == 300
    assert rows[5]["rounds"][3]["status"] == "absent"
    results = client.get(f"/cr/{night.read_id}/print/results").get_data(as_text=True)
    assert "13·P13" in results


def test_the_set_up_form_takes_awards_and_a_purse(client: FlaskClient) -> None:
    page = client.get("/club/new/pinochle-4").get_data(as_text=True)
    # §10.1: pinochle-4's points awards and its listed-meld awards are offered.
    assert 'value="high_game"' in page
    assert 'value="double_pinochles"' in page
    assert 'value="highest_bid_made"' not in page  # pinochle-4 has no bids (auction forms)
    data = form_data(client, purse_entry="5", purse_house="0,50", purse_places="60 40")
    made = client.post(
        "/club/new/pinochle-4",
        data=MultiDict([*data.items(), ("awards", "high_game"), ("awards", "low_total")]),
    )
    assert made.status_code == 303, page_errors(made.get_data(as_text=True))
    read_id = read_id_of(client, made.headers["Location"].rsplit("/", 1)[1])
    night = client.get(f"/api/v1/club-nights/{read_id}").get_json()
    assert night["awards"] == ["high_game", "low_total"]
    assert night["purse"] == {
        "entry": "5.00",
        "house": "0.50",
        "places": ["60", "40"],
        "awards": {},
    }
    # §10.2: the house's share over the entry is refused, on its field.
    refused = client.post(
        "/club/new/pinochle-4", data=form_data(client, purse_entry="5", purse_house="6")
    )
    assert refused.status_code == 422
    assert 'class="error' in refused.get_data(as_text=True).split('name="purse_house"', 1)[1][:400]


def test_every_page_of_a_fixed_pairs_night_shows_its_pairs(client: FlaskClient) -> None:
    """§4.4: standings per pair ("player": null, the pair's name) on every page that shows
    them: the room, the TV, a player's own page, the player cards and the results."""
    pairs = [{"name": f"Pair {n}", "players": [f"A{n}", f"B{n}"]} for n in range(1, 5)]
    night = Night(
        client,
        8,
        pairs=pairs,
        players=None,
        rotation={"scheme": "fixed-pairs", "rounds": 3},
        round={"hands": 1},
    )
    host_of(client, night)
    started = night.start(1)["round"]
    for table in started["tables"]:
        # §3: a fixed pairs table's teams are the pairs' names.
        first, second = (t["name"] for t in match_of(client, table["match"])["teams"])
        entry = {"meld": {first: 170, second: 130}, "tricks": {first: 130, second: 120}}
        post_hand(client, table["match"], night.key(table["table"]), entry=entry)
    night.close(1)
    rows = night.standings()["rows"]
    assert rows[0]["player"] is None
    for path in ("", "/tv", "/p/1", "/print/players", "/print/results", "/print/chart"):
        page = client.get(f"/cr/{night.read_id}{path}")
        assert page.status_code == 200, path
        if path in ("", "/tv", "/print/results"):
            assert "Pair 1" in page.get_data(as_text=True), path
    mine = client.get(f"/cr/{night.read_id}/p/1").get_data(as_text=True)
    place = next(r for r in rows if 1 in r["players"])
    assert f"total {place['value']}" in mine
