"""Rights that end with the round (issue 35; docs/club.md §7.1, §8, docs/sharing.md): calling
time leaves the tables' hand forms good; a "score too" link made at a table during a round
ends with the round and the night; the host has the scorekeeper's powers on every match of the
night; withdrawing a card removes the phones that came in through that table; a table the
night has not is a 404."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import parse_qs, urlsplit

from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from tests.api.club_helpers import Night, match_of, teams_entry
from tests.helpers import API, keep_token

HAND = teams_entry(300, 250)


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def post_hand(client: FlaskClient, match: str, token: str, **extra: Any) -> TestResponse:
    return client.post(f"{API}/matches/{match}/hands", json=HAND | extra, headers=bearer(token))


def correct(client: FlaskClient, match: str, token: str, number: int = 1) -> TestResponse:
    return client.put(
        f"{API}/matches/{match}/hands/{number}", json=teams_entry(250, 300), headers=bearer(token)
    )


def link(client: FlaskClient, match: str, token: str) -> TestResponse:
    return client.post(f"{API}/matches/{match}/links", json={}, headers=bearer(token))


def code_of(made: TestResponse) -> str:
    assert made.status_code == 201, made.get_json()
    url: str = made.get_json()["url"]
    return parse_qs(urlsplit(url).query)["code"][0]


def join(client: FlaskClient, match: str, code: str) -> TestResponse:
    return client.post(f"{API}/matches/{match}/join", json={"code": code})


def joined(client: FlaskClient, match: str, code: str) -> str:
    answer = join(client, match, code)
    assert answer.status_code == 201, answer.get_json()
    token: str = answer.get_json()["token"]
    return token


def night_in_play(client: FlaskClient, count: int = 4, **given: Any) -> tuple[Night, str]:
    """A night of ``count`` players (no hand limit), round 1 started; table 1's match."""
    night = Night(client, count, rules={"target": 5000}, rotation={"rounds": 2}, **given)
    started = night.start(1)["round"]
    return night, started["tables"][0]["match"]


# --- Call time (point 3) ------------------------------------------------------------------------


def test_a_hand_sent_with_the_version_before_time_was_called_is_taken(
    client: FlaskClient,
) -> None:
    night, match = night_in_play(client)
    key = night.key(1)
    assert post_hand(client, match, key).status_code == 201
    seen = match_of(client, match)["version"]  # the table phone's form is made from this
    night.ok("POST", "/rounds/1/time")
    after_call = match_of(client, match)
    assert after_call["version"] > seen  # the phones see that time was called
    answer = post_hand(client, match, key, version=seen)
    assert answer.status_code == 201, answer.get_json()
    assert len(match_of(client, match)["hands"]) == 2
    assert match_of(client, match)["status"] == "finished"  # time: the last hand (§7.2)


def test_a_version_older_than_another_phones_hand_is_still_refused_after_time(
    client: FlaskClient,
) -> None:
    night, match = night_in_play(client)
    key = night.key(1)
    before = match_of(client, match)["version"]
    assert post_hand(client, match, night.token).status_code == 201  # another phone's hand
    night.ok("POST", "/rounds/1/time")
    stale = post_hand(client, match, key, version=before)
    assert stale.status_code == 409, stale.get_json()
    assert len(match_of(client, match)["hands"]) == 1


# --- A "score too" link ends with the round (point 6) ------------------------------------------


def test_a_score_too_link_made_at_a_table_ends_when_the_round_closes(
    client: FlaskClient,
) -> None:
    night, match = night_in_play(client)
    table_key = night.key(1)
    other = joined(client, match, code_of(link(client, match, table_key)))
    assert post_hand(client, match, other).status_code == 201  # it scores during the round
    unused = code_of(link(client, match, table_key))  # a second link, not opened yet
    night.close(1)
    assert join(client, match, unused).status_code == 401  # no phone joins a closed round
    assert correct(client, match, other).status_code == 401
    assert client.delete(f"{API}/matches/{match}/hands/1", headers=bearer(other)).status_code == 401
    assert correct(client, match, table_key).status_code == 401
    assert link(client, match, table_key).status_code == 401
    # Corrections after the close are the host's, and the host makes no link for one either.
    assert correct(client, match, night.token).status_code == 200
    refused = link(client, match, night.token)
    assert refused.status_code == 403, refused.get_json()


def test_no_link_of_a_round_opens_after_the_night_is_finished(client: FlaskClient) -> None:
    night, match = night_in_play(client)
    assert post_hand(client, match, night.key(1)).status_code == 201
    code = code_of(link(client, match, night.key(1)))
    night.close(1)
    night.ok("POST", "/finish")
    assert join(client, match, code).status_code == 401
    assert correct(client, match, night.token).status_code == 200  # the host still corrects


# --- The host keeps the score of every match; a card withdrawn takes its phones (point 7) ------


def scorer_ids(client: FlaskClient, match: str, token: str) -> list[int]:
    listed = client.get(f"{API}/matches/{match}/scorers", headers=bearer(token))
    assert listed.status_code == 200, listed.get_json()
    return [s["id"] for s in listed.get_json()["scorers"]]


def test_the_host_lists_withdraws_and_removes_the_phones_of_a_club_match(
    client: FlaskClient,
) -> None:
    night, match = night_in_play(client)
    table_key = night.key(1)
    other = joined(client, match, code_of(link(client, match, table_key)))
    table_phone, other_phone = scorer_ids(client, match, night.token)  # never the host's own
    pending = code_of(link(client, match, table_key))
    withdrawn = client.delete(f"{API}/matches/{match}/links", headers=bearer(night.token))
    assert withdrawn.get_json() == {"withdrawn": 2}
    assert join(client, match, pending).status_code == 401
    gone = client.delete(
        f"{API}/matches/{match}/scorers/{other_phone}", headers=bearer(night.token)
    )
    assert gone.status_code == 204
    assert post_hand(client, match, other).status_code == 401
    assert scorer_ids(client, match, night.token) == [table_phone]
    # The table's phone scores, and has no more powers than that.
    assert post_hand(client, match, table_key).status_code == 201
    listed = client.get(f"{API}/matches/{match}/scorers", headers=bearer(table_key))
    assert listed.status_code == 403


def test_the_hosts_share_page_of_a_club_match_lists_its_phones(client: FlaskClient) -> None:
    night, match = night_in_play(client)
    joined(client, match, code_of(link(client, match, night.key(1))))
    keep_token(client, match, night.token)  # as the host page's "score" link keeps it
    page = client.get(f"/m/{match}/share").get_data(as_text=True)
    assert 'id="share-phones"' in page
    assert len(re.findall(r'data-scorer="\d+"', page)) == 2  # the table's phone and the other
    assert 'id="hand-over"' not in page  # a club match is never handed over (§1)
    night.close(1)
    page = client.get(f"/m/{match}/share").get_data(as_text=True)
    assert 'id="round-closed"' in page
    assert 'id="share-scoring"' not in page
    assert 'data-scorer="' not in page


def test_withdrawing_a_card_removes_the_phones_that_came_in_through_its_table(
    client: FlaskClient,
) -> None:
    night = Night(client, 8, rules={"target": 5000}, rotation={"rounds": 2})
    tables = {t["table"]: t["match"] for t in night.start(1)["round"]["tables"]}
    match = tables[1]
    table_key = night.key(1)
    second = joined(client, match, code_of(link(client, match, table_key)))
    third = joined(client, match, code_of(link(client, match, second)))  # a link of a link
    pending = code_of(link(client, match, second))
    neighbour = night.key(2)
    night.ok("POST", "/codes", {"kind": "table", "number": 1})
    for token in (table_key, second, third):
        assert post_hand(client, match, token).status_code == 401
    assert join(client, match, pending).status_code == 401
    assert scorer_ids(client, match, night.token) == []
    # The host and the other table score on.
    assert post_hand(client, match, night.token).status_code == 201
    assert post_hand(client, tables[2], neighbour).status_code == 201


# --- A table the night has not (point 9) -------------------------------------------------------


def test_a_table_the_night_has_not_is_a_404(client: FlaskClient) -> None:
    night = Night(client, 8, rotation={"rounds": 2})  # two tables
    for number in (1, 2):
        assert client.get(f"/cr/{night.read_id}/t/{number}").status_code == 200
        assert night.read(f"/tables/{number}").status_code == 200
    for number in (0, 3, 99):
        page = client.get(f"/cr/{night.read_id}/t/{number}")
        assert page.status_code == 404
        assert "Refresh" not in page.headers
        assert night.read(f"/tables/{number}").status_code == 404


def test_a_card_link_for_a_table_the_night_has_not_is_a_404(client: FlaskClient) -> None:
    """The join page of a table card the night never printed is no button to press (it used
    to show one, whose POST then said the code was wrong)."""
    night = Night(client, 8, rotation={"rounds": 2})  # two tables
    assert client.get(f"/cr/{night.read_id}/t/2/join?code=x").status_code == 200
    for number in (0, 3, 99):
        assert client.get(f"/cr/{night.read_id}/t/{number}/join?code=x").status_code == 404
