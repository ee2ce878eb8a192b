"""Rate limits (issues 13 and 25; docs/api.md "Limits"): match creation (pages and API share
one count), import and the scorekeeper links taken, per address, and the requests refused for
their credential, per credential and match and per address, are answered 429 with
``Retry-After`` once spent; JSON under ``/api/``, a page elsewhere. A right credential is
never refused for other requests' wrong ones (tests/api/test_limits_room.py: a room behind one
address). The suite runs with the limits off (``TestConfig``); these tests turn them on with
small numbers. ``RATELIMIT_STORAGE_URI`` puts the counts in Redis, shared by several servers.
"""

from __future__ import annotations

import os
import re
import secrets
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from scorekeeper import config as configuration
from tests.helpers import (
    API,
    EXAMPLE_MATCH,
    NEW_MATCH_FORM,
    MatchClient,
    errors_of,
    keep_token,
    limited_apps,
    open_scorekeeper_link,
    scorekeeper_link,
)

REDIS_URL = os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379")
TOO_MANY = "Too many requests from this address: try again later."

MakeApp = Callable[..., Flask]


@pytest.fixture
def make_app(app: Flask, tmp_path: Path) -> Iterator[MakeApp]:
    """Apps on the test database (``app`` emptied it) with the limits on; ``settings`` override
    the configuration (``RATELIMIT_NEW_MATCHES="2 per minute"``...)."""
    with limited_apps(app, tmp_path) as make:
        yield make


def _create(client: FlaskClient, address: str = "127.0.0.1") -> TestResponse:
    return client.post(f"{API}/matches", json=EXAMPLE_MATCH, environ_base={"REMOTE_ADDR": address})


def _retry_after(response: TestResponse, most: int) -> int:
    seconds = int(response.headers["Retry-After"])
    assert 1 <= seconds <= most
    return seconds


def test_new_matches_share_one_count_across_api_and_pages(make_app: MakeApp) -> None:
    client = make_app(RATELIMIT_NEW_MATCHES="2 per minute").test_client()
    assert _create(client).status_code == 201
    assert _create(client).status_code == 201

    refused = _create(client)
    assert refused.status_code == 429
    assert refused.is_json
    assert errors_of(refused) == {"_": [TOO_MANY]}  # docs/api.md: the one error shape
    _retry_after(refused, 60)

    # The new-match page counts with the API: a plain page, with Retry-After too.
    players = {f"player_{i}": name for i, name in enumerate(NEW_MATCH_FORM["pinochle-2"])}
    page = client.post("/new/pinochle-2", data=players)
    assert page.status_code == 429
    assert page.mimetype == "text/html"
    assert TOO_MANY in page.get_data(as_text=True)
    _retry_after(page, 60)
    # Reading is never limited: the form itself still opens.
    assert client.get("/new/pinochle-2").status_code == 200

    # Another address has a count of its own.
    assert _create(client, "192.0.2.7").status_code == 201


def test_the_refusal_speaks_the_language_of_the_request(make_app: MakeApp) -> None:
    client = make_app(RATELIMIT_NEW_MATCHES="1 per minute").test_client()
    assert _create(client).status_code == 201
    refused = client.post(f"{API}/matches?lang=es", json=EXAMPLE_MATCH)
    assert refused.status_code == 429
    message = errors_of(refused)["_"][0]
    assert message != TOO_MANY
    assert message.startswith("Demasiadas")


def test_an_ipv6_client_is_counted_by_its_64_network(make_app: MakeApp) -> None:
    client = make_app(RATELIMIT_NEW_MATCHES="1 per minute").test_client()
    assert _create(client, "2001:db8:1:2::10").status_code == 201
    assert _create(client, "2001:db8:1:2:ffff::1").status_code == 429
    assert _create(client, "2001:db8:1:3::10").status_code == 201


def test_import_is_limited_on_its_own(make_app: MakeApp) -> None:
    client = make_app(RATELIMIT_IMPORTS="1 per minute").test_client()
    table = MatchClient(client)
    table.create(EXAMPLE_MATCH)
    exported = client.get(f"/m/{table.id}/export.json").get_data(as_text=True)

    assert client.post("/import", data={"pasted": exported}).status_code == 303
    refused = client.post("/import", data={"pasted": exported})
    assert refused.status_code == 429
    assert TOO_MANY in refused.get_data(as_text=True)
    _retry_after(refused, 60)
    assert client.get("/import").status_code == 200


def test_joins_count_the_links_taken(make_app: MakeApp) -> None:
    app = make_app(RATELIMIT_JOINS="2 per minute")
    host = app.test_client()
    table = MatchClient(host)
    table.create({"variant": "pinochle-2", "players": ["Ana", "Ben"]})
    keep_token(host, table.id, table.token)
    link = scorekeeper_link(host, table.id)
    # Showing the button takes nothing: it is not counted.
    for _ in range(3):
        assert host.get(link).status_code == 200
    assert open_scorekeeper_link(app.test_client(), link).status_code == 303
    assert open_scorekeeper_link(app.test_client(), link).status_code == 303
    path, _, code = link.partition("?code=")
    refused = app.test_client().post(path, data={"code": code})
    assert refused.status_code == 429
    _retry_after(refused, 60)


def test_a_wrong_code_is_a_refusal_and_never_spends_the_joins(make_app: MakeApp) -> None:
    app = make_app(RATELIMIT_JOINS="1 per minute", RATELIMIT_FAILED_TOKENS="2 per minute")
    host = app.test_client()
    table = MatchClient(host)
    table.create({"variant": "pinochle-2", "players": ["Ana", "Ben"]})
    keep_token(host, table.id, table.token)
    join = f"/m/{table.id}/join"
    assert host.post(join, data={"code": "not-a-code"}).status_code == 403
    assert host.post(join, data={"code": "not-a-code"}).status_code == 403
    refused = host.post(join, data={"code": "not-a-code"})
    assert refused.status_code == 429
    _retry_after(refused, 60)
    # The right code is taken all the same, from the same address.
    link = scorekeeper_link(host, table.id)
    assert open_scorekeeper_link(app.test_client(), link).status_code == 303


def test_refusals_count_per_presented_token_and_match(make_app: MakeApp) -> None:
    client = make_app(RATELIMIT_FAILED_TOKENS="2 per minute").test_client()
    table = MatchClient(client)
    table.create(EXAMPLE_MATCH)
    wrong = {"Authorization": "Bearer not-the-token"}

    # Writes with the right token never count, whatever their answer (here the rules' 422).
    for _ in range(3):
        assert client.post(table.url("/hands"), json={}, headers=table.auth).status_code == 422
    assert client.post(table.url("/hands"), json={}, headers=wrong).status_code == 401
    assert client.post(table.url("/hands"), json={}, headers=wrong).status_code == 401

    # That token has spent its count on this match: it waits.
    refused = client.post(table.url("/hands"), json={}, headers=wrong)
    assert refused.status_code == 429
    assert errors_of(refused) == {"_": [TOO_MANY]}
    _retry_after(refused, 60)
    # The right token is never refused for it, nor is another token's own count spent.
    assert client.post(table.url("/hands"), json={}, headers=table.auth).status_code == 422
    other = {"Authorization": "Bearer another-wrong-token"}
    assert client.post(table.url("/hands"), json={}, headers=other).status_code == 401
    # Reading goes on.
    assert client.get(table.url()).status_code == 200
    assert client.get(f"/m/{table.id}").status_code == 200


def test_refusals_count_per_address_with_a_cap_of_their_own(make_app: MakeApp) -> None:
    client = make_app(RATELIMIT_FAILED_TOKENS_ADDRESS="3 per minute").test_client()
    table = MatchClient(client)
    table.create(EXAMPLE_MATCH)

    def guess(number: int, address: str = "127.0.0.1") -> int:
        headers = {"Authorization": f"Bearer guess-{number}"}
        return client.post(
            table.url("/hands"), json={}, headers=headers, environ_base={"REMOTE_ADDR": address}
        ).status_code

    # A guesser changes its token at every try: the address's count slows it.
    assert [guess(n) for n in range(3)] == [401, 401, 401]
    assert guess(3) == 429
    # The table behind the same address scores on (its token is taken: the rules' 422).
    assert client.post(table.url("/hands"), json={}, headers=table.auth).status_code == 422
    # Another address has a count of its own.
    assert guess(4, "192.0.2.7") == 401


def test_a_page_write_without_the_token_counts(make_app: MakeApp) -> None:
    client = make_app(RATELIMIT_FAILED_TOKENS="1 per minute").test_client()
    table = MatchClient(client)
    table.create(EXAMPLE_MATCH)  # through the API: this browser holds no token
    assert client.post(f"/m/{table.id}/hands", data={}).status_code == 403
    assert client.post(f"/m/{table.id}/hands", data={}).status_code == 429


def test_ratelimit_enabled_off_lifts_every_limit(make_app: MakeApp) -> None:
    client = make_app(RATELIMIT_ENABLED=False, RATELIMIT_NEW_MATCHES="1 per minute").test_client()
    for _ in range(3):
        assert _create(client).status_code == 201


def test_the_settings_come_from_the_environment(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("SECRET_KEY", "x")
    for name in ("RATELIMIT_ENABLED", "RATELIMIT_STORAGE_URI"):
        monkeypatch.delenv(name, raising=False)
    config = configuration.Config(str(tmp_path))
    assert config.RATELIMIT_ENABLED is True
    assert config.RATELIMIT_STORAGE_URI == "memory://"
    for off in ("0", "false", "off"):
        monkeypatch.setenv("RATELIMIT_ENABLED", off)
        assert configuration.Config(str(tmp_path)).RATELIMIT_ENABLED is False
    monkeypatch.setenv("RATELIMIT_ENABLED", "1")
    monkeypatch.setenv("RATELIMIT_STORAGE_URI", REDIS_URL)
    config = configuration.Config(str(tmp_path))
    assert config.RATELIMIT_ENABLED is True
    assert config.RATELIMIT_STORAGE_URI == REDIS_URL


# --- A store shared by several servers ---------------------------------------------------------


@pytest.fixture
def redis_prefix() -> Iterator[str]:
    """A key prefix of this test's own in the Redis of ``TEST_REDIS_URL``; its keys are deleted
    at the end. Redis unreachable: skipped, unless ``CI`` is set (then it fails)."""
    import redis

    server = redis.Redis.from_url(REDIS_URL, socket_timeout=5, socket_connect_timeout=5)
    try:
        server.ping()
    except redis.RedisError as error:
        if os.environ.get("CI"):
            raise
        pytest.skip(f"Redis at {REDIS_URL} is unreachable: {error}")
    prefix = f"scorekeeper-test-{secrets.token_hex(6)}"
    try:
        yield prefix
    finally:
        for key in server.scan_iter(match=f"*{prefix}*"):
            server.delete(key)
        server.close()


def test_a_shared_store_counts_for_every_server(make_app: MakeApp, redis_prefix: str) -> None:
    import redis

    settings = {
        "RATELIMIT_STORAGE_URI": REDIS_URL,
        "RATELIMIT_STORAGE_OPTIONS": {"key_prefix": redis_prefix},
        "RATELIMIT_NEW_MATCHES": "2 per minute",
    }
    first = make_app(**settings).test_client()
    assert _create(first).status_code == 201
    assert _create(first).status_code == 201
    server = redis.Redis.from_url(REDIS_URL, socket_timeout=5)
    assert list(server.scan_iter(match=f"*{redis_prefix}*")), "no count was kept in Redis"

    # A second server (a new app: nothing of the first's memory) reads the same count.
    second = make_app(**settings).test_client()
    refused = _create(second)
    assert refused.status_code == 429
    _retry_after(refused, 60)


def test_the_memory_store_is_a_servers_own(make_app: MakeApp) -> None:
    """The contrast that makes the test above mean something: without a shared store a second
    server starts its own count."""
    first = make_app(RATELIMIT_NEW_MATCHES="2 per minute").test_client()
    assert _create(first).status_code == 201
    assert _create(first).status_code == 201
    assert _create(first).status_code == 429
    second = make_app(RATELIMIT_NEW_MATCHES="2 per minute").test_client()
    assert _create(second).status_code == 201


def test_the_docs_say_the_configured_numbers(tmp_path: Path) -> None:
    """docs/api.md "Limits" and the README's ``RATELIMIT_ENABLED`` line give each limit's
    numbers as :class:`~scorekeeper.config.Config` sets them."""
    root = Path(__file__).resolve().parents[2]
    api = (root / "docs/api.md").read_text()
    limits = api[api.index("## Limits") :]
    limits = limits[: limits.index("\n## ", 1)]
    readme = next(
        line
        for line in (root / "README.md").read_text().splitlines()
        if line.startswith("| `RATELIMIT_ENABLED` |")
    )
    for name in (
        "RATELIMIT_NEW_MATCHES",
        "RATELIMIT_IMPORTS",
        "RATELIMIT_JOINS",
        "RATELIMIT_FAILED_TOKENS",
        "RATELIMIT_FAILED_TOKENS_ADDRESS",
    ):
        minute, hour = str(getattr(configuration.Config, name)).split(";")
        assert minute.endswith(" per minute"), (name, minute)
        assert hour.endswith(" per hour"), (name, hour)
        for number in (int(minute.split()[0]), int(hour.split()[0])):
            said = f"{number:,}" if number >= 1000 else str(number)
            alone = re.compile(rf"(?<![\d,]){re.escape(said)}(?![\d,])")
            assert alone.search(limits), (name, said, "docs/api.md")
            assert alone.search(readme), (name, said, "README.md")


def test_a_wrong_group_key_is_a_refusal_and_the_right_one_opens(make_app: MakeApp) -> None:
    from tests.web.test_groups import start_group

    app = make_app(RATELIMIT_FAILED_TOKENS_ADDRESS="2 per minute")
    holder, guesser = app.test_client(), app.test_client()
    group, private, _ = start_group(holder)
    for number in range(2):
        assert guesser.get(f"/g/{group}/open?key=guess-{number}").status_code == 403
    refused = guesser.get(f"/g/{group}/open?key=guess-2")
    assert refused.status_code == 429
    _retry_after(refused, 60)
    # The group's own page without a key is a plain read: never counted, never refused so.
    assert guesser.get(f"/g/{group}").status_code == 403
    # The right key opens from the same address.
    assert app.test_client().get(private).status_code == 303
