"""The phone's replays, resumed from checkpoints as the server's are (issue 38 point 6).

The server adds hand 300 at the cost of hand 3 (:mod:`scorekeeper.rules.core.runner`, its replay
cache). The phone's engine did not: each write replayed its match from hand 1, so a Save cost
more at hand 60 than at hand 6. :class:`ResumedReplays` is the engine's
:class:`~scorekeeper.rules.contract.writes.Replays`: every replay starts from the longest
checkpoint its first hands allow, and :class:`Resumed` carries the checkpoints it passed for the
next write. Resuming reaches exactly the state a whole replay reaches
(``tests/rules/core/test_resume.py``): the answers stay the server's.

>>> from ..games.registry import find_variant
>>> variant = find_variant("pinochle-2")
>>> setup = variant.setup(["Ana", "Ben"])
>>> hand = {"meld": {"Ana": 20, "Ben": 0}, "tricks": {"Ana": 130, "Ben": 120}}
>>> first = ResumedReplays(variant, setup).strict([hand] * 3, finished=False)
>>> [c.count for c in first.checkpoints]
[3]
>>> later = ResumedReplays(variant, setup, first.checkpoints).strict([hand] * 4, finished=False)
>>> later.resumed_from, dict(later.state.totals)
(3, {'Ana': 600, 'Ben': 480})
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..core.errors import MatchOverError, RuleError
from ..core.match import MatchState, Setup, finish
from ..core.runner import Checkpoint
from ..games.registry import Variant
from ..games.replay import replay

#: A checkpoint kept every this many hands, besides the last ones (a correction of an older
#: hand resumes from the one before it).
EVERY = 16
#: The checkpoints kept after the last hands: an undo, or a correction of one of the latest
#: hands (the page offers the latest three offline), resumes from one of them.
LAST = 4

Inputs = Sequence[Mapping[str, Any]]


@dataclass(frozen=True)
class Resumed:
    """A replay of :class:`ResumedReplays`: the match, and the checkpoints known after it."""

    state: MatchState
    #: Every checkpoint still true of the entries replayed (and of the first hands of the
    #: earlier ones), oldest first.
    checkpoints: tuple[Checkpoint, ...]
    #: How many hands were not replayed: the count of the checkpoint it started from.
    resumed_from: int = 0


def same_start(checkpoint: Checkpoint, inputs: Inputs) -> bool:
    """Whether ``checkpoint`` was reached by the first hands of ``inputs`` (the entries it
    replayed are those, unchanged)."""
    if checkpoint.count > len(inputs):
        return False
    return all(
        result.input is entry or result.input == entry
        for result, entry in zip(checkpoint.results, inputs[: checkpoint.count], strict=True)
    )


def still_true(checkpoints: Sequence[Checkpoint], inputs: Inputs) -> tuple[Checkpoint, ...]:
    """Those of ``checkpoints`` that the first hands of ``inputs`` still reach."""
    return tuple(c for c in checkpoints if same_start(c, inputs))


def kept(checkpoints: Sequence[Checkpoint]) -> tuple[Checkpoint, ...]:
    """The checkpoints worth keeping (by count, one of each): every :data:`EVERY` hands and the
    :data:`LAST` latest, so what a phone holds does not grow with the night past a few."""
    by_count = {c.count: c for c in checkpoints}
    counts = sorted(by_count)
    latest = set(counts[-LAST:])
    return tuple(by_count[n] for n in counts if n in latest or n % EVERY == 0)


@dataclass(frozen=True)
class ResumedReplays:
    """The replays of the phone's writes (:class:`~scorekeeper.rules.contract.writes.Replays`):
    from the longest of ``checkpoints`` that the entries allow, else from hand 1."""

    variant: Variant
    setup: Setup
    checkpoints: tuple[Checkpoint, ...] = ()

    def start(self, inputs: Inputs) -> Checkpoint:
        """The longest known checkpoint that ``inputs`` begin with (hand 0 without one)."""
        for checkpoint in reversed(self.checkpoints):
            if same_start(checkpoint, inputs):
                return checkpoint
        return self.variant.start(self.setup)

    def strict(self, inputs: Inputs, *, finished: bool) -> Resumed:
        """See :meth:`~scorekeeper.rules.contract.writes.Replays.strict`."""
        start = self.start(inputs)
        state, passed = self.variant.resume(start, inputs, every=EVERY)
        still = still_true(self.checkpoints, inputs)
        return Resumed(_ended(state, finished), kept([*still, *passed]), start.count)

    def lenient(self, inputs: Inputs, *, finished: bool) -> Resumed:
        """See :meth:`~scorekeeper.rules.contract.writes.Replays.lenient`: resumed while every
        hand replays; a refused stored hand (rare: rules changed) is replayed whole."""
        try:
            return self.strict(inputs, finished=finished)
        except (MatchOverError, RuleError):
            return Resumed(
                self.whole(inputs, finished=finished), still_true(self.checkpoints, inputs)
            )

    def whole(self, inputs: Inputs, *, finished: bool) -> MatchState:
        """See :meth:`~scorekeeper.rules.contract.writes.Replays.whole`."""
        return _ended(replay(self.variant, self.setup, inputs), finished)


def _ended(state: MatchState, finished: bool) -> MatchState:
    return finish(state) if finished else state
