"""A whole club night in the browser (issue 28; docs/club.md §2, §7, §18): eight players at two
tables of partnership pinochle, seven rounds of rotating partners (the design Wh(8), §4.2),
one hand a round (``round.hands: 1``). Three phones: the host's, and one at each table, which
joins by its table card's link, types each round's hand on the match page, and is sent to its
next match by the table page. The host starts, closes and finally ends the night; the room's
standings then show what the API answers. Every wait is for a state, never for a time."""

from __future__ import annotations

import re
from typing import Any

from .conftest import Phone, phone_without_javascript
from .flows import NewPhone, check_fits, enter_hand

PLAYERS = ["Ana", "Ben", "Cruz", "Dee", "Eve", "Fay", "Gus", "Hal"]
ROUNDS = 7


def set_up_night(host: Phone, players: list[str] | None = None) -> str:
    """The host sets the night up through the pages; the host page's address."""
    host.go("/")
    with host.page.expect_navigation(wait_until="load"):
        host.page.click("#start-club-night")
    with host.page.expect_navigation(wait_until="load"):
        host.page.click("a[href='/club/new/pinochle-4']")
    host.page.fill("#name", "Tuesday")
    host.page.fill("#players", "\n".join(players or PLAYERS))
    host.page.select_option("#draw", "entry")
    host.page.fill("#hands", "1")
    check_fits(host, "club-new")
    with host.page.expect_navigation(wait_until="load"):
        host.page.click("#set-up")
    assert re.search(r"/c/[\w-]+$", host.page.url), host.errors()
    return str(host.page.url)[len(host.base) :]


def hand_of(round_no: int, table: int) -> dict[str, str]:
    """What the table types in round ``round_no``: a different hand at each table and round,
    so that the standings are not all level."""
    if table == 1:
        return {"meld_0": str(20 * round_no), "tricks_0": "150", "tricks_1": "100"}
    return {"meld_1": str(10 * round_no), "tricks_0": "90", "tricks_1": "160"}


def host_taps(host: Phone, selector: str) -> None:
    with host.page.expect_navigation(wait_until="load"):
        host.page.click(selector)


def test_a_whole_night_on_three_phones(new_phone: NewPhone) -> None:
    host, first, second = new_phone(), new_phone(), new_phone()
    host_page = set_up_night(host)
    balance = host.page.inner_text("#balance")
    assert "Nobody partners anyone twice." in balance  # Wh(8), docs/club.md §4.2
    assert host.page.locator("#schedule tbody tr").count() == ROUNDS
    check_fits(host, "club-host-setup")
    read_link = host.page.locator("#read-link").get_attribute("href") or ""
    read_path = re.sub(r"^https?://[^/]+", "", read_link)
    tables = {}
    for number, phone in ((1, first), (2, second)):
        link = host.page.locator(f"a.table-link[data-table='{number}']").get_attribute("href")
        assert link
        phone.go(re.sub(r"^https?://[^/]+", "", link))
        with phone.page.expect_navigation(wait_until="load"):
            phone.page.click("#join")
        assert phone.page.url.endswith(f"{read_path}/t/{number}")
        assert "Round 1 starts soon" in phone.page.inner_text("#table-state")
        tables[number] = phone

    previous: dict[int, str] = {}
    for round_no in range(1, ROUNDS + 1):
        host.go(host_page)
        host_taps(host, "#start-round")
        assert f"Round {round_no} in play" in host.page.inner_text("#round-title")
        for number, phone in tables.items():
            if number in previous:
                # The phone on the last match goes to this table's next match by itself as the
                # round starts, no tap (§7.3; tests/browser/test_club_table_follows.py).
                old = previous[number]
                phone.page.wait_for_url(lambda url, old=old: "/m/" in url and not url.endswith(old))
                phone.page.wait_for_selector(f"#club-banner:has-text('Round {round_no} ·')")
            else:
                # The waiting table page follows the night (static/club_live.js) and goes to
                # the match by itself: a goto of our own would race that navigation (and be
                # aborted by it).
                phone.page.wait_for_url(lambda url: "/m/" in url)
                phone.page.wait_for_selector(f"#club-banner:has-text('Round {round_no} ·')")
            assert "/m/" in phone.page.url
            banner = phone.page.inner_text("#club-banner")
            assert f"Round {round_no} · Table {number}" in banner
            assert "Hand 1 of 1" in banner  # round.hands: 1 (docs/club.md §7.2)
            previous[number] = phone.page.url[len(phone.base) :]
            enter_hand(phone, hand_of(round_no, number))
            # One hand a round: after it the match is over (§7.2).
            over = phone.page.locator("#club-limit")
            assert "This round's match is over." in over.inner_text()
        if round_no == 1:
            check_fits(first, "club-match-page")
        host.go(host_page)
        assert host.page.locator("#round-panel li:has-text('over')").count() == 2
        host_taps(host, "#close-round")
        assert f"Round {round_no} is closed" in host.page.inner_text("#round-title")
    host_taps(host, "#finish-night")
    assert "The night is over" in host.page.inner_text("#round-title")
    check_fits(host, "club-host-finished")

    first.go(read_path)
    check_fits(first, "club-room")
    shown = first.page.evaluate(
        "Array.from(document.querySelectorAll('#standings tbody tr')).map(tr => ["
        "Number(tr.dataset.player), tr.querySelector('.place').textContent.trim(),"
        "tr.querySelector('.value').textContent.trim()])"
    )
    answer = first.page.request.get(f"{first.base}/api/v1/club-nights{read_path[3:]}/standings")
    assert answer.ok
    rows = answer.json()["rows"]
    assert len(rows) == len(PLAYERS)
    assert all(row["played"] == ROUNDS for row in rows)  # nobody sits out with 8 (§4.2)
    assert shown == [
        [row["player"], f"{row['place']}{'=' if row['shared'] else ''}", row["value"]]
        for row in rows
    ]
    second.go("/")
    assert second.page.locator("#club-nights a[data-role='table']").count() == 1


def test_a_table_phone_without_javascript_scores_by_plain_forms(
    new_phone: NewPhone, playwright_browser: Any, live_server: str
) -> None:
    """docs/club.md §18: without JavaScript every club page works as forms and links."""
    host = new_phone()
    host_page = set_up_night(host, PLAYERS[:4])  # one table: the design Wh(4), 3 rounds
    link = host.page.locator("a.table-link[data-table='1']").get_attribute("href") or ""
    with phone_without_javascript(playwright_browser, live_server) as table:
        table.go(re.sub(r"^https?://[^/]+", "", link))
        with table.page.expect_navigation(wait_until="load"):
            table.page.click("#join")
        assert "Round 1 starts soon" in table.page.inner_text("#table-state")
        table_page = table.page.url[len(table.base) :]
        host.go(host_page)
        host_taps(host, "#start-round")
        table.go(table_page)
        assert "/m/" in table.page.url
        enter_hand(table, hand_of(1, 1))
        assert "This round's match is over." in table.page.inner_text("#club-limit")
    host.go(host_page)
    assert host.page.locator("#round-panel li:has-text('over')").count() == 1
