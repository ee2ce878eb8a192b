"""Two-, three- and four-handed pinochle played through the pages to a winner."""

from __future__ import annotations

from .conftest import Phone
from .flows import check_fits, enter_hand, save, start_match


def test_two_handed_to_a_winner_with_a_refusal_a_correction_and_an_undo(phone: Phone) -> None:
    start_match(phone, "pinochle-2", ["Ana", "Ben"], options={"target": 500})
    check_fits(phone, "pinochle-2-match")
    # A refused entry: the tricks add up to 300, not 250. Nothing is stored, the typing stays.
    enter_hand(phone, {"meld_0": "150", "tricks_0": "200", "tricks_1": "100"})
    assert any("250" in message for message in phone.errors()), phone.errors()
    assert phone.page.input_value("#meld_0") == "150"
    assert phone.totals() == {"Ana": 0, "Ben": 0}
    assert phone.page.locator(".hand-row").count() == 0
    check_fits(phone, "pinochle-2-refused")
    # The last side's tricks are filled in from the counting total (250).
    phone.page.fill("#tricks_1", "")
    phone.page.locator("#tricks_1").dispatch_event("input")
    phone.page.fill("#tricks_0", "")
    phone.page.locator("#tricks_0").type("130")
    assert phone.page.input_value("#tricks_1") == "120"
    enter_hand(phone, chips=["1:marriage", "1:dix"])
    assert phone.totals() == {"Ana": 280, "Ben": 150}
    enter_hand(phone, {"meld_0": "40", "tricks_0": "100", "meld_1": "0", "tricks_1": "150"})
    assert phone.totals() == {"Ana": 420, "Ben": 300}
    # Correct hand 1: Ben had 80 meld, not 30.
    with phone.page.expect_navigation(wait_until="load"):
        phone.page.click("#hand-1 a.button")
    check_fits(phone, "pinochle-2-correct")
    assert phone.page.input_value("#melds_1") == "marriage dix"
    assert phone.page.input_value("#meld_1") == "30"  # the chips' sum, shown
    phone.page.fill("#meld_1", "80")  # a number typed replaces the chips
    assert phone.page.input_value("#melds_1") == ""
    save(phone.page)
    assert phone.totals() == {"Ana": 420, "Ben": 350}
    # Undo the last hand.
    phone.page.click("#undo")  # it asks first
    with phone.page.expect_navigation(wait_until="load"):
        phone.page.click("#undo-yes")
    assert phone.totals() == {"Ana": 280, "Ben": 200}
    assert phone.page.locator(".hand-row").count() == 1
    # Ana declares out with 200 more: 480 + ... reaches 500 and wins.
    enter_hand(phone, {"meld_0": "150", "tricks_0": "80", "tricks_1": "20"}, picks=["Ana"])
    assert phone.page.locator(".winner").is_visible()
    assert "Ana" in phone.page.inner_text(".winner")
    assert phone.page.locator("form#hand-form").count() == 0
    check_fits(phone, "pinochle-2-winner")


def test_three_handed_plays_on_for_second_place(phone: Phone) -> None:
    start_match(phone, "pinochle-3", ["Ana", "Ben", "Cruz"], options={"target": 300})
    enter_hand(phone, {"meld_0": "200", "tricks_0": "150", "tricks_1": "50", "tricks_2": "50"})
    assert phone.totals() == {"Ana": 350, "Ben": 50, "Cruz": 50}
    banner = phone.page.inner_text(".winner")
    assert "Ana" in banner
    # Ben and Cruz play on as two-handed: the form has their two sides only.
    assert phone.page.locator("form#hand-form fieldset.side").count() == 2
    check_fits(phone, "pinochle-3-play-on")
    enter_hand(phone, {"meld_0": "100", "tricks_0": "150", "tricks_1": "100"})
    assert phone.page.locator("form#hand-form").count() == 0
    assert "Ben" in phone.page.inner_text(".winner")
    check_fits(phone, "pinochle-3-finished")


def test_four_handed_partners_to_a_winner(phone: Phone) -> None:
    start_match(
        phone,
        "pinochle-4",
        ["Ana", "Ben", "Cruz", "Dee"],
        teams=("Us", "Them"),
        options={"target": 500},
    )
    enter_hand(phone, {"meld_0": "100", "tricks_0": "140", "meld_1": "60"})
    assert phone.totals() == {"Us": 240, "Them": 170}
    # Them took no trick worth a point but did take one: their meld still counts.
    enter_hand(phone, {"meld_0": "200", "tricks_0": "250", "meld_1": "40"}, checks=["took_1"])
    assert phone.totals() == {"Us": 690, "Them": 210}
    assert "Us" in phone.page.inner_text(".winner")
    check_fits(phone, "pinochle-4-winner")
