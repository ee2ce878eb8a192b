"""The pages come from cache again (issue 26, item 7): the static files are cached for a year
under their content hashes, and a phone that views its match again and again fetches none of
them again. Their answers vary on the encoding only (not on the cookies or the language, which
change between views), and the session cookie goes out only when it changed, so nothing a page
view sends changes what the next one asks with. The service worker is blocked: this is the
browser's own cache, as on a phone over plain HTTP."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from .conftest import PAGE_ONLY, TIMEOUT_MS, VIEWPORT, Phone
from .flows import enter_hand
from .table import start

pytestmark = PAGE_ONLY


@pytest.fixture
def cached_phone(
    playwright_browser: Any, live_server: str
) -> Iterator[tuple[Phone, list[dict[str, Any]]]]:
    """A phone without service worker; with every answer it gets: its URL, whether the server
    sent it (not a cached copy), its ``Vary`` and whether it set the session cookie."""
    context = playwright_browser.new_context(
        viewport=VIEWPORT, is_mobile=True, has_touch=True, service_workers="block"
    )
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    answers: list[dict[str, Any]] = []
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")

    served: set[str] = set()

    def on_response(event: dict[str, Any]) -> None:
        response = event["response"]
        headers = {name.lower(): value for name, value in response["headers"].items()}
        # Every answer of the server has a request id of its own: one seen before is a copy
        # (the browser's cache, whatever its kind).
        request_id = headers.get("x-request-id", "")
        answers.append(
            {
                "url": response["url"],
                "network": request_id not in served,
                "vary": headers.get("vary", ""),
                "session": any(
                    line.startswith("session=")
                    for line in headers.get("set-cookie", "").split("\n")
                ),
            }
        )
        served.add(request_id)

    cdp.on("Network.responseReceived", on_response)
    try:
        yield Phone(page, live_server), answers
    finally:
        context.close()


def test_a_match_viewed_again_fetches_no_static_file_again(
    cached_phone: tuple[Phone, list[dict[str, Any]]],
) -> None:
    phone, answers = cached_phone
    path = start(phone, "pinochle-2", ["Ana", "Ben"], language="it")
    enter_hand(phone, {"meld_0": "20", "tricks_0": "130"})
    phone.go(path + "/board")
    phone.go(path)  # the static files are all cached now (the board's too)
    statics = [a for a in answers if "/static/" in a["url"] and a["network"]]
    assert {a["url"].split("?")[0].rsplit("/", 1)[1] for a in statics} >= {"app.js", "queue.js"}
    for answer in statics:
        assert answer["vary"] == "Accept-Encoding", answer
        assert not answer["session"], answer
    del answers[:]
    phone.go(path)
    phone.go(f"/lang/es?next={path}")  # the language switch: a cookie more, the same files
    assert phone.page.url.endswith(path)
    phone.go(path + "/board")
    phone.go(path)
    fetched = [a["url"] for a in answers if "/static/" in a["url"] and a["network"]]
    pages = [a for a in answers if "/static/" not in a["url"]]
    assert fetched == []
    assert pages
    assert [a["url"] for a in pages if a["session"]] == []
