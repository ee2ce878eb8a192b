"""One JSON depth limit for every body the API reads (docs/api.md "Errors", issue 37 point 3):
arrays and objects nested deeper than 32 are a 400 "not valid JSON", never a 500, on every
route, and a body as deep as the API's own is read."""

from __future__ import annotations

from flask.testing import FlaskClient

from scorekeeper.rules.contract import bodies


def test_a_deeply_nested_body_is_a_400_on_a_club_night(client: FlaskClient) -> None:
    nested = '{"name": ' + "[" * 100 + "]" * 100 + "}"
    answer = client.post("/api/v1/club-nights", data=nested, content_type="application/json")
    assert answer.status_code == 400
    assert answer.get_json()["errors"] == {"_": [bodies.NOT_JSON]}


def test_a_body_just_past_the_limit_is_refused_and_one_at_it_is_read() -> None:
    at_limit = "[" * bodies.MAX_DEPTH + "]" * bodies.MAX_DEPTH
    assert bodies.depth(bodies.parse_json(at_limit)) == bodies.MAX_DEPTH
    past = "[" * (bodies.MAX_DEPTH + 1) + "]" * (bodies.MAX_DEPTH + 1)
    try:
        bodies.parse_json(past)
    except bodies.NotJson:
        return
    raise AssertionError("a body nested past the limit was read")
