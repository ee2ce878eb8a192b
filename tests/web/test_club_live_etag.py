"""The room's pages follow the night cheaply (docs/club.md §7.3, §9.7; issue 35 point 12): the
table page, the player page and the room page carry the night's ETag and answer 304 before
anything is rendered while the night is as the phone shows it; ``GET /cr/<read_id>/events`` says
the night's ETag as server-sent events, bounded per process and ending after a while."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.club import room
from tests.api.club_helpers import Night, hand, teams_entry


def join_table(app: Flask, night: Night, table: int) -> FlaskClient:
    """A phone that took table ``table``'s card (the key is kept in its session)."""
    phone = app.test_client()
    joined = phone.post(f"/cr/{night.read_id}/t/{table}/join", data={"key": night.codes[table]})
    assert joined.status_code == 303
    return phone


def no_render(*_: Any, **__: Any) -> Any:
    raise AssertionError("the page was rendered")


@pytest.mark.parametrize("path", ["/t/1", "/p/3", ""])
def test_a_page_of_the_room_is_a_304_while_the_night_stays_as_it_was(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch, path: str
) -> None:
    night = Night(client)
    url = f"/cr/{night.read_id}{path}"
    first = client.get(url)
    assert first.status_code == 200
    etag = first.headers["ETag"]
    assert etag.startswith('W/"')
    assert "no-cache" in first.headers["Cache-Control"]
    # Asked again with it: a 304, before the night's page is read or rendered.
    monkeypatch.setattr(room, "night_page", no_render)
    again = client.get(url, headers={"If-None-Match": etag})
    assert again.status_code == 304
    assert again.get_data() == b""
    assert again.headers["ETag"] == etag
    monkeypatch.undo()
    # The night moves on (a round starts): the page again, with another ETag.
    night.start(1)
    moved = client.get(url, headers={"If-None-Match": etag})
    assert moved.status_code == 200
    assert moved.headers["ETag"] != etag


def test_a_hand_at_another_table_changes_the_pages_etag(client: FlaskClient) -> None:
    night = Night(client)
    started = night.start(1)["round"]
    url = f"/cr/{night.read_id}"
    etag = client.get(url).headers["ETag"]
    assert client.get(url, headers={"If-None-Match": etag}).status_code == 304
    table = started["tables"][1]
    hand(client, table["match"], night.key(table["table"]), entry=teams_entry(300, 250))
    assert client.get(url, headers={"If-None-Match": etag}).status_code == 200


def test_the_table_phone_is_sent_to_its_match_when_the_round_starts_despite_its_etag(
    app: Flask, client: FlaskClient
) -> None:
    night = Night(client)
    phone = join_table(app, night, 1)
    waiting = phone.get(f"/cr/{night.read_id}/t/1")
    assert waiting.status_code == 200
    assert "private" in waiting.headers["Cache-Control"]
    etag = waiting.headers["ETag"]
    # The ETag is the phone's own: without the key the page is another one.
    assert client.get(f"/cr/{night.read_id}/t/1").headers["ETag"] != etag
    assert phone.get(f"/cr/{night.read_id}/t/1", headers={"If-None-Match": etag}).status_code == 304
    night.start(1)
    sent = phone.get(f"/cr/{night.read_id}/t/1", headers={"If-None-Match": etag})
    assert sent.status_code == 303
    assert "/m/" in sent.headers["Location"]


def test_the_pages_follow_the_night_without_javascript_and_with_it(client: FlaskClient) -> None:
    night = Night(client)
    for path in ("", "/t/1", "/p/2"):
        html = client.get(f"/cr/{night.read_id}{path}").get_data(as_text=True)
        # Without JavaScript they reload themselves; with it club_live.js follows the events.
        assert re.search(r'<noscript><meta http-equiv="refresh" content="\d+"></noscript>', html)
        assert f'data-live-events="/cr/{night.read_id}/events"' in html
        assert "club_live.js" in html


# --- The event stream ----------------------------------------------------------------------


def events_of(chunks: Iterator[bytes], count: int) -> list[dict[str, str]]:
    """The next ``count`` events of a stream (comments skipped)."""
    found: list[dict[str, str]] = []
    text = ""
    while len(found) < count:
        text += next(chunks).decode()
        while "\n\n" in text:
            block, text = text.split("\n\n", 1)
            fields = dict(
                line.split(": ", 1) for line in block.splitlines() if not line.startswith(":")
            )
            if "event" in fields:
                found.append(fields)
    return found


@pytest.fixture
def quick(app: Flask) -> Flask:
    """The app with a watcher that looks often and streams that end soon."""
    app.config["CLUB_LIVE_EVERY"] = 0.05
    app.config["CLUB_LIVE_KEEPALIVE"] = 0.2
    app.config["CLUB_LIVE_SECONDS"] = 5
    return app


def test_the_stream_says_the_nights_etag_and_each_new_one(
    quick: Flask, client: FlaskClient
) -> None:
    night = Night(client)
    response = client.get(f"/cr/{night.read_id}/events")
    try:
        assert response.status_code == 200
        assert response.mimetype == "text/event-stream"
        assert response.headers["Cache-Control"] == "no-store"
        assert "connect-src 'self'" in response.headers["Content-Security-Policy"]
        chunks: Iterator[bytes] = iter(response.response)  # type: ignore[arg-type]
        assert next(chunks).decode().startswith("retry: ")
        (first,) = events_of(chunks, 1)
        etag = client.get(f"/api/v1/club-nights/{night.read_id}/standings").headers["ETag"]
        assert first == {"event": "night", "id": first["data"], "data": etag[3:-1]}
        night.start(1)
        (moved,) = events_of(chunks, 1)
        assert moved["event"] == "night"
        now = client.get(f"/api/v1/club-nights/{night.read_id}/standings").headers["ETag"]
        assert moved["data"] == now[3:-1] != first["data"]
    finally:
        response.close()
    assert quick.extensions["club_live"].streams == 0


def test_a_stream_ends_after_a_while_and_says_so(quick: Flask, client: FlaskClient) -> None:
    quick.config["CLUB_LIVE_SECONDS"] = 0.3
    night = Night(client)
    response = client.get(f"/cr/{night.read_id}/events")
    text = response.get_data(as_text=True)  # it ends by itself
    response.close()
    assert text.rstrip().endswith("event: bye\ndata:")
    assert quick.extensions["club_live"].streams == 0


def test_the_streams_of_a_process_are_bounded(quick: Flask, client: FlaskClient) -> None:
    quick.config["CLUB_LIVE_STREAMS"] = 1
    night = Night(client)
    held = client.get(f"/cr/{night.read_id}/events")
    try:
        refused = client.get(f"/cr/{night.read_id}/events")
        assert refused.status_code == 503
        assert refused.headers["Retry-After"] == "30"
    finally:
        held.close()
    again = client.get(f"/cr/{night.read_id}/events")
    assert again.status_code == 200
    again.close()
    assert client.get("/cr/no-such-night/events").status_code == 404
