"""The suite's app is built once per worker and made fresh for every test (tests/conftest.py):
what one test leaves in it (rows, configuration, the replay cache, the summary memo) is gone for
the next, as it would be with an app of its own."""

from __future__ import annotations

import pytest
from flask import Flask

from scorekeeper.extensions import db
from scorekeeper.models import Match
from tests.conftest import _make_fresh
from tests.helpers import EXAMPLE_MATCH, MatchClient

HAND = {"meld": {"Us": 40, "Them": 20}, "tricks": {"Us": 130, "Them": 120}}


def test_a_fresh_app_forgets_what_the_last_test_left(app: Flask, table: MatchClient) -> None:
    table.create(EXAMPLE_MATCH)
    assert table.add(HAND).status_code == 201
    assert len(app.extensions["replay_cache"]) == 1
    app.config["PUBLIC_URL"] = "https://cards.example.org"
    app.config["LANGUAGES"] = ("en",)
    app.extensions["match_summaries"] = {"left": "over"}

    _make_fresh(app)

    assert app.config["PUBLIC_URL"] is None
    assert app.config["LANGUAGES"] == ("en", "es", "it", "ru")
    assert len(app.extensions["replay_cache"]) == 0
    assert "match_summaries" not in app.extensions
    with app.app_context():
        assert db.session.query(Match).count() == 0
    assert MatchClient(app.test_client()).create(EXAMPLE_MATCH)["version"] == 1


@pytest.mark.own_app
def test_a_test_that_changes_the_app_gets_one_of_its_own(app: Flask) -> None:
    @app.get("/test-only-route")
    def route() -> str:
        return "own"

    assert app.test_client().get("/test-only-route").get_data(as_text=True) == "own"


def test_the_route_of_another_test_is_not_in_the_workers_app(app: Flask) -> None:
    assert app.test_client().get("/test-only-route").status_code == 404
