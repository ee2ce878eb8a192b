"""The registry of forms: one :class:`Variant` per game, found by its API id.

A variant says everything the app knows of its form as class attributes (as python-chess
``chess/variant.py`` does): its id, title, player counts, its game family and its place in the
list. :func:`register` adds one (the built-in forms use it too); :func:`unregister` takes one
out again (a test that brings its own form).

>>> find_variant("pinochle-4").id
'pinochle-4'
>>> find_variant("pinochle-4").family.id, [v.id for v in all_variants()][:2]
('pinochle', ['pinochle-2', 'pinochle-3'])
"""

from __future__ import annotations

import importlib
import pkgutil
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar, TypeVar

from ..core.errors import MatchOverError, RuleError, for_hand
from ..core.facts import HandFacts
from ..core.match import MatchState, Setup, read_setup
from ..core.options import OptionSpec, resolve_options
from ..core.runner import Checkpoint, Runner
from ..core.text import N_
from .club_form import ClubForm, no_table_size, seats_form
from .table import Layout

_REGISTRY: dict[str, Variant] = {}
#: Whether every module of the rules package was imported (:func:`_load`).
_LOADED: list[bool] = []


@dataclass(frozen=True)
class Family:
    """A game family: ratings and the figures that only make sense within one game are kept
    per family (docs/records.md "Families")."""

    #: The id the summaries and the API use (``pinochle``).
    id: str
    #: Its English name, for the pages to translate (``N_``).
    title: str


PINOCHLE = Family("pinochle", N_("Pinochle"))
PINNACOLA = Family("pinnacola", N_("Pinnacola"))


class Variant(ABC):
    """One form of a game: its seating, its options, how a hand is read and a match replayed."""

    #: The API's id (``pinochle-4``).
    id: ClassVar[str]
    #: A short English name and one line for the variant picker.
    title: ClassVar[str]
    description: ClassVar[str]
    #: How many players may sit at the table.
    player_counts: ClassVar[tuple[int, ...]]
    #: Its game family (:data:`PINOCHLE`, :data:`PINNACOLA`, or a family of its own).
    family: ClassVar[Family]
    #: Its place in the new-match page's list: lower first (the built-in forms are 10 apart).
    rank: ClassVar[int]

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

    def club_form(self, options: Mapping[str, Any], table_size: int | None) -> ClubForm:
        """The form at a club table of this variant with ``options`` (resolved), for a club
        night (docs/club.md §4.1); ``table_size`` is the night's ``rotation.table_size``.

        The default fits a form with one seat count: no ``table_size`` is taken, four seats in
        two teams rotate partners, any other table rotates its players. A form with several
        seat counts overrides it (auction, Pinnacola): a table size is then required and must
        be one of its counts.

        >>> find_variant("pinochle-4").club_form({"partnerships": False}, None).schemes
        ('rotating-tables',)
        >>> find_variant("pinochle-3").club_form({}, 3)
        Traceback (most recent call last):
        ...
        scorekeeper.rules.core.errors.RuleError: rotation.table_size: is not taken by this form
        """
        counts = self.player_counts
        if len(counts) == 1:
            no_table_size(table_size)
            seats = counts[0]
            return seats_form(seats, self.partnerships(options, seats))
        if table_size is None:
            raise RuleError(
                "rotation.table_size",
                "is required for this form: one of {sizes}",
                code="required",
                sizes=", ".join(map(str, counts)),
            )
        if table_size not in counts:
            raise RuleError(
                "rotation.table_size",
                "must be one of {sizes}",
                code="bad_choice",
                sizes=", ".join(map(str, counts)),
            )
        return seats_form(table_size, self.partnerships(options, table_size))

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
    def layout(self, setup: Setup, active: Sequence[str] = ()) -> Layout:
        """How a hand dealt to ``active`` (everybody when empty) is shown and typed in: the
        pages, tools, export and API ask this instead of the form's id."""

    def describe(self, entry: Mapping[str, Any]) -> HandFacts:
        """What a stored hand the rules now refuse (docs/rules.md §7) still says of itself: its
        summary line, read leniently from the entry as typed (a hand the rules score gets its
        facts from them, :attr:`~scorekeeper.rules.core.match.HandResult.facts`). Forms whose
        entry has something to say override it."""
        return HandFacts()

    def check_typed(self, setup: Setup, entry: Mapping[str, Any]) -> None:
        """Refuse what a hand typed now may not hold though a stored hand keeps it: a check
        that came after hands were stored (the pinochle forms' meld typos, docs/rules.md §1
        "Meld typos"). The service asks it of a hand added or corrected, before the replay;
        a replay never does, so a stored hand replays as it was stored (docs/rules.md §7).
        Raises :class:`RuleError`; forms with such a check override it."""
        return None  # most forms check everything in their replay

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
        has ended raises :class:`~scorekeeper.rules.core.errors.MatchOverError`."""
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
        :class:`~scorekeeper.rules.core.errors.MatchOverError`.
        """
        state, _ = self.resume(self.start(setup), hands)
        return state


V = TypeVar("V", bound=Variant)


def register(variant: type[V]) -> type[V]:
    """Class decorator: add a form to the registry (the built-in forms and a test's own)."""
    _REGISTRY[variant.id] = variant()
    return variant


def unregister(variant_id: str) -> None:
    """Take a form out of the registry again (a test that registered its own form)."""
    _REGISTRY.pop(variant_id, None)


def all_variants() -> list[Variant]:
    """Every form, in the order the new-match page lists them (by :attr:`Variant.rank`)."""
    _load()
    return sorted(_REGISTRY.values(), key=lambda v: (v.rank, v.id))


def families() -> list[Family]:
    """Every game family, in the order of its first form in :func:`all_variants`."""
    found: dict[str, Family] = {}
    for variant in all_variants():
        found.setdefault(variant.family.id, variant.family)
    return list(found.values())


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
    """Import every module of the games package (``rules/games/``, its families' packages
    too), once, on first use (so that they may import this one): each form registers itself
    as its module is imported, so a new form's module is found without being listed anywhere.
    Only ``games/``: finding a form imports neither the club night nor the almanac."""
    if _LOADED:
        return
    for module in pkgutil.walk_packages([str(Path(__file__).parent)], prefix=f"{__package__}."):
        importlib.import_module(module.name)
    _LOADED.append(True)
