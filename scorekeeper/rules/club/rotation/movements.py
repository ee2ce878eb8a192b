"""The registry of movements: one :class:`Movement` per way a club night's players or pairs
move (docs/club.md §4.4, §4.5), found by its API name.

A movement says what the night knows of it as class attributes, as a form does
(:mod:`scorekeeper.rules.games.registry`): its name (``rotation.movement``'s value, or
``rotation.scheme``'s for progressive), its scheme (who moves), what it needs (pairs or
players), whether an odd count plays a phantom, whether its rounds are drawn ahead or as the
night goes; and how it draws its rounds (a method). :func:`register` adds one (the built-in
movements use it too: :mod:`.round_robin`, :mod:`.mitchell`, :mod:`.danish`,
:mod:`.progressive`); :func:`unregister` takes one out again (a test that brings its own).
The rotating-partners and rotating-tables schemes have no movement: their rounds come from
the stored designs and the heuristic (:func:`~scorekeeper.rules.club.rotation.plan.plan`).

>>> find_movement("mitchell").scheme, find_movement("mitchell").needs
('fixed-pairs', 'pairs')
>>> [m.name for m in pairs_movements()][:3], find_movement("progressive").as_the_night_goes
(['round-robin', 'mitchell', 'danish'], True)
>>> find_movement("rotating-partners") is None
True
"""

from __future__ import annotations

import importlib
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Final, TypeVar

from ...core.errors import RuleError
from ...core.readers import as_choice, as_int, check_keys
from ...games.club_form import FIXED_PAIRS
from .pairs import AVOIDS, DanishDraw, PairsRound

#: What a movement needs (:attr:`Movement.needs`): fixed pairs, or players on their own.
PAIRS: Final = "pairs"
PLAYERS: Final = "players"
#: The movement that draws a fixed-pairs night's rounds from ``danish_from_round`` on (§4.4).
DANISH: Final = "danish"
#: The built-in movements' modules, imported on first use (:func:`_load`), each registering
#: its own: so that they may import this one.
_BUILT_IN: Final = ("round_robin", "mitchell", "danish", "progressive")

_REGISTRY: dict[str, Movement] = {}
_LOADED: list[bool] = []


class Movement(ABC):
    """One movement of a club night: its facts, and how it draws its rounds."""

    #: The API's name: ``rotation.movement`` of fixed pairs, ``rotation.scheme`` otherwise.
    name: ClassVar[str]
    #: Who moves: the scheme it belongs to (``fixed-pairs``, ``progressive``, §4.1).
    scheme: ClassVar[str]
    #: What it needs: :data:`PAIRS` (fixed all night) or :data:`PLAYERS`.
    needs: ClassVar[str]
    #: Whether an odd count plays against a phantom, whose opponent rests (§4.3, §4.4).
    phantom: ClassVar[bool] = False
    #: Whether its rounds after the first are drawn when the round before closes (§4.6)
    #: rather than planned when the night is made.
    as_the_night_goes: ClassVar[bool] = False
    #: Its place in the list of ``rotation.movement``'s values: lower first, the default first.
    rank: ClassVar[int]

    def length(self, count: int) -> int | None:
        """The rounds in which the movement comes round once for ``count`` pairs (or players):
        ``rotation.rounds`` when not given; None when it has no length (8 rounds, §14)."""
        return None

    def draws(self, number: int) -> bool:
        """Whether round ``number`` is seated by the movement's draw (when the round before
        closes, or when it starts) rather than planned: rounds after the first of a movement
        drawn as the night goes."""
        return self.as_the_night_goes and number > 1


class PairsMovement(Movement):
    """A movement of fixed pairs (§4.4): pairs numbered 1..P (design positions) meet as its
    rounds say; :func:`~.pairs.develop` seats their players."""

    scheme: ClassVar[str] = FIXED_PAIRS
    needs: ClassVar[str] = PAIRS

    @abstractmethod
    def ahead(self, pairs: int, rounds: int, avoid: str) -> tuple[PairsRound, ...]:
        """The rounds known when the night is made, at most ``rounds`` of them, for pairs
        1..``pairs`` (a movement drawn as the night goes: its round 1)."""

    def after(
        self, history: Sequence[PairsRound], standings_order: Sequence[int], avoid: str
    ) -> DanishDraw:
        """The round drawn when the last of ``history`` closes, from the pairs present in
        ``standings_order`` (best first). Only a movement drawn as the night goes is asked;
        the others' rounds after ``danish_from_round`` are the Danish movement's."""
        raise NotImplementedError(f"{self.name} is drawn ahead")


M = TypeVar("M", bound=Movement)


def register(movement: type[M]) -> type[M]:
    """Class decorator: add a movement to the registry (the built-in ones and a test's own)."""
    _REGISTRY[movement.name] = movement()
    return movement


def unregister(name: str) -> None:
    """Take a movement out of the registry again (a test that registered its own)."""
    _REGISTRY.pop(name, None)


def all_movements() -> list[Movement]:
    """Every movement, by :attr:`Movement.rank`."""
    _load()
    return sorted(_REGISTRY.values(), key=lambda m: (m.rank, m.name))


def pairs_movements() -> list[PairsMovement]:
    """The movements of fixed pairs (``rotation.movement``'s values), the default first."""
    return [m for m in all_movements() if isinstance(m, PairsMovement)]


def find_movement(name: object) -> Movement | None:
    """The movement called ``name``, or None (a scheme without one, or no such name)."""
    _load()
    return _REGISTRY.get(name) if isinstance(name, str) else None


def pairs_movement(name: str) -> PairsMovement:
    """The fixed pairs' movement called ``name`` (a name :func:`read_movement` checked)."""
    found = find_movement(name)
    if not isinstance(found, PairsMovement):
        raise KeyError(name)
    return found


def _load() -> None:
    """Import the built-in movements' modules once, on first use: each registers its own."""
    if _LOADED:
        return
    for module in _BUILT_IN:
        importlib.import_module(f"{__package__}.{module}")
    _LOADED.append(True)


# --- A fixed-pairs night's settings -----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MovementSettings:
    """A fixed-pairs night's movement settings, checked (docs/club.md §2.3, §4.4)."""

    #: The movement's name (:attr:`Movement.name`).
    movement: str
    avoid: str
    #: The first Danish round after a start by a movement drawn ahead; None without one.
    danish_from_round: int | None

    @property
    def kind(self) -> PairsMovement:
        """The registered movement."""
        return pairs_movement(self.movement)

    def is_drawn(self, number: int) -> bool:
        """Whether round ``number`` is drawn when the one before closes (Danish, docs/club.md
        §4.6) rather than planned at creation.

        >>> MovementSettings("mitchell", "previous", 4).is_drawn(3)
        False
        >>> danish = MovementSettings("danish", "all", None)
        >>> danish.is_drawn(1), danish.is_drawn(2)
        (False, True)
        """
        if self.kind.draws(number):
            return True
        return self.danish_from_round is not None and number >= self.danish_from_round

    def drawer(self, number: int) -> PairsMovement:
        """The movement that draws round ``number``: the Danish one from ``danish_from_round``
        on, else the night's."""
        if self.danish_from_round is not None and number >= self.danish_from_round:
            return pairs_movement(DANISH)
        return self.kind

    def as_json(self) -> dict[str, Any]:
        """The movement's part of §14's ``rotation``."""
        return {
            "movement": self.movement,
            "avoid": self.avoid,
            "danish_from_round": self.danish_from_round,
        }


def read_movement(body: Mapping[str, Any], rounds: int) -> MovementSettings:
    """The ``movement``, ``avoid`` and ``danish_from_round`` of a fixed-pairs ``rotation``
    object (the other keys are :func:`~scorekeeper.rules.club.rotation.settings.read_rotation`'s),
    checked as docs/club.md §2.3 says; ``movement`` is a registered movement's name.

    >>> read_movement({"movement": "mitchell", "danish_from_round": 4}, 4)
    MovementSettings(movement='mitchell', avoid='previous', danish_from_round=4)
    >>> read_movement({"danish_from_round": 5}, 4)
    Traceback (most recent call last):
    ...
    scorekeeper.rules.core.errors.RuleError: rotation.danish_from_round: must be at most 4
    """
    check_keys(
        body,
        (
            "scheme",
            "rounds",
            "draw",
            "seed",
            "table_size",
            "movement",
            "avoid",
            "danish_from_round",
        ),
        "rotation",
    )
    names = tuple(m.name for m in pairs_movements())
    given = body.get("movement")
    movement = names[0] if given is None else as_choice(given, "rotation.movement", names)
    given = body.get("avoid")
    avoid = AVOIDS[0] if given is None else as_choice(given, "rotation.avoid", AVOIDS)
    given = body.get("danish_from_round")
    start = None
    if given is not None:
        if pairs_movement(movement).as_the_night_goes:
            raise RuleError(
                "rotation.danish_from_round",
                "is taken only with the round-robin or Mitchell movement",
                code="not_allowed",
            )
        start = as_int(given, "rotation.danish_from_round", low=2, high=max(2, rounds))
        if start > rounds:
            raise RuleError(
                "rotation.danish_from_round",
                "must be at most {high}",
                code="too_large",
                high=rounds,
            )
    return MovementSettings(movement, avoid, start)


def default_movement() -> MovementSettings:
    """The settings of a fixed-pairs night that gave none: the first movement, ``previous``."""
    return MovementSettings(pairs_movements()[0].name, AVOIDS[0], None)


def plan_pairs(movement: MovementSettings, pairs: int, rounds: int) -> tuple[PairsRound, ...]:
    """The rounds known at creation (docs/club.md §4.6): every round of a movement drawn
    ahead, those before ``danish_from_round``, or a Danish night's round 1 (1 v 2, 3 v 4, …:
    the standings are all level, ties by pair number).

    >>> len(plan_pairs(MovementSettings("mitchell", "previous", 4), 8, 4))
    3
    >>> plan_pairs(MovementSettings("danish", "previous", None), 5, 4)
    (PairsRound(games=((1, 1, 2), (2, 3, 4)), resting=(5,)),)
    """
    planned = rounds if movement.danish_from_round is None else movement.danish_from_round - 1
    return movement.kind.ahead(pairs, min(planned, rounds), movement.avoid)


def design_name(movement: MovementSettings, pairs: int, rounds: int) -> str | None:
    """The balance's ``design`` (docs/club.md §4.8): the movement's name when every round
    follows it (a Danish round, or a re-plan, makes it null).

    >>> design_name(MovementSettings("mitchell", "previous", None), 8, 4), design_name(
    ...     MovementSettings("mitchell", "previous", 4), 8, 4)
    ('mitchell', None)
    """
    drawn = movement.kind.as_the_night_goes
    if drawn or movement.danish_from_round is not None or pairs < 2:
        return None
    return movement.movement


__all__ = [
    "DANISH",
    "PAIRS",
    "PLAYERS",
    "Movement",
    "MovementSettings",
    "PairsMovement",
    "all_movements",
    "default_movement",
    "design_name",
    "find_movement",
    "pairs_movement",
    "pairs_movements",
    "plan_pairs",
    "read_movement",
    "register",
    "unregister",
]
