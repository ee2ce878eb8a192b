"""How gunicorn serves the app: ``bin/run`` starts ``gunicorn --config gunicorn.conf.py``, and
``tests/test_slow_clients.py`` starts the same command (only its ``--bind`` differs).

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
bind = f"0.0.0.0:{os.environ.get('PORT', '5000')}"
workers = int(os.environ.get("WORKERS", "2"))
worker_class = "gthread"
threads = int(os.environ.get("THREADS", "8"))
# A worker that stops answering its arbiter for this long is restarted. With gthread the main
# loop answers while the threads work, so it does not cut a long request short.
timeout = 30
# An idle kept-alive connection (a phone between polls of the scoreboard), and a new one that
# has sent nothing yet, waits at most this long, in the worker's loop and not in a thread.
keepalive = 5
# The access log names the path only (%(U)s), never the query string: the scorekeeper link
# carries a secret there once (/m/<id>/join?...).
accesslog = "-"
access_log_format = '%(h)s %(t)s "%(m)s %(U)s" %(s)s %(b)s'
