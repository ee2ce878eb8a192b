"""The phone's memory stays under the cookie limit in Chromium itself (issue 25, item 7): a
phone that started 60 matches and 20 groups keeps its cookie under 4 KB, so the newest group's
private link and a new scorekeeper link are still kept (a cookie over the limit is dropped by
Chromium, which keeps the old one)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from .conftest import Phone
from .flows import NewPhone

#: What Chromium keeps of one cookie: name and value.
COOKIE_LIMIT = 4096


def form_of(html: str) -> dict[str, str]:
    """The fields a browser would send of the first POST form of ``html``, as pre-filled."""
    data: dict[str, str] = {}
    for tag in re.findall(r"<input[^>]*>", html):
        name = re.search(r'name="([^"]+)"', tag)
        value = re.search(r'value="([^"]*)"', tag)
        if not name or ('type="checkbox"' in tag and "checked" not in tag):
            continue
        if 'type="checkbox"' in tag:
            data.setdefault(name.group(1), value.group(1) if value else "y")
        elif value:
            data.setdefault(name.group(1), value.group(1))
    for name, value in re.findall(
        r'<select[^>]*name="(\w+)"[^>]*>.*?<option selected value="([^"]*)"', html, re.S
    ):
        data.setdefault(name, value)
    return data


def post_form(phone: Phone, path: str, fields: dict[str, str]) -> Any:
    """Send the form of ``path`` with ``fields`` from this phone's own cookie jar (Playwright's
    request context of the page: its answers' cookies are the browser's)."""
    page = phone.page.request.get(phone.base + path).text()
    answer = phone.page.request.post(phone.base + path, form=form_of(page) | fields)
    assert answer.ok, answer.status
    return answer


def session_cookie(phone: Phone) -> int:
    (cookie,) = [c for c in phone.page.context.cookies() if c["name"] == "session"]
    return len(cookie["name"]) + len(cookie["value"])


@pytest.mark.browser
def test_sixty_matches_and_twenty_groups_keep_the_newest_links(
    phone: Phone, new_phone: NewPhone
) -> None:
    phone.go("/")
    largest = 0
    for i in range(60):
        post_form(phone, "/new/pinochle-2", {"player_0": f"Ana {i}", "player_1": "Ben"})
        largest = max(largest, session_cookie(phone))
    for i in range(20):
        post_form(phone, "/groups/new", {"name": f"Night {i}"})
        largest = max(largest, session_cookie(phone))
    assert largest < COOKIE_LIMIT
    # The newest group's private link still opens its own page (not "ask for the link").
    phone.go("/")
    newest_group = phone.page.locator("a[href^='/g/']").first.get_attribute("href")
    assert newest_group
    answer = phone.page.goto(phone.base + newest_group, wait_until="load")
    assert answer is not None
    assert answer.status == 200
    # A new scorekeeper link (another phone's match) is kept: this phone scores it.
    other = new_phone()
    other.go("/")
    made = post_form(other, "/new/pinochle-2", {"player_0": "Cruz", "player_1": "Dee"})
    match_path = re.sub(r"^https?://[^/]+", "", made.url)
    other.go(match_path + "/share")
    with other.page.expect_navigation(wait_until="load"):
        other.page.click("#share-scoring")
    join_url = other.page.get_attribute("#join-link", "href")
    assert join_url
    phone.page.goto(join_url, wait_until="load")
    with phone.page.expect_navigation(wait_until="load"):
        phone.page.click("#join")
    assert phone.page.locator("#hand-form").count() == 1
    phone.page.reload(wait_until="load")
    assert phone.page.locator("#hand-form").count() == 1  # kept in the cookie, not just shown
    assert session_cookie(phone) < COOKIE_LIMIT
