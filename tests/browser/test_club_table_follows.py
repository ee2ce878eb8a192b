"""A table's phone follows the night by itself (docs/club.md §7.3; issue 35 point 13): on its
finished match it is told when the host closes the round (the round is closed, what comes
next: never "another phone keeps the score"), it offers no "New game, same table", and it moves
to the table's next match when the next round starts, with no tap."""

from __future__ import annotations

from collections.abc import Callable

from flask import Flask

from tests.api.club_helpers import Night, hand, teams_entry

from .conftest import PAGE_ONLY, Phone

pytestmark = PAGE_ONLY


def test_the_table_phone_goes_to_its_next_match_when_the_round_starts(
    app: Flask, new_phone: Callable[[], Phone]
) -> None:
    night = Night(app.test_client(), 8, round={"hands": 1})
    phone = new_phone()
    phone.go(f"/cr/{night.read_id}/t/1/join?code={night.codes[1]}")
    with phone.page.expect_navigation(wait_until="load"):
        phone.page.click("#join")
    assert "Round 1 starts soon" in phone.page.inner_text("#table-state")
    phone.page.wait_for_function("() => document.body.dataset.live === 'stream'")

    # The host starts round 1: the waiting table phone goes to its match by itself.
    first = {t["table"]: t["match"] for t in night.start(1)["round"]["tables"]}[1]
    phone.page.wait_for_url(f"**/m/{first}")
    phone.page.wait_for_selector("#club-banner")
    phone.page.wait_for_function("() => document.body.dataset.live === 'stream'")
    # Its one hand (round.hands: 1) is entered; the host closes the round.
    hand(night.client, first, night.token, entry=teams_entry(300, 250))
    night.close(1)
    closed = phone.page.wait_for_selector("#club-closed")
    words = closed.inner_text()
    assert "Round 1 is closed" in words
    assert "Round 2 starts soon" in words
    page = phone.page.inner_text("main")
    assert "Another phone keeps the score" not in page
    assert "handed over to another phone" not in page
    assert phone.page.locator("#rematch").count() == 0  # a club match's next game is the night's
    taps = phone.taps

    # Round 2 starts: the phone is on the table's match of round 2, no tap made.
    second = {t["table"]: t["match"] for t in night.start(2)["round"]["tables"]}[1]
    assert second != first
    phone.page.wait_for_url(f"**/m/{second}")
    assert "Round 2" in phone.page.inner_text("#club-banner")
    assert phone.page.locator("form#hand-form").count() == 1  # and it scores it
    assert phone.taps == taps
