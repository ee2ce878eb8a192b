"""The phone's engine on the server (docs/phone.md): the worker script under its own
Content-Security-Policy, and the manifest of the engine built into ``static/engine/``.

Pyodide does not start under the pages' policy (``script-src 'self'``): compiling WebAssembly
needs ``'wasm-unsafe-eval'``. A dedicated worker runs under the policy its own script is served
with, so the worker's answer carries that one more source and the pages keep theirs.
``'unsafe-eval'`` is not needed.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from flask import Blueprint, Response, abort, current_app

from .engine_bundle import read_manifest, rules_build

bp = Blueprint("engine", __name__)

#: The worker's policy: what the pages allow, and WebAssembly.
WORKER_POLICY = (
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self'; "
    "object-src 'none'; base-uri 'none'"
)


def _static() -> Path:
    folder = current_app.static_folder
    assert folder is not None  # the app always has static/ (scorekeeper.create_app)
    return Path(folder)


def engine_manifest() -> dict[str, Any] | None:
    """The manifest of the engine in ``static/engine/`` when it is this server's build (its
    rules bundle made from the files this server runs); ``None`` otherwise: no engine is
    offered, and the app works as without one."""
    manifest = read_manifest(_static() / "engine")
    if manifest is None or manifest.get("build") != rules_build():
        return None
    return manifest


@bp.get("/engine/worker.js")
def worker() -> Response:
    """The engine's worker script, with the policy that lets it compile WebAssembly."""
    source = (_static() / "engine_worker.js").read_text(encoding="utf-8")
    response = current_app.response_class(source, mimetype="text/javascript")
    response.headers["Content-Security-Policy"] = WORKER_POLICY
    response.headers["Cache-Control"] = "no-cache"
    return response


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
