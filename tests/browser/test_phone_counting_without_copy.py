"""The phone's engine never silently stops counting (issue 38 point 3; docs/phone.md "Offline,
hand by hand"): it counts from what the phone itself has and sent, never from a download that
the signal may cut. Before, counted.js needed the server's copy of the match at the page's
version (``GET /api/v1/matches/<id>``, fetched after every stored hand): when the signal dropped
within that round trip after a Save, or before the engine's first copy came, every waiting hand
said "Not in the totals yet" for the rest of the outage.

Here the server's copy never comes once the table starts (a 503 to the engine's request,
header ``X-Engine``): the hands this phone sent and the server stored are what the engine
counts on, in the page left open and in a page opened again without signal. Every wait is for a
state of the page, never for a time.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any

import pytest
from flask import Flask

from .conftest import Phone
from .table import start
from .test_offline import stored
from .test_phone_offline import COUNTED, Hand, api_match, engine_app, open_with_engine, type_hand

__all__ = ["engine_app"]  # (the fixture, used by name)

#: Two-handed pinochle's hand: 250 points of counters and last trick (docs/rules.md, seeds 000
#: and 004), so 130 + 120, and Ana's 20 of meld (a marriage, docs/rules.md's meld table).
HAND = Hand({"meld_0": "20", "tricks_0": "130"})
#: The page shows the server's page after the n-th hand: its form has seen n hands.
SERVERS_PAGE = (
    "(n) => { const seen = document.querySelector('#hand-form input[name=seen]');"
    " return !!seen && seen.value === String(n) && !document.querySelector('#queue li.queued'); }"
)
#: A count that waits in vain is a failure, not a hang (the count takes well under a second).
COUNT_MS = 20_000


class CopyGate:
    """The server's answers to the engine's copy of a match (``X-Engine``): a 503 once
    ``closed``, as a signal lost before the copy came."""

    def __init__(self, app: Callable[..., Iterable[bytes]]) -> None:
        self.app = app
        self.closed = False
        self.refused = 0

    def __call__(self, environ: dict[str, Any], respond: Callable[..., Any]) -> Iterable[bytes]:
        path = environ.get("PATH_INFO", "")
        if self.closed and environ.get("HTTP_X_ENGINE") and path.startswith("/api/v1/matches/"):
            self.refused += 1
            respond("503 Service Unavailable", [("Content-Type", "text/plain")])
            return [b"no signal"]
        return self.app(environ, respond)


@pytest.fixture
def gate(engine_app: Flask) -> Iterator[CopyGate]:
    """The app behind a :class:`CopyGate` for this test."""
    wsgi = engine_app.wsgi_app
    gate = CopyGate(wsgi)
    engine_app.wsgi_app = gate  # type: ignore[method-assign,assignment]
    try:
        yield gate
    finally:
        engine_app.wsgi_app = wsgi  # type: ignore[method-assign]


def save_online(phone: Phone, app: Flask, path: str, n: int) -> None:
    """Type hand ``n`` and Save with signal: stored, and the server's page shown."""
    type_hand(phone, HAND)
    phone.page.wait_for_function(SERVERS_PAGE, arg=n, timeout=60_000)
    assert len(stored(app, path)) == n


def first_hand_saved(engine_app: Flask, gate: CopyGate, new_phone: Any) -> tuple[Phone, str]:
    """A phone that opened a new two-handed match with its engine, and saved hand 1 with signal
    while the server's copy of the match never reaches the engine (the gate shut)."""
    phone: Phone = new_phone()
    path = start(phone, "pinochle-2", ["Ana", "Ben"], options={"target": 10000})
    open_with_engine(engine_app, phone, path)
    gate.closed = True
    save_online(phone, engine_app, path, 1)
    return phone, path


def test_a_signal_lost_just_after_a_save_leaves_the_next_hands_counted(
    engine_app: Flask, gate: CopyGate, new_phone: Any
) -> None:
    # The copy after this Save never comes: the signal goes with it.
    phone, path = first_hand_saved(engine_app, gate, new_phone)
    page = phone.page
    page.context.set_offline(True)
    type_hand(phone, HAND)
    type_hand(phone, HAND)
    page.wait_for_function(COUNTED, arg=2, timeout=COUNT_MS)
    assert phone.totals() == {"Ana": 450, "Ben": 360}
    assert page.inner_text("#counted") == "Counted on this phone, waiting to be sent."
    # Counted on what the phone sent: no copy of the 1-hand match was downloaded for it.
    assert gate.refused == 0

    page.context.set_offline(False)
    page.wait_for_function(SERVERS_PAGE, arg=3, timeout=60_000)
    assert phone.totals() == {"Ana": 450, "Ben": 360} == api_match(engine_app, path)["totals"]
    assert page.evaluate("document.documentElement.dataset.differences || ''") == ""


def test_a_page_opened_again_counts_before_any_copy_of_the_server_came(
    engine_app: Flask, gate: CopyGate, new_phone: Any
) -> None:
    phone, path = first_hand_saved(engine_app, gate, new_phone)
    page = phone.page
    save_online(phone, engine_app, path, 2)
    # Opened again (a tap on the match in the list), and the signal goes before the engine
    # has started, let alone fetched a copy of the match.
    phone.go(path)
    page.context.set_offline(True)
    assert page.evaluate("document.documentElement.dataset.engine") != "ready"
    page.wait_for_function(
        "() => document.documentElement.dataset.engine === 'ready' && !!window.scorekeeper.counted",
        timeout=180_000,
    )
    type_hand(phone, HAND)
    page.wait_for_function(COUNTED, arg=1, timeout=COUNT_MS)
    assert phone.totals() == {"Ana": 450, "Ben": 360}

    page.context.set_offline(False)
    page.wait_for_function(SERVERS_PAGE, arg=3, timeout=60_000)
    assert phone.totals() == {"Ana": 450, "Ben": 360} == api_match(engine_app, path)["totals"]
    assert page.evaluate("document.documentElement.dataset.differences || ''") == ""
