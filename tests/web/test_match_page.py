"""The match page at the table, without a browser (the server's side of
tests/browser/test_match_page.py): plain words in every refusal, "all passed" with a contract,
the meld chips' points, team names, a clash that redirects with the typing kept, the undo that
says so, "New game, same table", the chart's raised target and "1 unit" on the settle page."""

from __future__ import annotations

import json
import re
from html import unescape
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from scorekeeper import service
from scorekeeper.rules import RuleError
from scorekeeper.rules.core.match import running_targets
from scorekeeper.web.forms import plain_rule_message, plain_subject
from tests.helpers import MatchClient, hidden, page_errors, totals

LANGUAGES = ("en", "es", "it", "ru")
API_WORDS = re.compile(r"\b[a-z]+_[a-z_]+\b|\b[A-Za-z_]+\.[A-Za-z_\[]\w*")


def post_hand(client: FlaskClient, url: str, data: dict[str, str]) -> TestResponse:
    html = client.get(url).get_data(as_text=True)
    keys = {
        "idempotency_key": hidden(html, "idempotency_key"),
        "version": hidden(html, "version"),
        "seen": hidden(html, "seen"),
    }
    return client.post(url + "/hands", data={**keys, **data})


def field(html: str, name: str) -> str:
    """The ``<input>`` tag of one field of the page's form."""
    found = re.search(rf'<input[^>]*name="{name}"[^>]*>', html)
    assert found, name
    return found.group(0)


def _text(html: str) -> str:
    """What a page shows (tags and attributes out)."""
    return re.sub(r"<[^>]+>", " ", html)


@pytest.mark.parametrize("language", LANGUAGES)
def test_refusals_name_no_api_field_in_any_language(
    app: Flask, client: FlaskClient, table: MatchClient, language: str
) -> None:
    client.get(f"/lang/{language}?next=/")
    url = table.start("pinnacola")
    response = post_hand(client, url, {"table_0": "100"})  # no ending given
    assert response.status_code == 422
    errors = page_errors(response.get_data(as_text=True))
    assert errors
    assert not [e for e in errors if API_WORDS.search(e)], errors
    with app.test_request_context(headers={"Accept-Language": language}):
        for error in (
            RuleError(
                "_", "say how the deal ended: closed_by, pinnacolone or stalled", code="no_ending"
            ),
            RuleError("rules.target", "may be null only when deals is set", code="no_match_end"),
            RuleError(
                "meld.Ana", "{given!r} is not one of {names}", given="Ana", names="Ben, Cruz"
            ),
        ):
            said = f"{plain_subject(error.path)}: {plain_rule_message(error)}"
            assert not API_WORDS.search(said), said


def test_a_path_is_said_as_what_it_names(app: Flask) -> None:
    with app.test_request_context():
        assert plain_subject("meld.Ana") == "Ana, meld"
        assert plain_subject("sides.Us.table") == "Us, on the table"
        assert plain_subject("_") == ""
        assert plain_rule_message(RuleError("bidder", "must be text", code="not_text")) == (
            "Pick one."
        )


def test_all_passed_with_a_contract_is_refused_and_alone_is_saved(
    client: FlaskClient, table: MatchClient
) -> None:
    url = table.start("partnership-auction")
    refused = post_hand(client, url, {"result": "all_pass", "bidder": "Ana", "trump": "clubs"})
    assert refused.status_code == 422
    assert any("nobody bid" in e for e in page_errors(refused.get_data(as_text=True)))
    assert post_hand(client, url, {"result": "all_pass"}).status_code == 303


def test_a_number_that_shows_the_chips_is_taken_and_one_that_does_not_is_refused(
    client: FlaskClient, table: MatchClient
) -> None:
    url = table.start("pinochle-2")
    refused = post_hand(
        client, url, {"melds_0": "run marriage", "meld_0": "150", "tricks_0": "130"}
    )
    assert refused.status_code == 422
    assert any("170" in e for e in page_errors(refused.get_data(as_text=True)))
    saved = post_hand(client, url, {"melds_0": "run marriage", "meld_0": "170", "tricks_0": "130"})
    assert saved.status_code == 303
    assert totals(client.get(url).get_data(as_text=True)) == {"Ana": 300, "Ben": 120}


def test_a_chip_without_javascript_replaces_the_number_and_shows_the_points(
    client: FlaskClient, table: MatchClient
) -> None:
    url = table.start("pinochle-2")
    html = post_hand(client, url, {"meld_0": "150", "chip": "0:aces_around"}).get_data(as_text=True)
    assert 'value="aces_around"' in html  # the list, in a hidden field
    assert 'value="150"' not in field(html, "meld_0")  # the chips took over from the 150
    assert "aces around = 100" in html  # named and added up, in plain words


def test_unnamed_teams_are_called_by_their_players(client: FlaskClient, table: MatchClient) -> None:
    url = table.start("partnership-auction")
    assert list(totals(client.get(url).get_data(as_text=True))) == [
        "Ana &amp; Cruz",
        "Ben &amp; Dee",
    ]
    client.get("/lang/it?next=/")
    url = MatchClient(client).start("pinochle-4")
    assert list(totals(client.get(url).get_data(as_text=True))) == ["Ana e Cruz", "Ben e Dee"]


def test_a_clash_goes_back_to_the_page_with_the_typing_kept(
    app: Flask, client: FlaskClient, table: MatchClient
) -> None:
    url = table.start("pinochle-2")
    stale = client.get(url).get_data(as_text=True)
    keys = {name: hidden(stale, name) for name in ("idempotency_key", "version", "seen")}
    assert post_hand(client, url, {"meld_0": "60", "tricks_0": "130"}).status_code == 303
    clash = client.post(url + "/hands", data={**keys, "meld_0": "40", "tricks_0": "100"})
    assert clash.status_code == 303
    location = urlsplit(clash.headers["Location"])
    assert location.path == url
    assert parse_qs(location.query) == {"clash": ["0"], "f.meld_0": ["40"], "f.tricks_0": ["100"]}
    page = client.get(clash.headers["Location"]).get_data(as_text=True)
    assert "Another phone saved hand 1 meanwhile." in page
    assert "version" not in _text(page).lower()
    # Typed for hand 1, which the other phone saved: kept, never filled in as hand 2 (one tap
    # on Save would store the deal twice, issue 38 point 1) until "Bring back what I typed".
    assert 'value="40"' not in field(page, "meld_0")
    assert "What you typed is kept on this page, not filled in" in page
    back = re.search(
        r"<p data-bring-back-link data-typed='([^']+)'><a class=\"button\" href=\"([^\"]+)\"", page
    )
    assert back is not None
    assert json.loads(unescape(back.group(1))) == {"meld_0": "40", "tricks_0": "100"}
    brought = client.get(unescape(back.group(2))).get_data(as_text=True)
    # Nothing else of the address reaches the link: not url_for's own arguments.
    odd = client.get(clash.headers["Location"] + "&_external=1&_scheme=javascript&_anchor=x")
    assert odd.status_code == 200
    assert "javascript:" not in odd.get_data(as_text=True)
    assert 'value="40"' in field(brought, "meld_0")
    assert 'value="100"' in field(brought, "tricks_0")
    assert "What you typed is kept below, as hand 2: save it only if it is another hand." in brought
    assert "data-bring-back-link" not in brought
    with app.app_context():
        assert len(service.get_match(table.id).hands) == 1  # nothing stored twice


def test_typing_no_phone_saved_meanwhile_is_filled_in_after_a_clash(
    client: FlaskClient, table: MatchClient
) -> None:
    """A clash with an undo: the hand typed was never stored, so the page fills it in."""
    url = table.start("pinochle-2")
    post_hand(client, url, {"meld_0": "60", "tricks_0": "130"})
    stale = client.get(url).get_data(as_text=True)
    keys = {name: hidden(stale, name) for name in ("idempotency_key", "version", "seen")}
    undone = client.post(
        url + "/hands/1/undo", data={"idempotency_key": "undo-1", "version": keys["version"]}
    )
    assert undone.status_code == 303
    clash = client.post(url + "/hands", data={**keys, "meld_0": "40", "tricks_0": "100"})
    page = client.get(clash.headers["Location"]).get_data(as_text=True)
    assert "Another phone undid hand 1 meanwhile." in page
    assert 'value="40"' in field(page, "meld_0")
    assert "data-bring-back-link" not in page


def test_a_stale_form_that_repeats_the_hand_saved_meanwhile_is_not_stored_twice(
    app: Flask, client: FlaskClient, table: MatchClient
) -> None:
    """Issue 38 point 1 (docs/phone.md "Two phones, one deal"): the same deal typed on two
    phones is stored once; a stale form that differs is the clash above; a form made after
    the hands stored may repeat the last hand (two deals alike)."""
    url = table.start("pinochle-2")
    stale = client.get(url).get_data(as_text=True)
    keys = {name: hidden(stale, name) for name in ("idempotency_key", "version", "seen")}
    assert post_hand(client, url, {"meld_0": "60", "tricks_0": "130"}).status_code == 303
    again = client.post(url + "/hands", data={**keys, "meld_0": "60", "tricks_0": "130"})
    assert again.status_code == 303
    location = urlsplit(again.headers["Location"])
    assert (location.path, parse_qs(location.query)) == (url, {"repeated": ["1"]})
    page = client.get(again.headers["Location"]).get_data(as_text=True)
    assert "Hand 1 was saved already, exactly as typed here, by another phone" in page
    with app.app_context():
        assert len(service.get_match(table.id).hands) == 1
    # Typed after seeing hand 1, the same figures are hand 2.
    assert post_hand(client, url, {"meld_0": "60", "tricks_0": "130"}).status_code == 303
    with app.app_context():
        assert len(service.get_match(table.id).hands) == 2


def test_an_undo_says_which_hand(client: FlaskClient, table: MatchClient) -> None:
    url = table.start("pinnacola")
    post_hand(
        client, url, {"table_0": "385", "table_1": "120", "hand_1": "45", "ending": "closed:0"}
    )
    html = client.get(url).get_data(as_text=True)
    done = client.post(
        url + "/hands/1/undo",
        data={"idempotency_key": "undo-1", "version": hidden(html, "version")},
        follow_redirects=True,
    )
    assert "Deal 1 undone." in done.get_data(as_text=True)


def test_new_game_same_table(app: Flask, client: FlaskClient, table: MatchClient) -> None:
    url = table.start("pinochle-3", opt_target="300", dealer="2")
    post_hand(client, url, {"meld_0": "200", "tricks_0": "150", "tricks_1": "50"})
    post_hand(client, url, {"meld_0": "100", "tricks_0": "150", "tricks_1": "100"})
    html = client.get(url).get_data(as_text=True)
    assert 'id="rematch"' in html
    moved = client.post(url + "/rematch")
    assert moved.status_code == 303
    new_id = moved.headers["Location"].rsplit("/", 1)[1]
    with app.app_context():
        old, new = service.get_match(table.id), service.get_match(new_id)
        assert new.players == old.players
        assert new.options == old.options
        assert old.first_dealer == "Cruz"
        assert new.first_dealer == "Ana"  # the deal moves on (left of Cruz)
        assert new.hands == []
    page = client.get(moved.headers["Location"]).get_data(as_text=True)
    assert 'id="hand-form"' in page  # this phone scores the new match
    assert "rematch" in client.get("/").get_data(as_text=True)


def test_the_chart_knows_every_target_the_match_had(app: Flask, client: FlaskClient) -> None:
    table = MatchClient(client)
    url = table.start("pinochle-2", opt_target="300")
    post_hand(client, url, {"meld_0": "200", "tricks_0": "130", "meld_1": "200"})
    with app.app_context():
        state = service.state_of(service.get_match(table.id))
    assert running_targets(state) == [300, 550]
    assert client.get(url).get_data(as_text=True).count('class="target"') == 2


def test_a_clash_on_a_correction_keeps_the_typing_too(
    client: FlaskClient, table: MatchClient
) -> None:
    url = table.start("pinochle-2")
    post_hand(client, url, {"meld_0": "60", "tricks_0": "130"})
    stale = client.get(url + "/hands/1").get_data(as_text=True)
    keys = {name: hidden(stale, name) for name in ("idempotency_key", "version", "seen")}
    post_hand(client, url, {"meld_0": "20", "tricks_0": "100"})  # another phone: hand 2
    clash = client.post(url + "/hands/1", data={**keys, "meld_0": "80", "tricks_0": "130"})
    assert clash.status_code == 303
    assert urlsplit(clash.headers["Location"]).path == url + "/hands/1"
    page = client.get(clash.headers["Location"]).get_data(as_text=True)
    assert "Another phone saved hand 2 meanwhile." in page
    assert 'value="80"' in field(page, "meld_0")


@pytest.mark.parametrize(
    ("language", "one"), [("en", "(1 unit)"), ("es", "(1 unidad)"), ("ru", "(1 единица)")]
)
def test_one_unit_is_one_unit_and_nothing_reads_plus_zero(
    client: FlaskClient, table: MatchClient, language: str, one: str
) -> None:
    client.get(f"/lang/{language}?next=/")
    url = table.start("auction", ["Ana", "Ben", "Cruz"], opt_kitty="")
    post_hand(client, url, {"bidder": "Ana", "bid": "300", "trump": "clubs", "outcome": "made"})
    post_hand(client, url, {"bidder": "Ben", "bid": "300", "trump": "clubs", "outcome": "made"})
    page = _text(client.get(url + "/settle").get_data(as_text=True))
    assert one in page, page
    assert "+0" not in page


@pytest.mark.parametrize(
    ("variant", "players", "rules"),
    [
        ("pinochle-2", ["Ana", "Ben"], {"counting": "simple"}),
        ("pinochle-4", ["Ana", "Ben", "Cruz", "Dee"], {"saving_trick": "player"}),
        ("auction", ["Ana", "Ben", "Cruz", "Dee", "Eve", "Flo"], {}),
        ("auction", ["Ana", "Ben", "Cruz"], {"scoring": "points"}),
        ("partnership-auction", ["Ana", "Ben", "Cruz", "Dee"], {"melds": {"double_pinochle": 400}}),
        ("pinnacola", ["Ana", "Ben", "Cruz", "Dee"], {"target": None, "deals": 5}),
    ],
)
def test_every_form_starts_again_at_the_same_table(
    app: Flask, variant: str, players: list[str], rules: dict[str, Any]
) -> None:
    with app.app_context():
        match, _token = service.create_match(variant, players, None, rules, players[-1])
        new, _token = service.rematch(match.public_id)
        assert (new.variant, new.players, new.teams) == (match.variant, match.players, match.teams)
        assert new.options == match.options
        assert new.first_dealer == players[0]  # the deal moves on from the last seat


def test_a_refused_hand_whose_form_carries_an_odd_version_is_no_500(
    client: FlaskClient, table: MatchClient
) -> None:
    """A hand form's hidden numbers are read as ASCII digits only ("²" is a digit to
    ``str.isdigit`` and not to ``int``): a hand posted to a finished match with such a version
    is refused in words, as with any other."""
    url = table.start("pinochle-2", opt_target="150")
    post_hand(client, url, {"meld_0": "60", "tricks_0": "130"})  # Ana 190: over the target
    html = client.get(url).get_data(as_text=True)
    assert 'id="hand-form"' not in html  # the match is over
    keys = {"idempotency_key": "odd-version", "version": "²", "seen": "²"}
    answer = client.post(url + "/hands", data={**keys, "meld_0": "20", "tricks_0": "100"})
    assert answer.status_code == 422
    assert "Not stored: the match is over" in _text(answer.get_data(as_text=True))
