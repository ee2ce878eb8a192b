"""The language switch's route: it remembers the choice and goes back to the page it was used
on (never to another site). Its links on every page are :mod:`.links`'."""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import Blueprint, current_app, redirect, request
from werkzeug.exceptions import HTTPException
from werkzeug.routing import RequestRedirect
from werkzeug.wrappers import Response as BaseResponse

from .selection import known, set_cookie

bp = Blueprint("i18n", __name__)


def safe_next(target: str | None) -> str:
    """``target`` if it is a path of this site, else the home page (no open redirect)."""
    target = (target or "").strip()
    parts = urlsplit(target)
    if (
        not target.startswith("/")
        or target.startswith(("//", "/\\"))
        or "\\" in target
        or any(ch.isspace() or ord(ch) < 32 or ord(ch) == 127 for ch in target)  # "/\t/x"
        or parts.scheme
        or parts.netloc
    ):
        return "/"
    return target


@bp.get("/lang/<code>")
def switch(code: str) -> BaseResponse:
    """The language switch: remember ``code`` in the cookie and go back to ``?next=``."""
    response = redirect(_page_of(safe_next(request.args.get("next"))), code=303)
    chosen = known(code)
    if chosen:
        set_cookie(response, chosen)
    return response


def _page_of(target: str) -> str:
    """The nearest page (a URL that answers GET) at or above ``target``: a form shown again
    after a refusal has the URL it was posted to (``/m/<id>/hands``), which a link cannot open."""
    adapter = current_app.url_map.bind("")
    parts = urlsplit(target)
    path = parts.path
    while path not in ("", "/"):
        try:
            adapter.match(path, method="GET")
        except RequestRedirect:
            return target
        except HTTPException:
            path = path.rsplit("/", 1)[0]
            continue
        return target if path == parts.path else path
    return "/"
