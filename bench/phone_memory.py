"""The phone's engine's memory (issue 38 point 7; docs/phone.md "What it costs a phone"): what
a match page that counts with the engine holds, beside the same page without it, side by side
in one run.

The server is the real serving stack (bench/serve.py, gunicorn as ``bin/run`` starts it) on a
temporary SQLite database; the phone is Debian's chromium at 360 x 740. Each page is opened in
a browser context of its own, so its renderer processes are its own (contexts never share
one): the page's, where the engine's worker runs too, and its service worker's while that
runs. What a page holds is their unique set size (USS, ``/proc/<pid>/smaps_rollup``: the pages
they alone hold, what closing the page gives back; a proportional share of the browser's code
would change with every other Chromium on the machine), read after a garbage collection asked
through the DevTools protocol, with the service worker running and at rest (stopped); beside
it the engine's WebAssembly memory (Pyodide's heap, which grows and is never given back).

- the same app served twice, its engine offered and not (``SCOREKEEPER_ENGINE=0``); on each
  the match page opened as a phone that scores it opens it (the service worker on: precached
  first where the engine is offered, then a new tab, ready);
- after N hands saved on that page (each counted by the engine before the server's answer,
  the way a table uses it), and after a reload of the page.

Bench scripts measure, tests assert behaviour: nothing here fails on a slow machine; the
documented range is printed beside the figures.

Run: .venv/bin/python bench/phone_memory.py [--hands 25] [--runs 3]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))

from phone import (
    CHROMIUM,
    ENGINE_WAIT_MS,
    VIEWPORT,
    make_match,
    precached,
    type_hand,
)  # bench/phone.py
from serve import server  # bench/serve.py

MIB = 1024 * 1024
#: What docs/phone.md says the engine adds to a match page, in MiB.
DOCUMENTED = (35, 85)
#: The engine's WebAssembly memory, read in its worker (engine_worker.js keeps ``engine``, a
#: promise of Pyodide and the rules).
WASM_HEAP = "async () => { const e = await engine; return e.py._module.HEAP8.buffer.byteLength; }"
READY = "() => document.documentElement.dataset.engine === 'ready' && !!window.scorekeeper.counted"


def renderers(browser: Browser) -> set[int]:
    """The process ids of the browser's renderers now."""
    cdp = browser.new_browser_cdp_session()
    try:
        info = cdp.send("SystemInfo.getProcessInfo")
    finally:
        cdp.detach()
    return {int(p["id"]) for p in info["processInfo"] if p["type"] == "renderer"}


def uss(pid: int) -> int:
    """The memory process ``pid`` alone holds (its unique set size: private pages, clean and
    dirty), in bytes: what the phone gets back when the page is closed."""
    fields = {}
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
        name, _, rest = line.partition(":")
        fields[name] = rest.split()[0] if rest.split() else "0"
    return (int(fields["Private_Clean"]) + int(fields["Private_Dirty"])) * 1024


def held(browser: Browser, context: BrowserContext, page: Page, before: set[int]) -> list[int]:
    """What the renderers that ``page``'s context started hold after a garbage collection (the
    page's heap and its workers' collected): while the service worker runs, and at rest (the
    service worker stopped, as the browser stops it 30 s after its last event; a table saves a
    hand every few minutes: then the page's own renderer, the page and the engine's worker)."""
    cdp = context.new_cdp_session(page)
    try:
        cdp.send("HeapProfiler.collectGarbage")
        for worker in page.workers:
            worker.evaluate("() => { if (self.gc) self.gc(); return 0; }")
        page.wait_for_timeout(500)  # (bench only: the collector's last pages given back)
        pids = renderers(browser) - before
        sizes = [uss(pid) for pid in pids]
        cdp.send("ServiceWorker.enable")
        cdp.send("ServiceWorker.stopAllWorkers")
        deadline = time.monotonic() + 10
        while len(renderers(browser) - before) >= len(pids) and time.monotonic() < deadline:
            page.wait_for_timeout(200)  # (until the worker's process has ended)
        rest = sum(uss(pid) for pid in renderers(browser) - before)
    finally:
        cdp.detach()
    return [sum(sizes), rest]


def opened(browser: Browser, **options: Any) -> tuple[BrowserContext, Page]:
    """A new context (a renderer of its own) and its page."""
    context = browser.new_context(viewport=VIEWPORT, **options)
    return context, context.new_page()


def wasm_heap(page: Page) -> int:
    """The engine's WebAssembly memory, in bytes (0 without a worker)."""
    workers = [w for w in page.workers if w.url.endswith("/engine/worker.js")]
    return int(workers[0].evaluate(WASM_HEAP)) if workers else 0


def save_hands(page: Page, hands: int, mark: str) -> None:
    """Save ``hands`` hands on ``page``, each until ``<html data-<mark>>`` counts it (the
    engine's totals, or the server's answer) and nothing waits to be sent."""
    for _ in range(hands):
        seen = page.evaluate(f"document.documentElement.dataset.{mark} || '0'")
        type_hand(page)
        page.click("form#hand-form button.save")
        page.wait_for_function(
            f"(n) => (document.documentElement.dataset.{mark} || '0') !== n", arg=seen
        )
        page.wait_for_function("() => !document.querySelector('#queue li.queued')")


def open_match(browser: Browser, base: str, path: str, cookies: Any) -> tuple[Any, ...]:
    """The match page in a new context with the service worker on: opened, opened again once
    the worker controls it (where the engine is offered it is precached then), and opened in a
    new tab, as a table's phone opens the match later; the context, the page and the renderer
    processes the context started."""
    before = renderers(browser)
    context, page = opened(browser)
    context.add_cookies(cookies)
    page.goto(base + path, wait_until="load")
    precached(page, base + path)
    offered = page.evaluate("!!document.querySelector('main[data-rules]')")
    page.close()
    page = context.new_page()
    page.goto(base + path, wait_until="load")
    if offered:
        page.wait_for_function(READY, timeout=ENGINE_WAIT_MS)
    else:
        page.wait_for_timeout(3000)  # (bench only: the idle callbacks have run)
        assert page.evaluate("document.documentElement.dataset.engine") == "off"
    return context, page, before


#: What :func:`held` gives, in order.
HELD = ("the service worker running", "at rest")


def measure(
    browser: Browser, base: str, path: str, cookies: Any, hands: int
) -> dict[str, list[int]]:
    """The memory of the match page of the server at ``base`` opened, after ``hands`` hands
    saved on it, and reloaded (:data:`HELD`, and its engine's WebAssembly heap: 0 without)."""
    context, page, before = open_match(browser, base, path, cookies)
    engine = wasm_heap(page)
    figures = {"open": held(browser, context, page, before) + [engine]}
    save_hands(page, hands, "counted" if engine else "answers")
    figures[f"after {hands} hands"] = held(browser, context, page, before) + [wasm_heap(page)]
    page.reload(wait_until="load")
    if engine:
        page.wait_for_function(READY, timeout=ENGINE_WAIT_MS)
    figures["reloaded"] = held(browser, context, page, before) + [wasm_heap(page)]
    context.close()
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=25)
    parser.add_argument("--start", type=int, default=5, help="hands stored before the page opens")
    parser.add_argument("--runs", type=int, default=3, help="each page measured this many times")
    args = parser.parse_args()
    runs: dict[str, list[dict[str, list[int]]]] = {"0": [], "1": []}
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM,
            args=["--no-sandbox", "--disable-gpu", "--js-flags=--expose-gc"],
        )
        try:
            # The same app, its engine offered and not (SCOREKEEPER_ENGINE=0), side by side:
            # one page of each in turn, so that the machine's noise falls on both alike.
            with ExitStack() as servers:
                bases = {}
                for offered in runs:
                    os.environ["SCOREKEEPER_ENGINE"] = offered
                    url = f"sqlite:///{Path(folder) / (offered + '.sqlite')}"
                    port = servers.enter_context(server(url, workers=1, threads=8))
                    base = f"http://127.0.0.1:{port}"
                    bases[offered] = (base, *make_match(browser, base, args.start))
                for _ in range(args.runs):
                    for offered, (base, path, cookies) in bases.items():
                        runs[offered].append(measure(browser, base, path, cookies, args.hands))
        finally:
            browser.close()
    low, high = DOCUMENTED
    print(f"A match page's memory, MiB (USS, median of {args.runs}): without the engine, with it,")
    print(f"what it adds (documented: the engine adds {low}-{high} MiB)")
    for state in runs["0"][0]:
        print(f"  {state}:")
        for n, name in enumerate((*HELD, "the engine's WebAssembly heap")):
            off, on = (
                statistics.median(run[state][n] for run in runs[offered]) / MIB
                for offered in ("0", "1")
            )
            print(f"    {name:34} {off:6.1f} {on:6.1f}  +{on - off:5.1f}")


if __name__ == "__main__":
    main()
