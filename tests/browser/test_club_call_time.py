"""Calling time in the browser (issue 35, point 3; docs/club.md §7.1): the host calls time while
a table's phone holds its next hand's form; that hand is taken on the first Save, with no
"Another phone ... meanwhile" banner, and it is the match's last. Every wait is for a state."""

from __future__ import annotations

import re

from .conftest import Phone
from .flows import NewPhone, enter_hand
from .test_club_night import PLAYERS, hand_of, host_taps


def set_up_untimed_night(host: Phone) -> str:
    """A night of four (one table) with no hand limit: its rounds end when time is called."""
    host.go("/club/new/pinochle-4")
    host.page.fill("#name", "Thursday")
    host.page.fill("#players", "\n".join(PLAYERS[:4]))
    host.page.select_option("#draw", "entry")
    with host.page.expect_navigation(wait_until="load"):
        host.page.click("#set-up")
    assert re.search(r"/c/[\w-]+$", host.page.url), host.errors()
    return str(host.page.url)[len(host.base) :]


def test_the_hand_in_play_when_time_is_called_is_taken_on_the_first_save(
    new_phone: NewPhone,
) -> None:
    host, table = new_phone(), new_phone()
    host_page = set_up_untimed_night(host)
    link = host.page.locator("a.table-link[data-table='1']").get_attribute("href") or ""
    table.go(re.sub(r"^https?://[^/]+", "", link))
    with table.page.expect_navigation(wait_until="load"):
        table.page.click("#join")
    table_page = table.page.url[len(table.base) :]
    host_taps(host, "#start-round")
    table.go(table_page)  # the table page sends the phone to its match
    assert "/m/" in table.page.url
    match_id = table.page.url.rsplit("/m/", 1)[1].split("?")[0].split("#")[0]
    enter_hand(table, hand_of(1, 1))
    assert table.page.locator("#clash").count() == 0

    host.go(host_page)
    host_taps(host, "#call-time")
    # The table's phone types its next hand on the form it already shows (made before the
    # call) and saves once.
    enter_hand(table, hand_of(2, 1))
    assert table.page.locator("#clash").count() == 0, table.page.inner_text("#clash")
    answer = table.page.request.get(f"{table.base}/api/v1/matches/{match_id}")
    assert answer.ok
    assert len(answer.json()["hands"]) == 2
    table.go(f"/m/{match_id}")
    assert "This round's match is over." in table.page.inner_text("#club-limit")
