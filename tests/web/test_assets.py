"""What a phone downloads on a slow network (issue 14): static files under content-hash URLs,
cached for a year; pages and JSON compressed; the scoreboard's ETag still answers 304."""

from __future__ import annotations

import gzip
import hashlib
import re
from pathlib import Path

from flask import Flask
from flask.testing import FlaskClient

from tests.helpers import API, EXAMPLE_MATCH

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
