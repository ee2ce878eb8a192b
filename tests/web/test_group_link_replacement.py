"""Replacing a group's private link (issue 25; docs/groups.md "Two links", docs/api.md
"Groups"): the holder of the private link gets a new one, from the group page (a form with its
CSRF token) or over the API; the old link, and every phone that kept it, stops writing at once;
the phone that replaced it keeps the new one.
"""

from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient

from tests.helpers import API
from tests.web.test_groups import link, start_group


def test_the_group_page_replaces_the_private_link_and_the_old_one_stops_at_once(
    app: Flask,
) -> None:
    mine, theirs = app.test_client(), app.test_client()
    group, old_private, read = start_group(mine)
    assert theirs.get(old_private).status_code == 303  # another phone kept the old key
    assert theirs.get(f"/g/{group}").status_code == 200
    page = mine.get(f"/g/{group}").get_data(as_text=True)
    assert f'action="/g/{group}/link"' in page

    replaced = mine.post(f"/g/{group}/link")
    assert replaced.status_code == 303
    assert replaced.headers["Cache-Control"] == "no-store"
    assert replaced.headers["Location"] == f"/g/{group}/share"
    share = mine.get(replaced.headers["Location"]).get_data(as_text=True)
    new_private = link(share, "private-link")
    assert new_private != old_private
    assert link(share, "read-link") == read  # the read-only link stays
    # This phone goes on with the new key; the one with the old key is shut out, and the old
    # link lets nobody in any more.
    assert mine.get(f"/g/{group}").status_code == 200
    assert mine.post(f"/g/{group}/players", data={"add-name": "Ana"}).status_code == 303
    assert theirs.get(f"/g/{group}").status_code == 403
    assert theirs.post(f"/g/{group}/players", data={"add-name": "Ben"}).status_code == 403
    stranger = app.test_client()
    assert stranger.get(old_private).status_code == 403
    assert stranger.get(new_private).status_code == 303
    assert stranger.get(f"/g/{group}").status_code == 200
    assert theirs.get(read).status_code == 200


def test_only_the_holder_of_the_private_link_replaces_it(app: Flask) -> None:
    mine, reader = app.test_client(), app.test_client()
    group, private, read = start_group(mine)
    assert reader.get(read).status_code == 200
    assert reader.post(f"/g/{group}/link").status_code == 403
    assert app.test_client().get(private).status_code == 303  # still the same link


def test_replacing_the_link_on_the_page_needs_its_csrf_token(app: Flask) -> None:
    client = app.test_client()
    group, private, _ = start_group(client)
    app.config["WTF_CSRF_ENABLED"] = True
    assert client.post(f"/g/{group}/link").status_code == 400
    page = client.get(f"/g/{group}").get_data(as_text=True)
    form = page.split('id="replace-link"', 1)[1]
    token = re.search(r'name="csrf_token" value="([^"]+)"', form)
    assert token
    assert client.post(f"/g/{group}/link", data={"csrf_token": token.group(1)}).status_code == 303
    assert app.test_client().get(private).status_code == 403


def test_the_api_replaces_the_token_and_the_old_one_is_refused(client: FlaskClient) -> None:
    made = client.post(f"{API}/groups", json={"name": "Thursday"}).get_json()
    group, old = made["id"], made["token"]
    wrong = client.post(f"{API}/groups/{group}/token", headers={"Authorization": "Bearer nope"})
    assert wrong.status_code == 401
    assert client.post(f"{API}/groups/{group}/token").status_code == 401

    answer = client.post(f"{API}/groups/{group}/token", headers={"Authorization": f"Bearer {old}"})
    assert answer.status_code == 200
    assert answer.headers["Cache-Control"] == "no-store"
    body = answer.get_json()
    assert set(body) == {"token", "private_url"}
    new = body["token"]
    assert new != old
    assert body["private_url"].endswith(f"/g/{group}/open?key={new}")

    add = f"{API}/groups/{group}/players"
    refused = client.post(add, json={"name": "Ana"}, headers={"Authorization": f"Bearer {old}"})
    assert refused.status_code == 401
    taken = client.post(add, json={"name": "Ana"}, headers={"Authorization": f"Bearer {new}"})
    assert taken.status_code == 201
    again = client.post(f"{API}/groups/{group}/token", headers={"Authorization": f"Bearer {old}"})
    assert again.status_code == 401
