"""The club night's TV view in Chromium (docs/club.md §12; CLUB.md §19 case 38): at 1920 x 1080
and 1280 x 720 with 33 players nothing scrolls, the rows turn in pages, the poll after no change
gets a 304 and after a change swaps the board in; without JavaScript the page reloads itself.

The page's timers run on Playwright's clock (``page.clock``): a page turn or a poll is a state
the test waits for after moving that clock on, never a time it sleeps through."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask

from tests.api.club_helpers import Night

from .conftest import PAGE_ONLY, Phone

pytestmark = PAGE_ONLY

Screen = Callable[..., Phone]

#: What the TV measures in the browser (CSS pixels).
MEASURE = """() => {
  const root = document.documentElement;
  const box = document.getElementById("tv-rows");
  const all = Array.from(document.querySelectorAll("#tv-rows > .tv-row"));
  const shown = all.filter((row) => !row.hidden);
  return {
    width: window.innerWidth,
    height: window.innerHeight,
    scrollWidth: root.scrollWidth,
    scrollHeight: root.scrollHeight,
    bodyScroll: document.body.scrollHeight,
    font: parseFloat(getComputedStyle(document.body).fontSize),
    rowFont: shown.length ? parseFloat(getComputedStyle(shown[0]).fontSize) : 0,
    boxBottom: box ? box.getBoundingClientRect().bottom : 0,
    shownBottom: shown.length ? shown[shown.length - 1].getBoundingClientRect().bottom : 0,
    shown: shown.map((row) => all.indexOf(row)),
    rows: document.querySelectorAll("#tv-rows > .tv-row").length,
    page: document.getElementById("tv").dataset.page,
    pages: document.getElementById("tv").dataset.pages,
    strip: document.querySelectorAll(".tv-strip .tv-table").length,
    seating: document.querySelectorAll(".tv-seating li").length,
    lowest: Math.max(...Array.from(document.querySelectorAll("#tv-board *"))
      .filter((e) => !e.closest("[hidden]") && !e.closest(".tv-rows"))
      .map((e) => e.getBoundingClientRect().bottom)),
  };
}"""


@pytest.fixture
def screen(new_desktop: Screen) -> Screen:
    """Make a TV: a desktop browser context of the given size (no touch, not a phone)."""
    return new_desktop


def room_of_33(app: Flask) -> Night:
    """§19 case 38's room: 33 players (8 tables of four, one sits out), 3 rounds."""
    return Night(app.test_client(), 33, rotation={"rounds": 3}, round={"hands": 4})


def open_tv(tv: Phone, night: Night) -> dict[str, Any]:
    """Open the TV on Playwright's clock and wait until its script has paged the rows."""
    tv.page.clock.install()
    tv.go(f"/cr/{night.read_id}/tv")
    tv.page.wait_for_function("() => !!document.getElementById('tv').dataset.page")
    found: dict[str, Any] = tv.page.evaluate(MEASURE)
    return found


def no_scrolling(sizes: dict[str, Any]) -> None:
    """§12: one screen, no scrollbar either way, nothing below its bottom."""
    assert sizes["scrollWidth"] <= sizes["width"], sizes
    assert sizes["scrollHeight"] <= sizes["height"], sizes
    assert sizes["lowest"] <= sizes["height"], sizes


@pytest.mark.parametrize(("width", "height"), [(1920, 1080), (1280, 720)])
def test_the_tv_fits_and_turns_its_pages(
    app: Flask, screen: Screen, width: int, height: int
) -> None:
    night = room_of_33(app)
    night.start(1)
    tv = screen(width, height)
    sizes = open_tv(tv, night)
    assert (sizes["width"], sizes["height"]) == (width, height)
    no_scrolling(sizes)
    # §12: base font at least 4 % of the screen's height, the rows too.
    assert sizes["font"] >= 0.04 * height, sizes
    assert sizes["rowFont"] >= 0.04 * height, sizes
    # The round in play: a strip of its 8 tables.
    assert sizes["strip"] == 8, sizes
    # 33 rows do not fit: pages of rows, each row shown whole.
    assert sizes["rows"] == 33
    pages = int(sizes["pages"])
    assert pages >= 2, sizes
    assert sizes["page"] == "1"
    per = len(sizes["shown"])
    assert sizes["shown"] == list(range(per)), sizes
    assert pages == -(-33 // per), sizes
    assert sizes["shownBottom"] <= sizes["boxBottom"] + 0.5, sizes
    tv.shot(f"club-tv-{width}x{height}")
    # Every 15 s the next page (§12).
    tv.page.clock.run_for(15_000)
    tv.page.wait_for_function("() => document.getElementById('tv').dataset.page === '2'")
    second = tv.page.evaluate(MEASURE)
    assert second["shown"] == list(range(per, min(2 * per, 33))), second
    no_scrolling(second)
    tv.shot(f"club-tv-{width}x{height}-page-2")


@pytest.mark.parametrize(("width", "height"), [(1920, 1080), (1280, 720)])
def test_the_seating_between_rounds_fits(
    app: Flask, screen: Screen, width: int, height: int
) -> None:
    night = room_of_33(app)
    tv = screen(width, height)
    sizes = open_tv(tv, night)
    no_scrolling(sizes)
    # 8 tables and the one who sits out.
    assert sizes["seating"] == 9, sizes
    tv.shot(f"club-tv-seating-{width}x{height}")


def test_the_poll_gets_a_304_then_the_new_board(app: Flask, screen: Screen) -> None:
    night = room_of_33(app)
    tv = screen(1280, 720)
    # The poll alone, as on a browser without server-sent events (tests/browser/test_club_live.py
    # has the TV following the night's events).
    tv.page.add_init_script("delete window.EventSource")
    open_tv(tv, night)

    def standings(response: Any) -> bool:
        return f"/api/v1/club-nights/{night.read_id}/standings" in response.url

    # Nothing changed: the poll after 10 s is answered 304 (§9.7, §19 case 38).
    with tv.page.expect_response(standings) as first:
        tv.page.clock.run_for(10_000)
    assert first.value.status == 304
    assert first.value.request.headers.get("if-none-match")
    # The host starts round 1: the next poll gets 200 and the board shows the tables' strip.
    night.start(1)
    with tv.page.expect_response(standings) as second:
        tv.page.clock.run_for(10_000)
    assert second.value.status == 200
    tv.page.wait_for_selector(".tv-strip .tv-table")
    assert tv.page.locator(".tv-strip .tv-table").count() == 8
    # And again nothing changed since: 304.
    tv.page.wait_for_function("() => document.getElementById('tv').dataset.polls === '2'")
    with tv.page.expect_response(standings) as third:
        tv.page.clock.run_for(10_000)
    assert third.value.status == 304


def test_without_javascript_the_tv_reloads_itself(app: Flask, screen: Screen) -> None:
    night = room_of_33(app)
    tv = screen(1920, 1080, javascript=False)
    tv.go(f"/cr/{night.read_id}/tv")
    refresh = tv.page.locator('meta[http-equiv="refresh"]')
    assert refresh.count() == 1
    assert refresh.get_attribute("content") == "30"
    # Still one screen: the rows past the bottom are cut off, nothing scrolls.
    sizes = tv.page.evaluate(
        "() => [document.documentElement.scrollHeight, window.innerHeight,"
        " document.documentElement.scrollWidth, window.innerWidth]"
    )
    assert sizes[0] <= sizes[1], sizes
    assert sizes[2] <= sizes[3], sizes
    assert tv.page.locator("#tv-full").is_hidden()


def test_the_clock_counts_down_to_time(app: Flask, screen: Screen) -> None:
    # §12: the clock of a round with minutes, counted on the screen from the round's start.
    night = Night(app.test_client(), 8, rotation={"rounds": 2}, round={"minutes": 20})
    night.start(1)
    tv = screen(1280, 720)
    open_tv(tv, night)
    clock = tv.page.locator("#tv-clock")
    assert clock.text_content() in {"20:00 left", "19:59 left", "19:58 left"}
    tv.page.clock.run_for(61_000)
    tv.page.wait_for_function(
        "() => /^(18:5[6-9]|19:00) left$/.test(document.getElementById('tv-clock').textContent)"
    )
    tv.page.clock.fast_forward(20 * 60_000)
    tv.page.wait_for_function("() => document.getElementById('tv-clock').textContent === 'Time!'")
