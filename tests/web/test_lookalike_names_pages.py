"""Look-alike names refused on the pages (issue 35 point 10; docs/rules.md §5): the club set-up
form says it next to the list of names (422), the group page next to the roster's name box
(422), the host page with the field's name (the late arrival, the rename), and nothing is
added."""

from __future__ import annotations

from flask.testing import FlaskClient

from tests.api.club_helpers import Night
from tests.web.test_club_pages import form_data
from tests.web.test_club_pairs_people_and_prizes_pages import flashed, host_of
from tests.web.test_groups import errors, roster, start_group

CYRILLIC_ANA = "\u0410na"
GREEK_HAL = "\u0397al"
EIGHT = ["Ana", "Ben", "Cruz", "Dee", "Eve", "Fay", "Gus", "Hal"]


def test_the_set_up_form_refuses_a_look_alike_at_the_names(client: FlaskClient) -> None:
    players = [*EIGHT[:4], CYRILLIC_ANA, *EIGHT[5:]]
    refused = client.post("/club/new/pinochle-4", data=form_data(client, players))
    assert refused.status_code == 422
    html = refused.get_data(as_text=True)
    names = html.split('name="players"', 1)[1].split("</fieldset>", 1)[0]
    assert 'class="error"' in names
    assert "Name 5:" in html
    assert "looks like" in html


def test_the_roster_refuses_a_look_alike_at_its_name_box(client: FlaskClient) -> None:
    group, _, _ = start_group(client)
    assert client.post(f"/g/{group}/players", data={"add-name": "Ana"}).status_code == 303
    refused = client.post(f"/g/{group}/players", data={"add-name": CYRILLIC_ANA})
    assert refused.status_code == 422
    said = errors(refused.get_data(as_text=True))
    assert any("looks like 'Ana'" in message for message in said), said
    assert set(roster(client, group)) == {"Ana"}


def test_the_host_page_refuses_a_look_alike_late_arrival_and_rename(client: FlaskClient) -> None:
    night = Night(client, 8, players=EIGHT, rotation={"rounds": 3}, round={"hands": 1})
    host_of(client, night)
    assert client.post(f"/c/{night.id}/players", data={"name": GREEK_HAL}).status_code == 303
    page = flashed(client, night)
    assert "Name: " in page
    assert "looks like" in page
    assert client.post(f"/c/{night.id}/players/2", data={"name": CYRILLIC_ANA}).status_code == 303
    page = flashed(client, night)
    assert "Name: " in page
    assert "looks like" in page
    assert [p["name"] for p in night.get()["players"]] == EIGHT
