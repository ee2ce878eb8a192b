"""The director's desk on the host page (docs/club.md §7.1, §18; issue 35 point 14): the closed
rounds with their matches, "Correct a hand" and "Enter a missing hand" for each; a missing
hand is taken from the host on a closed round's match, once, and the standings follow."""

from __future__ import annotations

import re

from flask.testing import FlaskClient

from tests.api.club_helpers import Night, hand, match_of, teams_entry
from tests.helpers import API
from tests.web.test_club_pages import HAND
from tests.web.test_club_tv_print import host_client


def played_night(client: FlaskClient, hands: int = 2) -> Night:
    """Eight players, three rounds of ``hands`` hands; round 1 played with one hand at table 1
    and none at table 2, then closed (table 2 forgot its hands)."""
    night = Night(client, 8, rotation={"rounds": 3}, round={"hands": hands, "tie": "draw"})
    host_client(client, night)
    night.start(1)
    match = night.round(1)["tables"][0]["match"]
    hand(client, match, night.key(1), entry=teams_entry(300, 250))
    night.close(1)
    return night


def desk(client: FlaskClient, night: Night) -> str:
    html = client.get(f"/c/{night.id}").get_data(as_text=True)
    found = re.search(r'(?s)<section id="desk".*?</section>', html)
    assert found, "no desk on the host page"
    return found.group(0)


def test_the_desk_lists_each_closed_rounds_matches_with_correct_and_missing_hand(
    client: FlaskClient,
) -> None:
    night = played_night(client)
    shown = desk(client, night)
    for table in night.round(1)["tables"]:
        match = table["match"]
        assert f'href="/c/{night.id}/score/{match}" data-correct="{match}"' in shown
        assert f'action="/c/{night.id}/rounds/1/tables/{table["table"]}/late"' in shown
    assert "Correct a hand" in shown
    assert "Enter a missing hand" in shown
    assert "Open the night again" not in shown
    # "Correct a hand" goes to the match as its scorer: its hands carry "Correct".
    first = night.round(1)["tables"][0]["match"]
    page = client.get(f"/c/{night.id}/score/{first}", follow_redirects=True)
    assert f"/m/{first}/hands/1" in page.get_data(as_text=True)
    # Without the auction's "Open the night again": a closed round's match is not reopened.
    assert 'id="reopen"' not in page.get_data(as_text=True)


def test_a_missing_hand_is_entered_by_the_host_on_the_closed_round(client: FlaskClient) -> None:
    night = played_night(client)
    table = night.round(1)["tables"][1]
    match = table["match"]
    assert match_of(client, match)["status"] == "finished"
    before = night.standings()
    opened = client.post(f"/c/{night.id}/rounds/1/tables/2/late", data={})
    assert opened.status_code == 303
    assert opened.headers["Location"] == f"/m/{match}#next-hand"
    page = client.get(f"/m/{match}").get_data(as_text=True)
    assert 'id="hand-form"' in page  # the match page's own form takes the hand
    stored = client.post(f"/m/{match}/hands", data=HAND)
    assert stored.status_code == 303, stored.get_data(as_text=True)
    after = match_of(client, match)
    assert len(after["hands"]) == 1
    assert after["status"] == "finished"  # one hand, then over again by itself
    # The standings count it: table 2's players now have points for round 1.
    assert night.standings() != before
    # And no second hand: the match is over again.
    again = client.post(f"/m/{match}/hands", data=HAND)
    assert again.status_code in (409, 422) or "over" in again.get_data(as_text=True)
    assert len(match_of(client, match)["hands"]) == 1


def test_the_host_token_takes_the_missing_hand_over_the_api_too(client: FlaskClient) -> None:
    night = played_night(client)
    match = night.round(1)["tables"][1]["match"]
    # The table's key ended with the close; the host's still works once the match is opened.
    hand(client, match, night.key(2), entry=teams_entry(300, 250), status=401)
    assert client.post(f"/c/{night.id}/rounds/1/tables/2/late", data={}).status_code == 303
    hand(client, match, night.key(2), entry=teams_entry(300, 250), status=401)
    hand(client, match, night.token, entry=teams_entry(300, 250))
    hand(client, match, night.token, entry=teams_entry(300, 250), status=409)


def test_a_match_with_all_its_hands_takes_no_missing_hand(client: FlaskClient) -> None:
    night = Night(client, 8, rotation={"rounds": 2}, round={"hands": 1, "tie": "draw"})
    host_client(client, night)
    night.play_simply(1)
    refused = client.post(f"/c/{night.id}/rounds/1/tables/1/late", data={})
    assert refused.status_code == 303
    assert refused.headers["Location"].endswith(f"/c/{night.id}#desk")
    page = client.get(f"/c/{night.id}").get_data(as_text=True)
    assert "the match has all its hands" in page.lower()
    match = night.round(1)["tables"][0]["match"]
    assert len(match_of(client, match)["hands"]) == 1


def test_a_missing_hand_only_on_a_closed_round(client: FlaskClient) -> None:
    night = Night(client, 8, rotation={"rounds": 2}, round={"hands": 2})
    host_client(client, night)
    night.start(1)
    refused = client.post(f"/c/{night.id}/rounds/1/tables/1/late", data={})
    assert refused.status_code == 303
    assert "is not closed" in client.get(f"/c/{night.id}").get_data(as_text=True)
    assert client.post(f"/c/{night.id}/rounds/9/tables/1/late", data={}).status_code == 303


def test_without_the_host_token_the_missing_hand_is_403(client: FlaskClient) -> None:
    night = Night(client, 8, rotation={"rounds": 2}, round={"hands": 2})
    night.play_simply(1)
    assert client.post(f"/c/{night.id}/rounds/1/tables/1/late", data={}).status_code == 403
    assert client.get(f"{API}/club-nights/{night.read_id}").status_code == 200
