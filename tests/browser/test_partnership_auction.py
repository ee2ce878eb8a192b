"""Partnership auction at the table: the tap budget, the page weight, a game to the target."""

from __future__ import annotations

import gzip
import urllib.request

from .conftest import Phone
from .flows import start_match

#: The issue's budgets.
TAP_BUDGET = 14
PAGE_WEIGHT_BUDGET = 30 * 1024


def test_a_hand_takes_at_most_14_taps_and_the_page_weighs_under_30_kb(phone: Phone) -> None:
    start_match(phone, "partnership-auction", ["Ana", "Ben", "Cruz", "Dee"], teams=("Us", "Them"))
    phone.shot("partnership-auction-new-hand")
    phone.taps = 0
    # Bidder, bid 300 (a quick value), trump; the script puts the cursor in Us's meld.
    phone.tap("label.pick.v-Ana")
    phone.tap("[data-bid='300']")
    phone.tap("label.pick.v-hearts")
    phone.keys("150")
    phone.press("Tab")  # to Us's tricks
    phone.keys("150")  # Them's tricks fill themselves: 100
    phone.press("Tab")  # to Them's meld
    phone.keys("40")
    with phone.page.expect_navigation(wait_until="load"):
        phone.press("Enter")
    assert phone.taps <= TAP_BUDGET, phone.taps
    assert phone.totals() == {"Us": 300, "Them": 140}
    print(f"taps for one partnership-auction hand: {phone.taps}")

    # The page weight: a fresh load of the match page and everything it loads.
    phone.received.clear()
    phone.page.reload(wait_until="load")
    received = sum(phone.received.values())
    gzipped = 0
    for url in phone.received:
        with urllib.request.urlopen(url, timeout=10) as response:
            gzipped += len(gzip.compress(response.read()))
    print(f"match page weight: {received} bytes received, {gzipped} bytes gzipped")
    assert received <= PAGE_WEIGHT_BUDGET
    assert gzipped <= PAGE_WEIGHT_BUDGET
    phone.shot("partnership-auction-after-hand")
