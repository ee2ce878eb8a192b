"""Reads that take a credential count their refusals as writes do (issue 35, point 9; docs/api.md
"Limits"): wrong tokens on ``GET .../scorers`` are answered 429 once their count is spent,
and the right token still reads."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask

from tests.api.test_api_join import bearer, started
from tests.helpers import API, limited_apps


@pytest.fixture
def limited(app: Flask, tmp_path: Path) -> Iterator[Flask]:
    with limited_apps(app, tmp_path) as make:
        yield make(RATELIMIT_FAILED_TOKENS="3 per minute")


def test_wrong_tokens_listing_the_phones_are_counted(limited: Flask) -> None:
    client = limited.test_client()
    public_id, token = started(client)
    url = f"{API}/matches/{public_id}/scorers"
    wrong = bearer("not-the-token")
    assert [client.get(url, headers=wrong).status_code for _ in range(3)] == [401] * 3
    refused = client.get(url, headers=wrong)
    assert refused.status_code == 429
    assert int(refused.headers["Retry-After"]) >= 1
    assert client.get(url, headers=bearer(token)).status_code == 200
