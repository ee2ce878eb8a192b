"""Replays counted by the hands they replay (issue 37, point 1), beside the request limits of
:mod:`.rate_limits`, in the same store.

A preview or a correction costs what it replays: hand 1 of a 1,000-hand match is 1,000 hands
(about half a CPU-second), the next hand of any match one. So they are counted by their hands
(:func:`charge_replay`, the app's ``replay_charge`` hook that
:mod:`scorekeeper.service.replay_work` calls before each replay it counts), per address
(``RATELIMIT_REPLAY_HANDS``) and per match (``RATELIMIT_REPLAY_HANDS_MATCH``). The service's
:class:`~scorekeeper.service.Busy` (a budget spent: 429; every slot for a long replay taken:
503) is answered here, with ``Retry-After``: the app's error page, JSON under ``/api/``.
"""

from __future__ import annotations

import functools
import math
import threading
import time
from collections.abc import Callable
from typing import Any, TypeVar, cast

from flask import Flask, current_app, request
from limits import RateLimitItem
from limits.strategies import RateLimiter
from werkzeug.exceptions import ServiceUnavailable, TooManyRequests
from werkzeug.wrappers import Response

from ..extensions import TOO_MANY, client_address, limiter
from ..rules.core.text import N_
from ..service.outcomes import Busy
from .rate_limits import limit_items, store

#: A 503 of :class:`~scorekeeper.service.Busy`: this process runs all the long replays it may.
BUSY = N_("The server is busy: try again in a moment.")

View = TypeVar("View", bound=Callable[..., Any])
_spending = threading.Lock()
_Counts = list[tuple[list[RateLimitItem], tuple[str, ...]]]


def charge_replay(public_id: str, hands: int) -> None:
    """Count ``hands`` replayed for the match ``public_id`` against the budgets of hands per
    address and per match, before the replay. When a window of either is too short for them,
    it is spent to its end, nothing else is counted, and :class:`~scorekeeper.service.Busy`
    (429, ``Retry-After`` the window's end) is raised: the work is refused before it is done.
    ``hands == 0`` only asks whether a budget is spent already (before the match's hands are
    read). While the store does not answer, the hands are counted in the process (as
    :mod:`.rate_limits` counts the refusals)."""
    if not current_app.config.get("RATELIMIT_ENABLED", True) or not limiter.enabled:
        return
    prefix = str(current_app.config.get("RATELIMIT_KEY_PREFIX") or "")
    counts: _Counts = [
        (
            limit_items(str(current_app.config["RATELIMIT_REPLAY_HANDS"])),
            (prefix, "replay-hands-address", client_address()),
        ),
        (
            limit_items(str(current_app.config["RATELIMIT_REPLAY_HANDS_MATCH"])),
            (prefix, "replay-hands-match", public_id),
        ),
    ]
    strategy = store.strategy()
    try:
        with _spending:  # test and take as one in the process (many arrive at once)
            reset = _spend(strategy, counts, hands)
    except Exception as error:  # any failure of the store: count in the process
        if strategy is store.local:
            raise
        store.failed(error)
        with _spending:
            reset = _spend(store.local, counts, hands)
    if reset is not None:
        raise Busy(429, math.ceil(reset - time.time()), TOO_MANY)


def budgeted(view: View) -> View:
    """A route that previews or corrects a hand of the match of its ``public_id``: a write
    (POST, PUT) refused at once, 429 before the view reads anything, while the match's or the
    address's budget of hands is spent (a flood of them costs what a limit's 429 does)."""

    @functools.wraps(view)
    def checked(*args: Any, **kwargs: Any) -> Any:
        public_id = kwargs.get("public_id")
        if request.method not in ("GET", "HEAD") and isinstance(public_id, str):
            charge_replay(public_id, 0)
        return view(*args, **kwargs)

    return cast(View, checked)


def _spend(strategy: RateLimiter, counts: _Counts, cost: int) -> float | None:
    """Take ``cost`` from every window of ``counts`` if each has it (``0``: take nothing, see
    that each has some left); else spend the windows too short for it and give the time
    (epoch seconds) the latest of them ends."""
    short = [
        (item, keys)
        for items, keys in counts
        for item in items
        if not strategy.test(item, *keys, cost=max(1, cost))
    ]
    if short:
        # A window too short for this replay is spent for the rest of it: the next request
        # is refused before it reads the match's hands (:func:`budgeted`).
        for item, keys in short:
            strategy.hit(item, *keys, cost=item.amount)
        return max(strategy.get_window_stats(item, *keys).reset_time for item, keys in short)
    for items, keys in counts if cost else ():
        for item in items:
            strategy.hit(item, *keys, cost=cost)
    if strategy is not store.local:
        store.answered()
    return None


def busy_answer(error: Busy) -> Response:
    """The answer to work refused for now: 429 or 503, the app's error page (JSON under
    ``/api/``), with ``Retry-After``."""
    http = (
        TooManyRequests(description=TOO_MANY)
        if error.status == 429
        else ServiceUnavailable(description=BUSY)
    )
    response = current_app.make_response(current_app.handle_http_exception(http))
    response.headers["Retry-After"] = str(error.retry_after)
    response.headers["Cache-Control"] = "no-store"
    return response


def init_app(app: Flask) -> None:
    """Give the service its hook (``replay_charge``) and answer its :class:`Busy`."""
    app.extensions["replay_charge"] = charge_replay
    app.register_error_handler(Busy, busy_answer)
