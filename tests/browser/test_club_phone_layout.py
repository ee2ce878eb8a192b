"""What a phone sees of the club night's pages (issue 35, point 18): the player's page fits
320 px (it was 386 px wide), and the set-up form's tap targets are 44 px with a label on every
control (eight boxes were 13 px, and the scoring select had only a legend)."""

from __future__ import annotations

from flask import Flask

from tests.web.test_club_pages import read_id_of, set_up

from .conftest import PAGE_ONLY, Phone
from .table import SMALL_TARGETS, TAP_TARGET

pytestmark = PAGE_ONLY

#: Every control of the page a finger or a screen reader meets with no label of its own.
UNLABELED = """() => Array.from(document.querySelectorAll(
    'input:not([type=hidden]), select, textarea'))
  .filter(e => !(e.labels && e.labels.length) && !e.getAttribute('aria-label'))
  .map(e => `${e.tagName}#${e.id} ${e.name}`)"""


def test_the_player_page_fits_320_px(app: Flask, phone: Phone) -> None:
    client = app.test_client()
    night = set_up(client, scoring="players")
    phone.page.set_viewport_size({"width": 320, "height": 740})
    phone.go(f"/cr/{read_id_of(client, night)}/p/3")
    phone.page.wait_for_selector("#my-rounds tbody tr")
    scroll_width, inner_width = phone.overflow()
    assert scroll_width <= inner_width, (scroll_width, inner_width)
    # Every round is there, whole: the round, the table and seat, partner, opponents, score.
    first = phone.page.inner_text("#my-rounds tbody tr >> nth=0").split("\t")
    assert len(first) == 5, first


def test_the_set_up_form_has_44_px_targets_and_labels(phone: Phone) -> None:
    phone.go("/club/new/pinochle-4")
    # Every part folded away opened: the awards' boxes are targets once shown.
    phone.page.evaluate("() => document.querySelectorAll('details').forEach(d => d.open = true)")
    phone.page.wait_for_selector("#awards input[type=checkbox]")
    small = phone.page.evaluate(SMALL_TARGETS, TAP_TARGET)
    assert not small, f"tap targets under {TAP_TARGET} px: {small}"
    assert phone.page.evaluate(UNLABELED) == []
    assert phone.page.locator("#awards label.check").count() >= 7
    scroll_width, inner_width = phone.overflow()
    assert scroll_width <= inner_width
