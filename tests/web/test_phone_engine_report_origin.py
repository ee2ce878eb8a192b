"""Who may post ``/engine/report`` (issue 37 point 4, docs/phone.md "Loading"): JSON from this
server's own pages, small, nested no deeper than the API's bodies; a report made by an engine of
an older build (the server's rules upgraded since) is logged as expected, not as a difference."""

from __future__ import annotations

import json
import logging

import pytest
from flask.testing import FlaskClient

from scorekeeper.infra import engine
from scorekeeper.infra.engine_bundle import rules_build


def _events(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == "scorekeeper.engine"]


def test_a_cross_site_text_plain_post_is_refused_unlogged(
    client: FlaskClient, caplog: pytest.LogCaptureFixture
) -> None:
    # What a form or a no-cors fetch of any other page can send without a preflight.
    body = json.dumps({"build": rules_build(), "match": "m1"})
    with caplog.at_level(logging.INFO, logger="scorekeeper.engine"):
        answer = client.post("/engine/report", data=body, content_type="text/plain")
    assert answer.status_code == 415
    assert _events(caplog) == []


@pytest.mark.parametrize(
    "headers",
    [
        {"Sec-Fetch-Site": "cross-site"},
        {"Sec-Fetch-Site": "same-site"},
        {"Origin": "https://evil.example"},
        {"Origin": "null"},
    ],
)
def test_a_report_from_another_sites_page_is_refused(
    client: FlaskClient, caplog: pytest.LogCaptureFixture, headers: dict[str, str]
) -> None:
    with caplog.at_level(logging.INFO, logger="scorekeeper.engine"):
        answer = client.post(
            "/engine/report", json={"build": rules_build(), "match": "m1"}, headers=headers
        )
    assert answer.status_code == 403
    assert _events(caplog) == []


@pytest.mark.parametrize(
    "headers", [{"Sec-Fetch-Site": "same-origin"}, {"Origin": "http://localhost"}]
)
def test_a_report_from_this_servers_page_is_taken(
    client: FlaskClient, caplog: pytest.LogCaptureFixture, headers: dict[str, str]
) -> None:
    with caplog.at_level(logging.INFO, logger="scorekeeper.engine"):
        answer = client.post(
            "/engine/report", json={"build": rules_build(), "match": "m1"}, headers=headers
        )
    assert answer.status_code == 204
    assert _events(caplog) == ["engine_difference"]


def test_deeply_nested_json_is_a_400_not_a_500(client: FlaskClient) -> None:
    nested = '{"build": "x", "match": "m", "phone": ' + "[" * 5000 + "]" * 5000 + "}"
    answer = client.post("/engine/report", data=nested, content_type="application/json")
    assert answer.status_code == 400


def test_the_size_limit_is_small(client: FlaskClient) -> None:
    assert engine.REPORT_BYTES <= 16 * 1024
    body = {"build": "x", "match": "m", "phone": "a" * (16 * 1024)}
    assert client.post("/engine/report", json=body).status_code == 413


def test_a_report_of_an_older_build_is_expected_not_a_difference(
    client: FlaskClient, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.INFO, logger="scorekeeper.engine"):
        answer = client.post("/engine/report", json={"build": "0" * 64, "match": "m1"})
    assert answer.status_code == 204
    records = [r for r in caplog.records if r.name == "scorekeeper.engine"]
    assert [(r.getMessage(), r.levelno) for r in records] == [
        ("engine_difference_other_build", logging.INFO)
    ]
