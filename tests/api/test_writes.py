"""Writing hands: tokens, corrections, undo, finish, versions and idempotency keys."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.helpers import API, EXAMPLE_MATCH, MatchClient, errors_of

HAND = {"meld": {"Us": 150, "Them": 40}, "tricks": {"Us": 130, "Them": 120}}
BIG = {"meld": {"Us": 300, "Them": 40}, "tricks": {"Us": 200, "Them": 50}}


@pytest.fixture
def match(table: MatchClient) -> MatchClient:
    """The example match of docs/api.md (target 1500), with no hand yet."""
    table.create(EXAMPLE_MATCH)
    return table


def count_hands(table: MatchClient) -> int:
    return len(table.get()["hands"])


# --- Tokens and missing things ----------------------------------------------------------------


@pytest.mark.parametrize(
    "authorization",
    [None, "", "Bearer", "Bearer ", "Basic abc", "Bearer not-the-token", "Token x"],
)
def test_writes_need_the_edit_token(
    client: FlaskClient, match: MatchClient, authorization: str | None
) -> None:
    headers = {} if authorization is None else {"Authorization": authorization}
    answers = [
        client.post(match.url("/hands"), json=HAND, headers=headers),
        client.put(match.url("/hands/1"), json=HAND, headers=headers),
        client.delete(match.url("/hands/1"), headers=headers),
        client.post(match.url("/finish"), headers=headers),
    ]
    for response in answers:
        assert response.status_code == 401
        assert "_" in errors_of(response)
    assert count_hands(match) == 0
    assert match.get()["version"] == 1


def test_token_of_another_match_is_refused(client: FlaskClient, match: MatchClient) -> None:
    other = MatchClient(client)
    other.create(EXAMPLE_MATCH)
    response = client.post(match.url("/hands"), json=HAND, headers=other.auth)
    assert response.status_code == 401


def test_unknown_match_or_hand_is_404(client: FlaskClient, match: MatchClient) -> None:
    nowhere = f"{API}/matches/no-such-match"
    assert client.post(f"{nowhere}/hands", json=HAND, headers=match.auth).status_code == 404
    assert client.put(f"{nowhere}/hands/1", json=HAND, headers=match.auth).status_code == 404
    assert client.delete(f"{nowhere}/hands/1", headers=match.auth).status_code == 404
    assert client.post(f"{nowhere}/finish", headers=match.auth).status_code == 404
    assert client.get(f"{nowhere}/settlement").status_code == 404
    assert match.replace(1, HAND).status_code == 404
    assert match.delete(1).status_code == 404
    match.add_ok(HAND)
    for response in (match.replace(2, HAND), match.delete(2), match.replace(0, HAND)):
        assert response.status_code == 404
        assert "_" in errors_of(response)
    assert client.put(match.url("/hands/x"), json=HAND, headers=match.auth).status_code == 404


# --- Entries the rules refuse -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("entry", "path"),
    [
        ({"meld": {"Us": 150, "Them": 40}, "tricks": {"Us": 130, "Them": 100}}, "tricks"),
        ({"meld": {"Us": 150}, "tricks": {"Us": 130, "Them": 120}}, "meld.Them"),
        ({"meld": {"Us": 150, "Them": 40, "Ana": 0}, "tricks": HAND["tricks"]}, "meld.Ana"),
        ({"meld": {"Us": "lots", "Them": 40}, "tricks": HAND["tricks"]}, "meld.Us"),
        ({"meld": {"Us": True, "Them": 40}, "tricks": HAND["tricks"]}, "meld.Us"),
        ({"meld": {"Us": 10**40, "Them": 40}, "tricks": HAND["tricks"]}, "meld.Us"),
        ({"meld": {"Us": -20, "Them": 40}, "tricks": HAND["tricks"]}, "meld.Us"),
        ({"meld": {"Us": ["run", "bogus"], "Them": 0}, "tricks": HAND["tricks"]}, "meld.Us[1]"),
        ({"meld": {"Us": 1.5, "Them": 40}, "tricks": HAND["tricks"]}, "meld.Us"),
        ({"meld": {"Us": None, "Them": 40}, "tricks": HAND["tricks"]}, "meld.Us"),
        (HAND | {"colour": "red"}, "colour"),
        ({"tricks": HAND["tricks"]}, "meld"),
        ({}, "meld"),
    ],
)
def test_refused_entry_is_422_and_stores_nothing(
    match: MatchClient, entry: dict[str, Any], path: str
) -> None:
    response = match.add(entry)
    assert response.status_code == 422, response.get_json()
    errors = errors_of(response)
    assert any(p == path or p.startswith(path) for p in errors), errors
    current = match.get()
    assert (current["version"], current["hands"]) == (1, [])


def test_bad_version_type_is_422(match: MatchClient) -> None:
    for version in ("1", True, None, 1.5, -1, 0, [1]):
        response = match.add(HAND | {"version": version})
        assert response.status_code == 422, (version, response.get_json())
        assert "version" in errors_of(response)
    response = match.delete(1, "?version=abc")
    assert response.status_code == 422
    assert "version" in errors_of(response)


# --- Corrections, undo and finish ----------------------------------------------------------------


def test_correcting_any_hand_recomputes_the_totals(match: MatchClient) -> None:
    for _ in range(3):
        match.add_ok(HAND)
    assert match.get()["totals"] == {"Us": 840, "Them": 480}
    response = match.replace(2, BIG)
    assert response.status_code == 200, response.get_json()
    corrected = response.get_json()["match"]
    assert corrected["hands"][1]["input"] == BIG
    assert corrected["hands"][1]["scores"] == {"Us": 500, "Them": 90}
    assert corrected["totals"] == {"Us": 1060, "Them": 410}
    assert corrected["version"] == 5
    assert len(corrected["hands"]) == 3
    assert match.get() == corrected


def test_refused_correction_changes_nothing(match: MatchClient) -> None:
    match.add_ok(HAND)
    before = match.get()
    response = match.replace(1, {"meld": {"Us": 0, "Them": 0}, "tricks": {"Us": 1, "Them": 1}})
    assert response.status_code == 422
    assert "tricks" in errors_of(response)
    assert match.get() == before


def test_correction_that_ends_the_match_early_is_409(match: MatchClient) -> None:
    match.add_ok(BIG)
    match.add_ok(HAND)
    match.add_ok(HAND)
    # Hand 2 at 1500 points would end the match before hand 3.
    huge = {"meld": {"Us": 1500, "Them": 0}, "tricks": {"Us": 250, "Them": 0}}
    before = match.get()
    response = match.replace(2, huge)
    assert response.status_code == 409
    assert "_" in errors_of(response)
    assert match.get() == before
    # The last hand may end it.
    response = match.replace(3, huge)
    assert response.status_code == 200
    assert response.get_json()["match"]["status"] == "finished"


def test_correcting_the_winning_hand_reopens(match: MatchClient) -> None:
    for _ in range(3):
        match.add_ok(BIG)
    assert match.get()["status"] == "finished"
    response = match.replace(3, HAND)
    assert response.status_code == 200
    assert (response.get_json()["match"]["status"], response.get_json()["match"]["winner"]) == (
        "in_progress",
        None,
    )


def test_only_the_last_hand_can_be_deleted(match: MatchClient) -> None:
    for _ in range(3):
        match.add_ok(HAND)
    response = match.delete(2)
    assert response.status_code == 409
    assert "_" in errors_of(response)
    assert count_hands(match) == 3
    response = match.delete(3)
    assert response.status_code == 200
    undone = response.get_json()["match"]
    assert len(undone["hands"]) == 2
    assert undone["totals"] == {"Us": 560, "Them": 320}
    assert undone["dealer"] == "Cruz"
    # The next hand takes number 3 again.
    assert match.add(HAND).get_json()["hand"]["number"] == 3


def test_finish_and_undo_reopen(match: MatchClient) -> None:
    match.add_ok(HAND)
    response = match.finish()
    assert response.status_code == 200
    assert (response.get_json()["status"], response.get_json()["winner"]) == ("finished", "Us")
    assert match.finish().status_code == 409
    assert match.add(HAND).status_code == 409
    # A finished match can still be corrected; it stays finished.
    response = match.replace(1, {"meld": {"Us": 0, "Them": 40}, "tricks": HAND["tricks"]})
    assert response.status_code == 200
    assert response.get_json()["match"]["status"] == "finished"
    assert response.get_json()["match"]["winner"] == "Them"
    response = match.delete(1)
    assert response.status_code == 200
    assert response.get_json()["match"]["status"] == "in_progress"
    assert match.add(HAND).status_code == 201


def test_finish_ties_go_in_seating_order(match: MatchClient) -> None:
    match.add_ok({"meld": {"Us": 0, "Them": 0}, "tricks": {"Us": 120, "Them": 130}})
    match.add_ok({"meld": {"Us": 10, "Them": 0}, "tricks": {"Us": 130, "Them": 120}})
    assert match.get()["totals"] == {"Us": 260, "Them": 250}
    match.replace(2, {"meld": {"Us": 0, "Them": 0}, "tricks": {"Us": 130, "Them": 120}})
    response = match.finish()
    assert response.get_json()["winner"] == "Us"


def test_finish_body_is_checked(client: FlaskClient, match: MatchClient) -> None:
    response = match.finish(data="x", content_type="text/plain")
    assert response.status_code == 415
    response = match.finish(json={"hurry": True})
    assert response.status_code == 422
    assert "hurry" in errors_of(response)
    assert match.finish(json={"version": 7}).status_code == 409
    assert match.finish(json={"version": 1}).status_code == 200


# --- Versions -----------------------------------------------------------------------------------


def test_version_must_be_current(match: MatchClient) -> None:
    assert match.add(HAND | {"version": 1}).status_code == 201
    stale = match.add(HAND | {"version": 1})
    assert stale.status_code == 409
    assert "_" in errors_of(stale)
    assert count_hands(match) == 1
    response = match.add(HAND | {"version": 2})
    assert response.status_code == 201
    # The version is the API's: it is not part of the entry.
    assert response.get_json()["hand"]["input"] == HAND
    assert match.replace(1, BIG | {"version": 2}).status_code == 409
    assert match.replace(1, BIG | {"version": 3}).status_code == 200
    assert match.delete(2, "?version=3").status_code == 409
    assert match.delete(2, "?version=4").status_code == 200
    assert match.get()["version"] == 5


# --- Idempotency keys ---------------------------------------------------------------------------


def test_repeated_key_returns_the_first_answer_and_adds_nothing(match: MatchClient) -> None:
    first = match.add(HAND | {"version": 1}, key="tap-1")
    assert first.status_code == 201
    again = match.add(HAND | {"version": 1}, key="tap-1")
    assert again.status_code == 201
    assert again.get_json() == first.get_json()
    # The body of a repeat is not compared.
    third = match.add(BIG, key="tap-1")
    assert third.get_json() == first.get_json()
    assert count_hands(match) == 1
    assert match.get()["version"] == 2
    # Another key is another write.
    assert match.add(HAND, key="tap-2").get_json()["hand"]["number"] == 2


def test_refused_request_does_not_use_up_its_key(match: MatchClient) -> None:
    refused = match.add({"meld": {"Us": 1}, "tricks": {}}, key="k")
    assert refused.status_code == 422
    assert match.add(HAND | {"version": 9}, key="k").status_code == 409
    accepted = match.add(HAND, key="k")
    assert accepted.status_code == 201
    assert count_hands(match) == 1


def test_keys_cover_every_write_on_the_match(match: MatchClient) -> None:
    match.add_ok(HAND)
    put = match.replace(1, BIG, key="fix")
    assert put.status_code == 200
    # The same key on another write of this match answers the first write again.
    assert match.delete(1, key="fix").get_json() == put.get_json()
    assert count_hands(match) == 1
    deleted = match.delete(1, key="undo")
    assert deleted.status_code == 200
    assert match.delete(1, key="undo").get_json() == deleted.get_json()
    finished = match.client.post(
        match.url("/finish"), headers=match.auth | {"Idempotency-Key": "stop"}
    )
    assert finished.status_code == 200
    again = match.client.post(
        match.url("/finish"), headers=match.auth | {"Idempotency-Key": "stop"}
    )
    assert (again.status_code, again.get_json()) == (200, finished.get_json())


def test_keys_belong_to_one_match(client: FlaskClient, match: MatchClient) -> None:
    other = MatchClient(client)
    other.create(EXAMPLE_MATCH)
    assert match.add(HAND, key="same").status_code == 201
    response = other.add(HAND, key="same")
    assert response.status_code == 201
    assert response.get_json()["match"]["id"] == other.id


def test_key_needs_the_token(client: FlaskClient, match: MatchClient) -> None:
    match.add(HAND, key="k")
    response = client.post(
        match.url("/hands"),
        json=HAND,
        headers={"Idempotency-Key": "k", "Authorization": "Bearer x"},
    )
    assert response.status_code == 401


def test_overlong_key_is_refused(match: MatchClient) -> None:
    response = match.add(HAND, key="k" * 201)
    assert response.status_code == 422
    assert count_hands(match) == 0
    assert match.add(HAND, key="k" * 200).status_code == 201


def test_correction_that_unseats_the_play_on_is_409(table: MatchClient) -> None:
    """Three-handed play-on: the hands after the winner name two players; a correction that
    takes the win away would leave them unfit, so it is refused until they are undone."""
    table.create({"variant": "pinochle-3", "players": ["Ana", "Ben", "Cruz"]})
    three = {
        "meld": {"Ana": 150, "Ben": 0, "Cruz": 0},
        "tricks": {"Ana": 200, "Ben": 30, "Cruz": 20},
    }
    for _ in range(3):
        table.add_ok(three)
    table.add_ok({"meld": {"Ben": 0, "Cruz": 0}, "tricks": {"Ben": 130, "Cruz": 120}})
    before = table.get()
    small = {"meld": {"Ana": 0, "Ben": 0, "Cruz": 0}, "tricks": {"Ana": 90, "Ben": 80, "Cruz": 80}}
    response = table.replace(3, small)
    assert response.status_code == 409
    assert "_" in errors_of(response)
    assert table.get() == before
    assert table.delete(4).status_code == 200
    response = table.replace(3, small)
    assert response.status_code == 200
    assert response.get_json()["match"]["winner"] is None
