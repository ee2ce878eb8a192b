"""What keeps the app to itself wherever it is served: strict headers on every response, a
session cookie that is ``Secure`` under HTTPS, ``no-store`` on answers that carry an edit token,
proxy headers believed only when configured, links built from the configured public address,
and a SQLite database file readable by its owner only."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path
from typing import Any, TypeVar

import sqlalchemy as sa
from flask import Flask, Response, current_app, has_request_context, request, url_for
from flask.sessions import SecureCookieSessionInterface, SessionMixin
from itsdangerous import URLSafeTimedSerializer
from werkzeug.middleware.proxy_fix import ProxyFix
from werkzeug.wrappers import Response as BaseResponse

from ..config import private_file
from ..extensions import db
from .assets import style_source

# Everything is served from here: no CDN, no inline script, no framing by other sites. The one
# inline style allowed is the app's own style sheet, by its hash ({style}: .assets).
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'{style}; img-src 'self' data:; "
    "connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'; "
    "object-src 'none'"
)

#: The session keys whose values are secrets: the edit tokens this phone holds
#: and its groups' keys (:mod:`scorekeeper.web.session`).
#: The cookie is signed, not encrypted, so an answer that sets it carries them.
# A club night's host tokens, table and player keys and the cards' codes
# (scorekeeper.web.club_memory, docs/club.md §1) are secrets of the same kind.
SECRET_SESSION_KEYS = ("tokens", "group_keys", "club_hosts", "club_keys", "club_codes")


def add_security_headers(response: Response) -> Response:
    """Set the headers a browser needs to keep the page to itself (those a view set itself
    stay as it set them)."""
    headers = response.headers
    # One look at the names already set, then appends: werkzeug's ``setdefault`` scans every
    # header twice per name, a twentieth of a hand POST's CPU (issue 37 point 6).
    present = {name.lower() for name, _ in headers.items()}
    if "content-security-policy" not in present:
        source = style_source()
        policy = CONTENT_SECURITY_POLICY.format(style=f" {source}" if source else "")
        headers.add("Content-Security-Policy", policy)
    for name, value in _STRICT_HEADERS:
        if name.lower() not in present:
            headers.add(name, value)
    if request.is_secure and "strict-transport-security" not in present:
        # Only over HTTPS: on a plain-HTTP kitchen-table server it would lock phones out.
        headers.add("Strict-Transport-Security", "max-age=31536000")
    return response


#: The headers every answer carries, but the policy (its sheet's hash) and HSTS (HTTPS only).
_STRICT_HEADERS = (
    ("X-Content-Type-Options", "nosniff"),
    ("X-Frame-Options", "DENY"),
    ("Referrer-Policy", "no-referrer"),
    ("Permissions-Policy", "camera=(), microphone=(), geolocation=()"),
    ("Cross-Origin-Opener-Policy", "same-origin"),
)


#: Any answer: Flask's, or werkzeug's (a redirect).
AnyResponse = TypeVar("AnyResponse", bound=BaseResponse)


def no_store(response: AnyResponse) -> AnyResponse:
    """Mark ``response`` as one no cache may keep (it carries an edit token or a secret link):
    neither the browser's (the back button, a shared computer) nor a proxy's."""
    response.headers["Cache-Control"] = "no-store"
    return response


#: Where the app keeps its session cookie's serializer (:class:`SessionInterface`).
_SERIALIZER = "scorekeeper.session_serializer"


class SessionInterface(SecureCookieSessionInterface):
    """Flask's signed-cookie session, with the two things its configuration cannot say.

    - The cookie is ``Secure`` whenever the request came over HTTPS, not only when
      ``SESSION_COOKIE_SECURE`` says so: the same server is reached over plain HTTP on the
      kitchen Wi-Fi (where a ``Secure`` cookie would be dropped) and over HTTPS behind a proxy.
    - An answer to a phone that holds edit tokens is kept by no shared cache: ``no-store``
      when it sets the cookie (it changed: a token given, a match opened), else ``private``.
      The cookie goes out only when the session changed (``SESSION_REFRESH_EACH_REQUEST`` off:
      scorekeeper.config), never with a static file.
    """

    def get_signing_serializer(self, app: Flask) -> URLSafeTimedSerializer | None:
        """Flask's serializer, made once per app and keys instead of at every request (issue 37
        point 6: 2 % of a hand POST's CPU, for an API request that sends no cookie)."""
        keys = (app.secret_key, tuple(app.config.get("SECRET_KEY_FALLBACKS") or ()))
        made = app.extensions.get(_SERIALIZER)
        if made is None or made[0] != keys:
            made = app.extensions[_SERIALIZER] = (keys, super().get_signing_serializer(app))
        serializer: URLSafeTimedSerializer | None = made[1]
        return serializer

    def get_cookie_secure(self, app: Flask) -> bool:
        """``Secure`` when configured, or when this request is HTTPS."""
        configured = super().get_cookie_secure(app)
        return configured or (has_request_context() and request.is_secure)

    def should_set_cookie(self, app: Flask, session: SessionMixin) -> bool:
        """Never on a static file: it is cached for a year by every cache (.assets),
        and a cookie that carries edit tokens must not travel with it."""
        if has_request_context() and request.endpoint == "static":
            return False
        return super().should_set_cookie(app, session)

    def save_session(self, app: Flask, session: SessionMixin, response: Response) -> None:
        """Save as Flask does, then keep caches from storing a cookie that carries tokens.

        A static file's answer is left alone: no cookie, no ``Vary: Cookie`` (its cache would
        then be used again only while every cookie stays the same, issue 26)."""
        if has_request_context() and request.endpoint == "static":
            return
        super().save_session(app, session, response)
        if not any(session.get(key) for key in SECRET_SESSION_KEYS):
            return
        if session.modified and self.should_set_cookie(app, session):
            no_store(response)
        elif not response.cache_control.no_store:
            # Made for a phone that holds tokens: its own cache may keep it, no shared one.
            response.cache_control.private = True


def external_url(endpoint: str, **values: Any) -> str:
    """The absolute URL of ``endpoint`` to give to another phone (a share link, a QR code).

    Built from ``PUBLIC_URL`` when it is set, never from the request's ``Host`` header, which
    whoever sends the request chooses; without it, from the request as Flask does
    (``url_for(..., _external=True)``), which is right on a kitchen-table server reached by its
    own address."""
    public = current_app.config.get("PUBLIC_URL")
    if not public:
        return url_for(endpoint, _external=True, **values)
    # The path as the app routes it, without the prefix this request came in under (a proxy's
    # SCRIPT_NAME): the public address says the prefix.
    path = url_for(endpoint, **values)[len(request.script_root) :]
    return str(public).rstrip("/") + path


def _sqlite_file(url: sa.URL) -> Path | None:
    """The file of a SQLite database URL, or ``None`` (another engine, memory, a ``file:`` URI
    whose options SQLite itself interprets)."""
    if url.get_backend_name() != "sqlite" or url.query.get("uri"):
        return None
    if not url.database or url.database == ":memory:":
        return None
    return Path(url.database)


def _create_private_database(url: sa.URL) -> None:
    """Before SQLite opens its file, make sure the file exists readable by its owner only.

    SQLite would create it with the process's umask (world-readable) and gives its journal and
    WAL files the database file's mode; an empty file is a valid empty database."""
    path = _sqlite_file(url)
    if path is None or not path.parent.is_dir():
        return  # (a folder that is not there: SQLite says so, as it always did)
    if not path.exists():
        with contextlib.suppress(FileExistsError):
            os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    private_file(path)


def _private_sqlite_files(app: Flask) -> None:
    """Hook :func:`_create_private_database` before every new connection of the app's SQLite
    engines (Flask-SQLAlchemy has already resolved relative paths to the instance folder)."""
    with app.app_context():
        engines = list(db.engines.values())
    for engine in engines:
        if _sqlite_file(engine.url) is None:
            continue

        def before_connect(*_: Any, url: sa.URL = engine.url) -> None:
            _create_private_database(url)

        sa.event.listen(engine, "do_connect", before_connect)


def init_app(app: Flask) -> None:
    """Register the header hook and the session interface; believe proxy headers only from
    the ``TRUSTED_PROXIES`` configured; keep SQLite's file private."""
    app.after_request(add_security_headers)
    app.session_interface = SessionInterface()
    proxies = int(app.config.get("TRUSTED_PROXIES") or 0)
    if proxies:
        # X-Forwarded-For/-Proto/-Host/-Port/-Prefix as set by that many proxies; without this
        # they are ignored, so no client can claim HTTPS, another address or another host.
        app.wsgi_app = ProxyFix(  # type: ignore[method-assign]
            app.wsgi_app,
            x_for=proxies,
            x_proto=proxies,
            x_host=proxies,
            x_port=proxies,
            x_prefix=proxies,
        )
    _private_sqlite_files(app)
