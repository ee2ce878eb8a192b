"""The contract names every endpoint (issue 27): each route of the ``/api/v1`` blueprint, by
method and path, is in docs/api.md, so that a client written from the docs alone reaches all
the API does (the placeholders' names aside: ``<id>`` is ``<public_id>``)."""

from __future__ import annotations

import re
from pathlib import Path

from flask import Flask

DOCS = Path(__file__).resolve().parents[2] / "docs" / "api.md"
_PLACEHOLDER = re.compile(r"<[^<>]+>")


def documented_routes(text: str) -> set[str]:
    """Every ``METHOD /api/v1/...`` the text names in code, placeholders made ``<>``."""
    return {
        f"{method} {_PLACEHOLDER.sub('<>', path)}"
        for method, path in re.findall(
            r"`(GET|POST|PUT|PATCH|DELETE) (/api/v1/(?:<[^<>`]+>|[^`?\s<])*)", text
        )
    }


def api_routes(app: Flask) -> set[str]:
    """Every method and path of the API blueprint, placeholders made ``<>``."""
    return {
        f"{method} {_PLACEHOLDER.sub('<>', rule.rule)}"
        for rule in app.url_map.iter_rules()
        if rule.endpoint.startswith("api.")
        for method in sorted((rule.methods or set()) - {"HEAD", "OPTIONS"})
    }


def test_the_guard_reads_the_docs_as_a_client_would() -> None:
    text = "`GET /api/v1/matches/<id>`: 200; `DELETE /api/v1/matches/<id>/hands/<n>?version=N`"
    assert documented_routes(text) == {
        "GET /api/v1/matches/<>",
        "DELETE /api/v1/matches/<>/hands/<>",
    }


def test_every_route_of_the_api_is_documented(app: Flask) -> None:
    routes = api_routes(app)
    assert "POST /api/v1/matches/<>/rematch" in routes
    assert routes - documented_routes(DOCS.read_text(encoding="utf-8")) == set()
