"""The settle-up at the end of the night (docs/rules.md §2): the kitty shared out and the fewest
transfers that square every balance.

It knows nothing of how the units were won: any match whose hands move units between the
players (and a kitty) ends with the same algorithm. Auction pinochle in units is the one form
that plays for units today (:func:`scorekeeper.rules.games.auction.form.settlement_of`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from typing import Final

from .kitty import share_kitty

#: Money has cents: amounts are rounded to two places.
CENT: Final = Decimal("0.01")

#: The most players not already square whose fewest transfers :func:`settle_up` searches for.
#: The search grows as about 3 ** n: 2 ms at 12, 1.7 s at 18, 159 s at 22 (bench/settle.py), so
#: a group of more is squared in at most n - 1 transfers without the search.
EXACT_SETTLE: Final = 12


@dataclass(frozen=True)
class Transfer:
    """One payment of the settle-up: ``payer`` gives ``payee`` ``units`` worth ``amount``."""

    payer: str
    payee: str
    units: int
    #: ``units`` x the match's ``unit_value``, in money with two places (``Decimal("0.40")``).
    amount: Decimal


@dataclass(frozen=True)
class Settlement:
    """The end of a match kept in units: the kitty shared out and who pays whom."""

    #: The kitty's balance that was shared among the players.
    kitty: int
    #: Every player's share of the kitty (:func:`share_kitty`), in seating order.
    shares: Mapping[str, int]
    #: Every player's units after the kitty was shared, in seating order; they sum to zero.
    balances: Mapping[str, int]
    #: Transfers that square every balance: the fewest, when ``fewest`` says so.
    transfers: tuple[Transfer, ...]
    #: Whether ``transfers`` are the fewest: True when at most :data:`EXACT_SETTLE` players were
    #: not square (the search); False beyond, where they number at most n - 1 and may be more
    #: than the fewest.
    fewest: bool = True


def settle_up(
    totals: Mapping[str, int],
    kitty: int,
    players: Sequence[str],
    unit_value: str | Decimal = "1",
) -> Settlement:
    """Share the kitty, then find transfers that bring every balance to zero: the fewest while
    at most :data:`EXACT_SETTLE` players are not square, at most ``n - 1`` beyond.

    ``totals`` are the players' unit balances and ``kitty`` the kitty's (0 without one); they
    must sum to zero, as every hand's payments do. The fewest transfers number ``n - g``, where
    ``n`` counts the players not already square and ``g`` is the largest number of disjoint
    groups of them whose balances each sum to zero: a group of ``k`` needs ``k - 1`` transfers
    and no fewer. The groups are found by an exhaustive search over subsets (a greedy matching
    can use more: for 4, 3, -3, -2, -2 "biggest debtor pays biggest creditor" takes four, the
    groups {3, -3} and {4, -2, -2} three). A table seats at most six, but a group's settle-up
    across nights may square dozens: beyond :data:`EXACT_SETTLE` players not square the search
    would take minutes, so equal and opposite balances pay each other first and the rest are
    squared greedily (:func:`_pairs_then_rest`), in at most ``n - 1`` transfers, and the
    settlement says they may not be the fewest (``fewest`` False).

    >>> s = settle_up({"Ana": 12, "Ben": -8, "Cruz": 0}, -4, ["Ana", "Ben", "Cruz"], "0.05")
    >>> s.shares
    {'Ana': -1, 'Ben': -1, 'Cruz': -2}
    >>> s.balances
    {'Ana': 11, 'Ben': -9, 'Cruz': -2}
    >>> [(t.payer, t.payee, t.units, str(t.amount)) for t in s.transfers]
    [('Ben', 'Ana', 9, '0.45'), ('Cruz', 'Ana', 2, '0.10')]
    >>> s.fewest
    True
    """
    if set(totals) != set(players) or len(players) != len(set(players)):
        raise ValueError("totals must name exactly the players")
    if sum(totals.values()) + kitty != 0:
        raise ValueError("the players' totals and the kitty must sum to zero")
    value = Decimal(str(unit_value))
    shares = share_kitty(kitty, players) if players else {}
    balances = {player: totals[player] + shares[player] for player in players}
    owing = [p for p in players if balances[p]]
    fewest = len(owing) <= EXACT_SETTLE
    groups = zero_sum_groups(owing, balances) if fewest else _pairs_then_rest(owing, balances)
    transfers: list[Transfer] = []
    for group in groups:
        for payer, payee, amount in _square_group(group, balances):
            money = (Decimal(amount) * value).quantize(CENT, rounding=ROUND_HALF_UP)
            transfers.append(Transfer(payer, payee, amount, money))
    return Settlement(kitty, shares, balances, tuple(transfers), fewest)


def zero_sum_groups(owing: Sequence[str], balances: Mapping[str, int]) -> list[list[str]]:
    """Split ``owing`` (balances summing to zero, none zero) into the most zero-sum groups.

    Dynamic programming over subsets: ``best[mask]`` is the most groups a zero-sum ``mask``
    splits into; each step tries every zero-sum part holding the mask's lowest member.
    """
    count = len(owing)
    full = (1 << count) - 1
    total = [0] * (full + 1)
    for mask in range(1, full + 1):
        low = (mask & -mask).bit_length() - 1
        total[mask] = total[mask & (mask - 1)] + balances[owing[low]]
    best: dict[int, int] = {0: 0}
    part_of: dict[int, int] = {}
    for mask in range(1, full + 1):
        if total[mask]:
            continue
        lowest = mask & -mask
        sub = mask
        while sub:
            if sub & lowest and total[sub] == 0:
                parts = 1 + best[mask ^ sub]
                if parts > best.get(mask, 0):
                    best[mask] = parts
                    part_of[mask] = sub
            sub = (sub - 1) & mask
    groups: list[list[str]] = []
    mask = full
    while mask:
        part = part_of[mask]
        groups.append([owing[i] for i in range(count) if part >> i & 1])
        mask ^= part
    return sorted(groups, key=lambda group: owing.index(group[0]))


def _pairs_then_rest(owing: Sequence[str], balances: Mapping[str, int]) -> list[list[str]]:
    """Split ``owing`` (balances summing to zero, none zero) into zero-sum groups in linear time:
    each player with the first one left, in seating order, whose balance is the opposite of his;
    everyone else in one group.

    Pairs cost one transfer for two players and the rest, squared by :func:`_square_group`, one
    fewer than they number, so ``p`` pairs and ``r`` others take at most ``n - 1``. (Taking the
    pairs out never costs a transfer: the fewest can always pay them to each other.)

    >>> _pairs_then_rest(["A", "B", "C", "D", "E"], {"A": 3, "B": -2, "C": -3, "D": 1, "E": 1})
    [['A', 'C'], ['B', 'D', 'E']]
    """
    waiting: dict[int, list[str]] = {}  # balance -> players of it not yet paired, in order
    pairs: list[list[str]] = []
    for player in owing:
        match = waiting.get(-balances[player])
        if match:
            pairs.append([match.pop(0), player])
        else:
            waiting.setdefault(balances[player], []).append(player)
    paired = {player for pair in pairs for player in pair}
    rest = [player for player in owing if player not in paired]
    groups = pairs + ([rest] if rest else [])
    seat = {player: i for i, player in enumerate(owing)}
    return sorted(groups, key=lambda group: seat[group[0]])


def _square_group(group: Sequence[str], balances: Mapping[str, int]) -> list[tuple[str, str, int]]:
    """Transfers that square a zero-sum group of ``k`` players in at most ``k - 1`` payments.

    The biggest debtor pays the biggest creditor (ties: seating order) until all are square;
    every payment squares at least one of them and the last squares two.
    """
    left = {player: balances[player] for player in group}
    moves: list[tuple[str, str, int]] = []
    while any(left.values()):
        payer = min(group, key=lambda p: left[p])  # min/max keep the first of equals
        payee = max(group, key=lambda p: left[p])
        amount = min(-left[payer], left[payee])
        moves.append((payer, payee, amount))
        left[payer] += amount
        left[payee] -= amount
    return moves
