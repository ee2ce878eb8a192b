"""What the app says about itself while it serves (docs/hosting.md, "Logs").

- One JSON line per request on stderr, through the logging module (logger
  ``scorekeeper.request``): method, path, status, duration in milliseconds and request id. The
  path is the URL's path only: a query string is never logged, since a scorekeeper link carries
  its secret there (``/m/<id>/join?code=...``); headers (``Authorization``) are never logged.
- One JSON line per unhandled error: Flask reports it to the app's logger (``scorekeeper``),
  whose lines carry the request's method, path and id, and the traceback as one field.
- ``X-Request-ID`` on every answer: the request's own when it sent a sane one (a proxy's), else
  a new one; the log lines of that request carry it, so a user's report finds its lines.

The request line is written by a WSGI middleware around the whole app, so that it also covers
what never reaches a view (a 429 of the rate limits, a 404, a 500) and times the whole of the
app's work. :class:`JsonFormatter` also formats gunicorn's own lines (``gunicorn.conf.py``):
stderr holds JSON only.
"""

from __future__ import annotations

import json
import logging
import re
import sys
import time
import uuid
from collections.abc import Callable, Iterable
from datetime import UTC, datetime
from types import TracebackType
from typing import TYPE_CHECKING, Any

from flask import Flask, has_request_context, request

if TYPE_CHECKING:
    from _typeshed.wsgi import StartResponse, WSGIApplication, WSGIEnvironment

#: The header that carries the request id, both ways.
REQUEST_ID_HEADER = "X-Request-ID"
#: Where the middleware leaves the request id for the app (``request.environ``).
ENVIRON_KEY = "scorekeeper.request_id"
#: An incoming id is kept only when it looks like an id (a proxy's UUID or hex string): a
#: bounded length of plain characters, nothing a log reader or a header could trip on.
SANE_REQUEST_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._:+/=-]{0,127}")

request_log = logging.getLogger("scorekeeper.request")
#: The app's logger (``app.logger``: Flask names it after the package).
app_log = logging.getLogger("scorekeeper")


def request_id_for(incoming: str | None) -> str:
    """The id of a request that sent ``incoming`` as its ``X-Request-ID``: that one when it is
    sane, else a new random one."""
    if incoming and SANE_REQUEST_ID.fullmatch(incoming):
        return incoming
    return uuid.uuid4().hex


def current_request_id() -> str | None:
    """The id of the request being served, or ``None`` outside a request."""
    if not has_request_context():
        return None
    found = request.environ.get(ENVIRON_KEY)
    return found if isinstance(found, str) else None


class JsonFormatter(logging.Formatter):
    """A log record as one line of JSON: ``time`` (UTC), ``level``, ``logger``, ``message``,
    the record's ``fields`` (``extra={"fields": {...}}``), and inside a request its ``method``,
    ``path`` and ``request_id``; an exception as ``error`` and ``traceback`` (newlines escaped,
    so still one line)."""

    def format(self, record: logging.LogRecord) -> str:
        """The record as a JSON object on one line."""
        entry: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
        }
        fields = getattr(record, "fields", None)
        if isinstance(fields, dict):
            entry.update(fields)
        else:
            entry["message"] = record.getMessage()
            if has_request_context():
                # A line written while a request is served (Flask's report of an unhandled
                # error): which request. The path only, never the query string.
                entry.update(
                    method=request.method, path=request.path, request_id=current_request_id()
                )
        if record.exc_info and record.exc_info[0] is not None:
            error = record.exc_info[1]
            entry["event"] = entry.get("event", "error")
            entry["error"] = f"{record.exc_info[0].__name__}: {error}"
            entry["traceback"] = self.formatException(record.exc_info)
        return json.dumps(entry, default=str)


class _StderrHandler(logging.Handler):
    """Writes each line to ``sys.stderr`` as it is at that moment (not as it was when the
    handler was made: a test that captures stderr replaces it)."""

    def emit(self, record: logging.LogRecord) -> None:
        """Write the formatted record and a newline."""
        try:
            stream = sys.stderr
            stream.write(self.format(record) + "\n")
            stream.flush()
        except Exception:
            self.handleError(record)


def _log_to_stderr() -> None:
    """Send the app's loggers to stderr as JSON, once per process (the factory may run many
    times). Not passed on to the root logger: a host that configures the root would print
    every line twice."""
    if any(isinstance(handler, _StderrHandler) for handler in app_log.handlers):
        return
    handler = _StderrHandler()
    handler.setFormatter(JsonFormatter())
    app_log.addHandler(handler)
    app_log.propagate = False
    if app_log.level == logging.NOTSET:
        app_log.setLevel(logging.INFO)


class _Answer:
    """What the middleware learns of an answer: its status, once the app starts it."""

    def __init__(self) -> None:
        self.status = 0


class RequestLog:
    """WSGI middleware: the request id (kept in the environ and sent back as
    ``X-Request-ID``) and the request's JSON line."""

    def __init__(self, app: WSGIApplication) -> None:
        self.app = app

    def __call__(self, environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        started = time.perf_counter()
        request_id = request_id_for(environ.get("HTTP_X_REQUEST_ID"))
        environ[ENVIRON_KEY] = request_id
        answer = _Answer()

        def start(
            status: str,
            headers: list[tuple[str, str]],
            exc_info: tuple[type[BaseException], BaseException, TracebackType]
            | tuple[None, None, None]
            | None = None,
        ) -> Callable[[bytes], object]:
            answer.status = int(status.split(" ", 1)[0])
            headers = [(name, value) for name, value in headers if name.lower() != "x-request-id"]
            headers.append((REQUEST_ID_HEADER, request_id))
            return start_response(status, headers, exc_info)

        try:
            body = self.app(environ, start)
        except BaseException:
            # Only where errors propagate (tests): Flask otherwise answers 500 itself.
            _log_request(environ, 500, started, request_id)
            raise
        # Logged once the app has returned: Flask has then made the whole answer (a file is
        # sent afterwards, by the server, and not timed). Not when the server closes the body:
        # a test client never does, and wrapping the body would hide a file from gunicorn's
        # sendfile.
        _log_request(environ, answer.status or 500, started, request_id)
        return body


def _log_request(environ: WSGIEnvironment, status: int, started: float, request_id: str) -> None:
    """Write the JSON line of one request."""
    # PATH_INFO as WSGI carries it (bytes as latin-1), read back as the UTF-8 it was sent in.
    raw_path = environ.get("SCRIPT_NAME", "") + environ.get("PATH_INFO", "")
    path = raw_path.encode("latin-1", "replace").decode("utf-8", "replace")
    request_log.info(
        "request",
        extra={
            "fields": {
                "event": "request",
                "method": environ.get("REQUEST_METHOD", ""),
                "path": path or "/",
                "status": status,
                "duration_ms": round((time.perf_counter() - started) * 1000, 1),
                "request_id": request_id,
            }
        },
    )


def init_app(app: Flask) -> None:
    """Log every request of ``app`` and its unhandled errors as JSON on stderr, with a request
    id; call it before any other middleware wraps ``app.wsgi_app`` (so that a trusted proxy's
    headers have been applied to the environ it logs)."""
    _log_to_stderr()
    app.wsgi_app = RequestLog(app.wsgi_app)  # type: ignore[method-assign]
