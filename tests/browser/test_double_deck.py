"""Double-deck pinochle at the table (issue 39 point 2; docs/rules.md §2 ``double-deck``): a hand
in a handful of taps on the bid picker of its small bids (50 to 60 by one, then by five: Joe
Andrews' steps, the picker offers no other), and a bid lost for want of a marriage in trump."""

from __future__ import annotations

import pytest

from .conftest import PAGE_ONLY, Phone, answered
from .flows import start_match

pytestmark = PAGE_ONLY

#: As partnership auction's hand (tests/browser/test_partnership_auction.py).
TAP_BUDGET = 14
FOUR = ["Ana", "Ben", "Cruz", "Dee"]

#: The bid, its taps on the picker (the default is the minimum, 50; a round ten is one tap,
#: its ones or fives a second), Us's meld and counters, Them's meld (their counters fill
#: themselves in: 50 a hand).
HANDS = [
    (50, [], "32", "30", "18"),
    (57, ["57"], "40", "25", "24"),
    (65, ["60", "65"], "45", "28", "0"),
    (110, ["110"], "90", "35", "20"),
]


@pytest.mark.parametrize(("bid", "taps", "meld", "counters", "their_meld"), HANDS)
def test_a_double_deck_hand_takes_a_handful_of_taps(
    phone: Phone, bid: int, taps: list[str], meld: str, counters: str, their_meld: str
) -> None:
    start_match(phone, "double-deck", FOUR, teams=("Us", "Them"))
    phone.taps = 0
    phone.tap("label.pick.v-Ana")
    for tap in taps:
        round_bid = phone.page.locator(f".hundreds [data-bid='{tap}']")
        if round_bid.count():
            phone.tap(f".hundreds [data-bid='{tap}']")
        else:
            phone.tap(f".tens .chip:has-text('{tap}')")
        if tap == "60":  # by five above 60: 61 to 64 are no bids, and not offered
            shown = phone.page.locator(".tens .chip:visible").all_inner_texts()
            assert shown == ["65"], shown
    assert phone.page.input_value("#bid") == str(bid)
    phone.tap("label.pick.v-hearts")  # the cursor goes to Us's meld
    phone.keys(meld)
    phone.press("Tab")
    phone.keys(counters)  # no digit more fits 50: on to Them's meld by itself
    phone.keys(their_meld)
    answered(phone.page, lambda: phone.press("Enter"))
    assert phone.page.locator(".hand-row").count() == 1, phone.errors()
    # The glossary's rules: meld under 20 is not on the board, 20 counters keep it.
    theirs = 50 - int(counters)
    us = (int(meld) if int(meld) >= 20 and int(counters) >= 20 else 0) + int(counters)
    them = (int(their_meld) if int(their_meld) >= 20 and theirs >= 20 else 0) + theirs
    assert phone.totals() == {"Us": us if us >= bid else -bid, "Them": them}
    print(f"taps for a double-deck hand bid {bid}: {phone.taps}")
    assert phone.taps <= TAP_BUDGET, phone.taps


def test_no_marriage_in_trump_loses_the_bid_unplayed(phone: Phone) -> None:
    start_match(phone, "double-deck", FOUR, teams=("Us", "Them"))
    assert phone.page.locator("input[value=all_pass]").count() == 0  # nobody passes it in
    phone.tap("label.pick.v-Ben")
    phone.tap(".tens .chip:has-text('52')")
    phone.tap("label.pick.v-clubs")  # named, then no marriage in it
    phone.tap("label.pick.v-no_marriage")
    phone.fill("#meld_0", "24")
    answered(phone.page, lambda: phone.tap("#hand-form button.save"))
    assert phone.totals() == {"Us": 24, "Them": -52}, phone.errors()
    assert "no marriage" in phone.page.locator(".hand-row").first.inner_text()


def test_meld_chips_add_up_by_the_double_deck_table(phone: Phone) -> None:
    """Pagat's double-deck values on the chips (docs/rules.md §2 `double-deck` "Meld"): a run
    15, a royal marriage 4, a pinochle 4: 23, not single-deck pinochle's 230."""
    start_match(phone, "double-deck", FOUR, teams=("Us", "Them"))
    phone.tap("label.pick.v-Cruz")
    phone.tap("label.pick.v-hearts")
    phone.page.locator("#f-side-0 details.meld-chips summary").click()
    for meld in ("run", "royal_marriage", "pinochle"):
        phone.page.locator(f"#f-side-0 button[data-meld='{meld}']").click()
    assert phone.page.input_value("#meld_0") == "23"
    phone.fill("#tricks_0", "30")
    phone.page.locator("#tricks_0").dispatch_event("input")
    answered(phone.page, lambda: phone.tap("#hand-form button.save"))
    # Us: 23 meld kept with 30 counters, 53 ≥ the bid of 50; Them: 20 counters.
    assert phone.totals() == {"Us": 53, "Them": 20}, phone.errors()
