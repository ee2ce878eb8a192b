"""The club night's printable sheets in Chromium (docs/club.md §13; CLUB.md §19 case 37): printed
to PDF at A4 and at US Letter they take the pages §19 says, and laid out for print no element
crosses the 186 mm x 255 mm content box."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask

from tests.api.club_helpers import Night, standings_night

from .conftest import PAGE_ONLY, Phone

pytestmark = PAGE_ONLY

#: 1 mm in CSS pixels.
MM = 96 / 25.4
#: §13's content box: A4's width and Letter's height less 12 mm margins.
BOX_WIDTH, BOX_HEIGHT = 186, 255

#: Every element's box against the content box, laid out for print: left and right edges
#: against the body's (186 mm wide); per sheet (the run of elements up to each
#: ``.page-end``, which ends a printed page) the height; the QR codes' size; the cards whose
#: content does not fit their half sheet.
BOXES = """(mm) => {
  const body = document.body.getBoundingClientRect();
  const shown = Array.from(document.body.querySelectorAll("*")).filter((e) => {
    const r = e.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(e).display !== "none";
  });
  const wide = shown.filter((e) => {
    const r = e.getBoundingClientRect();
    return r.left < body.left - 0.5 || r.right > body.left + 186 * mm + 0.5;
  }).map((e) => e.tagName + "." + e.className);
  const sheets = [];
  let top = null, bottom = 0;
  for (const e of document.body.querySelectorAll(".card, .tent, .page-end")) {
    const r = e.getBoundingClientRect();
    if (top === null) top = r.top;
    bottom = Math.max(bottom, r.bottom);
    if (e.classList.contains("page-end")) {
      sheets.push((bottom - top) / mm);
      top = null;
      bottom = 0;
    }
  }
  if (top !== null) sheets.push((bottom - top) / mm);
  return {
    body: body.width / mm,
    wide: wide,
    sheets: sheets,
    qr: Array.from(document.querySelectorAll("svg.qr"))
      .map((e) => e.getBoundingClientRect().width / mm),
    clipped: Array.from(document.querySelectorAll(".card.half, .tent-half"))
      .filter((e) => e.scrollHeight > e.clientHeight + 1).length,
    black: getComputedStyle(document.body).color,
    white: getComputedStyle(document.body).backgroundColor,
    font: parseFloat(getComputedStyle(document.body).fontSize) * 72 / 96,
  };
}"""

Printer = Callable[[], Phone]


@pytest.fixture
def printer(new_desktop: Callable[..., Phone]) -> Printer:
    """A desktop browser context to print from."""

    def make() -> Phone:
        return new_desktop(1000, 1200)

    return make


def pdf_pages(phone: Phone, paper: str) -> int:
    """How many pages the browser prints the page on, at ``paper`` (A4 or Letter)."""
    data: bytes = phone.page.pdf(format=paper, prefer_css_page_size=True)
    # Each page is an object "/Type /Page" (the tree's nodes are "/Type /Pages").
    return len(re.findall(rb"/Type\s*/Page(?![a-zA-Z])", data))


def check_box(phone: Phone, name: str) -> dict[str, Any]:
    """§13's layout rules, laid out for print; save a screenshot of the sheet laid out so.
    (The page stays emulating print: page.pdf prints with the media emulated, "screen" too.)"""
    phone.page.emulate_media(media="print")
    found: dict[str, Any] = phone.page.evaluate(BOXES, MM)
    assert found["body"] <= BOX_WIDTH + 0.1, found
    assert found["wide"] == [], found
    assert all(height <= BOX_HEIGHT for height in found["sheets"]), found
    assert found["clipped"] == 0, found
    assert all(size >= 30 for size in found["qr"]), found
    assert found["black"] == "rgb(0, 0, 0)", found
    assert found["font"] >= 10, found
    phone.shot(name)  # as printed
    return found


def pages_at_both(phone: Phone, path: str, expected: int, name: str) -> dict[str, Any]:
    """Open ``path``, check the box, print it at A4 and at Letter: ``expected`` pages each."""
    phone.go(path)
    assert pdf_pages(phone, "A4") == expected, path
    assert pdf_pages(phone, "Letter") == expected, path
    return check_box(phone, name)


def test_case_37_tally_sheets_player_cards_and_tents(app: Flask, printer: Printer) -> None:
    client = app.test_client()
    night = Night(client, 12, rotation={"rounds": 3}, round={"hands": 12})
    night.start(1)
    phone = printer()
    # Round 1's three tally sheets, two to a page: 2 pages; each with its board's QR.
    found = pages_at_both(phone, f"/cr/{night.read_id}/print/round/1", 2, "club-print-round")
    assert len(found["qr"]) == 3
    # The 12 player cards, two to a page: 6 pages.
    pages_at_both(phone, f"/cr/{night.read_id}/print/players", 6, "club-print-players")
    # The host's: the private link's button keeps the token on this browser.
    phone.go(f"/c/{night.id}/open?key={night.token}")
    with phone.page.expect_navigation(wait_until="load"):
        phone.page.click("#open-night")
    pages_at_both(phone, f"/c/{night.id}/print/players", 6, "club-print-players-host")
    # New table codes made on the host page: this browser keeps them for the tents' QR codes.
    for table in (1, 2, 3):
        made = phone.page.request.post(
            f"{phone.base}/c/{night.id}/codes", form={"kind": "table", "number": str(table)}
        )
        assert made.ok, made.status
    # Three tables: three tents, one to a page, a QR on each half.
    tents = pages_at_both(phone, f"/c/{night.id}/print/tables", 3, "club-print-tables")
    assert len(tents["qr"]) == 6
    # The chart keeps to the box too (its page count is not §19's).
    phone.go(f"/cr/{night.read_id}/print/chart")
    check_box(phone, "club-print-chart")


def test_case_37_results_of_case_21_on_one_page(app: Flask, printer: Printer) -> None:
    night = standings_night(app.test_client())
    phone = printer()
    pages_at_both(phone, f"/cr/{night.read_id}/print/results", 1, "club-print-results")
    # On the screen, the Print button calls the browser's print (stood in for here: a real one
    # would open the dialog).
    phone.page.emulate_media(media="screen")
    button = phone.page.locator("#print-button")
    assert button.is_visible()
    phone.page.evaluate(
        "() => { window.print = () => { document.body.dataset.printed = 'yes'; }; }"
    )
    button.click()
    phone.page.wait_for_function("() => document.body.dataset.printed === 'yes'")


def test_the_movement_cards_and_the_traveller_keep_to_the_box(app: Flask, printer: Printer) -> None:
    """Issue 35 point 17: a movement card per table, one to a page; a round's traveller."""
    client = app.test_client()
    night = Night(client, 12, rotation={"rounds": 6}, round={"hands": 12})
    night.play_simply(1)
    phone = printer()
    pages_at_both(phone, f"/cr/{night.read_id}/print/movement", 3, "club-print-movement")
    phone.go(f"/cr/{night.read_id}/print/round/1/traveller")
    check_box(phone, "club-print-traveller")
