"""Odd numbers in every club night body and in every number of a URL: a 4xx, never a 500
(issue 37, point 3).

Each valid body of the club night's API (creating, previewing, the host's writes, the card's
key exchange) is mutated one value at a time (at any depth) into each of :data:`ODD_NUMBERS`:
integers past SQLite's 64 bits and PostgreSQL's 32, negative ones, floats, lists, objects,
strings of digits, 41-digit decimals. Every URL of the app with a number in its path is asked
with numbers past those ranges. Run on SQLite and PostgreSQL (``TEST_DATABASE=postgresql``).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.routing import IntegerConverter
from werkzeug.test import TestResponse

from tests.api.club_helpers import Night
from tests.helpers import API, errors_of

#: Values put in place of each value of a valid body.
ODD_NUMBERS: tuple[Any, ...] = (
    2**63,
    2**64 + 1,
    2**31,
    10**30,
    -(2**63) - 1,
    -1,
    0,
    1.5,
    1e300,
    [1],
    {"n": 1},
    "12",
    "9" * 41,
    "1" + "0" * 40 + ".00",
    "-" + "9" * 41 + ".5",
    True,
    None,
)

#: Numbers put in the path where a URL takes one.
HUGE_PATH_NUMBERS = (str(2**63), str(2**64), str(2**31), "9" * 41, "9" * 5000)

PURSE = {"entry": "5.00", "house": "0.50", "places": ["50", "30", "20"], "awards": {}}
CREATE: dict[str, Any] = {
    "name": "Club",
    "variant": "pinochle-4",
    "players": [f"P{n}" for n in range(1, 9)],
    "rotation": {"draw": "entry", "rounds": 3, "seed": 5},
    "round": {"hands": 4, "minutes": 30, "tie": "draw"},
    "awards": ["high_game"],
    "purse": {**PURSE, "awards": {"high_game": "4.00"}},
    "scoring": "tables",
}
PREVIEW: dict[str, Any] = {
    "variant": "pinochle-4",
    "players": 8,
    "rotation": {"draw": "entry", "rounds": 3, "seed": 5},
}


def send(client: FlaskClient, method: str, url: str, body: Any, **headers: str) -> TestResponse:
    return client.open(
        url, method=method, data=json.dumps(body), content_type="application/json", headers=headers
    )


def mutations(body: Any) -> Iterator[tuple[str, Any]]:
    """``body`` with one value (at any depth, a whole list or object too) replaced by each of
    :data:`ODD_NUMBERS`."""
    for odd in ODD_NUMBERS:
        yield repr(odd)[:24], odd
    if isinstance(body, dict):
        for key, value in body.items():
            for where, changed in mutations(value):
                yield f"{key}.{where}", {**body, key: changed}
    elif isinstance(body, list):
        for i, value in enumerate(body):
            for where, changed in mutations(value):
                yield f"[{i}].{where}", [*body[:i], changed, *body[i + 1 :]]


def never_500(client: FlaskClient, method: str, url: str, body: Any, **headers: str) -> None:
    for where, changed in mutations(body):
        response = send(client, method, url, changed, **headers)
        assert response.status_code < 500, (method, url, where, response.status_code)


def test_mutated_creation_and_preview(client: FlaskClient) -> None:
    """Every value of a new night's body and of a schedule preview: a 4xx or a night."""
    assert send(client, "POST", f"{API}/club-nights", CREATE).status_code == 201
    never_500(client, "POST", f"{API}/club-nights", CREATE)
    assert send(client, "POST", f"{API}/schedules", PREVIEW).status_code == 200
    never_500(client, "POST", f"{API}/schedules", PREVIEW)


@pytest.mark.slow  # every host write mutated: 19 CPU-s, the full run's
def test_mutated_host_writes_and_keys(client: FlaskClient) -> None:
    """Every value of each host write's body and of the key exchange's, on one night (in
    setup for the settings, then with round 1 playing for the round's writes)."""
    night = Night(client, 9, rotation={"rounds": 3}, round={"hands": 4})
    auth = night.auth
    base = f"{API}/club-nights/{night.id}"
    keys = f"{API}/club-nights/{night.read_id}/keys"
    settings = {"name": "Club", "round": {"hands": 5}, "rotation": {"rounds": 3}, "purse": PURSE}
    never_500(client, "PATCH", base, settings, **auth)
    never_500(client, "POST", f"{base}/draw", {"seed": 42, "version": 1}, **auth)
    never_500(client, "POST", f"{base}/replan", {"seed": 7}, **auth)
    seating = night.get()["rounds"][0]
    tables = [[s["player"] for s in sorted(t["seats"], key=lambda s: s["seat"])]
              for t in seating["tables"]]  # fmt: skip
    put = {"tables": tables, "sitting_out": seating["sitting_out"]}
    never_500(client, "PUT", f"{base}/rounds/1", put, **auth)
    never_500(client, "POST", f"{base}/codes", {"kind": "table", "number": 1}, **auth)
    exchange = {"kind": "table", "number": 1, "code": night.codes[1]}
    never_500(client, "POST", keys, exchange)
    never_500(client, "POST", f"{base}/rounds/1/start", {"version": 1}, **auth)
    # One of the mutations (a version of null) started round 1.
    started = night.round(1)
    assert started["status"] == "playing"
    out = started["tables"][0]["seats"][0]["player"]
    never_500(client, "POST", f"{base}/rounds/1/substitute", {"out": out, "in": 9}, **auth)
    adjustment = {"player": 3, "round": 1, "value": "-2", "note": "talk"}
    never_500(client, "POST", f"{base}/adjustments", adjustment, **auth)
    never_500(client, "POST", f"{base}/players", {"name": "Ivy", "from_round": 2}, **auth)
    never_500(client, "PATCH", f"{base}/players/2", {"name": "Bo", "leaves_after_round": 2}, **auth)
    never_500(client, "POST", f"{base}/rounds/1/time", {"version": 1}, **auth)
    never_500(client, "POST", f"{base}/rounds/1/close", {"version": 1}, **auth)
    never_500(client, "POST", f"{base}/finish", {"version": 1}, **auth)


@pytest.mark.parametrize(
    ("field", "value"),
    [("purse.entry", "9" * 41), ("purse.entry", "1" + "0" * 40 + ".00"),
     ("purse.house", "9" * 38 + ".99"), ("purse.places[0]", "9" * 41)],
)  # fmt: skip
def test_a_41_digit_amount_is_a_422_naming_the_field(
    client: FlaskClient, field: str, value: str
) -> None:
    """The purse's amounts are decimal text bounded in digits before they are read."""
    purse: dict[str, Any] = {"entry": "5.00", "places": ["50"]}
    if field == "purse.places[0]":
        purse["places"] = [value]
    else:
        purse[field.split(".")[1]] = value
    response = send(client, "POST", f"{API}/club-nights", {**CREATE, "purse": purse})
    assert response.status_code == 422, response.get_json()
    assert field in errors_of(response)


@pytest.mark.parametrize("number", [2**63, 2**64, 2**31, -(2**63) - 1, 10**30])
def test_a_huge_card_number_on_keys_is_a_422_at_number(client: FlaskClient, number: int) -> None:
    """No secret needed to ask: the card's number is read in range before any query."""
    night = Night(client, 8)
    exchange = {"kind": "table", "number": number, "code": night.codes[1]}
    response = send(client, "POST", f"{API}/club-nights/{night.read_id}/keys", exchange)
    assert response.status_code == 422, response.get_json()
    assert "number" in errors_of(response)


def test_huge_adjustment_values_and_a_listed_substitute_are_422s(client: FlaskClient) -> None:
    """The host's writes: an adjustment's value, player or round past any column; a
    substitute given as a list; an adjustment id past any column in the URL (404)."""
    night = Night(client, 9, rotation={"rounds": 3}, round={"hands": 4})
    base = f"{API}/club-nights/{night.id}"
    cases = [
        ({"player": 3, "value": "9" * 41}, "value"),
        ({"player": 3, "value": 10**30}, "value"),
        ({"player": 2**63, "value": "1"}, "player"),
        ({"player": 3, "round": 2**63, "value": "1"}, "round"),
    ]
    for body, field in cases:
        response = send(client, "POST", f"{base}/adjustments", body, **night.auth)
        assert response.status_code == 422, (body, response.get_json())
        assert field in errors_of(response)
    started = night.start(1)["round"]
    out = started["tables"][0]["seats"][0]["player"]
    substitutes = [
        ({"out": out, "in": [9]}, "in"),
        ({"out": [out], "in": 9}, "out"),
        ({"out": 2**63, "in": 9}, "out"),
        ({"out": out, "in": 2**64}, "in"),
    ]
    for body, field in substitutes:
        response = send(client, "POST", f"{base}/rounds/1/substitute", body, **night.auth)
        assert response.status_code == 422, (body, response.get_json())
        assert field in errors_of(response)
    for number in HUGE_PATH_NUMBERS:
        response = client.delete(f"{base}/adjustments/{number}", headers=night.auth)
        assert response.status_code == 404, (number[:20], response.status_code)


def _number_urls(app: Flask, ids: dict[str, str]) -> Iterator[tuple[str, str]]:
    """Every rule of the app with a number in its path: (method, URL) with each number of
    :data:`HUGE_PATH_NUMBERS` there, the night's ids in its other parts."""
    for rule in app.url_map.iter_rules():
        numbers = [name for name, c in rule._converters.items() if isinstance(c, IntegerConverter)]
        if not numbers:
            continue
        for huge in HUGE_PATH_NUMBERS:
            path = rule.rule
            for name in rule.arguments:
                value = huge if name in numbers else ids.get(name, ids["public_id"])
                path = path.replace(f"<{name}>", value)
                for converter in ("int", "string", "path"):
                    path = path.replace(f"<{converter}:{name}>", value)
            for method in sorted((rule.methods or set()) - {"HEAD", "OPTIONS"}):
                yield method, path


def test_every_url_number_past_any_column_is_a_4xx(app: Flask, client: FlaskClient) -> None:
    """/c/<id>/rounds/<n>, /cr/<id>/t/<n>, /p/<n>, a match's hand number, an adjustment's id,
    a scorer's: a number past SQLite's 64 bits or PostgreSQL's 32 finds nothing."""
    night = Night(client, 8)
    ids = {"public_id": night.id, "read_id": night.read_id}
    asked = 0
    for method, url in _number_urls(app, ids):
        response = send(client, method, url, {}, **night.auth)
        assert response.status_code < 500, (method, url[:90], response.status_code)
        asked += 1
    assert asked > 50  # the club's pages and the API's: every path with a number
