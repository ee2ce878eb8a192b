"""How gunicorn serves the app: ``bin/run`` and ``bin/serve`` start
``gunicorn --config gunicorn.conf.py``, and ``tests/test_slow_clients.py`` and
``tests/test_hosting_servers.py`` start the same command (only the address differs).

It reads HOST, PORT, WORKERS and THREADS (README, "Configuration"); every other setting of the
app comes from the environment too (``scorekeeper.config``).

Slow clients must not stall the server (issue 13): a sync worker is held by one client that
sends its request slowly, so two such clients stopped the two sync workers. A gthread worker
accepts in a main loop and serves each request in a thread of its pool; a connection that
sends nothing waits in the loop, not in a thread. A client that trickles its headers still
holds one thread, so WORKERS x THREADS threads leave room for many slow clients at once; a
server on the open internet belongs behind a proxy that buffers whole requests (nginx).
"""

from __future__ import annotations

import os

wsgi_app = "scorekeeper:create_app()"
bind = f"{os.environ.get('HOST', '0.0.0.0')}:{os.environ.get('PORT', '5000')}"
workers = int(os.environ.get("WORKERS", "2"))
worker_class = "gthread"
threads = int(os.environ.get("THREADS", "8"))
# A worker that stops answering its arbiter for this long is restarted. With gthread the main
# loop answers while the threads work, so it does not cut a long request short.
timeout = 30
# An idle kept-alive connection (a phone between polls of the scoreboard), and a new one that
# has sent nothing yet, waits at most this long, in the worker's loop and not in a thread.
keepalive = 5
# The app writes one JSON line per request itself (scorekeeper.infra.observe: path without query
# string, status, duration, request id), so gunicorn's access log would only say it twice.
accesslog = None
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
