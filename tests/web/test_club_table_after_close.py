"""A table phone once its round closed (docs/club.md §7.3; issue 35 point 13): its match page
says the round is closed and what comes next, never "another phone keeps the score"; a club
match offers no "New game, same table" (a match outside the night), and refuses one asked for;
the table's phone is told where to follow the night (static/club_live.js)."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from tests.api.club_helpers import Night

#: A hand of partnership pinochle as the match page's form sends it.
HAND = {"meld_0": "0", "meld_1": "40", "tricks_0": "250", "tricks_1": "0"}


def table_phone(app: Flask, night: Night) -> tuple[FlaskClient, str]:
    """Table 1's phone, joined by its card, on its match of round 1 (started); the match."""
    phone = app.test_client()
    joined = phone.post(f"/cr/{night.read_id}/t/1/join", data={"key": night.codes[1]})
    assert joined.status_code == 303
    night.start(1)
    sent = phone.get(f"/cr/{night.read_id}/t/1")
    assert sent.status_code == 303
    match_id = sent.headers["Location"].rsplit("/", 1)[-1]
    assert phone.post(f"/m/{match_id}/hands", data=HAND).status_code == 303
    return phone, match_id


def test_after_the_close_the_table_phone_is_told_the_round_is_closed_and_what_next(
    app: Flask, client: FlaskClient
) -> None:
    night = Night(client, round={"hands": 1})
    phone, match_id = table_phone(app, night)
    page = phone.get(f"/m/{match_id}").get_data(as_text=True)
    assert 'data-live-mode="follow"' in page  # the table's phone follows the night
    assert 'id="club-closed"' not in page
    night.close(1)
    # A hand sent after the close (from the page as it was) is not stored, and the phone is
    # told why: the round is closed, not "another phone keeps the score".
    refused = phone.post(f"/m/{match_id}/hands", data=HAND, follow_redirects=True)
    text = refused.get_data(as_text=True)
    assert "Not stored: another phone keeps the score of this match now." not in text
    assert "Not stored: the host closed the round: ask the host to enter it." in text
    page = phone.get(f"/m/{match_id}").get_data(as_text=True)
    assert "Another phone keeps the score of this match now." not in page
    assert "handed over to another phone" not in page
    assert "Round 1 is closed: its hands are final (the host corrects them)." in page
    assert "Round 2 starts soon: this phone goes to the table&#39;s next match by itself." in page
    night.start(2)
    page = phone.get(f"/m/{match_id}").get_data(as_text=True)
    assert "Round 2 is in play." in page
    assert 'id="club-next"' in page


def test_a_club_match_offers_no_new_game_at_the_same_table(app: Flask, client: FlaskClient) -> None:
    night = Night(client, round={"hands": 1})
    phone, match_id = table_phone(app, night)
    night.close(1)
    page = phone.get(f"/m/{match_id}").get_data(as_text=True)
    assert "winner" in page  # the match is finished...
    assert 'id="rematch"' not in page  # ...and its next match is the night's
    asked = phone.post(f"/m/{match_id}/rematch")
    assert asked.status_code == 303
    assert asked.headers["Location"] == f"/m/{match_id}"
    shown = phone.get(f"/m/{match_id}").get_data(as_text=True)
    assert "goes on in the night&#39;s next round" in shown


def test_the_api_refuses_a_new_game_of_a_club_match(app: Flask, client: FlaskClient) -> None:
    """The API's rematch made an ordinary match outside the night (issue 35 point 13): the
    service refuses it, a 409 with its words, and no match is made."""
    night = Night(client, round={"hands": 1})
    _, match_id = table_phone(app, night)
    night.close(1)
    asked = client.post(f"/api/v1/matches/{match_id}/rematch")
    assert asked.status_code == 409
    assert "goes on in the night's next round" in str(asked.get_json()["errors"])
