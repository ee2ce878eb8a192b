"""The suite's one HTTP test client: a table that speaks the JSON API and the pages.

:class:`MatchClient` wraps Flask's test client (so it shares its cookies: a match started
through the pages keeps its edit token in that client's session). The fixture ``table`` of
``tests/conftest.py`` hands it out. The data every HTTP test reuses lives here too:
:data:`EXAMPLE_MATCH` (the example of ``docs/api.md``), :data:`NEW_MATCH_FORM` (who sits at a
match started through the new-match page), and the readers of answers and pages
(:func:`errors_of`, :func:`totals`, :func:`hidden`, :func:`page_errors`), and what watches
an app: :func:`statements` (the SQL it sends) and :func:`limited_apps` (apps with the limits on).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from scorekeeper import config as configuration
from scorekeeper import create_app
from scorekeeper.extensions import db

API = "/api/v1"

#: The API's example of ``POST /api/v1/matches``, verbatim.
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

#: The players typed into the new-match page of each variant by :meth:`MatchClient.start`.
NEW_MATCH_FORM: dict[str, list[str]] = {
    "pinochle-2": ["Ana", "Ben"],
    "pinochle-3": ["Ana", "Ben", "Cruz"],
    "pinochle-4": ["Ana", "Ben", "Cruz", "Dee"],
    "auction": ["Ana", "Ben", "Cruz"],
    "partnership-auction": ["Ana", "Ben", "Cruz", "Dee"],
    "double-deck": ["Ana", "Ben", "Cruz", "Dee"],
    "pinnacola": ["Ana", "Ben"],
}


class MatchClient:
    """One match as a table plays it, over HTTP: its id and edit token, the API and the pages.

    ``create`` (API) or ``start`` (pages) makes the match; the other methods act on it. A test
    that needs a second match makes a second ``MatchClient(client)``: same client, same cookies.
    """

    def __init__(self, client: FlaskClient) -> None:
        self.client = client
        self.id = ""
        self.token = ""
        #: The answer of ``POST /api/v1/matches`` once :meth:`create` made the match.
        self.created: dict[str, Any] = {}

    # --- the JSON API ---------------------------------------------------------------------

    def create_raw(self, body: Mapping[str, Any]) -> TestResponse:
        """``POST /api/v1/matches`` whatever the answer (nothing is remembered)."""
        return self.client.post(f"{API}/matches", json=body)

    def create(self, body: Mapping[str, Any]) -> dict[str, Any]:
        """Create a match (must succeed) and remember its id and token; the match."""
        response = self.create_raw(body)
        assert response.status_code == 201, response.get_json()
        match: dict[str, Any] = response.get_json()
        self.id, self.token, self.created = match["id"], match["edit_token"], match
        return match

    @property
    def auth(self) -> dict[str, str]:
        """The ``Authorization`` header of the edit token."""
        return {"Authorization": f"Bearer {self.token}"}

    def url(self, tail: str = "") -> str:
        """The API URL of the match, with ``tail`` (``/hands``, ``/finish``...)."""
        return f"{API}/matches/{self.id}{tail}"

    def get(self) -> dict[str, Any]:
        """The match as the API shows it (must be found)."""
        response = self.client.get(self.url())
        assert response.status_code == 200
        match: dict[str, Any] = response.get_json()
        return match

    def add(self, entry: Any, *, key: str | None = None, **headers: str) -> TestResponse:
        """``POST .../hands`` with the edit token, whatever the answer."""
        if key is not None:
            headers["Idempotency-Key"] = key
        return self.client.post(self.url("/hands"), json=entry, headers=self.auth | headers)

    def add_answer(self, entry: Any) -> dict[str, Any]:
        """Add a hand that must be accepted; the whole answer (``hand`` and ``match``)."""
        response = self.add(entry)
        assert response.status_code == 201, response.get_json()
        answer: dict[str, Any] = response.get_json()
        return answer

    def add_ok(self, entry: Any) -> dict[str, Any]:
        """Add a hand that must be accepted; the match after it."""
        match: dict[str, Any] = self.add_answer(entry)["match"]
        return match

    def refused(self, entry: Any, *paths: str) -> dict[str, list[str]]:
        """Add a hand that must be refused with 422 naming one of ``paths`` (any path if none
        given) and leave the match as it was; the errors."""
        before = self.get()
        response = self.add(entry)
        assert response.status_code == 422, response.get_json()
        errors = errors_of(response)
        if paths:
            assert any(path in errors for path in paths), errors
        after = self.get()
        assert after["version"] == before["version"]
        assert after["hands"] == before["hands"]
        return errors

    def replace(self, number: int, entry: Any, *, key: str | None = None) -> TestResponse:
        """``PUT .../hands/<number>`` with the edit token."""
        headers = self.auth | ({"Idempotency-Key": key} if key else {})
        return self.client.put(self.url(f"/hands/{number}"), json=entry, headers=headers)

    def delete(self, number: int, query: str = "", *, key: str | None = None) -> TestResponse:
        """``DELETE .../hands/<number>`` with the edit token."""
        headers = self.auth | ({"Idempotency-Key": key} if key else {})
        return self.client.delete(self.url(f"/hands/{number}{query}"), headers=headers)

    def finish(self, **kwargs: Any) -> TestResponse:
        """``POST .../finish`` with the edit token."""
        return self.client.post(self.url("/finish"), headers=self.auth, **kwargs)

    def settlement(self) -> TestResponse:
        """``GET .../settlement`` (no token needed)."""
        return self.client.get(self.url("/settlement"))

    # --- the pages ----------------------------------------------------------------------------

    def start(self, variant: str, players: list[str] | None = None, **extra: Any) -> str:
        """Create a match through the new-match page, every house rule as pre-filled unless
        given in ``extra`` (``opt_<name>=...``); its page's URL (``/m/<id>``).

        The edit token stays in the client's session, as on the phone that started it."""
        names = players or NEW_MATCH_FORM[variant]
        data = {f"player_{i}": name for i, name in enumerate(names)}
        data.update({key: str(value) for key, value in extra.items()})
        page = self.client.get(f"/new/{variant}").get_data(as_text=True)
        for field in re.findall(r"<input[^>]*>", page):
            found = re.search(r'name="(opt_\w+)"', field)
            if not found:
                continue
            if 'type="checkbox"' in field:
                # A box is sent only when it is ticked, as a browser does.
                if "checked" in field:
                    data.setdefault(found.group(1), "y")
            elif value := re.search(r'value="([^"]*)"', field):
                data.setdefault(found.group(1), value.group(1))
        for name, value in re.findall(
            r'<select[^>]*name="(opt_\w+)"[^>]*>.*?<option selected value="([^"]*)"', page, re.S
        ):
            data.setdefault(name, value)
        response = self.client.post(f"/new/{variant}", data=data)
        assert response.status_code == 303, response.get_data(as_text=True)
        location = response.headers["Location"]
        self.id, self.token = location.rsplit("/", 1)[-1], ""
        return location


def errors_of(response: TestResponse) -> dict[str, list[str]]:
    """The ``errors`` of an error answer, checking its shape on the way."""
    assert response.is_json, response.data
    errors = response.get_json()["errors"]
    assert isinstance(errors, dict), errors
    assert errors
    for path, messages in errors.items():
        assert isinstance(path, str)
        assert isinstance(messages, list), messages
        assert all(isinstance(m, str) and m for m in messages), messages
    return errors


def totals(html: str) -> dict[str, int]:
    """The running totals at the top of a match page."""
    return {
        side: int(points)
        for side, points in re.findall(r'class="score" data-side="([^"]+)">(-?\d+)<', html)
    }


def hidden(html: str, name: str) -> str:
    """The value of a hidden field of the page's hand form."""
    found = re.search(rf'name="{name}" type="hidden" value="([^"]*)"', html)
    assert found, name
    return found.group(1)


def page_errors(html: str) -> list[str]:
    """The messages of an entry a page refused."""
    return re.findall(r'class="error[^"]*" role="alert">([^<]+)<', html)


def keep_token(client: FlaskClient, public_id: str, token: str) -> None:
    """Put a match's edit token into ``client``'s session, as the phone that created the match
    holds it (for tests of what a scorekeeper's phone sees, not of how it got there)."""
    with client.session_transaction() as session:
        session["tokens"] = {**(session.get("tokens") or {}), public_id: token}
        session.permanent = True


def scorekeeper_link(client: FlaskClient, public_id: str, *, hands_over: bool = False) -> str:
    """Make a scorekeeper link on ``client`` (a phone that scores the match) through the share
    page, and return its path and query (``/m/<id>/join?code=...``)."""
    made = client.post(
        f"/m/{public_id}/share/link", data={"hands_over": "1" if hands_over else "0"}
    )
    assert made.status_code == 303, made.status_code
    html = client.get(f"/m/{public_id}/share").get_data(as_text=True)
    found = re.search(r'id="join-link"[^>]*>https?://[^/]+([^<]+)<', html)
    assert found, "the share page shows no scorekeeper link"
    return found.group(1).replace("&amp;", "&")


def open_scorekeeper_link(client: FlaskClient, link: str) -> TestResponse:
    """Open a scorekeeper link as the phone that scanned it does: the page, then its button."""
    page = client.get(link)
    assert page.status_code == 200, page.status_code
    code = hidden(page.get_data(as_text=True), "code")
    return client.post(link.split("?")[0], data={"code": code})


@contextmanager
def statements(app: Flask) -> Iterator[list[str]]:
    """The SQL statements the app sends while the block runs."""
    seen: list[str] = []

    def record(*args: Any) -> None:
        seen.append(str(args[2]))

    with app.app_context():
        engine = db.engine
    sa.event.listen(engine, "before_cursor_execute", record)
    try:
        yield seen
    finally:
        sa.event.remove(engine, "before_cursor_execute", record)


@contextmanager
def limited_apps(app: Flask, tmp_path: Path) -> Iterator[Callable[..., Flask]]:
    """A maker of apps on the test database (``app`` emptied it) with the rate limits on (the
    suite runs with them off, ``TestConfig``); its ``settings`` override the configuration
    (``RATELIMIT_NEW_MATCHES="2 per minute"``...). Their pools are disposed of at the end, so
    that no connection is left open for a later test to collect."""
    made: list[Flask] = []

    def make(**settings: Any) -> Flask:
        config = configuration.TestConfig(
            str(tmp_path / f"instance-{len(made)}"), app.config["SQLALCHEMY_DATABASE_URI"]
        )
        config.RATELIMIT_ENABLED = True
        for name, value in settings.items():
            setattr(config, name, value)
        limited = create_app(config)
        made.append(limited)
        return limited

    try:
        yield make
    finally:
        for limited in made:
            with limited.app_context():
                db.session.remove()
                db.engine.dispose()
