"""The server's side of saving a hand in place and of the entry queue (issue 14 item 4, issue
16): a hand form sent by the page's script (the ``Scorekeeper-Swap`` header) is answered with
the match page itself, fresh; a resend with the same key is answered the same way and stores
nothing twice; without the header every answer is what it always was."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import service
from scorekeeper.infra.assets import style_source
from scorekeeper.infra.offline import WORKER, worker_version
from scorekeeper.infra.security import CONTENT_SECURITY_POLICY
from scorekeeper.web.contract import SWAP
from tests.helpers import MatchClient, hidden, page_errors, totals

SCRIPT = {SWAP: "1"}
STATIC = Path(__file__).resolve().parents[2] / "static"


def form_of(client: FlaskClient, url: str) -> dict[str, str]:
    """The hidden fields of the hand form of the page at ``url``."""
    html = client.get(url).get_data(as_text=True)
    return {name: hidden(html, name) for name in ("idempotency_key", "version", "seen")}


def stored(app: Flask, url: str) -> list[dict[str, Any]]:
    with app.app_context():
        match = service.get_match(url.rsplit("/", 1)[1])
        return [dict(hand.input) for hand in sorted(match.hands, key=lambda h: h.number)]


def test_a_hand_sent_by_the_script_is_answered_with_the_fresh_page(
    client: FlaskClient, app: Flask, table: MatchClient
) -> None:
    url = table.start("pinochle-2")
    sent = form_of(client, url) | {"meld_0": "150", "tricks_0": "130"}
    answer = client.post(url + "/hands", data=sent, headers=SCRIPT)
    assert answer.status_code == 200
    html = answer.get_data(as_text=True)
    assert totals(html) == {"Ana": 280, "Ben": 120}
    assert "Hand 2" in html
    # The form of the next hand is empty, with a key and version of its own: never what was
    # posted (the undo button's neither).
    assert 'value="150"' not in html
    assert hidden(html, "idempotency_key") != sent["idempotency_key"]
    assert sent["idempotency_key"] not in html
    assert hidden(html, "version") == str(int(sent["version"]) + 1)
    assert hidden(html, "seen") == "1"
    # The same entry sent again (its answer was lost): answered as stored, stored once.
    again = client.post(url + "/hands", data=sent, headers=SCRIPT)
    assert again.status_code == 200
    assert totals(again.get_data(as_text=True)) == {"Ana": 280, "Ben": 120}
    assert len(stored(app, url)) == 1


def test_without_the_script_a_saved_hand_redirects_to_the_match(
    client: FlaskClient, app: Flask, table: MatchClient
) -> None:
    url = table.start("pinochle-2")
    sent = form_of(client, url) | {"meld_0": "150", "tricks_0": "130"}
    answer = client.post(url + "/hands", data=sent)
    assert answer.status_code == 303
    assert answer.headers["Location"].endswith(url)
    fix = client.post(
        url + "/hands/1",
        data=form_of(client, url + "/hands/1") | {"meld_0": "100", "tricks_0": "130"},
    )
    assert fix.status_code == 303
    assert fix.headers["Location"].endswith(url + "#hands")


def test_a_correction_and_a_refusal_sent_by_the_script(
    client: FlaskClient, app: Flask, table: MatchClient
) -> None:
    url = table.start("pinochle-2")
    client.post(url + "/hands", data=form_of(client, url) | {"meld_0": "150", "tricks_0": "130"})
    fix = form_of(client, url + "/hands/1") | {"meld_0": "100", "tricks_0": "130"}
    answer = client.post(url + "/hands/1", data=fix, headers=SCRIPT)
    assert answer.status_code == 200
    html = answer.get_data(as_text=True)
    assert totals(html) == {"Ana": 230, "Ben": 120}
    assert re.search(
        r'<form method="post" action="[^"]*/hands" class="hand[^"]*" id="hand-form"', html
    )
    # Refused: the page with the message, the numbers kept (what the script shows).
    refused = form_of(client, url) | {"meld_0": "60", "tricks_0": "255"}
    answer = client.post(url + "/hands", data=refused, headers=SCRIPT)
    assert answer.status_code == 422
    html = answer.get_data(as_text=True)
    assert any("250" in message for message in page_errors(html))
    assert 'value="255"' in html
    # A stale version is a clash: the redirect to the page that says so, the typing kept.
    stale = refused | {"tricks_0": "130", "idempotency_key": "another-key"}
    client.post(url + "/hands", data=form_of(client, url) | {"tricks_0": "100"})
    answer = client.post(url + "/hands", data=stale, headers=SCRIPT)
    assert answer.status_code == 303
    assert "clash=" in answer.headers["Location"]
    assert "f.meld_0=60" in answer.headers["Location"]
    assert len(stored(app, url)) == 2


def test_the_match_page_carries_what_the_queue_needs(
    client: FlaskClient, table: MatchClient
) -> None:
    url = table.start("auction", ["Ana", "Ben", "Cruz", "Dee"])
    html = client.get(url).get_data(as_text=True)
    assert f'data-page="{url}"' in html
    assert 'data-numbered="Hand {n}"' in html
    assert 'data-deals="{player} deals"' in html
    # The dealers of the hands after the next, as the deal passes (Ana deals the first).
    dealers = re.search(r"data-dealers='([^']*)'", html)
    assert dealers
    assert dealers.group(1).startswith('["Ben", "Cruz", "Dee", "Ana"')
    # Watching phones keep nothing: no queue, no offline note; only the note the service
    # worker shows on its copy, the one a scoring phone opens offline too (static/sw.js).
    other = MatchClient(client.application.test_client())
    page = other.client.get(url).get_data(as_text=True)
    assert 'id="queue"' not in page
    assert 'id="offline-note"' not in page
    assert '<p class="note" id="offline-copy" hidden>' in page


# --- The service worker and the manifest -----------------------------------------------------


def test_the_service_worker_covers_the_app_and_names_the_shell_by_its_hashes(
    client: FlaskClient, table: MatchClient
) -> None:
    url = table.start("pinochle-2")
    page = client.get(url).get_data(as_text=True)
    assert 'data-sw="/sw.js"' in page
    worker = client.get("/sw.js")
    assert worker.status_code == 200
    assert worker.mimetype == "text/javascript"
    assert "no-cache" in worker.headers["Cache-Control"]  # asked again on every visit
    text = worker.get_data(as_text=True)
    version = re.search(r'^var VERSION = "([0-9a-f]{12})";$', text, re.M)
    assert version
    shell = re.search(r"^var SHELL = (\[.*\]);$", text, re.M)
    assert shell
    # The very URLs the pages load (content hashes included): a release changes them, and so
    # the worker's bytes, and so phones take the new one.
    loaded = re.findall(r'(?:href|src)="(/static/[^"]+\?v=[0-9a-f]{12})"', page)
    # The match page's, and the tools pages' picker.js (the tools open offline too, issue 38).
    tools = client.get("/tools/pinochle-meld").get_data(as_text=True)
    loaded += re.findall(r'src="(/static/picker\.js\?v=[0-9a-f]{12})"', tools)
    assert set(json.loads(shell.group(1))) <= set(loaded)
    assert {u.split("?")[0] for u in json.loads(shell.group(1))} == {
        "/static/picker.js",
        "/static/app.css",
        "/static/keys.js",
        "/static/app.js",
        "/static/hand_form.js",
        "/static/queue_order.js",
        "/static/drafts.js",
        "/static/queue.js",
        "/static/queue_send.js",
        "/static/queue_kept.js",
        "/static/queue_page.js",
    }
    with client.application.app_context():
        source = "\n".join((STATIC / name).read_text(encoding="utf-8") for name in WORKER)
        assert version.group(1) == worker_version(source)
        assert worker_version(source + "\n") != version.group(1)
    # The engine's part (sw_engine.js) comes in the same script, after the names it uses.
    assert worker.get_data(as_text=True).index("function kept(") > 0
    # The same strict policy as every answer: no worker-src or manifest-src needed beyond
    # 'self' (both fall back to it).
    with client.application.app_context():
        policy = CONTENT_SECURITY_POLICY.format(style=" " + style_source())
    assert worker.headers["Content-Security-Policy"] == policy


def test_the_manifest_lets_a_phone_install_the_app(client: FlaskClient) -> None:
    page = client.get("/?lang=es").get_data(as_text=True)
    link = re.search(r'<link rel="manifest" href="([^"]+)">', page)
    assert link
    answer = client.get(link.group(1).replace("&amp;", "&"))
    assert answer.status_code == 200
    assert answer.mimetype == "application/manifest+json"
    manifest = json.loads(answer.get_data(as_text=True))
    assert manifest["lang"] == "es"
    assert manifest["name"] == "Anotador"
    assert manifest["start_url"] == "/"
    assert manifest["scope"] == "/"
    assert manifest["display"] == "standalone"
    assert manifest["theme_color"] == "#000000"
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        with client.get(icon["src"]) as image:
            assert image.status_code == 200
            assert image.mimetype == icon["type"]
            assert image.headers["Cache-Control"] == "public, max-age=31536000, immutable"
