"""What the phone downloads, made cheap on a slow network (issue 14):

- static files under content-hash URLs (``/static/app.css?v=<hash>``, made by every
  ``url_for("static", ...)``), answered with ``Cache-Control: public, max-age=31536000,
  immutable``: a phone asks for them once per release, never again on each view (before, every
  view revalidated the CSS and JS, two round trips that blocked the first paint); a request
  without the current hash is answered ``no-cache`` (an old page after a release gets the new
  file and asks again next time);
- pages, JSON, CSS and JS compressed (Brotli or gzip, as the browser accepts) by Flask-Compress;
  the scripts sent without their comment lines (:func:`without_comment_lines`);
- on a phone's first view the style sheet comes inside the page (:func:`inline_css`): a cold
  page then paints after one round trip for the page instead of two (the page, then the CSS it
  needs before painting), about half a second at the issue's 400 ms round trips. The page
  also links the file for ``media="print"``, which a browser fetches without waiting for it
  (a ``rel=prefetch`` was not reused by Chromium's next page), into its cache for a year; the
  file's answer sets a ``css`` cookie holding its hash, and every view after that links it for
  the screen: the 4.5 KB travel once, not with every page. The Content-Security-Policy allows
  exactly that sheet's text by its SHA-256 (:func:`style_source`), no other inline style.
"""

from __future__ import annotations

import base64
import functools
import hashlib
import re
import time
from pathlib import Path
from typing import Any

from flask import Flask, Response, current_app, request
from flask_compress import Compress
from markupsafe import Markup

#: A year: what "never again" means to a cache.
IMMUTABLE = "public, max-age=31536000, immutable"

compress = Compress()

#: The style sheet every page needs before it can paint, and the cookie that says this phone
#: has it cached (its value: the sheet's content hash).
STYLE_SHEET = "app.css"
CSS_COOKIE = "css"


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


@functools.lru_cache(maxsize=4)
def _style_text(path: str, mtime_ns: int, size: int) -> tuple[str, str]:
    """The sheet's text and its CSP source (``'sha256-<base64>'`` of the UTF-8 bytes)."""
    data = Path(path).read_bytes()
    digest = base64.b64encode(hashlib.sha256(data).digest()).decode("ascii")
    return data.decode("utf-8"), f"'sha256-{digest}'"


#: How long the sheet's state (its text and hash, by its size and time) is taken as known
#: before the file is looked at again: every answer's CSP names the sheet, and a ``stat`` of
#: it at each request was 2 % of a hand POST's CPU (issue 37). An edited sheet is seen within
#: this many seconds.
STYLE_RECHECK = 1.0
_seen_style: dict[str, tuple[float, tuple[str, str] | None]] = {}


def _style() -> tuple[str, str] | None:
    folder = current_app.static_folder
    if folder is None:
        return None
    path = Path(folder, STYLE_SHEET)
    now = time.monotonic()
    known = _seen_style.get(str(path))
    if known is not None and now - known[0] < STYLE_RECHECK:
        return known[1]
    try:
        stat = path.stat()
    except OSError:
        found = None
    else:
        found = _style_text(str(path), stat.st_mtime_ns, stat.st_size)
    _seen_style[str(path)] = (now, found)
    return found


def style_source() -> str:
    """The CSP ``style-src`` source that allows the inline copy of the sheet, or ``""``."""
    style = _style()
    return style[1] if style else ""


def inline_css() -> Markup | None:
    """The sheet's text to put inside the page when this phone has not got the current sheet
    cached (no ``css`` cookie with its hash), else ``None`` (the page links the file). The
    text is the app's own file, not user input; the CSP admits exactly it."""
    style = _style()
    if style is None or request.cookies.get(CSS_COOKIE) == version_of(STYLE_SHEET):
        return None
    return Markup(style[0])


def _add_version(endpoint: str, values: dict[str, Any]) -> None:
    if endpoint == "static" and "v" not in values and "filename" in values:
        version = version_of(str(values["filename"]))
        if version is not None:
            values["v"] = version


#: A comment after a line's code: two spaces or more after a ``;``, ``{``, ``}``, ``)`` or
#: ``,``, in a line whose code has no slash (a URL, a regular expression) and no backtick.
_TRAILING = re.compile(rb"^(?P<code>[^/`]*[;{}),])[ \t]{2,}//( .*)?$")


def _code_of(line: bytes) -> bytes:
    """``line`` without a comment after its code, when nothing in the code could hold ``//``:
    its quotes paired (a string that ran into the comment would not be); else as it is."""
    found = _TRAILING.match(line)
    if found is None:
        return line
    code = found.group("code")
    return line if code.count(b'"') % 2 or code.count(b"'") % 2 else code


@functools.lru_cache(maxsize=64)
def without_comment_lines(source: bytes) -> bytes:
    """A script as the phone gets it: every line that is only a comment left empty (the line
    numbers stay the file's, for an error's stack), a comment after a line's code dropped
    where that is certain to be one (:func:`_code_of`). The scripts are small modules, each
    one concern (issue 36): gzipped one by one they lose the words they shared in one file,
    and their comments, which say why, would cost the page its weight budget (30 KB gzipped).
    The scripts have no multi-line string in which a comment could start. Kept per script's
    text (each page's request of a script would otherwise strip it again).

    >>> without_comment_lines(b'// why\\n  // more\\nvar a = 1;  // gone\\nvar u = "a//b";\\n')
    b'\\n\\nvar a = 1;\\nvar u = "a//b";\\n'
    """
    lines = source.split(b"\n")
    return b"\n".join(b"" if line.lstrip().startswith(b"//") else _code_of(line) for line in lines)


def _cache_static(response: Response) -> Response:
    if request.endpoint != "static" or response.status_code != 200:
        return response
    # Read the file now (it is small): Flask-Compress replaces a file answer's body without
    # closing the file; read this way, werkzeug closes it with the answer.
    response.direct_passthrough = False
    response.make_sequence()
    filename = (request.view_args or {}).get("filename", "")
    if str(filename).endswith(".js"):
        response.set_data(without_comment_lines(response.get_data()))
    current = version_of(str(filename))
    if current is not None and request.args.get("v") == current:
        response.headers["Cache-Control"] = IMMUTABLE
        if filename == STYLE_SHEET:
            # Set by the sheet's own answer: the cookie says "cached" exactly when it is. It
            # holds no secret (the sheet's hash), so a shared cache replaying it does no harm.
            response.set_cookie(
                CSS_COOKIE,
                current,
                max_age=31536000,
                secure=request.is_secure,
                httponly=True,
                samesite="Lax",
            )
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
