"""The hand forms' fields read into the API's entry without the server
(scorekeeper/rules/hand_fields, docs/api.md "Hand bodies by variant"), and a refusal's field
and words as the page shows them (scorekeeper/rules/contract/plain.py): the phone reads the same
posted fields with the same code, in the same words from the same catalog (docs/phone.md).

The posted fields and their entries are the page tests' own (each case names its source); the
last tests hold the pure words against what the page shows, in English and in Italian."""

from __future__ import annotations

import gettext
from typing import Any

import pytest
from flask import Flask

from scorekeeper.i18n import TRANSLATIONS, compile_catalogs
from scorekeeper.matches.hands import hand_form_class, read_hand
from scorekeeper.rules import RuleError, find_variant
from scorekeeper.rules.contract.plain import page_refusal, plain_rule_message, plain_subject
from scorekeeper.rules.core.wording import translate
from scorekeeper.rules.entry import FieldRefused, paths_of, read_entry
from scorekeeper.rules.games.table import Layout
from scorekeeper.web.forms import FormError, show_rule_error

FOUR = ["Ana", "Ben", "Cruz", "Dee"]
TEAMS = [{"name": "Us", "players": ["Ana", "Cruz"]}, {"name": "Them", "players": ["Ben", "Dee"]}]


def _table(variant_id: str, players: list[str], teams: Any = None, rules: Any = None) -> Layout:
    """The table of a new match's first hand, as its variant describes it."""
    variant = find_variant(variant_id)
    return variant.layout(variant.setup(players, teams, rules))


def _italian() -> gettext.GNUTranslations:
    """The Italian catalog as the phone reads it (the standard library's gettext)."""
    compile_catalogs()
    with (TRANSLATIONS / "it" / "LC_MESSAGES" / "messages.mo").open("rb") as catalog:
        return gettext.GNUTranslations(catalog)


def _english(text: str) -> str:
    return text


# --- Posted fields -> entry, each entry kind --------------------------------------------------

PINNACOLA = "4H 5H 6H 7H 8H 9H 10H"
ACES = "AS AH AD"

CASES = [
    pytest.param(
        # tests/web/test_pages_hands.py::test_a_hand_is_stored_and_the_totals_follow
        _table("pinochle-2", ["Ana", "Ben"]),
        {"meld_0": "150", "tricks_0": "130", "melds_1": "dix"},
        {"meld": {"Ana": 150, "Ben": ["dix"]}, "tricks": {"Ana": 130, "Ben": 120}},
        id="meld_and_tricks: blank tricks filled from the total",
    ),
    pytest.param(
        # docs/api.md "Hand bodies by variant": pinochle-2
        _table("pinochle-2", ["Ana", "Ben"]),
        {"melds_0": "run dix", "tricks_0": "90", "declared_out": "Ana"},
        {
            "meld": {"Ana": ["run", "dix"], "Ben": 0},
            "tricks": {"Ana": 90, "Ben": 0},
            "declared_out": "Ana",
        },
        id="meld_and_tricks: declared out",
    ),
    pytest.param(
        # tests/web/test_rule_options.py::test_saving_trick_per_player_asks_each_player_for_his_meld
        _table("pinochle-4", FOUR, rules={"saving_trick": "player"}),
        {
            "meld_p0": "120",
            "took_p0": "y",
            "meld_p2": "40",
            "meld_p1": "20",
            "took_p1": "y",
            "tricks_0": "150",
        },
        {
            "meld": {"Ana": 120, "Ben": 20, "Cruz": 40, "Dee": 0},
            "tricks": {"Team 1": 150, "Team 2": 100},
            "took_trick": {"Ana": True, "Ben": True, "Cruz": False},
        },
        id="meld_and_tricks: meld per player",
    ),
    pytest.param(
        # tests/web/test_match_page.py::test_a_number_that_shows_the_chips_is_taken_and_...
        _table("pinochle-2", ["Ana", "Ben"]),
        {"melds_0": "run marriage", "meld_0": "170", "tricks_0": "130"},
        {"meld": {"Ana": ["run", "marriage"], "Ben": 0}, "tricks": {"Ana": 130, "Ben": 120}},
        id="meld_and_tricks: the chips' sum beside them",
    ),
    pytest.param(
        # docs/api.md "Hand bodies by variant": partnership, played
        _table("partnership-auction", FOUR, TEAMS),
        {
            "bidder": "Ana",
            "bid": "300",
            "trump": "hearts",
            "result": "played",
            "meld_0": "120",
            "meld_1": "40",
            "tricks_0": "150",
            "took_1": "y",
        },
        {
            "bidder": "Ana",
            "bid": 300,
            "trump": "hearts",
            "meld": {"Us": 120, "Them": 40},
            "tricks": {"Us": 150, "Them": 100},
            "took_trick": {"Them": True},
            "conceded": False,
        },
        id="partnership_bid: played",
    ),
    pytest.param(
        # docs/api.md "Hand bodies by variant": all passed
        _table("partnership-auction", FOUR, TEAMS),
        {"result": "all_pass"},
        {"outcome": "all_pass"},
        id="partnership_bid: all passed",
    ),
    pytest.param(
        # docs/api.md "Hand bodies by variant": auction, conceded
        _table("auction", ["Ana", "Ben", "Cruz"]),
        {"bidder": "Ben", "bid": "350", "trump": "spades", "outcome": "conceded"},
        {"bidder": "Ben", "bid": 350, "trump": "spades", "outcome": "conceded"},
        id="widow_bid: units, conceded",
    ),
    pytest.param(
        # docs/api.md "Hand bodies by variant": auction, points
        _table("auction", ["Ana", "Ben", "Cruz"]),
        {
            "bidder": "Ben",
            "bid": "350",
            "trump": "clubs",
            "bidder_meld": "200",
            "bidder_tricks": "160",
        },
        {"bidder": "Ben", "bid": 350, "trump": "clubs", "meld": 200, "tricks": 160},
        id="widow_bid: units, the bidder's points",
    ),
    pytest.param(
        # tests/web/test_pages_hands.py::test_auction_kept_in_points_asks_every_player_for_...
        _table("auction", ["Ana", "Ben", "Cruz"], rules={"scoring": "points"}),
        {
            "bidder": "Ben",
            "bid": "300",
            "trump": "diamonds",
            "meld_1": "150",
            "tricks_1": "160",
            "meld_0": "20",
            "tricks_0": "50",
        },
        {
            "bidder": "Ben",
            "bid": 300,
            "trump": "diamonds",
            "meld": {"Ana": 20, "Ben": 150, "Cruz": 0},
            "tricks": {"Ana": 50, "Ben": 160, "Cruz": 40},
        },
        id="widow_bid: points, every side",
    ),
    pytest.param(
        # docs/api.md "Hand bodies by variant": pinnacola
        _table("pinnacola", FOUR, TEAMS),
        {
            "table_0": "385",
            "hand_0": "0",
            "table_1": "120",
            "hand_1": "45",
            "ending": "closed:0",
            "in_mano": "y",
        },
        {
            "sides": {"Us": {"table": 385, "hand": 0}, "Them": {"table": 120, "hand": 45}},
            "closed_by": "Us",
            "in_mano": True,
        },
        id="rummy_deal: closed in mano",
    ),
    pytest.param(
        # tests/web/test_pinnacola_cards_kept.py::test_the_cards_picked_are_stored_and_counted
        _table("pinnacola", ["Ana", "Ben"]),
        {
            "table_0": "300",
            "hand_0": "",
            "cards_0": f"300/{PINNACOLA}|{ACES}",
            "handcards_0": "",
            "table_1": "120",
            "hand_1": "45",
            "ending": "closed:0",
        },
        {
            "sides": {
                "Ana": {"table": [PINNACOLA.split(), ACES.split()], "hand": 0},
                "Ben": {"table": 120, "hand": 45},
            },
            "closed_by": "Ana",
        },
        id="rummy_deal: the picker's cards kept",
    ),
    pytest.param(
        # tests/web/test_pinnacola_cards_kept.py::test_a_number_typed_over_the_cards_is_...
        _table("pinnacola", ["Ana", "Ben"]),
        {
            "table_0": "200",
            "cards_0": f"300/{PINNACOLA}|{ACES}",
            "table_1": "120",
            "hand_1": "45",
            "ending": "stalled",
        },
        {
            "sides": {"Ana": {"table": 200, "hand": 0}, "Ben": {"table": 120, "hand": 45}},
            "stalled": True,
        },
        id="rummy_deal: a number typed over the cards",
    ),
]


@pytest.mark.parametrize(("table", "fields", "entry"), CASES)
def test_the_posted_fields_read_into_the_entry(
    table: Layout, fields: dict[str, str], entry: dict[str, Any]
) -> None:
    assert read_entry(table, fields) == entry


@pytest.mark.parametrize(("table", "fields", "entry"), CASES)
def test_the_page_reads_the_same_entry(
    app: Flask, table: Layout, fields: dict[str, str], entry: dict[str, Any]
) -> None:
    with app.test_request_context(method="POST", data=fields):
        assert read_hand(hand_form_class(table)()) == entry


# --- Refusals at a field --------------------------------------------------------------------

REFUSED = [
    pytest.param(
        # tests/web/test_pages_hands.py::test_text_where_a_number_belongs_is_refused_by_the_page
        _table("pinochle-2", ["Ana", "Ben"]),
        {"meld_0": "12a", "tricks_0": "130"},
        "meld_0",
        id="meld_and_tricks",
    ),
    pytest.param(
        _table("auction", ["Ana", "Ben", "Cruz"]),
        {"bidder": "Ben", "bid": "350", "trump": "clubs", "bidder_meld": "12a"},
        "bidder_meld",
        id="widow_bid",
    ),
    pytest.param(
        _table("partnership-auction", FOUR, TEAMS),
        {"bidder": "Ana", "bid": "12a", "trump": "hearts", "result": "played"},
        "bid",
        id="partnership_bid",
    ),
    pytest.param(
        _table("pinnacola", FOUR, TEAMS),
        {"table_0": "385", "table_1": "12a", "ending": "closed:0"},
        "table_1",
        id="rummy_deal",
    ),
]


@pytest.mark.parametrize(("table", "fields", "field_name"), REFUSED)
def test_text_where_a_number_belongs_is_refused_at_its_field(
    table: Layout, fields: dict[str, str], field_name: str
) -> None:
    with pytest.raises(FieldRefused) as refused:
        read_entry(table, fields)
    assert refused.value.field_name == field_name
    assert refused.value.message == "Enter a whole number."
    assert translate(refused.value.template, refused.value.params, _italian().gettext) == (
        "Inserisci un numero intero."
    )


def test_chips_that_do_not_make_the_number_are_refused_in_both_languages(app: Flask) -> None:
    # tests/web/test_match_page.py::test_a_number_that_shows_the_chips_is_taken_and_one_that_...
    table = _table("pinochle-2", ["Ana", "Ben"])
    fields = {"melds_0": "run marriage", "meld_0": "150", "tricks_0": "130"}
    with pytest.raises(FieldRefused) as refused:
        read_entry(table, fields)
    assert refused.value.field_name == "meld_0"
    assert refused.value.params == {"chips": 170, "number": 150}
    italian = translate(refused.value.template, refused.value.params, _italian().gettext)
    assert italian == (
        "Le combinazioni toccate fanno 170, non 150: cancella le combinazioni o il numero."
    )
    for language, words in (("en", refused.value.message), ("it", italian)):
        with (
            app.test_request_context(
                method="POST", data=fields, headers={"Accept-Language": language}
            ),
            pytest.raises(FormError) as on_page,
        ):
            read_hand(hand_form_class(table)())
        assert (on_page.value.field_name, on_page.value.message) == ("meld_0", words)


def test_all_passed_with_a_contract_is_refused_at_the_result() -> None:
    # tests/web/test_match_page.py::test_all_passed_with_a_contract_is_refused_and_alone_is_saved
    table = _table("partnership-auction", FOUR)
    with pytest.raises(FieldRefused) as refused:
        read_entry(table, {"result": "all_pass", "bidder": "Ana", "trump": "clubs"})
    assert refused.value.field_name == "result"
    assert "nobody bid" in refused.value.message


def test_a_list_that_is_no_meld_is_refused_at_the_list() -> None:
    with pytest.raises(FieldRefused) as refused:
        read_entry(_table("pinochle-2", ["Ana", "Ben"]), {"melds_1": "run dixx"})
    assert (refused.value.field_name, refused.value.message) == (
        "melds_1",
        "That is not a meld: tap the melds again.",
    )


# --- The API paths of the fields ------------------------------------------------------------


def test_the_paths_name_the_fields_the_page_shows_errors_at() -> None:
    # What add_fields built before the paths moved here (scorekeeper/matches/hands).
    assert paths_of(_table("auction", ["Ana", "Ben", "Cruz"])) == {
        "bidder": "bidder",
        "bid": "bid",
        "trump": "trump",
        "tricks": "bidder_tricks",
        "outcome": "outcome",
        "meld": "bidder_meld",
    }
    assert paths_of(_table("pinnacola", ["Ana", "Ben"])) == {
        "sides.Ana.table": "table_0",
        "sides.Ana.hand": "hand_0",
        "sides.Ana": "table_0",
        "sides.Ben.table": "table_1",
        "sides.Ben.hand": "hand_1",
        "sides.Ben": "table_1",
        "closed_by": "ending",
        "pinnacolone": "ending",
        "stalled": "ending",
        "in_mano": "in_mano",
    }
    assert paths_of(_table("pinochle-4", FOUR, rules={"saving_trick": "player"})) == {
        "tricks.Team 1": "tricks_0",
        "tricks.Team 2": "tricks_1",
        **{f"meld.{p}": f"meld_p{j}" for j, p in enumerate(FOUR)},
        **{f"took_trick.{p}": f"took_p{j}" for j, p in enumerate(FOUR)},
        "tricks": "tricks_0",
    }


# --- A refusal of the rules on the page: its field and its words ----------------------------

ON_THE_PAGE = [
    pytest.param(
        RuleError("tricks.Ana", "must be at most {high}", code="too_large", high=250),
        "tricks_0",
        "must be at most 250",
        "deve essere al massimo 250",
        id="at its field",
    ),
    pytest.param(
        # tests/web/test_match_page.py::test_a_path_is_said_as_what_it_names
        RuleError("bidder", "must be text", code="not_text"),
        None,
        "Bidder: Pick one.",
        "Dichiarante: Scegline uno.",
        id="a field the form has not, said with what it names",
    ),
    pytest.param(
        RuleError("meld.Zed", "must be at least {low}", code="too_small", low=0),
        None,
        "Zed, meld: must be at least 0",
        "Zed, combinazioni: deve essere almeno 0",
        id="a side the form has not",
    ),
    pytest.param(
        # tests/web/test_match_page.py::test_a_pinnacola_refusal_never_shows_the_api_words
        RuleError(
            "_", "say how the deal ended: closed_by, pinnacolone or stalled", code="no_ending"
        ),
        None,
        "say how the deal ended: who closed, a Pinnacolone, or stalled",
        "di' come è finita la smazzata: chi ha chiuso, un Pinnacolone o in stallo",
        id="the whole entry, in plain words",
    ),
]


@pytest.mark.parametrize(("error", "field_name", "english", "italian"), ON_THE_PAGE)
def test_a_refusal_is_shown_at_the_field_and_in_the_words_of_the_page(
    app: Flask, error: RuleError, field_name: str | None, english: str, italian: str
) -> None:
    table = _table("pinochle-2", ["Ana", "Ben"])
    paths = paths_of(table)
    catalog = _italian()
    said = {
        "en": page_refusal(paths, error, _english),
        "it": page_refusal(paths, error, catalog.gettext),
    }
    assert said == {"en": (field_name, english), "it": (field_name, italian)}
    for language, (name, message) in said.items():
        with app.test_request_context(method="POST", headers={"Accept-Language": language}):
            form = hand_form_class(table)()
            show_rule_error(form, form.api_paths, error)
            shown = [(f.name, list(f.errors)) for f in form if f.errors]
            at_top = list(form.form_errors)
        if name is None:
            assert (shown, at_top) == ([], [message])
        else:
            assert (shown, at_top) == ([(name, [message])], [])


def test_a_path_is_said_in_words_in_both_languages() -> None:
    italian = _italian().gettext
    assert plain_subject("sides.Us.table", _english) == "Us, on the table"
    assert plain_subject("sides.Us.table", italian) == "Us, sul tavolo"
    assert plain_rule_message(RuleError("bidder", "must be text", code="not_text"), italian) == (
        "Scegline uno."
    )
