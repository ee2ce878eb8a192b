"""What the browser tests do again and again: start a match through the pages."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .conftest import Phone, answered, scripted

if TYPE_CHECKING:
    from playwright.sync_api import Page

#: The ``new_phone`` fixture: each call opens one more phone on the live server.
NewPhone = Callable[[], Phone]


def fill_new_match(
    page: Page,
    players: list[str],
    teams: tuple[str, str] | None = None,
    dealer: int = 0,
    options: dict[str, Any] | None = None,
) -> None:
    """Type the players (adding seats as needed), team names, first dealer and house rules
    into the new-match page that ``page`` shows."""
    for i, name in enumerate(players):
        field = page.locator(f"#player_{i}")
        if not field.is_visible():
            page.click("[data-add-player]")
        field.fill(name)
    if teams:
        page.fill("#team_0", teams[0])
        page.fill("#team_1", teams[1])
    if dealer:
        page.select_option("#dealer", str(dealer))
    if options:
        page.click("details.rules summary")
        for name, value in options.items():
            field = page.locator(f"#opt_{name}")
            kind = field.evaluate("e => e.tagName + (e.type || '')")
            if kind == "INPUTcheckbox":
                field.set_checked(bool(value))
            elif kind.startswith("SELECT"):
                field.select_option(str(value))
            else:
                field.fill(str(value))


def start_match(
    phone: Phone,
    variant: str,
    players: list[str],
    *,
    teams: tuple[str, str] | None = None,
    options: dict[str, Any] | None = None,
    dealer: int = 0,
) -> None:
    """Pick ``variant`` on the new-match page, seat ``players`` and start the match."""
    phone.go("/")
    with phone.page.expect_navigation(wait_until="load"):
        phone.page.click("a[href='/new']")
    with phone.page.expect_navigation(wait_until="load"):
        phone.page.click(f"a[href='/new/{variant}']")
    page = phone.page
    fill_new_match(page, players, teams, dealer, options)
    phone.shot(f"{variant}-new-match")
    with page.expect_navigation(wait_until="load"):
        page.click("form.newmatch button[type=submit]")
    assert "/m/" in page.url, phone.errors()


def check_fits(phone: Phone, name: str) -> None:
    """The page does not scroll sideways at 360 px; save its screenshot."""
    scroll_width, inner_width = phone.overflow()
    assert scroll_width <= inner_width, f"{name}: {scroll_width} > {inner_width}"
    phone.shot(name)


def enter_hand(
    phone: Phone,
    fills: dict[str, str] | None = None,
    picks: list[str] | None = None,
    chips: list[str] | None = None,
    checks: list[str] | None = None,
) -> None:
    """Fill the hand form (``fills``: field id -> text; ``picks``: values of big buttons to
    tap; ``chips``: ``"<side>:<meld>"``; ``checks``: ids of boxes to tick) and save it."""
    page = phone.page
    for value in picks or []:
        page.locator(f"form#hand-form label.pick.v-{value}").first.click()
    for chip in chips or []:
        side, meld = chip.split(":")
        open_chips(page, f"#f-side-{side}")
        page.locator(f"#f-side-{side} button[data-meld='{meld}']").click()
    for field_id, text in (fills or {}).items():
        page.locator(f"#{field_id}").fill(text)
        page.locator(f"#{field_id}").dispatch_event("input")
    for box in checks or []:
        page.locator(f"#{box}").check()
    save(page)


def save(page: Page, selector: str = "form#hand-form button.save") -> None:
    """Tap a hand form's save button and wait for the answer: swapped in place by the page's
    script (issue 14), or the next page without one."""
    if scripted(page):
        answered(page, lambda: page.click(selector))
    else:
        with page.expect_navigation(wait_until="load"):
            page.click(selector)


def open_chips(page: Page, box: str) -> None:
    """Open the meld chips of one side (or player) of the hand form, if they are closed."""
    chips = page.locator(f"{box} details.meld-chips").first
    if not chips.evaluate("d => d.open"):
        chips.locator("summary").click()
