"""The application factory's body (``scorekeeper.create_app`` calls :func:`create_app`): Flask,
the database, the blueprints. The package's ``__init__`` imports this module only when an app
is built, so ``import scorekeeper.rules`` loads none of it (issue 36)."""

from __future__ import annotations

from typing import Any

from flask import Flask

from . import i18n, migrations_dir, project_root
from .config import Config
from .extensions import babel, csrf, db, migrate
from .infra import (
    assets,
    backup,
    database_busy,
    engine,
    health,
    json_text,
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
    root = project_root()
    app = Flask(
        # The package's name, not this module's: it names the app's logger and instance folder.
        "scorekeeper",
        instance_relative_config=True,
        template_folder=str(root / "templates"),
        static_folder=str(root / "static"),
    )
    app.config.from_object(config if config is not None else Config(app.instance_path))
    # Flask's JSON, writing the hands' texts encoded once (issue 37: scorekeeper.infra.json_text).
    app.json = json_text.Provider(app)

    db.init_app(app)
    migrate.init_app(app, db, directory=str(migrations_dir()))
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
    database_busy.init_app(app)  # a lock or pool that timed out: 503, not 500 (issue 37)
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
