"""Auction pinochle in units to the end of the night, and Pinnacola to a Pinnacolone."""

from __future__ import annotations

from .conftest import Phone
from .flows import check_fits, enter_hand, start_match


def test_auction_in_units_ends_the_night_with_a_settle_up(phone: Phone) -> None:
    start_match(phone, "auction", ["Ana", "Ben", "Cruz"])
    check_fits(phone, "auction-match")
    # Bid 300 in spades, made: 1 unit (docs/rules.md §2, revision 2: doubling pays 1 unit at
    # 300-340), doubled by spades, from each of the two others.
    phone.page.locator("label.pick.v-Ana").click()
    phone.page.locator("[data-step='10']").click()
    phone.page.locator("[data-step='-10']").click()
    assert phone.page.input_value("#bid") == "300"
    enter_hand(phone, picks=["spades", "made"])
    assert phone.totals() == {"Ana": 4, "Ben": -2, "Cruz": -2}
    # The bidder's meld and tricks instead of the outcome: 200 + 100 < 350, set.
    enter_hand(
        phone,
        {"bid": "350", "bidder_meld": "200", "bidder_tricks": "100"},
        picks=["Ben", "hearts"],
    )
    assert phone.totals()["Ben"] < -2
    enter_hand(phone, picks=["all_pass"])
    assert phone.page.locator(".hand-row").count() == 3
    phone.page.click("#finish")  # it asks first
    with phone.page.expect_navigation(wait_until="load"):
        phone.page.click("#finish-yes")
    assert phone.page.locator(".winner").is_visible()
    assert phone.page.locator(".settle").is_visible()
    assert phone.page.locator("form#hand-form").count() == 0
    check_fits(phone, "auction-settle-up")


def test_pinnacola_refuses_a_bad_entry_then_ends_with_a_pinnacolone(phone: Phone) -> None:
    start_match(phone, "pinnacola", ["Ana", "Ben"])
    check_fits(phone, "pinnacola-match")
    enter_hand(
        phone,
        {"table_0": "123", "hand_0": "0", "table_1": "120", "hand_1": "45"},
        picks=["closed\\:0"],
    )
    assert phone.page.locator("#table_0 ~ *, .num.invalid").count() >= 1
    assert phone.errors()
    assert phone.totals() == {"Ana": 0, "Ben": 0}
    check_fits(phone, "pinnacola-refused")
    enter_hand(phone, {"table_0": "385"})
    assert phone.totals() == {"Ana": 485, "Ben": 75}
    enter_hand(
        phone,
        {"table_0": "40", "hand_0": "30", "table_1": "1600", "hand_1": "0"},
        picks=["pinnacolone\\:1"],
    )
    assert "Ben" in phone.page.inner_text(".winner")
    check_fits(phone, "pinnacola-winner")


def test_partnership_auction_to_the_target(phone: Phone) -> None:
    start_match(phone, "partnership-auction", ["Ana", "Ben", "Cruz", "Dee"], teams=("Us", "Them"))
    enter_hand(
        phone,
        {"bid": "300", "meld_0": "800", "tricks_0": "200", "meld_1": "20"},
        picks=["Ana", "clubs"],
    )
    # Ana and Cruz are Us (partners opposite): they made 300 with 1000 and reach the target.
    assert phone.totals() == {"Us": 1000, "Them": 70}
    assert "Us" in phone.page.inner_text(".winner")
    assert phone.page.locator(".winner").is_visible()
    check_fits(phone, "partnership-auction-winner")
