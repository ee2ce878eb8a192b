"""Auction pinochle in units: schedules, multipliers, payments, the kitty, reading hands, options.

Every expected number below is worked out by hand from the rule text: seed 000 ("pinacle
subastado"), the docs/rules.md §2 table (doubling / doubling-250 / Hoyle / Scarne) and
docs/rules.md §4, §5. Revision 2 (issue 12) changed the default ``doubling`` table to seed 000's
literal reading (300-340 pays 1 unit, 350-390 2, 400-440 4): the numbers of the default schedule
below follow it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from scorekeeper.rules.core.cards import Suit
from scorekeeper.rules.core.errors import RuleError
from scorekeeper.rules.core.match import MatchState, Setup, finish
from scorekeeper.rules.games.auction.form import (
    UNIT_OPTIONS,
    active_players,
    hand_payments,
    settlement_of,
)
from scorekeeper.rules.games.auction.hands import Contract
from scorekeeper.rules.games.auction.schedules import trump_multiplier, units
from scorekeeper.rules.games.registry import find_variant

THREE = ("Ana", "Ben", "Cruz")
FOUR = ("Ana", "Ben", "Cruz", "Dee")
FIVE = ("Ana", "Ben", "Cruz", "Dee", "Eve")
SIX = ("Ana", "Ben", "Cruz", "Dee", "Eve", "Fay")

AUCTION = find_variant("auction")


def setup(players: Sequence[str] = THREE, dealer: str | None = None, **rules: Any) -> Setup:
    return AUCTION.setup(list(players), rules=rules, dealer=dealer)


def play(
    players: Sequence[str], hands: list[dict[str, Any]], dealer: str | None = None, **rules: Any
) -> MatchState:
    return AUCTION.play(setup(players, dealer, **rules), hands)


def refusal(players: Sequence[str], hand: dict[str, Any], **rules: Any) -> RuleError:
    with pytest.raises(RuleError) as caught:
        play(players, [hand], **rules)
    return caught.value


# --- units(bid, schedule): every bracket edge of docs/rules.md §2's table
# ---------------------------

# doubling: seed 000, «a partir de 300, la cantidad se duplica por cada 50 puntos extra», read
# literally (docs/rules.md §2 table, revision 2: "300 to 340, the value is 1; 350 to 390, 2; 400
# to 440, 4"): 1 unit up to 340, then x2 every 50 from 350.
DOUBLING = [
    (250, 1), (290, 1), (300, 1), (340, 1), (350, 2), (390, 2), (400, 4), (440, 4),
    (450, 8), (490, 8), (500, 16), (540, 16), (550, 32), (590, 32), (600, 64), (640, 64),
    (650, 128), (690, 128), (700, 256), (740, 256), (750, 512), (1000, 2**14),
    (2000, 2**34),  # (2000 - 300) / 50 = 34 doublings
]  # fmt: skip
# doubling-250: the docs/rules.md §2 table's column for matches created before revision 2 (the
# default before): 250-290 is 1 unit, then x2 every 50.
DOUBLING_250 = [
    (250, 1), (290, 1), (300, 2), (340, 2), (350, 4), (390, 4), (400, 8), (440, 8),
    (450, 16), (490, 16), (500, 32), (540, 32), (550, 64), (590, 64), (600, 128), (640, 128),
    (650, 256), (690, 256), (700, 512), (740, 512), (750, 1024), (1000, 2**15),
    (2000, 2**35),  # (2000 - 250) / 50 = 35 doublings
]  # fmt: skip
# Hoyle (docs/rules.md table): 2, 3, 5, 10, 15, 20, 25, 30; 30 from 600 up.
HOYLE = [
    (250, 2), (290, 2), (300, 3), (340, 3), (350, 5), (390, 5), (400, 10), (440, 10),
    (450, 15), (490, 15), (500, 20), (540, 20), (550, 25), (590, 25), (600, 30), (640, 30),
    (650, 30), (1000, 30), (2000, 30),
]  # fmt: skip
# Scarne (docs/rules.md table): 2, 3, 4 ... 9 by 50s, 10 for 650-690, 11 from 700.
SCARNE = [
    (250, 2), (290, 2), (300, 3), (340, 3), (350, 4), (390, 4), (400, 5), (440, 5),
    (450, 6), (490, 6), (500, 7), (540, 7), (550, 8), (590, 8), (600, 9), (640, 9),
    (650, 10), (690, 10), (700, 11), (2000, 11),
]  # fmt: skip


@pytest.mark.parametrize(
    ("schedule", "bid", "expected"),
    [("doubling", b, u) for b, u in DOUBLING]
    + [("doubling-250", b, u) for b, u in DOUBLING_250]
    + [("hoyle", b, u) for b, u in HOYLE]
    + [("scarne", b, u) for b, u in SCARNE],
)
def test_units_bracket_edges(schedule: str, bid: int, expected: int) -> None:
    assert units(bid, schedule) == expected


@pytest.mark.parametrize(
    ("bid", "expected"), [(300, 1), (390, 1), (400, 3), (490, 3), (500, 5), (2000, 5)]
)
def test_units_custom_brackets(bid: int, expected: int) -> None:
    assert units(bid, [[300, 1], [400, 3], [500, 5]]) == expected


@pytest.mark.parametrize("bid", [240, 2010])
def test_units_outside_the_schedule(bid: int) -> None:
    with pytest.raises(ValueError, match="outside the schedule"):
        units(bid)


# --- the same table row by row, every bid of each bracket --------------------------------------

# | bid | `doubling` | `doubling-250` | `hoyle` | `scarne` |  (docs/rules.md §2; seed 000: «a
# partir de 300, la cantidad se duplica por cada 50 puntos extra», read literally: "300 to 340,
# the value is 1; 350 to 390, 2; 400 to 440, 4")
TABLE = [
    ((250, 290), 1, 1, 2, 2),
    ((300, 340), 1, 2, 3, 3),
    ((350, 390), 2, 4, 5, 4),
    ((400, 440), 4, 8, 10, 5),
    ((450, 490), 8, 16, 15, 6),
    ((500, 540), 16, 32, 20, 7),
    ((550, 590), 32, 64, 25, 8),
    ((600, 640), 64, 128, 30, 9),
]
SCHEDULE_NAMES = ("doubling", "doubling-250", "hoyle", "scarne")


@pytest.mark.parametrize(
    ("schedule", "low", "high", "expected"),
    [
        (name, low, high, row[1 + column])
        for row in TABLE
        for column, name in enumerate(SCHEDULE_NAMES)
        for low, high in [row[0]]
    ],
)
def test_schedule_table_row_by_row(schedule: str, low: int, high: int, expected: int) -> None:
    # every bid of the bracket, not only its edges
    assert {units(bid, schedule) for bid in range(low, high + 1, 10)} == {expected}


@pytest.mark.parametrize(
    ("bid", "doubling", "doubling_250"),
    # "650 and up: doubles every 50" in both columns
    [(650, 128, 256), (700, 256, 512), (750, 512, 1024), (1000, 2**14, 2**15)],
)
def test_both_doubling_tables_double_every_50_from_650(
    bid: int, doubling: int, doubling_250: int
) -> None:
    assert (units(bid, "doubling"), units(bid, "doubling-250")) == (doubling, doubling_250)


@pytest.mark.parametrize(
    ("bid", "expected"), [(650, 10), (690, 10), (700, 11), (2000, 11)]
)  # scarne: "10 (650-690), 11 (700 and up)"; hoyle: 30 from 600 up
def test_scarne_and_hoyle_from_650(bid: int, expected: int) -> None:
    assert (units(bid, "scarne"), units(bid, "hoyle")) == (expected, 30)


def test_the_schedule_option_lists_every_preset() -> None:
    spec = next(spec for spec in UNIT_OPTIONS if spec.name == "schedule")
    assert spec.default == "doubling"  # docs/rules.md §4: `schedule` (doubling)
    assert spec.choices == SCHEDULE_NAMES
    for name in SCHEDULE_NAMES:
        assert AUCTION.resolve_options({"schedule": name})["schedule"] == name


@pytest.mark.parametrize(
    ("trump", "spades_double", "hearts_triple", "expected"),
    [
        (
            Suit.SPADES,
            True,
            False,
            2,
        ),  # seed 000: "se duplica cuando el palo del triunfo es espadas"
        (Suit.SPADES, False, False, 1),
        (Suit.HEARTS, True, False, 1),  # hearts_triple off by default (docs/rules.md §4)
        (Suit.HEARTS, True, True, 3),
        (Suit.DIAMONDS, True, True, 1),
        (Suit.CLUBS, True, True, 1),
    ],
)
def test_trump_multiplier(
    trump: Suit, spades_double: bool, hearts_triple: bool, expected: int
) -> None:
    assert (
        trump_multiplier(trump, spades_double=spades_double, hearts_triple=hearts_triple)
        == expected
    )


# --- who sits out (docs/rules.md §5)
# ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "dealer", "expected"),
    [
        (THREE, "Ana", THREE),
        (FOUR, "Ana", ("Ben", "Cruz", "Dee")),  # seed 000: with four, the dealer does not play
        (FOUR, "Dee", ("Ana", "Ben", "Cruz")),
        (FIVE, "Ana", ("Ben", "Dee", "Eve")),  # Bicycle: dealer + second from his left (Cruz)
        (FIVE, "Dee", ("Ben", "Cruz", "Eve")),  # on Dee's left: Eve, then Ana (out)
        # docs/rules.md §2 (revision 2): at 6 "the dealer and the second and fourth on his left"
        # sit out; the 1st, 3rd and 5th on his left play.
        (SIX, "Ana", ("Ben", "Dee", "Fay")),
        (SIX, "Eve", ("Ben", "Dee", "Fay")),  # on Eve's left: Fay, Ana (out), Ben, Cruz (out), Dee
        (SIX, "Ben", ("Ana", "Cruz", "Eve")),
    ],
)
def test_active_players(players: Sequence[str], dealer: str, expected: Sequence[str]) -> None:
    assert active_players(players, dealer) == tuple(expected)


# --- payments of one hand (docs/rules.md §2; seed 000)
# ----------------------------------------------

DEFAULTS = AUCTION.resolve_options({})


def pay(
    players: Sequence[str], outcome: str, bidder: str, bid: int, trump: str, **rules: Any
) -> dict[str, int]:
    options = {**DEFAULTS, **rules}
    return hand_payments(players, outcome, Contract(bidder, bid, Suit.from_word(trump)), options)


@pytest.mark.parametrize(
    ("outcome", "bid", "trump", "rules", "expected"),
    [
        # made: each other player pays units x m; 300 = 1 unit (doubling, docs/rules.md §2
        # revision 2: "300 to 340, the value is 1").
        ("made", 300, "clubs", {}, {"Ana": 2, "Ben": -1, "Cruz": -1, "kitty": 0}),
        # 340 is still 1 unit and below kitty_bonus_from (350): no bonus.
        ("made", 340, "clubs", {}, {"Ana": 2, "Ben": -1, "Cruz": -1, "kitty": 0}),
        # 350 = 2 units; seed 000: 350 or more collects the fixed bonus (10) from the kitty.
        ("made", 350, "clubs", {}, {"Ana": 14, "Ben": -2, "Cruz": -2, "kitty": -10}),
        # spades double (seed 000): 2 x 2 = 4 each; the bonus is not multiplied.
        ("made", 350, "spades", {}, {"Ana": 18, "Ben": -4, "Cruz": -4, "kitty": -10}),
        ("made", 350, "spades", {"spades_double": False},
         {"Ana": 14, "Ben": -2, "Cruz": -2, "kitty": -10}),
        ("made", 300, "hearts", {}, {"Ana": 2, "Ben": -1, "Cruz": -1, "kitty": 0}),
        ("made", 300, "hearts", {"hearts_triple": True},
         {"Ana": 6, "Ben": -3, "Cruz": -3, "kitty": 0}),
        # set ("double bete"): 2 x units x m to each player, and the same to the kitty.
        ("set", 350, "clubs", {}, {"Ana": -12, "Ben": 4, "Cruz": 4, "kitty": 4}),
        ("set", 300, "spades", {}, {"Ana": -12, "Ben": 4, "Cruz": 4, "kitty": 4}),
        ("set", 300, "hearts", {"hearts_triple": True},
         {"Ana": -18, "Ben": 6, "Cruz": 6, "kitty": 6}),
        # conceded ("single bete"): units x m to each player and to the kitty.
        ("conceded", 350, "clubs", {}, {"Ana": -6, "Ben": 2, "Cruz": 2, "kitty": 2}),
        ("conceded", 400, "spades", {}, {"Ana": -24, "Ben": 8, "Cruz": 8, "kitty": 8}),
        # no kitty: nobody pays it, and there is no bonus.
        ("made", 350, "clubs", {"kitty": False}, {"Ana": 4, "Ben": -2, "Cruz": -2, "kitty": 0}),
        ("set", 350, "clubs", {"kitty": False}, {"Ana": -8, "Ben": 4, "Cruz": 4, "kitty": 0}),
        ("conceded", 350, "clubs", {"kitty": False},
         {"Ana": -4, "Ben": 2, "Cruz": 2, "kitty": 0}),
        # the bonus threshold and size are options
        ("made", 390, "clubs", {"kitty_bonus_from": 400},
         {"Ana": 4, "Ben": -2, "Cruz": -2, "kitty": 0}),
        ("made", 400, "clubs", {"kitty_bonus_from": 400, "kitty_bonus": 5},
         {"Ana": 13, "Ben": -4, "Cruz": -4, "kitty": -5}),
        # the table of the matches created before revision 2 (doubling-250): 350 = 4 units
        ("made", 350, "spades", {"schedule": "doubling-250"},
         {"Ana": 26, "Ben": -8, "Cruz": -8, "kitty": -10}),
        # Hoyle 350 = 5 units, Scarne 350 = 4 units (docs/rules.md table)
        ("made", 350, "diamonds", {"schedule": "hoyle"},
         {"Ana": 20, "Ben": -5, "Cruz": -5, "kitty": -10}),
        ("set", 700, "clubs", {"schedule": "scarne"},
         {"Ana": -66, "Ben": 22, "Cruz": 22, "kitty": 22}),
    ],
)  # fmt: skip
def test_three_player_payments(
    outcome: str, bid: int, trump: str, rules: dict[str, Any], expected: dict[str, int]
) -> None:
    payments = pay(THREE, outcome, "Ana", bid, trump, **rules)
    assert payments == expected
    assert sum(payments.values()) == 0


@pytest.mark.parametrize(
    ("players", "outcome", "bid", "expected"),
    [
        # docs/rules.md §2: "every other player (the dealt-out ones too) pays the bidder";
        # doubling: 300 = 1 unit, 350 = 2.
        (FOUR, "made", 300, {"Ana": 3, "Ben": -1, "Cruz": -1, "Dee": -1, "kitty": 0}),
        (FOUR, "set", 300, {"Ana": -8, "Ben": 2, "Cruz": 2, "Dee": 2, "kitty": 2}),
        (FOUR, "conceded", 350, {"Ana": -8, "Ben": 2, "Cruz": 2, "Dee": 2, "kitty": 2}),
        (FIVE, "made", 350,
         {"Ana": 18, "Ben": -2, "Cruz": -2, "Dee": -2, "Eve": -2, "kitty": -10}),
        (FIVE, "set", 350, {"Ana": -20, "Ben": 4, "Cruz": 4, "Dee": 4, "Eve": 4, "kitty": 4}),
        (SIX, "made", 300,
         {"Ana": 5, "Ben": -1, "Cruz": -1, "Dee": -1, "Eve": -1, "Fay": -1, "kitty": 0}),
    ],
)  # fmt: skip
def test_dealt_out_players_pay_and_collect(
    players: Sequence[str], outcome: str, bid: int, expected: dict[str, int]
) -> None:
    assert pay(players, outcome, "Ana", bid, "clubs") == expected


@pytest.mark.parametrize(
    ("players", "rules", "expected"),
    [
        (THREE, {}, {"Ana": 0, "Ben": 0, "Cruz": 0, "kitty": 0}),
        (THREE, {"kitty": False}, {"Ana": 0, "Ben": 0, "Cruz": 0, "kitty": 0}),
        # all_pass_pays: every player of the match pays 1 unit into the kitty
        (THREE, {"all_pass_pays": True}, {"Ana": -1, "Ben": -1, "Cruz": -1, "kitty": 3}),
        (FOUR, {"all_pass_pays": True},
         {"Ana": -1, "Ben": -1, "Cruz": -1, "Dee": -1, "kitty": 4}),
    ],
)  # fmt: skip
def test_all_pass(players: Sequence[str], rules: dict[str, Any], expected: dict[str, int]) -> None:
    assert hand_payments(players, "all_pass", None, {**DEFAULTS, **rules}) == expected


# --- replaying a match ------------------------------------------------------------------------


def test_match_in_units_with_a_dealt_out_fourth() -> None:
    # Dealer Ana sits out hand 1, Ben hand 2, Cruz hand 3 (the deal passes to the left).
    state = play(
        FOUR,
        [
            {"bidder": "Ben", "bid": 350, "trump": "spades", "outcome": "made"},  # 4 each + 10
            {"outcome": "all_pass"},
            {"bidder": "Ana", "bid": 300, "trump": "hearts", "meld": 100, "tricks": 150},  # set
        ],
    )
    assert [h.dealer for h in state.hands] == ["Ana", "Ben", "Cruz"]
    assert [h.active for h in state.hands] == [
        ("Ben", "Cruz", "Dee"),
        ("Ana", "Cruz", "Dee"),
        ("Ana", "Ben", "Dee"),
    ]
    assert state.hands[0].payments == {"Ana": -4, "Ben": 22, "Cruz": -4, "Dee": -4, "kitty": -10}
    assert state.hands[1].payments == {"Ana": 0, "Ben": 0, "Cruz": 0, "Dee": 0, "kitty": 0}
    # 100 + 150 = 250 < 300: set, 2 x 1 unit to Ben, Cruz (dealt out), Dee and the kitty.
    assert state.hands[2].payments == {"Ana": -8, "Ben": 2, "Cruz": 2, "Dee": 2, "kitty": 2}
    assert all(h.scores is None for h in state.hands)
    assert state.totals == {"Ana": -12, "Ben": 24, "Cruz": -2, "Dee": -2}
    assert state.kitty == -8
    assert state.standings == ("Ben", "Cruz", "Dee", "Ana")
    # hand 4: Dee deals and sits out; Ana bids first.
    assert (state.dealer, state.leader, state.active) == ("Dee", "Ana", ("Ana", "Ben", "Cruz"))
    assert (state.status, state.winner, state.target) == ("in_progress", None, None)


def test_units_match_never_ends_by_itself_and_finish_picks_the_leader() -> None:
    hands = [{"bidder": "Ana", "bid": 2000, "trump": "spades", "outcome": "made"}] * 3
    state = play(THREE, hands)
    assert state.status == "in_progress"
    assert state.totals["Ana"] == 3 * (2 * 2 * 2**34 + 10)  # doubling: 2000 = 2**34 units
    done = finish(state)
    assert (done.status, done.winner) == ("finished", "Ana")


def test_without_kitty_the_match_has_no_kitty_balance() -> None:
    state = play(
        THREE, [{"bidder": "Ana", "bid": 350, "trump": "clubs", "outcome": "set"}], kitty=False
    )
    assert state.kitty is None
    assert state.totals == {"Ana": -8, "Ben": 4, "Cruz": 4}  # 350 = 2 units, set: 4 each


def test_first_dealer_and_leader() -> None:
    state = play(FIVE, [], dealer="Dee")
    # Dee deals; Ana (second on his left) sits out too; Eve bids first.
    assert (state.dealer, state.leader, state.active) == ("Dee", "Eve", ("Ben", "Cruz", "Eve"))


def test_settlement_of_a_match() -> None:
    match = setup(FOUR, unit_value="0.05")
    state = AUCTION.play(
        match, [{"bidder": "Ben", "bid": 350, "trump": "spades", "outcome": "made"}]
    )
    settlement = settlement_of(match, state)
    # 350 in spades = 2 x 2 units: totals Ana -4, Ben +22, Cruz -4, Dee -4; kitty -10 shared
    # over four as -2, -2, -3, -3 (the larger shares, -2, to the players first in seating order)
    assert settlement.kitty == -10
    assert settlement.shares == {"Ana": -2, "Ben": -2, "Cruz": -3, "Dee": -3}
    assert settlement.balances == {"Ana": -6, "Ben": 20, "Cruz": -7, "Dee": -7}
    # no smaller group squares itself: three transfers, biggest debts first
    assert [(t.payer, t.payee, t.units, str(t.amount)) for t in settlement.transfers] == [
        ("Cruz", "Ben", 7, "0.35"),
        ("Dee", "Ben", 7, "0.35"),
        ("Ana", "Ben", 6, "0.30"),
    ]
    points = setup(THREE, scoring="points")
    with pytest.raises(RuleError) as caught:
        settlement_of(points, AUCTION.play(points, []))
    assert caught.value.path == "_"


# --- derived outcomes and refusals ------------------------------------------------------------

BID = {"bidder": "Ana", "bid": 350, "trump": "clubs"}


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        # docs/rules.md §2: made if the bidder's meld + trick points >= bid
        ({**BID, "meld": 200, "tricks": 150}, "made"),
        ({**BID, "meld": 200, "tricks": 149}, "set"),
        ({**BID, "meld": 0, "tricks": 250}, "set"),
        ({**BID, "meld": 350, "tricks": 0}, "made"),
        ({**BID, "meld": ["run", "aces_around", "pinochle", "dix"], "tricks": 50}, "made"),  # 300
        ({**BID, "meld": ["run", "aces_around", "pinochle"], "tricks": 50}, "set"),  # 290
        ({**BID, "meld": 200, "tricks": 150, "outcome": "made"}, "made"),
        ({**BID, "meld": 200, "tricks": 149, "outcome": "set"}, "set"),
        ({**BID, "outcome": "conceded", "meld": 120}, "conceded"),
        ({**BID, "outcome": "conceded", "meld": 120, "tricks": 0}, "conceded"),
        ({**BID, "outcome": "made", "meld": None, "tricks": None}, "made"),  # empty form fields
    ],
)
def test_outcome_from_meld_and_tricks(hand: dict[str, Any], expected: str) -> None:
    payments = play(THREE, [hand]).hands[0].payments
    assert payments is not None
    units_each = 2  # 350 in clubs, doubling (docs/rules.md §2: 350-390 pays 2)
    bidder = {"made": 2 * units_each + 10, "set": -3 * 2 * units_each, "conceded": -3 * units_each}
    assert payments["Ana"] == bidder[expected]


@pytest.mark.parametrize(
    ("hand", "path", "code"),
    [
        # both given and in conflict (docs/rules.md §2)
        ({**BID, "meld": 200, "tricks": 149, "outcome": "made"}, "outcome", "conflict"),
        ({**BID, "meld": 200, "tricks": 150, "outcome": "set"}, "outcome", "conflict"),
        ({**BID, "meld": 350, "outcome": "conceded"}, "outcome", "conflict"),
        ({**BID, "meld": 100, "tricks": 20, "outcome": "conceded"}, "tricks", "conflict"),
        ({**BID, "meld": 200}, "tricks", "required"),
        ({**BID, "tricks": 200, "outcome": "set"}, "meld", "required"),
        (BID, "outcome", "required"),
        ({**BID, "outcome": "all_pass"}, "bidder", "not_with_all_pass"),
        ({"outcome": "all_pass", "trump": "clubs"}, "trump", "not_with_all_pass"),
        ({"bid": 350, "trump": "clubs", "outcome": "made"}, "bidder", "required"),
        ({"bidder": "Ana", "trump": "clubs", "outcome": "made"}, "bid", "required"),
        ({"bidder": "Ana", "bid": 350, "outcome": "made"}, "trump", "required"),
        ({**BID, "bidder": "Zed", "outcome": "made"}, "bidder", "unknown_side"),
        ({**BID, "bid": 355, "outcome": "made"}, "bid", "not_multiple"),
        ({**BID, "bid": 290, "outcome": "made"}, "bid", "too_small"),  # min_bid 300
        ({**BID, "bid": 2010, "outcome": "made"}, "bid", "too_large"),  # the typo guard
        ({**BID, "bid": True, "outcome": "made"}, "bid", "not_int"),
        ({**BID, "trump": "spade", "outcome": "made"}, "trump", "bad_suit"),
        ({**BID, "trump": 1, "outcome": "made"}, "trump", "not_text"),
        ({**BID, "outcome": "won"}, "outcome", "bad_choice"),
        ({**BID, "meld": 200, "tricks": 251}, "tricks", "too_large"),
        ({**BID, "meld": -1, "tricks": 200}, "meld", "too_small"),
        ({**BID, "meld": 3010, "tricks": 200}, "meld", "too_large"),
        ({**BID, "meld": ["run", "double_run"], "tricks": 200}, "meld[1]", "impossible_meld"),
        ({**BID, "outcome": "made", "widow": ["AS"]}, "widow", "unknown"),
        ({**BID, "outcome": "made", "took_trick": {"Ana": True}}, "took_trick", "unknown"),
    ],
)
def test_refused_hands(hand: dict[str, Any], path: str, code: str) -> None:
    error = refusal(THREE, hand)
    assert (error.path, error.code, error.hand) == (path, code, 1)


def test_min_bid_250_allows_250() -> None:
    # seed 000: "la subasta mínima de 250 o 300 puntos"
    state = play(THREE, [{**BID, "bid": 250, "outcome": "made"}], min_bid=250)
    assert state.totals["Ana"] == 2  # 250-290: 1 unit from each of two players


@pytest.mark.parametrize(
    ("players", "dealer", "bidder"),
    # docs/rules.md §2: at 6 the dealer and the second and fourth on his left sit out
    [(FOUR, "Ana", "Ana"), (FIVE, "Ana", "Cruz"), (SIX, "Ana", "Cruz"), (SIX, "Ana", "Eve")],
)
def test_dealt_out_bidder_is_refused(players: Sequence[str], dealer: str, bidder: str) -> None:
    with pytest.raises(RuleError) as caught:
        play(players, [{**BID, "bidder": bidder, "outcome": "made"}], dealer=dealer)
    assert (caught.value.path, caught.value.code) == ("bidder", "dealt_out")


def test_a_refused_hand_names_its_number() -> None:
    good = {**BID, "outcome": "made"}
    with pytest.raises(RuleError) as caught:
        play(THREE, [good, good, {**BID, "bid": 100, "outcome": "made"}])
    assert (caught.value.hand, caught.value.path) == (3, "bid")


# --- options (docs/rules.md §4) ------------------------------------------------------------------


def test_default_options_are_plain_json() -> None:
    assert AUCTION.resolve_options(None) == {
        "min_bid": 300,
        "schedule": "doubling",
        "spades_double": True,
        "hearts_triple": False,
        "kitty": True,
        "kitty_bonus_from": 350,
        "kitty_bonus": 10,
        "all_pass_pays": False,
        "unit_value": "1",
        "spades_concession": "double",
        "scoring": "units",
        "direction": "left",
    }


def test_points_options() -> None:
    assert AUCTION.resolve_options({"scoring": "points", "min_bid": 250}) == {
        "min_bid": 250,
        "scoring": "points",
        "counting": "classic",
        "last_trick": 10,
        "melds": "standard",
        "target": 1000,
        "tie_rule": "raise",
        "bidder_scores": "taken",
        "direction": "left",
    }


@pytest.mark.parametrize(
    ("given", "value"),
    [
        ("0.05", "0.05"),
        (0.05, "0.05"),
        ("0.050", "0.05"),
        ("0.5", "0.5"),
        (" 2.50 ", "2.5"),
        (10, "10"),
        ("10.00", "10"),
        ("1", "1"),
    ],
)
def test_unit_value_stays_an_exact_decimal_string(given: object, value: str) -> None:
    assert AUCTION.resolve_options({"unit_value": given})["unit_value"] == value


def test_custom_schedule_is_kept_as_lists() -> None:
    options = AUCTION.resolve_options({"schedule": [[300, 1], [400, 2], [500, 4]]})
    assert options["schedule"] == [[300, 1], [400, 2], [500, 4]]


@pytest.mark.parametrize(
    ("rules", "path", "code"),
    [
        # an option of the other scoring mode is refused by name
        ({"target": 500}, "rules.target", "other_scoring"),
        ({"counting": "classic"}, "rules.counting", "other_scoring"),
        ({"scoring": "points", "schedule": "hoyle"}, "rules.schedule", "other_scoring"),
        ({"scoring": "points", "kitty": False}, "rules.kitty", "other_scoring"),
        ({"scoring": "points", "unit_value": "1"}, "rules.unit_value", "other_scoring"),
        ({"scoring": "points", "counting": "simple"}, "rules.counting", "bad_choice"),
        ({"scoring": "chips"}, "rules.scoring", "bad_choice"),
        ({"declare_out": True}, "rules.declare_out", "unknown_option"),
        ({"min_bid": 240}, "rules.min_bid", "too_small"),
        ({"min_bid": 305}, "rules.min_bid", "not_multiple"),
        ({"min_bid": 2010}, "rules.min_bid", "too_large"),
        ({"schedule": "fancy"}, "rules.schedule", "bad_choice"),
        ({"schedule": 3}, "rules.schedule", "bad_schedule"),
        ({"schedule": []}, "rules.schedule", "empty"),
        ({"schedule": [[300, 1], [300, 2]]}, "rules.schedule[1][0]", "not_ascending"),
        ({"schedule": [[300, 1], [250, 2]]}, "rules.schedule[1][0]", "not_ascending"),
        ({"schedule": [[300, 0]]}, "rules.schedule[0][1]", "too_small"),
        ({"schedule": [[300, -2]]}, "rules.schedule[0][1]", "too_small"),
        ({"schedule": [[305, 1]]}, "rules.schedule[0][0]", "not_multiple"),
        ({"schedule": [[300]]}, "rules.schedule[0]", "bad_bracket"),
        ({"schedule": [300, 1]}, "rules.schedule[0]", "not_list"),
        # min_bid at least the first bracket of a custom schedule (docs/rules.md §4)
        ({"schedule": [[300, 1]], "min_bid": 250}, "rules.min_bid", "too_small"),
        ({"schedule": [[350, 1]]}, "rules.schedule", "too_large"),
        ({"all_pass_pays": True, "kitty": False}, "rules.all_pass_pays", "needs"),
        ({"kitty_bonus": -1}, "rules.kitty_bonus", "too_small"),
        ({"kitty_bonus_from": 345}, "rules.kitty_bonus_from", "not_multiple"),
        ({"spades_double": 1}, "rules.spades_double", "not_bool"),
        ({"unit_value": "0.001"}, "rules.unit_value", "too_precise"),
        ({"unit_value": "0"}, "rules.unit_value", "too_small"),
        ({"unit_value": "-1"}, "rules.unit_value", "too_small"),
        ({"unit_value": "abc"}, "rules.unit_value", "bad_amount"),
        ({"unit_value": "NaN"}, "rules.unit_value", "too_small"),
        ({"unit_value": True}, "rules.unit_value", "bad_amount"),
        ({"unit_value": None}, "rules.unit_value", "bad_amount"),
    ],
)
def test_refused_options(rules: dict[str, Any], path: str, code: str) -> None:
    with pytest.raises(RuleError) as caught:
        AUCTION.resolve_options(rules)
    assert (caught.value.path, caught.value.code) == (path, code)


@pytest.mark.parametrize("count", [2, 7])
def test_player_counts(count: int) -> None:
    with pytest.raises(RuleError) as caught:
        setup([f"P{i}" for i in range(count)])
    assert caught.value.path == "players"


def test_hand_results_keep_the_entry() -> None:
    hand: Mapping[str, Any] = {**BID, "outcome": "made"}
    assert play(THREE, [dict(hand)]).hands[0].input == hand
