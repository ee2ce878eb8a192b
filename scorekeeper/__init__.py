"""scorekeeper: keeps the score of pinochle and Pinnacola played at a real table."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from flask import Flask

from . import i18n, security
from .config import Config
from .extensions import babel, csrf, db, migrate


def create_app(config: Any = None) -> Flask:
    """The application factory: build an app from ``config`` (default: the environment)."""
    root = _project_root()
    app = Flask(
        __name__,
        instance_relative_config=True,
        template_folder=str(root / "templates"),
        static_folder=str(root / "static"),
    )
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


def _project_root() -> Path:
    """The folder that holds ``templates/``, ``static/`` and ``migrations/`` (the design card's
    layout puts them beside the package)."""
    return Path(__file__).resolve().parent.parent


def _migrations_dir() -> Path:
    return _project_root() / "migrations"
