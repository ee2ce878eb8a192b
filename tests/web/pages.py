"""Helpers of the page tests: start a match through the new-match form, read a page."""

from __future__ import annotations

import re
from typing import Any

from flask.testing import FlaskClient

NEW_MATCH_FORM = {
    "pinochle-2": ["Ana", "Ben"],
    "pinochle-3": ["Ana", "Ben", "Cruz"],
    "pinochle-4": ["Ana", "Ben", "Cruz", "Dee"],
    "auction": ["Ana", "Ben", "Cruz"],
    "partnership-auction": ["Ana", "Ben", "Cruz", "Dee"],
    "pinnacola": ["Ana", "Ben"],
}


def start(client: FlaskClient, variant: str, players: list[str] | None = None, **extra: Any) -> str:
    """Create a match through the page; its URL (``/m/<id>``)."""
    names = players or NEW_MATCH_FORM[variant]
    data = {f"player_{i}": name for i, name in enumerate(names)}
    data.update({key: str(value) for key, value in extra.items()})
    page = client.get(f"/new/{variant}").get_data(as_text=True)
    for name, value in re.findall(r'<input[^>]*name="(opt_\w+)"[^>]*value="([^"]*)"', page):
        data.setdefault(name, value)
    for name in re.findall(r'<input[^>]*checked[^>]*name="(opt_\w+)"', page):
        data.setdefault(name, "y")
    for name, value in re.findall(
        r'<select[^>]*name="(opt_\w+)"[^>]*>.*?<option selected value="([^"]*)"', page, re.S
    ):
        data.setdefault(name, value)
    response = client.post(f"/new/{variant}", data=data)
    assert response.status_code == 303, response.get_data(as_text=True)
    return response.headers["Location"]


def totals(html: str) -> dict[str, int]:
    """The running totals at the top of a match page."""
    return {
        side: int(points)
        for side, points in re.findall(r'class="score" data-side="([^"]+)">(-?\d+)<', html)
    }


def hidden(html: str, name: str) -> str:
    """The value of a hidden field of the page's hand form."""
    found = re.search(rf'name="{name}" type="hidden" value="([^"]*)"', html)
    assert found, name
    return found.group(1)


def errors(html: str) -> list[str]:
    """The messages of a refused entry."""
    return re.findall(r'class="error[^"]*" role="alert">([^<]+)<', html)
