"""Which language a request gets, first found wins (README, "Translations"):

1. ``?lang=<code>`` on any URL (a shared link); it is also remembered in the cookie;
2. the ``lang`` cookie, set by the language switch (``GET /lang/<code>``);
3. the browser's ``Accept-Language`` (the API's only way, in practice);
4. English.
"""

from __future__ import annotations

from flask import Response, current_app, request
from werkzeug.wrappers import Response as BaseResponse

#: The cookie that remembers the language chosen with the switch or a ``?lang=`` link.
COOKIE = "lang"
COOKIE_MAX_AGE = 60 * 60 * 24 * 365 * 2


def languages() -> tuple[str, ...]:
    """The languages the app speaks (``LANGUAGES``), English first."""
    return tuple(current_app.config.get("LANGUAGES", ("en",)))


def known(code: str | None) -> str | None:
    """``code`` (trimmed, lower case) if the app speaks it, else ``None``."""
    code = (code or "").strip().lower()
    return code if code in languages() else None


def select_locale() -> str:
    """The language of this request: ``?lang=``, the cookie, ``Accept-Language``, English.

    Each source is parsed only when the request has it: most API calls have none of the three,
    and parsing them anyway was a thirtieth of a hand POST with its full answer (issue 37)."""
    environ = request.environ
    return (
        (known(request.args.get("lang")) if environ.get("QUERY_STRING") else None)
        or (known(request.cookies.get(COOKIE)) if environ.get("HTTP_COOKIE") else None)
        or (
            request.accept_languages.best_match(languages())
            if environ.get("HTTP_ACCEPT_LANGUAGE")
            else None
        )
        or "en"
    )


def remember_query_language(response: Response) -> Response:
    """A ``?lang=`` link sets the cookie, so the pages that follow stay in that language.

    Every answer but a static file's may depend on the language, so caches are told so."""
    chosen = known(request.args.get("lang"))
    if chosen and request.cookies.get(COOKIE) != chosen:
        set_cookie(response, chosen)
    if request.endpoint == "static":
        return response  # the same file in every language (issue 26: cached as such)
    # Both names in one write of the header (each ``vary.add`` parses and writes it again).
    response.vary.update(("Accept-Language", "Cookie"))
    return response


def set_cookie(response: BaseResponse, code: str) -> None:
    """Remember ``code`` as the language of this browser."""
    response.set_cookie(
        COOKIE,
        code,
        max_age=COOKIE_MAX_AGE,
        httponly=True,
        samesite="Lax",
        # As the session cookie (scorekeeper.infra.security): Secure on every HTTPS request.
        secure=request.is_secure or bool(current_app.config.get("SESSION_COOKIE_SECURE")),
    )
