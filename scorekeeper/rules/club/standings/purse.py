"""The purse of a club night (docs/club.md §10.2), issue 29.

Part two of the club night, wired: :mod:`scorekeeper.service.club.awards` reads a night's
purse at creation and by ``PATCH`` and pays it out in the standings' answer (``purse``).
``{"entry": "5.00", "house": "0.50", "places": ["50", "30", "20"], "awards": {"high_game":
"4.00"}}``: money and percentages as decimal strings with at most two places.

The pot is (entry − house) × the players who played at least one round (on a fixed-pairs
night, each pair's two players: a pair is two entries). The award amounts are paid first, each
split equally among the award's holders (cents rounded down); the rest of the pot goes to the
places by their percentages, place 1 first; rows (players, or pairs) sharing places pool the
prizes of the places they cover and split them equally, a pair's part between its two players
(cents rounded down, once per player); what is left is "left over", never below zero.
Computed on every read, never stored (docs/club.md §15).

>>> purse = read_purse({"entry": "5", "places": ["60", "40"]}, (), 4)
>>> purse.as_json()
{'entry': '5.00', 'house': '0.00', 'places': ['60', '40'], 'awards': {}}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import ROUND_DOWN, Decimal
from typing import TYPE_CHECKING, Any, Final

from ...core.errors import RuleError
from ...core.readers import as_decimal, as_list, as_object, check_keys
from .settings import figure

if TYPE_CHECKING:
    from .awards import Award
    from .ranking import Row, Standings

CENT: Final = Decimal("0.01")
HUNDRED: Final = Decimal(100)
#: A typing slip, not a club's entry fee (the pot must stay a sane figure).
MOST_MONEY: Final = Decimal(100_000)
FIELDS: Final = ("entry", "house", "places", "awards")


@dataclass(frozen=True, slots=True)
class Purse:
    """A night's checked purse settings (docs/club.md §10.2)."""

    entry: Decimal
    house: Decimal
    #: Each place's percentage of what the awards leave, place 1 first.
    places: tuple[Decimal, ...]
    #: The amount of each chosen award that carries money.
    awards: Mapping[str, Decimal]

    @property
    def share(self) -> Decimal:
        """What each player puts in the pot: the entry less the house's share."""
        return self.entry - self.house

    def as_json(self) -> dict[str, Any]:
        """The settings as the night shows them (§14 ``purse``): money to the cent,
        percentages with the fewest places."""
        return {
            "entry": money(self.entry),
            "house": money(self.house),
            "places": [figure(p) for p in self.places],
            "awards": {name: money(amount) for name, amount in self.awards.items()},
        }


@dataclass(frozen=True, slots=True)
class AwardPay:
    """What one award paid: its amount, and each holder's equal part (cents rounded down)."""

    award: str
    amount: Decimal
    paid: tuple[tuple[int, Decimal], ...]


@dataclass(frozen=True, slots=True)
class PlacePay:
    """The prize of one place (or of places shared: ``covers`` places pooled), each player's
    equal part (cents rounded down). On a fixed-pairs night ``players`` are the players of the
    ``pairs`` holding the place (each pair's prize split between its partners)."""

    place: int
    covers: int
    players: tuple[int, ...]
    each: Decimal
    pairs: tuple[int, ...] = ()
    #: How many rows (players, or pairs) hold the place: more than one, it is shared.
    holders: int = 1


@dataclass(frozen=True, slots=True)
class Payout:
    """The purse paid out over the standings as they stand."""

    players: int
    pot: Decimal
    awards: tuple[AwardPay, ...]
    places: tuple[PlacePay, ...]
    left_over: Decimal

    def by_player(self) -> dict[int, Decimal]:
        """Each paid player's total (awards and places), players in number order."""
        totals: dict[int, Decimal] = {}
        for pay in self.awards:
            for player, amount in pay.paid:
                totals[player] = totals.get(player, Decimal(0)) + amount
        for place in self.places:
            for player in place.players:
                totals[player] = totals.get(player, Decimal(0)) + place.each
        return dict(sorted(totals.items()))

    def as_json(self) -> dict[str, Any]:
        """The standings' ``purse`` (docs/club.md §14), money to the cent."""
        return {
            "players": self.players,
            "pot": money(self.pot),
            "awards": [
                {
                    "award": pay.award,
                    "amount": money(pay.amount),
                    "paid": [{"player": p, "amount": money(a)} for p, a in pay.paid],
                }
                for pay in self.awards
            ],
            "places": [
                {
                    "place": place.place,
                    "shared": place.holders > 1,
                    "players": list(place.players),
                    **({"pairs": list(place.pairs)} if place.pairs else {}),
                    "each": money(place.each),
                }
                for place in self.places
            ],
            "left_over": money(self.left_over),
            "payouts": [{"player": p, "amount": money(a)} for p, a in self.by_player().items()],
        }


def money(value: Decimal) -> str:
    """An amount to the cent: ``"2.00"``.

    >>> money(Decimal("2")), money(Decimal("9.6"))
    ('2.00', '9.60')
    """
    return f"{value.quantize(CENT, rounding=ROUND_DOWN):f}"


def _decimal(value: object, path: str, *, high: Decimal = MOST_MONEY) -> Decimal:
    """A decimal string with at most two places, 0 to ``high``."""
    # Bounded in digits on the text, before Decimal reads it (issue 37: 41 digits were a 500).
    amount = as_decimal(value, path)
    if amount < 0:
        raise RuleError(path, "must be at least {low}", code="too_small", low=0)
    if amount > high:
        raise RuleError(path, "must be at most {high}", code="too_large", high=figure(high))
    return amount


def read_purse(given: object, chosen: Sequence[str], players: int) -> Purse | None:
    """A night's ``purse`` (None: no purse), checked as docs/club.md §10.2 says: refused at
    ``purse.house`` over the entry, ``purse.places`` when the percentages sum over 100,
    ``purse.awards.<award>`` for an award not ``chosen``, and ``purse.awards`` when the award
    amounts come to more than the pot of ``players`` (the night's players: the most who can
    put in).

    >>> read_purse({"entry": "5.00", "house": "6"}, (), 8)
    Traceback (most recent call last):
    ...
    scorekeeper.rules.core.errors.RuleError: purse.house: must be at most the entry, 5.00
    >>> read_purse({"entry": "1", "awards": {"high_game": "9"}}, ("high_game",), 8)
    Traceback (most recent call last):
    ...
    scorekeeper.rules.core.errors.RuleError: purse.awards: come to 9.00, more than the pot of 8.00
    """
    if given is None:
        return None
    body = as_object(given, "purse")
    check_keys(body, FIELDS, "purse", required=("entry",))
    entry = _decimal(body["entry"], "purse.entry")
    house = Decimal(0) if body.get("house") is None else _decimal(body["house"], "purse.house")
    if house > entry:
        raise RuleError(
            "purse.house",
            "must be at most the entry, {entry}",
            code="over_entry",
            entry=money(entry),
        )
    places: list[Decimal] = []
    listed = [] if body.get("places") is None else as_list(body["places"], "purse.places")
    for i, item in enumerate(listed):
        places.append(_decimal(item, f"purse.places[{i}]", high=HUNDRED))
    if sum(places, Decimal(0)) > HUNDRED:
        raise RuleError(
            "purse.places",
            "add up to {total} %, over 100 %",
            code="over_100",
            total=figure(sum(places, Decimal(0))),
        )
    amounts: dict[str, Decimal] = {}
    given_awards = {} if body.get("awards") is None else as_object(body["awards"], "purse.awards")
    for name in sorted(given_awards):
        path = f"purse.awards.{name}"
        if name not in chosen:
            raise RuleError(path, "is not an award chosen for this night", code="not_chosen")
        amounts[name] = _decimal(given_awards[name], path)
    pot = (entry - house) * players
    total = sum(amounts.values(), Decimal(0))
    if total > pot:
        raise RuleError(
            "purse.awards",
            "come to {total}, more than the pot of {pot}",
            code="over_pot",
            total=money(total),
            pot=money(pot),
        )
    # Kept in the order the awards were chosen (the order they are paid and shown).
    ordered = {name: amounts[name] for name in chosen if name in amounts}
    return Purse(entry, house, tuple(places), ordered)


def _down(value: Decimal) -> Decimal:
    return value.quantize(CENT, rounding=ROUND_DOWN)


def _people(row: Row) -> tuple[int, ...]:
    """The players of a standings row: a pair's two, else the one."""
    return row.members or (row.player,)


def pay_purse(purse: Purse, night: Standings, won: Sequence[Award]) -> Payout:
    """The purse paid over the standings ``night`` and the awards ``won`` (docs/club.md §10.2).

    An award nobody holds pays nothing: its amount stays in the pot for the places. Should the
    award amounts come to more than the pot (fewer played than were named), they are paid in
    the order chosen while the pot lasts. The places are paid from what the awards paid out
    leave; a place nobody reaches is left over. On a night of pairs (rows with ``members``) the
    pot counts both players of a pair, places are counted by pairs, and what a pair wins (a
    place, or an award one of its partners holds) is split between its partners. Nothing is
    paid beyond the pot: the payouts and the left over add up to it, to the cent.

    >>> purse = read_purse({"entry": "2", "places": ["100"]}, (), 4)
    >>> from fractions import Fraction
    >>> from scorekeeper.rules.club.standings.ranking import Row, Standings
    >>> def row(place, pair, members):
    ...     zero = Fraction(0)
    ...     return Row(place, True, members[0], "", zero, zero, zero, zero, zero, None, None,
    ...                1, 0, 0, zero, (), pair, members)
    >>> tied = Standings((row(1, 1, (1, 2)), row(1, 2, (3, 4))), 1, False)
    >>> paid = pay_purse(purse, tied, ())
    >>> money(paid.pot), [(p.players, money(p.each)) for p in paid.places], money(paid.left_over)
    ('8.00', [((1, 2, 3, 4), '2.00')], '0.00')
    """
    playing = sum(len(_people(row)) for row in night.rows if row.played > 0)
    pot = purse.share * playing
    # A holder who is one partner of a pair holds it for the pair (``low_total`` names a
    # pair's row by its first player): the pair's two share it.
    partners = {p: row.members for row in night.rows if row.members for p in row.members}
    holders = {
        award.award: tuple(sorted({q for p in award.players for q in partners.get(p, (p,))}))
        for award in won
    }
    paid_awards: list[AwardPay] = []
    left = pot
    for name, amount in purse.awards.items():
        players = holders.get(name, ())
        if not players:
            continue
        amount = min(amount, left)
        each = _down(amount / len(players))
        paid_awards.append(AwardPay(name, amount, tuple((p, each) for p in players)))
        left -= each * len(players)
    rest = left
    places: list[PlacePay] = []
    # The rows sharing a place, in order: each group covers the places from its position on
    # (counted by rows, so a group never covers a place the group before it took).
    groups: list[list[Row]] = []
    for row in night.rows:
        if groups and groups[-1][0].place == row.place:
            groups[-1].append(row)
        else:
            groups.append([row])
    start = 0
    for sharing in groups:
        covered = purse.places[start : start + len(sharing)]
        start += len(sharing)
        if not covered:
            continue
        people = tuple(p for row in sharing for p in _people(row))
        pool = rest * sum(covered, Decimal(0)) / HUNDRED
        each = min(_down(pool / len(people)), _down(left / len(people)))
        if each > 0:
            pairs = tuple(row.pair for row in sharing if row.pair is not None)
            places.append(
                PlacePay(sharing[0].place, len(covered), people, each, pairs, len(sharing))
            )
            left -= each * len(people)
    return Payout(playing, pot, tuple(paid_awards), tuple(places), left)


__all__ = ["AwardPay", "Payout", "PlacePay", "Purse", "money", "pay_purse", "read_purse"]
