"""The kitty of auction pinochle kept in units (docs/rules.md §2): its balance hand by hand and
its share-out at the end of the night.

What a hand pays the kitty (a set bidder pays it what he pays one player, a bidder who makes
enough collects a bonus from it) is the form's: :func:`~scorekeeper.rules.games.auction.form.
hand_payments` puts it in each hand's ``payments["kitty"]``; the running balance
(``MatchState.kitty``) is summed with every side's total in :mod:`scorekeeper.rules.core.match`;
the settle-up (:mod:`scorekeeper.rules.core.settle`) shares the balance out with
:func:`share_kitty` before it squares the players.
"""

from __future__ import annotations

from collections.abc import Sequence

from .match import MatchState
from .names import KITTY


def kitty_balances(state: MatchState) -> list[int]:
    """The kitty's balance after each hand, from each hand's ``payments["kitty"]``; empty when
    the match keeps no kitty (``state.kitty is None``). The last one is ``state.kitty``.

    Ana set on 300 in hearts (2 units: she pays Ben, Cruz and the kitty 4 each), then all pass:

    >>> from .match import HandResult
    >>> state = MatchState(
    ...     ("Ana", "Ben", "Cruz"),
    ...     (HandResult(1, "Cruz", {}, payments={"Ana": -12, "Ben": 4, "Cruz": 4, "kitty": 4}),
    ...      HandResult(2, "Ana", {}, payments={"Ana": 0, "Ben": 0, "Cruz": 0, "kitty": 0})),
    ...     totals={"Ana": -12, "Ben": 4, "Cruz": 4},
    ...     kitty=4,
    ... )
    >>> kitty_balances(state)
    [4, 4]
    """
    if state.kitty is None:
        return []
    balance = 0
    balances: list[int] = []
    for hand in state.hands:
        balance += (hand.payments or {}).get(KITTY, 0)
        balances.append(balance)
    return balances


def share_kitty(kitty: int, players: Sequence[str]) -> dict[str, int]:
    """The kitty's balance shared as evenly as whole units allow (docs/rules.md §2).

    Shares differ by at most one unit; the larger shares go to the players first in seating
    order (for a negative kitty "larger" is the smaller debt).

    >>> share_kitty(11, ["Ana", "Ben", "Cruz"])
    {'Ana': 4, 'Ben': 4, 'Cruz': 3}
    >>> share_kitty(-4, ["Ana", "Ben", "Cruz"])
    {'Ana': -1, 'Ben': -1, 'Cruz': -2}
    """
    base, extra = divmod(kitty, len(players))  # floor division: 0 <= extra < len(players)
    return {player: base + (1 if i < extra else 0) for i, player in enumerate(players)}
