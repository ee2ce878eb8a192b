"""What a phone sees of the layout: Back after a save, the kitty
at 320 px, the dark header bar, the Pinnacola picker's cards, the money keypad, the home page,
the chart's labels, and the labels and tap targets of the new-match, import and share pages."""

from __future__ import annotations

from typing import Any

from .conftest import PAGE_ONLY, Phone
from .flows import NewPhone, enter_hand, start_match

pytestmark = PAGE_ONLY

#: The pairs of boxes (x, y, width, height) closer than ``gap`` px both ways: labels that
#: touch read as one ("-26" over "0" at a chart's corner reads "-260").
BOXES_APART = """([boxes, gap]) => {
  const out = [];
  for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
    const [a, b] = [boxes[i], boxes[j]];
    const apartX = a.x >= b.x + b.w + gap || b.x >= a.x + a.w + gap;
    const apartY = a.y >= b.y + b.h + gap || b.y >= a.y + a.h + gap;
    if (!apartX && !apartY) out.push([a.text, b.text]);
  }
  return out;
}"""


def narrow(phone: Phone, width: int = 320) -> None:
    phone.page.set_viewport_size({"width": width, "height": 740})


def box(phone: Phone, selector: str) -> dict[str, float]:
    found = phone.page.locator(selector).first.bounding_box()
    assert found is not None, selector
    return dict(found)


def test_back_after_a_save_returns_to_the_match(phone: Phone) -> None:
    # Issue 26, item 6: "Back after a save lands on a blank new-match form".
    start_match(phone, "pinochle-2", ["Ana", "Ben"])
    match = phone.page.url
    enter_hand(phone, {"meld_0": "20", "tricks_0": "130", "tricks_1": "120"})
    assert phone.totals() == {"Ana": 150, "Ben": 120}
    phone.page.go_back()
    phone.page.wait_for_url(match)
    phone.page.wait_for_selector(".totals .score[data-side]")
    assert phone.totals() == {"Ana": 150, "Ben": 120}
    assert phone.page.locator("form.newmatch").count() == 0
    # Another match can still be started from the home page: the form is not skipped then.
    phone.go("/new/pinochle-2")
    assert phone.page.locator("form.newmatch").count() == 1


def test_at_320_px_the_kitty_is_not_the_biggest_number(phone: Phone) -> None:
    # Issue 26, item 6: "at 320 px with six players the kitty is the biggest number".
    narrow(phone)
    phone.go("/new/auction")
    start_match(phone, "auction", ["Ana", "Ben", "Cruz", "Dee", "Eve", "Fil"])
    enter_hand(phone, {"bid": "350"}, picks=["Ben", "spades", "made"])
    sizes = phone.page.evaluate(
        """() => Array.from(document.querySelectorAll('main .totals .total')).map(e => [
          e.classList.contains('kitty'),
          parseFloat(getComputedStyle(e.querySelector('.score')).fontSize),
          e.getBoundingClientRect().width])"""
    )
    kitty = [size for is_kitty, size, _width in sizes if is_kitty]
    players = [size for is_kitty, size, _width in sizes if not is_kitty]
    assert len(kitty) == 1, sizes
    assert len(players) == 6, sizes
    assert kitty[0] < min(players), sizes
    # Nor the widest box: alone on its row it keeps a player's width.
    widths = [width for _kitty, _size, width in sizes]
    assert widths[-1] <= max(widths[:-1]) + 1, sizes


def test_the_dark_header_bar_is_dark(phone: Phone) -> None:
    # Issue 26, item 6: "the dark theme's header bar stays light".
    phone.page.emulate_media(color_scheme="dark")
    phone.go("/new/pinochle-2")
    light = phone.page.evaluate(
        """() => {
          const rgb = (c) => c.match(/\\d+/g).slice(0, 3).map(Number);
          const lum = ([r, g, b]) => (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
          return [lum(rgb(getComputedStyle(document.querySelector('.bar')).backgroundColor)),
                  lum(rgb(getComputedStyle(document.querySelector('.bar a')).color)),
                  lum(rgb(getComputedStyle(document.body).backgroundColor))];
        }"""
    )
    bar, text, page = light
    assert bar < 0.2, light  # dark as the page
    assert page < 0.2, light
    assert text > 0.8, light  # its words still light on it


def test_the_pinnacola_cards_are_tap_targets_at_320_px(phone: Phone) -> None:
    # Issue 26, item 6: "the picker's cards are 40 px wide at 320 px" (44 px wanted).
    narrow(phone)
    phone.go("/tools/pinnacola-meld")
    widths = phone.page.evaluate(
        "Array.from(document.querySelectorAll('.cards .card:not(.gap):not([hidden])'))"
        ".map(e => e.getBoundingClientRect().width)"
    )
    assert len(widths) >= 50, widths  # 13 ranks of 4 suits, the jokers; a gap for the red 2s
    assert min(widths) >= 44, widths
    assert phone.overflow()[0] <= 320


def test_money_per_unit_opens_the_decimal_keypad(phone: Phone) -> None:
    # Issue 26, item 6: "'Money per unit' opens the full keyboard (inputmode=decimal)".
    phone.go("/new/auction")
    field = phone.page.locator("#opt_unit_value")
    assert field.get_attribute("inputmode") == "decimal"
    assert phone.page.locator("#opt_target").get_attribute("inputmode") == "numeric"


def test_the_home_page_names_the_app_once_and_its_buttons_stand_apart(phone: Phone) -> None:
    # Issue 26, item 6: "'Scorekeeper' twice on the home page, and its first two buttons
    # touching".
    for width in (320, 360):
        narrow(phone, width)
        phone.go("/")
        assert phone.page.inner_text("body").count("Scorekeeper") == 1
        assert phone.page.locator("h1").count() == 1
        start, other = box(phone, "main a.button.primary"), box(phone, "main a.button >> nth=1")
        apart_x = other["x"] - (start["x"] + start["width"])
        apart_y = other["y"] - (start["y"] + start["height"])
        assert max(apart_x, apart_y) >= 8, (width, start, other)


def test_the_charts_labels_stand_apart(phone: Phone) -> None:
    # Issue 26, item 6: "the chart's end labels overlap": the lowest value's label (0) is
    # written at the chart's bottom left corner, where the first hand's label is.
    narrow(phone)
    start_match(phone, "pinochle-2", ["Ana", "Ben"])
    for _ in range(3):
        enter_hand(phone, {"meld_0": "20", "tricks_0": "130", "tricks_1": "120"})
    boxes: list[dict[str, Any]] = phone.page.evaluate(
        """() => Array.from(document.querySelectorAll('svg.chart text.label')).map(t => {
          const r = t.getBoundingClientRect();
          return {x: r.x, y: r.y, w: r.width, h: r.height, text: t.textContent};
        })"""
    )
    assert len(boxes) >= 4, boxes
    assert phone.page.evaluate(BOXES_APART, [boxes, 4]) == []


def test_labels_and_tap_targets_of_the_new_match_import_and_share_pages(
    phone: Phone, new_phone: NewPhone
) -> None:
    # Issue 26, item 6: "the first-dealer select has no label (only a legend); the import
    # file field is 27 px tall; the share page's scoreboard link is under 44 px".
    phone.go("/new/pinochle-2")
    labels = phone.page.evaluate(
        "Array.from(document.getElementById('dealer').labels).map(l => l.textContent.trim())"
    )
    assert labels, "the first-dealer select has no label"
    assert labels[0], labels
    phone.go("/import")
    assert box(phone, "input[type=file]")["height"] >= 44
    start_match(phone, "pinochle-2", ["Ana", "Ben"])
    phone.go(phone.page.url.removeprefix(phone.base) + "/share")
    assert box(phone, "#board-link")["height"] >= 44
