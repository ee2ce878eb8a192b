"""The contract between the pages and their scripts (scorekeeper/web/contract.py), declared
once: every page says it in the ``data-*`` attributes of its ``<html>`` (no inline script: the
CSP holds), and no script in static/ writes its words again."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from scorekeeper.infra.security import CONTENT_SECURITY_POLICY
from scorekeeper.web.contract import CARRIED, CLASH, DRAFT, NOT_TYPED, SWAP
from tests.helpers import MatchClient

STATIC = Path(__file__).resolve().parents[2] / "static"


class _Root(HTMLParser):
    """The attributes of a page's ``<html>``, and whether it holds an inline script."""

    def __init__(self) -> None:
        super().__init__()
        self.attributes: dict[str, str] = {}
        self.inline_scripts = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "html":
            self.attributes = {name: value or "" for name, value in attrs}
        if tag == "script" and not dict(attrs).get("src"):
            self.inline_scripts += 1


def root_of(html: str) -> _Root:
    parsed = _Root()
    parsed.feed(html)
    return parsed


def test_every_page_says_the_contract_on_its_html(client: FlaskClient, table: MatchClient) -> None:
    url = table.start("pinochle-2")
    for page in ("/", "/new", url, url + "/share", "/tools/pinochle-meld"):
        response = client.get(page)
        assert response.status_code == 200, page
        root = root_of(response.get_data(as_text=True))
        assert root.attributes["data-swap-header"] == SWAP
        assert root.attributes["data-clash"] == CLASH
        assert root.attributes["data-not-typed"].split() == sorted(NOT_TYPED)
        assert root.attributes["data-carried"].split() == [DRAFT, *CARRIED]
        # Said as data, never as an inline script: the CSP allows scripts from 'self' only.
        assert root.inline_scripts == 0
    assert "script-src 'self';" in CONTENT_SECURITY_POLICY


def repeated_words(source: str) -> list[str]:
    """The words of the contract that a script's ``source`` writes itself: the header, the
    list of hidden fields (an array of two or more of them; one field read by its name is the
    form's own), a query prefix (as a string or a regular expression) or the clash's query."""
    found = []
    if re.search(rf"[\"']{re.escape(SWAP)}[\"']", source):
        found.append(SWAP)
    for array in re.findall(r"\[([^\[\]]*)\]", source):
        listed = set(re.findall(r"[\"']([a-z_]+)[\"']", array)) & NOT_TYPED
        if len(listed) > 1:
            found.append(" ".join(sorted(listed)))
    for prefix in (DRAFT, *CARRIED):
        word = re.escape(prefix.rstrip("."))
        if re.search(rf"[\"']{word}\.|(?<![\w$]){word}\\\.", source):
            found.append(prefix)
    if f"{CLASH}=" in source:
        found.append(f"{CLASH}=")
    return found


def test_the_guard_sees_a_script_that_repeats_the_contract() -> None:
    assert repeated_words('var HEADER = "Scorekeeper-Swap";') == [SWAP]
    assert repeated_words('var NOT_TYPED = ["csrf_token", "idempotency_key"];')
    script = r"var CARRIED = /[?&](f\.|meld\.|table\.|hand\.|cards\.|handcards\.|clash=)/;"
    assert repeated_words(script) == [
        DRAFT,
        *CARRIED,
        "clash=",
    ]
    assert repeated_words("var prefix = 'meld.';") == ["meld."]
    assert not repeated_words(
        'var HEADER = SK.contract.swapHeader; meld.id; field(form, "version"); [a, "seen"];'
    )


@pytest.mark.parametrize("path", sorted(STATIC.glob("*.js")), ids=lambda path: path.name)
def test_the_scripts_read_the_contract_from_the_page(path: Path) -> None:
    assert repeated_words(path.read_text(encoding="utf-8")) == []
