"""What a phone downloads on a slow network (issue 14): static files under content-hash URLs,
cached for a year; pages and JSON compressed; the scoreboard's ETag still answers 304."""

from __future__ import annotations

import base64
import gzip
import hashlib
import re
from pathlib import Path

from flask import Flask
from flask.testing import FlaskClient
from werkzeug.wrappers import Response

from scorekeeper.infra.assets import IMMUTABLE
from tests.helpers import API, EXAMPLE_MATCH, MatchClient
from tests.web.test_groups import start_group

STATIC = Path(__file__).resolve().parents[2] / "static"


def cache_control(client: FlaskClient, url: str) -> str:
    """The ``Cache-Control`` of a static file (the answer closed: it holds the file open)."""
    with client.get(url) as answer:
        assert answer.status_code == 200
        return str(answer.headers["Cache-Control"])


def test_static_urls_carry_the_content_hash_and_are_cached_for_a_year(
    client: FlaskClient,
) -> None:
    page = client.get("/").get_data(as_text=True)
    found = re.search(r'href="(/static/app\.css\?v=([0-9a-f]+))"', page)
    assert found, "the stylesheet's URL carries no version"
    url, version = found.groups()
    assert version == hashlib.sha256((STATIC / "app.css").read_bytes()).hexdigest()[:12]
    assert cache_control(client, url) == "public, max-age=31536000, immutable"
    # Without the hash (or with an old one) the phone must ask again each time.
    assert cache_control(client, "/static/app.css") == "no-cache"
    assert cache_control(client, "/static/app.css?v=000000000000") == "no-cache"
    script = re.search(r'src="(/static/app\.js\?v=[0-9a-f]{12})"', page)
    assert script, "the script's URL carries no version"


def test_pages_and_json_are_compressed_for_a_phone_that_accepts_it(client: FlaskClient) -> None:
    created = client.post(f"{API}/matches", json=EXAMPLE_MATCH).get_json()
    # The first view carries the style sheet inside, until the phone has the file: compare
    # two views after it.
    page = client.get("/").get_data(as_text=True)
    found = re.search(r'href="(/static/app\.css\?v=[0-9a-f]+)"', page)
    assert found
    cache_control(client, found.group(1))
    plain = client.get(f"/m/{created['id']}/board")
    packed = client.get(f"/m/{created['id']}/board", headers={"Accept-Encoding": "gzip"})
    assert packed.headers["Content-Encoding"] == "gzip"
    assert len(packed.data) < len(plain.data) / 2
    assert gzip.decompress(packed.data) == plain.data
    answer = client.get(f"{API}/matches/{created['id']}", headers={"Accept-Encoding": "br"})
    assert answer.headers["Content-Encoding"] == "br"
    assert "Accept-Encoding" in answer.headers["Vary"]


def test_the_scoreboard_poll_still_gets_its_304(app: Flask, client: FlaskClient) -> None:
    created = client.post(f"{API}/matches", json=EXAMPLE_MATCH).get_json()
    url = f"{API}/matches/{created['id']}"
    etag = client.get(url, headers={"Accept-Encoding": "gzip"}).headers["ETag"]
    again = client.get(url, headers={"Accept-Encoding": "gzip", "If-None-Match": etag})
    assert again.status_code == 304


def test_a_first_view_carries_the_style_sheet_inside_and_later_views_link_it(
    client: FlaskClient,
) -> None:
    """Issue 14, "the CSS that the first paint needs inline": a cold page paints after one
    round trip, not two; the sheet then travels once, not with every page."""
    sheet = (STATIC / "app.css").read_text(encoding="utf-8")
    version = hashlib.sha256(sheet.encode()).hexdigest()[:12]
    first = client.get("/")
    page = first.get_data(as_text=True)
    assert f"<style>{sheet}</style>" in page
    # The file comes too, without holding up the paint (for print: the screen has the copy).
    assert f'<link rel="stylesheet" media="print" href="/static/app.css?v={version}">' in page
    assert page.count("app.css") == 1
    # The policy admits exactly this text, by its hash, and nothing else inline.
    digest = base64.b64encode(hashlib.sha256(sheet.encode()).digest()).decode()
    policy = first.headers["Content-Security-Policy"]
    assert f"style-src 'self' 'sha256-{digest}';" in policy
    assert "unsafe-inline" not in policy
    # The sheet's own answer says the phone has it now.
    assert client.get_cookie("css") is None
    with client.get(f"/static/app.css?v={version}"):
        pass
    cookie = client.get_cookie("css")
    assert cookie is not None
    assert cookie.value == version
    assert cookie.http_only
    # The next view links the cached file instead.
    again = client.get("/").get_data(as_text=True)
    assert "<style>" not in again
    assert f'<link rel="stylesheet" href="/static/app.css?v={version}">' in again
    # A phone whose cookie names an older sheet gets the new one inside again.
    client.set_cookie("css", "000000000000")
    assert f"<style>{sheet}</style>" in client.get("/").get_data(as_text=True)


def session_cookies(answer: Response) -> list[str]:
    """The ``Set-Cookie`` headers of ``answer`` that set the session cookie."""
    return [c for c in answer.headers.getlist("Set-Cookie") if c.startswith("session=")]


def test_static_answers_vary_on_the_encoding_only_and_set_no_session(client: FlaskClient) -> None:
    """Issue 26, item 7: a static file cached for a year is used again on every page only if
    its answer varies on nothing a page view changes (the cookies, the language)."""
    path = MatchClient(client).start("pinochle-2", ["Ana", "Ben"])
    page = client.get(path, headers={"Accept-Language": "it"}).get_data(as_text=True)
    urls = re.findall(r'(?:href|src)="(/static/[^"?]+\?v=[0-9a-f]{12})"', page)
    assert any("app.js" in url for url in urls)
    assert any("app.css" in url for url in urls)
    for url in urls:
        with client.get(url, headers={"Accept-Encoding": "gzip", "Accept-Language": "it"}) as got:
            assert got.headers["Cache-Control"] == IMMUTABLE, url
            assert got.headers.get("Vary") == "Accept-Encoding", url
            assert session_cookies(got) == [], url


def test_the_session_cookie_is_sent_again_only_when_it_changed(client: FlaskClient) -> None:
    """Issue 26, item 7: a page view of a match this phone scores, and opened already, sends no
    new session cookie (a new one would change the ``Cookie`` every request carries); opening
    another match changes what the phone remembers, and that one is sent."""
    table = MatchClient(client)
    first = table.start("pinochle-2", ["Ana", "Ben"])
    assert session_cookies(client.get(first)) == []
    assert session_cookies(client.get(first)) == []
    second = MatchClient(client).start("pinochle-2", ["Cruz", "Dee"])
    assert session_cookies(client.get(second)) == []
    # Back to the first: the list of matches opened changes order, so the cookie goes out.
    assert len(session_cookies(client.get(first))) == 1
    assert session_cookies(client.get(first)) == []
    assert session_cookies(client.get("/")) == []


def test_a_group_page_viewed_again_sends_no_session_cookie(client: FlaskClient) -> None:
    """As a match page (issue 26, item 7): the list of groups opened is written only when it
    changes."""
    group, _private, read = start_group(client)
    page = f"/groups/{group}"
    client.get(page)
    assert session_cookies(client.get(page)) == []
    assert session_cookies(client.get(read)) == []
