"""Issue 29's "done when" in the browser: a progressive night (docs/club.md §4.5, "winners move
up") of 12 players over 4 rounds, one hand a round, with a late arrival at round 3 and a
substitute in round 4 (§6), on a host phone, two table phones and a TV.

Table 1 and table 2 score on their own phones (joined by their cards' links); the host scores
table 3 from the host page. Ivy arrives while round 2 plays; with 13 present round 3 cannot be
drawn (§4.5: a multiple of four, or a 409 that says how many are over), so the host seats it
by hand with Ivy sitting out (§4.9), and again round 4, where Ivy comes in for Eve, who must go:
the pages say "Ivy (for Eve)". Every wait is for a state, never for a time."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from .conftest import TIMEOUT_MS, Phone
from .flows import NewPhone, check_fits, enter_hand

PLAYERS = ["Ana", "Ben", "Cruz", "Dee", "Eve", "Fay", "Gus", "Hal", "Ida", "Jon", "Kit", "Lou"]
#: Round 3 and 4 seated by hand (§4.9): three tables of four, Ivy (13) sitting out.
BY_HAND = ("1 2 3 4", "5 6 7 8", "9 10 11 12")


@pytest.fixture
def tv(playwright_browser: Any, live_server: str) -> Iterator[Phone]:
    """The TV on the wall: a desktop context of 1280 x 720 (§12)."""
    context = playwright_browser.new_context(
        viewport={"width": 1280, "height": 720}, device_scale_factor=1
    )
    context.set_default_timeout(TIMEOUT_MS)
    context.set_default_navigation_timeout(TIMEOUT_MS)
    yield Phone(context.new_page(), live_server)
    context.close()


def taps(phone: Phone, selector: str) -> None:
    with phone.page.expect_navigation(wait_until="load"):
        phone.page.click(selector)


def hand_of(table: int) -> dict[str, str]:
    """Tables 1 and 3: North-South (seats 1+3) win; table 2: East-West (seats 2+4) win."""
    if table == 2:
        return {"meld_1": "20", "tricks_0": "90", "tricks_1": "160"}
    return {"meld_0": "20", "tricks_0": "150", "tricks_1": "100"}


def set_up(host: Phone) -> str:
    """The set-up form: progressive, 4 rounds, one hand a round, numbered as typed."""
    host.go("/club/new/pinochle-4")
    host.page.fill("#name", "Progressive")
    host.page.fill("#players", "\n".join(PLAYERS))
    # The movement's settings are for fixed pairs only (§4.4): shown with that scheme alone.
    host.page.select_option("#scheme", "fixed-pairs")
    assert host.page.locator("#pairs-movement").is_visible()
    host.page.select_option("#scheme", "progressive")
    assert host.page.locator("#pairs-movement").is_hidden()
    assert host.page.locator("#progressive-note").is_visible()
    host.page.fill("#rounds", "4")
    host.page.select_option("#draw", "entry")
    host.page.fill("#hands", "1")
    check_fits(host, "club-progressive-new")
    taps(host, "#set-up")
    assert re.search(r"/c/[\w-]+$", host.page.url), host.errors()
    return str(host.page.url)[len(host.base) :]


def seat_by_hand(host: Phone, host_page: str, number: int) -> None:
    """§4.9: the host types round ``number``'s tables, Ivy sitting out."""
    host.go(host_page)
    taps(host, f"a[data-edit='{number}']")
    for i, seats in enumerate(BY_HAND):
        host.page.fill(f"#table_{i}", seats)
    host.page.fill("#sitting_out", "13")
    taps(host, "#save-round")
    assert f"Round {number} is seated as typed." in host.page.inner_text("main")


def score_round(host: Phone, host_page: str, tables: dict[int, Phone], read_path: str) -> None:
    """Each table phone is on its match by itself once the round started (from its table page
    or its last match, docs/club.md §7.3) and types the hand; the host scores table 3 from the
    host page's link."""
    for number, phone in tables.items():
        if "/m/" not in phone.page.url and not phone.page.url.endswith(f"/t/{number}"):
            phone.go(f"{read_path}/t/{number}")  # a phone that went to another page
        phone.page.wait_for_selector("form#hand-form")  # the new match's: the last one is over
        assert "/m/" in phone.page.url
        enter_hand(phone, hand_of(number))
        assert "This round's match is over." in phone.page.inner_text("#club-limit")
    host.go(host_page)
    taps(host, "#round-panel li[data-table='3'] a[data-match]")
    enter_hand(host, hand_of(3))
    host.go(host_page)
    assert host.page.locator("#round-panel li:has-text('over')").count() == 3


def test_a_progressive_night_with_a_late_arrival_and_a_substitute(
    new_phone: NewPhone, tv: Phone
) -> None:
    host, first, second = new_phone(), new_phone(), new_phone()
    host_page = set_up(host)
    # §4.6: progressive rounds are drawn as the night goes.
    schedule = host.page.inner_text("#schedule")
    assert "Planned: drawn when round 1 closes" in schedule
    assert "Planned: drawn when round 3 closes" in schedule
    check_fits(host, "club-progressive-host-setup")
    read_link = host.page.locator("#read-link").get_attribute("href") or ""
    read_path = re.sub(r"^https?://[^/]+", "", read_link)
    tables = {1: first, 2: second}
    for number, phone in tables.items():
        link = host.page.locator(f"a.table-link[data-table='{number}']").get_attribute("href")
        assert link
        phone.go(re.sub(r"^https?://[^/]+", "", link))
        taps(phone, "#join")
        assert phone.page.url.endswith(f"{read_path}/t/{number}")
    tv.go(f"{read_path}/tv")
    assert tv.page.inner_text(".tv-name") == "Progressive"

    # Round 1 (§4.5: table t seats 4t-3..4t at N, E, S, W).
    host.go(host_page)
    taps(host, "#start-round")
    assert "Round 1 in play" in host.page.inner_text("#round-title")
    tv.go(f"{read_path}/tv")
    assert tv.page.inner_text(".tv-round") == "Round 1 of 4"
    assert tv.page.locator(".tv-strip .tv-table").count() == 3
    score_round(host, host_page, tables, read_path)
    taps(host, "#close-round")
    # §4.5: at table 1 the winners (1 Ana, 3 Cruz) stay and take N and E; table 2's winners
    # (6 Fay, 8 Hal, East-West) arrive and take S and W: nobody keeps last round's partner.
    row = host.page.locator("#schedule tr[data-round='2']").inner_text()
    assert "1·Ana & 6·Fay v 3·Cruz & 8·Hal" in row
    tv.go(f"{read_path}/tv")
    assert "Table 1: Ana & Fay v Cruz & Hal" in tv.page.inner_text(".tv-seating")

    # Round 2; Ivy arrives while it plays, for round 3 (§6: the next number, 13).
    taps(host, "#start-round")
    host.page.click("#late-arrival summary")
    host.page.fill("#late-name", "Ivy")
    host.page.fill("#late-from", "3")
    taps(host, "#late-submit")
    assert "Ivy joins the night." in host.page.inner_text("main")
    assert "13·Ivy" in host.page.inner_text("#player-list")
    score_round(host, host_page, tables, read_path)
    taps(host, "#close-round")

    # Round 3: 13 present, not a multiple of four: starting it says so (§4.5's 409).
    assert "Planned: drawn when round 2 closes" in host.page.inner_text("#schedule")
    taps(host, "#start-round")
    assert "13 players are present" in host.page.inner_text("main")
    assert host.page.locator("#seat-by-hand").is_visible()
    seat_by_hand(host, host_page, 3)
    taps(host, "#start-round")
    assert "Round 3 in play" in host.page.inner_text("#round-title")
    score_round(host, host_page, tables, read_path)
    taps(host, "#close-round")

    # Round 4: seated by hand again; Eve must go, Ivy (sitting out) comes in (§6).
    seat_by_hand(host, host_page, 4)
    taps(host, "#start-round")
    host.page.click("#substitute summary")
    host.page.fill("#sub-out", "5")
    host.page.fill("#sub-in", "13")
    taps(host, "#sub-submit")
    assert "The substitute is seated." in host.page.inner_text("main")
    assert "13·Ivy (for Eve)" in host.page.inner_text("#round-panel li[data-table='2']")
    check_fits(host, "club-progressive-host-substitute")
    second.go(read_path)
    assert "13·Ivy (for Eve)" in second.page.inner_text("#round")
    score_round(host, host_page, tables, read_path)
    taps(host, "#close-round")
    taps(host, "#finish-night")
    assert "The night is over" in host.page.inner_text("#round-title")

    # The TV shows the final standings, every player a row (13: Ivy too).
    tv.go(f"{read_path}/tv")
    assert tv.page.inner_text(".tv-round") == "Final standings"
    assert tv.page.locator("#tv-rows > .tv-row").count() == 13
    sizes = tv.page.evaluate(
        "() => [document.documentElement.scrollHeight, window.innerHeight,"
        " document.documentElement.scrollWidth, window.innerWidth]"
    )
    assert sizes[0] <= sizes[1], sizes  # §12: one screen, no scrolling
    assert sizes[2] <= sizes[3], sizes
    tv.shot("club-progressive-tv-final")
    # §6 in the standings: Ivy absent for rounds 1-2, sat out 3, credited with Eve's round 4.
    answer = host.page.request.get(f"{host.base}/api/v1/club-nights{read_path[3:]}/standings")
    assert answer.ok
    rows = {row["player"]: row for row in answer.json()["rows"]}
    assert [r["status"] for r in rows[13]["rounds"]] == ["absent", "absent", "sat_out", "played"]
    assert rows[5]["rounds"][3]["status"] == "absent"
    player = host.page.request.get(f"{host.base}{read_path}/p/13")
    assert "(for Eve)" in player.text()
