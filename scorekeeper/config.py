"""Configuration read from the environment, with defaults that are safe for a kitchen table."""

from __future__ import annotations

import contextlib
import os
import secrets
import tempfile
from pathlib import Path
from urllib.parse import urlsplit


def _instance_secret(instance_path: str) -> str:
    """A secret key kept in the instance folder (never in the repository), made on first run.

    A real deployment sets ``SECRET_KEY``; this only spares the one-command run from needing it.
    """
    path = Path(instance_path) / "secret_key"
    if not path.exists():
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        # Written to a file that is 0600 from its first byte (mkstemp's mode), then linked into
        # place: never world-readable, never seen half-written, and when two workers start at
        # once the first link wins and both read the same key.
        fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=".secret_key.")
        try:
            with os.fdopen(fd, "w") as out:
                out.write(secrets.token_urlsafe(48))
            with contextlib.suppress(FileExistsError):
                os.link(temporary, path)
        finally:
            os.unlink(temporary)
    private_file(path)
    return path.read_text().strip()


def private_file(path: Path) -> None:
    """Make ``path`` readable by its owner only (mode 600) when it is not already: a file an
    earlier version made world-readable is tightened. A file owned by another user is left as
    it is (the server may run as a user who can read it but not change it)."""
    if path.stat().st_mode & 0o077:
        with contextlib.suppress(PermissionError):
            path.chmod(0o600)


class Config:
    """Production settings: everything secret or site-specific comes from the environment."""

    # No ping before each checkout (issue 14: a round trip per request); connections are
    # renewed after half an hour instead, and a connection the database dropped fails one
    # request, which the phone retries with its idempotency key.
    SQLALCHEMY_ENGINE_OPTIONS = {"pool_pre_ping": False, "pool_recycle": 1800}
    SESSION_COOKIE_HTTPONLY = True
    SESSION_COOKIE_SAMESITE = "Lax"
    # The session cookie is Secure on every HTTPS request anyway (scorekeeper.infra.security); this
    # makes it Secure over plain HTTP too, for a TLS proxy that is not in TRUSTED_PROXIES.
    SESSION_COOKIE_SECURE = os.environ.get("SESSION_COOKIE_SECURE", "") == "1"
    PERMANENT_SESSION_LIFETIME = 60 * 60 * 24 * 365
    # The cookie goes out only when the session changed (issue 26): sent again on every answer,
    # a new value (its signature's timestamp) changes the ``Cookie`` of every later request, and
    # a cache that varies on it (a page's answer) keeps nothing. It lasts a year from its last
    # change; every match opened for the first time or in another order changes it.
    SESSION_REFRESH_EACH_REQUEST = False
    WTF_CSRF_TIME_LIMIT = None  # a phone left on the table overnight still submits
    MAX_CONTENT_LENGTH = 256 * 1024
    BABEL_DEFAULT_LOCALE = "en"
    LANGUAGES = ("en", "es", "it", "ru")
    # Rate limits (scorekeeper.infra.rate_limits; README, "Configuration"; docs/api.md "Limits"),
    # in Flask-Limiter's notation. Generous: a club room behind one address never meets them.
    RATELIMIT_NEW_MATCHES = "30 per minute;300 per hour"  # per address, pages and API together
    RATELIMIT_IMPORTS = "10 per minute;60 per hour"  # per address
    # The hand form's preview before Save (one per pause in the typing, issue 26): per address,
    # a room of ten tables typing at once.
    RATELIMIT_PREVIEWS = "600 per minute;6000 per hour"
    # Previews and corrections (and any write replaying more than 100 hands) counted by the
    # hands they replay (scorekeeper.service.replay_work, issue 37): per address, and per match.
    # A correction of hand 1 of a 1,000-hand match is 1,000 hands (about half a CPU-second);
    # of a club match of 30 hands, 30: a room of twenty tables correcting at once passes.
    # The 10 seconds' count keeps a burst from spending a whole minute's budget at once.
    RATELIMIT_REPLAY_HANDS = "5000 per 10 seconds;20000 per minute;200000 per hour"
    RATELIMIT_REPLAY_HANDS_MATCH = "2000 per 10 seconds;5000 per minute;50000 per hour"
    # Per address: every opening of a scorekeeper link (page and button) or a group's private
    # link: 40 phones of a room joining within a minute open and tap 80 times.
    RATELIMIT_JOINS = "120 per minute;1200 per hour"
    # Per card (the night, the card's kind and number: issue 37): a club night's table and
    # player codes exchanged for keys (docs/club.md §17), right ones, the API's
    # ``POST .../keys`` and the card pages' buttons together; one phone exchanging its card
    # again and again never makes another card of the room wait.
    RATELIMIT_CLUB_KEYS = "120 per minute;600 per hour"
    # Per address: the wrong codes of those exchanges, checked before each one.
    RATELIMIT_CLUB_KEYS_ADDRESS = "600 per minute;3000 per hour"
    # Requests refused for their credential (a wrong edit token, code or key), per presented
    # credential and match, and per address; a right credential is never refused for them.
    RATELIMIT_FAILED_TOKENS = "20 per minute;100 per hour"
    RATELIMIT_FAILED_TOKENS_ADDRESS = "60 per minute;600 per hour"
    # The store never stops the scoring: while it does not answer the counts are kept in each
    # process (one line in the log per outage), and errors of the limiter are not the request's.
    RATELIMIT_IN_MEMORY_FALLBACK_ENABLED = True
    RATELIMIT_SWALLOW_ERRORS = True
    # Seconds the Redis client waits to connect or for an answer (no retries): a write waits
    # at most about this on a frozen store, once per outage.
    RATELIMIT_STORE_TIMEOUT = 0.3
    # Per address: the phones' reports of an engine's answer that differed from the server's
    # (scorekeeper.infra.engine, POST /engine/report). Each one is a bug; a phone sends one per
    # difference, so a room of ten tables never meets this.
    RATELIMIT_ENGINE_REPORTS = "30 per minute;300 per hour"

    def __init__(self, instance_path: str) -> None:
        self.SECRET_KEY = os.environ.get("SECRET_KEY") or _instance_secret(instance_path)
        default_db = "sqlite:///" + str(Path(instance_path) / "scorekeeper.sqlite")
        self.SQLALCHEMY_DATABASE_URI = normalise_database_url(
            os.environ.get("DATABASE_URL") or default_db
        )
        self.PUBLIC_URL = public_url(os.environ.get("PUBLIC_URL", ""))
        if self.PUBLIC_URL and urlsplit(self.PUBLIC_URL).scheme == "https":
            # Phones reach the app over HTTPS only: the cookie is Secure even when the TLS
            # proxy in front is not in TRUSTED_PROXIES (the app then sees plain HTTP).
            self.SESSION_COOKIE_SECURE = True
        # RATELIMIT_ENABLED=0 turns the limits off (a trusted private server); the counts are
        # kept in this process unless RATELIMIT_STORAGE_URI names a store the servers share.
        self.RATELIMIT_ENABLED = os.environ.get("RATELIMIT_ENABLED", "1").strip().lower() not in (
            "0",
            "false",
            "no",
            "off",
        )
        self.RATELIMIT_STORAGE_URI = os.environ.get("RATELIMIT_STORAGE_URI") or "memory://"
        # Put before every key in that store: one Redis may serve several apps (or tests).
        self.RATELIMIT_KEY_PREFIX = os.environ.get("RATELIMIT_KEY_PREFIX", "")
        self.TRUSTED_PROXIES = trusted_proxies(os.environ.get("TRUSTED_PROXIES", ""))
        # A club night's event streams one process holds at most (scorekeeper/club/live.py; each
        # holds a thread: gunicorn.conf.py sets it from THREADS); past it a 503 and the page polls.
        self.CLUB_LIVE_STREAMS = int(os.environ.get("CLUB_LIVE_STREAMS") or "48")
        # How many matches each process keeps replayed (scorekeeper.service.replay_cache); 0: none.
        self.REPLAY_CACHE_MATCHES = int(os.environ.get("REPLAY_CACHE_MATCHES") or "256")
        # The long replays (over 100 hands) one process runs at once, each without a database
        # connection (scorekeeper.service.replay_work); past it one waits up to REPLAY_WAIT
        # seconds, then is answered 503 with Retry-After. 0: no bound.
        self.REPLAY_CONCURRENCY = int(os.environ.get("REPLAY_CONCURRENCY") or "2")
        self.REPLAY_WAIT = float(os.environ.get("REPLAY_WAIT") or "0.25")
        # The phone's engine (docs/phone.md "Turning it off"): offered to the phones that score
        # when static/engine/ holds this server's build; SCOREKEEPER_ENGINE=0 offers it to none.
        self.PHONE_ENGINE = os.environ.get("SCOREKEEPER_ENGINE", "1").strip().lower() not in (
            "0",
            "false",
            "no",
            "off",
        )


class TestConfig(Config):
    """Tests: a given database, no CSRF token needed by the test client unless a test asks."""

    TESTING = True
    WTF_CSRF_ENABLED = False

    def __init__(self, instance_path: str, database_url: str) -> None:
        super().__init__(instance_path)
        self.SECRET_KEY = "test-only-secret"
        self.SQLALCHEMY_DATABASE_URI = normalise_database_url(database_url)
        # The suite makes many matches from one address: tests/web/test_rate_limits.py turns
        # the limits on with small numbers of its own.
        self.RATELIMIT_ENABLED = False
        # No page offers the phone's engine (13 MB a browser test would fetch after every
        # visit): the engine's own tests (tests/browser/test_phone_engine_loading.py) turn it on.
        self.PHONE_ENGINE = False
        # A club night's event stream (scorekeeper/club/live.py) notices a page gone at its
        # next keep-alive: soon, so that a browser test's server stops without waiting on it.
        self.CLUB_LIVE_KEEPALIVE = 0.5


def public_url(text: str) -> str | None:
    """``PUBLIC_URL``: the address the players' phones reach the app at (``https://host`` or
    ``https://host/prefix``), from which share links and QR codes are built; ``None`` when
    unset. Anything else is refused at start-up rather than printed into QR codes."""
    text = text.strip()
    if not text:
        return None
    parts = urlsplit(text)
    odd = parts.query or parts.fragment or parts.username is not None
    if parts.scheme not in ("http", "https") or not parts.hostname or odd:
        raise ValueError(f"PUBLIC_URL must be http(s)://host[:port][/path], not {text!r}")
    return text.rstrip("/")


def trusted_proxies(text: str) -> int:
    """``TRUSTED_PROXIES``: how many reverse proxies stand in front of the app, whose
    ``X-Forwarded-*`` headers are believed; 0 (unset) believes none."""
    text = text.strip() or "0"
    if not text.isascii() or not text.isdigit():
        raise ValueError(f"TRUSTED_PROXIES must be a number of proxies, not {text!r}")
    return int(text)


def normalise_database_url(url: str) -> str:
    """Let ``postgres://`` and ``postgresql://`` URLs use psycopg 3, the driver installed."""
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url
