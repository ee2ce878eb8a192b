"""A real server and a real browser: the phone pages at a 360 x 740 viewport.

The server is werkzeug's, threaded, on a free port of 127.0.0.1, serving the ``app`` fixture of
``tests/conftest.py`` (so the test database of the run: SQLite or PostgreSQL). The browser is
Debian's chromium driven by Playwright; every wait is bounded. Screenshots go to
``test-artifacts/screenshots/``, which the run prints at the end.
"""

from __future__ import annotations

import gzip
import os
import re
import threading
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from werkzeug.serving import ThreadedWSGIServer, make_server

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
VIEWPORT = {"width": 360, "height": 740}
SCREENSHOTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "screenshots"
#: Every wait of a test is bounded by this (milliseconds).
TIMEOUT_MS = 10_000

#: A Save's answer: the server's answer to one hand, shown in place. Longer than an ordinary
#: step because on a busy machine a phone that has just joined may be starting its engine
#: (Pyodide's compile takes both cores for seconds) while it sends; still a wait for a state.
ANSWER_TIMEOUT_MS = 30_000

#: For a module about what a page shows and how a hand is typed in, which no database changes
#: (layout, words, languages, taps, the tools): the PostgreSQL run of ``bin/test`` skips it, as
#: tests/test_packaging.py is skipped there. The browser modules about storing (the queue
#: offline, two phones, groups, the hand-over) run on both databases.
PAGE_ONLY = pytest.mark.skipif(
    os.environ.get("TEST_DATABASE", "sqlite") != "sqlite",
    reason="the page, not the database: run once, on SQLite",
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test of this folder as a browser test."""
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.browser)


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """Say where the screenshots are."""
    if SCREENSHOTS.exists() and any(SCREENSHOTS.iterdir()):
        terminalreporter.write_line(f"browser screenshots: {SCREENSHOTS}")


@pytest.fixture(scope="session")
def playwright_browser() -> Iterator[Any]:
    """Debian's chromium, headless, for the whole session."""
    sync_api = pytest.importorskip("playwright.sync_api")
    if not Path(CHROMIUM).exists():
        pytest.skip(f"{CHROMIUM} is missing: install Debian's chromium")
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
        )
        try:
            yield browser
        finally:
            browser.close()


@pytest.fixture
def live_server(app: Flask) -> Iterator[str]:
    """The app served by a threaded werkzeug server on a free port; its base URL."""
    server = make_server("127.0.0.1", 0, app, threaded=True)
    assert isinstance(server, ThreadedWSGIServer)
    # Keep track of the request threads, so that the teardown can wait for the requests still
    # running (the service worker fetches pages after a test's last step): the worker's app
    # serves the next test, whose tables the app fixture empties first, and its engine is
    # disposed of at the end of the session, when a connection still checked out by such a
    # request would be left open (a ResourceWarning that failed another test).
    server.daemon_threads = False
    server.block_on_close = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        thread.join(timeout=10)
        for running in list(getattr(server, "_threads", None) or []):
            running.join(timeout=10)  # bounded: a keep-alive socket left open is not waited on
        server.socket.close()


@dataclass
class Phone:
    """One browser (its own cookies) at a phone's size, that counts what the test does."""

    page: Any
    base: str
    #: Clicks and key presses made through :meth:`tap`, :meth:`keys` and :meth:`press`.
    taps: int = 0
    #: Bytes received per URL since :meth:`start_counting` (encoded, as they came over the wire).
    received: dict[str, int] = field(default_factory=dict)

    def go(self, path: str) -> None:
        """Open a page of the app and wait until it has loaded."""
        self.page.goto(self.base + path, wait_until="load")

    def tap(self, selector: str) -> None:
        """One tap (a click) on ``selector``."""
        self.page.locator(selector).first.click()
        self.taps += 1

    def keys(self, text: str) -> None:
        """Type ``text`` into the focused field, one key press per character."""
        self.page.keyboard.type(text)
        self.taps += len(text)

    def press(self, key: str) -> None:
        """One key press (``Tab``, ``Enter``)."""
        self.page.keyboard.press(key)
        self.taps += 1

    def fill(self, selector: str, text: str) -> None:
        """Tap a field and type into it (counts the tap and every key)."""
        self.tap(selector)
        self.page.locator(selector).first.fill("")
        self.keys(text)

    def submit(self, selector: str = "form#hand-form button.save") -> None:
        """Tap a submit button and wait for the answer: a hand form's is swapped into the page
        in place by its script (issue 14), any other form's (or one without a script) is the
        next page."""
        if selector.startswith("form#hand-form") and scripted(self.page):
            answered(self.page, lambda: self.tap(selector))
        else:
            with self.page.expect_navigation(wait_until="load"):
                self.tap(selector)

    def shot(self, name: str) -> Path:
        """Save a full-page screenshot.

        Under pytest-xdist two workers may save the same name (the new-match page of a form):
        each writes a file of its own and renames it into place, so a screenshot is always
        whole."""
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        path = SCREENSHOTS / (re.sub(r"[^\w.-]+", "_", name) + ".png")
        partial = path.with_suffix(f".{os.getpid()}.tmp")
        partial.write_bytes(self.page.screenshot(full_page=True))
        partial.replace(path)
        return path

    def weigh(self) -> tuple[int, int]:
        """What a fresh load of the page weighs until its ``load`` event: bytes received, and
        gzipped (as the budgets count)."""
        self.received.clear()
        self.page.reload(wait_until="load")
        before_load: list[str] = self.page.evaluate(
            """() => {
              const load = performance.getEntriesByType("navigation")[0].loadEventStart;
              return [location.href].concat(performance.getEntriesByType("resource")
                .filter((entry) => entry.startTime < load).map((entry) => entry.name));
            }"""
        )
        urls = [url for url in self.received if url in before_load]
        # Asked again with the phone's cookies: the server answers what it answered the phone
        # (a phone without the app's cookies gets its style sheet inline, infra/assets.py).
        cookies = "; ".join(f"{c['name']}={c['value']}" for c in self.page.context.cookies())
        gzipped = 0
        for url in urls:
            asked = urllib.request.Request(url, headers={"Cookie": cookies})
            with urllib.request.urlopen(asked, timeout=10) as response:
                gzipped += len(gzip.compress(response.read()))
        return sum(self.received[url] for url in urls), gzipped

    def overflow(self) -> tuple[int, int]:
        """``(scrollWidth, innerWidth)``: the page must not scroll sideways."""
        return tuple(
            self.page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
        )

    def totals(self) -> dict[str, int]:
        """The running totals shown at the top of the match page."""
        return {
            name: int(value)
            for name, value in self.page.evaluate(
                "Array.from(document.querySelectorAll('.totals .score[data-side]'))"
                ".map(e => [e.dataset.side, e.textContent.trim()])"
            )
        }

    def errors(self) -> list[str]:
        """The messages of a refused entry."""
        return [text.strip() for text in self.page.locator(".error").all_inner_texts()]


#: How many answers to a hand form the page's script has shown (static/queue.js counts them).
ANSWERS = "() => document.documentElement.dataset.answers || '0'"


def scripted(page: Any) -> bool:
    """True when the page's script sends the hand form itself (a page with JavaScript on)."""
    try:
        return bool(page.evaluate("() => !!(window.scorekeeper && window.scorekeeper.swaps)"))
    except Exception:  # JavaScript off: nothing can be evaluated
        return False


#: What the page's queue was doing, for a Save whose answer never came: the queue's state, the
#: phone's marks, its worker, and the requests the page started (a POST the page never sent
#: tells a stuck queue from a slow server).
QUEUE_STATE = """() => {
  const sk = window.scorekeeper || {}, q = sk.queue || {}, w = navigator.serviceWorker;
  const marks = {};
  for (let i = 0; i < localStorage.length; i++) {
    const k = localStorage.key(i);
    if (k.startsWith('sk:')) marks[k] = String(localStorage.getItem(k)).slice(0, 160);
  }
  const form = document.getElementById('hand-form');
  return JSON.stringify({
    busy: q.busy, online: navigator.onLine, html: {...document.documentElement.dataset},
    sent: form ? form.dataset.sent || null : 'no form', marks: marks,
    worker: w && w.controller ? w.controller.state : 'none',
    fetches: performance.getEntriesByType('resource')
      .filter(e => e.initiatorType === 'fetch').map(e => [Math.round(e.startTime), e.name]),
    now: Math.round(performance.now())
  });
}"""


def queue_state(page: Any) -> str:
    """:data:`QUEUE_STATE` of the page, as text (or why it could not be read)."""
    try:
        return str(page.evaluate(QUEUE_STATE))
    except Exception as error:  # the page itself may be what failed
        return f"unreadable ({error})"


def answered(page: Any, act: Any) -> None:
    """Do ``act`` (a tap on a hand form's save button) and wait until the script has shown
    the server's answer in place: the page swapped, stored or refused."""
    before = page.evaluate(ANSWERS)
    act()
    try:
        page.wait_for_function(f"(n) => ({ANSWERS})() !== n", arg=before, timeout=ANSWER_TIMEOUT_MS)
    except Exception as error:
        raise AssertionError(f"no answer shown; the queue: {queue_state(page)}") from error


def _count_bytes(phone: Phone, cdp: Any) -> None:
    urls: dict[str, str] = {}

    def on_response(event: dict[str, Any]) -> None:
        urls[event["requestId"]] = event["response"]["url"]

    def on_finished(event: dict[str, Any]) -> None:
        url = urls.get(event["requestId"], event["requestId"])
        phone.received[url] = phone.received.get(url, 0) + int(event["encodedDataLength"])

    cdp.on("Network.responseReceived", on_response)
    cdp.on("Network.loadingFinished", on_finished)


@pytest.fixture
def new_phone(playwright_browser: Any, live_server: str) -> Iterator[Any]:
    """Make phones: each is a fresh browser context (no shared cookies)."""
    contexts = []

    def make() -> Phone:
        context = playwright_browser.new_context(
            viewport=VIEWPORT, device_scale_factor=1, is_mobile=True, has_touch=True
        )
        context.set_default_timeout(TIMEOUT_MS)
        context.set_default_navigation_timeout(TIMEOUT_MS)
        contexts.append(context)
        page = context.new_page()
        phone = Phone(page, live_server)
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        _count_bytes(phone, cdp)
        return phone

    yield make
    for context in contexts:
        context.close()


@pytest.fixture
def new_desktop(playwright_browser: Any, live_server: str) -> Iterator[Callable[..., Phone]]:
    """Make desktop screens (a TV, a browser to print from): each a fresh browser context of
    the given size, no touch, not a phone, JavaScript on unless ``javascript=False``."""
    contexts = []

    def make(width: int, height: int, *, javascript: bool = True) -> Phone:
        context = playwright_browser.new_context(
            viewport={"width": width, "height": height},
            device_scale_factor=1,
            java_script_enabled=javascript,
        )
        context.set_default_timeout(TIMEOUT_MS)
        context.set_default_navigation_timeout(TIMEOUT_MS)
        contexts.append(context)
        return Phone(context.new_page(), live_server)

    yield make
    for context in contexts:
        context.close()


@pytest.fixture
def phone(new_phone: Callable[[], Phone]) -> Phone:
    """The phone that starts the match (it keeps the edit token)."""
    return new_phone()


@contextmanager
def phone_without_javascript(playwright_browser: Any, live_server: str) -> Iterator[Phone]:
    """A 360 x 740 phone with JavaScript turned off: the pages must work as plain HTML."""
    context = playwright_browser.new_context(
        viewport={"width": 360, "height": 740}, java_script_enabled=False
    )
    context.set_default_timeout(TIMEOUT_MS)
    try:
        yield Phone(context.new_page(), live_server)
    finally:
        context.close()
