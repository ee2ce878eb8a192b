"""What one hand of auction pinochle in units pays (docs/rules.md §2): :func:`hand_payments`
gives every player's (and the kitty's) gain or loss, always summing to zero.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...core.cards import Suit
from ...core.names import KITTY
from .hands import ALL_PASS, CONCEDED, MADE, SET, THROWN_IN, Contract
from .options import SPADES_CONCESSION_DOUBLE, SPADES_CONCESSION_SINGLE
from .schedules import trump_multiplier, units


def hand_payments(
    players: Sequence[str],
    outcome: str,
    contract: Contract | None,
    options: Mapping[str, Any],
) -> dict[str, int]:
    """What every player of the match (dealt-out ones too) and the kitty gain in one hand.

    docs/rules.md §2: made, every other player pays the bidder ``units x m``; set ("double bete"),
    the bidder pays every other player ``2 x units x m``; conceded ("single bete"),
    ``units x m`` (``units x 1`` in spades under ``spades_concession: single``, Scarne). With
    the kitty, a set or conceding bidder pays it what he pays one player, and a bidder who
    makes at least ``kitty_bonus_from`` collects ``kitty_bonus`` from it (a fixed sum, seed
    000). Thrown in before the widow: the bidder pays the kitty ``units(bid)`` and nobody else
    (Hoyle/Scarne). All pass: nobody pays, unless ``all_pass_pays`` (1 unit each into the
    kitty). The result always sums to zero over the players and ``"kitty"``.

    >>> from scorekeeper.rules.core.cards import Suit
    >>> hand_payments(["Ana", "Ben", "Cruz"], "made", Contract("Ana", 350, Suit.SPADES),
    ...               {"schedule": "doubling", "spades_double": True, "hearts_triple": False,
    ...                "kitty": True, "kitty_bonus_from": 350, "kitty_bonus": 10})
    {'Ana': 18, 'Ben': -4, 'Cruz': -4, 'kitty': -10}
    """
    payments = dict.fromkeys(players, 0)
    payments[KITTY] = 0
    kitty = bool(options.get("kitty", True))
    if outcome == ALL_PASS or contract is None:
        if kitty and options.get("all_pass_pays", False):
            for player in players:
                payments[player] -= 1
                payments[KITTY] += 1
        return payments
    worth = units(contract.bid, options.get("schedule", "doubling"))
    if outcome == THROWN_IN or contract.trump is None:
        # Hoyle/Scarne: "he must only pay the kitty"; no trump was named, nothing multiplies.
        payments[KITTY] += worth
        payments[contract.bidder] -= worth
        return payments
    multiplier = trump_multiplier(
        contract.trump,
        spades_double=bool(options.get("spades_double", True)),
        hearts_triple=bool(options.get("hearts_triple", False)),
    )
    if (
        outcome == CONCEDED
        and contract.trump is Suit.SPADES
        and options.get("spades_concession", SPADES_CONCESSION_DOUBLE) == SPADES_CONCESSION_SINGLE
    ):
        # Scarne: spades thrown in "without playing a card" pay "only a single amount".
        multiplier = 1
    each = worth * multiplier
    # The bidder receives from (made) or pays to (set, conceded) each payee the same sum.
    per_payee = {MADE: -each, SET: 2 * each, CONCEDED: each}[outcome]
    payees = [p for p in players if p != contract.bidder]
    if kitty and outcome != MADE:
        payees.append(KITTY)
    for payee in payees:
        payments[payee] += per_payee
        payments[contract.bidder] -= per_payee
    if kitty and outcome == MADE and contract.bid >= options.get("kitty_bonus_from", 350):
        bonus = int(options.get("kitty_bonus", 10))
        payments[KITTY] -= bonus
        payments[contract.bidder] += bonus
    return payments
