"""Extensions created once here and bound to an app in the factory."""

from __future__ import annotations

import ipaddress
from typing import TYPE_CHECKING

from flask import request
from flask_babel import Babel
from flask_limiter import Limiter
from flask_migrate import Migrate
from flask_sqlalchemy import SQLAlchemy
from flask_wtf import CSRFProtect
from sqlalchemy.orm import DeclarativeBase

from .rules.core.text import N_


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


#: Rate limits (scorekeeper.infra.rate_limits): the limits of views, and the counts of refusals
#: for a credential that module keeps after the answer.
limiter = Limiter(client_address)

if TYPE_CHECKING:
    from flask_sqlalchemy.model import Model as _ModelMixin

    class Model(_ModelMixin, Base):
        """``db.Model`` as the type checker sees it: mypy cannot take an attribute as a base
        class, and Flask-SQLAlchemy builds ``db.Model`` from its ``Model`` mixin and the body
        of ``Base``."""

else:
    #: The base class of the models: Flask-SQLAlchemy's declarative model made from ``Base``.
    Model = db.Model
