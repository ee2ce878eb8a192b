"""Pinochle's common part: counting systems, meld tables, meld lists, the meld calculator.

Expected numbers come from the rule text (docs/rules.md §1/§5 and the sources it cites), never
from running the code.
"""

from __future__ import annotations

import contextlib
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.rules import RuleError
from scorekeeper.rules.core.cards import TRUMPS, Suit, pinochle_deck
from scorekeeper.rules.games.pinochle.melds import (
    BID_STEP,
    COUNTINGS,
    LOWEST_MIN_BID,
    MAX_BID,
    MELD_CHIPS,
    MELD_IDS,
    MELD_NAMES,
    PARTNERSHIP_LOWEST_MIN_BID,
    STANDARD_MELDS,
    calculate_meld,
    counting_of,
    fill_tricks,
    meld_values,
    pinochle_defaults,
    read_meld,
    read_meld_table,
    read_took_trick,
    read_tricks,
)
from scorekeeper.rules.games.registry import find_variant

SIDES = ("Ana", "Ben")

# ---------------------------------------------------------------------------------------------
# Counting systems (docs/rules.md §1 table)


@pytest.mark.parametrize(
    ("name", "ace", "ten", "king", "queen", "jack", "nine", "last", "total"),
    [
        ("classic", 11, 10, 4, 3, 2, 0, 10, 250),  # seeds 000, 002, 004
        ("counters", 10, 10, 10, 0, 0, 0, 10, 250),  # docs/rules.md §1
        ("simple", 1, 1, 1, 0, 0, 0, 1, 25),  # docs/rules.md §1
    ],
)
def test_counting_systems(
    name: str,
    ace: int,
    ten: int,
    king: int,
    queen: int,
    jack: int,
    nine: int,
    last: int,
    total: int,
) -> None:
    counting = COUNTINGS[name]
    values = [counting.card_values[card.rank] for card in pinochle_deck()]
    assert sorted(set(values), reverse=True) == sorted(
        {ace, ten, king, queen, jack, nine}, reverse=True
    )
    # Seed 000: "the total a player can win is 250: each card's value plus ten for the last trick".
    assert sum(values) + counting.last_trick == total == counting.total
    assert counting.last_trick == last


def test_the_counting_totals_are_250_250_and_25() -> None:
    # docs/rules.md §1 counting table.
    assert (COUNTINGS["classic"].total, COUNTINGS["counters"].total, COUNTINGS["simple"].total) == (
        250,
        250,
        25,
    )


@pytest.mark.parametrize(
    ("counting", "tricks"),
    [
        ("classic", {"Ana": 130, "Ben": 120}),  # docs/api.md example
        ("classic", {"Ana": 250, "Ben": 0}),
        ("classic", {"Ana": 137, "Ben": 113}),  # any split under classic (docs/rules.md §1)
        ("counters", {"Ana": 140, "Ben": 110}),
        ("simple", {"Ana": 13, "Ben": 12}),
    ],
)
def test_tricks_add_up(counting: str, tricks: dict[str, int]) -> None:
    assert read_tricks(tricks, "tricks", SIDES, COUNTINGS[counting]) == tricks


@pytest.mark.parametrize(
    ("counting", "tricks", "path"),
    [
        ("classic", {"Ana": 130, "Ben": 119}, "tricks"),  # adds to 249, not 250
        ("classic", {"Ana": 251, "Ben": 0}, "tricks.Ana"),
        ("classic", {"Ana": -10, "Ben": 260}, "tricks.Ana"),
        ("classic", {"Ana": 130}, "tricks.Ben"),  # every side must appear (docs/rules.md §5)
        ("classic", {"Ana": 130, "Ben": 120, "Cruz": 0}, "tricks.Cruz"),  # unknown key
        ("classic", {"Ana": True, "Ben": 120}, "tricks.Ana"),  # true is not a number
        ("classic", {"Ana": "130", "Ben": 120}, "tricks.Ana"),
        ("counters", {"Ana": 135, "Ben": 115}, "tricks.Ana"),  # counters: multiples of 10
        ("simple", {"Ana": 130, "Ben": 120}, "tricks.Ana"),  # simple adds up to 25
        ("simple", {"Ana": 12, "Ben": 12}, "tricks"),
        ("classic", [130, 120], "tricks"),
    ],
)
def test_tricks_refused(counting: str, tricks: Any, path: str) -> None:
    with pytest.raises(RuleError) as caught:
        read_tricks(tricks, "tricks", SIDES, COUNTINGS[counting])
    assert caught.value.path == path


def test_tricks_of_a_stopped_hand_need_not_add_up() -> None:
    # docs/api.md: tricks need not add up when a side declared out; they still cannot exceed 250.
    counting = COUNTINGS["classic"]
    assert read_tricks({"Ana": 60, "Ben": 40}, "tricks", SIDES, counting, complete=False) == {
        "Ana": 60,
        "Ben": 40,
    }
    with pytest.raises(RuleError) as caught:
        read_tricks({"Ana": 200, "Ben": 60}, "tricks", SIDES, counting, complete=False)
    assert caught.value.path == "tricks"


@pytest.mark.parametrize(
    ("tricks", "total", "expected"),
    [
        # docs/rules.md §1: a played hand's trick points add up to 250 (classic, counters) or 25
        # (simple); the one side left blank gets the rest.
        ({"Ana": 130, "Ben": None}, 250, {"Ana": 130, "Ben": 120}),
        ({"Ana": None, "Ben": 250}, 250, {"Ana": 0, "Ben": 250}),
        ({"Ana": 90, "Ben": 100, "Cy": None}, 250, {"Ana": 90, "Ben": 100, "Cy": 60}),
        ({"Ana": 10, "Ben": None}, 25, {"Ana": 10, "Ben": 15}),
        # More than the hand holds typed on the others: never below 0 (the reader refuses it).
        ({"Ana": 260, "Ben": None}, 250, {"Ana": 260, "Ben": 0}),
        # Nothing blank, or more than one side blank: unchanged.
        ({"Ana": 130, "Ben": 100}, 250, {"Ana": 130, "Ben": 100}),
        ({"Ana": 90, "Ben": None, "Cy": None}, 250, {"Ana": 90, "Ben": None, "Cy": None}),
        # A hand stopped by declaring out, or conceded: every side blank.
        ({"Ana": None, "Ben": None}, 250, {"Ana": None, "Ben": None}),
    ],
)
def test_fill_tricks(
    tricks: dict[str, int | None], total: int, expected: dict[str, int | None]
) -> None:
    assert fill_tricks(tricks, total) == expected


@pytest.mark.parametrize("counting", list(COUNTINGS))
def test_filled_tricks_add_up(counting: str) -> None:
    system = COUNTINGS[counting]
    first = system.total // 2 // system.step * system.step
    filled = fill_tricks({"Ana": first, "Ben": None}, system.total)
    assert read_tricks(filled, "tricks", SIDES, system) == {
        "Ana": first,
        "Ben": system.total - first,
    }


@pytest.mark.parametrize(
    ("took", "tricks", "expected"),
    [
        (None, {"Ana": 250, "Ben": 0}, {"Ana": True, "Ben": False}),  # default: points > 0
        ({"Ben": True}, {"Ana": 250, "Ben": 0}, {"Ana": True, "Ben": True}),  # three 9s (§1)
        ({"Ana": True, "Ben": False}, {"Ana": 250, "Ben": 0}, {"Ana": True, "Ben": False}),
    ],
)
def test_took_trick(took: Any, tricks: dict[str, int], expected: dict[str, bool]) -> None:
    assert read_took_trick(took, "took_trick", SIDES, tricks) == expected


@pytest.mark.parametrize(
    ("took", "path"),
    [
        ({"Ana": False}, "took_trick.Ana"),  # Ana has 250 trick points
        ({"Ben": "yes"}, "took_trick.Ben"),
        ({"Cruz": True}, "took_trick.Cruz"),
        (True, "took_trick"),
    ],
)
def test_took_trick_refused(took: Any, path: str) -> None:
    with pytest.raises(RuleError) as caught:
        read_took_trick(took, "took_trick", SIDES, {"Ana": 250, "Ben": 0})
    assert caught.value.path == path


# ---------------------------------------------------------------------------------------------
# Meld tables (docs/rules.md §1 table: standard = Bicycle, Parlett, seed 000; seed-004 = Russian)

STANDARD = {
    "run": 150,
    "double_run": 1500,
    "royal_marriage": 40,
    "marriage": 20,
    "dix": 10,
    "pinochle": 40,
    "double_pinochle": 300,
    "aces_around": 100,
    "kings_around": 80,
    "queens_around": 60,
    "jacks_around": 40,
    "double_aces": 1000,
    "double_kings": 800,
    "double_queens": 600,
    "double_jacks": 400,
}
# docs/rules.md §1 meld table, `seed-004` column: double pinochle 400, eight queens 400, and no
# double run (two runs at 150: 300).
SEED_004 = {**STANDARD, "double_run": 300, "double_pinochle": 400, "double_queens": 400}


@pytest.mark.parametrize("meld", list(STANDARD))
@pytest.mark.parametrize(("preset", "table"), [("standard", STANDARD), ("seed-004", SEED_004)])
def test_every_meld_of_both_tables(preset: str, table: dict[str, int], meld: str) -> None:
    values = meld_values({"melds": preset})
    assert read_meld([meld], "meld.Ana", values, all_at_once=True, limit=3000) == table[meld]


def test_meld_ids_are_those_of_rules_md() -> None:
    assert set(MELD_IDS) == set(STANDARD) == set(STANDARD_MELDS)
    assert list(MELD_IDS) == list(STANDARD)  # docs/rules.md §1 order


def test_meld_chips_and_names() -> None:
    # The chips are the everyday melds: every single meld of docs/rules.md §1, and the double
    # pinochle, the one double a table meets often; the rarer doubles are typed by id.
    assert len(set(MELD_CHIPS)) == len(MELD_CHIPS)
    assert set(MELD_CHIPS) <= set(MELD_IDS)
    singles = {meld for meld in MELD_IDS if not meld.startswith("double_")}
    assert set(MELD_CHIPS) == singles | {"double_pinochle"}
    assert list(MELD_NAMES) == list(MELD_IDS)
    # The double forms are all eight of a rank (docs/rules.md §1), named as the catalogs translate
    # them.
    assert [MELD_NAMES[f"double_{rank}"] for rank in ("aces", "kings", "queens", "jacks")] == [
        "eight aces",
        "eight kings",
        "eight queens",
        "eight jacks",
    ]
    assert MELD_NAMES["royal_marriage"] == "royal marriage"
    assert MELD_NAMES["double_run"] == "double run"


@pytest.mark.parametrize(
    ("options", "meld", "expected"),
    [
        ({"counting": "simple"}, "run", 15),  # docs/rules.md §5: under simple a run is 15
        ({"counting": "simple"}, "dix", 1),
        ({"counting": "simple", "melds": "seed-004"}, "double_pinochle", 40),
        ({"melds": {"run": 250}}, "run", 250),  # custom value, standard points
        ({"melds": {"run": 250}}, "marriage", 20),  # missing ids keep the standard value
        ({"counting": "simple", "melds": {"run": 250}}, "run", 25),  # divided by 10
        ({"counting": "counters"}, "double_aces", 1000),
    ],
)
def test_meld_values(options: dict[str, Any], meld: str, expected: int) -> None:
    assert meld_values(options)[meld] == expected


@pytest.mark.parametrize(
    ("value", "path"),
    [
        ("fancy", "rules.melds"),
        (42, "rules.melds"),
        ({"flush": 150}, "rules.melds.flush"),
        ({"run": -1}, "rules.melds.run"),
        ({"run": 3010}, "rules.melds.run"),
        ({"run": "150"}, "rules.melds.run"),
    ],
)
def test_meld_table_refused(value: Any, path: str) -> None:
    with pytest.raises(RuleError) as caught:
        read_meld_table(value, "rules.melds")
    assert caught.value.path == path


def test_simple_needs_custom_values_that_divide_by_ten() -> None:
    # docs/rules.md §5: custom values are in standard points and divided by 10 under simple.
    with pytest.raises(RuleError) as caught:
        pinochle_defaults(
            {"counting": "simple", "melds": {"run": 155}, "target": 1000}, {"counting": "simple"}
        )
    assert caught.value.path == "rules.melds.run"


@pytest.mark.parametrize(
    ("options", "given", "target"),
    [
        ({"counting": "classic", "target": 1000}, {}, 1000),
        ({"counting": "simple", "target": 1000}, {"counting": "simple"}, 100),  # docs/rules.md §4
        ({"counting": "simple", "target": 150}, {"counting": "simple", "target": 150}, 150),
        ({"counting": "counters", "target": 1000}, {"counting": "counters"}, 1000),
    ],
)
def test_default_target(options: dict[str, Any], given: dict[str, Any], target: int) -> None:
    assert pinochle_defaults(options, given)["target"] == target
    assert counting_of(options).name == options["counting"]


# ---------------------------------------------------------------------------------------------
# Declared meld: a number or a list (docs/rules.md §1 feasibility, §5)


@pytest.mark.parametrize(
    ("meld", "all_at_once", "expected"),
    [
        (0, True, 0),
        (150, True, 150),
        (3000, True, 3000),  # the most one side may meld (docs/rules.md §5)
        (150.0, True, 150),  # JSON numbers may arrive as floats
        ([], True, 0),
        (["run", "run"], True, 300),  # docs/rules.md §5: a list is worth the sum of its items
        (["double_run"], True, 1500),
        (["run", "royal_marriage"], True, 190),
        (["run", "pinochle", "dix"], True, 200),  # docs/api.md example list
        (["marriage"] * 6, True, 120),  # two per plain suit
        (["dix", "dix"], True, 20),
        (["aces_around", "aces_around"], True, 200),
        # Two-handed: a meld may be extended into a higher one of its class (docs/rules.md §1).
        (["aces_around", "double_aces"], False, 1100),
        (["pinochle", "double_pinochle"], False, 340),
        (["run", "double_run"], False, 1650),
        (["run", "run", "royal_marriage", "royal_marriage"], False, 380),
    ],
)
def test_read_meld(meld: Any, all_at_once: bool, expected: int) -> None:
    assert read_meld(meld, "meld.Ben", STANDARD, all_at_once=all_at_once, limit=3000) == expected


@pytest.mark.parametrize(
    ("meld", "all_at_once", "path"),
    [
        # docs/rules.md §1 feasibility: more than the deck holds, naming the meld that is too many.
        (["run", "run", "run"], False, "meld.Ben[2]"),
        (["double_run", "double_run"], False, "meld.Ben[1]"),
        (["royal_marriage"] * 3, False, "meld.Ben[2]"),
        (["marriage"] * 7, False, "meld.Ben[6]"),
        (["dix", "dix", "dix"], False, "meld.Ben[2]"),
        (["pinochle"] * 3, False, "meld.Ben[2]"),
        (["double_pinochle"] * 2, False, "meld.Ben[1]"),
        (["kings_around"] * 3, False, "meld.Ben[2]"),
        (["double_jacks", "double_jacks"], False, "meld.Ben[1]"),
        # docs/rules.md §5: all at once, not a single form with its double ...
        (["aces_around", "double_aces"], True, "meld.Ben[1]"),
        (["double_queens", "queens_around"], True, "meld.Ben[1]"),
        (["pinochle", "double_pinochle"], True, "meld.Ben[1]"),
        (["double_run", "run"], True, "meld.Ben[1]"),
        # ... and runs + royal marriages at most 2 (double_run counts as two runs).
        (["run", "run", "royal_marriage"], True, "meld.Ben[2]"),
        (["royal_marriage", "double_run"], True, "meld.Ben[1]"),
        (["royal_marriage", "royal_marriage", "run"], True, "meld.Ben[2]"),
        # Not a meld at all.
        (["flush"], True, "meld.Ben[0]"),
        (["run", 150], True, "meld.Ben[1]"),
        ("run", True, "meld.Ben"),
        (-10, True, "meld.Ben"),
        (3001, True, "meld.Ben"),  # more than 3000 is a typo (docs/rules.md §5)
        (True, True, "meld.Ben"),
        (None, True, "meld.Ben"),
        # A possible list still worth more than 3000.
        (["double_run", "double_aces", "double_kings"], True, "meld.Ben"),
    ],
)
def test_read_meld_refused(meld: Any, all_at_once: bool, path: str) -> None:
    with pytest.raises(RuleError) as caught:
        read_meld(meld, "meld.Ben", STANDARD, all_at_once=all_at_once, limit=3000)
    assert caught.value.path == path


def test_feasibility_refusal_names_the_meld() -> None:
    with pytest.raises(RuleError) as caught:
        read_meld(["dix"] * 3, "meld.Ben", STANDARD, all_at_once=False, limit=3000)
    assert "dix" in caught.value.message


def test_simple_limit_is_300() -> None:
    # docs/rules.md §5: at most 300 under simple.
    values = meld_values({"counting": "simple"})
    assert read_meld(300, "meld.Ana", values, all_at_once=True, limit=300) == 300
    with pytest.raises(RuleError):
        read_meld(301, "meld.Ana", values, all_at_once=True, limit=300)


# ---------------------------------------------------------------------------------------------
# The meld calculator (docs/rules.md §1 "Meld from real cards"; docs/api.md POST
# /api/v1/meld/pinochle)

RUN_S = ["AS", "10S", "KS", "QS", "JS"]
EIGHT_ACES = ["AS", "AS", "AH", "AH", "AD", "AD", "AC", "AC"]


def _melds(cards: list[str], trump: str, table: object = "standard") -> dict[str, tuple[int, int]]:
    report = calculate_meld(cards, trump, table)
    assert report.total == sum(m.points for m in report.melds)
    return {m.id: (m.count, m.points) for m in report.melds}


@pytest.mark.parametrize(
    ("cards", "trump", "table", "expected"),
    [
        # Bicycle: A-10-K-Q-J of trumps, a run.
        (RUN_S, "spades", "standard", {"run": (1, 150)}),
        # Both runs at once are a double run (docs/rules.md §5).
        (RUN_S * 2, "spades", "standard", {"double_run": (1, 1500)}),
        # A run plus the other trump K-Q: the K-Q left over is a royal marriage (docs/rules.md §1).
        (RUN_S + ["KS", "QS"], "spades", "standard", {"run": (1, 150), "royal_marriage": (1, 40)}),
        # Eight aces (seed 004: 1000).
        (EIGHT_ACES, "hearts", "standard", {"double_aces": (1, 1000)}),
        (EIGHT_ACES[::2], "hearts", "standard", {"aces_around": (1, 100)}),
        # Seven aces: one of each suit, not eight.
        (EIGHT_ACES[:-1], "hearts", "standard", {"aces_around": (1, 100)}),
        # Dix: each trump 9 is 10 (seed 000); a 9 of another suit is nothing.
        (["9H", "9H", "9S"], "hearts", "standard", {"dix": (2, 20)}),
        # Pinochle Q♠ + J♦ (seed 000: 40); both of each: double pinochle (300 / seed 004: 400).
        (["QS", "JD"], "clubs", "standard", {"pinochle": (1, 40)}),
        (["QS", "QS", "JD", "JD"], "clubs", "standard", {"double_pinochle": (1, 300)}),
        (["QS", "QS", "JD", "JD"], "clubs", "seed-004", {"double_pinochle": (1, 400)}),
        (["QS", "QS", "JD"], "clubs", "standard", {"pinochle": (1, 40)}),
        # A card counts in several classes: Q♠ in a marriage and in a pinochle.
        (["KS", "QS", "JD"], "hearts", "standard", {"marriage": (1, 20), "pinochle": (1, 40)}),
        # Two plain marriages in one suit (two K and two Q).
        (["KC", "KC", "QC", "QC"], "hearts", "standard", {"marriage": (2, 40)}),
        # A custom value in standard points.
        (RUN_S, "spades", {"run": 250}, {"run": (1, 250)}),
        (["9D", "JC"], "hearts", "standard", {}),
        ([], "hearts", "standard", {}),
    ],
)
def test_calculator(cards: list[str], trump: str, table: object, expected: dict[str, Any]) -> None:
    assert _melds(cards, trump, table) == expected


def test_round_house() -> None:
    # Bicycle's "round house": a marriage in each suit, one in trumps: kings around 80 + queens
    # around 60 + royal marriage 40 + three marriages 60 = 240.
    cards = ["KS", "QS", "KH", "QH", "KD", "QD", "KC", "QC"]
    melds = _melds(cards, "diamonds")
    assert melds == {
        "royal_marriage": (1, 40),
        "marriage": (3, 60),
        "kings_around": (1, 80),
        "queens_around": (1, 60),
    }
    assert calculate_meld(cards, "diamonds").total == 240


def test_whole_deck() -> None:
    # All 48 cards, trump spades: every class in its double form, plus two dix.
    cards = [str(card) for card in pinochle_deck()]
    expected_total = 1500 + 3 * 2 * 20 + 300 + 1000 + 800 + 600 + 400 + 2 * 10
    melds = _melds(cards, "spades")
    assert melds["double_run"] == (1, 1500)
    assert melds["marriage"] == (6, 120)
    assert "royal_marriage" not in melds
    assert calculate_meld(cards, "spades").total == expected_total


def test_calculator_reports_in_table_order() -> None:
    report = calculate_meld(["9S", "QS", "JD"] + RUN_S, "spades")
    assert [m.id for m in report.melds] == ["run", "dix", "pinochle"]


@pytest.mark.parametrize(
    ("cards", "trump", "table", "path"),
    [
        (["QS", "QS", "QS"], "spades", "standard", "cards[2]"),  # a deck has two Q♠
        (["QS", "2S"], "spades", "standard", "cards[1]"),  # no 2 in a pinochle deck
        (["QS", "JK"], "spades", "standard", "cards[1]"),
        (["1S"], "spades", "standard", "cards[0]"),
        ([7], "spades", "standard", "cards[0]"),
        ("AS 10S", "spades", "standard", "cards"),
        (["AS"], "trumps", "standard", "trump"),
        (["AS"], None, "standard", "trump"),
        (["AS"], "S", "standard", "trump"),
        (["AS"], "spades", "fancy", "melds"),
        (["AS"], "spades", {"run": "x"}, "melds.run"),
        (["AS"], "spades", {"flush": 1}, "melds.flush"),
    ],
)
def test_calculator_refused(cards: Any, trump: Any, table: Any, path: str) -> None:
    with pytest.raises(RuleError) as caught:
        calculate_meld(cards, trump, table)
    assert caught.value.path == path


card_text = st.sampled_from([str(card) for card in pinochle_deck()])


@given(st.lists(card_text, max_size=20), st.sampled_from(["spades", "hearts", "diamonds", "clubs"]))
def test_calculator_properties(cards: list[str], trump: str) -> None:
    counts = {c: cards.count(c) for c in cards}
    if max(counts.values(), default=0) > 2:
        with pytest.raises(RuleError):
            calculate_meld(cards, trump)
        return
    report = calculate_meld(cards, trump)
    assert all(isinstance(m.points, int) and m.count > 0 for m in report.melds)
    assert report.total == sum(m.points for m in report.melds)
    # What the calculator reports is a list a player may declare all at once (docs/rules.md §5).
    declared = [m.id for m in report.melds for _ in range(m.count)]
    assert read_meld(declared, "meld", STANDARD, all_at_once=True, limit=10_000) == report.total


junk = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=5),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner, max_size=4)
    ),
    max_leaves=12,
)


@given(junk, junk, junk)
def test_calculator_refuses_junk_with_rule_errors_only(cards: Any, trump: Any, table: Any) -> None:
    with contextlib.suppress(RuleError):
        calculate_meld(cards, trump, table)


@given(junk)
def test_read_meld_refuses_junk_with_rule_errors_only(meld: Any) -> None:
    try:
        points = read_meld(meld, "meld.Ana", STANDARD, all_at_once=True, limit=3000)
    except RuleError:
        return
    assert isinstance(points, int)
    assert 0 <= points <= 3000


# ---------------------------------------------------------------------------------------------
# Bidding and trumps (docs/rules.md §4; seed 000)


def test_bid_limits() -> None:
    # docs/rules.md §4: bids up to 2000, in tens; the lowest minimum bid is each auction's own:
    # 250 in three-handed auction (seed 000: «siendo la subasta mínima de 250 o 300 puntos»),
    # 100 in partnership auction (Bicycle: "The lowest bid is 100").
    assert (LOWEST_MIN_BID, PARTNERSHIP_LOWEST_MIN_BID, MAX_BID, BID_STEP) == (250, 100, 2000, 10)


@pytest.mark.parametrize(
    ("variant", "players", "floor"),
    [
        ("auction", ["Ana", "Ben", "Cruz"], LOWEST_MIN_BID),
        ("partnership-auction", ["Ana", "Ben", "Cruz", "Dee"], PARTNERSHIP_LOWEST_MIN_BID),
    ],
)
def test_both_auctions_bid_to_the_same_limit_from_their_own_floor(
    variant: str, players: list[str], floor: int
) -> None:
    form = find_variant(variant)
    table = form.layout(form.setup(players))
    assert (table.max_bid, table.bid_step) == (MAX_BID, BID_STEP)
    assert form.layout(form.setup(players, rules={"min_bid": floor})).min_bid == floor
    with pytest.raises(RuleError) as caught:
        form.setup(players, rules={"min_bid": floor - BID_STEP})
    assert caught.value.path == "rules.min_bid"
    assert caught.value.params == {"low": floor}


def test_partnership_auction_takes_bicycles_lowest_bid_of_100() -> None:
    # Bicycle, partnership auction: "The lowest bid is 100"; the default stays 250.
    form = find_variant("partnership-auction")
    players = ["Ana", "Ben", "Cruz", "Dee"]
    assert form.setup(players).options["min_bid"] == 250
    setup = form.setup(players, rules={"min_bid": 100})
    hand = {
        "bidder": "Ana",
        "bid": 200,
        "meld": {"Team 1": 60, "Team 2": 20},
        "tricks": {"Team 1": 150, "Team 2": 100},
    }
    state = form.play(setup, [hand])
    assert dict(state.totals) == {"Team 1": 210, "Team 2": 120}
    with pytest.raises(RuleError) as caught:
        form.play(setup, [{**hand, "bid": 90}])
    assert caught.value.path == "bid"


def test_trumps_are_the_four_suits_spades_first() -> None:
    assert [suit.word for suit in TRUMPS] == ["spades", "hearts", "diamonds", "clubs"]
    assert set(TRUMPS) == set(Suit)
