"""A match as a file over the API (issue 27; docs/api.md "Export and import"): the CSV and
JSON exports are the match page's bytes, and ``POST /api/v1/matches/import`` (or a group's
``POST /api/v1/groups/<id>/matches/import``) makes of an export the match the import page
makes of it; every refusal is the API's, and nothing is stored by one."""

from __future__ import annotations

import json
from typing import Any

import pytest
import sqlalchemy as sa
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import export_import
from scorekeeper.extensions import db
from scorekeeper.models import Match
from tests.helpers import API, MatchClient, errors_of
from tests.web.test_rate_limits import TOO_MANY, MakeApp, make_app  # noqa: F401

#: An auction night in units with a kitty (docs/rules.md §2): payments, the kitty's column
#: and a pass; the names carry what a CSV must quote.
NIGHT = {
    "variant": "auction",
    "players": ["Ana", "Ben, Jr.", 'Cruz "C"'],
    "rules": {"unit_value": "0.05"},
    "dealer": "Ben, Jr.",
}
NIGHT_HANDS: list[dict[str, Any]] = [
    {"bidder": "Ana", "bid": 350, "trump": "spades", "outcome": "made"},
    {"bidder": "Ben, Jr.", "bid": 300, "trump": "hearts", "meld": 200, "tricks": 160},
    {"bidder": 'Cruz "C"', "bid": 400, "trump": "clubs", "outcome": "set"},
    {"outcome": "all_pass"},
]
#: What an import keeps of a match: all but its id, token, version and timestamps (a new
#: match starts at version 1).
MATCH_FIELDS = (
    "variant", "rules", "players", "teams", "sides", "first_dealer", "dealer", "leader",
    "hands", "totals", "kitty", "status", "winner", "standings", "sitting_out", "problems",
    "target", "extra", "active",
)  # fmt: skip


def the_match(match: dict[str, Any]) -> dict[str, Any]:
    return {name: match[name] for name in MATCH_FIELDS}


def night(client: FlaskClient) -> MatchClient:
    """The auction night of :data:`NIGHT`, played over the API."""
    table = MatchClient(client)
    table.create(NIGHT)
    for entry in NIGHT_HANDS:
        table.add_ok(entry)
    return table


def stored(app: Flask) -> int:
    with app.app_context():
        return int(db.session.scalar(sa.select(sa.func.count()).select_from(Match)) or 0)


def import_(client: FlaskClient, body: Any, **kwargs: Any) -> Any:
    return client.post(f"{API}/matches/import", json=body, **kwargs)


# --- Export ----------------------------------------------------------------------------------


@pytest.mark.parametrize("extension", ["csv", "json"])
@pytest.mark.parametrize("language", ["en", "it"])
def test_the_api_exports_the_bytes_the_page_does(
    client: FlaskClient, extension: str, language: str
) -> None:
    table = night(client)
    headers = {"Accept-Language": language}
    page = client.get(f"/m/{table.id}/export.{extension}", headers=headers)
    api = client.get(table.url(f"/export.{extension}"), headers=headers)
    assert (page.status_code, api.status_code) == (200, 200)
    assert api.data == page.data
    assert api.content_type == page.content_type
    assert api.headers["Content-Disposition"] == page.headers["Content-Disposition"]
    assert api.headers["Content-Disposition"].endswith(f'.{extension}"')


def test_the_exports_say_what_the_match_holds(client: FlaskClient) -> None:
    table = night(client)
    rows = client.get(table.url("/export.csv")).get_data(as_text=True).splitlines()
    assert rows[0].startswith('\ufeff"hand","dealer","summary","input"')
    assert len(rows) == 1 + len(NIGHT_HANDS)
    assert rows[1].startswith('1,"Ben, Jr.",')  # quoted: the comma stays in its cell
    document = client.get(table.url("/export.json")).get_json()
    assert document["format"] == export_import.FORMAT
    assert (document["dealer"], document["hands"]) == ("Ben, Jr.", NIGHT_HANDS)


@pytest.mark.parametrize("extension", ["csv", "json"])
def test_an_export_has_the_matchs_etag(client: FlaskClient, extension: str) -> None:
    table = night(client)
    first = client.get(table.url(f"/export.{extension}"))
    version = table.get()["version"]
    assert first.headers["ETag"] == f'W/"{version}"'
    assert first.headers["Cache-Control"] == "no-cache"
    again = client.get(
        table.url(f"/export.{extension}"), headers={"If-None-Match": first.headers["ETag"]}
    )
    assert (again.status_code, again.data) == (304, b"")
    table.add_ok({"outcome": "all_pass"})
    moved = client.get(
        table.url(f"/export.{extension}"), headers={"If-None-Match": first.headers["ETag"]}
    )
    assert moved.status_code == 200
    assert moved.headers["ETag"] == f'W/"{version + 1}"'


@pytest.mark.parametrize("extension", ["csv", "json"])
def test_no_match_no_export(client: FlaskClient, extension: str) -> None:
    missing = client.get(f"{API}/matches/{'x' * 22}/export.{extension}")
    assert missing.status_code == 404
    assert errors_of(missing) == {"_": ["there is no match with this id"]}


# --- Import ----------------------------------------------------------------------------------


def test_an_export_imports_as_the_same_match(app: Flask, client: FlaskClient) -> None:
    table = night(client)
    table.finish()
    document = client.get(table.url("/export.json")).get_json()
    response = import_(client, document)
    assert response.status_code == 201, response.get_json()
    assert response.headers["Cache-Control"] == "no-store"  # it carries an edit token
    imported = response.get_json()
    assert imported["id"] != table.id
    original = table.get()
    assert the_match(imported) == the_match(original)
    assert imported["version"] == 1
    assert imported["status"] == "finished"  # the table had ended it: so does the file
    # The new match's token writes to it: undoing its last hand reopens it.
    auth = {"Authorization": f"Bearer {imported['edit_token']}"}
    reopened = client.delete(f"{API}/matches/{imported['id']}/hands/4", headers=auth)
    assert reopened.status_code == 200
    assert reopened.get_json()["match"]["status"] == "in_progress"


def test_the_page_and_the_api_import_the_same_match(client: FlaskClient) -> None:
    table = night(client)
    exported = client.get(f"/m/{table.id}/export.json").get_data(as_text=True)
    by_page = client.post("/import", data={"pasted": exported})
    assert by_page.status_code == 303
    page_match = client.get(f"{API}/matches/{by_page.headers['Location'].rsplit('/', 1)[1]}")
    by_api = import_(client, json.loads(exported))
    assert by_api.status_code == 201
    assert the_match(by_api.get_json()) == the_match(page_match.get_json())


def test_an_import_refuses_what_the_page_refuses(app: Flask, client: FlaskClient) -> None:
    table = night(client)
    document = client.get(table.url("/export.json")).get_json()
    before = stored(app)

    def refused(body: Any, path: str) -> list[str]:
        response = import_(client, body)
        assert response.status_code == 422, response.get_json()
        errors = errors_of(response)
        assert path in errors, errors
        return errors[path]

    assert "format" in refused(document | {"format": "spreadsheet"}, "format")[0]
    assert refused(document | {"version": 3}, "format")
    assert refused(document | {"scores": {}}, "scores")  # an unknown key
    assert refused({k: v for k, v in document.items() if k != "hands"}, "hands")
    assert refused([document], "_")
    # A hand the rules refuse is named by its place in the file, as on the page.
    hands = [
        *document["hands"][:2],
        {"bidder": "Ana", "bid": 5, "trump": "spades", "outcome": "made"},
    ]
    assert refused(document | {"hands": hands}, "hands[2].bid")
    assert refused(document | {"players": ["Ana", "Ana", "Ben"]}, "players[1]")
    assert refused(document | {"finished": "yes"}, "finished")
    many = document | {"hands": [{"outcome": "all_pass"}] * 1001}
    assert refused(many, "hands") == ["a match has at most 1000 hands"]
    # What is not JSON at all is the API's 400 and 415, and a body over 256 KiB a 413.
    bad = client.post(f"{API}/matches/import", data="{", content_type="application/json")
    assert (bad.status_code, errors_of(bad)) == (400, {"_": ["the body is not valid JSON"]})
    pasted = client.post(f"{API}/matches/import", data=json.dumps(document))
    assert pasted.status_code == 415
    large = import_(client, document | {"players": ["x" * (257 * 1024)]})
    assert large.status_code == 413
    assert errors_of(large)
    assert stored(app) == before


def test_imports_are_limited_as_the_pages_are(make_app: MakeApp) -> None:  # noqa: F811
    client = make_app(RATELIMIT_IMPORTS="1 per minute").test_client()
    document = night(client)
    exported = client.get(document.url("/export.json")).get_json()
    assert import_(client, exported).status_code == 201
    refused = import_(client, exported)
    assert refused.status_code == 429
    assert errors_of(refused) == {"_": [TOO_MANY]}
    assert 1 <= int(refused.headers["Retry-After"]) <= 60


# --- Import into a group ---------------------------------------------------------------------


class Group:
    """A group made over the API: its ids and token."""

    def __init__(self, client: FlaskClient) -> None:
        made = client.post(f"{API}/groups", json={"name": "Thursday"})
        assert made.status_code == 201
        self.client = client
        self.id: str = made.get_json()["id"]
        self.read_id: str = made.get_json()["read_id"]
        self.auth = {"Authorization": f"Bearer {made.get_json()['token']}"}
        self.token: str = made.get_json()["token"]

    def import_(self, body: Any, **headers: str) -> Any:
        return self.client.post(
            f"{API}/groups/{self.id}/matches/import", json=body, headers=self.auth | headers
        )

    def read(self) -> dict[str, Any]:
        group: dict[str, Any] = self.client.get(f"{API}/groups/{self.read_id}").get_json()
        return group


def test_an_export_imports_into_a_group(client: FlaskClient) -> None:
    group = Group(client)
    table = night(client)
    document = client.get(table.url("/export.json")).get_json()
    response = group.import_(document)
    assert response.status_code == 201, response.get_json()
    assert response.headers["Cache-Control"] == "no-store"
    imported = response.get_json()
    assert the_match(imported) == the_match(table.get())
    read = group.read()
    assert [m["id"] for m in read["matches"]] == [imported["id"]]
    players = {p["name"]: p["id"] for p in read["players"]}
    assert imported["seats"] == players == read["matches"][0]["seats"]
    assert set(players) == set(NIGHT["players"])


def test_the_page_and_the_api_import_the_same_match_into_the_group(client: FlaskClient) -> None:
    group = Group(client)
    table = night(client)
    exported = client.get(table.url("/export.json")).get_data(as_text=True)
    assert client.get(f"/g/{group.id}/open?key={group.token}").status_code == 303
    assert client.post(f"/g/{group.id}/import", data={"pasted": exported}).status_code == 303
    by_api = group.import_(json.loads(exported)).get_json()
    by_page, third = group.read()["matches"]
    assert third["id"] == by_api["id"]
    assert by_page["seats"] == third["seats"] == by_api["seats"]
    page_match = client.get(f"{API}/matches/{by_page['id']}").get_json()
    assert the_match(page_match) == the_match(by_api)


def test_an_import_into_a_group_refuses_what_it_cannot_do(app: Flask, client: FlaskClient) -> None:
    group = Group(client)
    table = night(client)
    document = client.get(table.url("/export.json")).get_json()
    before = stored(app)
    for headers in ({"Authorization": ""}, {"Authorization": "Bearer wrong"}):
        refused = group.import_(document, **headers)
        assert refused.status_code == 401, headers
        assert refused.headers["WWW-Authenticate"].startswith("Bearer")
        # The token is checked before the file: a wrong one learns nothing of it.
        assert group.import_({"format": "x"}, **headers).status_code == 401
    no_group = client.post(
        f"{API}/groups/{'y' * 22}/matches/import", json=document, headers=group.auth
    )
    assert no_group.status_code == 404
    assert errors_of(no_group) == {"_": ["there is no group with this id"]}
    hands = [{"bidder": "Ana", "bid": 5, "trump": "spades", "outcome": "made"}]
    bad_hand = group.import_(document | {"hands": hands})
    assert bad_hand.status_code == 422
    assert "hands[0].bid" in errors_of(bad_hand)
    assert stored(app) == before
    assert group.read()["matches"] == []


def test_imports_into_a_group_are_limited(make_app: MakeApp) -> None:  # noqa: F811
    client = make_app(RATELIMIT_IMPORTS="1 per minute").test_client()
    group = Group(client)
    exported = client.get(night(client).url("/export.json")).get_json()
    assert group.import_(exported).status_code == 201
    refused = group.import_(exported)
    assert refused.status_code == 429
    assert errors_of(refused) == {"_": [TOO_MANY]}
