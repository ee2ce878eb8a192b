"""The standings of a club night (docs/club.md §9): each round's result for each player, the
credits for sitting out and absence, the formulas, the tie-breaks and the shared places.

Pure: the service reads each round's matches into :class:`RoundResults` (totals, the rules'
winner, units, the count of hands) and this module does the rest, on every read (the standings
are never stored, docs/club.md §9.7). Fractions keep the sums exact (a three-way shared top is
worth ⅓ each); :func:`figure` writes them as docs/club.md §14's decimal strings.

Each round's lines come from :mod:`scorekeeper.rules.club.standings.rounds`; the settings
(docs/club.md §9.6) are in :mod:`scorekeeper.rules.club.standings.settings`, and the room's
settle-up of a night kept in units (docs/club.md §11) in
:mod:`scorekeeper.rules.club.standings.room`: all re-exported here.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from .room import RoomSettlement, RoomTransfer, Transfer, room_settlement
from .rounds import (
    ABSENT,
    KINDS,
    PLAYED,
    SAT_OUT,
    ZERO,
    Credits,
    RoundEntry,
    RoundResults,
    TableResult,
    counted_rounds,
    maybe_figure,
    round_entries,
    side_results,
)
from .settings import (
    BURRACO_3,
    BURRACO_4,
    PRESETS,
    StandingsRules,
    VpTable,
    figure,
    read_standings_rules,
)

if TYPE_CHECKING:
    from ...games.club_form import ClubForm

__all__ = [
    "BURRACO_3",
    "BURRACO_4",
    "PRESETS",
    "Adjustment",
    "Credits",
    "RoomSettlement",
    "RoomTransfer",
    "RoundEntry",
    "RoundResults",
    "Row",
    "Standings",
    "StandingsRules",
    "TableResult",
    "Transfer",
    "counted_rounds",
    "VpTable",
    "figure",
    "pair_standings",
    "read_standings_rules",
    "room_settlement",
    "side_results",
    "standings",
]


@dataclass(frozen=True, slots=True)
class Adjustment:
    """A host's signed adjustment of a player's value, for a round or (``round`` None) the
    night (docs/club.md §9.5)."""

    player: int
    round: int | None
    value: Decimal
    note: str


@dataclass(frozen=True, slots=True)
class Row:
    """A player's standing (docs/club.md §14 ``rows[]``); sums are exact fractions."""

    place: int
    #: Another player holds the same place ("3=").
    shared: bool
    player: int
    name: str
    #: The formula's value (after ``measure``), adjustments included.
    value: Fraction
    wins: Fraction
    points: Fraction
    margin: Fraction
    against: Fraction
    vp: Fraction | None
    units: int | None
    played: int
    sat_out: int
    absent: int
    adjustments: Fraction
    rounds: tuple[RoundEntry, ...]
    #: A fixed pair's row (docs/club.md §9.1 "rows per pair"): the pair's number and its
    #: players; ``player`` is then its first player.
    pair: int | None = None
    members: tuple[int, ...] = ()
    #: Σ placing points (credits included) with the formula ``placing``; else None.
    placing: Fraction | None = None

    def as_json(self) -> dict[str, Any]:
        """docs/club.md §14's row, figures as decimal strings; a pair's row names the pair
        and its ``players`` (``player`` null)."""
        shown: dict[str, Any] = {
            "place": self.place,
            "shared": self.shared,
            "player": self.player if self.pair is None else None,
            "pair": self.pair,
            "name": self.name,
            "value": figure(self.value),
            "wins": figure(self.wins),
            "points": figure(self.points),
            "margin": figure(self.margin),
            "against": figure(self.against),
            "vp": maybe_figure(self.vp),
            "units": None if self.units is None else figure(self.units),
            "placing": maybe_figure(self.placing),
            "played": self.played,
            "sat_out": self.sat_out,
            "absent": self.absent,
            "adjustments": figure(self.adjustments),
            "rounds": [entry.as_json() for entry in self.rounds],
        }
        if self.pair is not None:
            shown["players"] = list(self.members)
        return shown


@dataclass(frozen=True, slots=True)
class Standings:
    """The night's standings as they stand (or stood after ``after_round``)."""

    rows: tuple[Row, ...]
    #: The last closed round counted (or the one asked for); None before any closed.
    after_round: int | None
    #: The round in play counts as it stands (``live_round: "show"``).
    live: bool
    formula: str = "points"

    def as_json(self, *, hidden: bool = False) -> dict[str, Any]:
        """docs/club.md §14's standings without ``pending``, ``awards``, ``purse`` and
        ``settlement`` (the service adds them); ``hidden`` (``reveal: "at-end"``, a reader
        before the end) shows no row and nothing of how the night stands."""
        if hidden:
            return {
                "formula": self.formula,
                "after_round": None,
                "live": False,
                "hidden": True,
                "rows": [],
            }
        return {
            "formula": self.formula,
            "after_round": self.after_round,
            "live": self.live,
            "hidden": False,
            "rows": [row.as_json() for row in self.rows],
        }


def standings(
    rules: StandingsRules,
    form: ClubForm,
    players: Sequence[tuple[int, str]],
    rounds: Sequence[RoundResults],
    *,
    after_round: int | None = None,
    adjustments: Sequence[Adjustment] = (),
) -> Standings:
    """The standings of the night's ``players`` (number, name) over ``rounds``.

    Counted: the closed rounds, and the round in play when ``rules.live_round`` is ``show``;
    with ``after_round``, only the closed rounds up to it (docs/club.md §14 ``?after_round``).
    In the round in play a table with no hand yet does not count at all (its players have no
    line for the round yet); once the round is closed it counts as a sit-out (docs/club.md §5).

    >>> from scorekeeper.rules.games.club_form import ClubForm
    >>> form = ClubForm(4, 4, 4, True, False, ("rotating-partners",), ("points", "wins"), True)
    >>> rules = read_standings_rules(form, None)
    >>> game = TableResult(1, (1, 2, 3, 4), ((1, 3), (2, 4)), (640, 510), None, None, 1)
    >>> night = standings(rules, form, [(1, "Ana"), (2, "Ben"), (3, "Cy"), (4, "Di")],
    ...                   [RoundResults(1, "closed", (game,), (), ())])
    >>> [(row.place, row.name, figure(row.value)) for row in night.rows]
    [(1, 'Ana', '640'), (1, 'Cy', '640'), (3, 'Ben', '510'), (3, 'Di', '510')]
    """
    counted = counted_rounds(rules, rounds, after_round)
    lines: dict[int, list[RoundEntry]] = {number: [] for number, _ in players}
    live = False
    for round_ in counted:
        entries = round_entries(rules, form, round_, [number for number, _ in players])
        live = live or (round_.status == "playing" and bool(entries))
        for number, entry in entries.items():
            lines.setdefault(number, []).append(entry)
    numbers = {r.number for r in counted}
    extra = _adjustments_by_player(adjustments, numbers)
    unranked = [
        _row(rules, form, number, name, lines[number], extra.get(number, ZERO))
        for number, name in players
    ]
    closed = [r.number for r in counted if r.status == "closed"]
    shown_after = after_round if after_round is not None else max(closed, default=None)
    return Standings(_ranked(rules, unranked), shown_after, live, rules.formula)


def pair_standings(
    table: Standings, pairs: Sequence[tuple[int, str, tuple[int, int]]]
) -> Standings:
    """The standings per pair of a fixed-pairs night (docs/club.md §4.4, §9.1: "the same rows
    per pair"), from its players' standings ``table``: ``pairs`` are (number, name, players).

    Partners play every game together, so they are level on the value and on every
    tie-break and the ranking keeps them in one group: a pair's place is the players ranked
    above it halved, and pairs in one group share a place, in pair-number order (the order of
    their first players, docs/club.md §4.4 "ties by pair number").

    >>> from scorekeeper.rules.games.club_form import partnership_form
    >>> form = partnership_form()
    >>> rules = read_standings_rules(form, None)
    >>> game = TableResult(1, (1, 3, 2, 4), ((1, 2), (3, 4)), (400, 510), None, None, 1)
    >>> night = standings(rules, form, [(1, "A"), (2, "B"), (3, "C"), (4, "D")],
    ...                   [RoundResults(1, "closed", (game,), (), ())])
    >>> rows = pair_standings(night, [(1, "A & B", (1, 2)), (2, "C & D", (3, 4))]).rows
    >>> [(r.place, r.pair, r.name, figure(r.value), r.members) for r in rows]
    [(1, 2, 'C & D', '510', (3, 4)), (2, 1, 'A & B', '400', (1, 2))]
    """
    pair_of = {x: (number, name, members) for number, name, members in pairs for x in members}
    made: list[Row] = []
    seen: set[int] = set()
    for row in table.rows:
        found = pair_of.get(row.player)
        if found is None or found[0] in seen:
            continue
        seen.add(found[0])
        made.append(replace(row, name=found[1], pair=found[0], members=tuple(found[2])))
    # Places are counted over the pairs (1, 2, 3=, 3=, 5), never derived from the players'
    # places: a pair whose partners were not level (an adjustment given to one of them)
    # would otherwise shift every place below it.
    groups: dict[int, list[int]] = {}
    for index, row in enumerate(made):
        groups.setdefault(row.place, []).append(index)
    rows = tuple(
        replace(row, place=groups[row.place][0] + 1, shared=len(groups[row.place]) > 1)
        for row in made
    )
    return Standings(rows, table.after_round, table.live, table.formula)


def _adjustments_by_player(
    adjustments: Iterable[Adjustment], rounds: set[int]
) -> dict[int, Fraction]:
    """Each player's adjustments for the night and for the rounds counted."""
    sums: dict[int, Fraction] = {}
    for adjustment in adjustments:
        if adjustment.round is None or adjustment.round in rounds:
            sums[adjustment.player] = sums.get(adjustment.player, ZERO) + Fraction(adjustment.value)
    return sums


# -- rows and places ---------------------------------------------------------------------------


def _row(
    rules: StandingsRules,
    form: ClubForm,
    player: int,
    name: str,
    lines: Sequence[RoundEntry],
    adjustments: Fraction,
) -> Row:
    """A player's sums over the rounds counted (place filled in by :func:`_ranked`)."""
    lines, best = _best(rules, lines)
    played = [e for e in lines if e.status == PLAYED]
    absent = sum(1 for e in lines if e.status == ABSENT)
    sat_out = sum(1 for e in lines if e.status == SAT_OUT)
    sums = {kind: sum((e.worth(kind) for e in lines), ZERO) for kind in KINDS}
    total = (sums[rules.formula] if best is None else best) + adjustments
    if rules.measure == "per-round":
        credited_absent = absent if rules.absent == "average" and rules.formula != "units" else 0
        rounds = len(played) + sat_out + credited_absent
        if rules.best_rounds is not None:
            rounds = min(rounds, rules.best_rounds)
        total = _per_round(total, rounds)
    return Row(
        place=0,
        shared=False,
        player=player,
        name=name,
        value=total,
        wins=sums["wins"],
        points=sums["points"],
        margin=sum((e.margin for e in lines), ZERO),
        against=sum((e.against or ZERO for e in played), ZERO),
        vp=sums["vp"] if rules.formula == "vp" else None,
        units=int(sums["units"]) if form.units else None,
        placing=sums["placing"] if rules.formula == "placing" else None,
        played=len(played),
        sat_out=sat_out,
        absent=absent,
        adjustments=adjustments,
        rounds=tuple(lines),
    )


def _best(
    rules: StandingsRules, lines: Sequence[RoundEntry]
) -> tuple[Sequence[RoundEntry], Fraction | None]:
    """With ``best_rounds`` k, the player's lines with those past his k best marked dropped
    (the lowest first; of two equal the later), and the sum of the k best in the formula's
    kind; else the lines as they are and None (docs/club.md §9.2 "Best rounds")."""
    k = rules.best_rounds
    if k is None:
        return lines, None
    worth = [entry.worth(rules.formula) for entry in lines]
    ranked = sorted(range(len(lines)), key=lambda i: (-worth[i], lines[i].round))
    kept = set(ranked[:k])
    marked = [e if i in kept else replace(e, dropped=True) for i, e in enumerate(lines)]
    return marked, sum((worth[i] for i in kept), ZERO)


def _per_round(total: Fraction, rounds: int) -> Fraction:
    """The value per round counted, to two places (docs/club.md §9.2 ``per-round``)."""
    if rounds == 0:
        return ZERO
    return Fraction(Decimal(figure(total / rounds)))


def _ranked(rules: StandingsRules, rows: Sequence[Row]) -> tuple[Row, ...]:
    """Rows in order with their places: the value, then each tie-break in turn among the
    players still level; level on all of them, they share the place (standard competition
    ranking: 1, 2, 3=, 3=, 5; docs/club.md §9.4)."""
    groups = _split(rules, ("value", *rules.tie_breaks), sorted(rows, key=lambda r: r.player))
    ranked: list[Row] = []
    for group in groups:
        place = len(ranked) + 1
        for row in group:
            ranked.append(replace(row, place=place, shared=len(group) > 1))
    return tuple(ranked)


def _split(rules: StandingsRules, keys: Sequence[str], group: list[Row]) -> list[list[Row]]:
    """``group`` (level so far) in order by ``keys[0]``, each level subgroup split further by
    the keys after it."""
    if len(group) < 2 or not keys:
        return [group]
    worth = _key_values(keys[0], group)
    ordered = sorted(group, key=lambda row: -worth[row.player])  # stable: player order kept
    groups: list[list[Row]] = []
    for row in ordered:
        if groups and worth[groups[-1][0].player] == worth[row.player]:
            groups[-1].append(row)
        else:
            groups.append([row])
    return [final for sub in groups for final in _split(rules, keys[1:], sub)]


def _key_values(key: str, group: Sequence[Row]) -> dict[int, Fraction]:
    """Each row's worth under ``key``, higher better (``against``: fewer is better)."""
    if key == "head_to_head":
        return _head_to_head(group)
    values: dict[int, Fraction] = {}
    for row in group:
        if key == "against":
            values[row.player] = -row.against
        elif key == "vp":
            values[row.player] = row.vp or ZERO
        else:
            values[row.player] = getattr(row, key)
    return values


def _head_to_head(group: Sequence[Row]) -> dict[int, Fraction]:
    """Σ result over the rounds where two of the tied players sat on opposite sides; all level
    (the key skipped) when some two of them never did (docs/club.md §9.4)."""
    tied = {row.player for row in group}
    met: set[frozenset[int]] = set()
    values: dict[int, Fraction] = {}
    for row in group:
        values[row.player] = ZERO
        for entry in row.rounds:
            rivals = tied.intersection(entry.opponents)
            if entry.status == PLAYED and rivals:
                values[row.player] += entry.result or ZERO
                met.update(frozenset((row.player, rival)) for rival in rivals)
    every_two = len(tied) * (len(tied) - 1) // 2
    if len(met) < every_two:
        return dict.fromkeys(tied, ZERO)
    return values
