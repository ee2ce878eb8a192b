"""A whole evening without signal (issue 30 item 4; docs/phone.md "Offline, hand by hand"): a
phone that opened its match with the engine cached goes offline for ten hands of each form, one
of them refused and one changed while it waits. What the phone shows is what the server later
gives: each waiting hand's scores and the totals counted on the phone (static/counted.js), and
the refusal, back in its form at once with the server's words; when the connection returns
nothing is lost or doubled (the API's hands are the hands typed), and no difference was
reported (POST /engine/report). Online too, Save paints the phone's totals before the server's
answer confirms them (items 5 and 7); an engine of other rules counts but says the server has
the last word, and gives no refusal back (item 6); the words are the page's language's.

The suite keeps the engine off (``TestConfig``): this module turns it on for its app. Every wait
is for a state of the page (the engine ready, a row counted, the queue empty), never for a time.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest
from flask import Flask

from scorekeeper.infra import engine
from scorekeeper.rules.engine import words as phone_words
from scorekeeper.rules.engine.answers import gettext_of

from .conftest import Phone
from .flows import save
from .table import controlled, start
from .test_offline import stored

#: The precache of ~20 MB from the test server, and Pyodide's cold start, on a busy machine.
ENGINE_TIMEOUT_MS = 180_000
#: The engine ready, counted.js loaded, and its copy of the match as the server showed it with
#: this page arrived (without it nothing is counted offline yet: issue 38 point 3, where the
#: signal dropped before that copy came and a whole evening went uncounted).
READY = (
    "() => document.documentElement.dataset.engine === 'ready' && !!window.scorekeeper.counted"
    " && !!document.documentElement.dataset.engineCopy"
)
#: Every waiting row counted on the phone, the totals box too.
COUNTED = """(rows) => {
  const shown = document.querySelectorAll('#queue li.queued');
  return shown.length === rows && Array.from(shown).every(r => r.hasAttribute('data-counted')) &&
    !!document.querySelector('.totals[data-counted]') && !!document.getElementById('counted');
}"""


@dataclass
class Hand:
    """What a thumb types for one hand: big buttons to tap, then numbers."""

    fills: dict[str, str] = field(default_factory=dict)
    picks: list[str] = field(default_factory=list)


@dataclass
class Form:
    """A form of hand entry: the match, ten good hands, a refused one, a change of a field of a
    waiting hand (its index, the field, the new number)."""

    variant: str
    players: list[str]
    hands: list[Hand]
    refused: Hand
    change: tuple[int, str, str]
    teams: tuple[str, str] | None = None
    options: dict[str, Any] = field(default_factory=dict)


def _pinochle(players: int, sides: int) -> list[Hand]:
    hands = []
    for i in range(10):
        tricks = [str(100 + 10 * (i % 3))] + ["50"] * (sides - 2)
        last = 250 - sum(int(t) for t in tricks)
        fills = {f"meld_{s}": str(20 * ((i + s) % 4)) for s in range(sides)}
        fills |= {f"tricks_{s}": t for s, t in enumerate(tricks)}
        fills[f"tricks_{sides - 1}"] = str(last)
        hands.append(Hand(fills))
    return hands


def _auction() -> list[Hand]:
    bidders, trumps = ["Ana", "Ben", "Cruz"], ["spades", "hearts", "clubs", "diamonds"]
    return [
        Hand(
            {"bid": str(300 + 10 * (i % 5))},
            [bidders[i % 3], trumps[i % 4], "made" if i % 4 else "set"],
        )
        for i in range(10)
    ]


def _partnership() -> list[Hand]:
    bidders, trumps = ["Ana", "Ben", "Cruz", "Dee"], ["spades", "hearts", "clubs", "diamonds"]
    return [
        Hand(
            {"bid": "250", "meld_0": str(20 + 20 * (i % 3)), "tricks_0": "200", "meld_1": "20"},
            [bidders[i % 4], trumps[i % 4]],
        )
        for i in range(10)
    ]


def _double_deck() -> list[Hand]:
    # Bids of Joe Andrews' steps (by 1 to 60, then by 5), the last a set (62 < 65).
    bidders, trumps = ["Ana", "Ben", "Cruz", "Dee"], ["spades", "hearts", "clubs", "diamonds"]
    bids = ["50", "51", "55", "60", "52", "58", "60", "53", "57", "65"]
    return [
        Hand(
            {"bid": bids[i], "meld_0": str(20 + 4 * (i % 3)), "tricks_0": "30", "meld_1": "20"},
            [bidders[i % 4], trumps[i % 4]],
        )
        for i in range(10)
    ]


def _pinnacola() -> list[Hand]:
    return [
        Hand(
            {
                "table_0": str(50 + 5 * i),
                "hand_0": "0",
                "table_1": "40",
                "hand_1": str(5 * (i % 3)),
            },
            ["closed\\:0"],
        )
        for i in range(10)
    ]


FORMS: dict[str, Form] = {
    "pinochle-2": Form(
        "pinochle-2",
        ["Ana", "Ben"],
        _pinochle(2, 2),
        Hand({"meld_0": "150", "tricks_0": "200", "tricks_1": "100"}),
        (2, "meld_0", "60"),
        options={"target": 10000},
    ),
    "pinochle-3": Form(
        "pinochle-3",
        ["Ana", "Ben", "Cruz"],
        _pinochle(3, 3),
        Hand({"meld_0": "0", "tricks_0": "200", "tricks_1": "50", "tricks_2": "50"}),
        (4, "meld_1", "40"),
        options={"target": 10000},
    ),
    "pinochle-4": Form(
        "pinochle-4",
        ["Ana", "Ben", "Cruz", "Dee"],
        _pinochle(4, 2),
        Hand({"meld_0": "0", "tricks_0": "200", "tricks_1": "100"}),
        (1, "meld_0", "100"),
        options={"target": 10000},
    ),
    "auction": Form(
        "auction",
        ["Ana", "Ben", "Cruz"],
        _auction(),
        Hand({"bid": "5"}, ["Ana", "spades", "made"]),
        (3, "bid", "350"),
    ),
    "partnership-auction": Form(
        "partnership-auction",
        ["Ana", "Ben", "Cruz", "Dee"],
        _partnership(),
        Hand({"bid": "5", "meld_0": "20", "tricks_0": "200", "meld_1": "20"}, ["Ana", "hearts"]),
        (5, "meld_0", "100"),
        teams=("Us", "Them"),
        options={"target": 10000},
    ),
    # The refused hand bids 105: above 100 bids go up by 10 (docs/rules.md §2 `double-deck`).
    "double-deck": Form(
        "double-deck",
        ["Ana", "Ben", "Cruz", "Dee"],
        _double_deck(),
        Hand({"bid": "105", "meld_0": "80", "tricks_0": "30", "meld_1": "20"}, ["Ana", "hearts"]),
        (4, "meld_0", "40"),
        teams=("Us", "Them"),
        options={"target": 10000},
    ),
    "pinnacola": Form(
        "pinnacola",
        ["Ana", "Ben"],
        _pinnacola(),
        Hand({"table_0": "123", "hand_0": "0", "table_1": "120", "hand_1": "45"}, ["closed\\:0"]),
        (6, "table_0", "95"),
        options={"target": 100000},
    ),
}


@pytest.fixture
def engine_app(app: Flask) -> Flask:
    """This app offers the phone's engine (skipped without one of this build in static/)."""
    app.config["PHONE_ENGINE"] = True
    with app.app_context():
        if engine.engine_manifest() is None:
            pytest.skip("static/engine/ holds no engine of this build: scripts/phone_bundle.py")
    return app


def api_match(app: Flask, path: str) -> dict[str, Any]:
    """The API's match JSON (its hands' inputs and scores, its totals), as the server has it."""
    with app.test_client() as client:
        answer = client.get("/api/v1/matches/" + path.rsplit("/", 1)[1])
        assert answer.status_code == 200
        return dict(answer.get_json())


#: Where a precache stands, as the page sees it: its marks, its service worker, the engine
#: caches and what each holds (what a failed wait says, to find where it stopped).
PRECACHE_STATE = """async () => {
  const sw = navigator.serviceWorker, reg = sw && await sw.getRegistration();
  const caches_ = {};
  for (const name of await caches.keys()) {
    if (!name.startsWith("sk-engine")) continue;
    caches_[name] = (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname);
  }
  return {html: {...document.documentElement.dataset}, controlled: !!(sw && sw.controller),
    worker: reg ? [reg.installing, reg.waiting, reg.active].map((w) => w && w.state) : null,
    caches: caches_};
}"""


def precache_state(phone: Phone) -> str:
    """:data:`PRECACHE_STATE` of the phone's page, as text (or why it could not be read)."""
    try:
        return str(phone.page.evaluate(PRECACHE_STATE))
    except Exception as error:  # the page itself may be what failed
        return f"unreadable ({error})"


def open_with_engine(app: Flask, phone: Phone, path: str) -> None:
    """Open the match page and wait until the phone's engine runs (and counted.js with it)."""
    page = phone.page
    controlled(phone, path)
    try:
        page.wait_for_function(
            "() => !!(document.documentElement.dataset.engineCached ||"
            " document.documentElement.dataset.engineSkip)",
            timeout=ENGINE_TIMEOUT_MS,
        )
    except Exception as error:
        raise AssertionError(f"the engine was never precached: {precache_state(phone)}") from error
    assert page.evaluate("document.documentElement.dataset.engineSkip || ''") == ""
    phone.go(path)  # opened again, with the engine cached
    page.wait_for_function(
        "() => document.documentElement.dataset.engine === 'ready'", timeout=ENGINE_TIMEOUT_MS
    )
    page.wait_for_function(READY, timeout=ENGINE_TIMEOUT_MS)  # engine.js loads counted.js


def type_hand(phone: Phone, hand: Hand) -> None:
    """Tap the hand's buttons, type its numbers, tap Save."""
    page = phone.page
    for value in hand.picks:
        page.locator(f"form#hand-form label.pick.v-{value}").first.click()
    for field_id, text in hand.fills.items():
        page.locator(f"#{field_id}").fill(text)
        page.locator(f"#{field_id}").dispatch_event("input")
    page.click("form#hand-form button.save")


def shown_refusal(phone: Phone) -> tuple[str, list[str]]:
    """The banner's words and the messages at the fields of a refused entry."""
    banner = " ".join(phone.page.inner_text("#refused p").split())
    return banner, sorted(" ".join(text.split()) for text in phone.errors())


def row_scores(phone: Phone) -> list[str]:
    """The scores the phone counted for each waiting row, oldest first."""
    texts = phone.page.locator("#queue li.queued [data-counted-row=counted]").all_inner_texts()
    return [" ".join(text.split()) for text in reversed(texts)]


def scores_text(hand: dict[str, Any], sides: list[str]) -> str:
    """A hand's scores as the page writes them (``Ana 190 · Ben 120``, in the order of the
    match's sides, the kitty last; payments signed)."""
    paid = hand["scores"] is None
    numbers = hand["payments"] if paid else hand["scores"]
    order = [side for side in sides if side in numbers] + [s for s in numbers if s not in sides]
    return " · ".join(
        f"{side} {'+' if paid and numbers[side] > 0 else ''}{numbers[side]}" for side in order
    )


@pytest.mark.parametrize("name", list(FORMS))
def test_an_evening_offline_is_counted_refused_and_sent_as_the_server_does(
    engine_app: Flask, new_phone: Any, name: str
) -> None:
    form = FORMS[name]
    phone: Phone = new_phone()
    page = phone.page
    reports: list[str] = []
    page.on(
        "request",
        lambda r: reports.append(r.post_data or "") if "/engine/report" in r.url else None,
    )
    path = start(phone, form.variant, form.players, teams=form.teams, options=form.options)
    open_with_engine(engine_app, phone, path)

    page.context.set_offline(True)
    typed = 0
    refused_here: tuple[str, list[str]] | None = None
    for i, hand in enumerate(form.hands):
        if i == 5:
            # A mistake: refused on the phone at once, back in its form with the message at
            # its field, never queued for the server. "Clear" drops it.
            before = page.evaluate("document.documentElement.dataset.answers || '0'")
            type_hand(phone, form.refused)
            page.wait_for_function(
                "(n) => (document.documentElement.dataset.answers || '0') !== n &&"
                " !!document.querySelector('#refused[data-counted-refusal]')",
                arg=before,
            )
            refused_here = shown_refusal(phone)
            assert refused_here[1], refused_here
            field_id, text = next(iter(form.refused.fills.items()))
            assert page.input_value(f"#{field_id}") == text
            page.click("form#hand-form [data-clear]")
            page.wait_for_function(COUNTED, arg=typed)
            assert not page.locator("#refused").count()
        type_hand(phone, hand)
        typed += 1
        try:
            page.wait_for_function(COUNTED, arg=typed)
        except Exception:
            raise AssertionError(page.inner_text("main")[:3000]) from None
    # A waiting hand changed: counted again in its place.
    at, field_id, text = form.change
    label = page.locator("#queue li.queued").nth(typed - 1 - at)
    label.locator("[data-change]").click()
    page.locator(f"#{field_id}").fill(text)
    page.locator(f"#{field_id}").dispatch_event("input")
    form.hands[at].fills[field_id] = text
    page.click("form#hand-form button.save")
    page.wait_for_function(
        f"(n) => !localStorage.getItem('sk:editing:' + location.pathname) && ({COUNTED})(n)",
        arg=typed,
    )
    phone_rows = row_scores(phone)
    phone_totals = phone.totals()
    mark = page.inner_text("#counted")
    assert mark == "Counted on this phone, waiting to be sent.", mark
    assert stored(engine_app, path) == []  # nothing reached the server

    # The connection is back: the queue goes, the server's page replaces the phone's.
    page.context.set_offline(False)
    page.wait_for_function(
        "(p) => !localStorage.getItem('sk:queue:' + p) &&"
        " !document.querySelector('#queue li.queued, .totals[data-counted]')",
        arg=path,
        timeout=60_000,
    )
    match = api_match(engine_app, path)
    assert len(match["hands"]) == len(form.hands) == len(stored(engine_app, path))
    assert phone_rows == [scores_text(hand, match["sides"]) for hand in match["hands"]]
    assert phone_totals == match["totals"] == phone.totals()
    assert reports == [], "\n".join(reports)
    assert page.evaluate("document.documentElement.dataset.differences || ''") == ""
    assert reports == [], "\n".join(reports)

    # The server refuses the same mistake in the same words, at the same fields.
    assert refused_here is not None
    for value in form.refused.picks:
        page.locator(f"form#hand-form label.pick.v-{value}").first.click()
    for field_id, text in form.refused.fills.items():
        page.locator(f"#{field_id}").fill(text)
        page.locator(f"#{field_id}").dispatch_event("input")
    save(page)
    assert not page.locator("#refused[data-counted-refusal]").count()
    assert shown_refusal(phone) == refused_here
    assert len(stored(engine_app, path)) == len(form.hands)


def test_online_save_paints_the_phones_totals_before_the_server_answers(
    engine_app: Flask, new_phone: Any
) -> None:
    phone: Phone = new_phone()
    page = phone.page
    path = start(phone, "pinochle-2", ["Ana", "Ben"], options={"target": 10000})
    open_with_engine(engine_app, phone, path)
    # The server's answer is held back until the phone has painted its own totals.
    held: list[Any] = []
    page.route("**/hands", lambda route: held.append(route))
    type_hand(phone, Hand({"meld_0": "60", "tricks_0": "130"}))
    page.wait_for_function(COUNTED, arg=1)
    assert phone.totals() == {"Ana": 190, "Ben": 120}
    assert page.inner_text("#counted") == "Counted on this phone, waiting to be sent."
    assert stored(engine_app, path) == []
    before = page.evaluate("document.documentElement.dataset.answers || '0'")
    held[0].continue_()
    page.wait_for_function(
        "(n) => (document.documentElement.dataset.answers || '0') !== n &&"
        " !document.querySelector('.totals[data-counted], #counted')",
        arg=before,
    )
    assert phone.totals() == {"Ana": 190, "Ben": 120} == api_match(engine_app, path)["totals"]
    assert page.evaluate("document.documentElement.dataset.differences || ''") == ""


def test_an_engine_of_other_rules_counts_but_the_server_has_the_last_word(
    engine_app: Flask, new_phone: Any
) -> None:
    phone: Phone = new_phone()
    page = phone.page
    path = start(phone, "pinochle-2", ["Ana", "Ben"], options={"target": 10000})
    page.wait_for_function(
        "() => !!document.documentElement.dataset.engineCached", timeout=ENGINE_TIMEOUT_MS
    )
    # The server's page says other rules than the engine this phone keeps (a release since).
    page.add_init_script(
        """new MutationObserver((_, seen) => {
             const main = document.querySelector("main[data-rules]");
             if (main) { main.dataset.rules = "0000000000000000"; seen.disconnect(); }
           }).observe(document, {childList: true, subtree: true});"""
    )
    open_with_engine(engine_app, phone, path)
    assert page.evaluate("window.scorekeeper.engine.mismatch") is True
    page.context.set_offline(True)
    type_hand(phone, Hand({"meld_0": "60", "tricks_0": "130"}))
    page.wait_for_function(COUNTED, arg=1)
    assert page.inner_text("#counted") == (
        "Counted on this phone with other rules: the server has the last word."
    )
    assert phone.totals() == {"Ana": 190, "Ben": 120}
    # A mistake is not given back by other rules: it waits, said refused, for the server.
    type_hand(phone, Hand({"meld_0": "150", "tricks_0": "200", "tricks_1": "100"}))
    page.wait_for_function(COUNTED, arg=2)
    assert not page.locator("#refused").count()
    said = page.inner_text("#queue li.queued [data-counted-row=refused]")
    assert said.startswith("Refused on this phone:"), said
    page.context.set_offline(False)
    page.wait_for_function("() => !!document.querySelector('#refused:not([data-counted-refusal])')")
    assert len(stored(engine_app, path)) == 1
    assert phone.totals() == {"Ana": 190, "Ben": 120}


@pytest.mark.parametrize("language", ["es", "it", "ru"])
def test_the_phone_says_it_counted_in_the_pages_language(
    engine_app: Flask, new_phone: Any, language: str
) -> None:
    phone: Phone = new_phone()
    page = phone.page
    path = start(phone, "pinochle-2", ["Ana", "Ben"], language=language)
    open_with_engine(engine_app, phone, path)
    page.context.set_offline(True)
    type_hand(phone, Hand({"meld_0": "60", "tricks_0": "130"}))
    page.wait_for_function(COUNTED, arg=1)
    said = phone_words.words(gettext_of(language))
    assert page.inner_text("#counted") == said["counted"] != phone_words.WORDS["counted"]
    assert phone.totals() == {"Ana": 190, "Ben": 120}
