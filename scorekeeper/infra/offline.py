"""The app on a phone's home screen and without signal (issue 16): the web app manifest and the
service worker.

The worker is served from the app's root (``/sw.js``) so that its scope covers every match
page; its text is ``static/sw.js`` with, before it, the URLs of the app shell under their
content hashes (:mod:`.assets`) and a version made of those hashes: a release that
changes any of them changes the worker's bytes, so phones install the new one and drop the
old shell. Both answers are revalidated on every visit (``no-cache``); they are small.

The worker never stores an answer sent ``Cache-Control: no-store`` (issue 25): the page of a
phone that scores (its hand form, its CSRF token) is kept as the read-only link shows it,
asked for without cookies, so a shared phone whose cookies were cleared shows nobody a scoring
page offline (README, "No signal"; ``tests/browser/test_offline.py``).

Service workers need HTTPS or ``localhost``: on a plain-HTTP kitchen-table server the browser
does not register one, and the drafts and the entry queue (static/drafts.js, static/queue*.js)
still work while the page stays open.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from flask import Blueprint, Response, current_app, url_for
from flask_babel import get_locale
from flask_babel import gettext as _

from ..web.contract import SCORER_COOKIE
from .assets import version_of

bp = Blueprint("offline", __name__)

#: The static files every page needs: the worker keeps them for the pages it keeps. The
#: scripts in the order templates/base.html loads them (each uses those before it:
#: tests/web/test_static_scripts.py checks the two agree).
SHELL = (
    "app.css",
    "keys.js",
    "app.js",
    "hand_form.js",
    "queue_order.js",
    "drafts.js",
    "queue.js",
    "queue_send.js",
    "queue_kept.js",
    "queue_page.js",
)
#: The tools pages' script (templates/tools/), kept with the shell: the tools open offline too.
TOOLS = ("picker.js",)

#: The icons of the installed app (``static/``; ``scripts/icons.py`` draws the PNGs from the SVG).
ICONS = (
    ("icon.svg", "any", "image/svg+xml"),
    ("icon-192.png", "192x192", "image/png"),
    ("icon-512.png", "512x512", "image/png"),
)

#: The colour of the app's bar (static/app.css ``--inv-bg``), for the phone's own bar.
THEME_COLOR = "#000000"
BACKGROUND_COLOR = "#ffffff"


#: The service worker's files, in order, served as one script: the shell and pages, then the
#: engine's caches (static/sw_engine.js uses the names sw.js defines).
WORKER = ("sw.js", "sw_engine.js")


def _worker_source() -> str:
    folder = current_app.static_folder
    assert folder is not None  # the app always has static/ (scorekeeper.create_app)
    return "\n".join(Path(folder, name).read_text(encoding="utf-8") for name in WORKER)


def worker_version(source: str) -> str:
    """The worker's version: the hash of its own text and of the shell's content hashes."""
    digest = hashlib.sha256(source.encode("utf-8"))
    for name in SHELL + TOOLS:
        digest.update(f"{name}={version_of(name)};".encode())
    return digest.hexdigest()[:12]


@bp.get("/sw.js")
def service_worker() -> Response:
    """The service worker, its scope the whole app."""
    source = _worker_source()
    head = (
        f"var VERSION = {json.dumps(worker_version(source))};\n"
        f"var SHELL = {json.dumps([url_for('static', filename=name) for name in SHELL + TOOLS])};\n"
        f"var ROOT = {json.dumps(url_for('main.index'))};\n"
        f"var SCORER = {json.dumps(SCORER_COOKIE)};\n"
    )
    response = current_app.response_class(head + source, mimetype="text/javascript")
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.get("/manifest.webmanifest")
def manifest() -> Response:
    """The web app manifest: what a phone needs to add the app to its home screen."""
    body = {
        "name": _("Scorekeeper"),
        "short_name": _("Scorekeeper"),
        "description": _("Keeps the score of pinochle and Pinnacola at your table."),
        "lang": str(get_locale() or "en"),
        "start_url": url_for("main.index"),
        "scope": url_for("main.index"),
        "display": "standalone",
        "background_color": BACKGROUND_COLOR,
        "theme_color": THEME_COLOR,
        "icons": [
            {"src": url_for("static", filename=name), "sizes": sizes, "type": kind}
            for name, sizes, kind in ICONS
        ]
        + [
            {
                "src": url_for("static", filename="icon-512.png"),
                "sizes": "512x512",
                "type": "image/png",
                "purpose": "maskable",
            }
        ],
    }
    response = current_app.response_class(
        json.dumps(body, ensure_ascii=False), mimetype="application/manifest+json"
    )
    response.headers["Cache-Control"] = "no-cache"
    return response
