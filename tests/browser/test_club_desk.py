"""The director's desk in Chromium (docs/club.md §7.1, §18; issue 35 point 14): after round 1
closes, the host page lists its matches; the host enters the hand table 2 forgot ("Enter a
missing hand") and corrects table 1's ("Correct a hand"), each time from the host page by its
own links, never by the browser's history, and the standings follow. Every wait is for a
state."""

from __future__ import annotations

from .conftest import Phone
from .flows import NewPhone, check_fits, enter_hand, save
from .test_club_night import host_taps, set_up_night


def standings_of(host: Phone) -> dict[str, str]:
    """The host page's standings: name -> value."""
    rows = host.page.locator("#standings tbody tr")
    found = {}
    for i in range(rows.count()):
        cells = rows.nth(i).locator("td")
        found[cells.nth(1).inner_text()] = cells.nth(2).inner_text()
    return found


def test_the_host_enters_a_missing_hand_and_corrects_one_from_the_desk(
    new_phone: NewPhone,
) -> None:
    host = new_phone()
    host_page = set_up_night(host)
    host_taps(host, "#start-round")
    # Table 1 enters its hand from the host's phone ("Its match"); table 2 forgets its own.
    with host.page.expect_navigation(wait_until="load"):
        host.page.locator("li[data-table='1'] a[data-match]").click()
    enter_hand(host, {"meld_0": "20", "tricks_0": "150", "tricks_1": "100"})
    host.go(host_page)
    host_taps(host, "#close-round")
    desk = host.page.locator("#desk")
    desk.wait_for()
    assert "Round 1 (closed)" in desk.inner_text()
    assert "Open the night again" not in host.page.content()
    check_fits(host, "club-desk")
    before = standings_of(host)

    # "Enter a missing hand" at table 2: its match page, its form, one hand.
    host_taps(host, "li[data-desk-table='2'] button[data-late]")
    host.page.locator("form#hand-form").wait_for()
    assert host.page.locator("#reopen").count() == 0
    enter_hand(host, {"meld_1": "40", "tricks_0": "90", "tricks_1": "160"})
    host.page.locator("form#hand-form").wait_for(state="detached")  # over again by itself
    host.go(host_page)
    assert "1 hand" in host.page.locator("li[data-desk-table='2']").inner_text()
    after = standings_of(host)
    assert after != before

    # "Correct a hand" at table 1: its match page, hand 1's correction.
    host_taps(host, "li[data-desk-table='1'] a[data-correct]")
    assert host.page.locator("#reopen").count() == 0
    host_taps(host, "a[href$='/hands/1']")
    host.page.locator("#meld_0").fill("120")
    host.page.locator("#meld_0").dispatch_event("input")
    save(host.page)
    host.go(host_page)
    corrected = standings_of(host)
    assert corrected != after
    assert max(int(v) for v in corrected.values()) == 270  # 120 meld + 150 tricks
