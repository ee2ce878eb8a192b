"""Only the phone that started a match writes to it; everybody else only watches."""

from __future__ import annotations

from .conftest import Phone
from .flows import NewPhone, check_fits, enter_hand, start_match


def test_a_second_browser_without_the_token_sees_the_read_only_page(
    phone: Phone, new_phone: NewPhone
) -> None:
    start_match(phone, "pinochle-2", ["Ana", "Ben"])
    enter_hand(phone, {"meld_0": "60", "tricks_0": "130"})
    match_url = phone.page.url
    other: Phone = new_phone()
    other.page.goto(match_url, wait_until="load")
    assert other.totals() == {"Ana": 190, "Ben": 120}
    assert other.page.locator("form#hand-form").count() == 0
    assert other.page.locator("#undo, a:has-text('Correct')").count() == 0
    check_fits(other, "watcher-match")
    # Even with a CSRF token of its own session (when the app checks them), every write
    # route answers 403.
    other.go("/new/pinochle-2")
    form = {"meld_0": "0", "tricks_0": "250"}
    if other.page.locator("input[name=csrf_token]").count():
        form["csrf_token"] = other.page.input_value("input[name=csrf_token]")
    for path in ("/hands", "/hands/1/undo", "/finish", "/hands/1"):
        response = other.page.request.post(match_url + path, form=form)
        assert response.status == 403, (path, response.status)
    assert other.page.request.get(match_url + "/hands/1").status == 403
    other.page.goto(match_url, wait_until="load")
    assert other.totals() == {"Ana": 190, "Ben": 120}


def test_every_page_fits_and_home_lists_the_matches_of_this_phone(phone: Phone) -> None:
    phone.go("/")
    check_fits(phone, "home-empty")
    phone.go("/new")
    check_fits(phone, "new-choose-variant")
    for variant in ("pinochle-3", "auction", "pinnacola"):
        phone.go(f"/new/{variant}")
        phone.page.click("details.rules summary")
        check_fits(phone, f"new-{variant}-house-rules")
    start_match(phone, "pinochle-4", ["Anastasia Ivanovna", "Bartholomew", "Cruz", "Dee"])
    check_fits(phone, "pinochle-4-match")
    phone.go("/")
    assert "Pinochle for four" in phone.page.inner_text("main")
    check_fits(phone, "home-with-match")
