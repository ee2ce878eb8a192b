"""Progressive, "winners move up" (docs/club.md §4.5), issue 29.

Part two of the club night, wired: the planner (:mod:`.plan`) draws round 1 and
:mod:`scorekeeper.service.club.draws` each later round when the one before closes.
Table 1 is the head table. Round 1 seats the players in draw order, four to a table; when a
round closes the next one is drawn from its results: at table 1 the winners stay and the losers
go to the last table; at every other table the winners go one table up and the losers stay.
Each table then has two stayers and two arrivals (partners last round, both pairs): the
stayers take N and E, the arrivals S and W, each pair in its last round's seat order, so nobody
keeps last round's partner.

Progressive needs a multiple of four players in every round: :func:`check_count` refuses
otherwise with a :class:`TableCountError` that says how many are over and how many missing
(the service answers it with a 409, docs/club.md §14).

>>> first = first_round(range(1, 9))
>>> first.tables
((1, 2, 3, 4), (5, 6, 7, 8))
>>> next_round(first, (True, False)).tables
((1, 3, 6, 8), (5, 7, 2, 4))
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Final

from ...games.club_form import PROGRESSIVE as PROGRESSIVE_SCHEME
from ..standings.rounds import RoundResults, side_results
from .movements import PLAYERS, Movement, register
from .rounds import RoundPlan

if TYPE_CHECKING:
    from ...games.club_form import ClubForm

SEATS = 4
#: The movement's name: the scheme's (``rotation.scheme``, §4.1).
PROGRESSIVE: Final = PROGRESSIVE_SCHEME


class TableCountError(ValueError):
    """A progressive round that cannot start: the players present are not a multiple of four
    (docs/club.md §4.5). Not a :class:`~scorekeeper.rules.core.errors.RuleError` (a bad field, 422):
    the night's state forbids the start, which the service answers with a 409.

    Like a ``RuleError`` it carries an English ``template`` with ``params`` (so the words can
    be translated), a ``code`` and a ``path``; ``over`` players are one too many to fill the
    tables, ``missing`` players would fill one more.

    >>> error = TableCountError(13)
    >>> error.over, error.missing, error.message
    (1, 3, '13 players are present: 1 over a multiple of four, or 3 missing')
    """

    path = "players"
    code = "table_count"
    template = "{present} players are present: {over} over a multiple of four, or {missing} missing"

    def __init__(self, present: int) -> None:
        self.present = present
        self.over = present % SEATS
        self.missing = (SEATS - self.over) % SEATS
        self.params: dict[str, Any] = {
            "present": present,
            "over": self.over,
            "missing": self.missing,
        }
        super().__init__(self.message)

    @property
    def message(self) -> str:
        """The message with its values filled in (English)."""
        return self.template.format(**self.params)


def check_count(present: int) -> None:
    """Refuse a progressive round for ``present`` players unless they fill tables of four.

    >>> check_count(12)
    >>> check_count(13)
    Traceback (most recent call last):
    ...
    scorekeeper.rules.club.rotation.progressive.TableCountError: 13 players are present: 1 over a \
multiple of four, or 3 missing
    """
    if present < SEATS or present % SEATS:
        raise TableCountError(present)


def first_round(order: Sequence[int] | range) -> RoundPlan:
    """Round 1 (docs/club.md §4.5): table t seats players 4t − 3 .. 4t of ``order`` (the draw's
    order) at N, E, S, W; refused with :class:`TableCountError` unless they fill tables of four.

    >>> first_round([1, 2, 3, 4, 5])
    Traceback (most recent call last):
    ...
    scorekeeper.rules.club.rotation.progressive.TableCountError: 5 players are present: 1 over a \
multiple of four, or 3 missing
    """
    players = list(order)
    check_count(len(players))
    tables = tuple(tuple(players[i : i + SEATS]) for i in range(0, len(players), SEATS))
    return RoundPlan(tables, ())


def next_round(previous: RoundPlan, ns_won: Sequence[bool]) -> RoundPlan:
    """The round after ``previous`` given, per table, whether its North-South pair won
    (docs/club.md §4.5): table 1's winners stay and its losers go to the last table; elsewhere
    the winners go one table up and the losers stay. At each table the stayers take N and E,
    the arrivals S and W, each pair in its last round's seat order. The sit-outs stay as they
    were: who comes in is the host's edit (§4.9).

    >>> next_round(RoundPlan(((1, 2, 3, 4),), (5,)), (False,))
    RoundPlan(tables=((2, 4, 1, 3),), sitting_out=(5,))
    """
    count = len(previous.tables)
    if len(ns_won) != count:
        raise ValueError("one result per table")
    winners: list[tuple[int, int]] = []
    losers: list[tuple[int, int]] = []
    for table, won in zip(previous.tables, ns_won, strict=True):
        if len(table) != SEATS:
            raise ValueError("progressive tables seat four")
        north_south = (table[0], table[2])
        east_west = (table[1], table[3])
        # Each pair in seat order: N before S, E before W.
        winners.append(north_south if won else east_west)
        losers.append(east_west if won else north_south)
    tables: list[tuple[int, ...]] = []
    for t in range(count):
        if t == 0:
            stayers, arrivals = winners[0], winners[1] if count > 1 else losers[0]
        else:
            stayers = losers[t]
            arrivals = winners[t + 1] if t + 1 < count else losers[0]
        (n, e), (s, w) = _in_seat_order(stayers, previous.tables[t]), arrivals
        tables.append((n, e, s, w))
    return RoundPlan(tuple(tables), previous.sitting_out)


def _in_seat_order(pair: tuple[int, int], table: tuple[int, ...]) -> tuple[int, int]:
    a, b = pair
    return (a, b) if table.index(a) < table.index(b) else (b, a)


def ns_won_from(form: ClubForm, previous: RoundPlan, results: RoundResults) -> tuple[bool, ...]:
    """Per table of ``previous``, whether its North-South pair won the round (docs/club.md
    §9.1's result: the rules' winner, else the totals). A drawn table moves as if North-South
    had won (a house reading, §4.5 and §20); so does a table with no result, which is level at
    nothing each (house reading).

    >>> from scorekeeper.rules.games.club_form import partnership_form
    >>> from scorekeeper.rules.club.standings.rounds import TableResult
    >>> played = RoundPlan(((1, 2, 3, 4), (5, 6, 7, 8)), ())
    >>> games = (TableResult(1, (1, 2, 3, 4), ((1, 3), (2, 4)), (400, 400), None, None, 1),
    ...          TableResult(2, (5, 6, 7, 8), ((6, 8), (5, 7)), (640, 510), None, None, 1))
    >>> ns_won_from(partnership_form(), played, RoundResults(1, "closed", games, (), ()))
    (True, False)
    """
    by_table = {result.table: result for result in results.tables if result.hands > 0}
    won: list[bool] = []
    for number, table in enumerate(previous.tables, start=1):
        result = by_table.get(number)
        if result is None:
            won.append(True)
            continue
        shares = side_results(result, form)
        north = next(i for i, side in enumerate(result.sides) if table[0] in side)
        won.append(shares[north] >= max(shares))
    return tuple(won)


def round_after(
    form: ClubForm, previous: RoundPlan, results: RoundResults, present: Collection[int]
) -> RoundPlan:
    """The next progressive round drawn when ``previous`` closes with ``results``, for the
    players ``present`` then (docs/club.md §4.6, §6); refused with :class:`TableCountError`
    unless they fill tables of four.

    The movement comes first (:func:`next_round`). A seat of a player no longer present goes
    to a present player who had none (a sit-out or a late arrival, lowest number first). When
    fewer are present than there are seats, the tables left short are filled in table order
    from their own players (seat order kept) and the empty ones dropped: the tables keep their
    ranking, the head table first. Present players still without a seat sit out; the host
    may edit the round (§4.9). A house reading: §4.5 does not say how seats are refilled.

    >>> from scorekeeper.rules.games.club_form import partnership_form
    >>> first = first_round(range(1, 9))
    >>> no_result = RoundResults(1, "closed", (), (), ())
    >>> round_after(partnership_form(), first, no_result, [1, 2, 3, 4, 5, 6, 7, 9])
    RoundPlan(tables=((1, 3, 5, 7), (6, 9, 2, 4)), sitting_out=())
    >>> round_after(partnership_form(), first, no_result, [1, 2, 3, 4, 5, 6, 7])
    Traceback (most recent call last):
    ...
    scorekeeper.rules.club.rotation.progressive.TableCountError: 7 players are present: 3 over a \
multiple of four, or 1 missing
    """
    here = set(present)
    check_count(len(here))
    moved = next_round(previous, ns_won_from(form, previous, results))
    seated = {x for table in moved.tables for x in table}
    spare = iter(sorted(here - seated))
    tables: list[list[int | None]] = [
        [x if x in here else next(spare, None) for x in table] for table in moved.tables
    ]
    short = [i for i, table in enumerate(tables) if None in table]
    if short:
        left = [x for i in short for x in tables[i] if x is not None]
        for k, i in enumerate(short):
            chunk = left[k * SEATS : (k + 1) * SEATS]
            tables[i] = list(chunk) if len(chunk) == SEATS else []
    kept = tuple(tuple(x for x in table if x is not None) for table in tables if table)
    on = {x for table in kept for x in table}
    return RoundPlan(kept, tuple(sorted(here - on)))


@register
class Progressive(Movement):
    """Winners move up: players, partners changing, each round drawn from the one before."""

    name: ClassVar[str] = PROGRESSIVE
    scheme: ClassVar[str] = PROGRESSIVE_SCHEME
    needs: ClassVar[str] = PLAYERS
    as_the_night_goes: ClassVar[bool] = True
    rank: ClassVar[int] = 100

    def draws(self, number: int) -> bool:
        """Every round, round 1 too: when it has no seats (a re-plan, or players not filling
        tables of four) it is drawn as it starts from the players present (§4.5)."""
        return True

    def first(self, order: Sequence[int]) -> RoundPlan:
        """Round 1 in draw ``order``: :func:`first_round`."""
        return first_round(order)

    def after(
        self, form: ClubForm, previous: RoundPlan, results: RoundResults, present: Collection[int]
    ) -> RoundPlan:
        """The round drawn when ``previous`` closes: :func:`round_after`."""
        return round_after(form, previous, results, present)


__all__ = [
    "PROGRESSIVE",
    "Progressive",
    "TableCountError",
    "check_count",
    "first_round",
    "next_round",
    "ns_won_from",
    "round_after",
]
