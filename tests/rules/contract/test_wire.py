"""The API's match JSON is :mod:`scorekeeper.rules.contract.wire`'s (docs/api.md "Matches"): a match
replayed by the rules alone, as the phone replays it, and put through wire with a catalog's
``gettext`` reads exactly as the API answers the same match, once the database's fields are
removed, in English and in Italian."""

from __future__ import annotations

import gettext
from collections.abc import Mapping, Sequence
from typing import Any

import pytest
from flask.testing import FlaskClient

from scorekeeper.i18n import TRANSLATIONS, compile_catalogs
from scorekeeper.rules import MatchState, find_variant, finish
from scorekeeper.rules.contract import wire
from scorekeeper.rules.core.wording import Gettext
from scorekeeper.rules.games.replay import replay
from tests.api.test_problems import store_hands
from tests.helpers import MatchClient

#: What only the database row (or the club night) gives a match's JSON.
ROW_FIELDS = ("id", "version", "created_at", "updated_at", "club_night", "hand_limit", "over_after")

#: A pinochle-2 match: two hands, then one today's rules refuse (251 trick points,
#: docs/rules.md §1), stored straight into the database (a problem).
PINOCHLE = {"variant": "pinochle-2", "players": ["Ana", "Ben"], "dealer": "Ben"}
PINOCHLE_HANDS = [
    {"meld": {"Ana": 40, "Ben": 20}, "tricks": {"Ana": 130, "Ben": 120}},
    {"meld": {"Ana": 60, "Ben": 40}, "tricks": {"Ana": 250, "Ben": 0}},
]
PINOCHLE_REFUSED = {"meld": {"Ana": 0, "Ben": 0}, "tricks": {"Ana": 130, "Ben": 121}}

#: An auction night in units with four at the table: the dealer sits out (docs/rules.md §2).
AUCTION = {
    "variant": "auction",
    "players": ["Ana", "Ben", "Cruz", "Dee"],
    "rules": {"unit_value": "0.05"},
}
AUCTION_HANDS = [
    {"bidder": "Ben", "bid": 350, "trump": "spades", "outcome": "made"},
    {"bidder": "Cruz", "bid": 300, "trump": "hearts", "meld": 200, "tricks": 160},
    {"bidder": "Dee", "bid": 400, "trump": "clubs", "outcome": "set"},
]

#: The catalog of no translation: the English templates as they are.
ENGLISH: Gettext = str


@pytest.fixture
def italian(client: FlaskClient) -> Gettext:
    """The Italian catalog's ``gettext``, as the phone reads the compiled catalog (the app,
    made by ``client``, compiled it; compiled again here in case it was out of date)."""
    compile_catalogs()
    with (TRANSLATIONS / "it" / "LC_MESSAGES" / "messages.mo").open("rb") as catalog:
        return gettext.GNUTranslations(catalog).gettext


def stored_and_state(
    body: Mapping[str, Any], inputs: Sequence[Mapping[str, Any]], *, finished: bool = False
) -> tuple[wire.StoredMatch, MatchState]:
    """The match of ``body`` and ``inputs`` by the rules alone: its stored fields as the
    server stores them, and its state replayed leniently (a refused hand is a problem)."""
    variant = find_variant(body["variant"])
    setup = variant.setup(body["players"], body.get("teams"), body.get("rules"), body.get("dealer"))
    stored = wire.StoredMatch(
        setup.variant,
        wire.plain(setup.options),
        list(setup.players),
        [{"name": team.name, "players": list(team.players)} for team in setup.teams],
        setup.first_dealer,
    )
    state = replay(variant, setup, inputs)
    return stored, finish(state) if finished else state


def without_row(answer: Mapping[str, Any]) -> dict[str, Any]:
    """The API's match without the fields of its database row."""
    return {key: value for key, value in answer.items() if key not in ROW_FIELDS}


def api_match(client: FlaskClient, table: MatchClient, language: str) -> dict[str, Any]:
    response = client.get(table.url(), headers={"Accept-Language": language})
    assert response.status_code == 200
    answer: dict[str, Any] = response.get_json()
    return answer


def played(table: MatchClient, body: Mapping[str, Any], hands: Sequence[Mapping[str, Any]]) -> None:
    table.create(body)
    for entry in hands:
        table.add_ok(entry)


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_pinochle_match_with_a_problem_reads_as_the_api_answers_it(
    client: FlaskClient, table: MatchClient, italian: Gettext, language: str
) -> None:
    played(table, PINOCHLE, PINOCHLE_HANDS)
    store_hands(client, table.id, PINOCHLE_REFUSED)
    inputs = [*PINOCHLE_HANDS, PINOCHLE_REFUSED]
    stored, state = stored_and_state(PINOCHLE, inputs)
    words = italian if language == "it" else ENGLISH

    answer = wire.match_json(stored, state, words, inputs=inputs)

    assert answer == without_row(api_match(client, table, language))
    # The problem the comparison rests on is there, with its entry.
    assert answer["problems"][0]["hand"] == 3
    assert answer["problems"][0]["input"] == PINOCHLE_REFUSED


def test_the_notes_and_the_problems_are_in_gettexts_language(italian: Gettext) -> None:
    inputs = [*PINOCHLE_HANDS, PINOCHLE_REFUSED]
    stored, state = stored_and_state(PINOCHLE, inputs)
    english = wire.match_json(stored, state, ENGLISH, inputs=inputs)
    translated = wire.match_json(stored, state, italian, inputs=inputs)
    assert translated["problems"][0]["errors"] != english["problems"][0]["errors"]

    stored, state = stored_and_state(AUCTION, AUCTION_HANDS)
    english = wire.match_json(stored, state, ENGLISH)
    translated = wire.match_json(stored, state, italian)
    assert translated["hands"][0]["notes"] != english["hands"][0]["notes"]


@pytest.mark.parametrize("language", ["en", "it"])
def test_an_auction_in_units_reads_as_the_api_answers_it(
    client: FlaskClient, table: MatchClient, italian: Gettext, language: str
) -> None:
    played(table, AUCTION, AUCTION_HANDS)
    stored, state = stored_and_state(AUCTION, AUCTION_HANDS)
    words = italian if language == "it" else ENGLISH

    answer = wire.match_json(stored, state, words, inputs=AUCTION_HANDS)

    assert answer == without_row(api_match(client, table, language))
    assert answer["sitting_out"] == ["Dee"]  # who deals hand 4
    assert all(hand["notes"] for hand in answer["hands"])


def test_a_finished_auction_has_nobody_sitting_out(client: FlaskClient, table: MatchClient) -> None:
    played(table, AUCTION, AUCTION_HANDS)
    finished = table.finish()
    assert finished.status_code == 200
    stored, state = stored_and_state(AUCTION, AUCTION_HANDS, finished=True)

    answer = wire.match_json(stored, state, ENGLISH)

    assert answer == without_row(finished.get_json())
    assert answer["sitting_out"] == []


def test_a_minimal_answer_leaves_the_hands_out(client: FlaskClient, table: MatchClient) -> None:
    played(table, AUCTION, AUCTION_HANDS[:-1])
    response = table.add(AUCTION_HANDS[-1], Prefer="return=minimal")
    assert response.status_code == 201
    stored, state = stored_and_state(AUCTION, AUCTION_HANDS)

    answer = wire.match_json(stored, state, ENGLISH, hands=False)

    assert "hands" not in answer
    assert answer == without_row(response.get_json()["match"])
    assert response.get_json()["hand"] == wire.hand_json(
        state.hands[-1], AUCTION_HANDS[-1], ENGLISH
    )


def test_precomputed_hands_are_answered_as_given() -> None:
    stored, state = stored_and_state(AUCTION, AUCTION_HANDS)
    numbers = [{"number": hand.number} for hand in state.hands]

    answer = wire.match_json(stored, state, ENGLISH, hands=numbers)

    assert answer["hands"] == [{"number": 1}, {"number": 2}, {"number": 3}]


def test_the_stored_fields_of_an_api_answer(client: FlaskClient, table: MatchClient) -> None:
    played(table, AUCTION, AUCTION_HANDS)
    stored, _ = stored_and_state(AUCTION, AUCTION_HANDS)

    assert wire.StoredMatch.from_json(table.get()) == stored
