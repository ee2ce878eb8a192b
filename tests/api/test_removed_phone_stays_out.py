"""A phone removed from the scoring stays out (issue 35, point 8; docs/sharing.md "Who may do
what"): removing it withdraws the link it came in by and the links it made, on the pages and in
the API; on a club night's match a removed table phone gets no key on the night's next
rounds either."""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

from flask import Flask
from flask.testing import FlaskClient

from tests.api.club_helpers import Night, teams_entry
from tests.api.test_api_join import add_hand, bearer, link_code, started
from tests.helpers import API, open_scorekeeper_link, scorekeeper_link
from tests.web.test_hand_over import two_phones


def test_a_removed_phone_cannot_join_again_with_the_link_it_came_by(app: Flask) -> None:
    creator, phone = app.test_client(), app.test_client()
    public_id, token = started(creator)
    code = link_code(creator, public_id, token, hands_over=False)
    joined = phone.post(f"{API}/matches/{public_id}/join", json={"code": code})
    assert joined.status_code == 201
    key = joined.get_json()["token"]
    made = phone.post(f"{API}/matches/{public_id}/links", json={}, headers=bearer(key))
    own_code = parse_qs(urlsplit(made.get_json()["url"]).query)["code"][0]  # one of its own
    (scorer,) = creator.get(f"{API}/matches/{public_id}/scorers", headers=bearer(token)).get_json()[
        "scorers"
    ]
    removed = creator.delete(
        f"{API}/matches/{public_id}/scorers/{scorer['id']}", headers=bearer(token)
    )
    assert removed.status_code == 204
    assert add_hand(phone, public_id, key).status_code == 401
    for again in (code, own_code):
        back = phone.post(f"{API}/matches/{public_id}/join", json={"code": again})
        assert back.status_code == 401, back.get_json()
    # The scorekeeper scores on, and a new link lets a phone in again.
    assert add_hand(creator, public_id, token).status_code == 201
    fresh = link_code(creator, public_id, token, hands_over=False)
    assert phone.post(f"{API}/matches/{public_id}/join", json={"code": fresh}).status_code == 201


def test_a_phone_removed_on_the_share_page_is_refused_its_old_link(app: Flask) -> None:
    first, second, public_id, _ = two_phones(app)
    link = scorekeeper_link(first, public_id)
    assert open_scorekeeper_link(second, link).status_code == 303
    page = first.get(f"/m/{public_id}/share").get_data(as_text=True)
    (scorer_id,) = re.findall(r'data-scorer="(\d+)"', page)
    removed = first.post(f"/m/{public_id}/share/phones/{scorer_id}/remove")
    assert removed.status_code == 303
    again = open_scorekeeper_link(second, link)
    assert again.status_code == 403  # the refused link's page, not the match
    assert 'data-scorer="' not in first.get(f"/m/{public_id}/share").get_data(as_text=True)


def test_a_table_phone_the_host_removed_gets_no_key_on_the_next_round(
    client: FlaskClient,
) -> None:
    night = Night(client, 4, rules={"target": 5000}, rotation={"rounds": 2})
    match = night.start(1)["round"]["tables"][0]["match"]
    key = night.key(1)
    (scorer,) = client.get(f"{API}/matches/{match}/scorers", headers=night.auth).get_json()[
        "scorers"
    ]
    gone = client.delete(f"{API}/matches/{match}/scorers/{scorer['id']}", headers=night.auth)
    assert gone.status_code == 204
    entry = teams_entry(300, 250)
    refused = client.post(f"{API}/matches/{match}/hands", json=entry, headers=bearer(key))
    assert refused.status_code == 401
    assert (
        client.post(f"{API}/matches/{match}/hands", json=entry, headers=night.auth).status_code
        == 201
    )
    night.close(1)
    following = night.start(2)["round"]["tables"][0]["match"]
    later = client.post(f"{API}/matches/{following}/hands", json=entry, headers=bearer(key))
    assert later.status_code == 401
