"""Serving in production (issue 17; docs/hosting.md): the health checks, the JSON log lines
with their request id, and the settings a host gives by environment.

In-process, on the test session's database (SQLite or PostgreSQL) unless a test needs a
database in a state of its own. The JSON lines are read from stderr (``capsys``), where the
app writes them.
"""

from __future__ import annotations

import json
import re
import runpy
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from alembic.script import ScriptDirectory
from flask import Flask
from flask_migrate import upgrade

from scorekeeper import config as configuration
from scorekeeper import create_app, migrations_dir
from scorekeeper.extensions import db
from tests.helpers import API, EXAMPLE_MATCH, statements

ROOT = Path(__file__).resolve().parent.parent
HEAD = ScriptDirectory(str(migrations_dir())).get_current_head()


def json_lines(text: str) -> list[dict[str, Any]]:
    """Every line of ``text`` as JSON (each must be a JSON object: nothing else is logged)."""
    lines = [json.loads(line) for line in text.splitlines() if line.strip()]
    assert all(isinstance(line, dict) for line in lines), lines
    return lines


def request_lines(text: str) -> list[dict[str, Any]]:
    return [line for line in json_lines(text) if line.get("event") == "request"]


# --- /healthz and /readyz ----------------------------------------------------------------------


def test_healthz_says_the_process_is_up_and_touches_no_database(app: Flask) -> None:
    client = app.test_client()
    with statements(app) as sent:
        answer = client.get("/healthz")
    assert answer.status_code == 200
    assert answer.get_json() == {"status": "ok"}
    assert answer.headers["Cache-Control"] == "no-store"
    assert sent == []


def test_readyz_is_200_at_the_head_and_reads_no_match(app: Flask) -> None:
    client = app.test_client()
    assert client.post(f"{API}/matches", json=EXAMPLE_MATCH).status_code == 201
    with statements(app) as sent:
        answer = client.get("/readyz")
    assert answer.status_code == 200, answer.get_json()
    assert answer.get_json() == {"status": "ready", "schema": [HEAD], "rate_limits": "off"}
    assert answer.headers["Cache-Control"] == "no-store"
    assert any("alembic_version" in statement for statement in sent), sent
    tables = set(db.metadata.tables)
    for statement in sent:
        named = set(re.findall(r"\w+", statement.lower())) & tables
        assert not named, f"/readyz read {named}: {statement}"


def test_readyz_is_503_while_the_schema_is_behind_the_migrations(app: Flask) -> None:
    assert HEAD is not None  # the migrations have one head
    previous = ScriptDirectory(str(migrations_dir())).get_revision(HEAD).down_revision
    assert isinstance(previous, str)
    version = sa.text("UPDATE alembic_version SET version_num = :to")
    with app.app_context():
        db.session.execute(version, {"to": previous})
        db.session.commit()
    try:
        answer = app.test_client().get("/readyz")
    finally:
        with app.app_context():
            db.session.execute(version, {"to": HEAD})
            db.session.commit()
    assert answer.status_code == 503
    assert answer.get_json() == {
        "status": "unavailable",
        "reason": "schema",
        "schema": [previous],
        "head": [HEAD],
    }
    assert app.test_client().get("/readyz").status_code == 200


def test_readyz_is_503_on_a_database_never_migrated_then_200_once_it_is(tmp_path: Path) -> None:
    app = create_app(
        configuration.TestConfig(str(tmp_path / "instance"), f"sqlite:///{tmp_path / 'new.db'}")
    )
    client = app.test_client()
    answer = client.get("/readyz")
    assert answer.status_code == 503
    assert answer.get_json()["reason"] == "schema"
    assert client.get("/healthz").status_code == 200  # up, only not ready
    with app.app_context():
        upgrade()
    assert client.get("/readyz").status_code == 200
    with app.app_context():
        db.engine.dispose()


def test_readyz_is_503_when_the_database_does_not_answer(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # A SQLite file in a folder that is not there cannot be opened: the database is down.
    url = f"sqlite:///{tmp_path / 'missing-folder' / 'db.sqlite'}"
    app = create_app(configuration.TestConfig(str(tmp_path / "instance"), url))
    client = app.test_client()
    answer = client.get("/readyz")
    assert answer.status_code == 503
    # The cause is for the log, not for whoever asks (it may name hosts and users).
    assert answer.get_json() == {"status": "unavailable", "reason": "database"}
    assert client.get("/healthz").status_code == 200
    warned = [line for line in json_lines(capsys.readouterr().err) if line["level"] == "warning"]
    assert len(warned) == 1
    assert "OperationalError" in warned[0]["error"]


# --- One JSON line per request, X-Request-ID ----------------------------------------------------


def test_each_request_is_one_json_line_with_the_id_it_answers_with(
    app: Flask, capsys: pytest.CaptureFixture[str]
) -> None:
    client = app.test_client()
    capsys.readouterr()
    answer = client.get("/healthz", headers={"X-Request-ID": "probe-42"})
    assert answer.headers["X-Request-ID"] == "probe-42"
    missing = client.get("/no-such-page")
    assert missing.status_code == 404

    lines = request_lines(capsys.readouterr().err)
    assert len(lines) == 2, lines
    first, second = lines
    assert first["request_id"] == "probe-42"
    assert {key: first[key] for key in ("level", "method", "path", "status")} == {
        "level": "info",
        "method": "GET",
        "path": "/healthz",
        "status": 200,
    }
    assert isinstance(first["duration_ms"], float | int)
    assert first["duration_ms"] >= 0
    assert (second["path"], second["status"]) == ("/no-such-page", 404)
    assert second["request_id"] == missing.headers["X-Request-ID"]
    assert re.fullmatch(r"[0-9a-f]{32}", second["request_id"])


@pytest.mark.parametrize(
    "incoming",
    ["", "two words", "x" * 129, "id\u00e9", "-starts-with-a-dash", "a;b", "<script>"],
)
def test_an_odd_incoming_request_id_is_replaced(app: Flask, incoming: str) -> None:
    client = app.test_client()
    first = client.get("/healthz", headers={"X-Request-ID": incoming}).headers["X-Request-ID"]
    second = client.get("/healthz", headers={"X-Request-ID": incoming}).headers["X-Request-ID"]
    assert re.fullmatch(r"[0-9a-f]{32}", first)
    assert first != second


def test_no_secret_reaches_the_log(app: Flask, capsys: pytest.CaptureFixture[str]) -> None:
    client = app.test_client()
    created = client.post(f"{API}/matches", json={"variant": "auction", "players": list("ABCD")})
    match = created.get_json()
    token = match["edit_token"]
    auth = {"Authorization": f"Bearer {token}"}
    added = client.post(
        f"{API}/matches/{match['id']}/hands", json={"outcome": "all_pass"}, headers=auth
    )
    assert added.status_code == 201
    # A scorekeeper link carries its secret in the query string.
    client.get(f"/m/{match['id']}/join?code=SECRET-CODE-123&token={token}")
    client.get(f"/m/{match['id']}?token={token}&lang=es")

    err = capsys.readouterr().err
    assert token not in err
    assert "SECRET-CODE-123" not in err
    assert "?" not in "".join(line["path"] for line in request_lines(err))
    paths = [line["path"] for line in request_lines(err)]
    assert f"/m/{match['id']}/join" in paths
    assert f"/m/{match['id']}" in paths


@pytest.mark.own_app  # it adds a route
def test_an_unhandled_error_is_one_json_line_with_the_request_id(
    app: Flask, capsys: pytest.CaptureFixture[str]
) -> None:
    app.config["PROPAGATE_EXCEPTIONS"] = False  # as served (TESTING would raise it instead)

    @app.get("/test-only-boom")
    def boom() -> str:
        raise RuntimeError("kaboom\nsecond line")

    capsys.readouterr()
    answer = app.test_client().get("/test-only-boom?token=hidden", headers={"X-Request-ID": "r-1"})
    assert answer.status_code == 500
    assert answer.headers["X-Request-ID"] == "r-1"

    err = capsys.readouterr().err
    lines = json_lines(err)  # the traceback is inside one line's JSON, newlines escaped
    errors = [line for line in lines if line.get("event") == "error"]
    assert len(errors) == 1, lines
    error = errors[0]
    assert error["level"] == "error"
    assert (error["method"], error["path"], error["request_id"]) == (
        "GET",
        "/test-only-boom",
        "r-1",
    )
    assert error["error"] == "RuntimeError: kaboom\nsecond line"
    assert "Traceback" in error["traceback"]
    assert "raise RuntimeError" in error["traceback"]
    assert [(line["status"], line["request_id"]) for line in request_lines(err)] == [(500, "r-1")]
    assert "hidden" not in err


# --- Settings by environment ------------------------------------------------------------------


def test_an_https_public_url_makes_the_session_cookie_secure_even_over_http(
    monkeypatch: pytest.MonkeyPatch, app: Flask, tmp_path: Path
) -> None:
    monkeypatch.setenv("PUBLIC_URL", "https://cards.example.org")
    config = configuration.TestConfig(
        str(tmp_path / "instance"), app.config["SQLALCHEMY_DATABASE_URI"]
    )
    assert config.SESSION_COOKIE_SECURE is True
    served = create_app(config)
    client = served.test_client()
    public_id = client.post(f"{API}/matches", json=EXAMPLE_MATCH).get_json()["id"]
    # Over plain HTTP: the TLS proxy in front is not trusted (TRUSTED_PROXIES unset).
    page = client.get(f"/m/{public_id}", base_url="http://10.0.0.5")
    with served.app_context():
        db.engine.dispose()
    cookie = next(c for c in page.headers.getlist("Set-Cookie") if c.startswith("session="))
    assert "secure" in cookie.lower()

    monkeypatch.setenv("PUBLIC_URL", "http://192.168.1.20:5000")
    assert configuration.Config(str(tmp_path / "instance")).SESSION_COOKIE_SECURE is False


def test_the_rate_limit_key_prefix_is_read_from_the_environment(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("RATELIMIT_KEY_PREFIX", "club-a")
    assert configuration.Config(str(tmp_path)).RATELIMIT_KEY_PREFIX == "club-a"
    monkeypatch.delenv("RATELIMIT_KEY_PREFIX")
    assert configuration.Config(str(tmp_path)).RATELIMIT_KEY_PREFIX == ""


def test_gunicorn_reads_host_port_workers_and_threads(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOST", "127.0.0.1")
    monkeypatch.setenv("PORT", "8123")
    monkeypatch.setenv("WORKERS", "3")
    monkeypatch.setenv("THREADS", "5")
    settings = runpy.run_path(str(ROOT / "gunicorn.conf.py"))
    assert (settings["bind"], settings["workers"], settings["threads"]) == ("127.0.0.1:8123", 3, 5)
    for name in ("HOST", "PORT", "WORKERS", "THREADS"):
        monkeypatch.delenv(name)
    settings = runpy.run_path(str(ROOT / "gunicorn.conf.py"))
    assert (settings["bind"], settings["workers"], settings["threads"]) == ("0.0.0.0:5000", 2, 128)


def _documented(markdown: str, heading: str) -> set[str]:
    """The variables named in the first column of the table under ``heading``."""
    section = markdown.split(heading, 1)[1].split("\n#", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("| `")]
    return {name for row in rows for name in re.findall(r"`([A-Z_]+)`", row.split("|")[1])}


def test_the_documented_variables_are_those_the_app_reads() -> None:
    sources = [*(ROOT / "scorekeeper").rglob("*.py"), ROOT / "gunicorn.conf.py"]
    read = {
        name
        for source in sources
        # The process's environment (os.environ), not a request's WSGI environ.
        for name in re.findall(r"os\.environ\.get\(\s*[\"']([A-Z_]+)[\"']", source.read_text())
    }
    assert {"SECRET_KEY", "DATABASE_URL", "HOST"} <= read, read
    hosting = _documented((ROOT / "docs/hosting.md").read_text(), "## Environment")
    readme = _documented((ROOT / "README.md").read_text(), "## Configuration")
    assert hosting == read
    assert readme == read
