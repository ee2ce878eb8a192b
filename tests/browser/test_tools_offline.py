"""The meld calculator and the Pinnacola card picker without signal (issue 38 point 9,
docs/phone.md "The tools without signal"), on the browser's own offline switch
(``context.set_offline``): a phone that keeps the engine opens both tools offline and counts the
cards with the server's rules; a phone without one opens them and says counting needs signal.

Every wait is for a state of the page or of its caches, never for a time."""

from __future__ import annotations

import pytest
from flask import Flask

from .conftest import Phone
from .table import controlled, start
from .test_phone_offline import ENGINE_TIMEOUT_MS, engine_app, open_with_engine
from .test_tools import RUN, found, tap_cards
from .test_tools import wait_for_text as shown_within

expect = pytest.importorskip("playwright.sync_api").expect

__all__ = ["engine_app"]  # (a fixture of test_phone_offline, used here)

COUNTED = "No signal: counted on this phone, by the same rules as the server."
NO_ENGINE = "No signal, and this phone keeps no copy of the rules yet: counting needs signal."
BUTTON = "No signal: this button needs signal. The cards picked stay as they are."
TOOLS = ("/tools/pinochle-meld", "/tools/pinnacola-meld", "/tools/double-deck-meld")


def wait_kept(phone: Phone, *paths: str) -> None:
    """Wait until the service worker keeps a copy of each page of ``paths``."""
    phone.page.wait_for_function(
        """async (paths) => {
          const cache = await caches.open("sk-pages");
          return (await Promise.all(paths.map((p) => cache.match(p)))).every(Boolean);
        }""",
        arg=list(paths),
        timeout=ENGINE_TIMEOUT_MS,
    )


def wait_for_text(phone: Phone, element_id: str, text: str) -> None:
    """Wait until the element shows ``text``: offline, the phone's engine counts it, which on a
    busy machine boots its worker for many seconds after each page opens."""
    shown_within(phone, element_id, text, timeout_ms=ENGINE_TIMEOUT_MS)


def offline_note(phone: Phone, text: str) -> None:
    """Wait until the tool's note about the signal says ``text``."""
    expect(phone.page.locator("#tool-offline")).to_be_visible()
    wait_for_text(phone, "tool-offline", text)


def test_the_tools_count_offline_with_the_engine_the_phone_keeps(
    engine_app: Flask, phone: Phone
) -> None:
    path = start(phone, "pinochle-2", ["Ana", "Ben"])
    # Scoring a match with signal keeps the engine, and the tools' pages with it: never opened.
    open_with_engine(engine_app, phone, path)
    wait_kept(phone, *TOOLS)
    page = phone.page
    page.context.set_offline(True)

    # The calculator: docs/rules.md §1, a run in trumps and a plain marriage, 150 + 20.
    phone.go(TOOLS[0])
    assert page.evaluate("document.documentElement.hasAttribute('data-offline')")
    expect(page.locator("#tool-offline")).to_be_hidden()
    tap_cards(phone, *RUN, "KH", "QH")
    phone.tap("label.pick.v-spades")
    wait_for_text(phone, "meld-total", "170")
    assert found(phone) == ["run 150", "marriage 20"]
    offline_note(phone, COUNTED)
    # The meld table: double pinochle is 400 with the seed-004 table, as the server counts it.
    phone.go(TOOLS[0])
    tap_cards(phone, "QS", "QS", "JD", "JD")
    phone.tap("label.pick.v-hearts")
    wait_for_text(phone, "meld-total", "300")
    page.select_option("select[name=melds]", "seed-004")
    wait_for_text(phone, "meld-total", "400")

    # Opened from the match's hand form (?match=&side=): the plain calculator, counting.
    match = path.rsplit("/", 1)[1]
    phone.go(f"{TOOLS[0]}?match={match}&side=Ana")
    tap_cards(phone, "AS", "AH", "AD", "AC")
    phone.tap("label.pick.v-clubs")
    wait_for_text(phone, "meld-total", "100")

    # The card picker: each meld valued as it is picked, a refusal in the rules' words.
    phone.go(TOOLS[1])
    tap_cards(phone, "4H", "5H", "JK", "7H")
    wait_for_text(phone, "picked", "run · 45")
    offline_note(phone, COUNTED)
    tap_cards(phone, "4H", "4H", "5H", "5H", "7H", "7H", "JK", "JK", "JK", "JK")  # back to 0
    tap_cards(phone, "5H", "6S", "7H")
    page.wait_for_function(
        "() => document.getElementById('picked').textContent.includes('one suit')",
        timeout=ENGINE_TIMEOUT_MS,
    )
    assert page.locator("#picked.no").count() == 1
    # Laying a meld is the server's (a form posted): the page stays, the cards with it.
    page.click("#add-meld")
    offline_note(phone, BUTTON)
    assert page.url.endswith(TOOLS[1])
    assert page.input_value("#c_5H") == "1"

    # Back with signal, the API answers again and the note goes.
    page.context.set_offline(False)
    tap_cards(phone, "6S", "6S", "6H")
    wait_for_text(phone, "picked", "run · 25")
    expect(page.locator("#tool-offline")).to_be_hidden()


def test_without_an_engine_the_tools_open_offline_and_say_counting_needs_signal(
    phone: Phone,
) -> None:
    for tool in TOOLS:
        phone.go(tool)
        controlled(phone, tool)
    phone.go(TOOLS[0])  # (a page the worker controls is the one it keeps)
    wait_kept(phone, *TOOLS)
    page = phone.page
    page.context.set_offline(True)
    page.reload()
    assert page.evaluate("document.documentElement.hasAttribute('data-offline')")
    tap_cards(phone, "KS", "QS")
    phone.tap("label.pick.v-spades")
    offline_note(phone, NO_ENGINE)
    assert page.inner_text("#meld-total") == "–"
    phone.go(TOOLS[1])
    tap_cards(phone, "5H", "6H", "7H")
    offline_note(phone, NO_ENGINE)
    assert page.inner_text("#picked") == ""
