"""Hands encoded once (issue 37 point 6; scorekeeper/infra/json_text.py): a match's read and a
write's full answer put each hand's JSON text in as it was encoded before, and read exactly as
encoding the whole answer at once would (docs/api.md "Matches": the answer's fields)."""

from __future__ import annotations

import json
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.infra.json_text import COMPACT, Encoded, Provider
from tests.helpers import EXAMPLE_MATCH, MatchClient

#: docs/rules.md §2, the four-handed example: Us meld 60 and take 190 of the 250 counters.
HAND = {"meld": {"Us": 60, "Them": 20}, "tricks": {"Us": 190, "Them": 60}}


def encoded_at_once(text: str) -> str:
    """The answer's text as Flask writes an object it encodes whole (sorted keys, compact)."""
    return json.dumps(json.loads(text), sort_keys=True, separators=(",", ":")) + "\n"


def test_a_read_and_a_full_answer_read_as_if_encoded_whole(
    client: FlaskClient, table: MatchClient
) -> None:
    table.create(EXAMPLE_MATCH)
    for _ in range(3):
        table.add_ok(HAND)
    posted = client.post(table.url("/hands"), json=HAND, headers=table.auth)
    assert posted.status_code == 201
    assert posted.data.decode() == encoded_at_once(posted.data.decode())
    hands = posted.get_json()["match"]["hands"]
    assert [hand["number"] for hand in hands] == [1, 2, 3, 4]
    assert client.get(table.url()).get_json()["hands"] == hands
    for lang in ("it", "ru"):  # the texts are kept per language
        read = client.get(table.url(f"?lang={lang}"))
        assert read.data.decode() == encoded_at_once(read.data.decode())
        assert [hand["input"] for hand in read.get_json()["hands"]] == [HAND] * 4


def test_a_corrected_hand_is_encoded_again(client: FlaskClient, table: MatchClient) -> None:
    table.create(EXAMPLE_MATCH)
    for _ in range(3):
        table.add_ok(HAND)
    before = table.get()["hands"]
    corrected = {"meld": {"Us": 20, "Them": 60}, "tricks": {"Us": 60, "Them": 190}}
    answer = client.put(table.url("/hands/1"), json=corrected, headers=table.auth)
    assert answer.status_code == 200
    hands = answer.get_json()["match"]["hands"]
    # Rule of §2: a side's hand is its meld plus its counters (20 + 60 = 80, 60 + 190 = 250).
    assert hands[0]["input"] == corrected
    assert hands[0]["scores"] == {"Us": 80, "Them": 250}
    assert hands[1:] == before[1:]
    assert table.get()["hands"] == hands


def test_the_provider_puts_each_piece_where_it_stands(app: Flask) -> None:
    items: list[dict[str, Any]] = [{"b": 1, "a": "ü"}, {"c": [None, True]}]
    texts = [app.json.dumps(item, separators=COMPACT) for item in items]
    body = {"z": Encoded(texts), "y": {"x": Encoded(texts[:1]), "w": "\u0000encoded-"}}
    provider = Provider(app)
    assert provider.dumps(body, separators=COMPACT) == json.dumps(
        {"z": items, "y": {"x": items[:1], "w": "\u0000encoded-"}},
        sort_keys=True,
        separators=COMPACT,
    )
    assert provider.dumps({"empty": Encoded([])}) == '{"empty": []}'
    assert isinstance(app.json, Provider)
