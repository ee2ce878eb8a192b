"""Extensions created once here and bound to an app in the factory."""

from __future__ import annotations

from typing import TYPE_CHECKING

from flask_babel import Babel
from flask_migrate import Migrate
from flask_sqlalchemy import SQLAlchemy
from flask_wtf import CSRFProtect
from sqlalchemy.orm import DeclarativeBase


class Base(DeclarativeBase):
    """Declarative base of every model."""


db = SQLAlchemy(model_class=Base)
migrate = Migrate()
csrf = CSRFProtect()
babel = Babel()

if TYPE_CHECKING:
    from flask_sqlalchemy.model import Model as _ModelMixin

    class Model(_ModelMixin, Base):
        """``db.Model`` as the type checker sees it: mypy cannot take an attribute as a base
        class, and Flask-SQLAlchemy builds ``db.Model`` from its ``Model`` mixin and the body
        of ``Base``."""

else:
    #: The base class of the models: Flask-SQLAlchemy's declarative model made from ``Base``.
    Model = db.Model
