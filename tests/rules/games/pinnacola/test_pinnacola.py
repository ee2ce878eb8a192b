"""Pinnacola cards and melds: values and refusals, from the rule texts.

Sources: seed 001 (``seeds/001_...txt``, Italian), docs/rules.md §3 and §5, docs/api.md (the meld
endpoint's example). Seed 001 writes its examples without suits and with ``*`` for a joker
("45*7"); here they get one suit (hearts) and ``JK``; its pinelle become ``2S``/``2C``.
The seed's discard-pile example ("3 7 5 9 4 2 7 6") describes drawing from the pile, not a meld,
so it has no value to test. Every expected number is worked out from the card values of seed
001: 2-5 are 5 (3-5 with pinelle on), 6-K are 10, A 15, pinella 20, jolly 25.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.rules import Card, RuleError
from scorekeeper.rules.games.pinnacola.form import card_value, is_wild, value_hand, value_meld

HEARTS_3_TO_K = ["3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "JH", "QH", "KH"]


@pytest.mark.parametrize(
    ("card", "pinelle", "points"),
    [
        # seed 001: "le carte dal 2 al 5 valgono cinque punti"
        ("3H", True, 5),
        ("5C", True, 5),
        ("2S", False, 5),  # docs/rules.md §3: without pinelle a 2 is natural, value 5
        # seed 001: 6-10 and J, Q, K are 10
        ("6D", True, 10),
        ("10S", True, 10),
        ("KH", True, 10),
        ("AH", True, 15),  # seed 001: "gli Assi valgono 15 punti"
        ("2C", True, 20),  # seed 001: "le Pinelle (i 2 neri) valgono 20 punti"
        ("JK", True, 25),  # seed 001: "Jolly valgono 25"
        ("JK", False, 25),
    ],
)
def test_card_values(card: str, pinelle: bool, points: int) -> None:
    assert card_value(Card.parse(card), pinelle=pinelle) == points


@pytest.mark.parametrize(
    ("card", "pinelle", "wild"),
    [
        ("JK", True, True),
        ("2S", True, True),  # seed 001: "Una Pinella è un 2 di picche o un 2 di fiori"
        ("2C", True, True),
        ("2S", False, False),  # docs/rules.md §3: pinelle false, only jokers are wild
        ("JK", False, True),
        ("AH", True, False),
    ],
)
def test_wilds(card: str, pinelle: bool, wild: bool) -> None:
    assert is_wild(Card.parse(card), pinelle=pinelle) is wild


@pytest.mark.parametrize(
    ("meld", "pinelle", "kind", "points"),
    [
        # --- seed 001 -----------------------------------------------------------------------
        # "tre (tris) ... carte dello stesso valore e semi differenti (es. 7,7,7 cuori, quadri,
        # picche)": 3 x 10
        (["7H", "7D", "7S"], True, "set", 30),
        # "scale di almeno tre carte ... ad esempio 3,4,5 di fiori": 3 x 5
        (["3C", "4C", "5C"], True, "run", 15),
        # "A345 e' valida": 15 + 5 + 5 + 5
        (["AH", "3H", "4H", "5H"], True, "run", 30),
        # "45*7 il jolly * ...": 5 + 5 + 25 + 10
        (["4H", "5H", "JK", "7H"], True, "run", 45),
        # "... calando il 6 nella scala producendo cosi 4567": 5 + 5 + 10 + 10
        (["4H", "5H", "6H", "7H"], True, "run", 30),
        # "4527 dove la pinella fa le veci del 6": 5 + 5 + 20 + 10
        (["4H", "5H", "2S", "7H"], True, "run", 40),
        # "la scala 45*78 contiene un jolly (*) con la funzione di 6": 5 + 5 + 25 + 10 + 10
        (["4H", "5H", "JK", "7H", "8H"], True, "run", 55),
        # "la scala 562* è valida il 2 rappresenta il 7 e il jolly l'8": 5 + 10 + 20 + 25
        (["5H", "6H", "2C", "JK"], True, "run", 60),
        # "un poker di carte da 5 punti, vale 40 punti"
        (["5S", "5H", "5D", "5C"], True, "set", 40),
        (["3S", "3H", "3D", "3C"], True, "set", 40),
        # "un poker di 4 carte da 10 punti vale 80 punti"
        (["KS", "KH", "KD", "KC"], True, "set", 80),
        (["10S", "10H", "10D", "10C"], True, "set", 80),
        # "un poker di 4 jolly vale 400 punti"
        (["JK", "JK", "JK", "JK"], True, "set", 400),
        # "una scala di 7 o più carte senza matte ... vale il doppio": (3 x 5 + 4 x 10) x 2
        (["3H", "4H", "5H", "6H", "7H", "8H", "9H"], True, "run", 110),
        # "... di 10 o più carte senza matte ... vale il triplo": (3 x 5 + 7 x 10) x 3
        (HEARTS_3_TO_K[:10], True, "run", 255),
        # "... di 13 o più carte senza matte (detta Pinnacolone) vale 1500 punti"; with pinelle
        # the 13 are "da Asso ad Asso": A-3-...-K-A
        (["AH", *HEARTS_3_TO_K, "AH"], True, "run", 1500),
        # without pinelle the 2 is in its natural place: A-2-...-K is 13 clean cards
        (["AS", "2S", *(c[:-1] + "S" for c in HEARTS_3_TO_K)], False, "run", 1500),
        # --- docs/rules.md §3 and §5 -------------------------------------------------------------
        # four aces = 120 (poker: double the sum 4 x 15)
        (["AS", "AH", "AD", "AC"], True, "set", 120),
        # "5H JK JK" reads as a set or a run: it is a set; 5 + 25 + 25
        (["5H", "JK", "JK"], True, "set", 55),
        # ace high: Q-K-A, 10 + 10 + 15
        (["QH", "KH", "AH"], True, "run", 35),
        # without pinelle the ace is low as A-2-3: 15 + 5 + 5
        (["AS", "2S", "3S"], False, "run", 25),
        # with pinelle a black 2 in a run is a wild: A-3 + a wild, 15 + 20 + 5
        (["AS", "2S", "3S"], True, "run", 40),
        # a wild counts its own value and poker needs four naturals: 3 x 10 + 25, not doubled
        (["7H", "7D", "7S", "JK"], True, "set", 55),
        (["7H", "7D", "JK"], True, "set", 45),
        # a Pinnacola needs no wild: seven cards with a joker are just their sum
        (["3H", "4H", "5H", "JK", "7H", "8H", "9H"], True, "run", 70),
        # six clean cards are no Pinnacola: 3 x 5 + 3 x 10
        (["3H", "4H", "5H", "6H", "7H", "8H"], True, "run", 45),
        # a clean run of 12 (A-3-...-K, the most below a Pinnacolone with pinelle): (15+15+80) x 3
        (["AH", *HEARTS_3_TO_K], True, "run", 330),
        # ace high in a Pinnacola: 8-9-10-J-Q-K-A is (6 x 10 + 15) x 2
        (["8H", "9H", "10H", "JH", "QH", "KH", "AH"], True, "run", 150),
        # without pinelle a clean run through the 2: (15 + 5 + 3 x 5 + 2 x 10) x 2
        (["AS", "2S", "3S", "4S", "5S", "6S", "7S"], False, "run", 110),
        # without pinelle two 2s make a set with a joker: 5 + 5 + 25
        (["2S", "2C", "JK"], False, "set", 35),
        # several wilds, one extending the end: 5 + 20 + 25 + 25 (3-4-5-6 or 5-6-7-8 ...)
        (["5D", "2S", "JK", "JK"], True, "set", 75),
        (["5D", "6D", "JK", "JK"], True, "run", 65),
        # --- docs/api.md: POST /api/v1/meld/pinnacola example ------------------------------------
        (["5H", "6H", "JK", "8H"], True, "run", 50),
    ],
)
def test_meld_values(meld: list[str], pinelle: bool, kind: str, points: int) -> None:
    value = value_meld(meld, pinelle=pinelle)
    assert (value.kind, value.points) == (kind, points)
    # docs/rules.md §3: card order inside a meld does not matter.
    shuffled = meld[::-1]
    random.Random(1).shuffle(shuffled)
    assert value_meld(shuffled, pinelle=pinelle).points == points


def test_meld_flags() -> None:
    assert value_meld(["5S", "5H", "5D", "5C"]).poker
    assert not value_meld(["5S", "5H", "5D", "JK"]).poker
    assert value_meld(["3H", "4H", "5H", "6H", "7H", "8H", "9H"]).pinnacola
    pinnacolone = value_meld(["AH", *HEARTS_3_TO_K, "AH"])
    assert pinnacolone.pinnacolone
    assert pinnacolone.pinnacola
    assert value_meld(["5H", "6H", "JK", "8H"]).as_json() == {"kind": "run", "points": 50}


@pytest.mark.parametrize(
    ("meld", "pinelle", "path", "message"),
    [
        # the issue's own example
        (["5H", "6S", "7H"], True, "meld", "5H 6S 7H: a run must be one suit"),
        # docs/rules.md §3/§5: the red 2s are out of the deck when pinelle are wild (without
        # pinelle they are natural cards: tests/rules/games/pinnacola/test_pinnacola_options.py)
        (
            ["2H", "3H", "4H"],
            True,
            "meld[0]",
            "2H is not in the Pinnacola deck: the red 2s are taken out",
        ),
        (
            ["AD", "2D", "3D"],
            True,
            "meld[1]",
            "2D is not in the Pinnacola deck: the red 2s are taken out",
        ),
        (["5H", "10X", "7H"], True, "meld[1]", None),
        (["5H", "6H"], True, "meld", "5H 6H: a meld has at least 3 cards"),
        # seed 001: sets are of "semi differenti"
        (["5H", "5H", "5S"], True, "meld", "5H 5H 5S: a set must be of different suits"),
        # seed 001: "tre (tris) o quattro (poker) carte"
        (
            ["5H", "5S", "5D", "5C", "JK"],
            True,
            "meld",
            "5H 5S 5D 5C JK: a set has 3 or 4 cards",
        ),
        (
            ["5H", "5S", "6H"],
            True,
            "meld",
            "5H 5S 6H: a set must be one rank and a run one suit",
        ),
        (["5H", "6H", "9H"], True, "meld", "5H 6H 9H: a run must be consecutive"),
        (
            ["5H", "6H", "JK", "10H"],
            True,
            "meld",
            "5H 6H JK 10H: the wilds cannot fill the gaps of this run",
        ),
        (["5H", "5H", "6H"], True, "meld", "5H 5H 6H: a run cannot hold the same card twice"),
        # seed 001: "A345 e' valida" but A-3-4 is no run when the 2 is a plain card
        (["AH", "3H", "4H"], False, "meld", "AH 3H 4H: a run must be consecutive"),
        # seed 001: "non esistono scale del tipo A234" with pinelle; the 2 is a wild there,
        # so A-2-3-4 is simply A-3-4 plus a wild. No wrap-around (K-A-3):
        (
            ["KH", "AH", "3H"],
            True,
            "meld",
            "KH AH 3H: a run does not wrap around: the ace is low (A-3) or high (Q-K-A)",
        ),
        (
            ["KS", "AS", "2S"],
            False,
            "meld",
            "KS AS 2S: a run does not wrap around: the ace is low (A-2) or high (Q-K-A)",
        ),
        (
            ["QD", "JK", "AD", "3D"],
            True,
            "meld",
            "QD JK AD 3D: a run does not wrap around: the ace is low (A-3) or high (Q-K-A)",
        ),
        (
            ["AH", "3H", "AH"],
            True,
            "meld",
            "AH 3H AH: a run holds two aces only when it goes from ace to ace (A-3-...-K-A)",
        ),
        (
            ["AH", *HEARTS_3_TO_K, "AH", "JK"],
            True,
            "meld",
            "AH 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH JK: a run has at most 13 cards",
        ),
        # wilds alone: refused, except the four-joker poker
        (
            ["JK", "JK", "JK"],
            True,
            "meld",
            "JK JK JK: a meld needs a natural card; only four jokers make a meld of wilds alone",
        ),
        (
            ["2S", "2C", "JK", "JK"],
            True,
            "meld",
            "2S 2C JK JK: a meld needs a natural card; only four jokers make a meld of wilds alone",
        ),
        # two decks: two of each card, four jokers
        (["5H", "5H", "5H"], True, "meld[2]", "the deck holds only 2 of 5H"),
        (["JK", "JK", "JK", "JK", "JK"], True, "meld[4]", "the deck holds only 4 of JK"),
    ],
)
def test_meld_refusals(meld: list[str], pinelle: bool, path: str, message: str | None) -> None:
    with pytest.raises(RuleError) as refused:
        value_meld(meld, pinelle=pinelle)
    assert refused.value.path == path
    if message is not None:
        assert refused.value.message == message


@pytest.mark.parametrize("entry", ["5H 6H 7H", None, 50, {"cards": ["5H"]}])
def test_meld_must_be_a_list(entry: object) -> None:
    with pytest.raises(RuleError) as refused:
        value_meld(entry)
    assert refused.value.path == "meld"


def test_meld_path_is_given_by_caller() -> None:
    with pytest.raises(RuleError) as refused:
        value_meld(["5H", "6H", "2D"], path="sides.Us.table[0]")
    assert refused.value.path == "sides.Us.table[0][2]"


@pytest.mark.parametrize(
    ("cards", "points"),
    [
        ([], 0),
        (["AS", "JK", "3D"], 45),  # 15 + 25 + 5
        (["2S", "2C", "KH"], 50),  # 20 + 20 + 10
    ],
)
def test_hand_values(cards: list[str], points: int) -> None:
    assert value_hand(cards) == points


# --- property: any valid meld is worth a positive multiple of 5 ------------------------------

DECK_WITH_PINELLE = [
    f"{rank}{suit}"
    for rank in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
    for suit in "SHDC"
    if not (rank == "2" and suit in "HD")
] * 2 + ["JK"] * 4


#: Every wild of the deck with pinelle on: four jokers, two 2S, two 2C.
WILDS = ["JK"] * 4 + ["2S", "2C"] * 2


@st.composite
def runs(draw: st.DrawFn) -> list[str]:
    """A run built from the rules (pinelle on): consecutive places of one suit, A-3-...-K-A,
    some taken by wilds."""
    places = ["A", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
    suit = draw(st.sampled_from("SHDC"))
    length = draw(st.integers(3, len(places)))
    start = draw(st.integers(0, len(places) - length))
    cards = [rank + suit for rank in places[start : start + length]]
    wild_places = draw(st.sets(st.integers(0, length - 1), max_size=min(length - 1, 4)))
    wilds = draw(st.permutations(WILDS))
    for place, wild in zip(sorted(wild_places), wilds, strict=False):
        cards[place] = wild
    return draw(st.permutations(cards))


@st.composite
def sets(draw: st.DrawFn) -> list[str]:
    """A set built from the rules: one rank, different suits, perhaps wilds."""
    rank = draw(st.sampled_from(["A", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]))
    suits = draw(st.lists(st.sampled_from("SHDC"), min_size=1, max_size=4, unique=True))
    wilds = draw(st.permutations(WILDS))[: draw(st.integers(0, 4 - len(suits)))]
    cards = [rank + suit for suit in suits] + wilds
    if len(cards) < 3:
        cards += [w for w in WILDS if w not in cards][: 3 - len(cards)]
    return draw(st.permutations(cards))


@given(st.one_of(runs(), sets()))
def test_built_melds_are_valid_and_worth_a_multiple_of_5(meld: list[str]) -> None:
    points = value_meld(meld).points
    assert points > 0
    assert points % 5 == 0


@given(st.lists(st.sampled_from(DECK_WITH_PINELLE), min_size=0, max_size=14))
def test_any_accepted_meld_is_worth_a_multiple_of_5(meld: list[str]) -> None:
    try:
        points = value_meld(meld).points
    except RuleError:
        return
    assert points > 0
    assert points % 5 == 0
