"""Every variant's pages in Spanish, Italian and Russian on a 360 px phone: the games' own words
are there and nothing scrolls sideways (Russian words are long)."""

from __future__ import annotations

import pytest

from tests.helpers import NEW_MATCH_FORM

from .conftest import PAGE_ONLY, Phone
from .flows import NewPhone, check_fits

pytestmark = PAGE_ONLY

#: Words of the table each match page must show (seeds 000, 001, 004).
WORDS: dict[str, dict[str, tuple[str, ...]]] = {
    "es": {
        "pinochle-2": ("Bazas", "Cantes", "pareja real"),
        "pinochle-3": ("Bazas", "Cantes", "ganó una baza"),
        "pinochle-4": ("Bazas", "Cantes", "Reparte"),
        "auction": ("Triunfo", "Subastador", "Oferta"),
        "partnership-auction": ("Triunfo", "Bazas", "oferta primero"),
        "pinnacola": ("Pinnacolone", "En la mesa", "en mano"),
    },
    "it": {
        "pinochle-2": ("Prese", "Combinazioni", "matrimonio"),
        "pinochle-3": ("Prese", "Combinazioni", "presa"),
        "pinochle-4": ("Prese", "Combinazioni", "fa le carte"),
        "auction": ("Briscola", "Dichiarante", "Offerta"),
        "partnership-auction": ("Briscola", "Prese", "Dichiarante"),
        "pinnacola": ("Smazzata", "chiusura in mano", "Rimasto in mano"),
    },
    "ru": {
        "pinochle-2": ("Взятки", "Комбинации", "марьяж"),
        "pinochle-3": ("Взятки", "Комбинации", "есть взятка"),
        "pinochle-4": ("Взятки", "Комбинации", "сдаёт"),
        "auction": ("Козырь", "Разыгрывающий", "Заявка"),
        "partnership-auction": ("Козырь", "Взятки", "Разыгрывающий"),
        "pinnacola": ("Сдача", "Пинаколоне", "с руки"),
    },
}


def _text(phone: Phone) -> str:
    return str(phone.page.evaluate("document.body.innerText"))


@pytest.mark.parametrize("language", sorted(WORDS))
def test_every_variant_in_the_tables_language(new_phone: NewPhone, language: str) -> None:
    phone: Phone = new_phone()
    phone.go(f"/lang/{language}?next=/new")
    assert phone.page.evaluate("document.documentElement.lang") == language
    check_fits(phone, f"i18n-{language}-choose")
    for variant, words in WORDS[language].items():
        phone.go(f"/new/{variant}")
        phone.page.click("details.rules summary")  # the house rules: the longest labels
        check_fits(phone, f"i18n-{language}-{variant}-new")
        for i, name in enumerate(NEW_MATCH_FORM[variant]):
            field = phone.page.locator(f"#player_{i}")
            if not field.is_visible():
                phone.page.click("[data-add-player]")
            field.fill(name)
        with phone.page.expect_navigation(wait_until="load"):
            phone.page.click("form.newmatch button[type=submit]")
        assert "/m/" in phone.page.url, phone.errors()
        assert phone.page.evaluate("document.documentElement.lang") == language
        check_fits(phone, f"i18n-{language}-{variant}-match")
        # The chips open, and "took a trick" shows (it does once a side's tricks are 0).
        phone.page.evaluate(
            "document.querySelectorAll('details').forEach(d => d.open = true);"
            "document.querySelectorAll('label.took').forEach(l => l.hidden = false)"
        )
        text = _text(phone)
        for word in words:
            assert word.lower() in text.lower(), f"{language} {variant}: {word!r} not shown"


def test_a_shared_link_in_italian_and_the_switch_back(new_phone: NewPhone) -> None:
    """``?lang=it`` on a shared link; the switch at the foot of the page goes back to English."""
    phone: Phone = new_phone()
    phone.go("/new/pinnacola?lang=it")
    assert "Regole della casa" in _text(phone)
    phone.go("/")
    assert phone.page.evaluate("document.documentElement.lang") == "it"
    with phone.page.expect_navigation(wait_until="load"):
        phone.page.click("footer.langs a[hreflang=en]")
    assert phone.page.evaluate("document.documentElement.lang") == "en"
    assert phone.page.url.endswith("/")
    assert "Start a match" in _text(phone)
