"""No refusal of the service ever becomes a 500 on a page (issue 35, point 5).

A hand-over on a club match answered 500: the share page's form let the service's Conflict
through. The app now answers every refusal a page route lets through with its 4xx page and its
words (:mod:`scorekeeper.errors.handlers`), so a route cannot forget one.

:func:`test_no_refusal_of_the_service_is_a_500_on_a_page` drives every page route of the app's
``url_map`` (every route but the API's and the static files'): it requests the route as the
phone that holds the night's host link, the matches' tokens and the group's key, and makes the
calls the route makes into the service (``scorekeeper.service.<name>``), the first, then the
second..., refuse with each kind of refusal in turn. Every answer is below 500. A route that
reaches no call of the service is named in :data:`NO_SERVICE` with why; the test fails when a
route named there does reach one (the list stays true).
"""

from __future__ import annotations

import copy
import functools
import inspect
import re
import sys
import tempfile
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import config, create_app, service
from tests.helpers import MatchClient
from tests.web.test_club_pages import HAND, form_data, read_id_of, set_up
from tests.web.test_groups import start_group

#: The refusals of the service (each a 4xx page: :data:`scorekeeper.errors.handlers.
#: REFUSAL_ERRORS`).
KINDS: tuple[type[service.ServiceError], ...] = (
    service.NotFound,
    service.Unauthorized,
    service.Forbidden,
    service.Conflict,
)

#: The page routes that call nothing of the service, and why (``endpoint`` or ``METHOD
#: endpoint``: reason).
NO_SERVICE: dict[str, str] = {
    "GET club.new_night": "the set-up form, empty",
    "GET groups.start_group": "the form of a new group, empty",
    "GET matches.import_match": "the import form, empty",
    "GET matches.new_match": "the new-match form, empty",
    "engine.loader": "the phone's engine: a static script",
    "engine.counted": "the phone's engine: a static script",
    "engine.manifest": "the phone's engine: its file list",
    "engine.report": "the phone's engine reports a mismatch to the log",
    "engine.worker": "the phone's engine: a static script",
    "engine.engine_file": "the phone's engine: a static file",
    "offline.manifest": "the web app manifest",
    "offline.service_worker": "the service worker",
    "health.healthz": "the process answers",
    "health.readyz": "the database answers (no service call)",
    "i18n.switch": "the language cookie",
    "tools.pinochle_meld": "a calculator of the rules alone",
    "tools.double_deck_meld": "a calculator of the rules alone",
    "tools.pinnacola_meld": "a calculator of the rules alone",
    "matches.choose_variant": "the list of the forms",
    "club.choose": "the list of the forms",
}


def _page_routes() -> list[tuple[str, str, str]]:
    """Every page route of the app as ``(rule, method, endpoint)``: all but the API's and the
    static files', read from an app's ``url_map`` (no database is opened)."""
    with tempfile.TemporaryDirectory() as instance:
        app = create_app(config.TestConfig(instance, f"sqlite:///{instance}/routes.db"))
        return sorted(
            (rule.rule, method, rule.endpoint)
            for rule in app.url_map.iter_rules()
            if not rule.rule.startswith("/api/") and rule.endpoint != "static"
            for method in sorted((rule.methods or set()) - {"HEAD", "OPTIONS"})
        )


PAGE_ROUTES = _page_routes()


@dataclass
class Refusing:
    """The service as the routes call it, counting their calls: the ``at``-th raises ``kind``
    (nothing raises while ``kind`` is ``None``)."""

    kind: type[service.ServiceError] | None = None
    at: int = 0
    calls: list[str] = field(default_factory=list)
    #: The test's thread, which the test client's requests run in: a thread of the app's own
    #: (the club night's live watcher, scorekeeper/club/live.py, left by an earlier test's
    #: stream) calls the service too, and is no route's call.
    thread: int = field(default_factory=threading.get_ident)

    def wrap(self, name: str, real: Callable[..., Any]) -> Callable[..., Any]:
        """``real``, counted (and refused at the ``at``-th call)."""

        @functools.wraps(real)
        def call(*args: Any, **kwargs: Any) -> Any:
            if threading.get_ident() != self.thread:
                return real(*args, **kwargs)
            self.calls.append(name)
            if self.kind is not None and len(self.calls) == self.at:
                raise self.kind("refused by the test ({what})", what=name)
            return real(*args, **kwargs)

        return call


@dataclass
class World:
    """What the routes' URLs name, made through the pages by the phone of ``client``: a club
    night with round 1 started (its host link held), a match of it (scored by the host), a
    match of its own with a hand (its token held) and a group (its key held)."""

    client: FlaskClient
    night: str = ""
    night_read: str = ""
    club_match: str = ""
    match: str = ""
    group: str = ""
    group_read: str = ""

    def make(self) -> None:
        """Make it all (each part once a test)."""
        client = self.client
        self.night = set_up(client)
        self.night_read = read_id_of(client, self.night)
        assert client.post(f"/c/{self.night}/rounds/1/start").status_code == 303
        host = client.get(f"/c/{self.night}").get_data(as_text=True)
        found = re.search(rf"/c/{self.night}/score/([\w-]+)", host)
        assert found, "the host page links no match of round 1"
        self.club_match = found.group(1)
        assert client.get(f"/c/{self.night}/score/{self.club_match}").status_code == 303
        self.match = MatchClient(client).start("pinochle-4").rsplit("/", 1)[-1]
        assert client.post(f"/m/{self.match}/hands", data=HAND).status_code == 303
        self.group, _private, read = start_group(client)
        self.group_read = read.strip("/").split("/")[1]

    def urls(self, rule: str) -> list[str]:
        """The URLs of ``rule`` to drive (a match's route twice: the match of its own and the
        club night's)."""
        ids = {
            "/c/": {"public_id": self.night, "match_id": self.club_match},
            "/cr/": {"read_id": self.night_read},
            "/g/": {"public_id": self.group, "group_id": self.group},
            "/r/": {"read_id": self.group_read},
        }
        common = {"number": "1", "table": "1", "aid": "1", "scorer_id": "1", "code": "es"}
        common |= {"variant_id": "pinochle-4", "name": "engine.js"}
        prefix = "/" + rule.split("/")[1] + "/"
        matches = [self.match, self.club_match] if prefix == "/m/" else [""]
        named = [common | ids.get(prefix, {}) | ({"public_id": m} if m else {}) for m in matches]
        return [_filled(rule, values) for values in named]


def _filled(rule: str, values: dict[str, str]) -> str:
    """``rule`` with each ``<converter:name>`` replaced by its value."""
    return re.sub(r"<(?:\w+:)?(\w+)>", lambda found: values[found.group(1)], rule)


#: What a route's form sends, beyond :data:`FORM` (the routes not named send :data:`FORM`).
FORMS: dict[str, dict[str, str]] = {
    "matches.add_hand": HAND,
    "matches.correct_hand": HAND,
    "matches.preview_hand": HAND,
    "matches.preview_correction": HAND,
    "groups.start_group": {"name": "Friday"},
    "groups.add_player": {"name": "Zed"},
    "matches.new_match": {f"player_{i}": name for i, name in enumerate("ABCD")},
    "groups.new_match": {f"player_{i}": name for i, name in enumerate("ABCD")},
}
#: Every form's fields that the routes' service calls read (a hand-over, a version...).
FORM = {"hands_over": "1", "version": "1", "name": "Zed", "reason": "late", "points": "-20"}


def _callers() -> list[ModuleType]:
    """The app's modules outside the service, which may hold a service function by name."""
    return [
        module
        for name, module in list(sys.modules.items())
        if name.startswith("scorekeeper.") and not name.startswith("scorekeeper.service")
    ]


def _request(client: FlaskClient, method: str, url: str, data: dict[str, str]) -> tuple[int, str]:
    """The status of one request and what went wrong: an exception the app let through (the
    test client raises it again) counts as a 500."""
    try:
        sent = data if method == "POST" else None
        return client.open(url, method=method, data=sent).status_code, ""
    except Exception as error:
        return 500, repr(error)


def _as_kept(client: FlaskClient, kept: dict[str, Any]) -> None:
    """Give the phone its session as it was (a refusal may make a page forget a token)."""
    with client.session_transaction() as session:
        session.clear()
        session.update(copy.deepcopy(kept))


def _drive(
    client: FlaskClient, refusing: Refusing, method: str, url: str, data: dict[str, str]
) -> int:
    """Request ``url`` with its first, second... call of the service refused by every kind
    in turn, until the route makes fewer calls; asserts every answer is below 500 and returns
    how many calls were refused."""
    with client.session_transaction() as session:
        kept = copy.deepcopy(dict(session))
    for at in range(1, 40):
        for kind in KINDS:
            _as_kept(client, kept)
            refusing.kind, refusing.at, refusing.calls = kind, at, []
            answer, error = _request(client, method, url, data)
            assert answer < 500, (
                f"{method} {url}: {kind.__name__} from call {at} of {refusing.calls} "
                f"answered {answer} {error}"
            )
            if len(refusing.calls) < at:
                return at - 1  # fewer calls: nothing was refused, every call was driven
    pytest.fail(f"{method} {url} calls the service 40 times and more")


def _refusing_service(monkeypatch: pytest.MonkeyPatch) -> Refusing:
    """Every public function of the service counted (and refused when told), as the routes
    call it: ``service.<name>`` and any module's own name for it (``from ..service import
    create_match``)."""
    refusing = Refusing()
    callers = _callers()
    for name, real in vars(service).items():
        if inspect.isfunction(real) and not name.startswith("_"):
            wrapped = refusing.wrap(name, real)
            monkeypatch.setattr(service, name, wrapped)
            for module in callers:
                if getattr(module, name, None) is real:
                    monkeypatch.setattr(module, name, wrapped)
    return refusing


def _form_of(client: FlaskClient, world: World, endpoint: str) -> dict[str, str]:
    """What the route's form sends."""
    if endpoint in ("club.new_night", "club.new_night_in_group"):
        return form_data(client, name="Friday")
    if endpoint == "matches.import_match":
        return {"pasted": client.get(f"/m/{world.match}/export.json").get_data(as_text=True)}
    return FORM | FORMS.get(endpoint, {})


@pytest.mark.parametrize(("rule", "method", "endpoint"), PAGE_ROUTES)
def test_no_refusal_of_the_service_is_a_500_on_a_page(
    app: Flask,
    client: FlaskClient,
    monkeypatch: pytest.MonkeyPatch,
    rule: str,
    method: str,
    endpoint: str,
) -> None:
    world = World(client)
    world.make()
    data = _form_of(client, world, endpoint)
    refusing = _refusing_service(monkeypatch)
    if endpoint in NO_SERVICE or f"{method} {endpoint}" in NO_SERVICE:
        for url in world.urls(rule):
            _request(client, method, url, data)
            assert not refusing.calls, f"{endpoint} calls the service: drop it from NO_SERVICE"
        return
    refused = [_drive(client, refusing, method, url, data) for url in world.urls(rule)]
    assert max(refused) > 0, f"{method} {rule} ({endpoint}) reached no call of the service"


def test_a_hand_over_of_a_club_match_is_the_409_page_with_its_words(
    client: FlaskClient,
) -> None:
    world = World(client)
    world.make()
    handed = client.post(f"/m/{world.club_match}/share/link", data={"hands_over": "1"})
    assert handed.status_code == 409
    html = handed.get_data(as_text=True)
    assert "<h1>409</h1>" in html
    assert "a club night&#39;s match cannot be handed over" in html
    client.get("/lang/es")
    in_spanish = client.post(f"/m/{world.club_match}/share/link", data={"hands_over": "1"})
    assert in_spanish.status_code == 409
    assert "cannot be handed over" not in in_spanish.get_data(as_text=True)
    # Another phone may still score too: that link is made as before.
    assert client.post(f"/m/{world.club_match}/share/link", data={}).status_code == 303
