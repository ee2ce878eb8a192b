"""The phone on a slow network (issue 14, "Targets"; issue 16): what a scorekeeper's phone waits
for, measured in Chromium the way the issue profiled it, side by side in one run.

The server is the real serving stack (gunicorn with ``gunicorn.conf.py``, as ``bin/run``
starts it) on a temporary SQLite database. The phone is Debian's chromium at 360 x 740 with
4x CPU throttling, 400 kbps each way and 400 ms round trips (Chrome DevTools Protocol). The
match has 20 hands (two-handed pinochle), typed in through its page.

- cold: the match page opened with nothing cached (the phone keeps its edit token): first
  contentful paint, and the bytes of the page itself (the style sheet inside it, as a first
  view has it) and of everything it loads, as they came over the wire (compressed);
- warm: the page opened again in a new tab (the static files cached for a year under their
  hashes, in the browser's cache on disk): first contentful paint (the median of three
  visits), the bytes it received and how many static files it fetched again (none, since
  issue 26); beside it the floor: the app's smallest page (a 404) opened the same way;
- save, engine warm (issue 30): the same tap until the phone's own totals are painted, computed by
  the engine in its worker (docs/phone.md), the service worker on; beside it the engine's cold
  start on this phone (a new tab to ``data-engine="ready"``);
- save: "Save the hand" tapped until the new totals are painted (the answer swapped in place
  by static/queue.js, two animation frames after it), median of several hands; beside it the
  plain form POST with JavaScript off (POST, redirect, the whole page again: what every phone
  did before), tap until the next page's load event.

The service worker is blocked here (``service_workers="block"``): the figures are what the
network gives, not a copy kept on the phone (that only makes a warm page quicker).

Bench scripts measure, tests assert behaviour: nothing here fails on a slow machine; each target
is printed with its figure.

Run: .venv/bin/python bench/phone.py [--hands 20] [--saves 5] [--beside DIR]

``--beside DIR`` measures another checkout too (its own ``.venv``, e.g. ``git worktree add
--detach ../base main`` and its ``bin/_setup``), one after the other in the same run, and
prints the two side by side.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize, sync_playwright

if TYPE_CHECKING:
    # Playwright names these only in a private module.
    from playwright._impl._api_structures import SetCookieParam

sys.path.insert(0, str(Path(__file__).resolve().parent))

from serve import server  # bench/serve.py: gunicorn as bin/serve starts it

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
VIEWPORT: ViewportSize = {"width": 360, "height": 740}
#: Issue 14's phone: 4x slower CPU, 400 kbps, 400 ms round trips.
CPU_SLOWDOWN = 4
NETWORK = {
    "offline": False,
    "latency": 400,
    "downloadThroughput": 400_000 / 8,
    "uploadThroughput": 400_000 / 8,
}
#: New-tab visits of the warm page (the median is reported).
WARM = 3
#: Issue 14's targets (seconds, bytes), and issue 30's for a Save with the engine warm.
TARGETS = {
    "save": 0.8,
    "save, engine warm": 0.1,
    "cold": 1.0,
    "warm": 0.5,
    "cold page bytes": 12 * 1024,
}
#: How long the engine's precache and cold start may take here before the bench gives up (ms).
ENGINE_WAIT_MS = 300_000

FIRST_PAINT = """() => new Promise((resolve) => {
  const seen = performance.getEntriesByName('first-contentful-paint');
  if (seen.length) return resolve(seen[0].startTime);
  new PerformanceObserver((list) => resolve(list.getEntries()[0].startTime))
    .observe({type: 'paint', buffered: true});
})"""

#: Resolves with the time from the tap on "Save" to the new totals painted.
SAVE_TIMER = """() => { window.__saved = new Promise((resolve) => {
  let tapped = 0;
  document.addEventListener('click', (e) => {
    if (e.target.closest('button.save')) tapped = performance.now();
  }, true);
  new MutationObserver(() => requestAnimationFrame(() => requestAnimationFrame(
    () => resolve(performance.now() - tapped)))).observe(document.documentElement,
    {attributes: true, attributeFilter: ['data-answers']});
}); }"""


#: The same, to the phone's own totals painted: the engine counted the hand (static/counted.js
#: marks <html data-counted> when it painted them), before the server's answer.
ENGINE_SAVE_TIMER = SAVE_TIMER.replace("data-answers", "data-counted")


def slow(context: BrowserContext, page: Page, received: dict[str, int]) -> None:
    """Throttle ``page`` as issue 14's phone, and count what it receives per URL."""
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", NETWORK)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
    urls: dict[str, str] = {}
    cdp.on(
        "Network.responseReceived", lambda e: urls.__setitem__(e["requestId"], e["response"]["url"])
    )
    cdp.on(
        "Network.loadingFinished",
        lambda e: received.__setitem__(
            urls.get(e["requestId"], e["requestId"]),
            received.get(urls.get(e["requestId"], e["requestId"]), 0) + int(e["encodedDataLength"]),
        ),
    )


def type_hand(page: Page, meld: str = "20", tricks: str = "130") -> None:
    page.fill("#meld_0", meld)
    page.fill("#tricks_0", tricks)
    page.locator("#tricks_0").dispatch_event("input")


def make_match(browser: Browser, base: str, hands: int) -> tuple[str, list[SetCookieParam]]:
    """A match of ``hands`` hands typed in through its page (unthrottled); its path and the
    cookies of the phone that scores it."""
    context = browser.new_context(viewport=VIEWPORT, service_workers="block")
    page = context.new_page()
    page.goto(base + "/new/pinochle-2", wait_until="load")
    page.fill("#player_0", "Ana")
    page.fill("#player_1", "Ben")
    page.click("details.rules summary")
    page.fill("#opt_target", "100000")
    with page.expect_navigation(wait_until="load"):
        page.click("form.newmatch button[type=submit]")
    for n in range(hands):
        type_hand(page)
        before = page.evaluate("document.documentElement.dataset.answers || '0'")
        page.click("form#hand-form button.save")
        page.wait_for_function(
            "(n) => (document.documentElement.dataset.answers || '0') !== n", arg=before
        )
        assert page.locator(".hand-row").count() == min(n + 1, 40)
    path = page.url.removeprefix(base)
    # What cookies() reads, add_cookies() takes: the same keys (its types say Optional only).
    cookies = cast("list[SetCookieParam]", context.cookies())
    context.close()
    return path, cookies


def measure(
    browser: Browser, base: str, path: str, cookies: list[SetCookieParam], saves: int
) -> dict[str, Any]:
    figures: dict[str, Any] = {}
    context = browser.new_context(viewport=VIEWPORT, service_workers="block")
    # The phone keeps its edit token, but nothing cached: nor the cookie that says the style
    # sheet is cached (scorekeeper.infra.assets), which goes with the cache it describes.
    context.add_cookies([cookie for cookie in cookies if cookie["name"] != "css"])
    page = context.new_page()
    received: dict[str, int] = {}
    slow(context, page, received)
    page.goto(base + path, wait_until="load")
    figures["cold"] = page.evaluate(FIRST_PAINT) / 1000
    figures["cold page bytes"] = sum(v for url, v in received.items() if "/m/" in url)
    figures["cold total bytes"] = sum(received.values())
    # Warm: the match opened again later, in a new tab (the browser's cache on disk, not the
    # copies the first tab's renderer still holds in memory); the median of WARM visits, as
    # one visit on a shared machine is noise.
    paints = []
    for _ in range(WARM):
        page.close()
        page = context.new_page()
        warm: dict[str, int] = {}
        slow(context, page, warm)
        page.goto(base + path, wait_until="load")
        paints.append(page.evaluate(FIRST_PAINT) / 1000)
    figures["warm"] = statistics.median(paints)
    figures["warm runs"] = paints
    figures["warm bytes"] = sum(warm.values())
    figures["warm static files fetched"] = sum(
        1 for url, size in warm.items() if "/static/" in url and size > 0
    )
    # The floor under "warm": the app's smallest page (a 404, the same head, stylesheet and
    # scripts, no match) opened the same way. No page paints sooner on this phone: one round
    # trip and what Chromium needs to show a page in a new tab.
    floor = context.new_page()
    slow(context, floor, {})
    floor.goto(base + "/m/not-a-match", wait_until="load")
    figures["warm floor (404 page)"] = floor.evaluate(FIRST_PAINT) / 1000
    floor.close()
    times = []
    for _ in range(saves):
        page.evaluate(SAVE_TIMER)
        type_hand(page)
        page.click("form#hand-form button.save")
        times.append(page.evaluate("window.__saved") / 1000)
    figures["save"] = statistics.median(times)
    figures["save runs"] = times
    context.close()
    # The same tap without JavaScript: the form posted, redirected, the whole page again.
    plain = browser.new_context(viewport=VIEWPORT, java_script_enabled=False)
    plain.add_cookies(cookies)
    page = plain.new_page()
    slow(plain, page, {})
    page.goto(base + path, wait_until="load")
    times = []
    for _ in range(saves):
        type_hand(page, tricks="130")
        page.fill("#tricks_1", "120")
        started = time.perf_counter()
        with page.expect_navigation(wait_until="load"):
            page.click("form#hand-form button.save")
        times.append(time.perf_counter() - started)
    figures["plain save"] = statistics.median(times)
    plain.close()
    figures |= measure_engine(browser, base, path, cookies, saves)
    return figures


def precached(page: Page, url: str) -> None:
    """Once ``page`` (a match page of ``url``, opened) is controlled by the service worker,
    open it again and wait until its engine is precached (or could not be). The first page
    registers the worker; the engine is loaded only on a page it controls (static/app.js)."""
    page.wait_for_function("() => navigator.serviceWorker.ready.then(() => true)")
    page.goto(url, wait_until="load")
    if page.evaluate("!!document.querySelector('main[data-rules]')"):
        page.wait_for_function(
            "() => !!(document.documentElement.dataset.engineCached ||"
            " document.documentElement.dataset.engineSkip)",
            timeout=ENGINE_WAIT_MS,
        )


def measure_engine(
    browser: Browser, base: str, path: str, cookies: list[SetCookieParam], saves: int
) -> dict[str, Any]:
    """Issue 30: Save with the phone's engine warm (docs/phone.md), the service worker on. The
    engine is precached unthrottled first (14 MB at 400 kbps would take minutes); then a new
    tab, throttled, starts it (its cold start, navigation to ``data-engine="ready"``) and the
    hands are saved: tap to the phone's totals painted. A checkout without the engine gives
    no figures."""
    context = browser.new_context(viewport=VIEWPORT)
    context.add_cookies(cookies)
    page = context.new_page()
    page.goto(base + path, wait_until="load")
    if not page.evaluate("!!document.querySelector('main[data-rules]')"):
        context.close()
        return {}
    precached(page, base + path)
    page.close()
    page = context.new_page()
    slow(context, page, {})
    started = time.perf_counter()
    page.goto(base + path, wait_until="load")
    page.wait_for_function(
        "() => document.documentElement.dataset.engine === 'ready' && !!window.scorekeeper.counted",
        timeout=ENGINE_WAIT_MS,
    )
    figures: dict[str, Any] = {"engine start (4x)": time.perf_counter() - started}
    times = []
    for _ in range(saves):
        page.evaluate(ENGINE_SAVE_TIMER)
        type_hand(page)
        page.click("form#hand-form button.save")
        times.append(page.evaluate("window.__saved") / 1000)
        # The server's answer comes after the phone's totals: wait for it before the next.
        page.wait_for_function("() => !document.querySelector('#queue li.queued')")
    figures["save, engine warm"] = statistics.median(times)
    figures["engine save runs"] = times
    context.close()
    return figures


def run(root: Path | None, hands: int, saves: int) -> dict[str, Any]:
    """The figures of the app of ``root`` (another checkout with its own ``.venv``; ``None``:
    this one), served on a database of its own."""
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{Path(folder) / 'phone.sqlite'}"
        with server(url, workers=2, threads=8, root=root) as port, sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"]
            )
            try:
                base = f"http://127.0.0.1:{port}"
                path, cookies = make_match(browser, base, hands)
                return measure(browser, base, path, cookies, saves)
            finally:
                browser.close()


def shown(name: str, value: float) -> str:
    if name.endswith("fetched"):
        return str(value)
    return f"{value:.0f} bytes" if name.endswith("bytes") else f"{value:.2f} s"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--saves", type=int, default=5)
    parser.add_argument(
        "--beside",
        type=Path,
        help="another checkout of the app (e.g. a worktree of main, with its own .venv): "
        "measured in the same run, shown beside this one",
    )
    options = parser.parse_args()
    sides: dict[str, dict[str, Any]] = {}
    if options.beside:
        sides[str(options.beside)] = run(options.beside.resolve(), options.hands, options.saves)
    sides["this checkout"] = run(None, options.hands, options.saves)
    print(
        f"phone: {CPU_SLOWDOWN}x CPU, {NETWORK['downloadThroughput'] * 8 / 1000:.0f} kbps, "
        f"{NETWORK['latency']} ms round trips; a {options.hands}-hand match; gunicorn on SQLite"
    )
    names = list(sides)
    print("  " + " " * 26 + "".join(f"{name[-22:]:>24}" for name in names) + "   target")
    rows = [
        *TARGETS,
        "engine start (4x)",
        "warm floor (404 page)",
        "cold total bytes",
        "warm bytes",
        "warm static files fetched",
        "plain save",
    ]
    for name in rows:
        if any(name not in figures for figures in sides.values()):
            values = "".join(
                f"{shown(name, figures[name]) if name in figures else '-':>24}"
                for figures in sides.values()
            )
            print(f"  {name:<26}{values}")
            continue
        values = "".join(f"{shown(name, figures[name]):>24}" for figures in sides.values())
        target = TARGETS.get(name)
        if target is None:
            print(f"  {name:<26}{values}")
            continue
        verdicts = " ".join(
            "ok" if figures[name] <= target else "OVER" for figures in sides.values()
        )
        print(f"  {name:<26}{values}   < {shown(name, target)} ({verdicts})")
    for side, figures in sides.items():
        runs = ", ".join(f"{t:.2f}" for t in figures["save runs"])
        print(f"  save runs ({side}): {runs} s")
        runs = ", ".join(f"{t:.2f}" for t in figures["warm runs"])
        print(f"  warm runs ({side}): {runs} s")
        if "engine save runs" in figures:
            runs = ", ".join(f"{t * 1000:.0f}" for t in figures["engine save runs"])
            print(f"  saves with the engine warm ({side}): {runs} ms")
    print(
        "  cold total bytes: the cold page and everything it loads, on the wire; plain save: "
        "the form POST without JavaScript (POST, redirect, whole page) to the next page's load"
    )


if __name__ == "__main__":
    main()
