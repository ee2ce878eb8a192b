"""What the phone downloads, made cheap on a slow network (issue 14):

- static files under content-hash URLs (``/static/app.css?v=<hash>``, made by every
  ``url_for("static", ...)``), answered with ``Cache-Control: public, max-age=31536000,
  immutable``: a phone asks for them once per release, never again on each view (before, every
  view revalidated the CSS and JS, two round trips that blocked the first paint); a request
  without the current hash is answered ``no-cache`` (an old page after a release gets the new
  file and asks again next time);
- pages, JSON, CSS and JS compressed (Brotli or gzip, as the browser accepts) by Flask-Compress.
"""

from __future__ import annotations

import functools
import hashlib
from pathlib import Path
from typing import Any

from flask import Flask, Response, current_app, request
from flask_compress import Compress

#: A year: what "never again" means to a cache.
IMMUTABLE = "public, max-age=31536000, immutable"

compress = Compress()


@functools.lru_cache(maxsize=256)
def _digest(path: str, mtime_ns: int, size: int) -> str:
    """The first 12 hex digits of the file's SHA-256 (read again only when it changed)."""
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()[:12]


def version_of(filename: str) -> str | None:
    """The content hash of a static file, or ``None`` when there is no such file."""
    folder = current_app.static_folder
    if folder is None:
        return None
    path = Path(folder, filename)
    try:
        stat = path.stat()
    except (OSError, ValueError):
        return None
    if not path.is_file():
        return None
    return _digest(str(path), stat.st_mtime_ns, stat.st_size)


def _add_version(endpoint: str, values: dict[str, Any]) -> None:
    if endpoint == "static" and "v" not in values and "filename" in values:
        version = version_of(str(values["filename"]))
        if version is not None:
            values["v"] = version


def _cache_static(response: Response) -> Response:
    if request.endpoint != "static" or response.status_code != 200:
        return response
    # Read the file now (it is small): Flask-Compress replaces a file answer's body without
    # closing the file; read this way, werkzeug closes it with the answer.
    response.direct_passthrough = False
    response.make_sequence()
    filename = (request.view_args or {}).get("filename", "")
    current = version_of(str(filename))
    if current is not None and request.args.get("v") == current:
        response.headers["Cache-Control"] = IMMUTABLE
    else:
        response.headers["Cache-Control"] = "no-cache"
    return response


def init_app(app: Flask) -> None:
    """Version the static URLs, cache them for a year, compress what is sent."""
    app.config.setdefault(
        "COMPRESS_MIMETYPES",
        ["text/html", "application/json", "text/css", "text/javascript", "image/svg+xml"],
    )
    # The ETags are the app's own (a match's version): compression must not replace them.
    app.config.setdefault("COMPRESS_EVALUATE_CONDITIONAL_REQUEST", False)
    app.config.setdefault("COMPRESS_ALGORITHM", ["br", "gzip"])
    compress.init_app(app)
    app.url_defaults(_add_version)
    app.after_request(_cache_static)
