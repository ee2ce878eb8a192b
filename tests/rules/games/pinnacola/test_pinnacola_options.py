"""Pinnacola's options (docs/rules.md §3, §4): natural 2s and the red 2s without pinelle, three
jokers as a set (``joker_sets``), the set-or-run reading, and the direction of the deal.

Sources, cited case by case: seed 001 (``seeds/001_...txt``, Italian), docs/rules.md §3 ("Deck
and wilds", "Card values", "Melds"), §4 (the option table) and §5 (the Pinnacola fine print and
the seating direction). Every expected number is a sum of the card values of seed 001: "le
carte dal 2 al 5 valgono cinque punti" (so a natural 2 is 5), 6-K 10, "gli Assi valgono 15",
"le Pinelle (i 2 neri) valgono 20", "Jolly valgono 25".
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from scorekeeper.rules import RuleError, find_variant
from scorekeeper.rules.core.cards import Card
from scorekeeper.rules.core.match import Setup
from scorekeeper.rules.core.options import DIRECTION_OPTION
from scorekeeper.rules.games.pinnacola.form import (
    card_value,
    deck,
    in_deck,
    is_wild,
    score_deal,
    value_hand,
    value_meld,
)

VARIANT = find_variant("pinnacola")
PAIR = ("Ana", "Ben")
HEARTS_A_TO_K = ["AH", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "JH", "QH", "KH"]


def deal(
    sides: dict[str, tuple[Any, Any]], *, closed_by: str | None = None, stalled: bool = False
) -> dict[str, Any]:
    """A hand body as docs/api.md spells it."""
    return {
        "sides": {name: {"table": table, "hand": hand} for name, (table, hand) in sides.items()},
        "closed_by": closed_by,
        "in_mano": False,
        "pinnacolone": None,
        "stalled": stalled,
    }


# --- the deck: 104 cards with pinelle, 108 without ---------------------------------------------


@pytest.mark.parametrize(
    ("pinelle", "size", "red_twos"),
    [
        # seed 001: "vengono però rimossi i 2 rossi ... In totale avremo quindi 104 carte"
        (True, 104, 0),
        # docs/rules.md §3: "the red 2s stay in the deck (108 cards)" without pinelle; two decks,
        # so two each of 2H and 2D
        (False, 108, 4),
    ],
)
def test_the_deck(pinelle: bool, size: int, red_twos: int) -> None:
    cards = deck(pinelle=pinelle)
    assert len(cards) == size
    counts = Counter(str(card) for card in cards)
    assert counts["2H"] + counts["2D"] == red_twos
    # docs/rules.md §3: two 52-card decks "plus two jokers each"
    assert counts["JK"] == 4
    assert counts["2S"] == counts["2C"] == 2


@pytest.mark.parametrize(
    ("card", "pinelle", "held"),
    [
        ("2H", True, False),  # seed 001: "i 2 rossi (quadri e cuori)" are removed
        ("2D", True, False),
        ("2H", False, True),  # docs/rules.md §3: in the deck without pinelle
        ("2D", False, True),
        ("2S", True, True),  # the black 2s are the pinelle
        ("2C", False, True),
    ],
)
def test_which_cards_the_deck_holds(card: str, pinelle: bool, held: bool) -> None:
    assert in_deck(Card.parse(card), pinelle=pinelle) is held


# --- natural 2s without pinelle ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("card", "pinelle", "points", "wild"),
    [
        # docs/rules.md §3: "the 2s are natural cards (value 5 ...)"; seed 001: "dal 2 al 5
        # valgono cinque punti"; "only jokers are wild"
        ("2H", False, 5, False),
        ("2D", False, 5, False),
        ("2S", False, 5, False),
        ("2C", False, 5, False),
        ("JK", False, 25, True),
        # with pinelle, unchanged: "le Pinelle (i 2 neri) valgono 20 punti", wild
        ("2S", True, 20, True),
        ("2C", True, 20, True),
    ],
)
def test_twos_are_natural_without_pinelle(
    card: str, pinelle: bool, points: int, wild: bool
) -> None:
    parsed = Card.parse(card)
    assert card_value(parsed, pinelle=pinelle) == points
    assert is_wild(parsed, pinelle=pinelle) is wild


@pytest.mark.parametrize(
    ("meld", "kind", "points"),
    [
        # docs/rules.md §3: "after A in a run: A-2-3"; seed 001: "il 2 viene usate come 2 nella
        # sua posizione naturale". 15 + 5 + 5
        (["AD", "2D", "3D"], "run", 25),
        (["AH", "2H", "3H", "4H"], "run", 30),
        (["2H", "3H", "4H"], "run", 15),
        # a joker stands for the 3 of 2-3-4: 5 + 25 + 5
        (["2D", "JK", "4D"], "run", 35),
        # A-2 and a joker: 15 + 5 + 25
        (["AH", "2H", "JK"], "run", 45),
        # a set of natural 2s of different suits (seed 001: "semi differenti"): 3 x 5
        (["2H", "2D", "2S"], "set", 15),
        (["2H", "2D", "JK"], "set", 35),
        # seed 001: "un poker di carte da 5 punti, vale 40 punti"
        (["2H", "2D", "2S", "2C"], "set", 40),
        # seed 001: a clean run of 7 is doubled: (15 + 4 x 5 + 2 x 10) x 2
        (["AH", "2H", "3H", "4H", "5H", "6H", "7H"], "run", 110),
        # seed 001: a clean run of 13 is a Pinnacolone: A-2-...-K of hearts
        (HEARTS_A_TO_K, "run", 1500),
        # docs/rules.md §5: a meld readable as a set or a run is a set: 5 + 25 + 25
        (["2H", "JK", "JK"], "set", 55),
    ],
)
def test_red_twos_are_natural_cards_without_pinelle(
    meld: list[str], kind: str, points: int
) -> None:
    value = value_meld(meld, pinelle=False)
    assert (value.kind, value.points, value.wilds) == (kind, points, meld.count("JK"))
    shuffled = meld[::-1]
    random.Random(12).shuffle(shuffled)
    assert value_meld(shuffled, pinelle=False).points == points


@pytest.mark.parametrize(
    ("meld", "path", "message"),
    [
        # docs/rules.md §5: "the red 2s are out of the deck when pinelle are wild"
        (
            ["2H", "3H", "4H"],
            "meld[0]",
            "2H is not in the Pinnacola deck: the red 2s are taken out",
        ),
        (
            ["AD", "2D", "3D"],
            "meld[1]",
            "2D is not in the Pinnacola deck: the red 2s are taken out",
        ),
    ],
)
def test_red_twos_stay_out_with_pinelle(meld: list[str], path: str, message: str) -> None:
    with pytest.raises(RuleError) as refused:
        value_meld(meld, pinelle=True)
    assert (refused.value.path, refused.value.message, refused.value.code) == (
        path,
        message,
        "not_in_deck",
    )


@pytest.mark.parametrize(
    ("meld", "pinelle", "points"),
    [
        # docs/rules.md §3: with pinelle "2 has no place in a run, so a black 2 in a
        # run is always a wild": A-3-4 and a wild, 15 + 20 + 5 + 5
        (["AS", "2S", "3S", "4S"], True, 45),
        # 2C stands for the A or the 5 of 3-4: 20 + 5 + 5; without pinelle it is the 2 of 2-3-4
        (["2C", "3C", "4C"], True, 30),
        (["2C", "3C", "4C"], False, 15),
        # seed 001: "A345 e' valida" with pinelle
        (["AS", "3S", "4S", "5S"], True, 30),
    ],
)
def test_with_pinelle_a_black_two_in_a_run_is_wild(
    meld: list[str], pinelle: bool, points: int
) -> None:
    value = value_meld(meld, pinelle=pinelle)
    assert (value.kind, value.points) == ("run", points)


@pytest.mark.parametrize(
    ("meld", "pinelle", "message"),
    [
        # seed 001 "A345 e' valida" only with pinelle: without, the 2 has its place (A-2-3)
        (["AH", "3H", "4H"], False, "AH 3H 4H: a run must be consecutive"),
        # no wrap-around, the ace low as A-2 without pinelle
        (
            ["KH", "AH", "2H"],
            False,
            "KH AH 2H: a run does not wrap around: the ace is low (A-2) or high (Q-K-A)",
        ),
        # natural 2s of one suit are no set (seed 001: "semi differenti")
        (["2H", "2H", "2D"], False, "2H 2H 2D: a set must be of different suits"),
    ],
)
def test_natural_two_refusals(meld: list[str], pinelle: bool, message: str) -> None:
    with pytest.raises(RuleError) as refused:
        value_meld(meld, pinelle=pinelle)
    assert refused.value.message == message


@pytest.mark.parametrize(
    ("cards", "pinelle", "points"),
    [
        # cards left in hand count their value: natural 2s are 5 each (seed 001)
        (["2H", "2D", "2S"], False, 15),
        (["2S", "2C"], True, 40),  # pinelle: 20 each
    ],
)
def test_twos_left_in_hand(cards: list[str], pinelle: bool, points: int) -> None:
    assert value_hand(cards, pinelle=pinelle) == points


def test_a_red_two_in_hand_is_refused_with_pinelle() -> None:
    with pytest.raises(RuleError) as refused:
        value_hand(["KH", "2D"], pinelle=True)
    assert refused.value.path == "hand[1]"


def test_the_deck_holds_two_of_each_red_two() -> None:
    # docs/rules.md §3: two decks, so a third 2H in one deal is one too many
    with pytest.raises(RuleError) as refused:
        value_hand(["2H", "2H", "2H"], pinelle=False)
    assert (refused.value.path, refused.value.message) == (
        "hand[2]",
        "the deck holds only 2 of 2H",
    )


# --- three jokers as a set (option joker_sets) --------------------------------------------------


@pytest.mark.parametrize(
    ("meld", "pinelle", "joker_sets", "kind", "points"),
    [
        # docs/rules.md §3: `joker_sets` "also accepts three jokers as a set, worth the sum of
        # its cards (75)": 3 x 25
        (["JK", "JK", "JK"], True, True, "set", 75),
        (["JK", "JK", "JK"], False, True, "set", 75),
        # "four jokers stay the 400 poker" (seed 001: "un poker di 4 jolly vale 400 punti")
        (["JK", "JK", "JK", "JK"], True, True, "set", 400),
        (["JK", "JK", "JK", "JK"], True, False, "set", 400),
        # without pinelle 2S is a natural card, so JK JK 2S is a set of 2s: 25 + 25 + 5
        (["JK", "JK", "2S"], False, True, "set", 55),
        (["JK", "JK", "2S"], False, False, "set", 55),
    ],
)
def test_joker_sets(
    meld: list[str], pinelle: bool, joker_sets: bool, kind: str, points: int
) -> None:
    value = value_meld(meld, pinelle=pinelle, joker_sets=joker_sets)
    assert (value.kind, value.points) == (kind, points)
    assert value.poker is (points == 400)


@pytest.mark.parametrize(
    ("meld", "joker_sets", "message"),
    [
        # docs/rules.md §3: `joker_sets` is false by default: three jokers are no meld
        (
            ["JK", "JK", "JK"],
            False,
            "JK JK JK: a meld needs a natural card; only four jokers make a meld of wilds alone",
        ),
        # "Pinelle never form a meld of wilds alone (`JK JK 2S` is no meld)"
        (
            ["JK", "JK", "2S"],
            True,
            "JK JK 2S: a meld needs a natural card; only three or four jokers make a meld of"
            " wilds alone",
        ),
        (
            ["2S", "2C", "JK"],
            True,
            "2S 2C JK: a meld needs a natural card; only three or four jokers make a meld of"
            " wilds alone",
        ),
        (
            ["2S", "2C", "JK", "JK"],
            True,
            "2S 2C JK JK: a meld needs a natural card; only three or four jokers make a meld of"
            " wilds alone",
        ),
        (
            ["JK", "JK", "2S"],
            False,
            "JK JK 2S: a meld needs a natural card; only four jokers make a meld of wilds alone",
        ),
    ],
)
def test_wilds_alone_refused(meld: list[str], joker_sets: bool, message: str) -> None:
    with pytest.raises(RuleError) as refused:
        value_meld(meld, pinelle=True, joker_sets=joker_sets)
    assert (refused.value.path, refused.value.message, refused.value.code) == (
        "meld",
        message,
        "wilds_only",
    )


@pytest.mark.parametrize(
    ("meld", "path"),
    [
        (["JK", "JK"], "meld"),  # docs/rules.md §3: a meld has at least 3 cards
        (["JK", "JK", "JK", "JK", "JK"], "meld[4]"),  # the deck holds four jokers
    ],
)
def test_joker_sets_keeps_the_other_limits(meld: list[str], path: str) -> None:
    with pytest.raises(RuleError) as refused:
        value_meld(meld, joker_sets=True)
    assert refused.value.path == path


# --- docs/rules.md §5: a meld that could be a set or a run is a set ----------------------------


@pytest.mark.parametrize("pinelle", [True, False])
@pytest.mark.parametrize("joker_sets", [True, False])
def test_one_natural_and_two_wilds_is_always_a_set(pinelle: bool, joker_sets: bool) -> None:
    # docs/rules.md §5: "a meld that could be read as a set or as a run (5H JK JK) is a set";
    # every natural card of the deck with two jokers reads both ways.
    for card in sorted(set(deck(pinelle=pinelle)), key=str):
        if is_wild(card, pinelle=pinelle):
            continue
        value = value_meld([str(card), "JK", "JK"], pinelle=pinelle, joker_sets=joker_sets)
        assert value.kind == "set", card
        assert value.points == card_value(card, pinelle=pinelle) + 50, card


@pytest.mark.parametrize(
    ("meld", "pinelle", "kind", "points"),
    [
        (["5H", "JK", "JK"], True, "set", 55),  # docs/rules.md §5, its own example
        (["5H", "2S", "JK"], True, "set", 50),  # a pinella and a joker: 5 + 20 + 25
        (["5H", "JK", "JK", "JK"], True, "set", 80),  # four cards: a set of 5s, 5 + 75
        (["5H", "6H", "JK"], True, "run", 40),  # two ranks: only a run
        (["5H", "5D", "JK"], True, "set", 35),  # two suits: only a set
    ],
)
def test_set_or_run(meld: list[str], pinelle: bool, kind: str, points: int) -> None:
    value = value_meld(meld, pinelle=pinelle)
    assert (value.kind, value.points) == (kind, points)


# --- deals and matches with the new options -----------------------------------------------------


def test_a_deal_with_red_twos_without_pinelle() -> None:
    # docs/rules.md §3: A-2-3 of diamonds is 25 on the table, 2H in hand 5 against Ben; Ana
    # closed (seed 001: +100).
    entry = deal(
        {
            "Ana": ([["AD", "2D", "3D"], ["7H", "7S", "7C"]], []),
            "Ben": ([["2H", "2S", "2C"]], ["2H"]),
        },
        closed_by="Ana",
    )
    assert score_deal(entry, PAIR, pinelle=False).scores == {"Ana": 155, "Ben": 10}
    with pytest.raises(RuleError) as refused:
        score_deal(entry, PAIR, pinelle=True)
    assert refused.value.path == "sides.Ana.table[0][1]"


def test_a_deal_with_three_jokers() -> None:
    # docs/rules.md §3 `joker_sets`: 75 + (5 + 10 + 10) on the table, +100 for closing
    entry = deal(
        {"Ana": ([["JK", "JK", "JK"], ["5H", "6H", "7H"]], []), "Ben": (0, 0)}, closed_by="Ana"
    )
    assert score_deal(entry, PAIR, joker_sets=True).scores == {"Ana": 200, "Ben": -100}
    with pytest.raises(RuleError) as refused:
        score_deal(entry, PAIR)
    assert (refused.value.path, refused.value.code) == ("sides.Ana.table[0]", "wilds_only")


def test_the_match_reads_its_options() -> None:
    three_jokers = deal(
        {"Ana": ([["JK", "JK", "JK"]], []), "Ben": ([["AD", "2D", "3D"]], ["2H"])},
        closed_by="Ana",
    )
    setup = VARIANT.setup(list(PAIR), rules={"pinelle": False, "joker_sets": True})
    state = VARIANT.play(setup, [three_jokers])
    # Ana 75 + 100; Ben 25 - 5 (docs/rules.md §3)
    assert state.totals == {"Ana": 175, "Ben": 20}
    with pytest.raises(RuleError) as refused:
        VARIANT.play(VARIANT.setup(list(PAIR)), [three_jokers])
    assert (refused.value.hand, refused.value.path) == (1, "sides.Ana.table[0]")


def test_a_match_stored_without_joker_sets_and_direction_keeps_its_rules() -> None:
    # docs/rules.md §7: a match keeps the rules it was created under. Options stored before
    # revision 2 hold no `joker_sets` and no `direction`: three jokers are no meld, the deal
    # passes to the left.
    old = {"pinelle": True, "target": 1500, "deals": None, "stall": "score", "hand_size": 13}
    setup = Setup(
        "pinnacola",
        old,
        ("Ana", "Ben", "Cruz", "Dee"),
        VARIANT.setup(["Ana", "Ben", "Cruz", "Dee"]).teams,
        "Ana",
    )
    t1, t2 = setup.sides
    plain = deal({t1: (100, 0), t2: (50, 20)}, closed_by=t1)
    state = VARIANT.play(setup, [plain])
    assert (state.dealer, state.leader) == ("Ben", "Cruz")
    jokers = deal({t1: ([["JK", "JK", "JK"]], []), t2: (0, 0)}, closed_by=t1)
    with pytest.raises(RuleError):
        VARIANT.play(setup, [plain, jokers])


@pytest.mark.parametrize(
    ("rules", "path"),
    [
        ({"joker_sets": "yes"}, "rules.joker_sets"),
        ({"direction": "up"}, "rules.direction"),
    ],
)
def test_option_refusals(rules: dict[str, Any], path: str) -> None:
    with pytest.raises(RuleError) as refused:
        VARIANT.resolve_options(rules)
    assert refused.value.path == path


# --- direction (docs/rules.md §5) ---------------------------------------------------------------


def test_direction_is_an_option_of_pinnacola() -> None:
    # docs/rules.md §5: "option `direction`, every variant"; §4: the `pinnacola` table
    assert DIRECTION_OPTION in VARIANT.option_specs({})
    assert VARIANT.resolve_options({"direction": "right"})["direction"] == "right"


@pytest.mark.parametrize(
    ("direction", "dealers", "dealer", "leader"),
    [
        # seed 001: "Ad ogni smazzata il cartaro cambia, passando al giocatore successivo in
        # senso orario": left, Ben -> Cruz -> Dee; the player on Dee's left plays first (Ana)
        ("left", ["Ben", "Cruz"], "Dee", "Ana"),
        # docs/rules.md §5: with `right`, "on his left" reads "on his right": Ben -> Ana -> Dee,
        # and the player on Dee's right plays first (Cruz)
        ("right", ["Ben", "Ana"], "Dee", "Cruz"),
    ],
)
def test_the_deal_passes_in_the_direction(
    direction: str, dealers: list[str], dealer: str, leader: str
) -> None:
    setup = VARIANT.setup(
        ["Ana", "Ben", "Cruz", "Dee"], rules={"direction": direction}, dealer="Ben"
    )
    t1, t2 = setup.sides
    hand = deal({t1: (100, 0), t2: (50, 20)}, closed_by=t1)
    state = VARIANT.play(setup, [hand, hand])
    assert [h.dealer for h in state.hands] == dealers
    assert (state.dealer, state.leader) == (dealer, leader)
    assert VARIANT.layout(setup).direction == direction


def test_two_players_alternate_either_way() -> None:
    setup = VARIANT.setup(["Ana", "Ben"], rules={"direction": "right"})
    hand = deal({"Ana": (100, 0), "Ben": (50, 20)}, closed_by="Ana")
    state = VARIANT.play(setup, [hand, hand, hand])
    assert [h.dealer for h in state.hands] == ["Ana", "Ben", "Ana"]
    assert (state.dealer, state.leader) == ("Ben", "Ana")
