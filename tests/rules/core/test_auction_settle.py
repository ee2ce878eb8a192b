"""The settle-up of auction pinochle in units (docs/rules.md §2, docs/api.md ``.../settlement``),
and the
zero-sum property of every hand, checked by Hypothesis.

The minimum number of transfers is checked against an independent brute force: every way to
split the players who are not square into groups, keeping the splits whose groups each sum to
zero; a group of k needs k - 1 transfers (a set of transfers joins the players it touches into
groups that each must balance, and k players joined need k - 1 links).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from decimal import Decimal
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.rules.core.kitty import share_kitty
from scorekeeper.rules.core.names import KITTY
from scorekeeper.rules.core.settle import Settlement, settle_up
from scorekeeper.rules.games.pinochle.melds import MAX_BID
from scorekeeper.rules.games.registry import find_variant

NAMES = ("Ana", "Ben", "Cruz", "Dee", "Eve", "Fay")
AUCTION = find_variant("auction")


def partitions(items: Sequence[int]) -> Iterator[list[list[int]]]:
    """Every set partition of ``items`` (Bell-number many; at most 203 for six)."""
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for smaller in partitions(rest):
        yield [[first], *smaller]
        for i in range(len(smaller)):
            yield [*smaller[:i], [first, *smaller[i]], *smaller[i + 1 :]]


def brute_force_minimum(balances: Sequence[int]) -> int:
    owing = [b for b in balances if b]
    best = max(
        len(groups) for groups in partitions(owing) if all(sum(group) == 0 for group in groups)
    )
    return len(owing) - best


def check_settlement(settlement: Settlement, players: Sequence[str], unit_value: str) -> None:
    left = dict(settlement.balances)
    for transfer in settlement.transfers:
        assert transfer.payer != transfer.payee
        assert transfer.units > 0
        assert transfer.amount == Decimal(transfer.units) * Decimal(unit_value)
        assert transfer.amount.as_tuple().exponent == -2  # printed with two places
        left[transfer.payer] += transfer.units
        left[transfer.payee] -= transfer.units
    assert all(value == 0 for value in left.values()), left
    assert len(settlement.transfers) == brute_force_minimum(list(settlement.balances.values()))


@pytest.mark.parametrize(
    ("kitty", "count", "expected"),
    [
        (0, 3, [0, 0, 0]),
        (9, 3, [3, 3, 3]),
        (10, 3, [4, 3, 3]),  # larger shares first in seating order
        (11, 3, [4, 4, 3]),
        (-10, 3, [-3, -3, -4]),  # "larger" is the smaller debt
        (-4, 3, [-1, -1, -2]),
        (-1, 4, [0, 0, 0, -1]),
        (7, 5, [2, 2, 1, 1, 1]),
        (-10, 6, [-1, -1, -2, -2, -2, -2]),
    ],
)
def test_share_kitty(kitty: int, count: int, expected: list[int]) -> None:
    assert list(share_kitty(kitty, NAMES[:count]).values()) == expected


@pytest.mark.parametrize(
    ("balances", "transfers"),
    [
        ([0, 0, 0], 0),
        ([5, -5, 0], 1),
        ([10, -4, -6], 2),
        # "biggest debtor pays biggest creditor" takes four here; {3, -3} + {4, -2, -2} three
        ([4, 3, -3, -2, -2], 3),
        ([6, -6, 5, -5, 4, -4], 3),  # three pairs
        ([7, 2, -3, -6, 1, -1], 4),  # at best two groups: {7, -6, -1} and {2, -3, 1}
        ([1, 1, 1, 1, 1, -5], 5),
    ],
)
def test_fewest_transfers(balances: list[int], transfers: int) -> None:
    players = NAMES[: len(balances)]
    settlement = settle_up(dict(zip(players, balances, strict=True)), 0, players, "0.25")
    assert settlement.balances == dict(zip(players, balances, strict=True))
    assert len(settlement.transfers) == transfers
    check_settlement(settlement, players, "0.25")


def test_api_example_amounts_have_two_places() -> None:
    # docs/api.md: 8 units at 0.05 is "0.40"
    settlement = settle_up({"Ana": 8, "Ben": -8}, 0, ["Ana", "Ben"], "0.05")
    (transfer,) = settlement.transfers
    assert (transfer.payer, transfer.payee, transfer.units) == ("Ben", "Ana", 8)
    assert str(transfer.amount) == "0.40"
    whole = settle_up({"Ana": 8, "Ben": -8}, 0, ["Ana", "Ben"], Decimal("1"))
    assert str(whole.transfers[0].amount) == "8.00"


def test_totals_that_do_not_balance_are_a_bug() -> None:
    with pytest.raises(ValueError, match="must sum to zero"):
        settle_up({"Ana": 8, "Ben": -7}, 0, ["Ana", "Ben"])
    with pytest.raises(ValueError, match="exactly the players"):
        settle_up({"Ana": 8}, -8, ["Ana", "Ben"])


@st.composite
def unit_balances(draw: st.DrawFn) -> tuple[dict[str, int], int, tuple[str, ...]]:
    count = draw(st.integers(3, 6))
    players = NAMES[:count]
    values = draw(st.lists(st.integers(-60, 60), min_size=count, max_size=count))
    # some balances cancel exactly, as they do at a real table: copy a few with the sign flipped
    if draw(st.booleans()) and count >= 2:
        values[1] = -values[0]
    kitty = -sum(values)
    return dict(zip(players, values, strict=True)), kitty, players


@settings(max_examples=300, deadline=None)
@given(unit_balances(), st.sampled_from(["1", "0.05", "0.25", "2.5"]))
def test_settle_up_squares_every_balance_with_the_fewest_transfers(
    drawn: tuple[dict[str, int], int, tuple[str, ...]], unit_value: str
) -> None:
    totals, kitty, players = drawn
    settlement = settle_up(totals, kitty, players, unit_value)
    assert settlement.kitty == kitty
    assert list(settlement.balances) == list(players)
    shares = [settlement.balances[p] - totals[p] for p in players]
    # The shares the settlement carries are the ones it added, in seating order.
    assert list(settlement.shares.items()) == list(zip(players, shares, strict=True))
    assert sum(shares) == kitty
    assert max(shares) - min(shares) <= 1
    assert shares == sorted(shares, reverse=True)  # larger shares first in seating order
    assert sum(settlement.balances.values()) == 0
    check_settlement(settlement, players, unit_value)


# --- any sequence of valid hands sums to zero ---------------------------------------------------

TRUMPS = ("spades", "hearts", "diamonds", "clubs")
OUTCOMES = ("made", "set", "conceded")


@st.composite
def matches(draw: st.DrawFn) -> tuple[Any, list[dict[str, Any]]]:
    count = draw(st.integers(3, 6))
    players = list(NAMES[:count])
    kitty = draw(st.booleans())
    rules: dict[str, Any] = {
        "min_bid": draw(st.sampled_from([250, 300])),
        "schedule": draw(
            st.sampled_from(
                ["doubling", "doubling-250", "hoyle", "scarne", [[250, 1], [400, 3], [600, 7]]]
            )
        ),
        "spades_double": draw(st.booleans()),
        "spades_concession": draw(st.sampled_from(["double", "single"])),
        "hearts_triple": draw(st.booleans()),
        "kitty": kitty,
        "kitty_bonus_from": draw(st.integers(25, 60)) * 10,
        "kitty_bonus": draw(st.integers(0, 20)),
        "all_pass_pays": kitty and draw(st.booleans()),
    }
    match = AUCTION.setup(players, rules=rules, dealer=draw(st.sampled_from(players)))
    hands: list[dict[str, Any]] = []
    for number in range(1, draw(st.integers(0, 12)) + 1):
        if draw(st.integers(0, 5)) == 0:
            hands.append({"outcome": "all_pass"})
            continue
        # the bidder must be dealt in: replay to this hand to learn who is
        active = AUCTION.play(match, hands).active
        if kitty and draw(st.integers(0, 5)) == 0:
            # thrown in before the widow: at the minimum bid, no trump (docs/rules.md §2)
            bidder = draw(st.sampled_from(active))
            hands.append({"bidder": bidder, "bid": rules["min_bid"], "outcome": "thrown_in"})
            continue
        hand: dict[str, Any] = {
            "bidder": draw(st.sampled_from(active)),
            "bid": draw(st.integers(rules["min_bid"] // 10, MAX_BID // 10)) * 10,
            "trump": draw(st.sampled_from(TRUMPS)),
        }
        if draw(st.booleans()):
            hand["outcome"] = draw(st.sampled_from(OUTCOMES))
        else:
            hand["meld"] = draw(st.integers(0, 3000))
            # docs/rules.md §5: no card is worth 1 point, so never 1 or 249 under classic
            hand["tricks"] = draw(st.integers(0, 250).filter(lambda t: t not in (1, 249)))
        assert number == len(hands) + 1
        hands.append(hand)
    return match, hands


@settings(max_examples=200, deadline=None)
@given(matches())
def test_any_sequence_of_valid_hands_sums_to_zero(drawn: tuple[Any, list[dict[str, Any]]]) -> None:
    match, hands = drawn
    state = AUCTION.play(match, hands)
    for hand in state.hands:
        assert hand.payments is not None
        assert set(hand.payments) == {*match.players, KITTY}
        assert sum(hand.payments.values()) == 0
    kitty = state.kitty if state.kitty is not None else 0
    if state.kitty is None:
        assert all(hand.payments["kitty"] == 0 for hand in state.hands if hand.payments)
    assert sum(state.totals.values()) + kitty == 0
    settlement = settle_up(state.totals, kitty, match.players, match.options["unit_value"])
    # Every player's balance is his units plus his share of the kitty, and the kitty is all shared.
    assert sum(settlement.shares.values()) == kitty
    assert settlement.balances == {
        player: state.totals[player] + settlement.shares[player] for player in match.players
    }
    left = dict(settlement.balances)
    for transfer in settlement.transfers:
        left[transfer.payer] += transfer.units
        left[transfer.payee] -= transfer.units
    assert set(left.values()) <= {0}
