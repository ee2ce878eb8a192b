"""The work a heuristic plan may do (docs/club.md §4.7 "Budget", §17).

The heuristic of :mod:`scorekeeper.rules.club.rotation.heuristic` counts its work in units (swap
evaluations and cost entries computed, plus a charge per round and per night for what is not a
swap), never by the clock: one seed and one budget give one schedule on every machine, and a test
drives a budget to its end without waiting. A :class:`Budget` says two things:

* ``nights``: the work after which no further whole night is started (§4.7 step 3);
* ``limit``: the work after which the search stops, within a night too: each round's
  descents stop at the round's share of what is left (:meth:`Budget.round_stop`); a round
  whose share cannot pay for a whole descent starts from a greedy seating, and a round with
  nothing left is seated greedily, unsearched (its sit-outs always as §4.7 step 1 says, so
  every guarantee of §4.2 and §4.3 holds). The plan is then marked :attr:`Budget.cut`.

:func:`host_budget` is a host's real plan (about 1 s of the project's 2-core machine, §17);
:func:`preview_budget` an unauthenticated preview's (about 0.3 s with its answer).
``UNITS_PER_SECOND`` is the calibration ``bench/schedule_preview.py`` measures.

>>> budget = Budget(limit=100, nights=50)
>>> budget.round_stop(4), budget.exhausted()
(50, False)
>>> budget.work = 120
>>> budget.exhausted(), budget.round_stop(2)
(True, 100)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

#: Work units of the planner per CPU-second on the project's 2-core machine, as
#: ``bench/schedule_preview.py`` measures them for the largest nights (the small ones run
#: fewer units a second, which the per-round and per-night charges make up for).
UNITS_PER_SECOND: Final = 6_000_000
#: Work after which no further night is started (docs/club.md §4.7 step 3): a count, never
#: the clock. The nights of §4.2's table need at most a tenth of it; a night of tables where
#: each plays for himself rarely reaches its lower bound, and this keeps 40 players x 12
#: rounds within §17's second (about four nights of 10 tables).
NIGHTS_WORK: Final = 1_000_000
#: A host's real plan: §17's second of search (a little more: the largest night, 64 players
#: x 40 rounds, about 6.7 million units, is planned whole), checked within a night too.
HOST_LIMIT: Final = 8_000_000
#: An unauthenticated preview (``POST /api/v1/schedules``): about 0.17 s of search, so that
#: with the tables' numbering, the balance and the answer it stays within 0.3 CPU-s.
PREVIEW_LIMIT: Final = 1_000_000
#: A round may spend this many times its even share of what is left: a night that fits the
#: limit is never cut (rounds of one night cost about the same), and one that does not is
#: cut evenly over its rounds rather than in its last ones only.
SLACK: Final = 2


@dataclass(slots=True)
class Budget:
    """A plan's work: what it may spend (``limit``, ``nights``) and what it has spent."""

    limit: int
    nights: int = NIGHTS_WORK
    #: Swap evaluations and cost entries computed (what ``nights`` is compared with).
    work: int = 0
    #: The charges for what is not a swap (a round's set-up, a night's copy and figures).
    overhead: int = 0
    #: Whether the limit stopped the search anywhere (the plan is the best found so far).
    cut: bool = False

    @property
    def spent(self) -> int:
        """Every unit spent so far."""
        return self.work + self.overhead

    def exhausted(self) -> bool:
        """Whether the limit is reached (no further search, in any night)."""
        return self.spent >= self.limit

    def round_stop(self, rounds_left: int) -> int:
        """The spent count at which the round about to be planned stops searching: its share
        (times :data:`SLACK`) of what is left, ``rounds_left`` counting it."""
        left = max(0, self.limit - self.spent)
        return min(self.limit, self.spent + left * SLACK // max(1, rounds_left))


def host_budget() -> Budget:
    """A host's real plan (creating a night, a redraw, a re-plan): §17's second."""
    return Budget(HOST_LIMIT)


def preview_budget() -> Budget:
    """An unauthenticated preview: about 0.3 CPU-s with its answer (docs/api.md "Limits")."""
    return Budget(PREVIEW_LIMIT)
