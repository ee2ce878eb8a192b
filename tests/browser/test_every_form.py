"""Every hand form in every language at 360 x 740 (issue 15): "Save" within 1.5 screen heights
of the top of the hand form, nothing scrolls sideways, no tap target under 44 px; a
screenshot of each is saved as a test artifact. Plus the other pages a table opens."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import PAGE_ONLY, Phone
from .flows import NewPhone
from .table import LANGUAGES, SAVE_WITHIN, check_page, start

pytestmark = PAGE_ONLY

#: Every form of hand entry, as the variant and its house rules make it.
FORMS: dict[str, tuple[str, list[str], dict[str, Any]]] = {
    "pinochle-2": ("pinochle-2", ["Ana", "Ben"], {}),
    "pinochle-3": ("pinochle-3", ["Ana", "Ben", "Cruz"], {}),
    "pinochle-4": ("pinochle-4", ["Ana", "Ben", "Cruz", "Dee"], {}),
    "pinochle-4-per-player": (
        "pinochle-4",
        ["Ana", "Ben", "Cruz", "Dee"],
        {"saving_trick": "player"},
    ),
    "auction-units": ("auction", ["Ana", "Ben", "Cruz", "Dee", "Eve"], {}),
    "auction-points": ("auction", ["Ana", "Ben", "Cruz"], {"scoring": "points"}),
    "partnership-auction": ("partnership-auction", ["Ana", "Ben", "Cruz", "Dee"], {}),
    "double-deck": ("double-deck", ["Ana", "Ben", "Cruz", "Dee"], {}),
    "pinnacola-2": ("pinnacola", ["Ana", "Ben"], {}),
    "pinnacola-4": ("pinnacola", ["Ana", "Ben", "Cruz", "Dee"], {}),
}


def save_distance(phone: Phone) -> float:
    """How far the bottom of "Save" is below the top of the hand form (CSS pixels)."""
    return float(
        phone.page.evaluate(
            "() => document.querySelector('form#hand-form button.save').getBoundingClientRect()"
            ".bottom - document.getElementById('hand-form').getBoundingClientRect().top"
        )
    )


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_form_keeps_save_near_and_fits(new_phone: NewPhone, language: str) -> None:
    phone: Phone = new_phone()
    distances = {}
    for name, (variant, players, options) in FORMS.items():
        start(phone, variant, players, language=language, options=options)
        distances[name] = save_distance(phone)
        check_page(phone, f"form-{language}-{name}")
        # The chips opened: the longest the form gets (a team's meld built from chips).
        if phone.page.locator("details.meld-chips").count():
            phone.page.locator("details.meld-chips summary").first.click()
            check_page(phone, f"form-{language}-{name}-chips")
    print(f"{language}: save button bottom below the form's top (px): {distances}")
    too_far = {name: d for name, d in distances.items() if d > SAVE_WITHIN}
    assert not too_far, too_far


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_other_pages_fit_and_have_big_targets(new_phone: NewPhone, language: str) -> None:
    phone: Phone = new_phone()
    phone.go(f"/?lang={language}")
    check_page(phone, f"page-{language}-home")
    phone.go("/new")
    check_page(phone, f"page-{language}-choose")
    for variant in ("pinochle-4", "auction", "pinnacola"):
        phone.go(f"/new/{variant}")
        phone.page.click("details.rules summary")
        check_page(phone, f"page-{language}-new-{variant}")
    phone.go("/tools/pinochle-meld")
    check_page(phone, f"page-{language}-meld-calculator")
    phone.go("/tools/pinnacola-meld")
    check_page(phone, f"page-{language}-pinnacola-cards")
    path = start(phone, "auction", ["Ana", "Ben", "Cruz"], language=language)
    for bidder, trump, outcome in (("Ana", "spades", "made"), ("Ben", "hearts", "set")):
        phone.page.locator(f"label.pick.v-{bidder}").click()
        phone.page.locator(f"label.pick.v-{trump}").click()
        phone.page.locator(f"label.pick.v-{outcome}").click()
        phone.submit()
    check_page(phone, f"page-{language}-auction-after-two-hands")
    phone.go(path + "/settle")
    check_page(phone, f"page-{language}-settle")
    phone.go(path + "/board")
    check_page(phone, f"page-{language}-board")
    phone.go(path + "/hands/1")
    check_page(phone, f"page-{language}-correct")
    phone.go("/")
    check_page(phone, f"page-{language}-home-with-match")
