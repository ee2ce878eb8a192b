"""A hand another phone saved never comes back as a ready-made next hand (issue 26, item 1).

Two phones score one match and both type hand 2; the first saves it, the second is told so
(the clash) with its typing kept "as hand 3: save it only if it is another hand". That typing
is kept on the phone as a draft typed for hand 2: when the phone comes back to the match (from
the scoreboard, after a hand-over), the form is filled in again only under the note that
another phone has saved hand 2 since, until it is sent or cleared."""

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


def both_type_hand_two(phone: Phone, new_phone: NewPhone) -> tuple[str, Phone]:
    """``phone`` starts the match and saves hand 1; another phone scores too; both type hand
    2 (the same hand), ``phone`` saves it first, the other is told of the clash."""
    path = start(phone, "pinochle-2", ["Ana", "Ben"])
    enter_hand(phone, {"meld_0": "20", "tricks_0": "130"})
    other = new_phone()
    join(other, link(phone, path, "#share-scoring"), path)
    other.page.fill("#meld_0", "60")
    other.page.fill("#tricks_0", "140")
    other.page.locator("#tricks_0").dispatch_event("input")
    enter_hand(phone, {"meld_0": "60", "tricks_0": "140"})
    save(other.page)
    expect(other.page.locator("#clash")).to_contain_text("hand 2")
    expect(other.page.locator("#next-hand")).to_have_text("Hand 3")
    assert other.page.input_value("#meld_0") == "60"
    return path, other


def typed_for_hand_two(page: Any) -> None:
    """The form shows the typing again under the note that hand 2 was saved by another phone."""
    expect(page.locator("#next-hand")).to_have_text("Hand 3")
    assert page.input_value("#meld_0") == "60"
    note = page.locator(NOTE)
    expect(note).to_be_visible()
    expect(note).to_contain_text("hand 2")
    expect(note).to_contain_text("another phone has saved")


def test_a_clashed_hand_comes_back_from_the_scoreboard_only_with_the_note(
    phone: Phone, new_phone: NewPhone, app: Flask
) -> None:
    path, other = both_type_hand_two(phone, new_phone)
    other.tap("main a[href$='/board']")
    other.page.wait_for_url(f"**{path}/board")
    other.go(path)
    typed_for_hand_two(other.page)
    # A tap into the form (typing kept as it was) leaves it typed for hand 2.
    other.tap("#meld_1")
    other.go(path + "/board")
    other.go(path)
    typed_for_hand_two(other.page)
    # "Clear" ends it; a hand typed now is for hand 3, under no note.
    other.tap("form#hand-form [data-clear]")
    expect(other.page.locator(NOTE)).to_be_hidden()
    other.page.fill("#meld_0", "80")
    other.page.locator("#meld_0").dispatch_event("input")
    other.go(path + "/board")
    other.go(path)
    assert other.page.input_value("#meld_0") == "80"
    expect(other.page.locator(NOTE)).to_be_hidden()
    assert len(stored(app, path)) == 2


def test_a_clashed_hand_comes_back_after_a_hand_over_only_with_the_note(
    phone: Phone, new_phone: NewPhone, app: Flask
) -> None:
    path, other = both_type_hand_two(phone, new_phone)
    join(other, link(phone, path, "#hand-over"), path)
    expect(other.page.locator("main")).to_contain_text("This phone keeps the score now.")
    typed_for_hand_two(other.page)
    assert len(stored(app, path)) == 2
