"""The phone's memory stays under the cookie limit (issue 25, docs/sharing.md "What a phone
remembers"): at any number of matches and groups the session cookie keeps under 4 KB (name and
value: what Chromium keeps; a larger one is dropped and the old cookie stays), forgetting the
match tokens and group keys used longest ago, never the one used now."""

from __future__ import annotations

import warnings

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.web import session as memory
from tests.helpers import MatchClient

#: What a browser keeps of one cookie: its name and value (RFC 6265's minimum, Chromium's
#: limit).
COOKIE_LIMIT = 4096


def cookie_bytes(client: FlaskClient) -> int:
    cookie = client.get_cookie("session")
    assert cookie is not None
    return len("session") + len(cookie.value)


def start_group(client: FlaskClient, name: str) -> str:
    """A group started through its page; its private id."""
    started = client.post("/groups/new", data={"name": name})
    assert started.status_code == 303
    return started.headers["Location"].split("/")[2]


def scores(client: FlaskClient, match_url: str) -> bool:
    return 'id="hand-form"' in client.get(match_url).get_data(as_text=True)


def holds(client: FlaskClient, group: str) -> bool:
    return client.get(f"/g/{group}").status_code == 200


def fill(client: FlaskClient, matches: int, groups: int) -> tuple[list[str], list[str], int]:
    """Start ``matches`` matches and ``groups`` groups on one phone through their pages, every
    answer's cookie measured (werkzeug warns of one too large: an error here); the match URLs,
    the group ids and the largest cookie."""
    table = MatchClient(client)
    largest = 0
    urls, ids = [], []
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for _ in range(matches):
            urls.append(table.start("pinochle-2", ["Ana", "Ben"]))
            largest = max(largest, cookie_bytes(client))
        for i in range(groups):
            ids.append(start_group(client, f"Night {i}"))
            largest = max(largest, cookie_bytes(client))
    return urls, ids, largest


def test_sixty_matches_and_twenty_groups_keep_the_cookie_under_4_kb(app: Flask) -> None:
    client = app.test_client()
    urls, groups, largest = fill(client, 60, 20)
    assert largest < COOKIE_LIMIT
    # The newest links work: the latest matches' tokens and the latest groups' keys are kept.
    assert all(scores(client, url) for url in urls[-memory.KEPT_TOKENS :])
    assert all(holds(client, group) for group in groups[-memory.KEPT_KEYS :])
    # The oldest were forgotten: those matches are followed, those groups ask for their link.
    assert not scores(client, urls[0])
    assert not holds(client, groups[0])
    # A new scorekeeper link is kept too.
    fresh = MatchClient(client).start("pinochle-2", ["Cruz", "Dee"])
    assert scores(client, fresh)
    assert cookie_bytes(client) < COOKIE_LIMIT


def test_the_token_used_longest_ago_goes_first_not_the_oldest_kept(app: Flask) -> None:
    client = app.test_client()
    urls, _, _ = fill(client, memory.KEPT_TOKENS, 0)
    # The first match is opened again (the table plays it on): the second is now the one
    # used longest ago.
    assert scores(client, urls[0])
    MatchClient(client).start("pinochle-2", ["Cruz", "Dee"])
    assert scores(client, urls[0])
    assert not scores(client, urls[1])


def test_the_key_used_longest_ago_goes_first(app: Flask) -> None:
    client = app.test_client()
    _, groups, _ = fill(client, 0, memory.KEPT_KEYS)
    assert holds(client, groups[0])  # opened again
    start_group(client, "One more")
    assert holds(client, groups[0])
    assert not holds(client, groups[1])


def test_the_cookie_budget_holds_whatever_the_counts(
    app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With no count to stop them, the byte budget alone forgets the least recently used."""
    monkeypatch.setattr(memory, "KEPT_TOKENS", 1000)
    monkeypatch.setattr(memory, "KEPT_KEYS", 1000)
    client = app.test_client()
    urls, groups, largest = fill(client, 60, 20)
    assert largest < COOKIE_LIMIT
    assert holds(client, groups[-1])  # the one kept last is never forgotten
    fresh = MatchClient(client).start("pinochle-2", ["Cruz", "Dee"])
    assert scores(client, fresh)
    assert cookie_bytes(client) < COOKIE_LIMIT
    with client.session_transaction() as kept:
        assert 0 < len(kept["tokens"]) < 60
