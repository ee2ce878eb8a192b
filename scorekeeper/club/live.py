"""The room's pages follow the night as it moves (docs/club.md §9.7, §12; docs/api.md "Club
nights"): ``GET /cr/<read_id>/events``, a stream of server-sent events that says the night's
ETag each time it changes, and the cheap ETag check of the pages a phone reloads.

One stream is one of gunicorn's threads (``gunicorn.conf.py``: gthread, 128 a worker) held for
as long as it lasts, so the streams are bounded: at most ``CLUB_LIVE_STREAMS`` a process (more
get a 503, and the page's script polls the standings with ``If-None-Match`` instead), and each
ends after ``CLUB_LIVE_SECONDS`` (the browser's ``EventSource`` connects again by itself after
``retry``). The streams never ask the database themselves: one watcher thread a process asks
the ETag of each night somebody follows (one aggregate SELECT, §9.7) every
``CLUB_LIVE_EVERY`` seconds and wakes the streams of the nights that changed. A hand saved in
another worker is seen as soon as in this one, and twenty phones on a night cost what one does.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

from flask import Flask, Response, current_app, request, session
from flask_babel import get_locale

from .. import service
from ..service.club.common import night_to_read
from ..service.club.reading import night_etag
from . import bp
from .lookups import night_to_read_or_404

LOG = logging.getLogger(__name__)

#: Streams one process serves at once (of gunicorn's 128 threads a worker: the pages keep the rest).
STREAMS = 48
#: How long a stream lasts before the browser connects again (it does so by itself).
SECONDS = 300.0
#: How often the watcher asks each followed night's ETag (seconds): a Save is on the TV well
#: within 2 s (issue 35).
EVERY = 0.5
#: A comment line this often keeps proxies and phones from dropping a quiet stream.
KEEPALIVE = 15.0
#: What the browser waits before it connects again after a stream ended (ms).
RETRY_MS = 2000


def _serving() -> bool:
    return True


#: Whether this process still serves; gunicorn.conf.py's ``post_worker_init`` makes it the
#: worker's ``alive`` (False once the worker was told to stop).
serving: Callable[[], bool] = _serving


class Full(Exception):
    """Every stream this process may hold is taken."""


class Hub:
    """The streams of one app in this process and the watcher thread they share.

    Each stream is a ticket with a deadline (its length and a margin): a stream whose answer
    the server never closed (a client that went away before the first byte, a test that
    dropped it) stops counting at its deadline, so neither the bound nor the watcher is held
    by it for ever."""

    def __init__(self, app: Flask, limit: int, every: float) -> None:
        self.app = app
        self.limit = limit
        self.every = every
        self._changed = threading.Condition()
        self._tickets: dict[int, tuple[str, float]] = {}  # ticket -> (night, deadline)
        self._next = 0
        self._etags: dict[str, str] = {}  # the followed nights' ETags, as last seen
        self._thread: threading.Thread | None = None
        self._failing = False  # the last look failed (its warning said once)

    @property
    def streams(self) -> int:
        """The streams open now."""
        with self._changed:
            self._prune()
            return len(self._tickets)

    def open(self, read_id: str, etag: str, seconds: float) -> int:
        """Count one more stream on the night for ``seconds`` (:class:`Full` when none is
        left), make sure the watcher runs; the stream's ticket."""
        with self._changed:
            self._prune()
            if len(self._tickets) >= self.limit:
                raise Full
            self._next += 1
            self._tickets[self._next] = (read_id, time.monotonic() + seconds + KEEPALIVE)
            self._etags.setdefault(read_id, etag)
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._watch, name="club-live", daemon=True)
                self._thread.start()
            return self._next

    def close(self, ticket: int) -> None:
        """The stream of ``ticket`` ended (once or more: the same)."""
        with self._changed:
            self._tickets.pop(ticket, None)
            self._prune()

    def wait(self, read_id: str, etag: str, timeout: float) -> str:
        """The night's ETag once it is not ``etag``, or ``etag`` after ``timeout`` seconds."""
        with self._changed:
            self._changed.wait_for(lambda: self._etags.get(read_id) not in (None, etag), timeout)
            return self._etags.get(read_id) or etag

    def _prune(self) -> None:
        """Forget the tickets past their deadline and the nights nobody follows (the lock held)."""
        now = time.monotonic()
        for ticket, (_, deadline) in list(self._tickets.items()):
            if deadline < now:
                del self._tickets[ticket]
        followed = {read_id for read_id, _ in self._tickets.values()}
        for read_id in list(self._etags):
            if read_id not in followed:
                del self._etags[read_id]

    def _watch(self) -> None:
        """The watcher: every ``every`` seconds, the ETag of each night followed; it ends when
        no stream is left (the next stream starts it again)."""
        while True:
            with self._changed:
                self._prune()
                wanted = list(self._etags)
                if not wanted:
                    self._thread = None
                    return
            seen = self.look(wanted)
            with self._changed:
                moved = False
                for read_id, etag in seen.items():
                    if read_id in self._etags and etag != self._etags[read_id]:
                        self._etags[read_id] = etag
                        moved = True
                if moved:
                    self._changed.notify_all()
            time.sleep(self.every)

    def look(self, wanted: list[str]) -> dict[str, str]:
        """The nights' ETags now, each in a fresh session (what another worker wrote is seen).

        Called from the service's modules themselves, not through the package's names: this
        thread is no request's, and what a request's test puts in place of those names must
        not see it (tests/web/test_service_refusals_are_4xx.py)."""
        seen: dict[str, str] = {}
        try:
            with self.app.app_context():
                for read_id in wanted:
                    try:
                        seen[read_id] = night_etag(night_to_read(read_id))
                    except service.NotFound:
                        continue
        except Exception:  # the database away for a moment: the streams wait, the next look tries
            # Said once an outage (twice a second for as long as it lasts would drown the log).
            if not self._failing:
                LOG.warning("club live: the nights' versions could not be read", exc_info=True)
            self._failing = True
            return seen
        if self._failing:
            LOG.info("club live: the nights' versions are read again")
        self._failing = False
        return seen


def hub() -> Hub:
    """This app's hub (made at its first stream)."""
    app = current_app._get_current_object()  # type: ignore[attr-defined]
    found: Hub | None = app.extensions.get("club_live")
    if found is None:
        found = Hub(app, STREAMS, EVERY)
        app.extensions["club_live"] = found
    # (Read each time: the configuration may change while the app runs, as the tests do.)
    found.limit = int(app.config.get("CLUB_LIVE_STREAMS", STREAMS))
    found.every = float(app.config.get("CLUB_LIVE_EVERY", EVERY))
    return found


def bare(etag: str) -> str:
    """An ETag without its ``W/`` and quotes (``W/"6.41.8"`` -> ``6.41.8``)."""
    return etag.strip().removeprefix("W/").strip('"')


def event(etag: str) -> str:
    """One ``night`` event: its data (and id) is the night's ETag, bare (``6.41.8``)."""
    return f"event: night\nid: {bare(etag)}\ndata: {bare(etag)}\n\n"


def stream(live: Hub, read_id: str, etag: str, seconds: float, keepalive: float) -> Iterator[str]:
    """The events of one stream: the ETag now, then each new one, a comment when quiet, and
    ``bye`` at the end (the browser connects again after ``retry``). A phone that went away
    is seen at the next write (the keep-alive's at the latest): the server closes the stream."""
    yield f"retry: {RETRY_MS}\n\n"
    yield event(etag)
    end = time.monotonic() + seconds
    said = time.monotonic()
    # Looked at each second: a server that stops (gunicorn's graceful stop) ends its streams
    # at once instead of waiting out its grace period on them.
    while (left := end - time.monotonic()) > 0 and serving():
        now = live.wait(read_id, etag, min(1.0, keepalive, left))
        if now != etag:
            etag = now
            yield event(etag)
            said = time.monotonic()
        elif time.monotonic() - said >= keepalive:
            yield ": still here\n\n"
            said = time.monotonic()
    yield "event: bye\ndata: \n\n"


@bp.get("/cr/<read_id>/events")
def events(read_id: str) -> Response:
    """The night's ETag as server-sent events (``text/event-stream``), bounded and ending
    after a while; a 503 with ``Retry-After`` when this process holds all it may."""
    night = night_to_read_or_404(read_id)
    etag = service.night_etag(night)
    live = hub()
    seconds = float(current_app.config.get("CLUB_LIVE_SECONDS", SECONDS))
    try:
        ticket = live.open(night.read_id, etag, seconds)
    except Full:
        busy = Response("busy\n", 503, mimetype="text/plain")
        busy.headers["Retry-After"] = "30"
        busy.headers["Cache-Control"] = "no-store"
        return busy
    keepalive = float(current_app.config.get("CLUB_LIVE_KEEPALIVE", KEEPALIVE))
    response = Response(
        stream(live, night.read_id, etag, seconds, keepalive), mimetype="text/event-stream"
    )
    # The server closes every answer once (PEP 3333), even one never sent: the count follows.
    response.call_on_close(lambda: live.close(ticket))
    response.headers["Cache-Control"] = "no-store"
    # A proxy (nginx) must pass each event on at once, not buffer the answer.
    response.headers["X-Accel-Buffering"] = "no"
    return response


# --- The pages' own ETag ---------------------------------------------------------------------


def page_etag(etag: str, *parts: object) -> str:
    """A page's ETag: the night's (``W/"6.41.8"``), what else the page depends on (the page,
    the number, whether this phone holds the key) and the language."""
    said = ".".join(str(p) for p in (*parts, get_locale()))
    return f"{bare(etag)}.{said}"


def not_modified(etag: str, headers: dict[str, str]) -> Response | None:
    """A 304 when the phone already shows this page as it stands (``If-None-Match``), else
    None. Never while a message waits to be shown (it is in the page, once)."""
    if session.get("_flashes") or not request.if_none_match.contains_weak(etag):
        return None
    response = Response(status=304)
    return with_etag(response, etag, headers)


def with_etag(response: Response, etag: str, headers: dict[str, str]) -> Response:
    """``response`` with the page's weak ETag and ``headers`` (its Cache-Control, Refresh)."""
    response.set_etag(etag, weak=True)
    for name, value in headers.items():
        response.headers[name] = value
    return response


def live_urls(read_id: str) -> dict[str, Any]:
    """The addresses a page's script follows the night by (static/club_live.js)."""
    root = request.script_root
    return {
        "events": f"{root}/cr/{read_id}/events",
        "poll": f"{root}/api/v1/club-nights/{read_id}/standings",
    }
