"""The room follows the night by itself (docs/club.md §9.7, §12; issue 35 point 12): a hand
saved on one table's phone shows on the room's page, on the TV and, once counted, on a
player's own standings on another phone, without anyone reloading, through the night's event
stream (``GET /cr/<read_id>/events``); with the stream refused, the pages poll instead."""

from __future__ import annotations

from collections.abc import Callable

from flask import Flask

from tests.api.club_helpers import Night, hand, teams_entry

from .conftest import PAGE_ONLY, Phone

pytestmark = PAGE_ONLY

NewPhone = Callable[[], Phone]


def hands_at(phone: Phone, table: int) -> str:
    return str(phone.page.inner_text(f"#round li[data-table='{table}'] .muted"))


def test_a_save_reaches_the_room_page_the_tv_and_a_players_standings(
    app: Flask, new_phone: NewPhone, new_desktop: Callable[..., Phone]
) -> None:
    night = Night(app.test_client(), 8, round={"hands": 2})
    started = night.start(1)["round"]
    room, player, tv = new_phone(), new_phone(), new_desktop(1280, 720)
    room.go(f"/cr/{night.read_id}")
    player.go(f"/cr/{night.read_id}/p/1")
    tv.go(f"/cr/{night.read_id}/tv")
    for page in (room, player):
        page.page.wait_for_function("() => document.body.dataset.live === 'stream'")
    assert "0 hands entered" in hands_at(room, 1)
    assert tv.page.inner_text(".tv-strip .tv-table >> nth=0").endswith("0 / 2")
    before = player.page.inner_text("#my-rounds tbody tr >> nth=0")

    # Table 1's phone saves a hand (another client): the room's page and the TV show it.
    table = next(t for t in started["tables"] if t["table"] == 1)
    hand(night.client, table["match"], night.key(1), entry=teams_entry(300, 250))
    room.page.wait_for_function(
        "() => document.querySelector(\"#round li[data-table='1'] .muted\")"
        ".textContent.includes('1 hand entered')"
    )
    tv.page.wait_for_function(
        "() => document.querySelector('.tv-strip .tv-table').textContent.trim().endsWith('1 / 2')"
    )
    # The round closes: the player's own page shows what the round brought him.
    night.close(1)
    player.page.wait_for_function(
        "(before) => document.querySelector('#my-rounds tbody tr').innerText !== before", arg=before
    )
    assert player.page.locator("#my-place").count() == 1
    assert int(player.page.evaluate("document.body.dataset.liveSwaps")) >= 1
    # Nobody reloaded: the pages swapped their part in.
    assert room.page.evaluate("performance.getEntriesByType('navigation').length") == 1


def test_with_the_stream_refused_the_room_page_polls_the_standings(
    app: Flask, new_phone: NewPhone
) -> None:
    app.config["CLUB_LIVE_STREAMS"] = 0  # every stream refused: 503
    night = Night(app.test_client(), 8, round={"hands": 2})
    started = night.start(1)["round"]
    room = new_phone()
    room.page.clock.install()
    room.go(f"/cr/{night.read_id}")
    room.page.wait_for_function("() => document.body.dataset.live === 'poll'")
    table = next(t for t in started["tables"] if t["table"] == 2)
    hand(night.client, table["match"], night.key(2), entry=teams_entry(300, 250))

    def standings(response: object) -> bool:
        return "/standings" in str(getattr(response, "url", ""))

    with room.page.expect_response(standings) as polled:
        room.page.clock.run_for(10_000)
    assert polled.value.status == 200
    assert polled.value.request.headers.get("if-none-match")
    room.page.wait_for_function(
        "() => document.querySelector(\"#round li[data-table='2'] .muted\")"
        ".textContent.includes('1 hand entered')"
    )
