"""Marking a night paid up on a 360 px phone (issue 26, item 8; docs/groups.md "Paid up"): the
money page's form marks it, the settle-up then counts the nights after it, and the mark is
taken back; the page never scrolls sideways. The nights are those of
tests/api/test_group_seasons_and_payups.py, worked out by hand there."""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import Flask

from tests.api.test_group_seasons_and_payups import across_the_year

from .conftest import Phone
from .flows import check_fits


def transfers(phone: Phone) -> list[str]:
    return [t.strip() for t in phone.page.locator(".transfer").all_inner_texts()]


def test_a_night_marked_paid_up_and_taken_back(app: Flask, phone: Phone) -> None:
    group, labels = across_the_year(app, app.test_client())
    private = urlsplit(group.created["private_url"])
    phone.go(f"{private.path}?{private.query}")
    phone.go(f"/r/{group.read_id}/money")
    assert len(transfers(phone)) == 3
    check_fits(phone, "group-money-seasons")
    with phone.page.expect_navigation(wait_until="load"):
        phone.page.click(f"section:has([data-night='{labels[0]}']) .mark-paid button")
    assert phone.page.locator("#paid-through").count() == 1
    # The nights after it: Ana -8, Ben 23, Cruz -10, Dee -5 at 0.05 a unit.
    assert transfers(phone) == [
        "Cruz pays Ben 0.50 (10 units)",
        "Ana pays Ben 0.40 (8 units)",
        "Dee pays Ben 0.25 (5 units)",
    ]
    check_fits(phone, "group-money-paid-up")
    with phone.page.expect_navigation(wait_until="load"):
        phone.page.click("#unmark-paid")
    assert phone.page.locator("#paid-through").count() == 0
    assert len(transfers(phone)) == 3
    # The season's own page: 2025, the first night alone.
    with phone.page.expect_navigation(wait_until="load"):
        phone.page.click("#seasons a:has-text('2025')")
    assert transfers(phone) == ["Ben pays Ana 0.70 (14 units)", "Cruz pays Ana 0.15 (3 units)"]
    check_fits(phone, "group-money-season")
