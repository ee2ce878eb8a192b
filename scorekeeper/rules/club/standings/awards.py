"""The awards of a club night (docs/club.md §10.1), issue 29.

Part two of the club night, wired: :mod:`scorekeeper.service.club.awards` reads a night's
awards at creation and by ``PATCH`` and computes them for the standings' answer (``awards``).
Awards are computed from the same figures as the standings, on every read: each one lists its
holders (ties: all of them), where it happened (round and table) and what it rests on (as the
records do, docs/records.md). The awards that rest on listed meld, bids or Pinnacolas take a
:class:`TableTally` per match, which the service reads from the match's hands.

Which awards a night may choose: :func:`offered_awards`, from the form at the tables and the
awards the variant's family adds (pinochle's meld, the auction's bid, Pinnacola's Pinnacolas);
:func:`read_awards` checks a creation body's ``awards`` (refusals at ``awards[i]``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Final

from ...core.errors import RuleError
from ...core.readers import as_list, as_str
from .rounds import RoundResults, TableResult, counted_rounds
from .settings import StandingsRules, figure

if TYPE_CHECKING:
    from ...games.club_form import ClubForm
    from .ranking import Standings

#: Which of a tally's counts an award reads.
Counts = Callable[["TableTally"], Mapping[tuple[int, ...], int]]

HIGH_GAME: Final = "high_game"
HIGH_AVERAGE: Final = "high_average"
HIGH_TABLE: Final = "high_table"
LOW_TOTAL: Final = "low_total"
DOUBLE_PINOCHLES: Final = "double_pinochles"
THOUSAND_ACES: Final = "thousand_aces"
DOUBLE_RUNS: Final = "double_runs"
HIGHEST_BID_MADE: Final = "highest_bid_made"
PINNACOLAS: Final = "pinnacolas"
#: docs/club.md §10.1, in its order.
AWARDS: Final = (
    HIGH_GAME,
    HIGH_AVERAGE,
    HIGH_TABLE,
    LOW_TOTAL,
    DOUBLE_PINOCHLES,
    THOUSAND_ACES,
    DOUBLE_RUNS,
    HIGHEST_BID_MADE,
    PINNACOLAS,
)
#: The awards of every form kept in points.
POINTS_AWARDS: Final = (HIGH_GAME, HIGH_AVERAGE, HIGH_TABLE)
#: What each family adds (the variant names its family's; docs/club.md §10.1 "forms").
PINOCHLE_AWARDS: Final = (DOUBLE_PINOCHLES, THOUSAND_ACES, DOUBLE_RUNS)
AUCTION_AWARDS: Final = (HIGHEST_BID_MADE,)
PINNACOLA_AWARDS: Final = (PINNACOLAS,)


def offered_awards(form: ClubForm, family: Iterable[str] = ()) -> tuple[str, ...]:
    """The awards a night at ``form``'s tables may choose, in §10.1's order: the points
    awards for a form kept in points, ``low_total`` for every form, and ``family``'s (the
    variant's: e.g. :data:`PINOCHLE_AWARDS` for a pinochle form kept in points).

    >>> from scorekeeper.rules.games.club_form import individual_form, partnership_form
    >>> offered_awards(partnership_form(), PINOCHLE_AWARDS + AUCTION_AWARDS)[:4]
    ('high_game', 'high_average', 'high_table', 'low_total')
    >>> offered_awards(individual_form(3, 6, 4, units=True), AUCTION_AWARDS)
    ('low_total', 'highest_bid_made')
    """
    wanted = set(family) | {LOW_TOTAL}
    if not form.units:
        wanted.update(POINTS_AWARDS)
    return tuple(name for name in AWARDS if name in wanted)


def read_awards(given: object, offered: Sequence[str]) -> tuple[str, ...]:
    """A night's ``awards`` (None: none), each one of ``offered``, none twice (docs/club.md
    §2.3: refused at ``awards[i]``).

    >>> read_awards(["high_game", "low_total"], (HIGH_GAME, LOW_TOTAL))
    ('high_game', 'low_total')
    >>> read_awards(["high_game", "pinnacolas"], (HIGH_GAME, LOW_TOTAL))
    Traceback (most recent call last):
    ...
    scorekeeper.rules.core.errors.RuleError: awards[1]: is not an award for this form
    """
    if given is None:
        return ()
    chosen: list[str] = []
    for i, item in enumerate(as_list(given, "awards")):
        path = f"awards[{i}]"
        name = as_str(item, path)
        if name not in AWARDS:
            raise RuleError(path, "is not an award", code="unknown_award")
        if name not in offered:
            raise RuleError(path, "is not an award for this form", code="not_for_form")
        if name in chosen:
            raise RuleError(path, "is chosen twice", code="twice")
        chosen.append(name)
    return tuple(chosen)


@dataclass(frozen=True, slots=True)
class TableTally:
    """What one match of a round listed, for the awards that rest on it (the service reads it
    from the match's hands). A holder is the players of a side (a meld entered per side counts
    for both partners, docs/club.md §10.1) or one player."""

    round: int
    table: int
    #: Hands stored at the table.
    hands: int
    #: Of them, hands whose meld was entered as a list (Pinnacola: melds entered as cards).
    listed: int
    double_pinochles: Mapping[tuple[int, ...], int] = field(default_factory=dict)
    #: Eight-aces melds (``double_aces``), the "thousand aces".
    double_aces: Mapping[tuple[int, ...], int] = field(default_factory=dict)
    double_runs: Mapping[tuple[int, ...], int] = field(default_factory=dict)
    pinnacolas: Mapping[tuple[int, ...], int] = field(default_factory=dict)
    #: ``(bidder's side, bid)`` of every hand whose bid was made.
    bids_made: tuple[tuple[tuple[int, ...], int], ...] = ()


@dataclass(frozen=True, slots=True)
class Holder:
    """Who holds an award and where (None: over the night); ``count`` for the counted awards."""

    players: tuple[int, ...]
    round: int | None
    table: int | None
    count: int | None = None

    def as_json(self) -> dict[str, Any]:
        """docs/club.md §14's ``holders[]`` entry (``count`` only where an award counts)."""
        shown: dict[str, Any] = {
            "players": list(self.players),
            "round": self.round,
            "table": self.table,
        }
        if self.count is not None:
            shown["count"] = self.count
        return shown


@dataclass(frozen=True, slots=True)
class Award:
    """One award as it stands: its value (None while nobody holds it), its holders and what it
    rests on (``count`` matches, hands, bids or rounds)."""

    award: str
    value: Fraction | None
    holders: tuple[Holder, ...]
    rests_on: int
    of: str

    @property
    def players(self) -> tuple[int, ...]:
        """Every player holding it, each once, in number order (the purse splits by them)."""
        return tuple(sorted({p for holder in self.holders for p in holder.players}))

    def as_json(self) -> dict[str, Any]:
        """docs/club.md §14's ``awards[]`` entry."""
        return {
            "award": self.award,
            "value": None if self.value is None else figure(self.value),
            "holders": [holder.as_json() for holder in self.holders],
            "rests_on": {"count": self.rests_on, "of": self.of},
        }


def awards(
    chosen: Sequence[str],
    rules: StandingsRules,
    rounds: Sequence[RoundResults],
    night: Standings,
    tallies: Sequence[TableTally] = (),
    *,
    after_round: int | None = None,
) -> tuple[Award, ...]:
    """The ``chosen`` awards (in that order) over the rounds the standings ``night`` counts.

    >>> from scorekeeper.rules.games.club_form import partnership_form
    >>> from scorekeeper.rules.club.standings.ranking import read_standings_rules, standings
    >>> form = partnership_form()
    >>> rules = read_standings_rules(form, None)
    >>> game = TableResult(1, (1, 2, 3, 4), ((1, 3), (2, 4)), (640, 510), None, None, 1)
    >>> played = [RoundResults(1, "closed", (game,), (), ())]
    >>> night = standings(rules, form, [(n, f"P{n}") for n in range(1, 5)], played)
    >>> [a.as_json()["value"] for a in awards([HIGH_GAME, LOW_TOTAL], rules, played, night)]
    ['640', '510']
    """
    counted = counted_rounds(rules, rounds, after_round)
    numbers = {r.number for r in counted}
    games = [(r.number, t) for r in counted for t in r.tables if t.hands > 0]
    listed = [t for t in tallies if t.round in numbers]
    makers: dict[str, Callable[[], Award]] = {
        HIGH_GAME: lambda: _high_game(games),
        HIGH_AVERAGE: lambda: _high_average(games, len(counted)),
        HIGH_TABLE: lambda: _high_table(games),
        LOW_TOTAL: lambda: _low_total(night, len(counted)),
        DOUBLE_PINOCHLES: lambda: _most(DOUBLE_PINOCHLES, listed, lambda t: t.double_pinochles),
        PINNACOLAS: lambda: _most(PINNACOLAS, listed, lambda t: t.pinnacolas),
        THOUSAND_ACES: lambda: _every(THOUSAND_ACES, listed, lambda t: t.double_aces),
        DOUBLE_RUNS: lambda: _every(DOUBLE_RUNS, listed, lambda t: t.double_runs),
        HIGHEST_BID_MADE: lambda: _highest_bid(listed),
    }
    unknown = [name for name in chosen if name not in makers]
    if unknown:
        raise ValueError(f"unknown award {unknown[0]!r}")
    return tuple(makers[name]() for name in chosen)


def _best(name: str, found: Iterable[tuple[Fraction, Holder]], rests_on: int, of: str) -> Award:
    """The award to the highest value found, every holder of it (ties: all)."""
    listed = list(found)
    if not listed:
        return Award(name, None, (), rests_on, of)
    top = max(value for value, _ in listed)
    holders = tuple(holder for value, holder in listed if value == top)
    return Award(name, top, holders, rests_on, of)


def _high_game(games: Sequence[tuple[int, TableResult]]) -> Award:
    """The side with the most points in one round's match."""
    found = (
        (Fraction(total), Holder(tuple(sorted(side)), number, t.table))
        for number, t in games
        for side, total in zip(t.sides, t.totals, strict=True)
    )
    return _best(HIGH_GAME, found, len(games), "matches")


def _high_table(games: Sequence[tuple[int, TableResult]]) -> Award:
    """The table with the highest total of all its sides in one round (house reading of
    "highest table", docs/club.md §20)."""
    found = (
        (Fraction(sum(t.totals)), Holder(tuple(sorted(t.seats)), number, t.table))
        for number, t in games
    )
    return _best(HIGH_TABLE, found, len(games), "matches")


def _high_average(games: Sequence[tuple[int, TableResult]], rounds: int) -> Award:
    """The most points per round played, among the players who played at least half the
    rounds counted (credits are no points played)."""
    points: dict[int, int] = {}
    played: dict[int, int] = {}
    for _, t in games:
        for side, total in zip(t.sides, t.totals, strict=True):
            for player in side:
                points[player] = points.get(player, 0) + total
                played[player] = played.get(player, 0) + 1
    found = (
        (Fraction(points[p], played[p]), Holder((p,), None, None))
        for p in sorted(played)
        if 2 * played[p] >= rounds
    )
    return _best(HIGH_AVERAGE, found, len(games), "matches")


def _low_total(night: Standings, rounds: int) -> Award:
    """The booby prize: the last place of the standings (players sharing it all hold it),
    among the players who played a round (a name that never sat down wins nothing)."""
    rows = [row for row in night.rows if row.played > 0] or list(night.rows)
    if not rows:
        return Award(LOW_TOTAL, None, (), rounds, "rounds")
    last = max(row.place for row in rows)
    # A pair's row holds it for both its players (docs/club.md §9.1 "rows per pair").
    holders = tuple(
        Holder(row.members or (row.player,), None, None) for row in rows if row.place == last
    )
    value = next(row.value for row in rows if row.place == last)
    return Award(LOW_TOTAL, value, holders, rounds, "rounds")


def _most(
    name: str,
    tallies: Sequence[TableTally],
    counts_of: Counts,
) -> Award:
    """The players with the most of a listed meld over the night (a side's meld counts for
    each of its players)."""
    totals: dict[int, int] = {}
    for tally in tallies:
        for holder, count in counts_of(tally).items():
            for player in holder:
                totals[player] = totals.get(player, 0) + count
    rests_on = sum(t.listed for t in tallies)
    top = max(totals.values(), default=0)
    if top <= 0:
        return Award(name, None, (), rests_on, "hands")
    holders = tuple(Holder((p,), None, None, top) for p in sorted(totals) if totals[p] == top)
    return Award(name, Fraction(top), holders, rests_on, "hands")


def _every(name: str, tallies: Sequence[TableTally], counts_of: Counts) -> Award:
    """Every listed meld of a kind: each holder with its count, round and table; the value is
    how many were listed over the night."""
    holders = sorted(
        (
            Holder(tuple(sorted(holder)), tally.round, tally.table, count)
            for tally in tallies
            for holder, count in counts_of(tally).items()
            if count > 0
        ),
        key=lambda h: (h.round or 0, h.table or 0, h.players),
    )
    rests_on = sum(t.listed for t in tallies)
    total = sum(h.count or 0 for h in holders)
    return Award(name, Fraction(total) if holders else None, tuple(holders), rests_on, "hands")


def _highest_bid(tallies: Sequence[TableTally]) -> Award:
    """The highest bid made, each side that made it with how often, round and table."""
    made = [(t, side, bid) for t in tallies for side, bid in t.bids_made]
    if not made:
        return Award(HIGHEST_BID_MADE, None, (), 0, "bids")
    top = max(bid for _, _, bid in made)
    times: dict[tuple[int, int, tuple[int, ...]], int] = {}
    for tally, side, bid in made:
        if bid == top:
            key = (tally.round, tally.table, tuple(sorted(side)))
            times[key] = times.get(key, 0) + 1
    holders = tuple(Holder(players, r, t, n) for (r, t, players), n in sorted(times.items()))
    return Award(HIGHEST_BID_MADE, Fraction(top), holders, len(made), "bids")


__all__ = [
    "AUCTION_AWARDS",
    "AWARDS",
    "PINNACOLA_AWARDS",
    "PINOCHLE_AWARDS",
    "POINTS_AWARDS",
    "Award",
    "Holder",
    "TableTally",
    "awards",
    "offered_awards",
    "read_awards",
]
