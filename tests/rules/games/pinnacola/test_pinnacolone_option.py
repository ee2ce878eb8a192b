"""The option ``pinnacolone`` (docs/rules.md §3, §4): what makes a Pinnacolone.

Seed 001 (``seeds/001_...txt``, Italian) says it twice: «una scala di 13 o più carte senza matte
(detta Pinnacolone) vale il 1500 punti» (a clean run of 13 or more cards, called Pinnacolone, is
worth 1500), and «Il Pinnacolone è una Pinnacola composta da 13 o più carte (in pratica una
scala completa dall’Asso al Re ...)» (a Pinnacola of 13 or more cards: in practice a full run
from the ace to the king). With pinelle the 2 has no place in a run («Le scale non prevedono il
2»), so A-3-...-K is 12 cards: ``13-cards`` (the default) scores it as a tripled Pinnacola,
``ace-to-king`` as the Pinnacolone.
"""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.rules import RuleError, find_variant
from scorekeeper.rules.core.match import Setup
from scorekeeper.rules.games.pinnacola.form import score_deal, value_meld

VARIANT = find_variant("pinnacola")
PAIR = ("Ana", "Ben")
HEARTS_3_TO_K = ["3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "JH", "QH", "KH"]
#: A-3-...-K of hearts: 12 natural cards, 15 + 3 x 5 + 8 x 10 = 110 by the card values of seed
#: 001 («gli Assi valgono 15», 3-5 five, 6-K ten).
FULL_RUN = ["AH", *HEARTS_3_TO_K]


def deal(ana_table: Any, *, pinnacolone: str | None = None, closed_by: str | None = None) -> Any:
    """A hand body as docs/api.md spells it: Ana's table as given, Ben 0 with 20 in hand."""
    return {
        "sides": {"Ana": {"table": ana_table, "hand": []}, "Ben": {"table": 0, "hand": 20}},
        "closed_by": closed_by,
        "in_mano": False,
        "pinnacolone": pinnacolone,
        "stalled": False,
    }


def test_the_default_reads_the_number_13() -> None:
    assert VARIANT.resolve_options(None)["pinnacolone"] == "13-cards"
    run = value_meld(FULL_RUN)
    # seed 001: «a 10 o più carte ... le seconde lo triplicano»: 110 x 3
    assert (run.points, run.pinnacola, run.pinnacolone) == (330, True, False)


def test_ace_to_king_reads_the_parenthesis() -> None:
    run = value_meld(FULL_RUN, pinnacolone="ace-to-king")
    # seed 001: «il Pinnacolone produce 1500 punti e la vittoria»
    assert (run.points, run.pinnacolone) == (1500, True)
    # 3-...-K-A holds the same twelve cards, the ace high: the same full run.
    assert value_meld([*HEARTS_3_TO_K, "AH"], pinnacolone="ace-to-king").pinnacolone
    # One card short of the full run is a tripled Pinnacola under either reading.
    short = value_meld(FULL_RUN[:-1], pinnacolone="ace-to-king")
    assert (short.points, short.pinnacolone) == (300, False)
    # A wild anywhere is no Pinnacolone («senza matte»).
    assert not value_meld(["AH", "JK", *HEARTS_3_TO_K[1:]], pinnacolone="ace-to-king").pinnacolone
    # 13 clean cards (A-3-...-K-A) are a Pinnacolone under both readings.
    assert value_meld([*FULL_RUN, "AH"]).pinnacolone
    assert value_meld([*FULL_RUN, "AH"], pinnacolone="ace-to-king").pinnacolone


def test_without_pinelle_the_full_run_is_13_cards_either_way() -> None:
    # seed 001: without pinelle «il 2 viene usate come 2 nella sua posizione naturale».
    natural = ["AH", "2H", *HEARTS_3_TO_K]
    for rule in ("13-cards", "ace-to-king"):
        assert value_meld(natural, pinelle=False, pinnacolone=rule).pinnacolone
        assert not value_meld(FULL_RUN, pinelle=False, pinnacolone=rule).pinnacolone


def test_a_match_under_ace_to_king_ends_with_the_full_run() -> None:
    setup = VARIANT.setup(list(PAIR), rules={"pinnacolone": "ace-to-king"})
    state = VARIANT.play(setup, [deal([FULL_RUN], pinnacolone="Ana")])
    assert state.winner == "Ana"
    assert dict(state.totals) == {"Ana": 1500, "Ben": -120}  # Ben: -20 in hand, -100 no meld


def test_under_13_cards_the_full_run_is_no_pinnacolone() -> None:
    setup = VARIANT.setup(list(PAIR))
    with pytest.raises(RuleError) as refused:
        VARIANT.play(setup, [deal([FULL_RUN], pinnacolone="Ana")])
    assert (refused.value.path, refused.value.code) == ("sides.Ana.table", "no_pinnacolone")
    assert "a clean run of 13" in refused.value.message
    state = VARIANT.play(setup, [deal([FULL_RUN], closed_by="Ana")])
    assert dict(state.totals) == {"Ana": 430, "Ben": -120}  # 330 + 100 for closing


def test_under_ace_to_king_laying_the_full_run_ends_the_deal() -> None:
    # A Pinnacolone on the table ends the deal, so it must be the one named.
    with pytest.raises(RuleError) as refused:
        score_deal(deal([FULL_RUN], closed_by="Ana"), PAIR, pinnacolone_rule="ace-to-king")
    assert refused.value.code == "pinnacolone_not_named"
    short = deal([FULL_RUN[:-1]], pinnacolone="Ana")
    with pytest.raises(RuleError) as refused:
        score_deal(short, PAIR, pinnacolone_rule="ace-to-king")
    assert refused.value.message == "holds no Pinnacolone (a clean run from the ace to the king)"


def test_a_match_stored_without_the_option_plays_by_13_cards() -> None:
    # docs/rules.md §7: a match created before the option holds no `pinnacolone`; it plays as
    # it was played, by 13 cards.
    options = dict(VARIANT.resolve_options(None))
    del options["pinnacolone"]
    setup = Setup("pinnacola", options, PAIR, (), "Ana")
    state = VARIANT.play(setup, [deal([FULL_RUN], closed_by="Ana")])
    assert dict(state.totals) == {"Ana": 430, "Ben": -120}


def test_a_bad_value_is_refused_by_name() -> None:
    with pytest.raises(RuleError) as refused:
        VARIANT.resolve_options({"pinnacolone": 12})
    assert refused.value.path == "rules.pinnacolone"
