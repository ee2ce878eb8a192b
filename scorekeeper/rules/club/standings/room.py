"""The room's settle-up of a club night kept in units (docs/club.md §11): who pays whom in the
room, over every table's settlement of the night.

The search for the fewest transfers is :func:`scorekeeper.rules.core.settle.settle_up`'s, with its
cap (:data:`~scorekeeper.rules.core.settle.EXACT_SETTLE`): beyond it equal and opposite balances pay
each other and the biggest debtor pays the biggest creditor, and ``fewest`` says so.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from ...core.settle import CENT, settle_up


@dataclass(frozen=True, slots=True)
class RoomTransfer:
    """One payment of the room: player ``payer`` gives player ``payee`` ``units`` units."""

    payer: int
    payee: int
    units: int

    def amount(self, unit_value: Decimal) -> Decimal:
        """The payment in money, to the cent."""
        return (Decimal(self.units) * unit_value).quantize(CENT, rounding=ROUND_HALF_UP)


#: The name docs/club.md's interface gives a room transfer.
Transfer = RoomTransfer


@dataclass(frozen=True, slots=True)
class RoomSettlement:
    """Every player's units over the night and the transfers that square them."""

    #: Player number -> units over the night (they sum to zero).
    balances: Mapping[int, int]
    transfers: tuple[RoomTransfer, ...]
    #: The transfers are the fewest (at most ``EXACT_SETTLE`` balances not zero: the search).
    fewest: bool

    def as_json(self, unit_value: Decimal) -> dict[str, Any]:
        """docs/club.md §14 ``settlement``, amounts at ``unit_value`` with two places."""
        return {
            "balances": {str(player): units for player, units in self.balances.items()},
            "transfers": [
                {
                    "from": t.payer,
                    "to": t.payee,
                    "units": t.units,
                    "amount": str(t.amount(unit_value)),
                }
                for t in self.transfers
            ],
            "fewest": self.fewest,
        }


def room_settlement(balances: Mapping[int, int]) -> RoomSettlement:
    """Who pays whom in the room (docs/club.md §11), players in number order.

    >>> room = room_settlement({1: 12, 2: -4, 3: -8, 4: 0})
    >>> [(t.payer, t.payee, t.units) for t in room.transfers], room.fewest
    ([(3, 1, 8), (2, 1, 4)], True)
    >>> room.as_json(Decimal("0.25"))["transfers"][0]
    {'from': 3, 'to': 1, 'units': 8, 'amount': '2.00'}
    """
    if sum(balances.values()) != 0:
        raise ValueError("the room's balances must sum to zero")
    players = sorted(balances)
    names = [str(player) for player in players]
    settled = settle_up({str(p): balances[p] for p in players}, 0, names)
    transfers = tuple(RoomTransfer(int(t.payer), int(t.payee), t.units) for t in settled.transfers)
    return RoomSettlement({p: balances[p] for p in players}, transfers, settled.fewest)
