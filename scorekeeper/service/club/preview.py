"""The schedule preview's plan (``POST /api/v1/schedules``, no credential; docs/api.md
"Limits", docs/club.md §17): within the preview's budget, and kept per process.

A preview costs at most the preview's budget of search (:func:`.rules.rotation_budget.
preview_budget`, about 0.3 CPU-s with its answer, where a host's real plan has §17's second),
checked within a night: a plan the budget cut is the best found so far, and says so
(``cut``). The plan depends only on the body once read (the form, the rotation, the count of
players, the pairs), so that is the key of a small LRU: a repeated preview, however its JSON
is spelled and whatever the names, is answered from memory. A body without ``rotation.seed``
is kept under "no seed": a preview's drawn seed is shown nowhere, so one drawn plan serves
them all (and leaving the seed out is no way around the memory). Identical previews that
arrive together are planned once: the others wait for it.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping

from ...rules.club.rotation import plan as rotation
from ...rules.club.rotation.budget import Budget, preview_budget
from ...rules.club.rotation.plan import Plan, Rotation
from ...rules.games.club_form import ClubForm

#: What a plan is kept under: the form, the rotation (its seed None when none was sent), the
#: count of players and the pairs.
Key = tuple[ClubForm, Rotation, int, tuple[tuple[int, tuple[int, int]], ...]]

#: The budget a preview plans within (bench/schedule_preview.py puts a host's in its place to
#: compare the two).
BUDGET: Callable[[], Budget] = preview_budget
#: Plans kept per process (a 64 x 40 plan is about 100 KB of tuples).
PREVIEWS_KEPT = 64

_KEPT: OrderedDict[Key, Plan] = OrderedDict()
_LOCK = threading.Lock()
#: One lock per key being planned: identical previews at once plan it once.
_PLANNING: dict[Key, threading.Lock] = {}


def preview_key(
    form: ClubForm,
    rotation_read: Rotation,
    count: int,
    pairs: Mapping[int, tuple[int, int]],
    seeded: bool,
) -> Key:
    """The normalized body: what the plan depends on, the seed only when the body sent one."""
    unseeded = Rotation(
        rotation_read.scheme,
        rotation_read.rounds,
        rotation_read.draw,
        rotation_read.seed if seeded else -1,
        rotation_read.table_size,
        rotation_read.movement,
    )
    return form, unseeded, count, tuple(sorted(pairs.items()))


def preview_plan(
    form: ClubForm,
    rotation_read: Rotation,
    count: int,
    pairs: Mapping[int, tuple[int, int]],
    seeded: bool,
) -> Plan:
    """The plan of a previewed night of ``count`` players, from memory when one of the same
    key was planned, else within the preview's budget (and then kept)."""
    key = preview_key(form, rotation_read, count, pairs, seeded)
    found = _recall(key)
    if found is not None:
        return found
    with _LOCK:
        planning = _PLANNING.setdefault(key, threading.Lock())
    with planning:
        found = _recall(key)
        if found is None:
            try:
                found = rotation.plan(
                    form, rotation_read, range(1, count + 1), pairs=pairs, budget=BUDGET()
                )
                with _LOCK:
                    _KEPT[key] = found
                    while len(_KEPT) > PREVIEWS_KEPT:
                        _KEPT.popitem(last=False)
            finally:
                with _LOCK:
                    _PLANNING.pop(key, None)
    return found


def _recall(key: Key) -> Plan | None:
    with _LOCK:
        found = _KEPT.get(key)
        if found is not None:
            _KEPT.move_to_end(key)
        return found


def forget_previews() -> None:
    """Empty the memory (tests, benches)."""
    with _LOCK:
        _KEPT.clear()
