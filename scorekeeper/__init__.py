"""scorekeeper: keeps the score of pinochle and Pinnacola played at a real table."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from flask import Flask

from . import i18n
from .config import Config
from .extensions import babel, csrf, db, migrate
from .infra import (
    assets,
    backup,
    engine,
    health,
    observe,
    offline,
    rate_limits,
    replay_limits,
    security,
    sqlite,
    urls,
)
from .service import replay_work
from .service.replay_cache import ReplayCache
from .web import template_globals


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
    # Before security wraps the WSGI app in ProxyFix: the request log sees the fixed environ.
    observe.init_app(app)
    security.init_app(app)
    rate_limits.init_app(app)
    backup.init_app(app)
    sqlite.init_app(app)
    assets.init_app(app)
    template_globals.init_app(app)  # every global and filter of the templates
    urls.init_app(app)  # a number in a path within a column's range (issue 37)
    # The replay cache of this process (issue 14): validated by each match's version, so several
    # processes and servers need nothing shared.
    app.extensions["replay_cache"] = ReplayCache(int(app.config.get("REPLAY_CACHE_MATCHES", 0)))
    # The long replays it runs at once, and the hands replayed counted (issue 37).
    replay_limits.init_app(app)
    replay_work.init_app(
        app.extensions,
        int(app.config.get("REPLAY_CONCURRENCY", 0)),
        float(app.config.get("REPLAY_WAIT", 0.25)),
    )

    from . import models  # noqa: F401  (the models must be known to Alembic)
    from .api import bp as api_bp
    from .club import bp as club_bp
    from .errors import bp as errors_bp
    from .groups import bp as groups_bp
    from .i18n.switch import bp as i18n_bp
    from .main import bp as main_bp
    from .matches import bp as matches_bp
    from .tools import bp as tools_bp

    app.register_blueprint(i18n_bp)  # the language switch
    app.register_blueprint(errors_bp)
    app.register_blueprint(main_bp)
    app.register_blueprint(matches_bp)
    app.register_blueprint(groups_bp)
    app.register_blueprint(club_bp)  # club nights' pages (docs/club.md §18)
    app.register_blueprint(api_bp)
    app.register_blueprint(tools_bp)
    app.register_blueprint(health.bp)
    app.register_blueprint(offline.bp)  # /sw.js and the manifest (issue 16)
    app.register_blueprint(engine.bp)  # the phone's engine (docs/phone.md)
    return app


def _project_root() -> Path:
    """The folder that holds ``templates/``, ``static/`` and ``migrations/``, as an absolute path
    (so any working directory will do).

    In a source checkout or an editable install it is the repository: the design card's layout
    puts them beside the package. A wheel cannot put folders beside a package, so its build
    (``setup.py``) copies them into ``scorekeeper/_layout/``. That folder is looked for first:
    beside an installed package lies ``site-packages``, where another project's ``templates/``
    might be; a checkout never has it.
    """
    package = Path(__file__).resolve().parent
    installed = package / "_layout"
    return installed if installed.is_dir() else package.parent


def _migrations_dir() -> Path:
    """The Alembic scripts that ``flask db upgrade`` runs (top-level ``migrations/``)."""
    return _project_root() / "migrations"
