"""Extensions created once here and bound to an app in the factory."""

from __future__ import annotations

import ipaddress
from typing import TYPE_CHECKING

from flask import current_app, request
from flask.wrappers import Response
from flask_babel import Babel
from flask_limiter import ApplicationLimit, Limiter
from flask_migrate import Migrate
from flask_sqlalchemy import SQLAlchemy
from flask_wtf import CSRFProtect
from sqlalchemy.orm import DeclarativeBase

from .rules.text import N_


class Base(DeclarativeBase):
    """Declarative base of every model."""


db = SQLAlchemy(model_class=Base)
migrate = Migrate()
csrf = CSRFProtect()
babel = Babel()


def client_address() -> str:
    """The key of the rate limits: the client's address (``request.remote_addr``, which the
    proxy settings make the real client's). An IPv6 client is counted by its /64 network: one
    home or phone is given a whole /64 and could otherwise change address at every request."""
    address = request.remote_addr or ""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address or "unknown"  # an empty key would skip the limit altogether
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


#: The description of a 429 of the limiter, translated where it is shown (error page, API).
TOO_MANY = N_("Too many requests from this address: try again later.")


def _reads_only() -> bool:
    return request.method in ("GET", "HEAD", "OPTIONS")


def _token_refused(response: Response) -> bool:
    # 401 (the API) and 403 (the pages) are the answers to a missing or wrong edit token.
    return response.status_code in (401, 403)


#: Rate limits (scorekeeper.infra.rate_limits). The application-wide one counts only writes refused
#: for their edit token (deducted after the answer); once an address has spent it, every write
#: from it is answered 429 until the window passes, whatever token it sends.
limiter = Limiter(
    client_address,
    application_limits=[
        ApplicationLimit(
            limit_provider=lambda: str(current_app.config["RATELIMIT_FAILED_TOKENS"]),
            scope="failed-token",
            exempt_when=_reads_only,
            deduct_when=_token_refused,
            error_message=TOO_MANY,
        )
    ],
)

if TYPE_CHECKING:
    from flask_sqlalchemy.model import Model as _ModelMixin

    class Model(_ModelMixin, Base):
        """``db.Model`` as the type checker sees it: mypy cannot take an attribute as a base
        class, and Flask-SQLAlchemy builds ``db.Model`` from its ``Model`` mixin and the body
        of ``Base``."""

else:
    #: The base class of the models: Flask-SQLAlchemy's declarative model made from ``Base``.
    Model = db.Model
