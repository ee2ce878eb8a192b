"""A group's records (issue 18; docs/records.md): matches played and won, head-to-head, and
per game family the declared counters (:data:`~scorekeeper.rules.almanac.counters.GROUPS`) added up
over many matches and shown as figures.

:func:`compile_records` adds :class:`~scorekeeper.rules.almanac.summary.MatchSummary` s up in one
pass (the summaries are :mod:`~scorekeeper.rules.almanac.summary`'s, the money across nights
:mod:`~scorekeeper.rules.almanac.ledger`'s).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .counters import (
    GROUPS,
    MATCHES,
    BiddingRecord,
    ClosingRecord,
    Figure,
    HandsWonRecord,
    MeldRecord,
    Rate,
)
from .summary import Figures, MatchSummary


@dataclass(frozen=True, slots=True)
class Standing:
    """Matches played, and won out of the finished ones."""

    played: int
    won: Rate


@dataclass(frozen=True, slots=True)
class FamilyRecord:
    """A holder's figures within one game family (each group as
    :data:`~scorekeeper.rules.almanac.counters.GROUPS` shows it, ``None`` where it does not
    apply)."""

    family: str
    standing: Standing
    #: Hands dealt in.
    hands: int
    #: Points per hand (standard points), where the holder kept a score in points.
    points_per_hand: Figure | None
    bidding: BiddingRecord | None
    meld: MeldRecord | None
    closing: ClosingRecord | None
    #: Where each hand counted as a game (``game: hands``): the hands won of the hands played.
    hands_won: HandsWonRecord | None


@dataclass(frozen=True, slots=True)
class Record:
    """A player (one key) or a partnership (its keys, sorted)."""

    players: tuple[str, ...]
    standing: Standing
    #: Per form (variant id).
    forms: Mapping[str, Standing]
    #: Per family, only the families played.
    families: Mapping[str, FamilyRecord]


@dataclass(frozen=True, slots=True)
class HeadToHead:
    """One player against another, over the finished matches where they sat on opposite
    sides: ahead (his side ranked above), behind, and level (``met - ahead - behind``)."""

    met: int
    ahead: int
    behind: int


@dataclass(frozen=True, slots=True)
class Records:
    """Everything :func:`compile_records` finds."""

    #: The form it was compiled for (``None``: all forms).
    variant: str | None
    #: Matches counted.
    matches: int
    #: Per player key.
    players: Mapping[str, Record]
    #: Per partnership (its player keys, sorted).
    partnerships: Mapping[tuple[str, ...], Record]
    #: ``head_to_head[a][b]``: ``a`` against ``b``.
    head_to_head: Mapping[str, Mapping[str, HeadToHead]]


class _Standing:
    """Matches played, finished and won, while records are added up."""

    __slots__ = ("finished", "played", "won")

    def __init__(self) -> None:
        self.played = self.finished = self.won = 0

    def add(self, finished: bool, won: bool) -> None:
        self.played += 1
        self.finished += finished
        self.won += won

    def frozen(self) -> Standing:
        return Standing(self.played, Rate(self.won, self.finished, MATCHES))


class _Family:
    """A holder's figures within one family, added up match after match."""

    def __init__(self) -> None:
        self.standing = _Standing()
        self.hands = 0
        self.points: list[int] | None = None  # [points, hands]
        self.groups: dict[str, dict[str, Any]] = {}

    def add(self, figures: Figures) -> None:
        self.hands += figures.hands
        if figures.points is not None:
            if self.points is None:
                self.points = [0, 0]
            self.points[0] += figures.points
            self.points[1] += figures.hands
        for group in GROUPS:
            values = figures.groups.get(group.name)
            if values is None:
                continue
            mine = self.groups.get(group.name)
            if mine is None:
                self.groups[group.name] = dict(values)
                continue
            for counter in group.counters:  # in place: one pass over many summaries
                name = counter.name
                mine[name] = counter.combine(mine[name], values[name])

    def frozen(self, family: str) -> FamilyRecord:
        points_per_hand = None
        if self.points is not None:
            points, hands = self.points
            points_per_hand = Figure(points / hands if hands else None, hands)
        shown = {
            group.name: group.shown(self.groups[group.name]) if group.name in self.groups else None
            for group in GROUPS
        }
        return FamilyRecord(family, self.standing.frozen(), self.hands, points_per_hand, **shown)


class _Holder:
    """A player's or a partnership's record, added up match after match."""

    def __init__(self) -> None:
        self.standing = _Standing()
        self.forms: dict[str, _Standing] = {}
        self.families: dict[str, _Family] = {}

    def match(self, summary: MatchSummary, won: bool) -> _Family:
        """Count one match; the family's figures are added by the caller."""
        self.standing.add(summary.finished, won)
        self.forms.setdefault(summary.variant, _Standing()).add(summary.finished, won)
        family = self.families.setdefault(summary.family, _Family())
        family.standing.add(summary.finished, won)
        return family

    def frozen(self, players: tuple[str, ...]) -> Record:
        return Record(
            players,
            self.standing.frozen(),
            {variant: counts.frozen() for variant, counts in self.forms.items()},
            {name: family.frozen(name) for name, family in self.families.items()},
        )


def _head_to_head(
    table: dict[str, dict[str, list[int]]],
    summary: MatchSummary,
    keys: Mapping[str, str],
) -> None:
    """Every pair of players on opposite sides of a finished match: met, and who was ahead."""
    sides = [{keys[player] for player in side} for side in summary.ranking]
    for i, side in enumerate(sides):
        for j, other in enumerate(sides):
            if i == j:
                continue
            ahead, behind = summary.ranks[i] < summary.ranks[j], summary.ranks[i] > summary.ranks[j]
            for a in side:
                row = table.setdefault(a, {})
                for b in other - side:
                    counts = row.setdefault(b, [0, 0, 0])
                    counts[0] += 1
                    counts[1] += ahead
                    counts[2] += behind


def compile_records(
    matches: Sequence[tuple[MatchSummary, Mapping[str, str]]], *, variant: str | None = None
) -> Records:
    """Records over ``matches``: each summary with its seat name -> player key mapping (the
    group's roster decides who a seat is; a merge maps two names to one key; a seat missing
    from the mapping is its own key). ``variant`` ``None``: all forms (figures that only make
    sense per family stay per family, in :attr:`Record.families`).

    One pass over the summaries, each a handful of counters per player: linear in the matches
    (docs/records.md "Speed").
    """
    players: dict[str, _Holder] = {}
    partnerships: dict[tuple[str, ...], _Holder] = {}
    head_to_head: dict[str, dict[str, list[int]]] = {}
    counted = 0
    for summary, names in matches:
        if variant is not None and summary.variant != variant:
            continue
        counted += 1
        keys = {player: names.get(player, player) for player in summary.players}
        winners = {keys[player] for player in summary.winners}
        seats: dict[str, list[str]] = {}
        for player in summary.players:
            seats.setdefault(keys[player], []).append(player)
        for key, seated in seats.items():
            # Two seats merged into one key: one match played, both seats' figures.
            family = players.setdefault(key, _Holder()).match(summary, key in winners)
            for seat in seated:
                family.add(summary.by_player[seat])
        for team, figures in zip(summary.teams, summary.by_team, strict=True):
            pair = tuple(sorted({keys[player] for player in team}))
            if len(pair) < 2:
                continue  # a merge made the partners one player: no partnership
            won = any(keys[player] in winners for player in team)
            partnerships.setdefault(pair, _Holder()).match(summary, won).add(figures)
        if summary.finished:
            _head_to_head(head_to_head, summary, keys)
    return Records(
        variant=variant,
        matches=counted,
        players={key: holder.frozen((key,)) for key, holder in players.items()},
        partnerships={pair: holder.frozen(pair) for pair, holder in partnerships.items()},
        head_to_head={
            a: {b: HeadToHead(*counts) for b, counts in row.items()}
            for a, row in head_to_head.items()
        },
    )
