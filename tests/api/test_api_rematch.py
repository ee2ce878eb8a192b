"""New game, same table over the API (issue 27; docs/api.md "New game, same table"):
``POST /api/v1/matches/<id>/rematch`` and, in the match's group,
``POST /api/v1/groups/<id>/matches/<match id>/rematch``. The new match is the one the match
page's button starts (same seats, teams, house rules, the first deal one seat on), and in a
group each seat stands for the same roster player as the page's; every refusal is the API's."""

from __future__ import annotations

from typing import Any

import pytest
import sqlalchemy as sa
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.extensions import db
from scorekeeper.models import Match
from tests.helpers import API, EXAMPLE_MATCH, MatchClient, errors_of
from tests.web.test_rate_limits import TOO_MANY, MakeApp, make_app  # noqa: F401

#: Two-handed pinochle (docs/rules.md §2): Ana melds 150 and takes 130 of the 250 trick
#: points, Ben melds 40 and takes the other 120.
HAND = {"meld": {"Ana": 150, "Ben": 40}, "tricks": {"Ana": 130, "Ben": 120}}
#: What a rematch carries over, and what it moves on: every other field is the new match's own.
TABLE_FIELDS = (
    "variant", "rules", "players", "teams", "sides", "first_dealer", "dealer", "leader",
    "hands", "totals", "kitty", "status", "winner", "standings", "sitting_out", "version",
)  # fmt: skip


def the_table(match: dict[str, Any]) -> dict[str, Any]:
    """What a rematch decides of a match: its table, not its id, token or timestamps."""
    return {name: match[name] for name in TABLE_FIELDS}


def rematch(client: FlaskClient, public_id: str, **kwargs: Any) -> Any:
    return client.post(f"{API}/matches/{public_id}/rematch", **kwargs)


def matches_stored(app: Flask) -> int:
    with app.app_context():
        return int(db.session.scalar(sa.select(sa.func.count()).select_from(Match)) or 0)


class Group:
    """A group made over the API, and what its token writes."""

    def __init__(self, client: FlaskClient) -> None:
        made = client.post(f"{API}/groups", json={"name": "Thursday"})
        assert made.status_code == 201, made.get_json()
        self.client = client
        self.id: str = made.get_json()["id"]
        self.read_id: str = made.get_json()["read_id"]
        self.token: str = made.get_json()["token"]
        self.auth = {"Authorization": f"Bearer {self.token}"}

    def start(self, body: dict[str, Any]) -> dict[str, Any]:
        made = self.client.post(f"{API}/groups/{self.id}/matches", json=body, headers=self.auth)
        assert made.status_code == 201, made.get_json()
        match: dict[str, Any] = made.get_json()
        return match

    def rematch(self, match_id: str, **headers: str) -> Any:
        return self.client.post(
            f"{API}/groups/{self.id}/matches/{match_id}/rematch", headers=self.auth | headers
        )

    def matches(self) -> list[dict[str, Any]]:
        found: list[dict[str, Any]] = self.client.get(f"{API}/groups/{self.read_id}").get_json()[
            "matches"
        ]
        return found


# --- Alone ---------------------------------------------------------------------------------


def test_a_rematch_is_the_same_table_with_the_deal_moved_on(client: FlaskClient) -> None:
    table = MatchClient(client)
    old = table.create(EXAMPLE_MATCH | {"dealer": "Ben"})
    table.add_ok({"meld": {"Us": 100, "Them": 60}, "tricks": {"Us": 150, "Them": 100}})
    response = rematch(client, table.id)
    assert response.status_code == 201, response.get_json()
    assert response.headers["Cache-Control"] == "no-store"  # it carries an edit token
    new = response.get_json()
    assert new["id"] != table.id
    assert (new["variant"], new["players"], new["teams"]) == (
        old["variant"],
        old["players"],
        old["teams"],
    )
    assert new["rules"] == old["rules"]
    # Ben dealt first; the next game's first deal passes on one seat, to Cruz.
    assert (new["first_dealer"], new["dealer"]) == ("Cruz", "Cruz")
    assert (new["hands"], new["version"], new["status"]) == ([], 1, "in_progress")
    # Its edit token writes to it, not to the old match; the old match did not change.
    auth = {"Authorization": f"Bearer {new['edit_token']}"}
    hand = {"meld": {"Us": 20, "Them": 20}, "tricks": {"Us": 125, "Them": 125}}
    assert (
        client.post(f"{API}/matches/{new['id']}/hands", json=hand, headers=auth).status_code == 201
    )
    assert client.post(table.url("/hands"), json=hand, headers=auth).status_code == 401
    assert table.get()["version"] == 2


def test_the_page_and_the_api_start_the_same_next_game(app: Flask, client: FlaskClient) -> None:
    table = MatchClient(client)
    url = table.start("pinochle-3", opt_target="300", dealer="2")
    first = client.post(url + "/rematch")
    assert first.status_code == 303
    by_page = client.get(f"{API}/matches/{first.headers['Location'].rsplit('/', 1)[1]}")
    by_api = rematch(client, table.id)
    assert by_api.status_code == 201
    assert the_table(by_api.get_json()) == the_table(by_page.get_json())
    assert by_api.get_json()["first_dealer"] == "Ana"  # Cruz dealt first: the deal passes on


def test_a_rematch_of_a_match_of_a_group_is_alone_on_this_path(client: FlaskClient) -> None:
    group = Group(client)
    old = group.start({"variant": "pinochle-2", "players": ["Ana", "Ben"]})
    new = rematch(client, old["id"]).get_json()
    assert [m["id"] for m in group.matches()] == [old["id"]]
    assert "seats" not in new


def test_a_rematch_refuses_what_it_cannot_do(app: Flask, client: FlaskClient) -> None:
    table = MatchClient(client)
    table.create({"variant": "pinochle-2", "players": ["Ana", "Ben"]})
    stored = matches_stored(app)

    missing = rematch(client, "x" * 22)
    assert missing.status_code == 404
    assert errors_of(missing) == {"_": ["there is no match with this id"]}
    # The path says everything: an empty object is taken, any key is a 422.
    assert rematch(client, table.id, json={}).status_code == 201
    stored += 1
    keyed = rematch(client, table.id, json={"dealer": "Ben"})
    assert keyed.status_code == 422
    assert "dealer" in errors_of(keyed)
    assert rematch(client, table.id, data="x", content_type="text/plain").status_code == 415
    assert matches_stored(app) == stored


def test_house_rules_a_new_match_no_longer_takes_are_a_422(app: Flask, client: FlaskClient) -> None:
    table = MatchClient(client)
    table.create({"variant": "pinochle-2", "players": ["Ana", "Ben"]})
    with app.app_context():
        match = db.session.scalar(sa.select(Match).where(Match.public_id == table.id))
        assert match is not None
        match.options = {**match.options, "target": -50}  # stored by an older release, say
        db.session.commit()
    refused = rematch(client, table.id)
    assert refused.status_code == 422
    assert "rules.target" in errors_of(refused)


def test_new_matches_and_rematches_share_one_count(make_app: MakeApp) -> None:  # noqa: F811
    client = make_app(RATELIMIT_NEW_MATCHES="2 per minute").test_client()
    table = MatchClient(client)
    table.create({"variant": "pinochle-2", "players": ["Ana", "Ben"]})
    assert rematch(client, table.id).status_code == 201
    refused = rematch(client, table.id)
    assert refused.status_code == 429
    assert errors_of(refused) == {"_": [TOO_MANY]}
    assert 1 <= int(refused.headers["Retry-After"]) <= 60
    assert client.post(f"{API}/matches", json=EXAMPLE_MATCH).status_code == 429


# --- In the group ----------------------------------------------------------------------------


def test_the_next_game_in_the_group_keeps_who_sat_where(client: FlaskClient) -> None:
    group = Group(client)
    old = group.start({"variant": "pinochle-2", "players": ["Ana", "Ben"]})
    ana = old["seats"]["Ana"]
    # The roster renames Ana: the next game's seat "Ana" still stands for her.
    renamed = client.patch(
        f"{API}/groups/{group.id}/players/{ana}", json={"name": "Anna"}, headers=group.auth
    )
    assert renamed.status_code == 200
    response = group.rematch(old["id"])
    assert response.status_code == 201, response.get_json()
    assert response.headers["Cache-Control"] == "no-store"
    new = response.get_json()
    assert new["seats"] == old["seats"]
    assert (new["players"], new["first_dealer"]) == (["Ana", "Ben"], "Ben")
    assert [m["id"] for m in group.matches()] == [old["id"], new["id"]]
    assert group.matches()[1]["seats"] == old["seats"]


def test_the_page_and_the_api_start_the_same_next_game_in_the_group(
    client: FlaskClient,
) -> None:
    group = Group(client)
    old = group.start({"variant": "pinochle-2", "players": ["Ana", "Ben"]})
    # This phone holds the group's key (its private link), as the page's rematch needs.
    assert client.get(f"/g/{group.id}/open?key={group.token}").status_code == 303
    assert client.post(f"/m/{old['id']}/rematch").status_code == 303
    by_api = group.rematch(old["id"]).get_json()
    first, by_page, third = group.matches()
    assert (first["id"], third["id"]) == (old["id"], by_api["id"])
    assert by_page["seats"] == third["seats"] == old["seats"]
    page_match = client.get(f"{API}/matches/{by_page['id']}").get_json()
    assert the_table(page_match) == the_table(by_api)


def test_a_match_in_no_group_goes_on_in_the_group(client: FlaskClient) -> None:
    group = Group(client)
    table = MatchClient(client)
    table.create({"variant": "pinochle-2", "players": ["Ana", "Ben"]})
    new = group.rematch(table.id)
    assert new.status_code == 201
    assert [m["id"] for m in group.matches()] == [new.get_json()["id"]]
    assert set(new.get_json()["seats"]) == {"Ana", "Ben"}


def test_the_group_path_refuses_what_it_cannot_do(app: Flask, client: FlaskClient) -> None:
    group, other = Group(client), Group(client)
    mine = group.start({"variant": "pinochle-2", "players": ["Ana", "Ben"]})
    theirs = other.start({"variant": "pinochle-2", "players": ["Ana", "Ben"]})
    stored = matches_stored(app)

    for headers in ({"Authorization": ""}, {"Authorization": "Bearer wrong"}, other.auth):
        refused = group.rematch(mine["id"], **headers)
        assert refused.status_code == 401, headers
        assert refused.headers["WWW-Authenticate"].startswith("Bearer")
    # Without the token nothing is said of where a match is: a 401, not the 422 below.
    assert group.rematch(theirs["id"], Authorization="Bearer wrong").status_code == 401

    elsewhere = group.rematch(theirs["id"])
    assert elsewhere.status_code == 422
    assert errors_of(elsewhere) == {"match": ["this match is in another group already"]}
    assert group.rematch("x" * 22).status_code == 404
    no_group = client.post(
        f"{API}/groups/{'y' * 22}/matches/{mine['id']}/rematch", headers=group.auth
    )
    assert no_group.status_code == 404
    assert errors_of(no_group) == {"_": ["there is no group with this id"]}
    assert matches_stored(app) == stored
    assert [m["id"] for m in group.matches()] == [mine["id"]]


@pytest.mark.parametrize("path", ["rematch", "group"])
def test_a_rematch_into_the_group_counts_with_new_matches(
    make_app: MakeApp,  # noqa: F811
    path: str,
) -> None:
    client = make_app(RATELIMIT_NEW_MATCHES="3 per minute").test_client()
    group = Group(client)  # one
    old = group.start({"variant": "pinochle-2", "players": ["Ana", "Ben"]})  # two
    first = group.rematch(old["id"]) if path == "group" else rematch(client, old["id"])
    assert first.status_code == 201  # three
    refused = group.rematch(old["id"])
    assert refused.status_code == 429
    assert "Retry-After" in refused.headers
