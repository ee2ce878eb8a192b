"""One round of a club night's standings (docs/club.md §9.1, §9.3, §5): each player's line
for the round, played (points, against, margin, result, units, VP) or credited (sat out or
absent), from the round's tables as the service reads them from their matches.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Final

from .settings import StandingsRules, figure

if TYPE_CHECKING:
    from ...games.club_form import ClubForm

PLAYED = "played"
SAT_OUT = "sat_out"
ABSENT = "absent"
ZERO = Fraction(0)


@dataclass(frozen=True, slots=True)
class TableResult:
    """One played match of a round, as the service reads it from the match."""

    table: int
    #: Player numbers in seat order (seat 1 first).
    seats: tuple[int, ...]
    #: Player numbers per side (partners together), in the match's side order.
    sides: tuple[tuple[int, ...], ...]
    #: Each side's total in the match's own counting (the order of ``sides``).
    totals: tuple[int, ...]
    #: The side index when the rules ended the match with a winner; else None.
    winner: int | None
    #: Nights kept in units: each player's settlement balance (the kitty shared out).
    units: Mapping[int, int] | None
    #: Hands stored; a match with none counts as a sit-out for its players (docs/club.md §5).
    hands: int


@dataclass(frozen=True, slots=True)
class RoundResults:
    """One round of the night: its status, its tables' results, who sat out and who was absent."""

    number: int
    status: str  # "planned" | "playing" | "closed"
    tables: tuple[TableResult, ...]
    sitting_out: tuple[int, ...]
    absent: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Credits:
    """What a credited round (sat out or absent) is worth in each kind (docs/club.md §9.3)."""

    points: Fraction
    wins: Fraction
    vp: Fraction
    placing: Fraction = ZERO


NO_CREDIT = Credits(ZERO, ZERO, ZERO)


@dataclass(frozen=True, slots=True)
class RoundEntry:
    """A player's line for one round (docs/club.md §9.1, §14 ``rounds[]``)."""

    round: int
    status: str  # "played" | "sat_out" | "absent"
    table: int | None
    seat: int | None
    partners: tuple[int, ...]
    opponents: tuple[int, ...]
    points: int | None
    against: Fraction | None
    margin: Fraction
    result: Fraction | None
    vp: Fraction | None
    units: int | None
    #: A credited round's worth in the formula's kind (None when played).
    credit: Fraction | None
    live: bool
    #: A credited round's worth in every kind (the tie-breaks add them, docs/club.md §9.4).
    credits: Credits | None = None
    #: The formula ``placing``: the placing points of his side's place at the table.
    placing: Fraction | None = None
    #: Left out of the value: not one of his ``best_rounds`` (docs/club.md §9.2).
    dropped: bool = False

    @property
    def wins(self) -> Fraction:
        """What the round adds to the player's wins."""
        return self.result if self.result is not None else self._credits.wins

    @property
    def counted_points(self) -> Fraction:
        """What the round adds to the player's points."""
        return Fraction(self.points) if self.points is not None else self._credits.points

    @property
    def counted_vp(self) -> Fraction:
        """What the round adds to the player's VP."""
        return self.vp if self.vp is not None else self._credits.vp

    @property
    def counted_placing(self) -> Fraction:
        """What the round adds to the player's placing points."""
        return self.placing if self.placing is not None else self._credits.placing

    def worth(self, kind: str) -> Fraction:
        """What the round adds to the player's sum of ``kind`` (one of :data:`KINDS`; a
        formula's value is its kind's sum, docs/club.md §9.2)."""
        return KINDS[kind](self)

    @property
    def _credits(self) -> Credits:
        return self.credits if self.credits is not None else NO_CREDIT

    def as_json(self) -> dict[str, Any]:
        """docs/club.md §14's per-round object."""
        return {
            "round": self.round,
            "status": self.status,
            "table": self.table,
            "seat": self.seat,
            "partners": list(self.partners),
            "opponents": list(self.opponents),
            "points": self.points,
            "against": maybe_figure(self.against),
            "margin": figure(self.margin),
            "result": maybe_figure(self.result),
            "vp": maybe_figure(self.vp),
            "units": self.units,
            "credit": maybe_figure(self.credit),
            "live": self.live,
            "placing": maybe_figure(self.placing),
            "dropped": self.dropped,
        }


#: What one round adds to each sum a player's row keeps (docs/club.md §9.2): points, wins, VP,
#: units (only a round he played has any) and placing points, credits counted.
KINDS: Final[dict[str, Callable[[RoundEntry], Fraction]]] = {
    "points": lambda entry: entry.counted_points,
    "wins": lambda entry: entry.wins,
    "vp": lambda entry: entry.counted_vp,
    "units": lambda entry: Fraction(entry.units or 0),
    "placing": lambda entry: entry.counted_placing,
}


def maybe_figure(value: Fraction | None) -> str | None:
    """:func:`figure`, or None."""
    return None if value is None else figure(value)


def round_entries(
    rules: StandingsRules, form: ClubForm, round_: RoundResults, players: Sequence[int]
) -> dict[int, RoundEntry]:
    """Every player's line for one counted round (docs/club.md §9.1, §9.3, §5)."""
    live = round_.status == "playing"
    scored = [table for table in round_.tables if table.hands > 0]
    if live and not scored:
        return {}  # nothing entered yet: the round does not count so far
    entries: dict[int, RoundEntry] = {}
    winning_totals: list[int] = []
    for table in scored:
        played, winners = _table_entries(rules, form, table, round_.number, live)
        entries.update(played)
        winning_totals.extend(winners)
    waiting = {p for table in round_.tables if table.hands == 0 and live for p in table.seats}
    sitout, absent = _credits(rules, list(entries.values()), winning_totals)
    absentees = set(round_.absent)
    for player in players:
        if player in entries or player in waiting:
            continue
        if player in absentees or not _present(player, round_):
            entries[player] = _credited(rules, round_.number, ABSENT, absent, live)
        else:
            entries[player] = _credited(rules, round_.number, SAT_OUT, sitout, live)
    return entries


def _present(player: int, round_: RoundResults) -> bool:
    """Whether ``player`` had a place in the round: a seat, or a sit-out."""
    return player in round_.sitting_out or any(player in t.seats for t in round_.tables)


def _table_entries(
    rules: StandingsRules, form: ClubForm, table: TableResult, number: int, live: bool
) -> tuple[dict[int, RoundEntry], list[int]]:
    """The lines of a table's players, and the totals of its winning sides (the sides with the
    highest result: both of a draw) for ``sitout: "winners-average"``."""
    results = side_results(table, form)
    placing = side_placing(rules, table, form)
    side_of = {player: i for i, side in enumerate(table.sides) for player in side}
    entries: dict[int, RoundEntry] = {}
    for seat, player in enumerate(table.seats, start=1):
        i = side_of[player]
        points = table.totals[i]
        others = [total for j, total in enumerate(table.totals) if j != i]
        against = Fraction(sum(others), len(others)) if others else ZERO
        entries[player] = RoundEntry(
            round=number,
            status=PLAYED,
            table=table.table,
            seat=seat,
            partners=tuple(p for p in table.seats if side_of[p] == i and p != player),
            opponents=tuple(p for p in table.seats if side_of[p] != i),
            points=points,
            against=against,
            margin=points - against,
            result=results[i],
            vp=_vp(rules, results, i, points - against),
            units=None if table.units is None else table.units.get(player, 0),
            credit=None,
            live=live,
            placing=None if placing is None else placing[i],
        )
    top = max(results)
    winners = [table.totals[i] for i, result in enumerate(results) if result == top]
    return entries, winners


def side_results(table: TableResult, form: ClubForm) -> tuple[Fraction, ...]:
    """Each side's result at a table (docs/club.md §9.1): the rules' winner 1 and the others
    0; else by totals (units, for a night kept in units), a side alone on top 1, m sides
    sharing the top 1/m each.

    >>> from scorekeeper.rules.games.club_form import ClubForm
    >>> cutthroat = ClubForm(3, 3, 3, False, False, ("rotating-tables",), ("points",), False)
    >>> game = TableResult(1, (1, 2, 3), ((1,), (2,), (3,)), (500, 500, 200), None, None, 9)
    >>> [str(r) for r in side_results(game, cutthroat)]
    ['1/2', '1/2', '0']
    """
    if form.units and table.units is not None:
        units = table.units
        return _by_top([sum(units.get(p, 0) for p in side) for side in table.sides])
    if table.winner is not None:
        return tuple(Fraction(int(i == table.winner)) for i in range(len(table.sides)))
    return _by_top(list(table.totals))


def side_placing(
    rules: StandingsRules, table: TableResult, form: ClubForm
) -> tuple[Fraction, ...] | None:
    """Each side's placing points at a table (the formula ``placing``, docs/club.md §9.2),
    else None: the sides in order of place (the rules' winner first, then by totals, or by
    units on a night kept in units), the row of the table's size read down it; sides level
    share the points of the places they fill ("If there is no tie-breaker on a game then the
    points are split", Newport Pagnell Board Games league).

    >>> from scorekeeper.rules.games.club_form import individual_form
    >>> from scorekeeper.rules.club.standings.settings import read_standings_rules
    >>> form = individual_form(3, 4)
    >>> rules = read_standings_rules(
    ...     form, {"formula": "placing", "placing_points": [[11, 7, 4, 2], [10, 6, 2]]})
    >>> game = TableResult(1, (1, 2, 3, 4), ((1,), (2,), (3,), (4,)), (90, 120, 90, 40), None,
    ...                    None, 9)
    >>> [str(p) for p in side_placing(rules, game, form)]
    ['11/2', '11', '11/2', '2']
    """
    if rules.formula != "placing":
        return None
    row = rules.placing_row(len(table.sides))
    if form.units and table.units is not None:
        units = table.units
        scores = [sum(units.get(p, 0) for p in side) for side in table.sides]
    else:
        scores = list(table.totals)
    rank = [(int(i == table.winner), score) for i, score in enumerate(scores)]
    order = sorted(range(len(rank)), key=lambda i: rank[i], reverse=True)
    placing = [ZERO] * len(rank)
    start = 0
    while start < len(order):
        end = start
        while end < len(order) and rank[order[end]] == rank[order[start]]:
            end += 1
        share = Fraction(sum(row[start:end]), end - start)  # level: the places' points split
        for i in order[start:end]:
            placing[i] = share
        start = end
    return tuple(placing)


def _by_top(scores: Sequence[int]) -> tuple[Fraction, ...]:
    top = max(scores)
    sharing = scores.count(top)
    return tuple(Fraction(1, sharing) if score == top else ZERO for score in scores)


def _vp(
    rules: StandingsRules, results: Sequence[Fraction], side: int, margin: Fraction
) -> Fraction | None:
    """A side's VP at a two-sided table: the winner's from the table by the difference, the
    loser's the rest of the total, half each for a draw (docs/club.md §9.1)."""
    table = rules.vp_table
    if rules.formula != "vp" or table is None or len(results) != 2:
        return None
    other = results[1 - side]
    if results[side] == other:
        return Fraction(table.total, 2)
    winner = Fraction(table.winner_vp(margin))
    return winner if results[side] > other else table.total - winner


def _credits(
    rules: StandingsRules, played: Sequence[RoundEntry], winning_totals: Sequence[int]
) -> tuple[Credits, Credits]:
    """The round's credit for a sit-out and for an absence (docs/club.md §9.3)."""
    if rules.formula == "units" or not played:
        return NO_CREDIT, NO_CREDIT  # units: sit-outs and absences 0 (docs/club.md §9.2)
    average = Credits(
        Fraction(_half_up(_mean(Fraction(e.points or 0) for e in played))),
        _mean(e.result or ZERO for e in played),
        _mean(e.vp or ZERO for e in played) if rules.formula == "vp" else ZERO,
        _mean(e.placing or ZERO for e in played) if rules.formula == "placing" else ZERO,
    )
    # A fixed credit is in the formula's own measure (points, wins, VP or placing points:
    # docs/club.md §9.3); the tie-breaks' other kinds count the round as "average" would (a
    # fixed 7 points is not 7 wins).
    fixed = replace(average, **{rules.formula: Fraction(rules.sitout_points or 0)})
    credits = {"average": average, "zero": NO_CREDIT, "fixed": fixed}
    credits["winners-average"] = Credits(
        Fraction(_half_up(_mean(Fraction(t) for t in winning_totals))),
        average.wins,
        average.vp,
        average.placing,
    )
    return credits[rules.sitout], credits[rules.absent]


def _mean(values: Iterable[Fraction]) -> Fraction:
    listed = list(values)
    return sum(listed, ZERO) / len(listed) if listed else ZERO


def _half_up(value: Fraction) -> int:
    """``value`` rounded to a whole number, halves away from zero (as ``ROUND_HALF_UP``).

    >>> _half_up(Fraction(5, 2)), _half_up(Fraction(-5, 2)), _half_up(Fraction(7, 3))
    (3, -3, 2)
    """
    size = int(abs(value) + Fraction(1, 2))  # int() truncates: floor for a positive number
    return size if value >= 0 else -size


def _credited(
    rules: StandingsRules, number: int, status: str, credits: Credits, live: bool
) -> RoundEntry:
    """A sat-out or absent round: the credit, margin 0, ``against`` null (docs/club.md §9.3)."""
    kind = {
        "points": credits.points,
        "wins": credits.wins,
        "vp": credits.vp,
        "placing": credits.placing,
    }
    return RoundEntry(
        round=number,
        status=status,
        table=None,
        seat=None,
        partners=(),
        opponents=(),
        points=None,
        against=None,
        margin=ZERO,
        result=None,
        vp=None,
        units=None,
        credit=kind.get(rules.formula, ZERO),
        live=live,
        credits=credits,
    )


def counted_rounds(
    rules: StandingsRules, rounds: Sequence[RoundResults], after_round: int | None = None
) -> list[RoundResults]:
    """The rounds the standings count, in order: the closed ones, and the round in play when
    ``live_round`` is ``show``; with ``after_round`` the closed ones up to it (docs/club.md
    §9.6, §14). The room's settle-up (§11) and the awards count the same.

    >>> from scorekeeper.rules.games.club_form import ClubForm
    >>> from scorekeeper.rules.club.standings.settings import read_standings_rules
    >>> form = ClubForm(4, 4, 4, True, False, ("rotating-partners",), ("points", "wins"), True)
    >>> hide = read_standings_rules(form, {"live_round": "hide"})
    >>> rounds = [RoundResults(n, s, (), (), ()) for n, s in [(1, "closed"), (2, "playing"),
    ...                                                       (3, "planned")]]
    >>> [r.number for r in counted_rounds(hide, rounds)]
    [1]
    >>> [r.number for r in counted_rounds(read_standings_rules(form, None), rounds)]
    [1, 2]
    """

    def counts(round_: RoundResults) -> bool:
        if after_round is not None:
            return round_.status == "closed" and round_.number <= after_round
        if round_.status == "playing":
            return rules.live_round == "show"
        return round_.status == "closed"

    return sorted((r for r in rounds if counts(r)), key=lambda r: r.number)
