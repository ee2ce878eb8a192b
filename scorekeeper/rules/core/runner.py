"""A replay that can stop and resume: :class:`Runner` and :class:`Checkpoint` (issue 14).

Every form replays a match hand by hand, carrying a little state from one hand to the next
(totals, the target, who has placed). A :class:`Runner` is that state; ``Variant.resume`` feeds
it hands. A :class:`Checkpoint` is a runner stopped after some hands, kept unchanged: a later
replay of the same hands with more after them starts from it instead of from hand 1, which is
how the service adds hand 300 at the cost of hand 3.

Resuming must reach exactly the state a whole replay reaches. The test suite checks it: every
resume it makes is compared with the whole replay (``tests/conftest.py``), and
``tests/rules/core/test_resume.py`` resumes random matches of every form from random checkpoints.
"""

from __future__ import annotations

import copy
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Self

from .match import HandResult, MatchState


class Runner(ABC):
    """A replay in progress: what the rules carry from one hand to the next."""

    #: True once the match has ended: a further hand is refused (``MatchOverError``).
    over: bool = False

    @abstractmethod
    def hand(self, number: int, raw: Mapping[str, Any]) -> HandResult:
        """Read and score hand ``number`` (a :class:`~scorekeeper.rules.RuleError` refuses it
        and leaves the runner unusable: resume from a checkpoint instead)."""

    @abstractmethod
    def state(self, results: tuple[HandResult, ...]) -> MatchState:
        """The match as it stands now, with ``results`` (every hand so far) as its hands."""

    def copy(self) -> Self:
        """A copy that shares nothing a later hand changes: runners keep their state in plain
        attributes whose values are immutable or dicts, lists and sets of immutable values."""
        twin = copy.copy(self)
        for name, value in vars(self).items():
            if isinstance(value, dict | list | set):
                setattr(twin, name, value.copy())
        return twin


@dataclass(frozen=True)
class Checkpoint:
    """A runner stopped after ``count`` hands, with their results. Never changed: resuming
    works on a copy, so one checkpoint serves any number of replays."""

    count: int
    runner: Runner
    results: tuple[HandResult, ...]
