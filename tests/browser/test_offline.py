"""Issue 16, "Never lose a hand", and the phone part of issue 14 item 4, at 360 x 740 on the
browser's own offline switch (``context.set_offline``): drafts that survive a reload, Back and
a closed tab; hands saved in place with ``fetch``; an entry queue that sends what was typed
offline exactly once, in order, when the connection returns; an app that opens offline.

Every wait is for a state of the page (a field's value, a row shown, the queue empty), never
for a time."""

from __future__ import annotations

import gzip
from typing import TYPE_CHECKING, Any

import pytest
from flask import Flask

from scorekeeper import service
from scorekeeper.extensions import db

from .conftest import TIMEOUT_MS, Phone, _count_bytes, phone_without_javascript
from .flows import NewPhone, save
from .table import (
    WORKER_CONTROLS,
    WORKER_READY,
    WORKER_TIMEOUT_MS,
    assert_plain,
    check_page,
    shown_text,
    start,
)

if TYPE_CHECKING:
    from playwright.sync_api import Browser

expect = pytest.importorskip("playwright.sync_api").expect


def draft_kept(phone: Phone, field: str, value: str) -> None:
    """Wait until this phone keeps ``field`` = ``value`` in a draft (it is written as typed)."""
    phone.page.wait_for_function(
        """([field, value]) => Object.keys(localStorage).some(k => k.startsWith('sk:draft:') &&
             (JSON.parse(localStorage.getItem(k)).values || {})[field] === value)""",
        arg=[field, value],
    )


def type_into(phone: Phone, selector: str, text: str) -> None:
    """Tap a field, empty it and type ``text`` key by key (as a thumb does)."""
    phone.page.click(selector)
    phone.page.fill(selector, "")
    phone.page.keyboard.type(text)


# --- 1. Drafts -----------------------------------------------------------------------------


def test_a_half_typed_hand_survives_a_reload_back_and_a_closed_tab(phone: Phone) -> None:
    path = start(phone, "pinochle-2", ["Ana", "Ben"])
    page = phone.page
    type_into(phone, "#meld_0", "60")
    type_into(phone, "#tricks_0", "130")
    assert page.input_value("#tricks_1") == "120"  # worked out
    draft_kept(phone, "tricks_0", "130")
    page.reload(wait_until="load")
    assert page.input_value("#meld_0") == "60"
    assert page.input_value("#tricks_0") == "130"
    assert page.input_value("#tricks_1") == "120"
    # Still worked out, not typed: a new value of Ana's tricks works it out again.
    type_into(phone, "#tricks_0", "100")
    assert page.input_value("#tricks_1") == "150"
    draft_kept(phone, "tricks_0", "100")
    # Back from another page.
    with page.expect_navigation(wait_until="load"):
        page.click("#share-link")
    page.go_back(wait_until="load")
    assert page.input_value("#tricks_0") == "100"
    # A closed tab, opened again.
    context = page.context
    page.close()
    phone.page = context.new_page()
    phone.page.set_default_timeout(TIMEOUT_MS)
    phone.go(path)
    page = phone.page
    assert page.input_value("#meld_0") == "60"
    assert page.input_value("#tricks_0") == "100"
    # "Clear" puts the form back to empty, and so it stays.
    page.click("form#hand-form [data-clear]")
    assert page.input_value("#meld_0") == ""
    assert page.input_value("#tricks_0") == ""
    assert page.input_value("#tricks_1") == ""
    page.wait_for_function("() => !Object.keys(localStorage).some(k => k.startsWith('sk:draft:'))")
    page.reload(wait_until="load")
    assert page.input_value("#meld_0") == ""


def test_drafts_keep_chips_picks_and_the_new_match_form(phone: Phone) -> None:
    page = phone.page
    # The new-match form: four players of auction, the fourth seat shown again.
    phone.go("/new/auction")
    for i, name in enumerate(["Ana", "Ben", "Cruz"]):
        page.fill(f"#player_{i}", name)
    page.click("[data-add-player]")
    type_into(phone, "#player_3", "Dee")
    draft_kept(phone, "player_3", "Dee")
    page.reload(wait_until="load")
    assert [page.input_value(f"#player_{i}") for i in range(4)] == ["Ana", "Ben", "Cruz", "Dee"]
    assert page.locator("#player_3").is_visible()
    page.click("form.newmatch [data-clear]")
    assert page.input_value("#player_0") == ""
    assert page.locator("#player_3").is_hidden()
    # A partnership hand: the bidder, trump, a bid, meld chips.
    start(phone, "partnership-auction", ["Ana", "Ben", "Cruz", "Dee"])
    page.locator("label.pick.v-Cruz").click()
    page.locator("label.pick.v-hearts").click()
    page.click("form#hand-form button[data-bid]:nth-child(2)")
    bid = page.input_value("#bid")
    page.locator("#f-side-0 details.meld-chips summary").click()
    page.locator("#f-side-0 button[data-meld='aces_around']").click()
    page.locator("#f-side-0 button[data-meld='pinochle']").click()
    draft_kept(phone, "melds_0", "aces_around pinochle")
    page.reload(wait_until="load")
    assert page.locator("input[name=bidder][value=Cruz]").is_checked()
    assert page.locator("input[name=trump][value=hearts]").is_checked()
    assert page.input_value("#bid") == bid
    assert page.input_value("#meld_0") == "140"
    assert page.inner_text("#sum_0").endswith("= 140")
    assert "bidding" in (page.get_attribute("#f-side-0", "class") or "")
    # Clear: back to the blank form (the minimum bid, "played"), nothing picked.
    page.click("form#hand-form [data-clear]")
    assert not page.locator("input[name=bidder]:checked").count()
    assert page.locator("input[name=result][value=played]").is_checked()
    assert page.input_value("#meld_0") == ""
    assert page.inner_text("#sum_0") == ""


def test_a_saved_hand_leaves_no_draft_and_a_correction_has_its_own(phone: Phone) -> None:
    path = start(phone, "pinochle-2", ["Ana", "Ben"])
    page = phone.page
    type_into(phone, "#meld_0", "60")
    type_into(phone, "#tricks_0", "130")
    save(page)
    assert phone.totals() == {"Ana": 190, "Ben": 120}
    assert page.input_value("#meld_0") == ""
    page.reload(wait_until="load")
    assert page.input_value("#meld_0") == ""
    # The correction of hand 1 keeps a draft of its own, apart from the next hand's.
    phone.go(path + "/hands/1")
    assert page.input_value("#meld_0") == "60"
    type_into(phone, "#meld_0", "80")
    draft_kept(phone, "meld_0", "80")
    phone.go(path)
    assert page.input_value("#meld_0") == ""
    phone.go(path + "/hands/1")
    assert page.input_value("#meld_0") == "80"


# --- 2. The entry queue --------------------------------------------------------------------


def stored(app: Flask, path: str) -> list[dict[str, Any]]:
    """The hands the server has stored for the match at ``path``, in order, as entered."""
    with app.app_context():
        match = service.get_match(path.rsplit("/", 1)[1])
        hands = [dict(hand.input) for hand in sorted(match.hands, key=lambda h: h.number)]
        db.session.remove()
        return hands


def fill_hand(phone: Phone, meld: str, tricks: str) -> None:
    """Type Ana's meld and tricks in a two-handed pinochle hand (Ben's tricks work out)."""
    type_into(phone, "#meld_0", meld)
    type_into(phone, "#tricks_0", tricks)


def queued(phone: Phone) -> list[str]:
    """The rows of the hands this phone keeps waiting, latest first."""
    return shown_text(phone, "#queue li.queued")


def keep_offline(phone: Phone, rows: int) -> None:
    """Tap "Save" without a connection: the hand is kept, the form is ready for the next."""
    phone.page.click("form#hand-form button.save")
    expect(phone.page.locator("#queue li.queued")).to_have_count(rows)
    expect(phone.page.locator("#meld_0")).to_have_value("")


def test_hands_kept_offline_are_stored_once_in_order_when_the_connection_returns(
    phone: Phone, app: Flask
) -> None:
    path = start(phone, "pinochle-2", ["Ana", "Ben"])
    page = phone.page
    fill_hand(phone, "60", "130")
    save(page)
    assert phone.totals() == {"Ana": 190, "Ben": 120}
    page.context.set_offline(True)
    expect(page.locator("#offline-note")).to_be_visible()
    fill_hand(phone, "20", "100")
    keep_offline(phone, 1)
    assert page.inner_text("#next-hand") == "Hand 3"
    fill_hand(phone, "0", "200")
    keep_offline(phone, 2)
    fill_hand(phone, "100", "90")
    keep_offline(phone, 3)
    rows = queued(phone)
    assert [row.split(" · ")[0] for row in rows] == ["Hand 4", "Hand 3", "Hand 2"]
    assert "waiting to be sent" in rows[0]
    assert "Meld 100" in rows[0]
    assert "Tricks 160" in rows[0]  # Ben's, worked out
    assert page.inner_text("#next-hand") == "Hand 5"
    assert "Hand 5" in page.inner_text("#next-deal")
    assert phone.totals() == {"Ana": 190, "Ben": 120}  # the server's: nothing counted twice
    assert page.locator("#undo").is_hidden()  # nothing stored is undone under waiting hands
    # A waiting hand is changed on the phone: hand 3's meld was 40, not 0.
    page.locator("#queue li.queued").nth(1).locator("[data-change]").click()
    assert page.inner_text("#next-hand") == "Hand 3"
    assert page.input_value("#tricks_0") == "200"
    type_into(phone, "#meld_0", "40")
    page.click("form#hand-form button.save")
    expect(page.locator("#next-hand")).to_have_text("Hand 5")
    assert "Meld 40" in queued(phone)[1]
    # And the last one removed, then typed again.
    fill_hand(phone, "10", "10")
    keep_offline(phone, 4)
    page.locator("#queue li.queued").first.locator("[data-remove] summary").click()
    page.locator("#queue li.queued").first.locator("[data-remove-yes]").click()
    expect(page.locator("#queue li.queued")).to_have_count(3)
    assert len(stored(app, path)) == 1
    check_page(phone, "offline-three-waiting")
    # The connection returns: sent by themselves, in order, each once.
    page.context.set_offline(False)
    expect(page.locator("#queue")).to_be_hidden(timeout=TIMEOUT_MS)
    expect(page.locator(".hand-row")).to_have_count(4)
    hands = stored(app, path)
    assert [(h["meld"]["Ana"], h["tricks"]["Ana"]) for h in hands] == [
        (60, 130),
        (20, 100),
        (40, 200),
        (100, 90),
    ]
    assert phone.totals() == {"Ana": 190 + 120 + 240 + 190, "Ben": 120 + 150 + 50 + 160}
    assert page.inner_text("#next-hand") == "Hand 5"
    assert page.locator("#undo").is_visible()


def test_hands_kept_offline_go_from_the_home_page_when_the_match_is_closed(
    phone: Phone, app: Flask
) -> None:
    """Issue 16: the table closed the match's tab while offline; the waiting hands go from
    whatever page of the app is opened next (here the home page), in order, each once."""
    path = start(phone, "pinochle-2", ["Ana", "Ben"])
    page = phone.page
    page.context.set_offline(True)
    fill_hand(phone, "60", "130")
    keep_offline(phone, 1)
    fill_hand(phone, "20", "100")
    keep_offline(phone, 2)
    assert stored(app, path) == []
    context = page.context
    page.close()
    context.set_offline(False)
    home = context.new_page()
    home.goto(phone.base + "/", wait_until="load")
    expect(home.locator("html[data-answers]")).to_have_count(1, timeout=TIMEOUT_MS)
    hands = stored(app, path)
    assert [(h["meld"]["Ana"], h["tricks"]["Ana"]) for h in hands] == [(60, 130), (20, 100)]
    assert home.evaluate("Object.keys(localStorage).filter(k => k.startsWith('sk:queue:'))") == []
    # The match's page then shows them as stored, nothing waiting, nothing twice.
    home.goto(phone.base + path, wait_until="load")
    expect(home.locator(".hand-row")).to_have_count(2)
    assert home.locator("#queue li.queued").count() == 0
    assert len(stored(app, path)) == 2


def test_a_hand_refused_after_reconnecting_comes_back_with_its_numbers_and_the_reason(
    phone: Phone, app: Flask
) -> None:
    path = start(phone, "pinochle-2", ["Ana", "Ben"])
    page = phone.page
    page.context.set_offline(True)
    expect(page.locator("#offline-note")).to_be_visible()
    fill_hand(phone, "60", "255")  # more than the 250 of the counting
    keep_offline(phone, 1)
    fill_hand(phone, "20", "100")
    keep_offline(phone, 2)
    type_into(phone, "#meld_0", "80")  # the next hand, half typed meanwhile
    draft_kept(phone, "meld_0", "80")
    page.context.set_offline(False)
    banner = page.locator("#refused")
    expect(banner).to_be_visible(timeout=TIMEOUT_MS)
    assert "250" in banner.inner_text()
    assert page.input_value("#meld_0") == "60"  # the numbers typed, kept
    assert page.input_value("#tricks_0") == "255"
    assert page.inner_text("#next-hand") == "Hand 1"
    # The hand after it waits for it, and says so.
    assert len(queued(phone)) == 1
    expect(page.locator("#send-waiting")).to_be_visible()
    assert stored(app, path) == []
    check_page(phone, "offline-refused-after-reconnecting")
    # Fixed and saved: it goes first, the waiting one follows; the half-typed hand is back.
    type_into(phone, "#tricks_0", "130")
    save(page)
    expect(page.locator(".hand-row")).to_have_count(2)
    expect(page.locator("#queue")).to_be_hidden()
    hands = stored(app, path)
    assert [(h["meld"]["Ana"], h["tricks"]["Ana"]) for h in hands] == [(60, 130), (20, 100)]
    expect(page.locator("#meld_0")).to_have_value("80")


def test_two_phones_save_the_same_hand_while_one_is_offline(
    phone: Phone, new_phone: NewPhone, app: Flask
) -> None:
    """Issue 38 point 1: the hand another phone saved exactly so is not stored twice, and the
    phone says so (docs/phone.md "Two phones, one deal")."""
    path = start(phone, "pinochle-2", ["Ana", "Ben"])
    other: Phone = new_phone()
    other.page.context.add_cookies(phone.page.context.cookies())  # it scores too
    other.go(path)
    phone.page.context.set_offline(True)
    expect(phone.page.locator("#offline-note")).to_be_visible()
    fill_hand(phone, "60", "130")
    keep_offline(phone, 1)
    fill_hand(other, "60", "130")
    save(other.page)
    assert other.totals() == {"Ana": 190, "Ben": 120}
    phone.page.context.set_offline(False)
    said = phone.page.locator("#repeated")
    expect(said).to_be_visible(timeout=TIMEOUT_MS)
    assert "Hand 1 was saved already, exactly as typed here, by another phone" in said.inner_text()
    expect(phone.page.locator("#queue")).to_be_hidden()
    assert phone.page.input_value("#meld_0") == ""  # nothing to save again
    assert phone.totals() == {"Ana": 190, "Ben": 120}
    assert len(stored(app, path)) == 1
    phone.shot("offline-two-phones-same-hand")


def test_each_waiting_hand_is_checked_against_what_another_phone_saved(
    phone: Phone, new_phone: NewPhone, app: Flask
) -> None:
    """Issue 38 point 1: three hands wait on a phone without signal while another phone saves
    the first two of the same deals; on reconnecting those two are known as saved, the third
    is stored after them, each deal once. A waiting hand in the middle may be removed."""
    path = start(phone, "pinochle-2", ["Ana", "Ben"])
    other: Phone = new_phone()
    other.page.context.add_cookies(phone.page.context.cookies())
    other.go(path)
    phone.page.context.set_offline(True)
    expect(phone.page.locator("#offline-note")).to_be_visible()
    for rows, (meld, tricks) in enumerate([("60", "130"), ("20", "100"), ("90", "90")], 1):
        fill_hand(phone, meld, tricks)
        keep_offline(phone, rows)
    fill_hand(phone, "0", "200")
    keep_offline(phone, 4)
    # Hand 3 of the four waiting (the second row, latest first) is removed: any row may go.
    row = phone.page.locator("#queue li.queued").nth(1)
    expect(row).to_contain_text("Hand 3")
    row.locator("[data-remove] summary").click()
    row.locator("[data-remove-yes]").click()
    expect(phone.page.locator("#queue li.queued")).to_have_count(3)
    for meld, tricks in [("60", "130"), ("20", "100")]:
        fill_hand(other, meld, tricks)
        save(other.page)
    expect(other.page.locator(".hand-row")).to_have_count(2)
    phone.page.context.set_offline(False)
    expect(phone.page.locator("#queue")).to_be_hidden(timeout=TIMEOUT_MS)
    expect(phone.page.locator(".hand-row")).to_have_count(3)
    hands = stored(app, path)
    assert [(h["meld"]["Ana"], h["tricks"]["Ana"]) for h in hands] == [
        (60, 130),
        (20, 100),
        (0, 200),
    ]
    # docs/rules.md §2: meld + tricks: 190/120, 120/150, 200/50.
    assert phone.totals() == {"Ana": 190 + 120 + 200, "Ben": 120 + 150 + 50}


# --- 3. An app that opens without signal -----------------------------------------------------

COPIED = """async (path) => !!navigator.serviceWorker.controller &&
  !!(await (await caches.open('sk-pages')).match(path))"""


def copied(phone: Phone, *paths: str) -> None:
    """Wait until the service worker controls the page and keeps a copy of each path."""
    for path in paths:
        phone.page.wait_for_function(COPIED, arg=path)


def installed(phone: Phone, path: str) -> None:
    """Open the match page until the service worker keeps its copy (a phone that opened the
    match before)."""
    phone.page.wait_for_function(WORKER_READY, timeout=WORKER_TIMEOUT_MS)
    phone.go(path)
    copied(phone, path)


#: The text of the service worker's copy of ``path`` (null when it keeps none).
COPY_TEXT = """async (path) => {
  const copy = await (await caches.open('sk-pages')).match(path);
  return copy ? await copy.text() : null;
}"""


def test_a_match_opened_before_opens_offline_as_its_read_only_copy(phone: Phone) -> None:
    # The scoring phone's page is sent no-store (its hand form, its CSRF token): the worker
    # keeps the page as the read-only link shows it instead (issue 25, README "No signal"),
    # so a shared phone whose cookies are cleared shows nobody the scoring page offline.
    path = start(phone, "pinochle-2", ["Ana", "Ben"])
    # The worker controls the page before the save: the page saved in place is then offered to
    # its copy (queue.js), which must keep the read-only page, not this one (a race that once
    # kept the scoring page on a busy machine).
    phone.page.wait_for_function(WORKER_CONTROLS, timeout=WORKER_TIMEOUT_MS)
    fill_hand(phone, "60", "130")
    save(phone.page)
    phone.page.wait_for_function(
        "async (path) => { const c = await (await caches.open('sk-pages')).match(path);"
        " return !!c && (await c.text()).includes('190'); }",
        arg=path,
    )
    copy = phone.page.evaluate(COPY_TEXT, path)
    assert copy is not None
    assert 'id="hand-form"' not in copy
    installed(phone, path)
    copy = phone.page.evaluate(COPY_TEXT, path)
    assert copy is not None
    assert 'id="hand-form"' not in copy
    assert 'name="csrf_token"' not in copy
    phone.go("/")
    copied(phone, "/")
    page = phone.page
    # The shared phone's cookies cleared (issue 25): offline, the match is its read-only copy.
    cookies = page.context.cookies()
    page.context.clear_cookies()
    page.context.set_offline(True)
    page.wait_for_function("() => !navigator.onLine")
    phone.go(path)
    expect(page.locator("#offline-copy")).to_be_visible()
    expect(page.locator("#hand-form")).to_have_count(0)
    assert phone.totals() == {"Ana": 190, "Ben": 120}
    assert page.locator(".hand-row").count() == 1
    check_page(phone, "offline-match-from-the-service-worker")
    # The home page too (the app's start), and back to the match by its link.
    phone.go("/")
    with page.expect_navigation(wait_until="load"):
        page.click(f"a[href='{path}']")
    assert phone.totals() == {"Ana": 190, "Ben": 120}
    expect(page.locator("#hand-form")).to_have_count(0)
    # Back online with the phone's cookies, the page is asked of the server again: the scoring
    # page, its hand form.
    page.context.add_cookies(cookies)
    page.context.set_offline(False)
    phone.go(path)
    expect(page.locator("#hand-form")).to_be_visible()
    expect(page.locator("#offline-copy")).to_be_hidden()


def test_a_reload_offline_keeps_the_scoring_and_the_page_is_the_server_s_once_they_are_stored(
    phone: Phone, app: Flask
) -> None:
    # Issue 38 point 2: a reload (or a tab the phone discarded and restores) without signal
    # keeps the hand form, the hands waiting and their count; once they are stored the page
    # is the server's again by itself (docs/phone.md "A reload without signal").
    path = start(phone, "pinochle-2", ["Ana", "Ben"])
    page = phone.page
    fill_hand(phone, "60", "130")
    save(page)
    installed(phone, path)
    page.context.set_offline(True)
    expect(page.locator("#offline-note")).to_be_visible()  # the phone knows it is offline
    for i, (meld, tricks) in enumerate([("20", "100"), ("0", "200")]):
        fill_hand(phone, meld, tricks)
        keep_offline(phone, i + 1)
    page.reload(wait_until="load")
    page.wait_for_function("() => document.documentElement.hasAttribute('data-scoring-copy')")
    expect(page.locator("#offline-copy")).to_be_visible()
    expect(page.locator("#hand-form")).to_be_visible()
    expect(page.locator("#queue li.queued")).to_have_count(2)
    expect(page.locator("#next-hand")).to_have_text("Hand 4")
    check_page(phone, "offline-reloaded-two-waiting")
    # The form takes the next hand as before the reload: a third waits after the two.
    fill_hand(phone, "100", "90")
    keep_offline(phone, 3)
    expect(page.locator("#next-hand")).to_have_text("Hand 5")
    # A restored tab (a new one on the same address, as a phone's discarded tab comes back).
    other = page.context.new_page()
    other.goto(phone.base + path, wait_until="load")
    other.wait_for_function("() => document.documentElement.hasAttribute('data-scoring-copy')")
    expect(other.locator("#queue li.queued")).to_have_count(3)
    other.close()
    assert len(stored(app, path)) == 1
    # Back online they go by themselves, once and in order, and the page is the server's.
    page.context.set_offline(False)
    page.wait_for_function(
        "(page) => !localStorage.getItem('sk:queue:' + page)", arg=path, timeout=TIMEOUT_MS
    )
    page.wait_for_function("() => !document.documentElement.hasAttribute('data-offline')")
    hands = stored(app, path)
    assert [(h["meld"]["Ana"], h["tricks"]["Ana"]) for h in hands] == [
        (60, 130),
        (20, 100),
        (0, 200),
        (100, 90),
    ]
    expect(page.locator("#hands .hand-row")).to_have_count(4)
    assert phone.totals() == {"Ana": 190 + 120 + 200 + 190, "Ben": 120 + 150 + 50 + 160}
    expect(page.locator("#offline-copy")).to_be_hidden()


# --- 4. Progressive: the budgets, and the pages without JavaScript --------------------------

#: Issue 16's budgets (gzipped): the match page and all it loads; the service worker, the
#: manifest and the icons on top.
PAGE_BUDGET = 30 * 1024
APP_BUDGET = 20 * 1024


def gzipped(phone: Phone, url: str) -> int:
    """What ``url`` weighs gzipped (as the budgets count), fetched by the phone itself."""
    body = phone.page.request.get(url).body()
    return len(gzip.compress(body))


def test_the_page_and_the_app_keep_to_their_budgets(
    playwright_browser: Browser, live_server: str, phone: Phone
) -> None:
    violations: list[str] = []
    phone.page.on(
        "console",
        lambda m: violations.append(m.text) if "Content Security Policy" in m.text else None,
    )
    path = start(phone, "pinochle-2", ["Ana", "Ben"], options={"target": 10000})
    for _ in range(20):  # a 20-hand match
        fill_hand(phone, "20", "130")
        save(phone.page)
    assert phone.page.locator(".hand-row").count() == 20
    installed(phone, path)
    # A cold load by another phone of the same table (nothing cached): all it loads.
    cold = playwright_browser.new_context(viewport={"width": 360, "height": 740})
    try:
        cold.add_cookies(phone.page.context.cookies())
        other = Phone(cold.new_page(), live_server)
        cdp = cold.new_cdp_session(other.page)
        cdp.send("Network.enable")
        _count_bytes(other, cdp)
        other.go(path)
        other.page.wait_for_function(WORKER_READY, timeout=WORKER_TIMEOUT_MS)
        page_urls = [url for url in other.received if "/sw.js" not in url]
        wire = sum(other.received[url] for url in page_urls)
        sizes = {url.removeprefix(live_server): gzipped(phone, url) for url in page_urls}
        page_gz = sum(sizes.values())
    finally:
        cold.close()
    manifest = phone.page.get_attribute("link[rel=manifest]", "href")
    assert manifest
    icons = [icon["src"] for icon in phone.page.request.get(phone.base + manifest).json()["icons"]]
    app_urls = [phone.base + "/sw.js", phone.base + manifest] + [
        phone.base + src for src in dict.fromkeys(icons)
    ]
    app_gz = sum(gzipped(phone, url) for url in app_urls)
    print(
        f"20-hand match page, cold: {wire} bytes on the wire, {page_gz} gzipped "
        f"({len(page_urls)} files); service worker + manifest + icons: {app_gz} gzipped"
    )
    print("gzipped:", ", ".join(f"{url.split('?')[0]} {size}" for url, size in sizes.items()))
    assert page_gz <= PAGE_BUDGET
    assert app_gz <= APP_BUDGET
    assert violations == []


def test_without_javascript_a_hand_is_saved_corrected_and_undone(
    playwright_browser: Browser, live_server: str, app: Flask
) -> None:
    with phone_without_javascript(playwright_browser, live_server) as phone:
        path = start(phone, "pinochle-2", ["Ana", "Ben"])
        page = phone.page
        # Nothing of the script's shows: no clear button, no queue, no offline note.
        assert page.locator("[data-clear]").is_hidden()
        assert page.locator("#queue").is_hidden()
        assert page.locator("#offline-note").is_hidden()
        page.fill("#meld_0", "60")
        page.fill("#tricks_0", "130")
        page.fill("#tricks_1", "120")
        with page.expect_navigation(wait_until="load"):
            page.click("form#hand-form button.save")
        assert page.url.removeprefix(phone.base) == path  # the redirect after the POST
        assert phone.totals() == {"Ana": 190, "Ben": 120}
        with page.expect_navigation(wait_until="load"):
            page.click("#hand-1 a.button")
        page.fill("#meld_0", "80")
        with page.expect_navigation(wait_until="load"):
            page.click("form#hand-form button.save")
        assert phone.totals() == {"Ana": 210, "Ben": 120}
        page.click("#undo")
        with page.expect_navigation(wait_until="load"):
            page.click("#undo-yes")
        assert stored(app, path) == []
        check_page(phone, "nojs-after-undo")


@pytest.mark.parametrize("language", ["es", "it", "ru"])
def test_what_the_queue_says_is_in_the_table_s_language(phone: Phone, language: str) -> None:
    start(phone, "pinnacola", ["Ana", "Ben"], language=language)
    page = phone.page
    page.context.set_offline(True)
    expect(page.locator("#offline-note")).to_be_visible()
    type_into(phone, "#table_0", "120")
    page.click("form#hand-form button.save")
    expect(page.locator("#queue li.queued")).to_have_count(1)
    texts = shown_text(phone, "#offline-note, #queue, #next-hand, #next-deal")
    english = ("waiting", "connection", "Deal", "deals", "Waiting", "totals")
    assert not [t for t in texts if any(word in t for word in english)], texts
    assert_plain(texts, f"{language} queue")
    assert "2" in page.inner_text("#next-hand")
    check_page(phone, f"offline-{language}-one-waiting")
