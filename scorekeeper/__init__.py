"""scorekeeper: keeps the score of pinochle and Pinnacola played at a real table.

A light module: importing the package (or ``scorekeeper.rules``, the pure rules) loads no
Flask, no database, no Werkzeug. :func:`create_app` loads the web side when an app is built
(:mod:`scorekeeper.app`); tests/architecture/test_rules_import_alone.py holds this.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from flask import Flask


def create_app(config: Any = None) -> Flask:
    """The application factory: build an app from ``config`` (default: the environment).

    What ``gunicorn.conf.py`` (``scorekeeper:create_app()``), ``flask --app scorekeeper``, the
    tests and the benches call; its body is :func:`scorekeeper.app.create_app`, imported here so
    that only building an app loads Flask and the blueprints.
    """
    from .app import create_app as build

    return build(config)


def project_root() -> Path:
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


def migrations_dir() -> Path:
    """The Alembic scripts that ``flask db upgrade`` runs (top-level ``migrations/``)."""
    return project_root() / "migrations"
