"""Hands waiting on a phone whose browser would not promise to keep the app's storage say they
could be lost (issue 38 point 9, docs/phone.md "Offline, hand by hand"): a browser short of room
may clear a site's storage, waiting hands and all, unless ``navigator.storage.persist()`` was
granted. The browser's answer is set here (the test's own ``persist``), the signal switched off
with ``context.set_offline``; every wait is for a state of the page."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import Phone
from .table import start
from .test_offline import fill_hand, keep_offline

expect = pytest.importorskip("playwright.sync_api").expect

WARNING = (
    "The browser may clear these hands if it runs short of room: send them once there is signal."
)


def answers_persist(phone: Phone, kept: bool) -> None:
    """The browser answers the page's ``navigator.storage.persist()`` with ``kept``."""
    phone.page.context.add_init_script(
        "navigator.storage && (navigator.storage.persist = () =>"
        " { window.persistAsked = (window.persistAsked || 0) + 1; return Promise.resolve(%s); });"
        % ("true" if kept else "false")
    )


def warning(phone: Phone) -> Any:
    """The note that the waiting hands could be lost."""
    return phone.page.locator("#queue [data-when=unkept]")


def test_waiting_hands_warn_when_the_browser_would_not_keep_the_storage(phone: Phone) -> None:
    answers_persist(phone, False)
    path = start(phone, "pinochle-2", ["Ana", "Ben"])
    phone.page.reload()
    page = phone.page
    page.context.set_offline(True)
    fill_hand(phone, "20", "130")
    keep_offline(phone, 1)
    expect(warning(phone)).to_be_visible()
    expect(warning(phone)).to_have_text(WARNING)
    # A page opened again with the hands waiting says it too.
    page.reload()
    expect(page.locator("#queue li.queued")).to_have_count(1)
    expect(warning(phone)).to_be_visible()
    # Once they are sent nothing waits, and nothing is said.
    page.context.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    expect(page.locator("#queue")).to_be_hidden()
    assert path in page.url


def test_waiting_hands_say_nothing_more_when_the_browser_keeps_the_storage(phone: Phone) -> None:
    answers_persist(phone, True)
    start(phone, "pinochle-2", ["Ana", "Ben"])
    phone.page.reload()
    phone.page.context.set_offline(True)
    fill_hand(phone, "20", "130")
    keep_offline(phone, 1)
    # The browser was asked and its answer taken (the page's handlers of it have run).
    phone.page.wait_for_function("() => window.persistAsked === 1")
    phone.page.evaluate("() => new Promise((done) => setTimeout(done))")
    expect(warning(phone)).to_be_hidden()
    assert warning(phone).count() == 1  # the page carries it, hidden
