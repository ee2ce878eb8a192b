"""The phone's engine on the server (docs/phone.md): the worker script under its own
Content-Security-Policy, and the manifest of the engine built into ``static/engine/``.

Pyodide does not start under the pages' policy (``script-src 'self'``): compiling WebAssembly
needs ``'wasm-unsafe-eval'``. A dedicated worker runs under the policy its own script is served
with, so the worker's answer carries that one more source and the pages keep theirs.
``'unsafe-eval'`` is not needed.

A page offers the engine (docs/phone.md "Loading") only when the ``PHONE_ENGINE`` setting is
on and ``static/engine/`` holds this server's build: the match page of a phone that scores
carries the build's first 16 hex digits (``<main data-rules>``, :func:`offered_engine`), and
``/engine.js`` (``static/engine.js``), loaded after the page's ``load``, asks the service
worker to precache it, or over plain HTTP (no service worker) starts the worker at once, the
browser's HTTP cache keeping the engine's files (immutable, by their hashed names).
A phone whose engine answered otherwise than the server reports the pair
(``POST /engine/report``): the server's log gets a warning ``engine_difference``.
"""

from __future__ import annotations

import functools
import json
import logging
import mimetypes
from pathlib import Path
from typing import Any

from flask import Blueprint, Response, abort, current_app, request, send_file

from ..extensions import TOO_MANY, csrf, limiter
from ..rules.contract import bodies
from .assets import IMMUTABLE
from .engine_bundle import SUFFIXES, read_manifest, rules_build

bp = Blueprint("engine", __name__)

log = logging.getLogger("scorekeeper.engine")

#: The largest report a phone may send (bytes): the entry it sent and the two answers'
#: totals and notes, in JSON (a Pinnacola hand of cards is about 2 KB).
REPORT_BYTES = 16 * 1024
#: The keys of a report (docs/phone.md "Loading").
REPORT_KEYS = ("build", "match", "op", "phone", "server")

#: The worker's policy: what the pages allow, and WebAssembly.
WORKER_POLICY = (
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self'; "
    "object-src 'none'; base-uri 'none'"
)


def _static() -> Path:
    folder = current_app.static_folder
    assert folder is not None  # the app always has static/ (scorekeeper.create_app)
    return Path(folder)


@functools.lru_cache(maxsize=4)
def _manifest_at(folder: str, mtime_ns: int) -> dict[str, Any] | None:
    # Read again only when the file changed (a page asks at every view).
    return read_manifest(Path(folder))


def engine_manifest() -> dict[str, Any] | None:
    """The manifest of the engine in ``static/engine/`` when it is this server's build (its
    rules bundle made from the files this server runs); ``None`` otherwise: no engine is
    offered, and the app works as without one."""
    folder = _static() / "engine"
    try:
        mtime_ns = (folder / "manifest.json").stat().st_mtime_ns
    except OSError:
        return None
    manifest = _manifest_at(str(folder), mtime_ns)
    if manifest is None or manifest.get("build") != rules_build():
        return None
    return manifest


def offered_engine() -> str | None:
    """The first 16 hex digits of the engine's build when pages offer the engine (the
    ``PHONE_ENGINE`` setting is on and this server has its engine), else ``None``. The match
    page of a phone that scores carries it as ``<main data-rules>``: the name of the phone's
    engine cache (``sk-engine-<these 16>``, static/sw.js)."""
    if not current_app.config.get("PHONE_ENGINE"):
        return None
    manifest = engine_manifest()
    return None if manifest is None else str(manifest["build"])[:16]


@bp.get("/engine/worker.js")
def worker() -> Response:
    """The engine's worker script, with the policy that lets it compile WebAssembly."""
    source = (_static() / "engine_worker.js").read_text(encoding="utf-8")
    response = current_app.response_class(source, mimetype="text/javascript")
    response.headers["Content-Security-Policy"] = WORKER_POLICY
    response.headers["Cache-Control"] = "no-cache"
    return response


#: The files of ``/engine.js``, in order: the engine's loader, then what notices an upgrade of
#: the server with the page open (docs/phone.md "An upgrade with an open tab").
LOADER = ("engine.js", "rules_upgrade.js")


@bp.get("/engine.js")
def loader() -> Response:
    """``static/engine.js`` and ``static/rules_upgrade.js`` (:data:`LOADER`), which app.js
    appends after the page's load on a page that offers the engine: at the app's root (next to
    ``/sw.js``) so that its address costs the page no byte; revalidated at each use
    (``no-cache``, a conditional answer), as the service worker keeps it for offline use."""
    return _script(*LOADER)


#: The files of ``/engine/counted.js``, in order: its pure parts, then the page's part, then a
#: match that a waiting hand ends (issue 38 point 5). One answer, as the service worker keeps it
#: (sw.js SCRIPTS).
COUNTED = ("counted_core.js", "counted.js", "match_end.js")


@bp.get("/engine/counted.js")
def counted() -> Response:
    """``static/counted_core.js``, ``static/counted.js`` and ``static/match_end.js``, which
    engine.js appends when the engine starts: the hands waiting on the page counted by the
    engine (docs/phone.md "Offline, hand by hand", "A match that ends offline"); served and kept
    as ``/engine.js`` is."""
    return _script(*COUNTED)


def _script(*names: str) -> Response:
    # Read whole, not streamed from the file: a page left while it comes leaves no file open.
    source = b"\n".join((_static() / name).read_bytes() for name in names)
    response = current_app.response_class(source, mimetype="text/javascript")
    response.headers["Cache-Control"] = "no-cache"
    response.add_etag()
    response.make_conditional(request)
    return response


@bp.get("/static/engine/<path:name>")
def engine_file(name: str) -> Response:
    """A file of the engine (``static/engine/``, its names in the manifest), sent as its
    compressed copy that the phone accepts (Brotli, else gzip; ``engine_bundle.compressed``):
    3.5 MB instead of 13 MB, compressed once when built, never at request time. The names are
    versioned (``pyodide-<version>/``, ``rules-<build>.zip``): cached for a year."""
    found = engine_manifest()
    if found is None or name not in found["files"]:
        abort(404)
    folder = _static() / "engine"
    accepted = request.accept_encodings
    for encoding, suffix in SUFFIXES.items():
        copy = folder / (name + suffix)
        if accepted[encoding] and copy.exists():
            response = send_file(copy, mimetype=_mimetype(name), conditional=False)
            response.headers["Content-Encoding"] = encoding
            break
    else:
        response = send_file(folder / name, mimetype=_mimetype(name), conditional=False)
    response.headers["Cache-Control"] = IMMUTABLE
    response.vary.add("Accept-Encoding")
    return response


def _mimetype(name: str) -> str:
    return mimetypes.guess_type(name)[0] or "application/octet-stream"


@bp.get("/engine/manifest.json")
def manifest() -> Response:
    """The engine's files with their sizes and SHA-256 (404 when this server has no engine of
    its own build)."""
    found = engine_manifest()
    if found is None:
        abort(404)
    response = current_app.response_class(
        json.dumps(found, sort_keys=True), mimetype="application/json"
    )
    response.headers["Cache-Control"] = "no-cache"
    return response


def _report_limit() -> str:
    return str(current_app.config.get("RATELIMIT_ENGINE_REPORTS") or "30 per minute")


def _same_origin() -> bool:
    """Whether the report comes from one of this server's own pages: a browser says where a
    POST comes from (``Sec-Fetch-Site``, else ``Origin``); a client that says neither is no
    page that another site could make post (a script of the phone's tests, ``curl``)."""
    site = request.headers.get("Sec-Fetch-Site")
    if site is not None:
        return site in ("same-origin", "none")
    origin = request.headers.get("Origin")
    return origin is None or origin == request.host_url.rstrip("/")


@bp.post("/engine/report")
@csrf.exempt  # JSON from this origin only (below): no form of another site can post one
@limiter.limit(_report_limit, error_message=TOO_MANY)  # its own limit, apart from writes
def report() -> Response:
    """A phone's engine answered otherwise than the server (docs/phone.md "Loading"): JSON
    ``{build, match, op, phone, server}`` (the engine's build, the match's id, the operation,
    the phone's answer and the server's). Logged as a warning ``engine_difference``: every one
    of this server's build is a bug; one of another build (the server's rules were upgraded
    since the phone loaded its engine) is expected, logged ``engine_difference_other_build`` at
    info. 204; 415 for a body that is not ``application/json`` (a cross-site form's
    ``text/plain``), 403 from another site's page, 400 for a body that is not such an object
    (nested deeper than ``bodies.MAX_DEPTH`` included), 413 over :data:`REPORT_BYTES`."""
    if request.mimetype != "application/json":
        abort(415)
    if not _same_origin():
        abort(403)
    if (request.content_length or 0) > REPORT_BYTES:
        abort(413)
    data = request.get_data(cache=False)
    if len(data) > REPORT_BYTES:
        abort(413)
    try:
        body = bodies.parse_json(data)
    except bodies.NotJson:
        abort(400)
    if not isinstance(body, dict) or set(body) - set(REPORT_KEYS):
        abort(400)
    if not isinstance(body.get("build", ""), str) or not isinstance(body.get("match", ""), str):
        abort(400)
    server_build = rules_build()
    expected = bool(body.get("build")) and body.get("build") != server_build
    event = "engine_difference_other_build" if expected else "engine_difference"
    fields: dict[str, Any] = {"event": event, "server_build": server_build}
    fields |= {key: body.get(key) for key in REPORT_KEYS}
    log.log(logging.INFO if expected else logging.WARNING, event, extra={"fields": fields})
    return current_app.response_class(status=204)
