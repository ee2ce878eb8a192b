"""The phone's engine, loaded without touching the first visit (issue 30 item 3; docs/phone.md
"Loading"): nothing of the engine before the page's ``load``, the page's weight as before; after
a visit the service worker holds every file of the engine in ``sk-engine-<build>``; the next
visit of a scoring match page starts the worker (``<html data-engine="ready">``); under
Save-Data, or with the setting off, nothing is fetched.

The suite keeps the engine off (``TestConfig``): these tests turn it on for their app, and each
waits until the precache it started is complete (a state the page shows) before it ends, so that
no file is left half sent by the test server. Every wait is for a state, never for a time.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from flask import Flask

from scorekeeper.infra import engine

from .conftest import Phone
from .held import HeldAnswers
from .table import WORKER_CONTROLS, WORKER_READY, WORKER_TIMEOUT_MS, controlled, start

#: What the tests of the match page's weight allow (tests/browser/test_partnership_auction.py).
PAGE_WEIGHT_BUDGET = 30 * 1024
#: The precache of ~20 MB from the test server, and Pyodide's cold start, on a busy machine.
ENGINE_TIMEOUT_MS = 180_000


@pytest.fixture
def manifest(app: Flask) -> dict[str, Any]:
    """The engine offered by this app's pages: its manifest."""
    app.config["PHONE_ENGINE"] = True
    with app.app_context():
        found = engine.engine_manifest()
    if found is None:
        pytest.skip("static/engine/ holds no engine of this build: scripts/phone_bundle.py")
    return found


@pytest.fixture
def served(caplog: pytest.LogCaptureFixture) -> Iterator[Callable[[], list[tuple[float, str]]]]:
    """What the test server answered so far: (time, path) of each request, from its log."""

    def answered() -> list[tuple[float, str]]:
        found = []
        for record in list(caplog.records):
            fields = getattr(record, "fields", None)
            if isinstance(fields, dict) and fields.get("event") == "request":
                found.append((record.created, str(fields.get("path"))))
        return found

    with caplog.at_level(logging.INFO, logger="scorekeeper.request"):
        yield answered


Served = Callable[[], list[tuple[float, str]]]


def engine_requests(served: Served) -> list[tuple[float, str]]:
    """The requests for the engine's files (its manifest, its worker, Pyodide, the rules)."""
    return [(at, path) for at, path in served() if path.startswith(("/engine/", "/static/engine/"))]


def load_time(phone: Phone) -> float:
    """When the page's ``load`` event began, in seconds since the epoch (the server's clock)."""
    return float(
        phone.page.evaluate(
            "performance.timeOrigin + performance.getEntriesByType('navigation')[0].loadEventStart"
        )
        / 1000
    )


def cached_paths(phone: Phone, build: str) -> list[str]:
    """The paths the engine cache of ``build`` (16 hex) holds."""
    return list(
        phone.page.evaluate(
            """async (name) => (await caches.has(name))
                 ? (await (await caches.open(name)).keys()).map(r => new URL(r.url).pathname)
                 : []""",
            "sk-engine-" + build,
        )
    )


def wait_cached(phone: Phone) -> None:
    """Until the service worker has said this page's engine is precached (or could not be):
    after it, the service worker asks the server for nothing more."""
    phone.page.wait_for_function(
        "() => !!(document.documentElement.dataset.engineCached ||"
        " document.documentElement.dataset.engineSkip)",
        timeout=ENGINE_TIMEOUT_MS,
    )
    assert phone.page.evaluate("document.documentElement.dataset.engineSkip || ''") == ""


def test_a_first_visit_fetches_nothing_of_the_engine_before_load(
    manifest: dict[str, Any], phone: Phone, served: Served
) -> None:
    path = start(phone, "pinochle-2", ["Ana", "Ben"])
    controlled(phone, path)
    build = manifest["build"][:16]
    assert phone.page.get_attribute("main", "data-rules") == build
    assert phone.page.get_attribute("html", "data-engine") == "off"
    loaded = load_time(phone)
    # The page and what it loads before its load event: nothing of the engine.
    before = phone.page.evaluate(
        """() => { const load = performance.getEntriesByType("navigation")[0].loadEventStart;
             return performance.getEntriesByType("resource").filter(e => e.startTime < load)
               .map(e => new URL(e.name).pathname); }"""
    )
    assert not [name for name in before if "engine" in name], before
    wait_cached(phone)
    fetched = engine_requests(served)
    assert fetched, "the engine was never precached"
    assert min(at for at, _ in fetched) >= loaded, (loaded, fetched[:3])
    # Every file of the manifest, once.
    files = sorted(f"/static/engine/{name}" for name in manifest["files"])
    assert sorted(p for _, p in fetched if p.startswith("/static/engine/")) == files
    assert path in phone.page.url


def test_the_match_page_weighs_as_before_with_the_engine_offered(
    app: Flask, manifest: dict[str, Any], phone: Phone
) -> None:
    controlled(phone, start(phone, "pinochle-2", ["Ana", "Ben"]))
    wait_cached(phone)  # the first visit's precache, done: the reloads below fetch none of it
    app.config["PHONE_ENGINE"] = False
    _, without = phone.weigh()
    app.config["PHONE_ENGINE"] = True
    received, gzipped = phone.weigh()
    print(f"match page weight: {gzipped} bytes gzipped with the engine offered, {without} without")
    assert received <= PAGE_WEIGHT_BUDGET
    assert gzipped <= PAGE_WEIGHT_BUDGET
    assert phone.page.get_attribute("main", "data-rules") == manifest["build"][:16]
    before = phone.page.evaluate(
        """() => { const load = performance.getEntriesByType("navigation")[0].loadEventStart;
             return performance.getEntriesByType("resource").filter(e => e.startTime < load)
               .map(e => new URL(e.name).pathname); }"""
    )
    assert not [name for name in before if "engine" in name], before
    wait_cached(phone)  # the service worker's check of this visit, done


def test_after_a_visit_the_phone_keeps_every_file_of_the_engine(
    manifest: dict[str, Any], phone: Phone
) -> None:
    controlled(phone, start(phone, "pinochle-2", ["Ana", "Ben"]))
    wait_cached(phone)
    build = manifest["build"][:16]
    kept = set(cached_paths(phone, build))
    for name in manifest["files"]:
        assert f"/static/engine/{name}" in kept, name
    assert {"/engine/manifest.json", "/engine/worker.js", "/engine/complete"} <= kept
    marker = phone.page.evaluate(
        """async (name) => (await (await caches.open(name)).match("/engine/complete")).json()""",
        "sk-engine-" + build,
    )
    assert marker["build"] == manifest["build"]
    assert marker["files"] == len(manifest["files"])
    total = sum(entry["bytes"] for entry in manifest["files"].values())
    assert marker["bytes"] == total
    print(f"engine precached: {marker['files']} files, {total:,} bytes in {marker['ms']} ms")


def test_the_next_visit_starts_the_engine_from_the_phones_copy(
    manifest: dict[str, Any], phone: Phone, served: Served
) -> None:
    path = start(phone, "pinochle-2", ["Ana", "Ben"])
    controlled(phone, path)
    wait_cached(phone)
    first = len(engine_requests(served))
    # The first visit's worker may have started once the precache was complete: a new visit.
    phone.go(path)
    began = time.monotonic()
    phone.page.wait_for_function(
        "() => ['ready', 'failed'].includes((window.scorekeeper.engine || {}).state)",
        timeout=ENGINE_TIMEOUT_MS,
    )
    assert phone.page.evaluate("window.scorekeeper.engine.message || ''") == ""
    assert phone.page.get_attribute("html", "data-engine") == "ready"
    wall = time.monotonic() - began
    state = phone.page.evaluate(
        "(({state, build, mismatch, ms}) => ({state, build, mismatch, ms}))"
        "(window.scorekeeper.engine)"
    )
    print(f"engine ready {wall:.1f} s after load (worker boot {state['ms']} ms)")
    assert state["state"] == "ready"
    assert state["build"] == manifest["build"]
    assert state["mismatch"] is False
    # Nothing of the engine from the server: the phone's copy served all of it (its scripts
    # are only asked again, revalidated, in the background: sw.js SCRIPTS).
    asked = {p for _, p in engine_requests(served)[first:]}
    assert asked <= {"/engine.js", "/engine/worker.js", "/engine/counted.js"}, asked
    # The match as the API shows it, also without signal (the service worker's copy).
    online = phone.page.evaluate("window.scorekeeper.engine.match()")
    assert online["id"] == path.rsplit("/", 1)[1]
    # The worker answers through the page's engine.run (no op: only the plumbing).
    answer = phone.page.evaluate(
        "(match) => window.scorekeeper.engine.run({lang: 'en', match, ops: []})", online
    )
    assert answer["answers"] == []
    phone.page.context.set_offline(True)
    try:
        offline = phone.page.evaluate("window.scorekeeper.engine.match()")
    finally:
        phone.page.context.set_offline(False)
    assert offline == online
    wait_cached(phone)  # the service worker's check of this visit, done


def installing(environ: dict[str, Any]) -> bool:
    """A file the service worker's install keeps for offline use (``cache.addAll``, a fetch of
    no destination: the pages' own scripts are ``script``), not the engine's."""
    path = str(environ.get("PATH_INFO", ""))
    dest = environ.get("HTTP_SEC_FETCH_DEST")
    return (
        dest == "empty" and path.startswith("/static/") and not path.startswith("/static/engine/")
    )


def test_a_page_the_worker_takes_over_after_its_load_starts_the_engine(
    app: Flask, manifest: dict[str, Any], phone: Phone
) -> None:
    """Before, app.js loaded the engine only on a page the worker controlled at its load: a
    match page the worker claimed just after (its install still running when the page
    loaded, as on a busy phone) never counted until the next page (one test in 26 timed out
    on it). Now it loads the engine when the worker takes the page over."""
    # The worker's install waits at the server: a page loaded meanwhile is taken over after.
    held = HeldAnswers(app.wsgi_app, installing, ENGINE_TIMEOUT_MS / 1000)
    app.wsgi_app = held  # type: ignore[method-assign,assignment]
    try:
        path = start(phone, "pinochle-2", ["Ana", "Ben"])
        assert held.reached.wait(ENGINE_TIMEOUT_MS / 1000)
        page = phone.page
        assert page.evaluate("!navigator.serviceWorker.controller")
        assert page.locator("script[src$='engine.js']").count() == 0
        page.evaluate("window.sameVisit = true")
        held.let_go()
        page.wait_for_function(WORKER_CONTROLS, timeout=WORKER_TIMEOUT_MS)
        wait_cached(phone)
        page.wait_for_function(
            "() => document.documentElement.dataset.engine === 'ready'", timeout=ENGINE_TIMEOUT_MS
        )
        assert page.evaluate("window.sameVisit") is True  # no reload: the page it was
        assert path in page.url
    finally:
        held.let_go()
        app.wsgi_app = held.wsgi  # type: ignore[method-assign]


def test_under_save_data_nothing_is_precached(
    manifest: dict[str, Any], phone: Phone, served: Served
) -> None:
    # Headless Chromium cannot turn Save-Data on: the page is told so as a phone's browser
    # tells it (navigator.connection.saveData), which is what engine.js reads.
    phone.page.add_init_script(
        "Object.defineProperty(navigator, 'connection',"
        " {value: {saveData: true}, configurable: true})"
    )
    controlled(phone, start(phone, "pinochle-2", ["Ana", "Ben"]))
    phone.page.wait_for_function("() => !!document.documentElement.dataset.engineSkip")
    assert phone.page.evaluate("document.documentElement.dataset.engineSkip") == "save-data"
    assert engine_requests(served) == []
    assert not phone.page.evaluate(
        "async () => (await caches.keys()).filter(n => n.startsWith('sk-engine-'))"
    )
    assert phone.page.get_attribute("html", "data-engine") == "off"


def test_with_the_setting_off_nothing_is_offered(app: Flask, phone: Phone, served: Served) -> None:
    assert app.config["PHONE_ENGINE"] is False
    start(phone, "pinochle-2", ["Ana", "Ben"])
    phone.page.wait_for_function(WORKER_READY, timeout=WORKER_TIMEOUT_MS)
    assert phone.page.get_attribute("main", "data-rules") is None
    assert phone.page.evaluate("!(window.scorekeeper && window.scorekeeper.engine)")
    assert phone.page.get_attribute("html", "data-engine") == "off"
    assert [p for _, p in served() if "engine" in p] == []
