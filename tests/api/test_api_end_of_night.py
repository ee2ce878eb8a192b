"""The end of a night over the API (issue 27; docs/api.md "End the night and reopen it"): the
match page's "End the night" is ``POST /api/v1/matches/<id>/finish`` and its undo of the last
hand, which reopens the match, ``DELETE /api/v1/matches/<id>/hands/<n>``; both leave the match
as the page's buttons do. And the match's JSON names its first dealer beside the next one."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.helpers import API, EXAMPLE_MATCH, MatchClient, errors_of, hidden, keep_token

#: An auction night in units with a kitty (docs/rules.md §2).
NIGHT = {"variant": "auction", "players": ["Ana", "Ben", "Cruz"], "rules": {"unit_value": "0.05"}}
NIGHT_HANDS: list[dict[str, Any]] = [
    {"bidder": "Ana", "bid": 350, "trump": "spades", "outcome": "made"},
    {"bidder": "Ben", "bid": 300, "trump": "hearts", "meld": 200, "tricks": 160},
    {"bidder": "Cruz", "bid": 400, "trump": "clubs", "outcome": "set"},
]
#: What the end of a night decides: all but the match's id and timestamps.
STATE_FIELDS = (
    "version", "hands", "totals", "kitty", "status", "winner", "standings", "dealer", "leader",
    "first_dealer", "sitting_out", "active", "problems",
)  # fmt: skip


def the_state(match: dict[str, Any]) -> dict[str, Any]:
    return {name: match[name] for name in STATE_FIELDS}


def night(client: FlaskClient) -> MatchClient:
    """The night of :data:`NIGHT`, played over the API; this client's pages score it too."""
    table = MatchClient(client)
    table.create(NIGHT)
    for entry in NIGHT_HANDS:
        table.add_ok(entry)
    keep_token(client, table.id, table.token)
    return table


def press(client: FlaskClient, table: MatchClient, action: str, key: str) -> None:
    """Press a button of the match page (``finish``, ``hands/<n>/undo``) with the keys of its
    form, as the phone does."""
    html = client.get(f"/m/{table.id}").get_data(as_text=True)
    data = {"idempotency_key": key, "version": hidden(html, "version")}
    assert client.post(f"/m/{table.id}/{action}", data=data).status_code == 303


# --- End the night -----------------------------------------------------------------------


def test_the_api_ends_the_night_as_the_page_does(client: FlaskClient) -> None:
    by_page, by_api = night(client), night(client)
    assert "End the night" in client.get(f"/m/{by_page.id}").get_data(as_text=True)
    press(client, by_page, "finish", "end-1")
    ended = client.post(
        by_api.url("/finish"),
        json={"version": 4},
        headers=by_api.auth | {"Idempotency-Key": "end-1"},
    )
    assert ended.status_code == 200, ended.get_json()
    assert the_state(ended.get_json()) == the_state(by_page.get())
    assert ended.get_json()["status"] == "finished"
    assert ended.get_json()["winner"] == "Ana"  # 25 units, Ben 6, Cruz -29
    assert by_api.settlement().get_json() == by_page.settlement().get_json()


def test_ending_the_night_refuses_what_it_cannot_do(client: FlaskClient) -> None:
    table = night(client)
    assert client.post(table.url("/finish")).status_code == 401
    wrong = client.post(table.url("/finish"), headers={"Authorization": "Bearer wrong"})
    assert wrong.status_code == 401
    assert wrong.headers["WWW-Authenticate"].startswith("Bearer")
    missing = client.post(f"{API}/matches/{'x' * 22}/finish", headers=table.auth)
    assert missing.status_code == 404
    stale = table.finish(json={"version": 3})
    assert stale.status_code == 409
    assert table.get()["status"] == "in_progress"
    assert table.finish().status_code == 200
    again = table.finish()
    assert again.status_code == 409
    assert errors_of(again) == {"_": ["the match is already finished"]}


# --- Reopen it -----------------------------------------------------------------------------


def test_the_api_reopens_the_night_as_the_page_does(client: FlaskClient) -> None:
    by_page, by_api = night(client), night(client)
    for table in (by_page, by_api):
        assert table.finish().status_code == 200
    press(client, by_page, "hands/3/undo", "undo-3")
    reopened = by_api.delete(3, "?version=5", key="undo-3")
    assert reopened.status_code == 200, reopened.get_json()
    match = reopened.get_json()["match"]
    assert the_state(match) == the_state(by_page.get())
    assert (match["status"], match["winner"], len(match["hands"])) == ("in_progress", None, 2)
    # Reopened, the night goes on: the next hand is taken.
    assert by_api.add({"outcome": "all_pass"}).status_code == 201


def test_reopening_refuses_what_it_cannot_do(client: FlaskClient) -> None:
    table = night(client)
    assert table.finish().status_code == 200
    assert client.delete(table.url("/hands/3")).status_code == 401
    assert table.delete(4).status_code == 404
    not_last = table.delete(2)
    assert not_last.status_code == 409
    assert "only the last hand (3)" in errors_of(not_last)["_"][0]
    assert table.delete(3, "?version=4").status_code == 409  # the finish made it 5
    assert table.get()["status"] == "finished"


# --- The first dealer ------------------------------------------------------------------------


def test_the_match_names_its_first_dealer_beside_the_next(client: FlaskClient) -> None:
    table = MatchClient(client)
    created = table.create(EXAMPLE_MATCH | {"dealer": "Cruz"})
    assert (created["first_dealer"], created["dealer"]) == ("Cruz", "Cruz")
    hand = {"meld": {"Us": 100, "Them": 60}, "tricks": {"Us": 150, "Them": 100}}
    added = table.add_answer(hand)
    assert (added["match"]["first_dealer"], added["match"]["dealer"]) == ("Cruz", "Dee")
    assert added["hand"]["dealer"] == "Cruz"
    minimal = table.add(hand, Prefer="return=minimal").get_json()["match"]
    assert (minimal["first_dealer"], minimal["dealer"]) == ("Cruz", "Ana")
    shown = table.get()
    assert shown["first_dealer"] == shown["hands"][0]["dealer"] == "Cruz"
    # The export's "dealer" is the same seat: the field names what an import is given.
    assert client.get(table.url("/export.json")).get_json()["dealer"] == "Cruz"


@pytest.mark.parametrize("dealer", ["0", "2"])
def test_a_match_started_on_the_page_names_the_dealer_it_chose(
    client: FlaskClient, dealer: str
) -> None:
    table = MatchClient(client)
    table.start("pinochle-4", dealer=dealer)
    assert table.get()["first_dealer"] == ["Ana", "Ben", "Cruz", "Dee"][int(dealer)]
