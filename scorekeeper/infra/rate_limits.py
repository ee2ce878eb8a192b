"""Rate limits per client address (issue 13), with Flask-Limiter.

The numbers are settings (``RATELIMIT_*`` in :mod:`scorekeeper.config`, README
"Configuration", docs/api.md "Limits"): new matches (pages and API share one count), imports,
joins, and writes refused for their edit token (the application-wide limit of
:data:`scorekeeper.extensions.limiter`). A refused request is answered 429 with
``Retry-After``: JSON under ``/api/``, the error page elsewhere (the app's error handler).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Any, TypeVar, cast

from flask import Flask, current_app, request
from werkzeug.wrappers import Response

from ..extensions import TOO_MANY, limiter

View = TypeVar("View", bound=Callable[..., Any])
_READS = ("GET", "HEAD", "OPTIONS")


def _setting(name: str) -> Callable[[], str]:
    """The limit of setting ``name``, read at each request (a test may set small ones)."""
    return lambda: str(current_app.config[name])


#: POST of the new-match page and of ``POST /api/v1/matches``: one count for both.
new_matches = limiter.shared_limit(
    _setting("RATELIMIT_NEW_MATCHES"), scope="new-match", methods=["POST"], error_message=TOO_MANY
)
#: POST of the import page (each import replays a whole match).
imports = limiter.limit(_setting("RATELIMIT_IMPORTS"), methods=["POST"], error_message=TOO_MANY)
#: The views whose reads (GET, HEAD) are counted: the other limits count only writes.
_COUNTED_READS: set[Callable[..., Any]] = set()
_joins = limiter.limit(_setting("RATELIMIT_JOINS"), error_message=TOO_MANY)


def joins(view: View) -> View:
    """Every opening of a scorekeeper link, granted or refused."""
    limited = cast(View, _joins(view))
    _COUNTED_READS.add(limited)
    return limited


def init_app(app: Flask) -> None:
    """Bind the limiter to ``app`` and say ``Retry-After`` on its refusals."""
    limiter.init_app(app)
    app.after_request(_retry_after)


@limiter.request_filter
def _off() -> bool:
    # The limiter is one object for every app of the process and keeps the last app's
    # RATELIMIT_ENABLED; each app's own setting decides (the tests make many apps).
    if not current_app.config.get("RATELIMIT_ENABLED", True):
        return True
    # A read no limit counts skips the limiter's work: a fifth of a scoreboard poll's (issue 14).
    view = current_app.view_functions.get(request.endpoint or "")
    return request.method in _READS and view not in _COUNTED_READS


def _retry_after(response: Response) -> Response:
    """``Retry-After`` (whole seconds, at least 1) on a 429 of the limiter: when the limit that
    was met lets this address in again."""
    if response.status_code == 429 and limiter.enabled and not _off():
        limit = limiter.current_limit
        if limit is not None and limit.breached:
            reset = limit.window[0]  # when the window ends (reset_at adds a second)
            seconds = max(1, math.ceil(reset - time.time()))
            response.headers["Retry-After"] = str(seconds)
    return response
