"""The table's extras at 360 px: the settle-up read out after three auction hands, the live
scoreboard on a second phone, the chart, sharing by QR code, and export -> import."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .conftest import TIMEOUT_MS, Phone
from .flows import NewPhone, check_fits, enter_hand, start_match

expect = pytest.importorskip("playwright.sync_api").expect


def csp_watch(phone: Phone) -> list[str]:
    """Console messages about the Content-Security-Policy (there must be none)."""
    seen: list[str] = []
    phone.page.on(
        "console",
        lambda message: (
            seen.append(message.text) if "Content Security Policy" in message.text else None
        ),
    )
    return seen


def bid(phone: Phone, bidder: str, amount: int, trump: str, outcome: str) -> None:
    enter_hand(phone, {"bid": str(amount)}, picks=[bidder, trump, outcome])


def test_settle_up_after_three_auction_hands(phone: Phone) -> None:
    # the numbers below are worked out on the doubling-250 schedule (docs/rules.md §2 table: the
    # column matches created before revision 2 keep; 300-340 is 2 units, 350-390 is 4)
    start_match(
        phone,
        "auction",
        ["Ana", "Ben", "Cruz"],
        options={"unit_value": "0.05", "schedule": "doubling-250"},
    )
    # docs/rules.md §2, doubling schedule, spades double, kitty on:
    bid(phone, "Ana", 350, "spades", "made")  # 4 x 2 from each, kitty bonus 10: +26 -8 -8 k-10
    bid(phone, "Ben", 300, "hearts", "made")  # 2 from each: -2 +4 -2
    bid(phone, "Cruz", 300, "spades", "set")  # 2 x 2 x 2 to each and to the kitty: +8 +8 -24 k+8
    assert phone.totals() == {"Ana": 32, "Ben": 4, "Cruz": -34}
    with phone.page.expect_navigation(wait_until="load"):
        phone.page.click("nav.extras a:has-text('Settle up')")
    # The kitty (-2) is shared -1, -1 and 0 (Ana, first in seating order, has the larger
    # share): balances 32, 3, -35 units, at 0.05 a unit.
    transfers = [t.strip() for t in phone.page.locator(".transfer").all_inner_texts()]
    assert transfers == ["Cruz pays Ana 1.60 (32 units)", "Cruz pays Ben 0.15 (3 units)"]
    assert "0.05" in phone.page.inner_text(".unit-value")
    assert phone.page.inner_text("tr[data-player=Cruz] .money") == "-1.75"
    check_fits(phone, "extras-settle-up-page")
    # Ending the night links the full settle-up from the match page's summary.
    phone.page.goto(phone.page.url.rsplit("/", 1)[0], wait_until="load")
    phone.page.click("#finish")  # it asks first
    with phone.page.expect_navigation(wait_until="load"):
        phone.page.click("#finish-yes")
    with phone.page.expect_navigation(wait_until="load"):
        phone.page.click("#settle-link")
    assert phone.page.locator(".transfer").count() == 2
    assert "not over" not in phone.page.inner_text("main")


def test_the_scoreboard_on_a_second_phone_follows_without_reloading(
    phone: Phone, new_phone: NewPhone
) -> None:
    start_match(phone, "pinochle-2", ["Ana", "Ben"])
    enter_hand(phone, {"meld_0": "60", "tricks_0": "130"})
    match_url = phone.page.url
    with phone.page.expect_navigation(wait_until="load"):
        phone.page.click("#share-link")
    assert phone.page.locator("svg.qr").count() == 1  # the scoreboard's
    with phone.page.expect_navigation(wait_until="load"):
        phone.page.click("#share-scoring")
    assert phone.page.locator("svg.qr").count() == 2  # and now the scorekeeper link's
    check_fits(phone, "extras-share")
    board_url = phone.page.get_attribute("#board-link", "href")
    assert board_url
    assert board_url.endswith("/board")

    watcher: Phone = new_phone()
    problems = csp_watch(watcher)
    watcher.page.goto(board_url, wait_until="load")
    assert watcher.totals() == {"Ana": 190, "Ben": 120}
    assert "Ben deals" in watcher.page.inner_text("#board-deal")
    check_fits(watcher, "extras-board")
    watcher.page.evaluate("window.stillTheSamePage = true")

    phone.go(match_url.removeprefix(phone.base))
    enter_hand(phone, {"meld_0": "0", "tricks_0": "100", "meld_1": "40"})
    # The poll (every few seconds) brings the new hand: no reload.
    expect(watcher.page.locator(".score[data-side=Ben]")).to_have_text("310", timeout=TIMEOUT_MS)
    assert watcher.totals() == {"Ana": 290, "Ben": 310}
    assert "Ana deals" in watcher.page.inner_text("#board-deal")
    assert watcher.page.evaluate("window.stillTheSamePage === true")
    assert watcher.page.locator("#board polyline").count() == 2
    assert not problems, problems
    # The watcher has no way to write.
    watcher.page.goto(match_url, wait_until="load")
    assert watcher.page.locator("form#hand-form").count() == 0


def test_the_scorekeeper_link_hands_over_the_scoring(phone: Phone, new_phone: NewPhone) -> None:
    start_match(phone, "pinochle-2", ["Ana", "Ben"])
    match_path = phone.page.url.removeprefix(phone.base)
    phone.go(match_path + "/share")
    assert phone.page.locator("#join-link").count() == 0
    phone.page.click("#hand-over")
    phone.page.wait_for_selector("#join-link")
    join_url = phone.page.get_attribute("#join-link", "href")
    assert join_url
    assert "code=" in join_url
    assert "token" not in join_url
    helper: Phone = new_phone()
    helper.page.goto(join_url, wait_until="load")
    helper.page.click("#join")
    helper.page.wait_for_url(f"**{match_path}")
    assert "code" not in helper.page.url
    enter_hand(helper, {"meld_0": "60", "tricks_0": "130"})
    assert helper.totals() == {"Ana": 190, "Ben": 120}
    # The phone that handed over now follows the match, and is told so.
    phone.go(match_path)
    assert phone.page.locator("form#hand-form").count() == 0
    assert "Another phone keeps the score" in phone.page.inner_text("main")


def test_the_chart_has_one_line_per_side(phone: Phone, new_phone: NewPhone) -> None:
    start_match(phone, "pinochle-3", ["Ana", "Ben", "Cruz"])
    enter_hand(phone, {"meld_0": "60", "tricks_0": "130", "tricks_1": "100"})
    enter_hand(phone, {"meld_1": "80", "tricks_0": "50", "tricks_1": "150"})
    chart = phone.page.locator("svg.chart")
    assert chart.count() == 1
    sides = phone.page.eval_on_selector_all(
        "svg.chart polyline", "lines => lines.map(l => l.dataset.side)"
    )
    assert sides == ["Ana", "Ben", "Cruz"]
    # Every line has a point per hand plus the start.
    counts = phone.page.eval_on_selector_all(
        "svg.chart polyline", "lines => lines.map(l => l.points.numberOfItems)"
    )
    assert counts == [3, 3, 3]
    assert phone.page.locator("svg.chart line.target").count() == 1
    # The stylesheet colours the lines (no inline style): two sides, two colours.
    colours = phone.page.eval_on_selector_all(
        "svg.chart polyline", "lines => lines.map(l => getComputedStyle(l).stroke)"
    )
    assert len(set(colours)) == 3
    check_fits(phone, "extras-chart")
    watcher: Phone = new_phone()
    watcher.page.goto(phone.page.url + "/board", wait_until="load")
    assert watcher.page.locator("svg.chart polyline").count() == 3


def test_export_then_import_gives_the_same_totals(phone: Phone, tmp_path: Path) -> None:
    start_match(phone, "auction", ["Ana", "Ben", "Cruz"])
    bid(phone, "Ana", 350, "spades", "made")
    bid(phone, "Ben", 300, "hearts", "set")
    before = phone.totals()
    with phone.page.expect_download() as download_info:
        phone.page.click("nav.extras a:has-text('JSON')")
    exported = tmp_path / "night.json"
    download_info.value.save_as(str(exported))
    assert json.loads(exported.read_text())["format"] == "scorekeeper-match"
    phone.go("/")
    with phone.page.expect_navigation(wait_until="load"):
        phone.page.click("a[href='/import']")
    check_fits(phone, "extras-import")
    phone.page.set_input_files("input[type=file]", str(exported))
    with phone.page.expect_navigation(wait_until="load"):
        phone.page.click("#import")
    assert "/m/" in phone.page.url, phone.errors()
    assert phone.totals() == before
    assert phone.page.locator(".hand-row").count() == 2
    # This phone scores the copy.
    assert phone.page.locator("form#hand-form").count() == 1


def test_a_cold_phone_paints_with_the_style_inside_the_page(new_phone: NewPhone) -> None:
    """Issue 14: the first view carries the style sheet inline (no second round trip before
    the first paint), admitted by the policy's hash; the next view uses the cached file."""
    phone: Phone = new_phone()
    problems = csp_watch(phone)
    phone.go("/")
    assert phone.page.locator("head style").count() == 1
    padding = "window.getComputedStyle(document.querySelector('header.bar')).paddingLeft"
    assert phone.page.evaluate(padding) == "12px"  # app.css: .bar { padding: 0 12px }

    def sheet_bytes() -> int:
        return sum(size for url, size in phone.received.items() if "/static/app.css" in url)

    # The print link (not render-blocking) has fetched the file by the time the page is idle.
    phone.page.wait_for_load_state("networkidle")
    fetched = sheet_bytes()
    assert fetched > 1000
    phone.go("/")
    assert phone.page.locator("head style").count() == 0
    assert phone.page.locator("link[rel=stylesheet]:not([media])").count() == 1
    assert phone.page.evaluate(padding) == "12px"
    assert not problems, problems
    # Read from the cache: nothing more came over the network for it.
    assert sheet_bytes() == fetched
