"""Secure wherever it is served (issue 13 item 6): a ``Secure`` session cookie under HTTPS,
``no-store`` on what carries an edit token, links from ``PUBLIC_URL`` rather than the ``Host``
header, proxy headers believed only from ``TRUSTED_PROXIES``, and ``instance/`` files that only
their owner reads.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from scorekeeper import config as settings
from scorekeeper import create_app
from scorekeeper.extensions import db
from tests import helpers
from tests.helpers import API

MATCH = {"variant": "pinochle-2", "players": ["Ana", "Ben"]}


def create(client: FlaskClient, **kwargs: Any) -> TestResponse:
    response = client.post(f"{API}/matches", json=MATCH, **kwargs)
    assert response.status_code == 201, response.get_json()
    return response


def session_cookie(response: TestResponse) -> str:
    """The ``Set-Cookie`` header of the session cookie (it must be there)."""
    cookies = [c for c in response.headers.getlist("Set-Cookie") if c.startswith("session=")]
    assert len(cookies) == 1, response.headers
    return cookies[0]


def attributes(cookie: str) -> set[str]:
    return {part.strip().split("=")[0].lower() for part in cookie.split(";")[1:]}


def keep_token(client: FlaskClient, base_url: str = "http://localhost") -> tuple[str, str]:
    """A match whose edit token this client keeps, with a scorekeeper link made; id, token."""
    match = create(client).get_json()
    helpers.keep_token(client, match["id"], match["edit_token"])
    helpers.scorekeeper_link(client, match["id"])
    return match["id"], match["edit_token"]


# --- The session cookie ----------------------------------------------------------------------


def test_the_session_cookie_is_secure_over_https_only(app: Flask) -> None:
    over_https = app.test_client()
    public_id = create(over_https).get_json()["id"]
    # Opening a match puts it in this phone's list (the session cookie is set).
    page = over_https.get(f"/m/{public_id}", base_url="https://localhost")
    assert {"secure", "httponly", "samesite"} <= attributes(session_cookie(page))

    over_http = app.test_client()
    page = over_http.get(f"/m/{public_id}", base_url="http://localhost")
    assert "secure" not in attributes(session_cookie(page))
    assert {"httponly", "samesite"} <= attributes(session_cookie(page))


def test_the_language_cookie_is_secure_over_https_only(app: Flask) -> None:
    def language_cookie(base_url: str) -> str:
        answer = app.test_client().get("/lang/es?next=/", base_url=base_url)
        cookies = [c for c in answer.headers.getlist("Set-Cookie") if c.startswith("lang=")]
        assert len(cookies) == 1, answer.headers
        return cookies[0]

    assert {"secure", "httponly", "samesite"} <= attributes(language_cookie("https://localhost"))
    assert "secure" not in attributes(language_cookie("http://localhost"))


def test_session_cookie_secure_set_makes_it_secure_over_http_too(app: Flask) -> None:
    app.config["SESSION_COOKIE_SECURE"] = True
    client = app.test_client()
    public_id = create(client).get_json()["id"]
    page = client.get(f"/m/{public_id}", base_url="http://localhost")
    assert "secure" in attributes(session_cookie(page))


# --- no-store on what carries a token ----------------------------------------------------------


def test_what_carries_an_edit_token_is_kept_by_no_cache(app: Flask) -> None:
    client = app.test_client()
    created = create(client)
    assert "edit_token" in created.get_json()
    assert created.headers["Cache-Control"] == "no-store"

    # The scorekeeper link gives the token to this phone's cookie: that answer, and the share
    # page (whose scorekeeper link or code is a secret), are stored nowhere.
    match = created.get_json()
    helpers.keep_token(client, match["id"], match["edit_token"])
    joined = helpers.open_scorekeeper_link(
        client.application.test_client(), helpers.scorekeeper_link(client, match["id"])
    )
    assert joined.status_code == 303
    assert joined.headers["Cache-Control"] == "no-store"
    assert "session=" in joined.headers["Set-Cookie"]
    assert client.get(f"/m/{match['id']}/share").headers["Cache-Control"] == "no-store"

    # A page made for a phone that holds a token: no shared cache may keep it, though the
    # phone's own cache may; the match page (its hand form) no cache at all, though the cookie
    # goes out only when it changed (issue 26). Static files, cached by everyone for a year
    # (scorekeeper.assets), never carry it.
    css = client.get("/static/app.css")
    css.close()
    assert not any(c.startswith("session=") for c in css.headers.getlist("Set-Cookie"))
    assert "private" not in css.headers["Cache-Control"]
    board = client.get(f"/m/{match['id']}/board")
    assert {"private", "no-store"} & set(board.headers["Cache-Control"].replace(" ", "").split(","))
    client.get(f"/m/{match['id']}")
    again = client.get(f"/m/{match['id']}")
    assert not any(c.startswith("session=") for c in again.headers.getlist("Set-Cookie"))
    assert again.headers["Cache-Control"] == "no-store"

    # A watcher holds no token: the pages it reads stay cacheable as before.
    watcher = app.test_client()
    watched = watcher.get(f"/m/{match['id']}/board")
    assert "no-store" not in watched.headers.get("Cache-Control", "")
    assert "private" not in watched.headers.get("Cache-Control", "")


def test_the_api_read_of_a_match_carries_no_token_and_stays_cheap(client: FlaskClient) -> None:
    match = create(client).get_json()
    read = client.get(f"{API}/matches/{match['id']}")
    assert "edit_token" not in read.get_json()
    assert read.headers["Cache-Control"] == "no-cache"


# --- Links from PUBLIC_URL, proxies from TRUSTED_PROXIES ----------------------------------------


def share_page(client: FlaskClient, public_id: str, **kwargs: Any) -> str:
    response = client.get(f"/m/{public_id}/share", **kwargs)
    assert response.status_code == 200
    return response.get_data(as_text=True)


def test_share_links_come_from_public_url_never_from_the_host_header(app: Flask) -> None:
    app.config["PUBLIC_URL"] = "https://cards.example.org/score"
    client = app.test_client()
    public_id, _ = keep_token(client)
    html = share_page(client, public_id)
    assert f"https://cards.example.org/score/m/{public_id}/board" in html
    assert f"https://cards.example.org/score/m/{public_id}/join?" in html
    assert "localhost" not in html
    html = share_page(client, public_id, headers={"Host": "evil.example"})
    assert f"https://cards.example.org/score/m/{public_id}/board" in html
    assert "evil.example" not in html
    # X-Forwarded-Host is not believed either (no TRUSTED_PROXIES).
    html = share_page(client, public_id, headers={"X-Forwarded-Host": "evil.example"})
    assert "evil.example" not in html


def test_without_public_url_links_name_the_address_the_phone_used(app: Flask) -> None:
    assert app.config["PUBLIC_URL"] is None
    client = app.test_client()
    public_id, _ = keep_token(client)
    html = share_page(client, public_id, base_url="http://192.168.1.20:5000")
    assert f"http://192.168.1.20:5000/m/{public_id}/board" in html
    # Proxy headers are ignored: no client can claim HTTPS or another host.
    html = share_page(
        client,
        public_id,
        headers={"X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "https"},
    )
    assert "evil.example" not in html
    assert f"http://localhost/m/{public_id}/board" in html
    page = client.get(f"/m/{public_id}", headers={"X-Forwarded-Proto": "https"})
    assert "secure" not in attributes(session_cookie(page))
    assert "Strict-Transport-Security" not in page.headers


@pytest.fixture
def proxied_app(_migrated: str, tmp_path: Path) -> Iterator[Flask]:
    """The app behind one trusted reverse proxy (``TRUSTED_PROXIES=1``)."""
    config = settings.TestConfig(str(tmp_path / "instance"), _migrated)
    config.TRUSTED_PROXIES = 1
    app = create_app(config)
    yield app
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


def test_a_trusted_proxy_says_the_scheme_host_and_client(proxied_app: Flask) -> None:
    client = proxied_app.test_client()
    public_id, _ = keep_token(client)
    forwarded = {
        "X-Forwarded-Proto": "https",
        "X-Forwarded-Host": "cards.example.org",
        "X-Forwarded-For": "203.0.113.7",
    }
    html = share_page(client, public_id, headers=forwarded)
    assert f"https://cards.example.org/m/{public_id}/board" in html
    page = client.get(f"/m/{public_id}", headers=forwarded)
    assert "secure" in attributes(session_cookie(page))
    assert page.headers["Strict-Transport-Security"] == "max-age=31536000"


def test_public_url_and_trusted_proxies_are_read_from_the_environment(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("SECRET_KEY", "k")
    monkeypatch.setenv("PUBLIC_URL", "https://cards.example.org/")
    monkeypatch.setenv("TRUSTED_PROXIES", "2")
    config = settings.Config(str(tmp_path))
    assert config.PUBLIC_URL == "https://cards.example.org"
    assert config.TRUSTED_PROXIES == 2
    monkeypatch.delenv("PUBLIC_URL")
    monkeypatch.delenv("TRUSTED_PROXIES")
    config = settings.Config(str(tmp_path))
    assert (config.PUBLIC_URL, config.TRUSTED_PROXIES) == (None, 0)
    for variable, wrong in [
        ("PUBLIC_URL", "cards.example.org"),
        ("PUBLIC_URL", "javascript:alert(1)"),
        ("PUBLIC_URL", "https://cards.example.org/?x=1"),
        ("PUBLIC_URL", "https://user:pw@cards.example.org"),
        ("TRUSTED_PROXIES", "yes"),
        ("TRUSTED_PROXIES", "-1"),
        ("TRUSTED_PROXIES", "\u00b2"),
    ]:
        monkeypatch.setenv(variable, wrong)
        with pytest.raises(ValueError, match=variable):
            settings.Config(str(tmp_path))
        monkeypatch.delenv(variable)


# --- instance/ files: mode 600 ------------------------------------------------------------------


@pytest.fixture
def open_umask() -> Iterator[None]:
    """A umask that leaves every new file world-readable and -writable, the worst case: only
    the modes the app asks for itself protect the files."""
    old = os.umask(0)
    yield
    os.umask(old)


@pytest.fixture
def chmod_calls(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, int]]:
    """Each ``os.chmod`` with the mode the file had just before: a file made readable by all
    and tightened afterwards was readable by all in between."""
    calls: list[tuple[str, int]] = []
    chmod = os.chmod

    def recording(path: Any, mode: int, *args: Any, **kwargs: Any) -> None:
        calls.append((str(path), stat.S_IMODE(os.stat(path).st_mode)))
        chmod(path, mode, *args, **kwargs)

    monkeypatch.setattr(os, "chmod", recording)
    return calls


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.mark.usefixtures("open_umask")
def test_the_secret_key_file_is_never_readable_by_others(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, chmod_calls: list[tuple[str, int]]
) -> None:
    monkeypatch.delenv("SECRET_KEY", raising=False)
    instance = tmp_path / "instance"
    key = settings.Config(str(instance)).SECRET_KEY
    assert len(key) >= 48
    assert mode(instance / "secret_key") == 0o600
    assert mode(instance) == 0o700
    assert all(before & 0o077 == 0 for _, before in chmod_calls), chmod_calls
    assert sorted(p.name for p in instance.iterdir()) == ["secret_key"]  # no temporary left
    # The same key on the next start.
    assert key == settings.Config(str(instance)).SECRET_KEY


def test_a_secret_key_file_left_readable_is_tightened(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv("SECRET_KEY", raising=False)
    (tmp_path / "secret_key").write_text("kept")
    (tmp_path / "secret_key").chmod(0o644)
    assert settings.Config(str(tmp_path)).SECRET_KEY == "kept"
    assert mode(tmp_path / "secret_key") == 0o600


@pytest.mark.usefixtures("open_umask")
def test_the_sqlite_database_file_is_readable_by_its_owner_only(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # The default database of bin/run: instance/scorekeeper.sqlite.
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.delenv("SECRET_KEY", raising=False)
    instance = tmp_path / "instance"
    database = instance / "scorekeeper.sqlite"
    app = create_app(settings.Config(str(instance)))
    assert app.config["SQLALCHEMY_DATABASE_URI"] == f"sqlite:///{database}"
    with app.app_context():
        db.session.execute(sa.text("CREATE TABLE t (x INTEGER)"))
        db.session.execute(sa.text("INSERT INTO t VALUES (1)"))
        db.session.commit()
        db.engine.dispose()
    assert database.stat().st_size > 0
    assert mode(database) == 0o600
    assert all(mode(p) & 0o077 == 0 for p in instance.iterdir()), {
        p.name: oct(mode(p)) for p in instance.iterdir()
    }


def test_a_database_file_left_readable_is_tightened(tmp_path: Path) -> None:
    database = tmp_path / "old.sqlite"
    database.touch()
    database.chmod(0o644)
    app = create_app(settings.TestConfig(str(tmp_path), f"sqlite:///{database}"))
    with app.app_context():
        db.session.execute(sa.text("SELECT 1"))
        db.engine.dispose()
    assert mode(database) == 0o600
