"""The pages come from cache again (issue 26, item 7): the static files are cached for a year
under their content hashes, and a phone that views its match again and again fetches none of
them again. Their answers vary on the encoding only (not on the cookies or the language, which
change between views), and the session cookie goes out only when it changed, so nothing a page
view sends changes what the next one asks with. The service worker is blocked: this is the
browser's own cache, as on a phone over plain HTTP; the match is opened again in a new tab too
(the cache on disk, which honours ``Vary``, not the copies a tab keeps in memory)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from .conftest import PAGE_ONLY, TIMEOUT_MS, VIEWPORT, Phone
from .flows import enter_hand
from .table import start

pytestmark = PAGE_ONLY


class Watched:
    """A phone without service worker, and every answer its tabs got: its URL, whether the
    server sent it (not a cached copy), its ``Vary`` and whether it set the session cookie."""

    def __init__(self, context: Any, base: str) -> None:
        self.context = context
        self.answers: list[dict[str, Any]] = []
        self.served: set[str] = set()
        self.phone = Phone(self.new_tab(), base)

    def new_tab(self) -> Any:
        """A new tab of the same browser (its cache on disk, none of the first tab's memory)."""
        page = self.context.new_page()
        cdp = self.context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.on("Network.responseReceived", self.on_response)
        return page

    def on_response(self, event: dict[str, Any]) -> None:
        response = event["response"]
        headers = {name.lower(): value for name, value in response["headers"].items()}
        # Every answer of the server has a request id of its own: one seen before is a copy
        # (the browser's cache, whatever its kind).
        request_id = headers.get("x-request-id", "")
        self.answers.append(
            {
                "url": response["url"],
                "network": request_id not in self.served,
                "vary": headers.get("vary", ""),
                "session": any(
                    line.startswith("session=")
                    for line in headers.get("set-cookie", "").split("\n")
                ),
            }
        )
        self.served.add(request_id)


@pytest.fixture
def watched(playwright_browser: Any, live_server: str) -> Iterator[Watched]:
    """A :class:`Watched` phone."""
    context = playwright_browser.new_context(
        viewport=VIEWPORT, is_mobile=True, has_touch=True, service_workers="block"
    )
    context.set_default_timeout(TIMEOUT_MS)
    try:
        yield Watched(context, live_server)
    finally:
        context.close()


def test_a_match_viewed_again_fetches_no_static_file_again(watched: Watched) -> None:
    phone, answers = watched.phone, watched.answers
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
    # Later, in another tab: what the browser keeps on disk, as a phone opening it again.
    phone.page.close()
    phone = Phone(watched.new_tab(), phone.base)
    phone.go(path)
    phone.go(path + "/board")
    fetched = [a["url"] for a in answers if "/static/" in a["url"] and a["network"]]
    pages = [a for a in answers if "/static/" not in a["url"]]
    assert fetched == []
    assert pages
    assert [a["url"] for a in pages if a["session"]] == []
