"""A hand another phone saved never comes back as a ready-made next hand (issue 26, item 1;
issue 38 point 1; docs/phone.md "Two phones, one deal").

Two phones score one match and both type hand 2. When both typed the same, the second Save is
told that hand 2 was saved already, exactly so, by another phone: nothing is stored twice and
nothing is kept to save again. When they differ, the second is told of the clash with its
typing kept "as hand 3: save it only if it is another hand"; that typing is kept on the phone
as a draft typed for hand 2, and when the phone comes back to the match (from the scoreboard,
after a hand-over) the form is left blank: "Bring back what I typed" puts the typing back, under
the note that another phone has saved hand 2 since, until it is sent or cleared."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask

from .conftest import Phone
from .flows import NewPhone, enter_hand, save
from .table import start
from .test_kept_hands import join, link
from .test_offline import stored

expect = pytest.importorskip("playwright.sync_api").expect

NOTE = "form#hand-form [data-draft-note]"
BRING_BACK = "form#hand-form [data-bring-back]"


def both_type_hand_two(
    phone: Phone, new_phone: NewPhone, first: dict[str, str]
) -> tuple[str, Phone]:
    """``phone`` starts the match and saves hand 1; another phone scores too; both type hand
    2, the other 60 and 140, ``phone`` saves ``first`` before the other saves."""
    path = start(phone, "pinochle-2", ["Ana", "Ben"])
    enter_hand(phone, {"meld_0": "20", "tricks_0": "130"})
    other = new_phone()
    join(other, link(phone, path, "#share-scoring"), path)
    other.page.fill("#meld_0", "60")
    other.page.fill("#tricks_0", "140")
    other.page.locator("#tricks_0").dispatch_event("input")
    enter_hand(phone, first)
    save(other.page)
    return path, other


def clashed(phone: Phone, new_phone: NewPhone) -> tuple[str, Phone]:
    """Both type hand 2, differently: the other is told of the clash, its typing kept and,
    on the clash page itself too, not filled in as hand 3 (the banner's link, for a page
    without the script, gives way to the form's button)."""
    path, other = both_type_hand_two(phone, new_phone, {"meld_0": "40", "tricks_0": "120"})
    expect(other.page.locator("#clash")).to_contain_text("hand 2")
    kept_for_hand_two(other.page)
    expect(other.page.locator("[data-bring-back-link]")).to_be_hidden()
    return path, other


def away_and_back(phone: Phone, path: str) -> None:
    """To the match's scoreboard and back to the match page."""
    phone.go(path + "/board")
    phone.go(path)


def kept_for_hand_two(page: Any) -> None:
    """The form is blank, the typing kept for hand 2 and offered by a tap; the tap puts it back
    under the note that hand 2 was saved by another phone."""
    expect(page.locator("#next-hand")).to_have_text("Hand 3")
    note = page.locator(NOTE)
    expect(note).to_be_visible()
    expect(note).to_contain_text("hand 2")
    expect(note).to_contain_text("not filled in")
    assert page.input_value("#meld_0") == ""
    expect(page.locator(BRING_BACK)).to_be_visible()


def brought_back(page: Any) -> None:
    page.click(BRING_BACK)
    assert page.input_value("#meld_0") == "60"
    expect(page.locator(BRING_BACK)).to_be_hidden()
    expect(page.locator(NOTE)).to_contain_text("save it only if it is another hand")


def test_the_clash_page_brings_the_typing_back_only_by_a_tap(
    phone: Phone, new_phone: NewPhone, app: Flask
) -> None:
    path, other = clashed(phone, new_phone)
    save(other.page)  # one tap on Save: the blank form is refused, nothing stored twice
    expect(other.page.locator("#refused")).to_be_visible()
    assert len(stored(app, path)) == 2
    expect(other.page.locator(BRING_BACK)).to_be_visible()  # still kept, still offered
    brought_back(other.page)
    save(other.page)  # the explicit choice: it was another hand
    expect(other.page.locator("#next-hand")).to_have_text("Hand 4")
    assert [h["meld"]["Ana"] for h in stored(app, path)[1:]] == [40, 60]  # the 60 is hand 3


def test_the_same_hand_saved_on_two_phones_is_stored_once(
    phone: Phone, new_phone: NewPhone, app: Flask
) -> None:
    path, other = both_type_hand_two(phone, new_phone, {"meld_0": "60", "tricks_0": "140"})
    said = other.page.locator("#repeated")
    expect(said).to_contain_text("Hand 2 was saved already, exactly as typed here")
    expect(other.page.locator("#next-hand")).to_have_text("Hand 3")
    assert other.page.input_value("#meld_0") == ""
    away_and_back(other, path)
    assert other.page.input_value("#meld_0") == ""  # nothing kept to save again
    expect(other.page.locator(BRING_BACK)).to_be_hidden()
    assert len(stored(app, path)) == 2


def test_a_clashed_hand_comes_back_from_the_scoreboard_only_by_a_tap(
    phone: Phone, new_phone: NewPhone, app: Flask
) -> None:
    path, other = clashed(phone, new_phone)
    other.tap("main a[href$='/board']")
    other.page.wait_for_url(f"**{path}/board")
    other.go(path)
    kept_for_hand_two(other.page)
    brought_back(other.page)
    # A tap into the form (typing kept as it was) leaves it typed for hand 2.
    other.tap("#meld_1")
    away_and_back(other, path)
    kept_for_hand_two(other.page)
    brought_back(other.page)
    # "Clear" ends it; a hand typed now is for hand 3, under no note, and filled in again.
    other.tap("form#hand-form [data-clear]")
    expect(other.page.locator(NOTE)).to_be_hidden()
    other.page.fill("#meld_0", "80")
    other.page.locator("#meld_0").dispatch_event("input")
    away_and_back(other, path)
    assert other.page.input_value("#meld_0") == "80"
    expect(other.page.locator(NOTE)).to_be_hidden()
    expect(other.page.locator(BRING_BACK)).to_be_hidden()
    assert len(stored(app, path)) == 2


def test_new_typing_beside_a_kept_hand_is_the_next_hand(
    phone: Phone, new_phone: NewPhone, app: Flask
) -> None:
    path, other = clashed(phone, new_phone)
    away_and_back(other, path)
    kept_for_hand_two(other.page)
    other.page.fill("#meld_0", "10")
    other.page.locator("#meld_0").dispatch_event("input")
    expect(other.page.locator(BRING_BACK)).to_be_hidden()
    away_and_back(other, path)
    assert other.page.input_value("#meld_0") == "10"  # typed for hand 3: filled in again
    expect(other.page.locator(BRING_BACK)).to_be_hidden()
    assert len(stored(app, path)) == 2


def test_a_clashed_hand_comes_back_after_a_hand_over_only_by_a_tap(
    phone: Phone, new_phone: NewPhone, app: Flask
) -> None:
    path, other = clashed(phone, new_phone)
    join(other, link(phone, path, "#hand-over"), path)
    expect(other.page.locator("main")).to_contain_text("This phone keeps the score now.")
    kept_for_hand_two(other.page)
    brought_back(other.page)
    assert len(stored(app, path)) == 2
