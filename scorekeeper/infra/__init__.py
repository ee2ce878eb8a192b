"""What the app runs on, apart from its pages: each module hooks one concern into the app (its
``init_app``) and knows no blueprint.

- :mod:`.observe`: one JSON line per request, the request id, the slow-request log;
- :mod:`.security`: the headers (the CSP above all), the secret key, the trusted proxies;
- :mod:`.rate_limits`: the limits of the writes, by client address;
- :mod:`.backup`: ``flask backup`` and ``flask restore``;
- :mod:`.sqlite`: WAL mode and the busy timeout of a SQLite database;
- :mod:`.assets`: the static files by content hash, cached for a year;
- :mod:`.offline`: the service worker and the manifest (a blueprint of its own, no page);
- :mod:`.health`: ``/healthz`` and ``/readyz`` for the load balancer.
"""
