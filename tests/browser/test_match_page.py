"""The match page at the table on a 360 x 740 phone, in every language where it is about words:
totals on one line, the hand form (worked-out tricks, team names, refusals, "all passed", meld
chips, trump), asking before "End the night" and "Undo", "New game, same table", clashes, plain
words, the new-match form and the settle page, the chart, the scoreboard, the dark theme, the
screen kept awake and a hand saved without JavaScript (the play-through of issue 15)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from .conftest import PAGE_ONLY, TIMEOUT_MS, Phone, phone_without_javascript
from .flows import NewPhone, enter_hand, save
from .table import LANGUAGES, assert_plain, check_page, shown_text, start

pytestmark = PAGE_ONLY

if TYPE_CHECKING:
    from playwright.sync_api import Browser

expect = pytest.importorskip("playwright.sync_api").expect

#: One line of a total: its height stays under this many times its font size.
ONE_LINE = 1.6

WRAPPED = f"""(selector) => Array.from(document.querySelectorAll(selector)).filter(e => {{
  const style = getComputedStyle(e);
  const size = parseFloat(style.fontSize);
  const box = e.getBoundingClientRect();
  return box.height > {ONE_LINE} * size || e.scrollWidth > e.clientWidth + 1;
}}).map(e => e.textContent.trim() + " " + Math.round(e.getBoundingClientRect().height))"""


SHOW_EVERYWHERE = """(v) => {
  document.querySelectorAll('.totals .score').forEach(e => e.textContent = v);
  document.querySelectorAll('.totals').forEach(e => e.dataset.digits = v.length);
}"""


def wrapped(phone: Phone, selector: str = ".totals .score") -> list[str]:
    """The totals shown on more than one line, or wider than their box."""
    return list(phone.page.evaluate(WRAPPED, selector))


# --- Four-character totals never break ---------------------------------------------------


@pytest.mark.parametrize("language", ["en", "ru"])
def test_totals_never_wrap(phone: Phone, new_phone: NewPhone, language: str) -> None:
    path = start(phone, "pinochle-3", ["Ana", "Ben", "Cruz"], language=language)
    # Ana reaches 1120 (meld 900 + 220 in tricks): three boxes to a row, four digits each.
    enter_hand(phone, {"meld_0": "900", "tricks_0": "220", "tricks_1": "20", "tricks_2": "10"})
    assert phone.totals()["Ana"] == 1120
    assert not wrapped(phone)
    check_page(phone, f"match-page-{language}-1120")
    watcher: Phone = new_phone()
    watcher.go(path + f"/board?lang={language}")
    assert watcher.totals()["Ana"] == 1120
    assert not wrapped(watcher)
    check_page(watcher, f"match-page-{language}-board-1120")
    # Any value from -9999 to 99999 in up to six boxes (and the kitty) fits on one line.
    phone.go("/new/auction")
    path = start(phone, "auction", ["Anastasia", "Ben", "Cruz", "Dee", "Eve", "Filippo"])
    for value in ("-9999", "99999", "−9999", "-384", "1120"):
        # As the server writes it: the value, and on the row how many characters the longest
        # has (the digits are sized for it, the same in every box).
        phone.page.evaluate(SHOW_EVERYWHERE, value)
        assert not wrapped(phone), value
        watcher.go(path + "/board")
        watcher.page.evaluate(SHOW_EVERYWHERE, value)
        assert not wrapped(watcher), value
    check_page(phone, f"match-page-{language}-six-boxes")


# --- A worked-out trick field can be typed over -------------------------------------------


def test_worked_out_tricks_can_be_typed_over(phone: Phone) -> None:
    start(phone, "pinochle-2", ["Ana", "Ben"], options={"declare_out": True})
    page = phone.page
    page.click("#meld_0")
    page.keyboard.type("150")
    page.click("#tricks_0")
    page.keyboard.type("90")
    assert page.input_value("#tricks_1") == "160"
    # A tap in the middle of the worked-out 160 selects it: typing replaces it.
    box = page.locator("#tricks_1").bounding_box()
    assert box
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.keyboard.type("40")
    assert page.input_value("#tricks_1") == "40"
    # Cleared, it stays clear (the old value does not come back), and takes what is typed.
    page.click("#tricks_1")
    page.keyboard.press("Control+a")
    page.keyboard.press("Backspace")
    assert page.input_value("#tricks_1") == ""
    page.keyboard.type("20")
    assert page.input_value("#tricks_1") == "20"
    # A declared-out hand: Ana's 80 and Ben's 20 so far (they do not add up to 250).
    page.click("#tricks_0")
    page.keyboard.press("Control+a")
    page.keyboard.type("80")
    assert page.input_value("#tricks_1") == "20"
    page.locator("#f-declared_out label.pick.v-Ana").click()
    save(page)
    assert page.locator(".hand-row").count() == 1, phone.errors()
    assert phone.totals() == {"Ana": 230, "Ben": 20}


# --- Teams are named by their players ---------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
def test_teams_are_named_by_their_players(phone: Phone, language: str) -> None:
    and_word = {"en": "&", "es": "y", "it": "e", "ru": "и"}[language]
    start(phone, "partnership-auction", ["Ana", "Ben", "Cruz", "Dee"], language=language)
    names = list(phone.totals())
    assert names == [f"Ana {and_word} Cruz", f"Ben {and_word} Dee"], names
    legends = shown_text(phone, "form#hand-form fieldset.side legend")
    assert legends == names
    # Named teams keep their names, and the players are named beside them everywhere.
    start(
        phone,
        "partnership-auction",
        ["Ana", "Ben", "Cruz", "Dee"],
        language=language,
        teams=("Us", "Them"),
    )
    assert shown_text(phone, ".totals .members") == [
        f"Ana {and_word} Cruz",
        f"Ben {and_word} Dee",
    ]
    assert shown_text(phone, "form#hand-form fieldset.side legend .members") == [
        f"· Ana {and_word} Cruz",
        f"· Ben {and_word} Dee",
    ]
    # Dee bids: her team is marked.
    phone.page.locator("label.pick.v-Dee").click()
    assert phone.page.locator("fieldset.side.bidding legend").inner_text().startswith("Them")
    check_page(phone, f"match-page-{language}-teams")


# --- A refused hand says so at the top and leads to the field ------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_refused_hand_says_so_where_the_phone_lands(phone: Phone, language: str) -> None:
    start(phone, "partnership-auction", ["Ana", "Ben", "Cruz", "Dee"], language=language)
    # Tricks of 300: the counting's total is 250.
    enter_hand(
        phone,
        {"meld_0": "100", "tricks_0": "200", "meld_1": "20", "tricks_1": "100"},
        picks=["Ana", "hearts"],
    )
    banner = phone.page.locator("#refused")
    expect(banner).to_be_visible()
    assert "250" in banner.inner_text()
    box = banner.bounding_box()
    assert box
    assert box["y"] < 200  # at the top of the page
    # The page is scrolled to the field to fix: it is in view, its message beside it.
    in_view = phone.page.evaluate(
        "() => { const r = document.querySelector('#hand-form .invalid, #hand-form .error')"
        ".getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; }"
    )
    assert in_view
    assert phone.page.input_value("#meld_0") == "100"  # the typing is kept
    phone.shot(f"match-page-{language}-refused")
    # "Show me" leads there too (without a script it is the way).
    phone.page.evaluate("window.scrollTo(0, 0)")
    phone.page.click("#to-problem")
    assert phone.page.evaluate("window.scrollY") > 0


# --- End the night and Undo ask first; an undo says so -------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
def test_end_the_night_and_undo_ask_first(phone: Phone, language: str) -> None:
    start(phone, "auction", ["Ana", "Ben", "Cruz"], language=language)
    enter_hand(phone, picks=["Ana", "spades", "made"])
    enter_hand(phone, picks=["Ben", "hearts", "set"])
    page = phone.page
    save = page.locator("form#hand-form button.save").bounding_box()
    finish = page.locator("#finish").bounding_box()
    assert save
    assert finish
    assert finish["y"] - (save["y"] + save["height"]) >= 200, (save, finish)
    # A tap on "End the night" asks; nothing ends until the answer.
    page.click("#finish")
    expect(page.locator("#finish-yes")).to_be_visible()
    assert page.locator("form#hand-form").count() == 1
    # Undo asks too, then says which hand it undid.
    page.click("#undo")
    expect(page.locator("#undo-yes")).to_be_visible()
    assert page.locator(".hand-row").count() == 2
    phone.shot(f"match-page-{language}-undo-asks")
    with page.expect_navigation(wait_until="load"):
        page.click("#undo-yes")
    assert page.locator(".hand-row").count() == 1
    done = page.locator("p.done")
    expect(done).to_be_visible()
    assert "2" in done.inner_text()
    with page.expect_navigation(wait_until="load"):
        page.click("#finish")
        page.click("#finish-yes")
    assert page.locator(".winner").is_visible()


# --- "All passed" with a contract chosen is not saved silently -----------------------------


@pytest.mark.parametrize("language", ["en", "it"])
def test_all_passed_with_a_contract_is_refused(phone: Phone, language: str) -> None:
    start(phone, "partnership-auction", ["Ana", "Ben", "Cruz", "Dee"], language=language)
    phone.page.locator("label.pick.v-Ana").click()
    phone.page.locator("label.pick.v-clubs").click()
    phone.page.locator("label.pick.v-all_pass").click()
    phone.submit()
    assert phone.page.locator(".hand-row").count() == 0
    expect(phone.page.locator("#refused")).to_be_visible()
    assert phone.page.locator("#f-result .error").count() == 1
    # Picking a bidder after "all passed" means the hand was bid: back to "played".
    phone.page.locator("label.pick.v-Ben").click()
    assert phone.page.locator("input[name=result][value=played]").is_checked()
    start(phone, "auction", ["Ana", "Ben", "Cruz"], language=language)
    phone.page.locator("label.pick.v-all_pass").click()
    phone.submit()
    assert phone.page.locator(".hand-row").count() == 1  # all passed alone is a hand


# --- Meld chips speak the table's language and show their points ----------------------------


@pytest.mark.parametrize("language", LANGUAGES)
def test_meld_chips_show_names_and_points(phone: Phone, language: str) -> None:
    start(phone, "partnership-auction", ["Ana", "Ben", "Cruz", "Dee"], language=language)
    page = phone.page
    page.locator("#f-side-0 details.meld-chips summary").click()
    for meld in ("aces_around", "royal_marriage", "marriage"):
        page.locator(f"#f-side-0 button[data-meld='{meld}']").click()
    # The points before saving: 100 + 40 + 20.
    assert page.input_value("#meld_0") == "160"
    summary = page.inner_text("#sum_0")
    assert summary.endswith("= 160")
    assert_plain([summary, page.inner_text("#f-side-0")], f"{language} chips")
    # A number typed after the chips replaces them (no refusal)...
    page.fill("#meld_0", "")
    page.locator("#meld_0").type("150")
    assert page.input_value("#melds_0") == ""
    # ...and chips tapped after a number replace it (shown, not silently lost).
    page.locator("#f-side-0 button[data-meld='aces_around']").click()
    page.locator("#f-side-0 button[data-meld='pinochle']").click()
    assert page.input_value("#meld_0") == "140"
    check_page(phone, f"match-page-{language}-chips")
    enter_hand(phone, {"tricks_0": "150", "meld_1": "20"}, picks=["Ana", "spades"])
    assert phone.page.locator(".hand-row").count() == 1, phone.errors()
    assert list(phone.totals().values()) == [290, 120]  # made 250 with 140 + 150


# --- Choosing trump does not open the keyboard over the outcome -----------------------------


def test_trump_keeps_the_outcome_in_view(phone: Phone) -> None:
    start(phone, "auction", ["Ana", "Ben", "Cruz"])
    phone.page.locator("label.pick.v-Ana").click()
    phone.page.locator("label.pick.v-spades").click()
    focused = phone.page.evaluate("document.activeElement.getAttribute('inputmode')")
    assert focused != "numeric"  # no number keyboard over the outcome buttons
    # Where the numbers come next (partnership: "played" is already picked), typing starts.
    start(phone, "partnership-auction", ["Ana", "Ben", "Cruz", "Dee"])
    phone.page.locator("label.pick.v-Ana").click()
    phone.page.locator("label.pick.v-spades").click()
    assert phone.page.evaluate("document.activeElement.id") == "meld_0"


# --- New game, same table -------------------------------------------------------------------


@pytest.mark.parametrize("language", ["en", "es"])
def test_new_game_same_table_starts_the_next_match(phone: Phone, language: str) -> None:
    old = start(
        phone,
        "pinochle-4",
        ["Ana", "Ben", "Cruz", "Dee"],
        language=language,
        teams=("Us", "Them"),
        options={"target": 500},
        dealer=1,
    )
    enter_hand(phone, {"meld_0": "300", "tricks_0": "200", "meld_1": "20"})
    assert phone.page.locator(".winner").is_visible()
    assert "Cruz" in phone.page.inner_text(".winner .rematch")  # Ben dealt first: Cruz next
    check_page(phone, f"match-page-{language}-winner")
    with phone.page.expect_navigation(wait_until="load"):
        phone.page.click("#rematch")
    new = str(phone.page.url).removeprefix(phone.base)
    assert new != old
    assert phone.totals() == {"Us": 0, "Them": 0}
    assert "Cruz" in phone.page.inner_text("p.deal")  # Cruz deals the first hand
    assert phone.page.locator("form#hand-form").count() == 1  # this phone scores it
    # The house rules came along: 500 is the target again.
    assert "500" in phone.page.inner_text("p.deal")
    # The home page offers it beside a finished match, too.
    phone.go("/")
    buttons = phone.page.locator(f"button[data-rematch='{old.rsplit('/', 1)[1]}']")
    expect(buttons).to_have_count(1)
    with phone.page.expect_navigation(wait_until="load"):
        buttons.click()
    assert "/m/" in phone.page.url
    assert phone.page.url.removeprefix(phone.base) not in (old, new)
    assert phone.totals() == {"Us": 0, "Them": 0}


# --- A clash says what changed and keeps the typing; a reload does not resend ---------------


@pytest.mark.parametrize("language", ["en", "ru"])
def test_a_clash_keeps_the_typing_and_a_reload_resends_nothing(phone: Phone, language: str) -> None:
    path = start(phone, "pinochle-2", ["Ana", "Ben"], language=language)
    # A second tab of the same phone scores too (another phone that shares the scoring).
    other = phone.page.context.new_page()
    other.set_default_timeout(TIMEOUT_MS)
    other.goto(phone.base + path, wait_until="load")
    enter_hand(phone, {"meld_0": "60", "tricks_0": "130"})
    other.fill("#meld_0", "40")
    other.fill("#tricks_0", "100")
    other.locator("#tricks_0").dispatch_event("input")
    save(other)
    clash = other.locator("#clash")
    expect(clash).to_be_visible()
    text = clash.inner_text()
    assert "1" in text
    assert "130" not in text
    assert_plain([text], f"{language} clash")
    # The typing is kept, not filled in as hand 2 (issue 38 point 1): a tap brings it back.
    assert other.input_value("#meld_0") == ""
    assert other.locator(".hand-row").count() == 1  # the fresh page: hand 1 is there
    posts: list[str] = []
    other.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)
    other.reload(wait_until="load")
    assert posts == []  # the reload asks again, it sends no stale form
    other.click("form#hand-form [data-bring-back]")
    assert other.input_value("#meld_0") == "40"
    assert other.input_value("#tricks_0") == "100"
    save(other)
    assert other.locator(".hand-row").count() == 2
    other.close()


# --- Plain words only ----------------------------------------------------------------------


#: Refused entries of every form: (variant, players, fields typed, buttons picked).
SLIPS: list[tuple[str, list[str], dict[str, str], list[str]]] = [
    ("pinochle-3", ["Ana", "Ben", "Cruz"], {"meld_0": "5000", "tricks_0": "300"}, []),
    ("pinochle-2", ["Ana", "Ben"], {"tricks_0": "1", "meld_1": "x"}, []),
    ("partnership-auction", ["Ana", "Ben", "Cruz", "Dee"], {"bid": "255"}, ["Ana"]),
    ("partnership-auction", ["Ana", "Ben", "Cruz", "Dee"], {"tricks_0": "100"}, ["hearts"]),
    ("auction", ["Ana", "Ben", "Cruz"], {"bidder_meld": "100"}, ["Ben", "spades"]),
    ("auction", ["Ana", "Ben", "Cruz"], {"bid": "350"}, ["Ben", "spades", "thrown_in"]),
    ("pinnacola", ["Ana", "Ben"], {"table_0": "100", "hand_1": "30"}, []),
    ("pinnacola", ["Ana", "Ben"], {"table_0": "123"}, ["closed\\:0"]),
    ("pinnacola", ["Ana", "Ben"], {"table_0": "100"}, ["pinnacolone\\:1"]),
]


@pytest.mark.parametrize("language", LANGUAGES)
def test_errors_and_notes_speak_plain_words(phone: Phone, language: str) -> None:
    seen: list[str] = []
    for variant, players, fields, picks in SLIPS:
        start(phone, variant, players, language=language)
        enter_hand(phone, fields, picks=picks)
        texts = shown_text(phone, ".error, .banner-error, .done, .hand-row .small")
        assert texts, (variant, fields, picks)
        assert_plain(texts, f"{language} {variant} {fields}")
        seen += texts
    # Notes of played hands: a raised target, a lost meld, a concession, a closing bonus.
    start(phone, "pinochle-2", ["Ana", "Ben"], language=language, options={"target": 300})
    enter_hand(phone, {"meld_0": "200", "tricks_0": "130", "meld_1": "200", "tricks_1": "120"})
    enter_hand(phone, {"meld_0": "40", "tricks_0": "0", "meld_1": "0", "tricks_1": "250"})
    assert phone.page.locator(".hand-row .small").count() >= 2  # the raise, the lost meld
    start(phone, "pinnacola", ["Ana", "Ben"], language=language)
    enter_hand(phone, {"table_0": "385", "table_1": "120", "hand_1": "45"}, picks=["closed\\:0"])
    notes = shown_text(phone, ".hand-row .small, .hand-row .line, .error, .banner-error")
    # What each hand was, in the history: a hand thrown in at the minimum bid, all passed.
    start(phone, "auction", ["Ana", "Ben", "Cruz"], language=language)
    enter_hand(phone, picks=["Ben", "thrown_in"])
    enter_hand(phone, picks=["all_pass"])
    assert phone.page.locator(".hand-row").count() == 2, phone.errors()
    notes += shown_text(phone, ".hand-row .small, .hand-row .line")
    assert_plain(notes, f"{language} notes")
    # A new match the house rules refuse: Pinnacola to no target and no number of deals.
    phone.go("/new/pinnacola")
    phone.page.fill("#player_0", "Ana")
    phone.page.fill("#player_1", "Ben")
    phone.page.click("details.rules summary")
    phone.page.fill("#opt_target", "")
    with phone.page.expect_navigation(wait_until="load"):
        phone.page.click("form.newmatch button[type=submit]")
    refused = shown_text(phone, ".error")
    assert refused
    assert_plain(refused, f"{language} new match")
    print(f"{language}: {len(seen)} refusals read, all in plain words")


# --- The new-match form, the settle page, the chart and the scoreboard --------------------


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_new_match_form_the_sitting_out_line_and_the_settle_page_read_right(
    phone: Phone, new_phone: NewPhone, language: str
) -> None:
    page = phone.page
    # "House rules" says that it opens; the first dealer is one of the players seated; two
    # players of Pinnacola see no teams.
    phone.go(f"/new/pinnacola?lang={language}")
    marker = page.evaluate(
        "getComputedStyle(document.querySelector('details.rules summary'), '::before').content"
    )
    assert marker not in ("none", "normal", '""'), marker
    page.fill("#player_0", "Ana")
    page.fill("#player_1", "Ben")
    assert page.locator("fieldset.teams").is_hidden()
    offered = page.eval_on_selector_all(
        "#dealer option", "options => options.filter(o => !o.hidden).map(o => o.textContent)"
    )
    assert offered == ["Ana", "Ben"]
    page.click("[data-add-player]")
    page.click("[data-add-player]")
    assert page.locator("fieldset.teams").is_visible()
    # Auction in units: one unit is "1 unit", no "+0", Italian "paga Ana" (never "paga a Ana").
    path = start(phone, "auction", ["Ana", "Ben", "Cruz", "Dee"], language=language)
    sits_out = page.inner_text(".sitting-out")
    assert "Ana" in sits_out  # at four, the dealer sits out: the page says so
    watcher: Phone = new_phone()
    watcher.go(path + f"/board?lang={language}")
    assert "Ana" in watcher.page.inner_text(".sitting-out")
    enter_hand(phone, picks=["Ben", "spades", "set"])
    enter_hand(phone, picks=["Cruz", "hearts", "made"])
    kitty = page.locator(".total.kitty .name").bounding_box()
    assert kitty
    assert kitty["height"] < 30
    phone.go(path + "/settle")
    text = page.inner_text("main")
    assert "+0" not in text
    assert "(1 units)" not in text
    assert "(1 unidades)" not in text
    assert "(1 unità)" not in text
    if language == "it":
        assert " a Ana" not in text
        assert " a Ben" not in text
    check_page(phone, f"match-page-{language}-settle")
    # Russian: the cards left in hand are not "Сдача" (a deal) in the card picker.
    phone.go(f"/tools/pinnacola-meld?lang={language}")
    if language == "ru":
        assert "Сдача" not in page.inner_text("#result")


def test_the_chart_draws_each_target_and_keeps_labels_off_the_lines(phone: Phone) -> None:
    start(phone, "pinochle-2", ["Ana", "Ben"], options={"target": 300})
    # Both over 300 in one hand: the target rises to 550.
    enter_hand(phone, {"meld_0": "200", "tricks_0": "130", "meld_1": "200", "tricks_1": "120"})
    assert phone.page.locator("svg.chart line.target").count() == 2
    assert phone.page.locator("svg.chart text.target-label").count() == 0
    labels = phone.page.eval_on_selector_all(
        "svg.chart text.label", "ts => ts.map(t => t.textContent)"
    )
    assert "300" in labels
    assert "550" in labels
    phone.shot("match-page-chart-raised-target")


def test_the_scoreboard_says_who_plays_on(phone: Phone, new_phone: NewPhone) -> None:
    path = start(phone, "pinochle-3", ["Ana", "Ben", "Cruz"], options={"target": 300})
    enter_hand(phone, {"meld_0": "200", "tricks_0": "150", "tricks_1": "50", "tricks_2": "50"})
    watcher: Phone = new_phone()
    watcher.go(path + "/board")
    line = watcher.page.inner_text("#board-deal .play-on")
    assert "Ben" in line
    assert "Cruz" in line
    check_page(watcher, "match-page-board-play-on")


# --- The dark theme and the screen kept awake ----------------------------------------------


LUMINANCE = """(selector) => {
  const c = getComputedStyle(document.querySelector(selector));
  const rgb = (s) => s.match(/\\d+(\\.\\d+)?/g).slice(0, 3).map(Number);
  const lum = (v) => {
    const [r, g, b] = v.map(x => x / 255);
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  return [lum(rgb(c.backgroundColor)), lum(rgb(c.color))];
}"""


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_dark_theme_follows_the_phone(
    playwright_browser: Browser, live_server: str, language: str
) -> None:
    context = playwright_browser.new_context(
        viewport={"width": 360, "height": 740}, color_scheme="dark", is_mobile=True, has_touch=True
    )
    context.set_default_timeout(TIMEOUT_MS)
    try:
        phone = Phone(context.new_page(), live_server)
        start(phone, "partnership-auction", ["Ana", "Ben", "Cruz", "Dee"], language=language)
        enter_hand(
            phone,
            {"meld_0": "100", "tricks_0": "150", "meld_1": "20"},
            picks=["Ana", "hearts"],
        )
        background, text = phone.page.evaluate(LUMINANCE, "body")
        assert background < 0.1 < 0.6 < text, (background, text)
        field_bg, field_text = phone.page.evaluate(LUMINANCE, "#meld_0")
        assert field_bg < 0.2
        assert field_text > 0.6
        check_page(phone, f"dark-{language}-match")
        phone.go(phone.page.url.removeprefix(live_server) + "/board")
        check_page(phone, f"dark-{language}-board")
        phone.go("/tools/pinochle-meld")
        check_page(phone, f"dark-{language}-meld-calculator")
    finally:
        context.close()


def test_the_screen_stays_awake_where_the_phone_can(phone: Phone, new_phone: NewPhone) -> None:
    phone.page.add_init_script(
        "window.__locks = []; Object.defineProperty(navigator, 'wakeLock', {value: {request:"
        " (kind) => { window.__locks.push(kind);"
        " return Promise.resolve({addEventListener() {}}); }}})"
    )
    path = start(phone, "pinochle-2", ["Ana", "Ben"])
    phone.page.wait_for_function("() => window.__locks.length > 0")
    assert phone.page.evaluate("window.__locks") == ["screen"]
    phone.go(path + "/board")
    phone.page.wait_for_function("() => window.__locks.length > 0")
    # Where the browser has no Wake Lock, nothing breaks.
    other: Phone = new_phone()
    errors: list[str] = []
    other.page.on("pageerror", lambda error: errors.append(str(error)))
    other.page.add_init_script("delete Navigator.prototype.wakeLock")
    start(other, "pinochle-2", ["Ana", "Ben"])
    enter_hand(other, {"meld_0": "60", "tricks_0": "130"})
    assert other.totals() == {"Ana": 190, "Ben": 120}
    assert errors == []


# --- Without JavaScript the pages still work ------------------------------------------------


def test_a_hand_with_meld_chips_is_saved_without_javascript(
    playwright_browser: Browser, live_server: str
) -> None:
    with phone_without_javascript(playwright_browser, live_server) as phone:
        start(phone, "partnership-auction", ["Ana", "Ben", "Cruz", "Dee"])
        page = phone.page
        page.locator("label.pick.v-Ana").click()
        page.locator("label.pick.v-hearts").click()
        page.fill("#meld_0", "999")  # the chips take over from a number typed before them
        page.locator("#f-side-0 details.meld-chips summary").click()
        with page.expect_navigation(wait_until="load"):
            page.click("#f-side-0 button[data-meld='aces_around']")
        with page.expect_navigation(wait_until="load"):
            page.click("#f-side-0 button[data-meld='pinochle']")
        assert page.inner_text("#sum_0").endswith("= 140")
        assert page.input_value("#meld_0") == ""
        page.fill("#tricks_0", "150")
        page.fill("#tricks_1", "100")
        page.fill("#meld_1", "20")
        save(page)
        assert phone.totals() == {"Ana & Cruz": 290, "Ben & Dee": 120}, phone.errors()
        check_page(phone, "nojs-partnership-after-hand")
