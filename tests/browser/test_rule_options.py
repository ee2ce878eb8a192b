"""The rule options on a 360 px phone (docs/rules.md §4): meld typed per player under
``saving_trick: player``, with the chips filling the right player's list, and who sits out."""

from __future__ import annotations

from .conftest import PAGE_ONLY, Phone
from .flows import check_fits, open_chips, save, start_match

pytestmark = PAGE_ONLY


def test_meld_per_player_fits_and_its_chips_fill_that_player(phone: Phone) -> None:
    # docs/rules.md §1: each player's meld counts only if he took a trick (seed 004).
    start_match(
        phone,
        "pinochle-4",
        ["Ana", "Ben", "Cruz", "Dee"],
        teams=("Us", "Them"),
        options={"saving_trick": "player"},
    )
    page = phone.page
    assert page.locator("form#hand-form fieldset.player-meld").count() == 4
    check_fits(phone, "pinochle-4-meld-per-player")
    open_chips(page, "#f-player-2")
    page.locator("#f-player-2 .chip[data-meld='pinochle']").click()  # Cruz melds a pinochle
    assert page.locator("#melds_p2").input_value() == "pinochle"
    assert page.locator("#melds_p0").input_value() == ""
    page.fill("#meld_p0", "20")
    page.check("#took_p0")
    page.check("#took_p2")
    page.fill("#tricks_0", "130")  # Them's tricks fill themselves: 120
    assert page.locator("#tricks_1").input_value() == "120"
    save(page)
    assert phone.totals() == {"Us": 190, "Them": 120}, phone.errors()


def test_the_dealt_out_player_is_named_at_five(phone: Phone) -> None:
    # docs/rules.md §2: with 5 the dealer and the second on his left sit out (Bicycle).
    start_match(phone, "auction", ["Ana", "Ben", "Cruz", "Dee", "Eve"])
    assert "Ana, Cruz sit out" in phone.page.inner_text("p.deal")
    check_fits(phone, "auction-5-sitting-out")
