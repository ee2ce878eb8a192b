"""Configuration read from the environment, with defaults that are safe for a kitchen table."""

from __future__ import annotations

import os
import secrets
from pathlib import Path


def _instance_secret(instance_path: str) -> str:
    """A secret key kept in the instance folder (never in the repository), made on first run.

    A real deployment sets ``SECRET_KEY``; this only spares the one-command run from needing it.
    """
    path = Path(instance_path) / "secret_key"
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(secrets.token_urlsafe(48))
        path.chmod(0o600)
    return path.read_text().strip()


class Config:
    """Production settings: everything secret or site-specific comes from the environment."""

    SQLALCHEMY_ENGINE_OPTIONS = {"pool_pre_ping": True}
    SESSION_COOKIE_HTTPONLY = True
    SESSION_COOKIE_SAMESITE = "Lax"
    SESSION_COOKIE_SECURE = os.environ.get("SESSION_COOKIE_SECURE", "") == "1"
    PERMANENT_SESSION_LIFETIME = 60 * 60 * 24 * 365
    WTF_CSRF_TIME_LIMIT = None  # a phone left on the table overnight still submits
    MAX_CONTENT_LENGTH = 256 * 1024
    BABEL_DEFAULT_LOCALE = "en"
    LANGUAGES = ("en", "es", "it", "ru")

    def __init__(self, instance_path: str) -> None:
        self.SECRET_KEY = os.environ.get("SECRET_KEY") or _instance_secret(instance_path)
        default_db = "sqlite:///" + str(Path(instance_path) / "scorekeeper.sqlite")
        self.SQLALCHEMY_DATABASE_URI = normalise_database_url(
            os.environ.get("DATABASE_URL") or default_db
        )


class TestConfig(Config):
    """Tests: a given database, no CSRF token needed by the test client unless a test asks."""

    TESTING = True
    WTF_CSRF_ENABLED = False

    def __init__(self, instance_path: str, database_url: str) -> None:
        super().__init__(instance_path)
        self.SECRET_KEY = "test-only-secret"
        self.SQLALCHEMY_DATABASE_URI = normalise_database_url(database_url)


def normalise_database_url(url: str) -> str:
    """Let ``postgres://`` and ``postgresql://`` URLs use psycopg 3, the driver installed."""
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url
