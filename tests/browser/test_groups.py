"""A group at the table through three nights (issue 18; docs/groups.md), on a 360 x 740 phone,
in two languages: start the group, its matches started from the roster, the next game at the
same table, then the records, the money across the nights and the ratings chart, each page
within the budgets of the other browser tests and read by a second phone through the read-only
link."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import TYPE_CHECKING

import pytest
import sqlalchemy as sa
from flask import Flask

from scorekeeper.extensions import db
from scorekeeper.models import Match

from .conftest import Phone, phone_without_javascript
from .flows import NewPhone, enter_hand, fill_new_match
from .table import check_page

if TYPE_CHECKING:
    from playwright.sync_api import Browser

expect = pytest.importorskip("playwright.sync_api").expect

#: The page-weight budget of the browser tests (test_partnership_auction.py): a page and all it
#: loads, on the wire and gzipped.
PAGE_WEIGHT_BUDGET = 30 * 1024

#: When each night's matches started: three Thursdays, 8 in the evening.
NIGHTS = [datetime(2026, 12, day, 20, 0, tzinfo=UTC) for day in (3, 10, 17)]

NAME = {"en": "Thursday", "es": "Jueves"}


def go(phone: Phone, selector: str) -> None:
    """Tap a link or a button and wait for the next page."""
    with phone.page.expect_navigation(wait_until="load"):
        phone.page.locator(selector).first.click()


def played_on(app: Flask, path: str, night: datetime) -> None:
    """Say the match of ``path`` (``/m/<id>``) started on ``night``."""
    public_id = path.rsplit("/", 1)[-1]
    with app.app_context():
        db.session.execute(
            sa.update(Match).where(Match.public_id == public_id).values(created_at=night)
        )
        db.session.commit()


def new_group_match(phone: Phone, variant: str, players: list[str]) -> str:
    """From the group's page: New match, the form, the seats typed (the roster suggests them);
    the match page's path."""
    go(phone, "#new-match")
    go(phone, f"a[href$='/new/{variant}']")
    expect(phone.page.locator("datalist#roster")).to_have_count(1)
    fill_new_match(phone.page, players)
    go(phone, "form.newmatch button[type=submit]")
    assert "/m/" in phone.page.url, phone.errors()
    expect(phone.page.locator("#in-group")).to_be_visible()
    return str(phone.page.url).removeprefix(phone.base)


def end_the_night(phone: Phone) -> None:
    phone.page.click("#finish")  # it asks first
    go(phone, "#finish-yes")
    expect(phone.page.locator(".winner")).to_be_visible()


def weight(phone: Phone) -> tuple[int, int]:
    """What a fresh load of the page weighs: received, and gzipped (as the budgets count)."""
    return phone.weigh()


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_group_through_three_nights(
    app: Flask, phone: Phone, new_phone: NewPhone, language: str
) -> None:
    page = phone.page
    phone.go(f"/?lang={language}")
    go(phone, "a#start-group")
    page.fill("#name", NAME[language])
    go(phone, "button#start-group")
    # The two links, each with its QR code.
    expect(page.locator("svg.qr")).to_have_count(2)
    private = page.inner_text("#private-link")
    read = page.inner_text("#read-link").removeprefix(phone.base)
    assert "/open?key=" in private
    assert read.startswith("/r/")
    check_page(phone, f"group-{language}-share")
    go(phone, "#to-group")
    group = str(page.url).removeprefix(phone.base)

    # Night 1: auction in units. Ana makes 300 in spades (1 unit x2 from each), Ben is set at
    # 350 in hearts (2 units, twice, to each and to the kitty).
    first = new_group_match(phone, "auction", ["Ana", "Ben", "Cruz"])
    enter_hand(phone, picks=["Ana", "spades", "made"])
    enter_hand(phone, {"bid": "350"}, picks=["Ben", "hearts", "set"])
    end_the_night(phone)
    played_on(app, first, NIGHTS[0])

    # Night 2: the same table, picked from the roster; then the next game at the same table.
    phone.go(group)
    expect(page.locator("#roster [data-player]")).to_have_count(3)
    check_page(phone, f"group-{language}-page")
    second = new_group_match(phone, "auction", ["Ana", "Ben", "Cruz"])
    enter_hand(phone, picks=["Cruz", "clubs", "made"])
    end_the_night(phone)
    go(phone, "#rematch")
    third = str(page.url).removeprefix(phone.base)
    assert third != second
    expect(page.locator("#in-group")).to_be_visible()
    enter_hand(phone, {"bid": "400"}, picks=["Ben", "spades", "made"])
    end_the_night(phone)
    for path in (second, third):
        played_on(app, path, NIGHTS[1])

    # Night 3: Dee joins (a new name goes on the roster).
    phone.go(group)
    fourth = new_group_match(phone, "auction", ["Ana", "Dee", "Cruz"])
    enter_hand(phone, picks=["Dee", "diamonds", "set"])
    end_the_night(phone)
    played_on(app, fourth, NIGHTS[2])
    phone.go(group)
    expect(page.locator("#roster [data-player]")).to_have_count(4)
    expect(page.locator("#matches .list > li")).to_have_count(4)

    # Records: four matches, each figure over what it rests on.
    go(phone, "#records-link")
    expect(page.locator("#counted")).to_contain_text("4")
    expect(page.locator("table#matches tbody tr")).to_have_count(4)
    expect(page.locator("table#head-to-head tbody tr").first).to_be_visible()
    assert page.locator("table#matches td span").count() >= 4
    check_page(phone, f"group-{language}-records")
    records_weight = weight(phone)

    # Money across the three nights, and a settle-up of all of them.
    go(phone, "a[href$='/money']")
    expect(page.locator("section.night")).to_have_count(3)
    expect(page.locator("#transfers li.transfer").first).to_be_visible()
    check_page(phone, f"group-{language}-money")
    # The last night alone: only its players settle.
    boxes = page.locator("#settle-nights input[name=night]")
    for i in range(1, boxes.count()):
        boxes.nth(i).uncheck()
    go(phone, "#settle-nights button[type=submit]")
    expect(page.locator("#settle-nights input[name=night]:checked")).to_have_count(1)
    payers = page.locator("#transfers li.transfer").all_inner_texts()
    assert payers
    assert all("Ben" not in text for text in payers), payers

    # Ratings: a line per player in the chart, drawn on the server.
    go(phone, "a[href$='/ratings']")
    chart = page.locator("svg.chart.ratings")
    expect(chart).to_be_visible()
    expect(chart.locator("polyline")).to_have_count(4)
    expect(page.locator("#ratings-pinochle tbody tr")).to_have_count(4)
    check_page(phone, f"group-{language}-ratings")
    ratings_weight = weight(phone)
    print(f"records page: {records_weight}; ratings page: {ratings_weight} (received, gzipped)")
    for received, gzipped in (records_weight, ratings_weight):
        assert received <= PAGE_WEIGHT_BUDGET
        assert gzipped <= PAGE_WEIGHT_BUDGET

    # Another phone, with the read-only link: it reads everything and changes nothing.
    watcher: Phone = new_phone()
    watcher.go(read + f"?lang={language}")
    expect(watcher.page.locator("#matches .list > li")).to_have_count(4)
    expect(watcher.page.locator("#new-match")).to_have_count(0)
    expect(watcher.page.locator("form")).to_have_count(0)
    go(watcher, "#ratings-link")
    expect(watcher.page.locator("svg.chart.ratings polyline")).to_have_count(4)
    watcher.go(group)
    assert re.search(r"\b403\b|private link|enlace privado", watcher.page.content())
    # The private link lets it in.
    watcher.page.goto(private, wait_until="load")
    expect(watcher.page.locator("#new-match")).to_be_visible()


def test_a_group_works_without_javascript(playwright_browser: Browser, live_server: str) -> None:
    with phone_without_javascript(playwright_browser, live_server) as phone:
        page = phone.page
        phone.go("/groups/new")
        page.fill("#name", "Sin JS")
        go(phone, "button#start-group")
        expect(page.locator("svg.qr")).to_have_count(2)
        go(phone, "#to-group")
        page.click("#roster-edit summary")
        page.fill("#add-name", "Ana")
        go(phone, "#add-player button[type=submit]")
        expect(page.locator("#roster [data-player]")).to_have_count(1)
        # A refusal comes back next to its field, nothing added.
        page.click("#roster-edit summary") if not page.locator(
            "#roster-edit[open]"
        ).count() else None
        page.fill("#add-name", "ANA")
        go(phone, "#add-player button[type=submit]")
        expect(page.locator("#add-player .error")).to_have_count(1)
        expect(page.locator("#roster [data-player]")).to_have_count(1)
        go(phone, "#new-match")
        go(phone, "a[href$='/new/pinochle-2']")
        page.fill("#player_0", "Ana")
        page.fill("#player_1", "Ben")
        go(phone, "form.newmatch button[type=submit]")
        expect(page.locator("#in-group")).to_be_visible()
        go(phone, "#in-group a")
        expect(page.locator("#roster [data-player]")).to_have_count(2)
        check_page(phone, "group-no-javascript")
