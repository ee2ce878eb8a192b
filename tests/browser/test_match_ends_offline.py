"""A match that a hand typed without signal ends (issue 38 point 5; docs/phone.md "A match that
ends offline"). Before, the phone's page showed no winner and offered the next hand, which the
rules refused; given back into the form, that hand stayed "being changed above" once the server's
page of the ended match (no form) was shown, with no way to remove it.

Now the phone's engine counts the ending hand: the page says the winner in the server's words,
puts the next hand's form away and offers "New game, same table"; tapped offline, the rematch
waits and is sent once the ended match's hands are stored, and the phone goes to the new match.
A hand typed after the end (before the engine could say so) is refused on the phone, waits in
its row and can be removed.

Every wait is for a state of the page, never for a time.
"""

from __future__ import annotations

from typing import Any

from flask import Flask

from scorekeeper.extensions import db
from scorekeeper.models import Match
from scorekeeper.rules.engine import words
from scorekeeper.rules.engine.answers import gettext_of

from .conftest import Phone
from .table import start
from .test_offline import stored
from .test_phone_counting_without_copy import COUNT_MS, SERVERS_PAGE
from .test_phone_offline import (
    COUNTED,
    ENGINE_TIMEOUT_MS,
    Hand,
    api_match,
    engine_app,
    open_with_engine,
    type_hand,
)

__all__ = ["engine_app"]  # (the fixture, used by name)

#: Two-handed pinochle to 1000 (docs/rules.md §2): Ana's 300 of meld and 200 of the 250 trick
#: points, 500 a hand: the second ends the match.
BIG = Hand({"meld_0": "300", "tricks_0": "200"})
#: The winner and the rematch shown by the phone, the next hand's form put away.
ENDED = """() => {
  const box = document.getElementById('match-end'), form = document.getElementById('hand-form');
  return !!box && !box.hidden && !!form && !form.offsetParent;
}"""


def matches(app: Flask) -> list[str]:
    """The public ids of every match the server has."""
    with app.app_context():
        ids = [m.public_id for m in db.session.execute(db.select(Match)).scalars()]
        db.session.remove()
        return ids


def first_hand_online(app: Flask, phone: Phone, language: str = "en") -> str:
    """A two-handed match to 1000 opened with the phone's engine, its first hand (Ana 500)
    stored with signal; the match page's path."""
    path = start(phone, "pinochle-2", ["Ana", "Ben"], language=language)
    open_with_engine(app, phone, path)
    type_hand(phone, BIG)
    phone.page.wait_for_function(SERVERS_PAGE, arg=1, timeout=60_000)
    assert len(stored(app, path)) == 1
    return path


def test_end_and_rematch_offline(engine_app: Flask, new_phone: Any) -> None:
    phone: Phone = new_phone()
    page = phone.page
    path = first_hand_online(engine_app, phone)
    page.context.set_offline(True)
    type_hand(phone, BIG)  # Ana 1000: the match is over
    page.wait_for_function(COUNTED, arg=1, timeout=COUNT_MS)
    page.wait_for_function(ENDED, timeout=COUNT_MS)
    assert phone.totals() == {"Ana": 1000, "Ben": 100}
    assert page.inner_text("#match-end .big") == "Ana wins!"
    assert not page.locator("#next-deal").is_visible()
    assert page.inner_text("#rematch") == "New game, same table"
    phone.shot("match-ends-offline")
    # The ending hand may still be changed: the form comes back for it, and goes with "Clear".
    page.click("#queue li.queued [data-change]")
    page.wait_for_function("() => !!document.getElementById('hand-form').offsetParent")
    assert page.input_value("#meld_0") == "300"
    page.click("form#hand-form [data-clear]")
    page.wait_for_function(ENDED)

    # Tapped offline: it waits for the hands, and says so.
    page.click("#rematch")
    page.wait_for_function("() => !!document.querySelector('#match-end .rematch p:not([hidden])')")
    assert page.inner_text("#match-end .rematch p") == (
        "The new game starts once the hands waiting are sent."
    )
    assert not page.locator("#rematch").is_visible()
    assert len(stored(engine_app, path)) == 1
    assert len(matches(engine_app)) == 1

    # The signal is back: the hand is stored, then the rematch is made, and the phone scores it.
    page.context.set_offline(False)
    page.wait_for_function(
        "(old) => location.pathname.startsWith('/m/') && location.pathname !== old &&"
        " !!document.getElementById('hand-form')",
        arg=path,
        timeout=60_000,
    )
    page.wait_for_load_state("load")
    ended = api_match(engine_app, path)
    assert len(stored(engine_app, path)) == 2
    assert (ended["status"], ended["winner"], ended["totals"]) == (
        "finished",
        "Ana",
        {"Ana": 1000, "Ben": 100},
    )
    new = page.evaluate("location.pathname")
    assert sorted(matches(engine_app)) == sorted([path.rsplit("/", 1)[1], new.rsplit("/", 1)[1]])
    rematch = api_match(engine_app, new)
    assert rematch["players"] == ["Ana", "Ben"]
    assert rematch["hands"] == []
    assert phone.totals() == {"Ana": 0, "Ben": 0}
    assert page.evaluate("(p) => localStorage.getItem('sk:rematch:' + p)", path) is None
    assert page.evaluate("document.documentElement.dataset.differences || ''") == ""


def test_a_hand_typed_after_the_end_is_refused_on_the_phone_and_removed(
    engine_app: Flask, new_phone: Any
) -> None:
    phone: Phone = new_phone()
    page = phone.page
    path = first_hand_online(engine_app, phone, language="es")
    # Opened again and the signal lost before the engine has started: the page cannot know
    # yet that the second hand ends the match, and takes a third.
    phone.go(path)
    page.context.set_offline(True)
    type_hand(phone, BIG)
    page.wait_for_function("() => document.querySelectorAll('#queue li.queued').length === 1")
    type_hand(phone, Hand({"meld_0": "20", "tricks_0": "130"}))
    page.wait_for_function("() => document.querySelectorAll('#queue li.queued').length === 2")
    assert page.evaluate("document.documentElement.dataset.engine") != "ready"
    page.wait_for_function(
        "() => document.documentElement.dataset.engine === 'ready'", timeout=ENGINE_TIMEOUT_MS
    )
    page.wait_for_function(ENDED, timeout=COUNT_MS)
    page.wait_for_function(
        "() => !!document.querySelector('#queue li.queued [data-counted-row=refused]')",
        timeout=COUNT_MS,
    )
    said = words.words(gettext_of("es"))
    assert page.inner_text("#match-end .big") == said["wins"].replace("%(side)s", "Ana")
    assert page.inner_text("#rematch") == said["rematch"] == "Nueva partida, misma mesa"
    # Not given back into a form that is put away: it waits in its row, said refused, and goes.
    assert not page.locator("#refused").count()
    third = page.locator("#queue li.queued").first
    assert third.locator("[data-label]").inner_text().endswith("3")
    third.locator("[data-remove] summary").click()
    third.locator("[data-remove-yes]").click()
    page.wait_for_function("() => document.querySelectorAll('#queue li.queued').length === 1")
    assert page.evaluate("localStorage.getItem('sk:editing:' + location.pathname)") is None

    page.context.set_offline(False)
    page.wait_for_function(
        "(p) => !localStorage.getItem('sk:queue:' + p) && !!document.querySelector('form.rematch')"
        " && !document.getElementById('match-end') && !document.querySelector('#queue li.queued')",
        arg=path,
        timeout=60_000,
    )
    assert len(stored(engine_app, path)) == 2
    # The server's page: the match over, the winner in the same words, its own rematch offered.
    assert page.inner_text(".winner .big") == said["wins"].replace("%(side)s", "Ana")
    assert page.locator("#hand-form").count() == 0


def test_a_hand_left_being_changed_after_the_end_is_not_stuck(app: Flask, phone: Phone) -> None:
    # No engine (the suite's setting): the ending hand and one more wait offline. An earlier
    # build's engine gave the second back into the form (it was "being changed above"); once the
    # server's page of the ended match, with no form, was shown it could be neither changed,
    # removed nor sent.
    page = phone.page
    path = start(phone, "pinochle-2", ["Ana", "Ben"])
    type_hand(phone, BIG)
    page.wait_for_function(SERVERS_PAGE, arg=1)
    page.context.set_offline(True)
    for rows, hand in ((1, BIG), (2, Hand({"meld_0": "20", "tricks_0": "130"}))):
        type_hand(phone, hand)
        page.wait_for_function(
            "(n) => document.querySelectorAll('#queue li.queued').length === n", arg=rows
        )
    page.evaluate(
        "(p) => localStorage.setItem('sk:editing:' + p,"
        " JSON.stringify(JSON.parse(localStorage.getItem('sk:queue:' + p))[1].key))",
        path,
    )
    page.context.set_offline(False)
    # Sent in its turn: the server refuses it in its own words, and the queue is empty.
    page.wait_for_function(
        "(p) => !localStorage.getItem('sk:queue:' + p) && !localStorage.getItem('sk:editing:' + p)"
        " && !document.querySelector('#queue li.queued') && !!document.getElementById('refused')",
        arg=path,
        timeout=60_000,
    )
    assert len(stored(app, path)) == 2
    assert "the match is over" in page.inner_text("#refused")
    assert page.inner_text(".winner .big") == "Ana wins!"
