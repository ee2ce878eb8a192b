"""Offline over plain HTTP (issue 26, item 6): what ``bin/run`` gives the phones on the Wi-Fi
has no service worker (a browser allows one only on HTTPS or localhost), so nothing keeps the
match page for a reload. What the match page itself does without a connection still works:
new hands and the undo of the last hand wait on the phone and are sent by themselves, in
order, when the connection returns (README, "Offline")."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask

from .conftest import TIMEOUT_MS, VIEWPORT, Phone
from .flows import save
from .table import start
from .test_offline import fill_hand, keep_offline, queued, stored, type_into

expect = pytest.importorskip("playwright.sync_api").expect


@pytest.fixture
def http_phone(playwright_browser: Any, live_server: str) -> Iterator[Phone]:
    """A phone as on plain HTTP: no service worker (blocked, as a browser refuses one there)."""
    context = playwright_browser.new_context(
        viewport=VIEWPORT, is_mobile=True, has_touch=True, service_workers="block"
    )
    context.set_default_timeout(TIMEOUT_MS)
    try:
        yield Phone(context.new_page(), live_server)
    finally:
        context.close()


def test_the_last_hand_is_undone_offline_and_the_undo_sent_in_order(
    http_phone: Phone, app: Flask
) -> None:
    phone, page = http_phone, http_phone.page
    path = start(phone, "pinochle-2", ["Ana", "Ben"])
    worker = "!!(navigator.serviceWorker && navigator.serviceWorker.controller)"
    assert page.evaluate(worker) is False  # nothing keeps the page for a reload
    fill_hand(phone, "60", "130")
    save(page)
    fill_hand(phone, "20", "100")  # hand 2, typed wrong: it is to be undone
    save(page)
    assert phone.totals() == {"Ana": 190 + 120, "Ben": 120 + 150}
    page.context.set_offline(True)
    expect(page.locator("#offline-note")).to_be_visible()
    # Undo without a connection: kept on the phone, hand 2 struck through, the form's next
    # hand is hand 2 again; nothing left the page.
    page.click("#undo")
    page.click("#undo-yes")
    expect(page.locator("#queue li.queued")).to_have_count(1)
    assert page.url.endswith(path)
    assert queued(phone)[0].startswith("Undo of hand 2"), queued(phone)
    expect(page.locator("#hand-2")).to_have_class("hand-row undoing")
    assert page.inner_text("#next-hand") == "Hand 2"
    # The hand typed after it waits behind it, as hand 2.
    fill_hand(phone, "40", "150")
    keep_offline(phone, 2)
    assert page.inner_text("#next-hand") == "Hand 3"
    assert [h["meld"]["Ana"] for h in stored(app, path)] == [60, 20]  # nothing sent yet
    # The connection returns: the undo goes first, then the new hand 2, each once.
    page.context.set_offline(False)
    expect(page.locator("#queue")).to_be_hidden(timeout=TIMEOUT_MS)
    expect(page.locator(".hand-row")).to_have_count(2)
    assert [(h["meld"]["Ana"], h["tricks"]["Ana"]) for h in stored(app, path)] == [
        (60, 130),
        (40, 150),
    ]
    assert phone.totals() == {"Ana": 190 + 190, "Ben": 120 + 100}
    assert page.inner_text("#next-hand") == "Hand 3"


def test_a_hand_is_corrected_offline_in_the_match_pages_form(http_phone: Phone, app: Flask) -> None:
    phone, page = http_phone, http_phone.page
    path = start(phone, "pinochle-2", ["Ana", "Ben"])
    fill_hand(phone, "60", "130")
    save(page)
    fill_hand(phone, "20", "100")
    save(page)
    page.context.set_offline(True)
    expect(page.locator("#offline-note")).to_be_visible()
    type_into(phone, "#meld_0", "10")  # the next hand, begun
    # Hand 1's meld was 80, not 60: "Correct" opens it in this page's form, filled in.
    page.click("#hand-1 a[data-fix]")
    expect(page.locator("#next-hand")).to_have_text("Correct hand 1")
    assert page.url.endswith(path)
    assert page.input_value("#meld_0") == "60"
    assert page.input_value("#tricks_0") == "130"
    type_into(phone, "#meld_0", "80")
    page.click("form#hand-form button.save")
    expect(page.locator("#queue li.queued")).to_have_count(1)
    assert queued(phone)[0].startswith("Correct hand 1"), queued(phone)
    # The form is the next hand's again, with what was begun for it.
    expect(page.locator("#next-hand")).to_have_text("Hand 3")
    assert page.input_value("#meld_0") == "10"
    assert [h["meld"]["Ana"] for h in stored(app, path)] == [60, 20]
    page.context.set_offline(False)
    expect(page.locator("#queue")).to_be_hidden(timeout=TIMEOUT_MS)
    assert [(h["meld"]["Ana"], h["tricks"]["Ana"]) for h in stored(app, path)] == [
        (80, 130),
        (20, 100),
    ]
    expect(page.locator(".totals .score[data-side=Ana]")).to_have_text(str(210 + 120))
    assert page.input_value("#meld_0") == "10"
