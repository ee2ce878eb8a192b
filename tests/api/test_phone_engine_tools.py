"""The phone's engine answers the meld calculator and the card picker as the API does (issue 38
point 9, docs/phone.md "The tools without signal"): the same statuses, bodies and words, run
here natively from ``scorekeeper/rules/engine/answers.py``."""

from __future__ import annotations

import json
from typing import Any

import pytest
from flask.testing import FlaskClient

from scorekeeper.rules.engine import answers as phone

RUN = ["AS", "10S", "KS", "QS", "JS"]

CASES: list[tuple[str, str, Any]] = [
    ("pinochle_meld", "pinochle", {"cards": [*RUN, "KH", "QH"], "trump": "spades"}),
    (
        "pinochle_meld",
        "pinochle",
        {"cards": ["QS", "QS", "JD", "JD"], "trump": "hearts", "melds": "seed-004"},
    ),
    ("pinochle_meld", "pinochle", {"cards": ["ZZ"], "trump": "spades"}),
    ("pinochle_meld", "pinochle", {"cards": ["AS"]}),
    ("pinochle_meld", "pinochle", [1, 2]),
    ("pinnacola_meld", "pinnacola", {"meld": ["5H", "6H", "7H"]}),
    ("pinnacola_meld", "pinnacola", {"meld": ["2H", "4H", "5H"], "pinelle": False}),
    ("pinnacola_meld", "pinnacola", {"meld": ["JK", "JK", "JK"], "joker_sets": True}),
    ("pinnacola_meld", "pinnacola", {"meld": ["5H", "9S"]}),
    ("pinnacola_meld", "pinnacola", {"meld": ["5H"], "pinelle": "yes"}),
]


@pytest.mark.parametrize("lang", ["en", "it", "ru"])
@pytest.mark.parametrize(("tool", "path", "body"), CASES)
def test_the_engine_counts_melds_as_the_api(
    client: FlaskClient, tool: str, path: str, body: Any, lang: str
) -> None:
    server = client.post(f"/api/v1/meld/{path}?lang={lang}", json=body)
    request = {"tool": tool, "body": json.dumps(body), "lang": lang}
    answer = json.loads(phone.run(json.dumps(request)))
    assert answer == {"status": server.status_code, "body": server.get_json()}


def test_a_body_that_is_not_json_is_a_400_and_an_unknown_tool_a_404(client: FlaskClient) -> None:
    server = client.post(
        "/api/v1/meld/pinochle", data="{", headers={"Content-Type": "application/json"}
    )
    answer = json.loads(phone.run(json.dumps({"tool": "pinochle_meld", "body": "{"})))
    assert answer == {"status": 400, "body": server.get_json()}
    assert json.loads(phone.run(json.dumps({"tool": "dice", "body": "{}"})))["status"] == 404
