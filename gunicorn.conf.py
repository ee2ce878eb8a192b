"""How gunicorn serves the app: ``bin/run`` and ``bin/serve`` start
``gunicorn --config gunicorn.conf.py``, and ``tests/test_slow_clients.py`` and
``tests/test_hosting_servers.py`` start the same command (only the address differs).

It reads HOST, PORT, WORKERS and THREADS (README, "Configuration"); every other setting of the
app comes from the environment too (``scorekeeper.config``).

Slow clients must not stall the server (issues 13 and 25): a sync worker is held by one client
that sends its request slowly, so two such clients stopped the two sync workers. A gthread
worker accepts in a main loop and serves each request in a thread of its pool; a connection
that sends nothing waits in the loop, not in a thread. A client that trickles its headers still
holds one thread until they end (gunicorn has no deadline for headers), so with 8 threads a
worker, 16 such clients stalled the server in some tries and 24 in every one. Each worker now
has 128 threads: more than the 64 slow clients ``tests/test_slow_clients.py`` holds, even when
one worker took them all, so the next phone still gets a thread. A thread costs little (the
pool starts one only when none is idle; an idle one is a stack), and it is not a database
connection: SQLAlchemy's pool keeps at most 15 a process (5, and 10 more at busy moments) and a
thread beyond waits for one. gevent's worker would hold thousands, but SQLite's lock waits and
the CPU-bound pages (a long match replayed, the money of a group) do not yield to other
greenlets: one slow page would stall every request of its worker, where threads share the
GIL. A server on the open internet belongs behind a proxy that buffers whole requests (nginx).
"""

from __future__ import annotations

import os
from typing import Any

from gunicorn import glogging

from scorekeeper.config import trusted_proxies

wsgi_app = "scorekeeper:create_app()"
bind = f"{os.environ.get('HOST', '0.0.0.0')}:{os.environ.get('PORT', '5000')}"
workers = int(os.environ.get("WORKERS", "2"))
worker_class = "gthread"
# More threads than slow clients one worker may be holding (see above); THREADS overrides it.
threads = int(os.environ.get("THREADS", "128"))
# gunicorn believes X-Forwarded-Proto (and its other scheme headers) from these peers only. Its
# default (FORWARDED_ALLOW_IPS, else the loopback) would let any process on this machine, or a
# proxy the app was not told of, claim HTTPS. It follows TRUSTED_PROXIES as the app does
# (scorekeeper.infra.security): unset or 0 believes nobody; with proxies in front, whichever
# peer connects, since only the proxy can reach the servers (docs/hosting.md, step 4).
forwarded_allow_ips = "*" if trusted_proxies(os.environ.get("TRUSTED_PROXIES", "")) else ""
# A worker that stops answering its arbiter for this long is restarted. With gthread the main
# loop answers while the threads work, so it does not cut a long request short.
timeout = 30
# An idle kept-alive connection (a phone between polls of the scoreboard), and a new one that
# has sent nothing yet, waits at most this long, in the worker's loop and not in a thread.
keepalive = 5
# A club night's event streams (scorekeeper/club/live.py, GET /cr/<read_id>/events) each hold a
# thread while they last: at most CLUB_LIVE_STREAMS a process, by default 3/8 of the threads (48
# of 128: the pages keep 80), and each ends after 5 minutes (the browser connects again). A
# worker told to stop ends its streams within a second (post_worker_init below), not after the
# grace period. (Set here, before the workers start: they read it as the app's configuration.)
os.environ.setdefault("CLUB_LIVE_STREAMS", str(threads * 3 // 8))


def post_worker_init(worker: Any) -> None:
    """Let the club night's streams see that this worker is stopping (``worker.alive``), and
    settle the collector once the app is loaded (scorekeeper.infra.heap: the app's modules
    frozen out of its walks, young collections rarer)."""
    from scorekeeper.club import live
    from scorekeeper.infra import heap

    live.serving = lambda: bool(worker.alive)
    heap.settle()


# The app writes one JSON line per request itself (scorekeeper.infra.observe: path without query
# string, status, duration, request id), so gunicorn's access log would only say it twice.
accesslog = None


class _QuietLogger(glogging.Logger):
    """gunicorn's logger without its access log. With ``logconfig_dict`` set, gunicorn counts
    the access log as on and builds each request's line (its atoms: 2 % of a hand POST's CPU,
    issue 37) only for the handler-less logger below to drop it."""

    def access(self, resp: Any, req: Any, environ: Any, request_time: Any) -> None:
        """Nothing: the app's own request log says it (above)."""


logger_class = _QuietLogger
# gunicorn's own lines (workers booting, a worker timing out) are JSON on stderr too, in the
# app's format: a log collector reads one format. Its access logger is given no handler.
logconfig_dict = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"json": {"()": "scorekeeper.infra.observe.JsonFormatter"}},
    "handlers": {
        "stderr": {
            "class": "logging.StreamHandler",
            "formatter": "json",
            "stream": "ext://sys.stderr",
        }
    },
    "root": {"level": "WARNING", "handlers": ["stderr"]},
    "loggers": {
        "gunicorn.error": {"level": "INFO", "handlers": ["stderr"], "propagate": False},
        "gunicorn.access": {"level": "CRITICAL", "handlers": [], "propagate": False},
    },
}
