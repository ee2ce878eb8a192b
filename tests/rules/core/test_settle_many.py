"""The settle-up of many players (issue 25; docs/records.md "Money across nights"): up to
``EXACT_SETTLE`` (12) players not square, the fewest transfers (checked against an independent
brute force on small cases); beyond, every balance squared in at most n - 1 transfers, equal and
opposite balances paying each other, and the settlement saying they may not be the fewest.

The brute force is a depth-first search unrelated to the settle-up's subset search: the first
player not square settles his whole balance with one of opposite sign, every such choice tried
(an optimal set of transfers can always be reordered into that form).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from decimal import Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.rules.core.settle import EXACT_SETTLE, Settlement, settle_up


def fewest_transfers(balances: Sequence[int]) -> int:
    """The fewest transfers that square ``balances`` (summing to zero), by exhaustive search."""
    left = [b for b in balances if b]

    def search(start: int) -> int:
        while start < len(left) and left[start] == 0:
            start += 1
        if start == len(left):
            return 0
        best = len(left)
        for other in range(start + 1, len(left)):
            if left[other] * left[start] < 0:
                left[other] += left[start]
                best = min(best, 1 + search(start + 1))
                left[other] -= left[start]
        return best

    return search(0)


def squared(settlement: Settlement, unit_value: str = "1") -> dict[str, int]:
    """Every balance after the settlement's transfers (all zero when they square them), each
    transfer checked: a debtor pays a creditor a positive amount worth its units."""
    left = dict(settlement.balances)
    for t in settlement.transfers:
        assert t.units > 0
        assert settlement.balances[t.payer] < 0 < settlement.balances[t.payee]
        assert t.amount == (t.units * Decimal(unit_value)).quantize(Decimal("0.01"))
        left[t.payer] += t.units
        left[t.payee] -= t.units
    return left


def settle(balances: Sequence[int], unit_value: str = "1") -> Settlement:
    """``settle_up`` of players named p0, p1, ... holding ``balances``, no kitty."""
    players = [f"p{i}" for i in range(len(balances))]
    return settle_up(dict(zip(players, balances, strict=True)), 0, players, unit_value)


def zero_sum(rnd: random.Random, count: int, top: int) -> list[int]:
    """``count`` non-zero balances from -top to top (the last one may be larger), summing to 0."""
    while True:
        found = [rnd.choice([-1, 1]) * rnd.randint(1, top) for _ in range(count - 1)]
        if sum(found):
            return [*found, -sum(found)]


def test_sixty_four_players_are_squared_in_at_most_sixty_three_transfers() -> None:
    rnd = random.Random(25)
    for top in (3, 40, 500):  # many equal balances, some, almost none
        for _ in range(20):
            balances = zero_sum(rnd, 64, top)
            settlement = settle(balances, "0.05")
            assert set(squared(settlement, "0.05").values()) == {0}
            assert len(settlement.transfers) <= 63
            assert settlement.fewest is False


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.integers(-200, 200).filter(bool), min_size=EXACT_SETTLE, max_size=80),
    st.integers(0, 5),
)
def test_beyond_the_search_every_balance_is_squared_in_at_most_n_minus_one(
    drawn: list[int], square: int
) -> None:
    balances = [*drawn, -sum(drawn)] + [0] * square  # the last may be 0: then n counts one less
    owing = sum(1 for b in balances if b)
    settlement = settle(balances)
    assert set(squared(settlement).values()) == {0}
    assert len(settlement.transfers) <= owing - 1
    assert settlement.fewest is (owing <= EXACT_SETTLE)


def test_equal_and_opposite_balances_pay_each_other_beyond_the_search() -> None:
    # 14 players not square: four pairs (p0 and p5, p1 and p8, p2 and p11, p12 and p9, each
    # with the first opposite balance left), then the other six squared in at most five.
    balances = [7, 1, 2, 3, -4, -7, 5, 6, -1, -9, 8, -2, 9, -18]
    settlement = settle(balances)
    assert settlement.fewest is False
    pairs = {(t.payer, t.payee, t.units) for t in settlement.transfers}
    assert {("p5", "p0", 7), ("p8", "p1", 1), ("p11", "p2", 2), ("p9", "p12", 9)} <= pairs
    assert set(squared(settlement).values()) == {0}
    assert len(settlement.transfers) <= 4 + 5


@settings(max_examples=400, deadline=None)
@given(
    st.lists(st.integers(-12, 12), min_size=1, max_size=7),
    st.integers(0, 6),
    st.randoms(use_true_random=False),
)
def test_up_to_twelve_not_square_the_transfers_are_the_fewest(
    drawn: list[int], square: int, rnd: random.Random
) -> None:
    balances = [*drawn, -sum(drawn)] + [0] * square
    rnd.shuffle(balances)  # the players already square sit anywhere
    settlement = settle(balances)
    assert settlement.fewest is True
    assert set(squared(settlement).values()) == {0}
    assert len(settlement.transfers) == fewest_transfers(balances)


def test_the_search_counts_the_players_not_square_not_the_players() -> None:
    # 30 players of whom 12 are not square: searched; 13 of 30: not searched.
    twelve = [3, 3, -2, -2, -2, 4, -1, -1, -1, -1, 1, -1]
    settlement = settle(twelve + [0] * 18)
    assert settlement.fewest is True
    # At most four zero-sum groups (each holds one of the four creditors), and four there are:
    # {3, -2, -1} twice, {4, -2, -1, -1} and {1, -1}: 12 - 4 transfers.
    assert len(settlement.transfers) == 8
    thirteen = [3, 3, -2, -2, -2, 4, -1, -1, -1, -1, 2, -1, -1]
    settlement = settle(thirteen + [0] * 17)
    assert settlement.fewest is False
    assert set(squared(settlement).values()) == {0}
