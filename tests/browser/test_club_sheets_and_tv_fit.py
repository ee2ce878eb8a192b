"""The club night's TV and results sheet in Chromium (issue 35, point 18): the TV's seating of
the next round shows every name whole (they were cut with an ellipsis), and the results of a
night of 13 players and 6 rounds print on one US Letter page (a nearly empty second page was
left)."""

from __future__ import annotations

from collections.abc import Callable

from flask import Flask

from tests.api.club_helpers import Night

from .conftest import PAGE_ONLY, Phone
from .test_club_print import check_box, pdf_pages

pytestmark = PAGE_ONLY

#: Eight long names (the form takes names up to its limit; a TV column is 14 em).
LONG = [
    "Bartholomew Fitzwilliam",
    "Maximiliana Wolkenstein",
    "Konstantin Rostropovich",
    "Guadalupe Valdivieso",
    "Wilhelmina Oppenheimer",
    "Evangelina Montgomery",
    "Christopher Abernathy",
    "Anastasia Kuznetsova",
]

#: Each line of the seating whose text is wider than its box (cut off), and every name shown.
SEATING = """() => {
  const lines = Array.from(document.querySelectorAll(".tv-seating li"));
  return {
    cut: lines.filter((li) => li.scrollWidth > li.clientWidth + 1 ||
      Array.from(li.children).some((e) => e.getBoundingClientRect().right >
        li.getBoundingClientRect().right + 1)).map((li) => li.textContent),
    text: lines.map((li) => li.innerText).join(" "),
  };
}"""


def test_the_tv_seating_shows_every_name_whole(
    app: Flask, new_desktop: Callable[..., Phone]
) -> None:
    night = Night(app.test_client(), 8, players=LONG, rotation={"rounds": 3})
    tv = new_desktop(1280, 720)
    tv.go(f"/cr/{night.read_id}/tv")
    tv.page.wait_for_selector(".tv-seating li")
    seen = tv.page.evaluate(SEATING)
    assert seen["cut"] == [], seen
    for name in LONG:
        assert name in " ".join(seen["text"].split()), (name, seen["text"])
    width, inner = tv.page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width <= inner


def test_the_results_of_13_players_and_6_rounds_take_one_letter_page(
    app: Flask, new_desktop: Callable[..., Phone]
) -> None:
    night = Night(app.test_client(), 13, rotation={"rounds": 6}, round={"hands": 1})
    for number in range(1, 7):
        night.play_simply(number)
    night.ok("POST", "/finish")
    printer = new_desktop(1000, 1200)
    printer.go(f"/cr/{night.read_id}/print/results")
    assert pdf_pages(printer, "Letter") == 1
    assert pdf_pages(printer, "A4") == 1
    check_box(printer, "club-print-results-13")
