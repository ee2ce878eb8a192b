"""A club night's rotation settings (docs/club.md §2.3, §4.4, §14): :class:`Rotation`, what
:func:`read_rotation` checks, and the number of rounds when none is given.

>>> Rotation("rotating-tables", 3, "entry", 0, None).as_json()
{'scheme': 'rotating-tables', 'rounds': 3, 'draw': 'entry', 'seed': 0}
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

from ...core.errors import RuleError
from ...core.readers import as_choice, as_int, as_object, as_str, check_keys
from ...games.club_form import FIXED_PAIRS, ClubForm
from .designs import design_of
from .movements import (
    Movement,
    MovementSettings,
    default_movement,
    find_movement,
    pairs_movements,
    read_movement,
)

#: docs/club.md §2.3 / §17.
MAX_ROUNDS: Final = 40
MAX_SEED: Final = 2**31 - 1
DEFAULT_ROUNDS: Final = 8
DRAWS: Final = ("entry", "shuffle")
#: The settings of fixed pairs only (§4.4).
_PAIR_KEYS: Final = ("movement", "avoid", "danish_from_round")
_KEYS: Final = ("scheme", "rounds", "draw", "seed", "table_size", *_PAIR_KEYS)


@dataclass(frozen=True, slots=True)
class Rotation:
    """A night's checked rotation settings (docs/club.md §2.3, §14)."""

    scheme: str
    rounds: int
    draw: str
    seed: int
    #: The table size (auction: the preferred size, 4 unless given; Pinnacola: 2 or 4).
    table_size: int | None
    #: Fixed pairs' movement (docs/club.md §4.4); None for every other scheme.
    movement: MovementSettings | None = None

    def as_json(self) -> dict[str, Any]:
        """The settings as §14's ``rotation`` shows them (``design`` is the balance's)."""
        shown: dict[str, Any] = {
            "scheme": self.scheme,
            "rounds": self.rounds,
            "draw": self.draw,
            "seed": self.seed,
        }
        if self.table_size is not None:
            shown["table_size"] = self.table_size
        if self.movement is not None:
            shown.update(self.movement.as_json())
        return shown

    @property
    def kind(self) -> Movement | None:
        """The night's registered movement: fixed pairs' ``movement``, progressive's; None for
        the schemes planned from designs and the heuristic (rotating partners and tables).

        >>> Rotation("progressive", 4, "entry", 0, None).kind.needs
        'players'
        """
        if self.movement is not None:
            return self.movement.kind
        if self.scheme == FIXED_PAIRS:
            return default_movement().kind
        return find_movement(self.scheme)

    def draws(self, number: int) -> bool:
        """Whether round ``number`` is seated by its movement's draw, when the round before
        closes or when it starts, rather than planned (docs/club.md §4.4-§4.6): the Danish
        rounds of fixed pairs, every progressive round (an unseated round 1 is drawn as it
        starts).

        >>> Rotation("progressive", 4, "entry", 0, None).draws(1)
        True
        """
        if self.movement is not None:
            return self.movement.is_drawn(number)
        kind = self.kind
        return kind is not None and kind.draws(number)

    def is_drawn(self, number: int) -> bool:
        """Whether round ``number`` is drawn when the one before closes (docs/club.md §4.6):
        progressive from round 2, Danish rounds of fixed pairs.

        >>> Rotation("progressive", 4, "entry", 0, None).is_drawn(2)
        True
        """
        return number > 1 and self.draws(number)

    def draws_rounds(self) -> bool:
        """Whether any round of the night is drawn as the night goes (no re-plan, §14)."""
        return any(self.is_drawn(n) for n in range(2, self.rounds + 1))


def read_rotation(
    form_of: Callable[[int | None], ClubForm],
    given: object,
    player_count: int,
    seed: Callable[[], int],
) -> tuple[Rotation, ClubForm]:
    """The rotation settings of a night of ``player_count`` players, checked (§2.3), and the
    form at its tables; ``form_of`` is the variant's ``club_form`` for the night's options,
    ``seed`` draws a seed when none is given.

    >>> from scorekeeper.rules.games.club_form import partnership_form
    >>> rotation, _ = read_rotation(lambda size: partnership_form(), {"draw": "entry"}, 8,
    ...                             lambda: 5)
    >>> rotation
    Rotation(scheme='rotating-partners', rounds=7, draw='entry', seed=5, table_size=None, \
movement=None)
    >>> read_rotation(lambda size: partnership_form(), {"scheme": "rotating-tables"}, 8,
    ...               lambda: 5)
    Traceback (most recent call last):
    ...
    scorekeeper.rules.core.errors.RuleError: rotation.scheme: is not offered for this form: \
rotating-partners, fixed-pairs, progressive
    >>> read_rotation(lambda size: partnership_form(), {"scheme": "fixed-pairs",
    ...     "movement": "mitchell"}, 16, lambda: 5)[0].rounds
    4
    """
    body = {} if given is None else as_object(given, "rotation")
    check_keys(body, _KEYS, "rotation")
    size = body.get("table_size")
    table_size = None if size is None else as_int(size, "rotation.table_size")
    form = form_of(table_size)
    scheme = body.get("scheme")
    if scheme is None:
        scheme = form.schemes[0]
    elif as_str(scheme, "rotation.scheme") not in form.schemes:
        raise RuleError(
            "rotation.scheme",
            "is not offered for this form: {schemes}",
            code="not_for_form",
            schemes=", ".join(form.schemes),
        )
    if scheme != FIXED_PAIRS:
        for key in _PAIR_KEYS:
            if key in body:
                raise RuleError(
                    f"rotation.{key}", "is taken only with fixed pairs", code="not_allowed"
                )
    rounds_given = body.get("rounds")
    if rounds_given is None:
        rounds = _default_rounds(form, scheme, body.get("movement"), player_count)
    else:
        rounds = as_int(rounds_given, "rotation.rounds", low=1, high=MAX_ROUNDS)
    movement = read_movement(body, rounds) if scheme == FIXED_PAIRS else None
    draw_given = body.get("draw")
    draw = "shuffle" if draw_given is None else as_choice(draw_given, "rotation.draw", DRAWS)
    seed_given = body.get("seed")
    chosen = (
        seed() if seed_given is None else as_int(seed_given, "rotation.seed", low=0, high=MAX_SEED)
    )
    if table_size is None and form.seats_lo != form.seats_hi:
        table_size = form.preferred
    return Rotation(scheme, rounds, draw, chosen, table_size, movement), form


def _default_rounds(form: ClubForm, scheme: str, movement: object, player_count: int) -> int:
    """``rotation.rounds`` when not given (§14): the design's (or movement's) length when
    there is one, else 8. Fixed pairs: P = players / 2 pairs."""
    if scheme == FIXED_PAIRS:
        pairs = player_count // 2
        if pairs < 2:
            return DEFAULT_ROUNDS
        kind = pairs_movements()[0] if movement is None else find_movement(movement)
        length = kind.length(pairs) if kind is not None else None
        return DEFAULT_ROUNDS if length is None else min(MAX_ROUNDS, length)
    kind = find_movement(scheme)
    if kind is not None:  # a movement of players (progressive): its length, if it has one
        length = kind.length(player_count)
        return DEFAULT_ROUNDS if length is None else min(MAX_ROUNDS, length)
    found = design_of(form, player_count)
    return found[1] if found is not None else DEFAULT_ROUNDS
