"""Counting over plain HTTP (issue 38 point 8; docs/phone.md "Loading", README "Offline"): what
most tables run is ``bin/run``'s plain-HTTP address on the Wi-Fi, where a browser lets no
service worker run. The scoring phone still loads its engine there: engine.js starts the worker
once the page is idle, and the worker fetches the engine's files from the server, which the
browser's HTTP cache keeps (the versioned files immutable for a year). A signal lost after the
engine is ready leaves the waiting hands counted: the phone's totals, which the server stores
alike once the signal is back; the next visit starts the engine from the HTTP cache.

The origin is a real non-secure one, as a phone on the Wi-Fi sees it: the page is served at
``http://scorekeeper.test:<port>/`` (a browser of this module's own, whose resolver maps that
name to the test server on 127.0.0.1), so ``isSecureContext`` is false and the page has no
``navigator.serviceWorker`` at all (127.0.0.1 and localhost would be secure contexts). Every
wait is for a state of the page, never for a time.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from flask import Flask

from .conftest import CHROMIUM, CHROMIUM_ARGS, TIMEOUT_MS, VIEWPORT, Phone
from .table import start
from .test_offline import stored
from .test_phone_counting_without_copy import HAND, SERVERS_PAGE
from .test_phone_offline import COUNTED, READY, api_match, engine_app, type_hand

__all__ = ["engine_app"]  # (the fixture, used by name)

#: The name the phone reaches the server by, as it would a laptop's address on the Wi-Fi.
HOST = "scorekeeper.test"
#: The engine's ~3.4 MB from the test server and Pyodide's cold start, on a busy machine.
ENGINE_TIMEOUT_MS = 180_000
#: engine.js loaded and its worker started: soon after the page's load (the phone idle).
STARTED_MS = 30_000
#: When the engine said it is ready, in the page's time (performance.now()).
READY_AT = """document.addEventListener("sk:engine", (event) => {
  if (event.detail.state === "ready" && !window.skReadyAt) window.skReadyAt = performance.now();
});"""


@pytest.fixture(scope="module")
def wifi_browser(playwright_browser: Any) -> Iterator[Any]:
    """A browser whose resolver sends :data:`HOST` to 127.0.0.1: a non-secure origin."""
    browser = playwright_browser.browser_type.launch(
        executable_path=CHROMIUM,
        headless=True,
        args=[*CHROMIUM_ARGS, f"--host-resolver-rules=MAP {HOST} 127.0.0.1"],
    )
    try:
        yield browser
    finally:
        browser.close()


@pytest.fixture
def http_phone(wifi_browser: Any, live_server: str) -> Iterator[Phone]:
    """A phone on the table's plain-HTTP address (``http://scorekeeper.test:<port>``)."""
    context = wifi_browser.new_context(
        viewport=VIEWPORT, device_scale_factor=1, is_mobile=True, has_touch=True
    )
    context.set_default_timeout(TIMEOUT_MS)
    context.set_default_navigation_timeout(TIMEOUT_MS)
    context.add_init_script(READY_AT)
    port = live_server.rsplit(":", 1)[1]
    try:
        yield Phone(context.new_page(), f"http://{HOST}:{port}")
    finally:
        context.close()


@pytest.fixture
def served(caplog: pytest.LogCaptureFixture) -> Iterator[Callable[[], list[str]]]:
    """The paths the test server answered so far, from its request log."""

    def answered() -> list[str]:
        found = []
        for record in list(caplog.records):
            fields = getattr(record, "fields", None)
            if isinstance(fields, dict) and fields.get("event") == "request":
                found.append(str(fields.get("path")))
        return found

    with caplog.at_level(logging.INFO, logger="scorekeeper.request"):
        yield answered


def engine_ready(phone: Phone) -> float:
    """Wait until the engine runs with its copy of the match (counted.js loaded); the seconds
    from the page's load event to the engine's "ready"."""
    page = phone.page
    # engine.js is loaded and starts the worker (before, nothing of it ran over plain HTTP).
    page.wait_for_function(
        "() => !!window.scorekeeper.engine && window.scorekeeper.engine.state !== 'off'",
        timeout=STARTED_MS,
    )
    page.wait_for_function(READY, timeout=ENGINE_TIMEOUT_MS)
    assert page.evaluate("window.scorekeeper.engine.message || ''") == ""
    return float(
        page.evaluate(
            "(window.skReadyAt - performance.getEntriesByType('navigation')[0].loadEventStart)"
            " / 1000"
        )
    )


def test_counting_over_plain_http(
    engine_app: Flask, http_phone: Phone, served: Callable[[], list[str]]
) -> None:
    phone, page = http_phone, http_phone.page
    path = start(phone, "pinochle-2", ["Ana", "Ben"], options={"target": 10000})
    # Plain HTTP as the phones on the Wi-Fi have it: no secure context, no service worker.
    assert page.evaluate("[window.isSecureContext, 'serviceWorker' in navigator]") == [
        False,
        False,
    ]
    first = engine_ready(phone)
    # Nothing precached (no service worker may), the engine started from the server.
    assert page.evaluate("document.documentElement.dataset.engineSkip") == "insecure"
    assert page.evaluate("window.scorekeeper.engine.mismatch") is False
    print(f"over plain HTTP: engine ready {first:.1f} s after the match page's load (first visit)")

    # Hand 1 with signal; then the signal goes, and two hands are typed.
    type_hand(phone, HAND)
    page.wait_for_function(SERVERS_PAGE, arg=1, timeout=60_000)
    page.context.set_offline(True)
    type_hand(phone, HAND)
    type_hand(phone, HAND)
    page.wait_for_function(COUNTED, arg=2, timeout=20_000)
    assert phone.totals() == {"Ana": 450, "Ben": 360}
    assert page.inner_text("#counted") == "Counted on this phone, waiting to be sent."
    assert len(stored(engine_app, path)) == 1  # nothing reached the server offline

    # The signal is back: the server stores both, with the totals the phone showed.
    page.context.set_offline(False)
    page.wait_for_function(SERVERS_PAGE, arg=3, timeout=60_000)
    assert len(stored(engine_app, path)) == 3
    assert phone.totals() == {"Ana": 450, "Ben": 360} == api_match(engine_app, path)["totals"]
    assert page.evaluate("document.documentElement.dataset.differences || ''") == ""

    # The next visit: the browser's HTTP cache kept the engine, nothing of it is fetched again.
    before = len(served())
    phone.go(path)
    again = engine_ready(phone)
    fetched = [p for p in served()[before:] if p.startswith("/static/engine/")]
    assert fetched == [], fetched
    print(f"over plain HTTP: engine ready {again:.1f} s after the match page's load (next visit)")


def test_under_save_data_nothing_of_the_engine_is_fetched_over_plain_http(
    engine_app: Flask, http_phone: Phone, served: Callable[[], list[str]]
) -> None:
    page = http_phone.page
    # As test_phone_engine_loading.py tells it: headless Chromium cannot turn Save-Data on.
    page.add_init_script(
        "Object.defineProperty(navigator, 'connection',"
        " {value: {saveData: true}, configurable: true})"
    )
    start(http_phone, "pinochle-2", ["Ana", "Ben"])
    page.wait_for_function(
        "() => !!document.documentElement.dataset.engineSkip", timeout=STARTED_MS
    )
    assert page.evaluate("document.documentElement.dataset.engineSkip") == "save-data"
    assert page.get_attribute("html", "data-engine") == "off"
    assert [p for p in served() if p.startswith(("/engine/", "/static/engine/"))] == []
