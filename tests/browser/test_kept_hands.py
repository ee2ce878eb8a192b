"""A waiting hand is never dropped (issue 25, item 6): when the phone lost the scoring while a
hand waited in its queue (another phone took the scoring over), the server's refusal keeps the
hand on the phone, shown with the reason and its numbers on the match page and as a notice on
every page, until the table deletes it or a phone that scores again sends it. Driven on the
browser's own offline switch; every wait is for a state of the page, never for a time."""

from __future__ import annotations

import pytest
from flask import Flask

from .conftest import TIMEOUT_MS, Phone
from .flows import NewPhone
from .table import check_page, start
from .test_offline import fill_hand, keep_offline, stored

expect = pytest.importorskip("playwright.sync_api").expect

pytestmark = pytest.mark.browser

#: The hands kept after the refusal, and the notice of the other pages.
KEPT = "#kept li.queued"
NOTICE = "main p.kept-note"


def link(phone: Phone, match_path: str, button: str) -> str:
    """Make a scorekeeper link on ``phone``'s share page (``#hand-over`` or ``#share-scoring``)
    and go back to the match page; the link."""
    phone.go(match_path + "/share")
    with phone.page.expect_navigation(wait_until="load"):
        phone.page.click(button)
    url: str | None = phone.page.get_attribute("#join-link", "href")
    assert url
    phone.go(match_path)
    return url


def join(phone: Phone, url: str, match_path: str) -> None:
    phone.page.goto(url, wait_until="load")
    phone.page.click("#join")
    phone.page.wait_for_url(f"**{match_path}")


def two_hands_waiting_while_the_scoring_is_handed_over(
    phone: Phone, new_phone: NewPhone
) -> tuple[str, Phone]:
    """``phone`` keeps two hands offline; meanwhile another phone takes the scoring over."""
    path = start(phone, "pinochle-2", ["Ana", "Ben"])
    over = link(phone, path, "#hand-over")
    phone.page.context.set_offline(True)
    fill_hand(phone, "60", "130")
    keep_offline(phone, 1)
    fill_hand(phone, "20", "100")
    keep_offline(phone, 2)
    helper = new_phone()
    join(helper, over, path)
    return path, helper


def test_a_hand_refused_after_a_hand_over_stays_on_the_match_page_until_deleted_or_sent(
    phone: Phone, new_phone: NewPhone, app: Flask
) -> None:
    path, helper = two_hands_waiting_while_the_scoring_is_handed_over(phone, new_phone)
    page = phone.page
    page.context.set_offline(False)
    # Refused (this phone no longer scores): kept, with the reason and the numbers typed.
    expect(page.locator(KEPT)).to_have_count(2, timeout=TIMEOUT_MS)
    assert stored(app, path) == []
    rows = page.locator(KEPT).all_inner_texts()
    assert "Hand 1" in rows[0]
    assert "Meld 60" in rows[0]
    assert "Tricks 130" in rows[0]
    assert "Meld 20" in rows[1]
    assert "no longer scores this match" in page.inner_text("#kept")
    assert page.locator("form#hand-form").count() == 0  # it follows the match now
    assert page.locator("#queue li.queued").count() == 0
    assert page.locator("#kept [data-send]:visible").count() == 0
    check_page(phone, "kept-hands-after-a-hand-over")
    # Every other page of the app says so, with a link to the match page.
    phone.go("/")
    expect(page.locator(NOTICE)).to_have_count(1)
    check_page(phone, "kept-hands-notice")
    with page.expect_navigation(wait_until="load"):
        page.locator(NOTICE).locator("[data-kept-link]").click()
    expect(page.locator(KEPT)).to_have_count(2)
    page.reload(wait_until="load")  # still kept: on the phone, not in the page
    expect(page.locator(KEPT)).to_have_count(2)
    # The table reads the second out to the scorekeeper and deletes it here.
    page.locator(KEPT).nth(1).locator("[data-delete] summary").click()
    page.locator(KEPT).nth(1).locator("[data-delete-yes]").click()
    expect(page.locator(KEPT)).to_have_count(1)
    # This phone scores again (a "score too" link of the new scorekeeper): it sends the first.
    join(phone, link(helper, path, "#share-scoring"), path)
    expect(page.locator("#kept [data-send]")).to_be_visible()
    page.locator("#kept [data-send]").click()
    expect(page.locator(".hand-row:not(.queued)")).to_have_count(1, timeout=TIMEOUT_MS)
    expect(page.locator("#kept")).to_be_hidden()
    hands = stored(app, path)
    assert [(h["meld"]["Ana"], h["tricks"]["Ana"]) for h in hands] == [(60, 130)]
    phone.go("/")
    assert page.locator(NOTICE).count() == 0


def test_a_hand_refused_from_the_home_page_is_kept_and_noticed(
    phone: Phone, new_phone: NewPhone, app: Flask
) -> None:
    """The match's tab was closed meanwhile: the home page sends the waiting hands, and the
    refusal (once a redirect to a 200 page, read as stored) keeps them on the phone."""
    path, _ = two_hands_waiting_while_the_scoring_is_handed_over(phone, new_phone)
    context = phone.page.context
    phone.page.close()
    context.set_offline(False)
    home = context.new_page()
    home.goto(phone.base + "/", wait_until="load")
    expect(home.locator(NOTICE)).to_have_count(1, timeout=TIMEOUT_MS)
    assert stored(app, path) == []
    assert home.evaluate("Object.keys(localStorage).filter(k => k.startsWith('sk:queue:'))") == []
    home.goto(phone.base + path, wait_until="load")
    expect(home.locator(KEPT)).to_have_count(2)
    assert home.locator(NOTICE).count() == 0  # the match page shows the hands themselves
