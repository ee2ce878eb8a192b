"""What every form shares: the seating, the sides, running totals (and the kitty's), the
dealer's rotation, the target and its tie rule, standings and the end of a match.

A match is never stored as scores: it is the setup plus the hands as entered, and
:func:`play` replays them through the variant's rules. Correcting hand 3 of 20 is replaying.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from .errors import RuleError, join_path
from .facts import HandFacts
from .names import check_distinct, look_alike_keys, normalise, read_name
from .readers import as_list, as_object, as_str, check_keys
from .text import N_, Note

#: The ways the deal and the play may pass (docs/rules.md §5).
LEFT = "left"
RIGHT = "right"

#: The names of the two teams of a table in partnerships that no one named, in English (the
#: pages and the API pass them in the request's language: :func:`scorekeeper.web.forms.
#: team_names`; the catalogs translate them).
TEAM_NAMES: tuple[str, str] = (N_("Team 1"), N_("Team 2"))

IN_PROGRESS = "in_progress"
FINISHED = "finished"

#: How much the target rises when two or more sides reach it in the same hand (Parlett).
TARGET_STEP = 250


#: The note of a hand after which the target rose (docs/rules.md §2): ``target`` is the new
#: target, ``previous`` the one it replaced (:func:`raised_target`, :func:`running_targets`).
TARGET_RAISED = N_("target raised to {target}")


@dataclass(frozen=True)
class Team:
    """A partnership: its name and its players in seating order."""

    name: str
    players: tuple[str, ...]


@dataclass(frozen=True)
class Setup:
    """Everything fixed when a match is created."""

    variant: str
    #: Every option of the variant with its resolved value (defaults filled in).
    options: Mapping[str, Any]
    #: Player names in seating order, clockwise.
    players: tuple[str, ...]
    #: Partnerships, or empty when every player keeps his own score.
    teams: tuple[Team, ...] = ()
    #: Who deals the first hand.
    first_dealer: str = ""

    @property
    def sides(self) -> tuple[str, ...]:
        """The names scores are kept under: team names in partnership play, else players."""
        return tuple(t.name for t in self.teams) if self.teams else self.players

    def side_of(self, player: str) -> str:
        """The side a player scores for."""
        for team in self.teams:
            if player in team.players:
                return team.name
        return player

    @property
    def direction(self) -> str:
        """Which way the deal and the play pass: ``left`` (clockwise) or ``right``
        (docs/rules.md §5, option ``direction``; a match without the option passes left)."""
        return str(self.options.get("direction", LEFT))

    @property
    def rotation(self) -> tuple[str, ...]:
        """The players in the order the deal and the first bid or lead pass, starting with the
        first in seating order: the seating itself when play passes left, else reversed.
        Every "on the dealer's left" of the rules counts in this order.

        >>> Setup("pinochle-3", {"direction": "right"}, ("Ana", "Ben", "Cruz")).rotation
        ('Ana', 'Cruz', 'Ben')
        """
        if self.direction == RIGHT:
            return (self.players[0], *reversed(self.players[1:]))
        return self.players

    def dealer_of(self, number: int) -> str:
        """Who deals hand ``number`` (1-based) when the deal simply passes on, in the match's
        direction."""
        rotation = self.rotation
        start = rotation.index(self.first_dealer or self.players[0])
        return rotation[(start + number - 1) % len(rotation)]


@dataclass(frozen=True)
class HandResult:
    """One hand as the rules read it."""

    number: int
    dealer: str
    #: The entry exactly as the table typed it.
    input: Mapping[str, Any]
    #: Points per side (points forms), else ``None``.
    scores: Mapping[str, int] | None = None
    #: Units per player plus ``"kitty"`` (auction in units), else ``None``.
    payments: Mapping[str, int] | None = None
    #: The players who were dealt in.
    active: tuple[str, ...] = ()
    #: Short facts a page may show ("meld lost: no trick"): English templates and values,
    #: translated by the page (``str(note)`` is the English).
    notes: tuple[Note, ...] = ()
    #: What the hand was (the contract, the meld entered, the end of a deal, its summary
    #: line), as the rules that scored it read it: nothing else reads ``input`` again.
    facts: HandFacts = HandFacts()


@dataclass(frozen=True)
class MatchState:
    """The whole match computed from its setup and hands."""

    sides: tuple[str, ...]
    hands: tuple[HandResult, ...]
    #: Running totals per side (units per player for auction in units).
    totals: Mapping[str, int]
    status: str = IN_PROGRESS
    winner: str | None = None
    #: Sides from first to last.
    standings: tuple[str, ...] = ()
    #: Who deals the next hand, and who bids or leads first in it.
    dealer: str = ""
    leader: str = ""
    #: The players dealt into the next hand.
    active: tuple[str, ...] = ()
    #: The target now (it may have risen); ``None`` where the form has none.
    target: int | None = None
    #: The kitty's balance (auction with a kitty), else ``None``.
    kitty: int | None = None
    #: Anything else a form wants to tell a page (e.g. ``{"second": "Ben"}``).
    extra: Mapping[str, Any] = field(default_factory=dict)
    #: Stored hands the rules refuse to replay (docs/rules.md §7): the state is then the match
    #: as it stood before the first of them. Empty for a match that replays whole.
    problems: tuple[Problem, ...] = ()


@dataclass(frozen=True)
class Problem:
    """A stored hand that the current rules refuse: the match stops before it until the table
    corrects or undoes it (docs/rules.md §7, API ``problems``)."""

    #: The hand's number (1-based) and the refusal, as a new entry would get it.
    hand: int
    error: RuleError


def standings_by_total(sides: Sequence[str], totals: Mapping[str, int]) -> tuple[str, ...]:
    """Sides by total, highest first; equal totals keep seating order (Python's sort is stable)."""
    return tuple(sorted(sides, key=lambda side: -totals[side]))


def sole_leader(totals: Mapping[str, int]) -> str | None:
    """The side with the highest total, ``None`` when two or more share it.

    >>> sole_leader({"Us": 90, "Them": 80}), sole_leader({"Us": 90, "Them": 90})
    ('Us', None)
    """
    best = max(totals.values())
    leaders = [side for side, total in totals.items() if total == best]
    return leaders[0] if len(leaders) == 1 else None


def running_totals(state: MatchState) -> list[dict[str, int]]:
    """Every side's total before the first hand (all 0) and after each hand.

    The rules keep a total as the sum of a side's scores (or, in units, of a player's
    payments; the kitty is no side), hand after hand; this is that sum, one point per hand.
    A side a hand leaves out (three-handed play-on) keeps its total.

    >>> state = MatchState(
    ...     ("Ana", "Ben"),
    ...     (HandResult(1, "Ana", {}, scores={"Ana": 190, "Ben": 60}),
    ...      HandResult(2, "Ben", {}, scores={"Ana": 40, "Ben": 210})),
    ...     totals={"Ana": 230, "Ben": 270},
    ... )
    >>> running_totals(state)
    [{'Ana': 0, 'Ben': 0}, {'Ana': 190, 'Ben': 60}, {'Ana': 230, 'Ben': 270}]
    """
    total = dict.fromkeys(state.sides, 0)
    points = [dict(total)]
    for hand in state.hands:
        numbers: Mapping[str, int] = (
            hand.scores if hand.scores is not None else (hand.payments or {})
        )
        for side in state.sides:
            total[side] += numbers.get(side, 0)
        points.append(dict(total))
    return points


def raised_target(previous: int, target: int) -> Note:
    """The note of a hand after which the target rose from ``previous`` to ``target``.

    >>> str(raised_target(1000, 1250))
    'target raised to 1250'
    """
    return Note(TARGET_RAISED, (("target", target), ("previous", previous)))


def running_targets(state: MatchState) -> list[int | None]:
    """The target in force before the first hand and after each hand (the chart draws each
    one for the hands it stood), read back from the notes of the hands that raised it; all
    ``None`` where the form has no target.

    >>> state = MatchState(
    ...     ("Ana", "Ben"),
    ...     (HandResult(1, "Ana", {}),
    ...      HandResult(2, "Ben", {}, notes=(raised_target(1000, 1250),))),
    ...     totals={"Ana": 1100, "Ben": 1200},
    ...     target=1250,
    ... )
    >>> running_targets(state)
    [1000, 1000, 1250]
    """
    target = state.target
    targets: list[int | None] = [target]
    for hand in reversed(state.hands):
        for item in reversed(hand.notes):  # a hand may raise it twice: the first raise counts
            if item.template == TARGET_RAISED and isinstance(item.values.get("previous"), int):
                target = item.values["previous"]
        targets.append(target)
    return targets[::-1]


def finish(state: MatchState) -> MatchState:
    """End the match now ("we stop for tonight"): the side first in standings wins."""
    if state.status == FINISHED:
        return state
    return replace(state, status=FINISHED, winner=state.winner or state.standings[0])


def player_left_of(players: Sequence[str], player: str, among: Sequence[str] = ()) -> str:
    """The first player after ``player`` in ``players`` (on his left when ``players`` is the
    seating; pass :attr:`Setup.rotation` to follow the match's direction), counting only
    ``among`` when given."""
    start = players.index(player)
    for step in range(1, len(players) + 1):
        candidate = players[(start + step) % len(players)]
        if not among or candidate in among:
            return candidate
    raise ValueError("no player to the left")


def check_target(
    totals: Mapping[str, int],
    target: int,
    *,
    tie_rule: str = "raise",
    step: int = TARGET_STEP,
    counted_first: str | None = None,
    contenders: Sequence[str] | None = None,
) -> tuple[str | None, int]:
    """After a hand: the winner (or ``None``) and the target from now on.

    docs/rules.md §2: while two or more sides are at or over the target it rises by ``step``; then a
    side alone at or over it wins. With ``tie_rule="higher"`` the higher total wins at once
    and only equal totals raise the target. ``counted_first`` is a side whose points are counted
    before the others' (a bidder who made his bid): if it reaches the target it wins outright.
    ``contenders`` limits the race to some sides (three-handed play-on).

    >>> check_target({"Ana": 1010, "Ben": 990}, 1000)
    ('Ana', 1000)
    >>> check_target({"Ana": 1010, "Ben": 1020}, 1000)
    (None, 1250)
    >>> check_target({"Ana": 1010, "Ben": 1020}, 1000, tie_rule="higher")
    ('Ben', 1000)
    >>> check_target({"Ana": 1010, "Ben": 1020}, 1000, counted_first="Ana")
    ('Ana', 1000)
    """
    race = list(contenders if contenders is not None else totals)
    if counted_first is not None and counted_first in race and totals[counted_first] >= target:
        return counted_first, target
    while True:
        over = [side for side in race if totals[side] >= target]
        if not over:
            return None, target
        if len(over) == 1:
            return over[0], target
        if tie_rule == "higher":
            best = max(totals[side] for side in over)
            leaders = [side for side in over if totals[side] == best]
            if len(leaders) == 1:
                return leaders[0], target
        target += step


def read_setup(
    variant_id: str,
    options: Mapping[str, Any],
    players: object,
    teams: object,
    dealer: object,
    *,
    player_counts: Sequence[int],
    partnerships: bool,
) -> Setup:
    """Check the seating of a new match (docs/rules.md §5) and return its :class:`Setup`.

    Names are read by :func:`read_name` and must be distinct as :func:`name_key` compares
    them; team names likewise and distinct from the players'. With ``partnerships`` and no
    ``teams`` given, partners sit opposite (players 1+3 and 2+4) as "Team 1" and "Team 2".
    Only a new match is read here: a stored match keeps its names as they were.
    """
    names = tuple(read_name(p, f"players[{i}]") for i, p in enumerate(as_list(players, "players")))
    if len(names) not in player_counts:
        raise RuleError(
            "players",
            "this game takes {counts} players, not {given}",
            code="player_count",
            counts=" or ".join(str(c) for c in player_counts),
            given=len(names),
        )
    check_distinct(names, "players")
    chosen: tuple[Team, ...] = ()
    if partnerships:
        chosen = (
            _read_teams(teams, names)
            if teams is not None
            else (
                Team(TEAM_NAMES[0], (names[0], names[2])),
                Team(TEAM_NAMES[1], (names[1], names[3])),
            )
        )
    elif teams is not None and teams != []:
        raise RuleError("teams", "this game is played without partnerships", code="no_teams")
    first = names[0] if dealer is None else normalise(as_str(dealer, "dealer"))
    if first not in names:
        raise RuleError(
            "dealer", "{given!r} is not one of the players", code="unknown_player", given=first
        )
    return Setup(variant_id, dict(options), names, chosen, first)


def _read_teams(value: object, players: tuple[str, ...]) -> tuple[Team, ...]:
    raw_teams = as_list(value, "teams")
    if len(raw_teams) != 2:
        raise RuleError("teams", "there are two teams", code="team_count")
    teams: list[Team] = []
    placed: set[str] = set()
    for i, raw in enumerate(raw_teams):
        path = f"teams[{i}]"
        entry = as_object(raw, path)
        check_keys(entry, ("name", "players"), path, required=("name", "players"))
        name = read_name(entry["name"], join_path(path, "name"))
        members = tuple(
            normalise(as_str(p, f"{path}.players[{j}]"))
            for j, p in enumerate(as_list(entry["players"], join_path(path, "players")))
        )
        if len(members) != len(players) // 2:
            raise RuleError(
                join_path(path, "players"),
                "a team has {n} players",
                code="team_size",
                n=len(players) // 2,
            )
        for j, member in enumerate(members):
            if member not in players:
                raise RuleError(
                    f"{path}.players[{j}]",
                    "{given!r} is not one of the players",
                    code="unknown_player",
                    given=member,
                )
            if member in placed:
                raise RuleError(
                    f"{path}.players[{j}]",
                    "{given!r} is already in a team",
                    code="duplicate_name",
                    given=member,
                )
            placed.add(member)
        teams.append(Team(name, tuple(p for p in players if p in members)))
    check_distinct([t.name for t in teams], "teams")
    player_keys = [look_alike_keys(p) for p in players]
    for i, team in enumerate(teams):
        if any(look_alike_keys(team.name) & keys for keys in player_keys):
            raise RuleError(
                f"teams[{i}].name",
                "a team's name must differ from the players'",
                code="duplicate_name",
            )
    return tuple(teams)
