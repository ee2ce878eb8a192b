"""The scoreboard on a television (issue 26, item 5): at 1920 x 1080 and 1280 x 720 the totals
and the names are sized to the screen and the board fills its width, so that it reads from a
sofa across the room; on a 360 px phone it still fits."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import PAGE_ONLY, Phone
from .flows import NewPhone, check_fits, enter_hand, start_match

pytestmark = PAGE_ONLY

#: What the board measures in the browser: the viewport, the board's width, and per side the
#: font size of its name and of its total (CSS pixels).
MEASURE = """() => {
  const px = (e) => parseFloat(getComputedStyle(e).fontSize);
  const board = document.getElementById("board").getBoundingClientRect();
  return {
    width: window.innerWidth,
    height: window.innerHeight,
    board: board.width,
    names: Array.from(document.querySelectorAll("#board .total .name")).map(px),
    scores: Array.from(document.querySelectorAll("#board .total .score")).map(px),
    fits: Array.from(document.querySelectorAll("#board .total .score")).every(
      (e) => e.scrollWidth <= e.clientWidth),
  };
}"""


def measure(watcher: Phone) -> dict[str, Any]:
    """The board's sizes as the browser lays it out."""
    result: dict[str, Any] = watcher.page.evaluate(MEASURE)
    return result


@pytest.mark.parametrize(("width", "height"), [(1920, 1080), (1280, 720)])
def test_the_scoreboard_fills_a_television(
    phone: Phone, new_phone: NewPhone, width: int, height: int
) -> None:
    start_match(phone, "pinochle-3", ["Ana", "Ben", "Cruz"])
    enter_hand(phone, {"meld_0": "60", "tricks_0": "130", "tricks_1": "100"})
    enter_hand(phone, {"meld_1": "80", "tricks_0": "50", "tricks_1": "150"})
    board_url = phone.page.url + "/board"
    tv: Phone = new_phone()
    tv.page.set_viewport_size({"width": width, "height": height})
    tv.page.goto(board_url, wait_until="load")
    sizes = measure(tv)
    assert (sizes["width"], sizes["height"]) == (width, height)
    # Totals at least a tenth of the screen's height, names at least a twenty-fifth...
    assert len(sizes["scores"]) == 3
    assert min(sizes["scores"]) >= 0.10 * height, sizes
    assert min(sizes["names"]) >= 0.04 * height, sizes
    # ... the board across most of the width, and no total cut off or the page scrolling
    # sideways.
    assert sizes["board"] >= 0.85 * width, sizes
    assert sizes["fits"], sizes
    check_fits(tv, f"board-tv-{width}x{height}")
    # The totals and whose deal are on the first screen, without scrolling.
    deal_bottom = tv.page.evaluate(
        "document.querySelector('#board .board-totals').getBoundingClientRect().bottom"
    )
    assert deal_bottom <= height


def test_five_boxes_of_an_auction_fit_a_television(phone: Phone, new_phone: NewPhone) -> None:
    # Four players and the kitty: two rows, every total still a tenth of the screen's height
    # and the totals on the first screen.
    start_match(phone, "auction", ["Ana", "Ben", "Cruz", "Dee"])
    enter_hand(phone, {"bid": "350"}, picks=["Ben", "spades", "made"])
    tv: Phone = new_phone()
    tv.page.set_viewport_size({"width": 1920, "height": 1080})
    tv.page.goto(phone.page.url + "/board", wait_until="load")
    sizes = measure(tv)
    assert len(sizes["scores"]) == 5, sizes
    assert min(sizes["scores"]) >= 108, sizes
    assert min(sizes["names"]) >= 43, sizes
    assert sizes["fits"], sizes
    check_fits(tv, "board-tv-auction-kitty")
    bottom = tv.page.evaluate(
        "document.querySelector('#board .board-totals').getBoundingClientRect().bottom"
    )
    assert bottom <= 1080


def test_the_scoreboard_still_fits_a_phone(phone: Phone, new_phone: NewPhone) -> None:
    start_match(phone, "pinochle-4", ["Ana", "Ben", "Cruz", "Dee"], teams=("Us", "Them"))
    enter_hand(phone, {"meld_0": "60", "tricks_0": "130", "tricks_1": "120"})
    watcher: Phone = new_phone()  # 360 x 740
    watcher.page.goto(phone.page.url + "/board", wait_until="load")
    sizes = measure(watcher)
    assert sizes["fits"], sizes
    # Sized for arm's length as before: legible, not the television's size.
    assert min(sizes["scores"]) >= 30, sizes
    assert min(sizes["names"]) >= 16, sizes
    check_fits(watcher, "board-phone-360")
