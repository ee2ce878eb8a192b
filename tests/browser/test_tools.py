"""The meld calculator and the Pinnacola card picker at 360 px, with JavaScript: each tap counts
the card and the API's answer shows at once; "use" carries the result into a hand."""

from __future__ import annotations

import json

from .conftest import PAGE_ONLY, Phone
from .flows import check_fits, enter_hand, open_chips, start_match

pytestmark = PAGE_ONLY

RUN = ("AS", "10S", "KS", "QS", "JS")


def tap_cards(phone: Phone, *cards: str) -> None:
    """Tap each card of the grid once (a card given twice is tapped twice)."""
    for card in cards:
        phone.tap(f"label.card[data-card='{card}']")


def wait_for_text(phone: Phone, element_id: str, text: str, timeout_ms: int = 5_000) -> None:
    """Wait (bounded) until the element shows ``text``; say what it shows if it never does."""
    try:
        phone.page.wait_for_function(
            "([id, text]) => document.getElementById(id).textContent.trim() === text",
            arg=[element_id, text],
            timeout=timeout_ms,
        )
    except Exception as error:
        shown = phone.page.inner_text(f"#{element_id}")
        raise AssertionError(f"#{element_id} shows {shown!r}, not {text!r}") from error


def found(phone: Phone) -> list[str]:
    """The melds the calculator lists, as shown."""
    return [" ".join(t.split()) for t in phone.page.locator("#found li").all_inner_texts()]


def test_calculator_totals_follow_each_tap_for_the_rules_examples(phone: Phone) -> None:
    # docs/rules.md §1: a run in trumps and two plain marriages: 150 + 2 x 20.
    phone.go("/tools/pinochle-meld")
    check_fits(phone, "tools-pinochle-meld-empty")
    assert phone.page.inner_text("#result-note") == "Pick the trump."
    tap_cards(phone, *RUN, "KH", "QH", "KC", "QC")
    phone.tap("label.pick.v-spades")
    wait_for_text(phone, "meld-total", "190")
    assert found(phone) == ["run 150", "marriage ×2 40"]
    # The count of a tapped card is in the form's field (without JavaScript it is typed).
    assert phone.page.input_value("#c_AS") == "1"
    check_fits(phone, "tools-pinochle-meld-run-and-marriages")
    # A card tapped a third time is out again: 0, 1, 2, 0.
    tap_cards(phone, "KH", "KH")
    assert phone.page.input_value("#c_KH") == "0"
    wait_for_text(phone, "meld-total", "170")

    # Bicycle's round house: K-Q of each suit, spades trump: 80 + 60 + 40 + 3 x 20.
    phone.go("/tools/pinochle-meld")
    tap_cards(phone, "KS", "QS", "KH", "QH", "KD", "QD", "KC", "QC")
    phone.tap("label.pick.v-spades")
    wait_for_text(phone, "meld-total", "240")
    assert found(phone) == [
        "royal marriage 40",
        "marriage ×3 60",
        "kings around 80",
        "queens around 60",
    ]

    # docs/rules.md §1: double pinochle is 300 (standard) and 400 with the seed-004 table.
    phone.go("/tools/pinochle-meld")
    tap_cards(phone, "QS", "QS", "JD", "JD")
    phone.tap("label.pick.v-hearts")
    wait_for_text(phone, "meld-total", "300")
    phone.page.select_option("select[name=melds]", "seed-004")
    wait_for_text(phone, "meld-total", "400")
    assert found(phone) == ["double pinochle 400"]
    check_fits(phone, "tools-pinochle-meld-double-pinochle")

    # docs/rules.md §1: all eight aces, 1000.
    phone.go("/tools/pinochle-meld")
    tap_cards(phone, *(["AS", "AH", "AD", "AC"] * 2))
    phone.tap("label.pick.v-clubs")
    wait_for_text(phone, "meld-total", "1000")
    assert found(phone) == ["eight aces 1000"]
    check_fits(phone, "tools-pinochle-meld-eight-aces")


def test_pinnacola_picker_values_each_meld_as_it_is_picked(phone: Phone) -> None:
    phone.go("/tools/pinnacola-meld")
    check_fits(phone, "tools-pinnacola-empty")
    # Seed 001 "45*7": 4, 5, joker, 7 of hearts is a run of 45.
    tap_cards(phone, "4H", "5H", "JK", "7H")
    wait_for_text(phone, "picked", "run · 45")
    phone.submit("#add-meld")
    wait_for_text(phone, "table-total", "45")
    # A poker of aces counts double: 4 x 15 x 2 (seed 001).
    tap_cards(phone, "AS", "AH", "AD")
    wait_for_text(phone, "picked", "set · 45")
    tap_cards(phone, "AC")
    wait_for_text(phone, "picked", "set · 120")
    phone.submit("#add-meld")
    wait_for_text(phone, "table-total", "165")
    # Cards that make no meld say why at once.
    tap_cards(phone, "5H", "6S", "7H")
    # Wait for the third card's verdict: after two cards the picker already says "no" (too
    # few cards), which a busy machine showed before the third tap was handled.
    phone.page.wait_for_function(
        "() => document.getElementById('picked').textContent.includes('one suit')",
        timeout=5_000,
    )
    assert phone.page.locator("#picked.no").count() == 1
    tap_cards(phone, "5H", "5H", "6S", "6S", "7H", "7H")  # back to 0
    # The cards left in hand: an ace and a joker, 15 + 25.
    tap_cards(phone, "AS", "JK")
    phone.submit("#set-hand")
    wait_for_text(phone, "hand-total", "40")
    wait_for_text(phone, "table-total", "165")
    check_fits(phone, "tools-pinnacola-table-and-hand")


def test_a_calculated_meld_is_carried_into_a_hand_of_four_handed_pinochle(phone: Phone) -> None:
    start_match(phone, "pinochle-4", ["Ana", "Ben", "Cruz", "Dee"], teams=("Us", "Them"))
    match_url = phone.page.url
    # The match page does not load the picker's script: it stays small.
    assert not any(url.endswith("/picker.js") for url in phone.received)
    open_chips(phone.page, "#f-side-0")
    with phone.page.expect_navigation(wait_until="load"):
        phone.tap("#f-side-0 a.tool")
    assert "side=Us" in phone.page.url
    tap_cards(phone, *RUN, "KH", "QH", "KC", "QC")
    phone.tap("label.pick.v-spades")
    wait_for_text(phone, "meld-total", "190")
    check_fits(phone, "tools-pinochle-meld-for-a-side")
    phone.submit("#use")
    assert phone.page.url.startswith(match_url + "?")
    assert phone.page.input_value("#melds_0") == "run marriage marriage"
    assert phone.page.input_value("#meld_0") == "190"  # the points, shown before saving
    check_fits(phone, "tools-pinochle-4-meld-carried")
    enter_hand(phone, {"tricks_0": "130"})
    assert phone.totals() == {"Us": 320, "Them": 120}
    match_id = match_url.rstrip("/").rsplit("/", 1)[1]
    response = phone.page.request.get(f"{phone.base}/api/v1/matches/{match_id}")
    hand = json.loads(response.text())["hands"][0]
    assert hand["input"]["meld"] == {"Us": ["run", "marriage", "marriage"], "Them": 0}
    assert hand["scores"] == {"Us": 320, "Them": 120}


def test_each_partner_melds_from_his_own_cards_and_the_side_scores_the_sum(
    phone: Phone,
) -> None:
    start_match(phone, "pinochle-4", ["Ana", "Ben", "Cruz", "Dee"], teams=("Us", "Them"))
    match_url = phone.page.url
    for partner, cards, points in (
        ("Ana", (*RUN, "KH", "QH", "KC", "QC"), "190"),
        ("Cruz", ("QS", "JD", "9S"), "50"),
    ):
        open_chips(phone.page, "#f-side-0")
        with phone.page.expect_navigation(wait_until="load"):
            phone.tap(f"#f-side-0 a.tool[data-partner='{partner}']")
        tap_cards(phone, *cards)
        phone.tap("label.pick.v-spades")
        wait_for_text(phone, "meld-total", points)
        if partner == "Cruz":
            # The first partner's meld stays; the side's is the sum, before "use".
            wait_for_text(phone, "side-sum", "Ana 190 + Cruz 50 = 240")
        phone.submit("#use")
        phone.page.wait_for_selector("#hand-form")
    assert phone.page.url.startswith(match_url + "?")
    assert " ".join(phone.page.inner_text("#partners_0").split()) == "Ana 190 + Cruz 50 = 240"
    assert phone.page.input_value("#meld_0") == "240"
    enter_hand(phone, {"tricks_0": "130"})
    assert phone.totals() == {"Us": 370, "Them": 120}
    match_id = match_url.rstrip("/").rsplit("/", 1)[1]
    response = phone.page.request.get(f"{phone.base}/api/v1/matches/{match_id}")
    hand = json.loads(response.text())["hands"][0]
    assert hand["input"]["meld"]["Us"] == ["run", "marriage", "marriage", "dix", "pinochle"]


def test_the_partners_line_goes_once_the_sides_meld_is_changed(phone: Phone) -> None:
    start_match(phone, "pinochle-4", ["Ana", "Ben", "Cruz", "Dee"], teams=("Us", "Them"))
    open_chips(phone.page, "#f-side-0")
    with phone.page.expect_navigation(wait_until="load"):
        phone.tap("#f-side-0 a.tool[data-partner='Ana']")
    tap_cards(phone, *RUN)
    phone.tap("label.pick.v-spades")
    wait_for_text(phone, "meld-total", "150")
    phone.submit("#use")
    phone.page.wait_for_selector("#partners_0")
    assert phone.page.is_visible("#partners_0")
    open_chips(phone.page, "#f-side-0")
    phone.page.locator("#f-side-0 button[data-meld='dix']").click()
    phone.page.wait_for_selector("#partners_0", state="hidden")
    assert phone.page.input_value("#meld_0") == "160"


def test_the_double_deck_calculator_counts_up_to_four_of_a_card(phone: Phone) -> None:
    """docs/rules.md §2 `double-deck` "Meld" (Pagat's table through gambiter.com's copy): two
    runs of spades are the double run, 150; a card counts 0 to 4 copies."""
    phone.go("/tools/double-deck-meld")
    check_fits(phone, "tools-double-deck-meld-empty")
    tap_cards(phone, *RUN, *RUN, "QS", "JD")
    phone.tap("label.pick.v-spades")
    wait_for_text(phone, "meld-total", "154")
    assert found(phone) == ["double run 150", "pinochle 4"]
    tap_cards(phone, "AS", "AS")  # a third and a fourth ace of spades
    assert phone.page.input_value("#c_AS") == "4"
    tap_cards(phone, "AS")  # and out again: 0
    assert phone.page.input_value("#c_AS") == "0"
    # No ace of spades, no run: the two K-Q of spades are royal marriages (4 each).
    wait_for_text(phone, "meld-total", "12")
    assert found(phone) == ["royal marriage ×2 8", "pinochle 4"]
    check_fits(phone, "tools-double-deck-meld-pinochle")
