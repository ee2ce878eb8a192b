"""Money across a group's auction nights (issue 18; docs/records.md "Money across nights"):
each night's units and money, the running totals, and a settle-up across the nights chosen,
added up from the matches' summaries (:mod:`~scorekeeper.rules.almanac.summary`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

from ..core.settle import CENT, Settlement, settle_up
from .summary import MatchSummary


@dataclass(frozen=True, slots=True)
class Night:
    """One night's auction matches in units, per player key."""

    label: str
    #: Auction matches in units that night, and whether one of them has not ended yet.
    matches: int
    open: bool
    #: Units (after each match's kitty was shared) and money.
    units: Mapping[str, int]
    money: Mapping[str, Decimal]
    #: The same added up over the nights so far, this one included.
    running_units: Mapping[str, int]
    running_money: Mapping[str, Decimal]


@dataclass(frozen=True, slots=True)
class Ledger:
    """The auction nights, their running totals and a settle-up across the nights chosen."""

    #: Nights with at least one auction match in units, in the order given.
    nights: tuple[Night, ...]
    #: Totals over every night.
    units: Mapping[str, int]
    money: Mapping[str, Decimal]
    #: The nights the settle-up covers.
    settled: tuple[str, ...]
    #: Who pays whom for those nights (no kitty: each match's was shared at its end).
    settlement: Settlement
    #: What one unit of ``settlement`` is worth: the nights' common ``unit_value``, or
    #: ``"0.01"`` (it is then in cents) when they differ.
    settle_unit: str


def _cents(amount: Decimal) -> Decimal:
    return amount.quantize(CENT, rounding=ROUND_HALF_UP)


def ledger(
    nights: Sequence[tuple[str, Sequence[tuple[MatchSummary, Mapping[str, str]]]]],
    *,
    settle: Sequence[str] | None = None,
) -> Ledger:
    """``nights``: (night label, e.g. an ISO date, its matches) in order. Only auction matches
    kept in units count (those with :attr:`MatchSummary.money`), finished or not: each one's
    units are its settle-up balances (:func:`~scorekeeper.rules.games.auction.form.settlement_of`,
    the kitty shared out) and its money those units times its ``unit_value``. ``settle``: the
    labels of the nights to settle up (``None``: every night); a label that names no night
    given is a ``ValueError``.

    The settle-up (:func:`~scorekeeper.rules.core.settle.settle_up`) squares the units added up
    over those nights when they all share one ``unit_value``; otherwise it squares the money,
    in cents (``settle_unit`` ``"0.01"``).
    """
    labels = [label for label, _ in nights]
    chosen = set(labels if settle is None else settle)
    unknown = chosen.difference(labels)
    if unknown:
        raise ValueError(f"no such night: {', '.join(sorted(unknown))}")
    order: dict[str, None] = {}  # player keys in the order they first appear
    running_units: dict[str, int] = {}
    running_money: dict[str, Decimal] = {}
    settled_units: dict[str, int] = {}
    settled_money: dict[str, Decimal] = {}
    values: set[Decimal] = set()
    kept: list[Night] = []
    for label, matches in nights:
        units: dict[str, int] = {}
        money: dict[str, Decimal] = {}
        played = [(s, names) for s, names in matches if s.money is not None]
        for summary, names in played:
            assert summary.money is not None
            value = Decimal(summary.money.unit_value)
            if label in chosen:
                values.add(value)
            for seat, balance in summary.money.balances.items():
                key = names.get(seat, seat)
                order[key] = None
                units[key] = units.get(key, 0) + balance
                money[key] = _cents(money.get(key, Decimal(0)) + balance * value)
        if not played:
            continue
        for key in units:
            running_units[key] = running_units.get(key, 0) + units[key]
            running_money[key] = _cents(running_money.get(key, Decimal(0)) + money[key])
            if label in chosen:
                settled_units[key] = settled_units.get(key, 0) + units[key]
                settled_money[key] = _cents(settled_money.get(key, Decimal(0)) + money[key])
        kept.append(
            Night(
                label,
                len(played),
                any(not summary.finished for summary, _ in played),
                units,
                money,
                dict(running_units),
                dict(running_money),
            )
        )
    settled = tuple(night.label for night in kept if night.label in chosen)
    people = [key for key in order if key in settled_units]
    if len(values) <= 1:
        unit = values.pop() if values else Decimal(1)
        totals = {key: settled_units[key] for key in people}
    else:
        # Different stakes on different nights: units do not add up, money does (in cents).
        unit = CENT
        totals = {key: int(settled_money[key] / CENT) for key in people}
    return Ledger(
        nights=tuple(kept),
        units=running_units,
        money=running_money,
        settled=settled,
        settlement=settle_up(totals, 0, people, unit),
        settle_unit=f"{unit.normalize():f}",
    )
