"""Hands waiting on the phone ask the browser to keep the app's storage (issue 38 point 9;
docs/phone.md "Offline, hand by hand"): a browser short of room clears a site's storage unless
it was asked to persist it, and the waiting hands live there."""

from __future__ import annotations

import pytest

from .conftest import Phone
from .table import start
from .test_offline import fill_hand, keep_offline

expect = pytest.importorskip("playwright.sync_api").expect

#: Counts the page's calls of ``navigator.storage.persist()`` (the browser's own answer kept).
RECORD = """
(() => {
  window.persistAsked = 0;
  const storage = navigator.storage;
  if (!storage || !storage.persist) return;
  const real = storage.persist.bind(storage);
  storage.persist = () => { window.persistAsked += 1; return real(); };
})();
"""


def asked(phone: Phone) -> int:
    """How many times this page asked the browser to persist its storage."""
    return int(phone.page.evaluate("() => window.persistAsked"))


def test_a_waiting_hand_asks_the_browser_to_keep_the_storage_once(phone: Phone) -> None:
    phone.page.context.add_init_script(RECORD)
    start(phone, "pinochle-2", ["Ana", "Ben"])
    phone.page.reload()
    assert asked(phone) == 0  # nothing waits: nothing asked
    phone.page.context.set_offline(True)
    fill_hand(phone, "20", "130")
    keep_offline(phone, 1)
    assert asked(phone) == 1
    fill_hand(phone, "40", "120")
    keep_offline(phone, 2)
    assert asked(phone) == 1  # once a page
