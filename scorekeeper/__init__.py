"""scorekeeper: keeps the score of pinochle and Pinnacola played at a real table."""

from __future__ import annotations

from typing import Any

from flask import Flask

from . import i18n, security
from .config import Config
from .extensions import babel, csrf, db, migrate


def create_app(config: Any = None) -> Flask:
    """The application factory: build an app from ``config`` (default: the environment)."""
    app = Flask(__name__, instance_relative_config=True)
    app.config.from_object(config if config is not None else Config(app.instance_path))

    db.init_app(app)
    migrate.init_app(app, db, directory=str(_migrations_dir()))
    csrf.init_app(app)
    babel.init_app(app, locale_selector=i18n.select_locale)
    i18n.init_app(app)
    security.init_app(app)

    from . import models  # noqa: F401  (the models must be known to Alembic)
    from .api import bp as api_bp
    from .main import bp as main_bp
    from .matches import bp as matches_bp
    from .tools import bp as tools_bp

    app.register_blueprint(main_bp)
    app.register_blueprint(matches_bp)
    app.register_blueprint(api_bp)
    app.register_blueprint(tools_bp)
    return app


def _migrations_dir() -> Any:
    from pathlib import Path

    return Path(__file__).resolve().parent.parent / "migrations"
