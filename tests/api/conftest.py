"""Helpers for the API tests: create a match and write to it as a table would."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

API = "/api/v1"

#: API.md's example of ``POST /api/v1/matches``, verbatim.
EXAMPLE_MATCH: dict[str, Any] = {
    "variant": "pinochle-4",
    "players": ["Ana", "Ben", "Cruz", "Dee"],
    "teams": [
        {"name": "Us", "players": ["Ana", "Cruz"]},
        {"name": "Them", "players": ["Ben", "Dee"]},
    ],
    "rules": {"target": 1500, "counting": "classic"},
    "dealer": "Ana",
}


class Table:
    """A test client that speaks the API: one match, its edit token and its id."""

    def __init__(self, client: FlaskClient) -> None:
        self.client = client
        self.id = ""
        self.token = ""

    def create(self, body: Mapping[str, Any]) -> dict[str, Any]:
        """Create a match (must succeed) and remember its id and token."""
        response = self.client.post(f"{API}/matches", json=body)
        assert response.status_code == 201, response.get_json()
        match = response.get_json()
        self.id, self.token = match["id"], match["edit_token"]
        return match

    @property
    def auth(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.token}"}

    def url(self, tail: str = "") -> str:
        return f"{API}/matches/{self.id}{tail}"

    def get(self) -> dict[str, Any]:
        response = self.client.get(self.url())
        assert response.status_code == 200
        return response.get_json()

    def add(self, entry: Any, *, key: str | None = None, **headers: str) -> TestResponse:
        if key is not None:
            headers["Idempotency-Key"] = key
        return self.client.post(self.url("/hands"), json=entry, headers=self.auth | headers)

    def add_ok(self, entry: Any) -> dict[str, Any]:
        """Add a hand that must be accepted; the match after it."""
        response = self.add(entry)
        assert response.status_code == 201, response.get_json()
        return response.get_json()["match"]

    def replace(self, number: int, entry: Any, *, key: str | None = None) -> TestResponse:
        headers = self.auth | ({"Idempotency-Key": key} if key else {})
        return self.client.put(self.url(f"/hands/{number}"), json=entry, headers=headers)

    def delete(self, number: int, query: str = "", *, key: str | None = None) -> TestResponse:
        headers = self.auth | ({"Idempotency-Key": key} if key else {})
        return self.client.delete(self.url(f"/hands/{number}{query}"), headers=headers)

    def finish(self, **kwargs: Any) -> TestResponse:
        return self.client.post(self.url("/finish"), headers=self.auth, **kwargs)


@pytest.fixture()
def table(client: FlaskClient) -> Table:
    """A :class:`Table` on the test client (no match yet)."""
    return Table(client)


def errors_of(response: TestResponse) -> dict[str, list[str]]:
    """The ``errors`` of an error answer, checking its shape on the way."""
    assert response.is_json, response.data
    errors = response.get_json()["errors"]
    assert isinstance(errors, dict) and errors
    for path, messages in errors.items():
        assert isinstance(path, str)
        assert isinstance(messages, list) and all(isinstance(m, str) and m for m in messages)
    return errors
