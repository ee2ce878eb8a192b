"""The pages' side of the phone's engine (docs/phone.md "Loading"): the match page of the phone
that scores names the engine's build (``<main data-rules>``) when the server offers the engine,
and only then; every page says ``<html data-engine="off">``; a phone's report of an answer that
differed from the server's reaches the server's log."""

from __future__ import annotations

import json
import logging
import re
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.config import Config
from scorekeeper.infra import engine
from scorekeeper.infra.engine_bundle import rules_build
from tests.helpers import MatchClient, limited_apps

MAIN = re.compile(r"<main\b[^>]*>")


def _main_of(html: str) -> str:
    found = MAIN.search(html)
    assert found, "the page has no <main>"
    return found.group(0)


@pytest.fixture
def engine_on(app: Flask) -> str:
    """The engine offered (the setting on; this server's engine built in static/engine/): its
    build's first 16 hex digits."""
    app.config["PHONE_ENGINE"] = True
    with app.app_context():
        if engine.engine_manifest() is None:
            pytest.skip("static/engine/ holds no engine of this build: scripts/phone_bundle.py")
    return rules_build()[:16]


def test_the_scoring_phones_match_page_names_the_engines_build(
    client: FlaskClient, table: MatchClient, engine_on: str
) -> None:
    url = table.start("pinochle-2")
    main = _main_of(client.get(url).get_data(as_text=True))
    assert f'data-rules="{engine_on}"' in main
    assert "engine.js" not in main  # app.js finds it next to /sw.js: no byte of the page
    with client.get("/engine.js") as script:  # a file answer: closed, or it warns
        assert script.status_code == 200
        assert script.mimetype == "text/javascript"
        assert "no-cache" in script.headers["Cache-Control"]
        assert b"sk-engine-" in script.get_data()


def test_a_watching_phone_is_not_offered_the_engine(
    app: Flask, table: MatchClient, engine_on: str
) -> None:
    url = table.start("pinochle-2")
    html = app.test_client().get(url).get_data(as_text=True)
    assert "data-rules" not in _main_of(html)
    assert "engine.js" not in html


def test_with_the_setting_off_no_page_offers_the_engine(
    client: FlaskClient, app: Flask, table: MatchClient
) -> None:
    assert app.config["PHONE_ENGINE"] is False  # the suite's default (scorekeeper/config.py)
    url = table.start("pinochle-2")
    html = client.get(url).get_data(as_text=True)
    assert "data-rules" not in html
    assert "engine.js" not in html
    assert 'data-engine="off"' in html


def test_without_this_servers_engine_no_page_offers_it(
    client: FlaskClient, app: Flask, table: MatchClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    app.config["PHONE_ENGINE"] = True
    monkeypatch.setattr(engine, "rules_build", lambda: "0" * 64)  # static/engine/ is stale
    url = table.start("pinochle-2")
    assert "data-rules" not in client.get(url).get_data(as_text=True)
    assert client.get("/engine/manifest.json").status_code == 404


@pytest.mark.parametrize("path", ["/", "/new"])
def test_every_page_says_the_engine_is_off(client: FlaskClient, path: str) -> None:
    html = client.get(path).get_data(as_text=True)
    assert re.search(r'<html\b[^>]*\bdata-engine="off"', html)


def test_the_setting_follows_its_environment_variable(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("SECRET_KEY", "x")
    monkeypatch.delenv("SCOREKEEPER_ENGINE", raising=False)
    assert Config(str(tmp_path)).PHONE_ENGINE is True
    for off in ("0", "off", "false", "no"):
        monkeypatch.setenv("SCOREKEEPER_ENGINE", off)
        assert Config(str(tmp_path)).PHONE_ENGINE is False
    monkeypatch.setenv("SCOREKEEPER_ENGINE", "1")
    assert Config(str(tmp_path)).PHONE_ENGINE is True


def test_a_report_of_a_difference_reaches_the_servers_log(
    client: FlaskClient, caplog: pytest.LogCaptureFixture
) -> None:
    report = {
        "build": rules_build(),
        "match": "m1",
        "op": {"method": "POST", "path": "/hands", "fields": [["meld_0", "150"]]},
        "phone": {"totals": {"Ana": 280}},
        "server": {"totals": {"Ana": 290}},
    }
    with caplog.at_level(logging.WARNING, logger="scorekeeper.engine"):
        answer = client.post("/engine/report", json=report)
    assert answer.status_code == 204
    records = [r for r in caplog.records if r.getMessage() == "engine_difference"]
    assert len(records) == 1
    fields = records[0].fields  # type: ignore[attr-defined]
    assert fields["event"] == "engine_difference"
    assert fields["phone"] == {"totals": {"Ana": 280}}
    assert fields["server"] == {"totals": {"Ana": 290}}
    assert fields["match"] == "m1"
    assert fields["server_build"] == rules_build()


def test_a_report_needs_no_csrf_token(app: Flask, caplog: pytest.LogCaptureFixture) -> None:
    app.config["WTF_CSRF_ENABLED"] = True
    with caplog.at_level(logging.WARNING, logger="scorekeeper.engine"):
        answer = app.test_client().post("/engine/report", json={"build": "x", "match": "m"})
    assert answer.status_code == 204


@pytest.mark.parametrize(
    "body",
    ["not json", json.dumps([1, 2]), json.dumps({"build": 3}), json.dumps({"other": 1})],
)
def test_a_report_that_is_not_one_is_refused(client: FlaskClient, body: str) -> None:
    answer = client.post("/engine/report", data=body, content_type="application/json")
    assert answer.status_code == 400


def test_a_report_too_large_is_refused_unlogged(
    client: FlaskClient, caplog: pytest.LogCaptureFixture
) -> None:
    big = {"build": "x", "match": "m", "phone": "a" * (engine.REPORT_BYTES + 1)}
    with caplog.at_level(logging.WARNING, logger="scorekeeper.engine"):
        answer = client.post("/engine/report", json=big)
    assert answer.status_code == 413
    assert not [r for r in caplog.records if r.getMessage() == "engine_difference"]


def test_reports_are_rate_limited(app: Flask, tmp_path: Path) -> None:
    with limited_apps(app, tmp_path) as make:
        client = make(RATELIMIT_ENGINE_REPORTS="2 per minute").test_client()
        codes = [client.post("/engine/report", json={"match": "m"}).status_code for _ in range(3)]
    assert codes == [204, 204, 429]
