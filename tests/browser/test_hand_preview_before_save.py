"""The hand form says what the hand will count before Save (issue 26, item 4: "before Save,
the form shows the hand's result as it will count ("Ben & Dee made 330: +330", "set: -320")").
Counted by the rules on the server (scorekeeper/matches/preview.py), nothing stored."""

from __future__ import annotations

from .conftest import PAGE_ONLY, TIMEOUT_MS, Phone, answered
from .flows import start_match

pytestmark = PAGE_ONLY

PREVIEW = "#hand-form [data-preview-out]"


def shown(phone: Phone, text: str) -> None:
    """Wait until the preview under Save says ``text`` (bounded)."""
    phone.page.wait_for_function(
        "([sel, text]) => (document.querySelector(sel) || {}).textContent?.includes(text)",
        arg=[PREVIEW, text],
        timeout=TIMEOUT_MS,
    )


def test_a_partnership_hand_typed_shows_made_then_set_before_save(phone: Phone) -> None:
    start_match(phone, "partnership-auction", ["Ana", "Ben", "Cruz", "Dee"])
    # On main the form has no preview at all: this is what fails there.
    assert phone.page.locator(PREVIEW).count() == 1
    assert phone.page.locator(PREVIEW).inner_text() == ""
    phone.tap("label.pick.v-Ben")
    phone.tap("[data-bid='300']")
    phone.tap("label.pick.v-spades")  # the cursor goes to Ana & Cruz's meld
    phone.keys("40")
    phone.press("Tab")
    phone.keys("130")  # Ben & Dee's tricks fill themselves in: 120; on to their meld
    phone.keys("210")
    shown(phone, "Ben & Dee made 330: +330")
    assert "Ana & Cruz: +170" in phone.page.locator(PREVIEW).inner_text()
    # The preview sits under Save (its answer never moves Save), and nothing was saved.
    box = phone.page.locator(PREVIEW).bounding_box()
    save = phone.page.locator("#hand-form button.save").bounding_box()
    assert box is not None
    assert save is not None
    assert box["y"] > save["y"]
    assert phone.page.locator(".hand-row").count() == 0
    assert phone.totals() == {"Ana & Cruz": 0, "Ben & Dee": 0}
    phone.shot("preview-made")

    phone.page.fill("#bid", "340")
    phone.page.locator("#bid").dispatch_event("input")
    shown(phone, "Ben & Dee set: -340")
    phone.shot("preview-set")
    answered(phone.page, lambda: phone.tap("#hand-form button.save"))
    assert phone.totals() == {"Ana & Cruz": 170, "Ben & Dee": -340}
    assert phone.page.locator(".hand-row").count() == 1
    assert phone.page.locator(PREVIEW).inner_text() == ""  # the next hand's form starts empty


def test_an_entry_the_rules_refuse_shows_nothing(phone: Phone) -> None:
    start_match(phone, "pinochle-2", ["Ana", "Ben"])
    phone.fill("#meld_0", "60")
    phone.fill("#tricks_0", "130")
    shown(phone, "Ana: +190")
    phone.fill("#tricks_0", "999")  # more than the 250 of the counting: refused
    phone.page.wait_for_function(
        "(sel) => document.querySelector(sel).textContent.trim() === ''",
        arg=PREVIEW,
        timeout=TIMEOUT_MS,
    )


def test_the_save_button_stays_put_as_the_preview_comes(phone: Phone) -> None:
    """The preview comes under Save: its answer arriving as a thumb comes down on Save does not
    push Save away from it. A Save tap in the clash tests once met nothing (no submit) just as
    a late preview arrived above it."""
    start_match(phone, "pinochle-2", ["Ana", "Ben"])
    before = phone.page.locator("#hand-form button.save").bounding_box()
    phone.fill("#meld_0", "60")
    phone.fill("#tricks_0", "130")
    shown(phone, "Ben: +120")
    after = phone.page.locator("#hand-form button.save").bounding_box()
    assert before is not None
    assert after is not None
    assert after["y"] == before["y"]
