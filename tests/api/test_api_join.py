"""The API's exchange of a scorekeeper link's code for a right to score (docs/api.md, "Sharing
the scoring"; docs/sharing.md): what a phone gets by the link's button, a caller of the API gets
by ``POST /api/v1/matches/<id>/join``."""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs, urlsplit

from flask import Flask
from flask.testing import FlaskClient

from tests.helpers import API

#: A hand of the two-handed match below (seats Ana and Ben).
HAND = {"meld": {"Ana": 150, "Ben": 40}, "tricks": {"Ana": 130, "Ben": 120}}


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def started(client: FlaskClient) -> tuple[str, str]:
    """A new two-handed match: its id and edit token."""
    made = client.post(
        f"{API}/matches", json={"variant": "pinochle-2", "players": ["Ana", "Ben"]}
    ).get_json()
    return made["id"], made["edit_token"]


def link_code(client: FlaskClient, public_id: str, token: str, *, hands_over: bool) -> str:
    """The code of a new scorekeeper link, read from its ``url`` as a caller would."""
    made = client.post(
        f"{API}/matches/{public_id}/links", json={"hands_over": hands_over}, headers=bearer(token)
    )
    assert made.status_code == 201
    url: str = made.get_json()["url"]
    return parse_qs(urlsplit(url).query)["code"][0]


def add_hand(client: FlaskClient, public_id: str, token: str) -> Any:
    return client.post(f"{API}/matches/{public_id}/hands", json=HAND, headers=bearer(token))


def test_a_shared_link_gives_a_key_of_its_own_and_the_creator_keeps_scoring(app: Flask) -> None:
    creator, caller = app.test_client(), app.test_client()
    public_id, token = started(creator)
    code = link_code(creator, public_id, token, hands_over=False)
    joined = caller.post(f"{API}/matches/{public_id}/join", json={"code": code})
    assert joined.status_code == 201
    assert joined.headers["Cache-Control"] == "no-store"
    body = joined.get_json()
    assert body["hands_over"] is False
    assert body["token"] != token
    assert add_hand(caller, public_id, body["token"]).status_code == 201
    assert add_hand(creator, public_id, token).status_code == 201
    # A link that shares the scoring stays valid: a second caller joins with it too.
    again = app.test_client().post(f"{API}/matches/{public_id}/join", json={"code": code})
    assert again.status_code == 201
    # The key scores too and no more: it cannot list the phones that score.
    listed = caller.get(f"{API}/matches/{public_id}/scorers", headers=bearer(body["token"]))
    assert listed.status_code == 403


def test_a_hand_over_link_gives_the_edit_token_once_and_the_old_one_stops(app: Flask) -> None:
    creator, caller = app.test_client(), app.test_client()
    public_id, token = started(creator)
    code = link_code(creator, public_id, token, hands_over=True)
    joined = caller.post(f"{API}/matches/{public_id}/join", json={"code": code})
    assert joined.status_code == 201
    body = joined.get_json()
    assert body["hands_over"] is True
    assert add_hand(creator, public_id, token).status_code == 401
    assert add_hand(caller, public_id, body["token"]).status_code == 201
    # The edit token now: it lists the phones that score (none).
    listed = caller.get(f"{API}/matches/{public_id}/scorers", headers=bearer(body["token"]))
    assert listed.get_json() == {"scorers": []}
    # It works once.
    twice = app.test_client().post(f"{API}/matches/{public_id}/join", json={"code": code})
    assert twice.status_code == 401


def test_a_wrong_withdrawn_or_missing_code_is_refused(app: Flask) -> None:
    creator, caller = app.test_client(), app.test_client()
    public_id, token = started(creator)
    code = link_code(creator, public_id, token, hands_over=False)
    wrong = caller.post(f"{API}/matches/{public_id}/join", json={"code": code + "x"})
    assert wrong.status_code == 401
    assert "errors" in wrong.get_json()
    missing = caller.post(f"{API}/matches/{public_id}/join", json={})
    assert missing.status_code == 422
    assert "code" in missing.get_json()["errors"]
    unknown = caller.post(f"{API}/matches/{public_id}/join", json={"code": code, "token": "t"})
    assert unknown.status_code == 422
    assert "token" in unknown.get_json()["errors"]
    not_text = caller.post(f"{API}/matches/{public_id}/join", json={"code": 7})
    assert not_text.status_code == 422
    assert "code" in not_text.get_json()["errors"]
    elsewhere, _ = started(creator)
    assert caller.post(f"{API}/matches/{elsewhere}/join", json={"code": code}).status_code == 401
    assert caller.post(f"{API}/matches/nosuchmatch/join", json={"code": code}).status_code == 404
    assert creator.delete(f"{API}/matches/{public_id}/links", headers=bearer(token)).status_code
    withdrawn = caller.post(f"{API}/matches/{public_id}/join", json={"code": code})
    assert withdrawn.status_code == 401
