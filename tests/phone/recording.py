"""A pytest plugin that writes down every request to a match of the JSON API and the server's
answer, in order, with the test that sent it: ``PHONE_RECORD=<file> pytest tests/acceptance
-p tests.phone.recording``. The phone's replay (:mod:`tests.phone.runs`) turns the lines into
one run per match."""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from typing import Any

import pytest
from flask.testing import FlaskClient

_ORIGINAL_OPEN = FlaskClient.open


def sent_body(kwargs: Mapping[str, Any]) -> str:
    """The body a test client's call sends (its ``json`` as JSON text, or its ``data``)."""
    if kwargs.get("json") is not None:
        return json.dumps(kwargs["json"])
    data = kwargs.get("data")
    if isinstance(data, bytes):
        return data.decode("utf-8", "replace")
    return data if isinstance(data, str) else ""


def line_of(response: Any, test: str, body: str) -> dict[str, Any]:
    """One request to the API (its body as sent) and its answer, as a line of the record."""
    request = response.request
    return {
        "test": test,
        "method": request.method,
        "path": request.path,
        "query": request.query_string.decode("latin-1"),
        "headers": {
            name: request.headers[name]
            for name in ("Accept-Language", "Prefer", "Idempotency-Key", "Content-Type")
            if name in request.headers
        },
        "authorized": "Authorization" in request.headers,
        "body": body,
        "status": response.status_code,
        "answer": response.get_data(as_text=True),
    }


def _recording_open(self: FlaskClient, *args: Any, **kwargs: Any) -> Any:
    response = _ORIGINAL_OPEN(self, *args, **kwargs)
    if response.request.path.startswith("/api/v1/matches"):
        test = os.environ.get("PYTEST_CURRENT_TEST", "").rsplit(" ", 1)[0]
        line = line_of(response, test, sent_body(kwargs))
        with open(os.environ["PHONE_RECORD"], "a", encoding="utf-8") as out:
            out.write(json.dumps(line) + "\n")
    return response


def pytest_configure(config: pytest.Config) -> None:
    """Record when ``PHONE_RECORD`` names a file."""
    if os.environ.get("PHONE_RECORD"):
        FlaskClient.open = _recording_open  # type: ignore[method-assign]
