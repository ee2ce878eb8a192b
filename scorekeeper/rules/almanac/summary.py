"""What one match leaves behind for a group's almanac (issue 18; docs/records.md).

A match is never read for records hand by hand at the records page: :func:`summarise` boils a
replayed match down once to a :class:`MatchSummary` (per-player and per-partnership counters,
JSON that round-trips exactly), which the web side keeps and rebuilds whenever the match changes
or :data:`SUMMARY_VERSION` moves on. The counters are the declared ones
(:data:`~scorekeeper.rules.almanac.counters.GROUPS`), read from each hand's facts: never from the
hand as typed. :mod:`~scorekeeper.rules.almanac.records` and
:mod:`~scorekeeper.rules.almanac.ledger` add summaries up.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from ..core.match import FINISHED, HandResult, MatchState, Setup
from ..games.auction.form import settlement_of
from ..games.pinochle.melds import counting_of
from ..games.registry import PINNACOLA as PINNACOLA_FAMILY
from ..games.registry import PINOCHLE as PINOCHLE_FAMILY
from ..games.registry import families, find_variant
from .counters import GROUPS

#: Bump when a summary's meaning changes: the caller rebuilds stored summaries of an older one.
SUMMARY_VERSION: Final = 1

#: The built-in game families' ids (a form's family is :attr:`Variant.family`).
PINOCHLE: Final = PINOCHLE_FAMILY.id
PINNACOLA: Final = PINNACOLA_FAMILY.id


#: How each counter adds up, by (group, counter).
_COMBINE: Final = {(g.name, c.name): c.combine for g in GROUPS for c in g.counters}


def family_titles() -> dict[str, str]:
    """Each family's English name by id, in the list's order, for the pages to translate (the
    web side never names a form or a family itself: tests/architecture/test_layering.py)."""
    return {family.id: family.title for family in families()}


@dataclass(frozen=True, slots=True)
class Figures:
    """One holder's counters in one match."""

    #: Hands dealt in.
    hands: int
    #: Points scored in those hands (forms kept in points; standard points), for the side
    #: that keeps a score (a player playing for himself, or a partnership).
    points: int | None = None
    #: Each group of :data:`~scorekeeper.rules.almanac.counters.GROUPS` that applies: counter name
    #: -> value (a group that does not apply is left out).
    groups: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Money:
    """An auction match kept in units: what each player won or lost at the end."""

    #: Money per unit, as the match's option (``"0.05"``).
    unit_value: str
    #: The kitty's balance, shared out at the end.
    kitty: int
    #: Units per player (seat name) after the kitty was shared: they sum to zero.
    balances: Mapping[str, int]


@dataclass(frozen=True, slots=True)
class MatchSummary:
    """What records, ledger and ratings need from one stored match; JSON round-trips exactly
    (``MatchSummary.from_json(summary.to_json()) == summary``)."""

    #: The form's API id (``pinochle-4``) and its family (:attr:`Variant.family`'s id).
    variant: str
    family: str
    #: Seat names as in the match.
    players: tuple[str, ...]
    #: Partnerships (player names), ``()`` when every man plays for himself.
    teams: tuple[tuple[str, ...], ...]
    #: Hands replayed.
    hands: int
    #: The rules ended it (a winner) or the table ended it.
    finished: bool
    #: Player names of the winning side, ``()`` while nobody has won.
    winners: tuple[str, ...]
    #: Sides (player tuples) best first, and each one's rank (1 best; equal ranks are a tie:
    #: sides the rules did not place, level on points).
    ranking: tuple[tuple[str, ...], ...]
    ranks: tuple[int, ...]
    #: Every player's own counters, by seat name.
    by_player: Mapping[str, Figures]
    #: Every partnership's counters, in the order of ``teams``.
    by_team: tuple[Figures, ...] = ()
    #: Units and money (auction in units), else ``None``.
    money: Money | None = None

    def to_json(self) -> dict[str, Any]:
        """Plain JSON (objects, lists, text, numbers, booleans); a group that does not apply
        is left out rather than written as ``null``."""
        data: dict[str, Any] = {
            "variant": self.variant,
            "family": self.family,
            "players": list(self.players),
            "teams": [list(team) for team in self.teams],
            "hands": self.hands,
            "finished": self.finished,
            "winners": list(self.winners),
            "ranking": [list(side) for side in self.ranking],
            "ranks": list(self.ranks),
            "by_player": {name: _figures_json(f) for name, f in self.by_player.items()},
            "by_team": [_figures_json(figures) for figures in self.by_team],
        }
        if self.money is not None:
            data["money"] = {
                "unit_value": self.money.unit_value,
                "kitty": self.money.kitty,
                "balances": dict(self.money.balances),
            }
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> MatchSummary:
        """The summary :meth:`to_json` gave (of this :data:`SUMMARY_VERSION`)."""
        money = data.get("money")
        return cls(
            variant=data["variant"],
            family=data["family"],
            players=tuple(data["players"]),
            teams=tuple(tuple(team) for team in data["teams"]),
            hands=data["hands"],
            finished=data["finished"],
            winners=tuple(data["winners"]),
            ranking=tuple(tuple(side) for side in data["ranking"]),
            ranks=tuple(data["ranks"]),
            by_player={name: _figures_of(f) for name, f in data["by_player"].items()},
            by_team=tuple(_figures_of(figures) for figures in data["by_team"]),
            money=(
                None
                if money is None
                else Money(money["unit_value"], money["kitty"], dict(money["balances"]))
            ),
        )


def _figures_json(figures: Figures) -> dict[str, Any]:
    data: dict[str, Any] = {"hands": figures.hands}
    if figures.points is not None:
        data["points"] = figures.points
    for group in GROUPS:
        values = figures.groups.get(group.name)
        if values is not None:
            data[group.name] = {
                name: list(value) if isinstance(value, tuple) else value
                for name, value in values.items()
            }
    return data


def _figures_of(data: Mapping[str, Any]) -> Figures:
    groups = {group.name: group.load(data[group.name]) for group in GROUPS if group.name in data}
    return Figures(hands=data["hands"], points=data.get("points"), groups=groups)


# --- Reading a match ------------------------------------------------------------------------


class _Tally:
    """One holder's counters while a match is read, frozen at the end into :class:`Figures`."""

    __slots__ = ("groups", "hands", "points")

    def __init__(self) -> None:
        self.hands = 0
        self.points: int | None = None
        self.groups: dict[str, dict[str, Any]] = {}

    def figures(self) -> Figures:
        groups = {
            name: {
                counter: dict(sorted(value.items())) if isinstance(value, dict) else value
                for counter, value in values.items()
            }
            for name, values in self.groups.items()
        }
        return Figures(self.hands, self.points, groups)


def _side_players(setup: Setup, side: str) -> tuple[str, ...]:
    for team in setup.teams:
        if team.name == side:
            return team.players
    return (side,)


def _ranking(setup: Setup, state: MatchState, winner: str | None) -> tuple[list[str], list[int]]:
    """Sides best first and their ranks: the winner (and a second placed by the rules) alone,
    then by total, equal totals sharing a rank (docs/records.md "Ratings")."""
    standings = list(state.standings or setup.sides)
    if winner is not None and standings[0] != winner:
        standings = [winner, *(side for side in standings if side != winner)]
    placed = {winner, state.extra.get("second")}
    ranks: list[int] = []
    for i, side in enumerate(standings):
        before = standings[i - 1] if i else None
        level = (
            before is not None
            and side not in placed
            and before not in placed
            and state.totals.get(side) == state.totals.get(before)
        )
        ranks.append(ranks[-1] if level else i + 1)
    return standings, ranks


def _read_hand(
    setup: Setup,
    hand: HandResult,
    scale: int,
    players: Mapping[str, _Tally],
    teams: Mapping[str, _Tally],
) -> None:
    """Add one hand to every holder's tally: who was dealt in, each side's points, and each
    group's contributions (to a holder that keeps the group, or gets it as it ``grows``)."""
    active = hand.active or setup.players
    for player in active:
        players[player].hands += 1
    for team in setup.teams:
        if any(player in active for player in team.players):
            teams[team.name].hands += 1
    for side, points in (hand.scores or {}).items():
        tally = teams[side] if side in teams else players[side]
        if tally.points is not None:  # a side keeping a score in points (not in hands won)
            tally.points += points * scale
    for group in GROUPS:
        for name, counter, value in group.read(setup, hand, scale):
            kept = (teams[name] if name in teams else players[name]).groups
            values = kept.get(group.name)
            if values is None:
                if not group.grows:
                    continue
                values = kept[group.name] = group.start()
            values[counter] = _COMBINE[group.name, counter](values[counter], value)


def summarise(setup: Setup, state: MatchState, *, ended: bool) -> MatchSummary:
    """Summary of one match from its replayed state. ``ended``: the table ended it
    (``Match.finished``); then, as :func:`~scorekeeper.rules.core.match.finish` says, the side
    first in standings won.

    Every hand is read from its facts (``state.hands[i].facts``), which the rules wrote while
    scoring it: a corrected hand changes the summary; a stored hand the rules refuse
    (``state.problems``) is not in ``state.hands``.
    """
    variant = find_variant(setup.variant)
    table = variant.layout(setup)
    players = {player: _Tally() for player in setup.players}
    teams = {team.name: _Tally() for team in setup.teams}

    def holder(name: str) -> _Tally:
        # Team names differ from players' (docs/rules.md §5).
        return teams[name] if name in teams else players[name]

    # Meld and points in standard points: ``simple`` counting divides them by 10.
    scale = counting_of(setup.options).divisor
    # A match counted in hands won keeps no points (docs/records.md "Hands won").
    if not table.units and not table.counts_hands:
        for side in setup.sides:
            holder(side).points = 0
    for group in GROUPS:
        for name in group.kept_by(setup, table):
            holder(name).groups[group.name] = group.start()
    for hand in state.hands:
        _read_hand(setup, hand, scale, players, teams)
    finished = state.status == FINISHED or ended
    winner = state.winner
    if winner is None and ended and state.standings:
        winner = state.standings[0]
    standings, ranks = _ranking(setup, state, winner)
    money = None
    if table.units:
        settlement = settlement_of(setup, state)
        money = Money(str(setup.options["unit_value"]), settlement.kitty, settlement.balances)
    return MatchSummary(
        variant=setup.variant,
        family=variant.family.id,
        players=setup.players,
        teams=tuple(team.players for team in setup.teams),
        hands=len(state.hands),
        finished=finished,
        winners=_side_players(setup, winner) if winner is not None else (),
        ranking=tuple(_side_players(setup, side) for side in standings),
        ranks=tuple(ranks),
        by_player={player: tally.figures() for player, tally in players.items()},
        by_team=tuple(tally.figures() for tally in teams.values()),
        money=money,
    )
