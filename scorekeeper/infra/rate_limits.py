"""Rate limits (issues 13 and 25), with Flask-Limiter.

The numbers are settings (``RATELIMIT_*`` in :mod:`scorekeeper.config`, README
"Configuration", docs/api.md "Limits"). Per client address: new matches (pages and API share
one count), imports, and the scorekeeper links and group private links taken. A refused
request is answered 429 with ``Retry-After``: JSON under ``/api/``, the error page elsewhere
(the app's error handler).

Refusals for a credential (a write's edit token, a link's code or key: 401 or 403) are counted
after the answer, per presented credential and match and, with a higher cap, per address; once
either count is spent the refusal is answered 429 instead. A request whose credential is right
is never refused for other requests' wrong ones: a club's Wi-Fi puts a whole room behind one
address, and one phone with a stale token (or one guesser) must not lock the other tables out.

The counts may live in a store the servers share (Redis). The store never stops the scoring:
the Redis client has short timeouts and no retries, and while the store does not answer, the
counts are kept in each process (Flask-Limiter's in-memory fallback, and this module's own for
the refusals), with one line in the log when it stops answering and one when it answers again.
``/readyz`` reports its state (:func:`store_state`) without taking the server out.
"""

from __future__ import annotations

import hashlib
import logging
import math
import threading
import time
from collections.abc import Callable
from typing import Any, TypeVar, cast

from flask import Flask, current_app, request
from limits import RateLimitItem, parse_many
from limits.storage import MemoryStorage
from limits.strategies import FixedWindowRateLimiter, RateLimiter
from redis.backoff import NoBackoff
from redis.retry import Retry
from werkzeug.exceptions import TooManyRequests
from werkzeug.wrappers import Response

from ..extensions import TOO_MANY, client_address, limiter
from ..rules.contract.bodies import NotJson, parse_json

View = TypeVar("View", bound=Callable[..., Any])
_READS = ("GET", "HEAD", "OPTIONS")

log = logging.getLogger("scorekeeper.rate_limits")


def _setting(name: str) -> Callable[[], str]:
    """The limit of setting ``name``, read at each request (a test may set small ones)."""
    return lambda: str(current_app.config[name])


#: POST of the new-match page and of ``POST /api/v1/matches``: one count for both.
new_matches = limiter.shared_limit(
    _setting("RATELIMIT_NEW_MATCHES"), scope="new-match", methods=["POST"], error_message=TOO_MANY
)
#: POST of the import page (each import replays a whole match).
imports = limiter.limit(_setting("RATELIMIT_IMPORTS"), methods=["POST"], error_message=TOO_MANY)
#: POST of a hand form's preview (each replays the match's last hands, nothing stored).
previews = limiter.limit(_setting("RATELIMIT_PREVIEWS"), methods=["POST"], error_message=TOO_MANY)
#: The views whose reads (GET, HEAD) are counted, and whose refusals count as a write's do:
#: they take a credential in the address. The other limits count only writes.
_COUNTED_READS: set[Callable[..., Any]] = set()


def _taken(response: Response) -> bool:
    # The pages answer a credential taken with a redirect (to the match, to the group), the API
    # with a 201; a page that only shows the button, and a refusal, are neither.
    return response.status_code == 201 or 300 <= response.status_code < 400


_joins = limiter.limit(_setting("RATELIMIT_JOINS"), deduct_when=_taken, error_message=TOO_MANY)


def joins(view: View) -> View:
    """The openings of a scorekeeper link or a group's private link that take it: counted
    after the answer, checked before (a room joining is never refused for a guesser's wrong
    codes; those are refusals, counted by :func:`_count_refusal`)."""
    limited = cast(View, _joins(view))
    _COUNTED_READS.add(limited)
    return limited


def refusals_counted(view: View) -> View:
    """A read that takes a credential (``GET .../scorers``, the edit token as Bearer): its
    refusals (401, 403) count as a write's do, so that guessing a token by reading is held
    back as guessing it by writing is (docs/api.md "Limits")."""
    _COUNTED_READS.add(view)
    return view


#: Club nights (docs/club.md §17): exchanging a table's or a player's code for a key, the API's
#: ``POST .../keys`` and the card pages' buttons (POST) in one count per card (the night, the
#: card's kind and number: issue 37), counted when the code was right and checked before: one
#: phone exchanging its own card's code again and again meets its card's count, never another
#: card's behind the same Wi-Fi address. ``RATELIMIT_CLUB_KEYS`` may set another figure.
CLUB_KEYS = "120 per minute;600 per hour"
#: The wrong codes of the exchanges, per address, checked before each exchange: looser than
#: the refusals' own count (which answers a guesser's wrong codes 429 and never a right one),
#: it bounds the work a guesser makes (each exchange locks the night) without a room's stale
#: cards ever meeting it. ``RATELIMIT_CLUB_KEYS_ADDRESS`` may set another figure.
CLUB_KEYS_ADDRESS = "600 per minute;3000 per hour"


def _card() -> str:
    """The count's key of an exchange: the night's read id, the card's kind and number (from
    the page's path, else the API's JSON body, read as the API reads it); bounded in length."""
    args = request.view_args or {}
    kind, number = ("player" if "/p/" in request.path else "table"), args.get("number")
    if number is None:
        try:
            body = parse_json(request.get_data(cache=True))
        except NotJson:
            body = None
        if isinstance(body, dict):
            kind, number = str(body.get("kind"))[:10], str(body.get("number"))[:12]
    return f"{str(args.get('read_id'))[:40]}:{kind}:{number}"


def _wrong_code(response: Response) -> bool:
    return response.status_code in (401, 403)


#: These count toward no other limit (creating a night, a preview and a round start count as
#: new matches: :data:`new_matches`).
_card_keys = limiter.shared_limit(
    lambda: str(current_app.config.get("RATELIMIT_CLUB_KEYS") or CLUB_KEYS),
    scope="club-keys",
    key_func=_card,
    methods=["POST"],
    deduct_when=_taken,
    error_message=TOO_MANY,
)
_wrong_club_codes = limiter.shared_limit(
    lambda: str(current_app.config.get("RATELIMIT_CLUB_KEYS_ADDRESS") or CLUB_KEYS_ADDRESS),
    scope="club-keys-wrong",
    methods=["POST"],
    deduct_when=_wrong_code,
    error_message=TOO_MANY,
)


def club_keys(view: View) -> View:
    """The exchanges of a club card's code for a key: right ones counted per card, wrong ones
    per address (:data:`CLUB_KEYS`, :data:`CLUB_KEYS_ADDRESS`)."""
    return cast(View, _wrong_club_codes(_card_keys(view)))


def init_app(app: Flask) -> None:
    """Bind the limiter to ``app`` (its Redis client with short timeouts), say ``Retry-After``
    on its refusals and count the refusals for a credential."""
    app.config["RATELIMIT_STORAGE_OPTIONS"] = storage_options(
        str(app.config.get("RATELIMIT_STORAGE_URI") or "memory://"),
        app.config.get("RATELIMIT_STORAGE_OPTIONS") or {},
        float(app.config.get("RATELIMIT_STORE_TIMEOUT", 0.3)),
    )
    limiter.init_app(app)
    # A new app binds a new store, assumed to answer: the limiter is one object for every app
    # of the process (the tests make many), and Flask-Limiter would go on believing the last
    # app's store down, counting in its fallback until its next check of the store.
    limiter._storage_dead = False
    store.reset()
    app.after_request(_retry_after)
    app.after_request(_count_refusal)  # runs first (after_request runs in reverse order)


def storage_options(uri: str, options: dict[str, Any], timeout: float) -> dict[str, Any]:
    """The options of the store's client: for Redis, ``timeout`` seconds to connect and to
    answer and no retries (redis-py's default retries thrice with a backoff of seconds: a write
    would hang on a frozen store), unless ``options`` say otherwise."""
    if not uri.startswith(("redis", "rediss", "valkey")):
        return dict(options)
    defaults = {
        "socket_timeout": timeout,
        "socket_connect_timeout": timeout,
        "retry": Retry(NoBackoff(), 0),
    }
    return defaults | dict(options)


@limiter.request_filter
def _off() -> bool:
    # The limiter is one object for every app of the process and keeps the last app's
    # RATELIMIT_ENABLED; each app's own setting decides (the tests make many apps).
    if not current_app.config.get("RATELIMIT_ENABLED", True):
        return True
    # A read no limit counts skips the limiter's work: a fifth of a scoreboard poll's (issue 14).
    return request.method in _READS and not _counted_read()


def _counted_read() -> bool:
    return current_app.view_functions.get(request.endpoint or "") in _COUNTED_READS


def _retry_after(response: Response) -> Response:
    """``Retry-After`` (whole seconds, at least 1) on a 429 of the limiter: when the limit that
    was met lets this address in again."""
    if response.status_code == 429 and limiter.enabled and not _off():
        limit = limiter.current_limit
        if limit is not None and limit.breached:
            try:
                reset = limit.window[0]  # when the window ends (reset_at adds a second)
            except Exception:  # the store stopped answering: no header then
                return response
            response.headers["Retry-After"] = _seconds_until(reset)
    return response


def _seconds_until(reset: float) -> str:
    return str(max(1, math.ceil(reset - time.time())))


# --- Refusals for a credential -------------------------------------------------------------------


def _count_refusal(response: Response) -> Response:
    """A request refused for its credential (401 of the API, 403 of a page) counts against the
    credential it presented on this match and against its address; past either limit it is
    answered 429 (with ``Retry-After``) instead. Only refusals are counted, after the answer:
    a right credential never meets a count, and a write with one costs the store nothing."""
    if response.status_code not in (401, 403) or _off():
        return response
    if request.method in _READS and not _counted_read():
        return response
    prefix = str(current_app.config.get("RATELIMIT_KEY_PREFIX") or "")
    match = str((request.view_args or {}).get("public_id") or request.path)
    counts = [
        (
            limit_items(str(current_app.config["RATELIMIT_FAILED_TOKENS"])),
            (prefix, "refused-credential", match, _credential_digest()),
        ),
        (
            limit_items(str(current_app.config["RATELIMIT_FAILED_TOKENS_ADDRESS"])),
            (prefix, "refused-address", client_address()),
        ),
    ]
    reset = _hit_all(counts)
    if reset is None:
        return response
    refusal = current_app.make_response(
        current_app.handle_http_exception(TooManyRequests(description=TOO_MANY))
    )
    refusal.headers["Retry-After"] = _seconds_until(reset)
    return refusal


def _credential_digest() -> str:
    """A digest of the credential the request presented (the store never sees one): the
    ``Authorization`` header, else a link's code or key, else none (a page write from a phone
    that holds no token; a stale token of the session is no 403, it is forgotten)."""
    presented = (
        request.headers.get("Authorization")
        or request.form.get("code")
        or _json_code()
        or request.args.get("code")
        or request.args.get("key")
        or ""
    )
    return hashlib.sha256(presented.encode("utf-8", "replace")).hexdigest()[:32]


def _json_code() -> str:
    """The ``code`` of a JSON body (the API's exchange of a link's code), or nothing."""
    body = request.get_json(silent=True) if request.is_json else None
    code = body.get("code") if isinstance(body, dict) else None
    return code if isinstance(code, str) else ""


_parsed_limits: dict[str, list[RateLimitItem]] = {}


def limit_items(text: str) -> list[RateLimitItem]:
    """The windows of a limit's setting (``"120 per minute;600 per hour"``), parsed once per
    process (the replays' budgets read them too)."""
    if text not in _parsed_limits:
        _parsed_limits[text] = parse_many(text)
    return _parsed_limits[text]


def _hit_all(counts: list[tuple[list[RateLimitItem], tuple[str, ...]]]) -> float | None:
    """Count one more refusal in every window of ``counts``; when a window is spent, the time
    (epoch seconds) it ends (the latest of those spent), else ``None``."""
    strategy = store.strategy()
    try:
        return _hit_with(strategy, counts)
    except Exception as error:  # any failure of the store: count in the process
        if strategy is store.local:
            raise
        store.failed(error)
        return _hit_with(store.local, counts)


def _hit_with(
    strategy: RateLimiter, counts: list[tuple[list[RateLimitItem], tuple[str, ...]]]
) -> float | None:
    spent: list[float] = []
    for items, keys in counts:
        for item in items:
            if not strategy.hit(item, *keys):
                spent.append(strategy.get_window_stats(item, *keys).reset_time)
    if strategy is not store.local:
        store.answered()
    return max(spent) if spent else None


# --- The store's state ---------------------------------------------------------------------------


class _StoreState:
    """Whether the store of the counts answers. While it does not, the refusals are counted in
    this process, and the store is tried again every :attr:`RETRY_SECONDS` (a frozen store
    costs one short timeout then, not one per request)."""

    RETRY_SECONDS = 5.0

    def __init__(self) -> None:
        self.local = FixedWindowRateLimiter(MemoryStorage())
        self._shared: tuple[object, RateLimiter] | None = None
        self._lock = threading.Lock()
        self._down_since: float | None = None
        self._next_try = 0.0

    def reset(self) -> None:
        """A new app: its store is assumed to answer."""
        with self._lock:
            self._down_since = None
            self._next_try = 0.0

    @property
    def down(self) -> bool:
        """True while the store does not answer."""
        return self._down_since is not None

    def strategy(self) -> RateLimiter:
        """Where to count now: the store, unless it is down and not yet due a new try."""
        with self._lock:
            if self._down_since is not None and time.monotonic() < self._next_try:
                return self.local
            # The store itself, not limiter.limiter: that is Flask-Limiter's fallback in memory
            # while Flask-Limiter believes the store down, and would pass for the store here.
            storage = limiter.storage
            if self._shared is None or self._shared[0] is not storage:
                self._shared = (storage, FixedWindowRateLimiter(storage))
            return self._shared[1]

    def failed(self, error: BaseException | None) -> None:
        """The store did not answer: one line in the log for the whole outage."""
        with self._lock:
            self._next_try = time.monotonic() + self.RETRY_SECONDS
            if self._down_since is not None:
                return
            self._down_since = time.monotonic()
        what = f" ({type(error).__name__})" if error is not None else ""
        log.warning(
            "the rate-limit store does not answer%s: the limits are counted in each process "
            "until it does; the scoring goes on",
            what,
        )

    def answered(self) -> None:
        """The store answered: a line (of level info) if it was down."""
        with self._lock:
            if self._down_since is None:
                return
            seconds = time.monotonic() - self._down_since
            self._down_since = None
        log.info("the rate-limit store answers again after %.0f s", seconds)


#: The store's state in this process, shared with the replays' budgets (:mod:`.replay_limits`).
store = _StoreState()


class _LimiterOutages(logging.Filter):
    """Flask-Limiter's own lines about its store going and coming back become this module's
    state: one line per outage in all, whichever limit met it first."""

    def filter(self, record: logging.LogRecord) -> bool:
        text = record.getMessage()
        if text.startswith("Rate limit storage unreachable"):
            store.failed(None)
            return False
        if text.startswith("Rate limit storage recovered"):
            store.answered()
            return False
        return True


logging.getLogger("flask-limiter").addFilter(_LimiterOutages())


def store_state() -> str:
    """The rate-limit store as ``/readyz`` reports it: ``"off"`` (no limits), ``"ok"``, or
    ``"degraded"`` (it does not answer: each process counts on its own; nothing is refused for
    it). It asks the store (a ping, bounded by the client's timeout)."""
    if not current_app.config.get("RATELIMIT_ENABLED", True) or not limiter.enabled:
        return "off"
    try:
        answers = limiter.storage.check()
    except Exception as error:  # a store whose check raises does not answer
        store.failed(error)
        return "degraded"
    if answers:
        store.answered()
        return "ok"
    store.failed(None)
    return "degraded"
