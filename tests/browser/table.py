"""What the browser tests of the table share (issue 15): a quicker start of a match in a given
language, the checks every page gets at 360 x 740 (no sideways scroll, no tap target under
44 px), and the plain-words check of what a player reads."""

from __future__ import annotations

import re
from typing import Any

from .conftest import VIEWPORT, Phone
from .flows import fill_new_match

LANGUAGES = ("en", "es", "it", "ru")
#: The issue's budgets.
TAP_TARGET = 44
SAVE_WITHIN = 1.5 * VIEWPORT["height"]

#: An API id joined with ``_`` (``aces_around``, ``closed_by``) or a dotted path
#: (``meld.Ana``, ``sides.Us.table``, ``rules.target``): never in anything a player reads.
API_WORDS = re.compile(r"\b[a-z]+_[a-z_]+\b|\b[A-Za-z_]+\.[A-Za-z_\[]\w*")


def start(
    phone: Phone,
    variant: str,
    players: list[str],
    *,
    language: str = "en",
    teams: tuple[str, str] | None = None,
    options: dict[str, Any] | None = None,
    dealer: int = 0,
) -> str:
    """Start a match from its new-match page in ``language``; the match page's path."""
    page = phone.page
    phone.go(f"/new/{variant}?lang={language}")
    fill_new_match(page, players, teams, dealer, options)
    with page.expect_navigation(wait_until="load"):
        page.click("form.newmatch button[type=submit]")
    assert "/m/" in page.url, phone.errors()
    return str(page.url).removeprefix(phone.base)


#: Every visible thing a finger may tap that is smaller than the budget: its tag, id or
#: class, text and size. Inline links inside running text are not targets of their own.
SMALL_TARGETS = """(least) => {
  const seen = [];
  const targets = document.querySelectorAll("a, button, input:not([type=hidden]), select, " +
    "textarea, summary, label.pick, label.check, label.card");
  for (const el of targets) {
    if (el.closest("[hidden]") || el.closest("p, li.muted") && el.tagName === "A" &&
        !el.classList.contains("button")) continue;
    const style = getComputedStyle(el);
    if (style.visibility === "hidden" || style.display === "none") continue;
    let box = el.getBoundingClientRect();
    // A radio or checkbox is tapped through its label (the big button around it).
    if (el.tagName === "INPUT" && (el.type === "radio" || el.type === "checkbox" ||
        el.closest("label.card") || style.opacity === "0")) {
      if (el.closest("label")) continue;
    }
    if (el.matches(".pick")) box = el.querySelector("span").getBoundingClientRect();
    if (box.width === 0 && box.height === 0) continue;
    if (el.classList.contains("default-submit")) continue;
    if (Math.round(box.height) < least || Math.round(box.width) < least) {
      const text = (el.textContent || el.value || "").trim().slice(0, 30);
      const size = `${Math.round(box.width)}x${Math.round(box.height)}`;
      seen.push(`${el.tagName}#${el.id}.${el.className}: ${text} ${size}`);
    }
  }
  return seen;
}"""


def check_page(phone: Phone, name: str) -> None:
    """The page fits 360 px without sideways scroll, no tap target is under 44 px, and its
    screenshot is saved as a test artifact."""
    scroll_width, inner_width = phone.overflow()
    assert scroll_width <= inner_width, f"{name}: {scroll_width} > {inner_width}"
    small = phone.page.evaluate(SMALL_TARGETS, TAP_TARGET)
    assert not small, f"{name}: tap targets under {TAP_TARGET} px: {small}"
    phone.shot(name)


def shown_text(phone: Phone, selector: str) -> list[str]:
    """The visible text of every element matching ``selector``."""
    return [
        " ".join(text.split())
        for text in phone.page.locator(selector).all_inner_texts()
        if text.strip()
    ]


def assert_plain(texts: list[str], where: str) -> None:
    """No API id or path in what a player reads."""
    found = [(text, API_WORDS.findall(text)) for text in texts if API_WORDS.search(text)]
    assert not found, f"{where}: API words in {found}"


#: The longest a page waits for the service worker: its install fetches the app's shell (some
#: 25 files) from the test server, on a busy machine for longer than an ordinary step's 10 s.
WORKER_TIMEOUT_MS = 60_000
#: A page's wait until a service worker is ready (installed and active) for it.
WORKER_READY = "async () => !!(await navigator.serviceWorker.ready)"
#: A page's wait until a service worker controls it.
WORKER_CONTROLS = "() => !!navigator.serviceWorker.controller"


def controlled(phone: Phone, path: str) -> None:
    """The page at ``path`` opened as one the service worker controls: the app's first page
    registers it, and a page that loaded before it took over is opened again (static/app.js
    loads the phone's engine only on a controlled page). A wait for a state: on a busy machine
    the worker may take over after the match page has loaded."""
    phone.page.wait_for_function(WORKER_READY, timeout=WORKER_TIMEOUT_MS)
    if not phone.page.evaluate("!!navigator.serviceWorker.controller"):
        phone.go(path)
