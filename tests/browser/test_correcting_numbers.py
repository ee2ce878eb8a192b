"""Correcting a hand's numbers by tapping them (issue 26, item 3): on "Correct hand N" a tap on
a filled-in number selects it, so the digits typed replace it and Backspace empties it (the
caret used to land in front of a right-aligned number: 190 typed became "19020"), and the
tricks field jumps to the next field only when the caret is at the end of what was typed."""

from __future__ import annotations

import pytest

from .conftest import PAGE_ONLY, Phone
from .flows import enter_hand
from .table import start

pytestmark = PAGE_ONLY

ACTIVE = "() => document.activeElement && document.activeElement.id"


def correcting_hand_one(phone: Phone) -> str:
    """A two-handed match with hand 1 saved (Ana: meld 20, tricks 130); its correction open."""
    path = start(phone, "pinochle-2", ["Ana", "Ben"])
    enter_hand(phone, {"meld_0": "20", "tricks_0": "130", "meld_1": "40"})
    phone.go(path + "/hands/1")
    assert phone.page.input_value("#meld_0") == "20"
    return path


def test_a_tap_on_a_filled_number_selects_it_so_typing_replaces_it(phone: Phone) -> None:
    correcting_hand_one(phone)
    phone.tap("#meld_0")
    phone.keys("190")
    assert phone.page.input_value("#meld_0") == "190"
    phone.tap("#meld_1")
    phone.press("Backspace")
    assert phone.page.input_value("#meld_1") == ""
    # The tricks: 150 typed over 130 is complete (no digit more makes it valid): on to the next
    # field, whose filled-in number is selected too.
    phone.tap("#tricks_0")
    phone.keys("150")
    assert phone.page.input_value("#tricks_0") == "150"
    assert phone.page.evaluate(ACTIVE) == "meld_1"
    phone.keys("60")
    assert phone.page.input_value("#meld_1") == "60"
    phone.tap("#tricks_1")
    phone.keys("100")
    assert phone.page.input_value("#tricks_1") == "100"
    phone.submit()
    assert phone.page.locator(".hand-row").count() == 1
    assert phone.totals() == {"Ana": 190 + 150, "Ben": 60 + 100}


def test_the_tricks_jump_on_only_with_the_caret_at_the_end(phone: Phone) -> None:
    correcting_hand_one(phone)
    phone.tap("#tricks_0")
    phone.press("End")
    phone.press("ArrowLeft")  # between "13" and "0"
    phone.keys("5")
    assert phone.page.input_value("#tricks_0") == "1350"
    assert phone.page.evaluate(ACTIVE) == "tricks_0"  # no jump: the rest stays here
    phone.press("Backspace")
    phone.press("Backspace")
    phone.press("End")
    phone.keys("5")  # "105" at the end: complete, on to the next field
    assert phone.page.input_value("#tricks_0") == "105"
    assert phone.page.evaluate(ACTIVE) == "meld_1"


@pytest.mark.parametrize("field", ["#meld_0", "#tricks_0"])
def test_a_second_tap_in_a_number_places_the_caret(phone: Phone, field: str) -> None:
    """Only the tap that comes into a field selects its number: a second one places the caret
    (to change one digit)."""
    correcting_hand_one(phone)
    phone.tap(field)
    phone.tap(field)
    selected = phone.page.evaluate(
        "(s) => { const e = document.querySelector(s); return e.selectionEnd - e.selectionStart; }",
        field,
    )
    assert selected == 0
