"""The registry of forms: one :class:`Variant` per game, found by its API id.

>>> find_variant("pinochle-4").id
'pinochle-4'
"""

from __future__ import annotations

import importlib
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from .errors import MatchOverError, RuleError, for_hand
from .match import MatchState, Setup, read_setup
from .options import OptionSpec, resolve_options
from .runner import Checkpoint, Runner
from .table import Table

#: Modules that define variants; imported on first use so that they may import this one.
_MODULES = ("pinochle_forms", "auction", "pinnacola")
_REGISTRY: dict[str, Variant] = {}


class Variant(ABC):
    """One form of a game: its seating, its options, how a hand is read and a match replayed."""

    #: The API's id (``pinochle-4``).
    id: ClassVar[str]
    #: A short English name and one line for the variant picker.
    title: ClassVar[str]
    description: ClassVar[str]
    #: How many players may sit at the table.
    player_counts: ClassVar[tuple[int, ...]]

    @abstractmethod
    def option_specs(self, given: Mapping[str, Any]) -> Sequence[OptionSpec]:
        """The options this form takes; ``given`` lets one option decide which others exist
        (auction's ``scoring``)."""

    def resolve_options(self, given: object) -> dict[str, Any]:
        """Every option with its value, defaults filled in; refuses unknown names and bad values
        under ``rules.<name>``. Forms override it to check options against each other."""
        given_map = given if isinstance(given, Mapping) else {}
        return resolve_options(self.option_specs(given_map), given)

    def partnerships(self, options: Mapping[str, Any], player_count: int) -> bool:
        """Whether this table plays in two teams."""
        return False

    def setup(
        self, players: object, teams: object = None, rules: object = None, dealer: object = None
    ) -> Setup:
        """Check a new match's seating and options; the :class:`Setup` of the match."""
        options = self.resolve_options(rules)
        count = len(players) if isinstance(players, list) else 0
        return read_setup(
            self.id,
            options,
            players,
            teams,
            dealer,
            player_counts=self.player_counts,
            partnerships=self.partnerships(options, count),
        )

    @abstractmethod
    def table(self, setup: Setup, active: Sequence[str] = ()) -> Table:
        """How a hand dealt to ``active`` (everybody when empty) is shown and typed in: the
        pages, tools, export and API ask this instead of the form's id."""

    @abstractmethod
    def runner(self, setup: Setup) -> Runner:
        """A replay of a new match of ``setup``, before its first hand."""

    def start(self, setup: Setup) -> Checkpoint:
        """The checkpoint before hand 1."""
        return Checkpoint(0, self.runner(setup), ())

    def resume(
        self, checkpoint: Checkpoint, hands: Sequence[Mapping[str, Any]], *, every: int = 0
    ) -> tuple[MatchState, tuple[Checkpoint, ...]]:
        """Replay ``hands`` (all of the match's, from hand 1) starting at ``checkpoint``,
        which must have been reached by the same first ``checkpoint.count`` hands.

        Returns the match and the checkpoints passed on the way: one after every ``every``
        hands (none when 0) and one after the last hand. A refused hand raises
        :class:`RuleError` with ``hand`` set to its number; a hand that comes after the match
        has ended raises :class:`~scorekeeper.rules.errors.MatchOverError`."""
        runner = checkpoint.runner.copy()
        results = list(checkpoint.results)
        passed: list[Checkpoint] = []
        for number in range(checkpoint.count + 1, len(hands) + 1):
            if runner.over:
                raise MatchOverError(number)
            with for_hand(number):
                results.append(runner.hand(number, hands[number - 1]))
            if every and number % every == 0 and number < len(hands):
                passed.append(Checkpoint(number, runner.copy(), tuple(results)))
        done = tuple(results)
        passed.append(Checkpoint(len(hands), runner, done))
        return runner.state(done), tuple(passed)

    def play(self, setup: Setup, hands: Sequence[Mapping[str, Any]]) -> MatchState:
        """Replay every hand in order and return the match.

        A refused hand raises :class:`RuleError` with ``hand`` set to its number; a hand that
        comes after the match has ended raises
        :class:`~scorekeeper.rules.errors.MatchOverError`.
        """
        state, _ = self.resume(self.start(setup), hands)
        return state


def register(variant: type[Variant]) -> type[Variant]:
    """Class decorator: add a form to the registry."""
    _REGISTRY[variant.id] = variant()
    return variant


def all_variants() -> list[Variant]:
    """Every form, in the order the new-match page lists them."""
    _load()
    order = [
        "pinochle-2",
        "pinochle-3",
        "pinochle-4",
        "auction",
        "partnership-auction",
        "pinnacola",
    ]
    return sorted(_REGISTRY.values(), key=lambda v: order.index(v.id) if v.id in order else 99)


def find_variant(variant_id: object) -> Variant:
    """The form with this API id, or a refusal naming ``variant``."""
    _load()
    if isinstance(variant_id, str) and variant_id in _REGISTRY:
        return _REGISTRY[variant_id]
    raise RuleError(
        "variant",
        "must be one of {ids}",
        code="unknown_variant",
        ids=", ".join(sorted(_REGISTRY)),
    )


def _load() -> None:
    for name in _MODULES:
        try:
            importlib.import_module(f"{__package__}.{name}")
        except ModuleNotFoundError as missing:
            if missing.name != f"{__package__}.{name}":
                raise
