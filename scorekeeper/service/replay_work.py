"""A replay's work, bounded (issue 37, point 1): what one phone's previews and corrections of
its own long match may cost the other tables.

A correction of hand 1 of a 1,000-hand match replays 1,000 hands (half a CPU-second); its
preview does the same at each pause in the typing. Three bounds, applied where the replay runs
(:func:`.replaying.resumed`, :meth:`.replaying.CachedReplays.whole`) through :func:`replaying`:

- **counted by its hands**: a preview, a correction (:func:`counted`), and any write's replay of
  more than :data:`LONG_REPLAY` hands, are counted by the hands they replay against the budgets
  of hands per address and per match (``RATELIMIT_REPLAY_HANDS``,
  ``RATELIMIT_REPLAY_HANDS_MATCH``: the app's ``replay_charge`` hook,
  :func:`scorekeeper.infra.rate_limits.charge_replay`), before the replay: a spent budget is a
  :class:`~.outcomes.Busy` 429 that cost nothing;
- **without a connection**: a replay of more than :data:`LONG_REPLAY` hands inside
  :func:`releasing` (a preview, a write's check) first ends the read transaction and gives its
  connection back (what was read stays loaded); a write then takes its lock and reads the
  version again (:mod:`.writing`, step 6), so no connection of the pool and no lock of the
  database (SQLite's write lock, a PostgreSQL row lock) is held while the rules count;
- **a few at once**: at most ``REPLAY_CONCURRENCY`` such long replays run at once in a process
  (a semaphore); past it a replay waits up to ``REPLAY_WAIT`` seconds, then is a
  :class:`~.outcomes.Busy` 503 with ``Retry-After``. ``0`` turns the bound off.

A replay of :data:`LONG_REPLAY` hands or fewer (a hand added: one hand from the cached
checkpoint; any correction of a club match) takes no slot and keeps its transaction: the write
path stays the floor's (``BEGIN``, ``SELECT FOR UPDATE``, ``INSERT``, ``UPDATE``, ``COMMIT``).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

from flask import current_app, has_request_context

from .outcomes import Busy

#: A replay of more hands than this is long: counted whatever the request, run in a slot,
#: without a connection (module doc). Twice the replay cache's checkpoint spacing: a correction
#: of any hand of a 100-hand match, and every hand added, stay short.
LONG_REPLAY = 100

#: ``charge(public_id, hands)``: count ``hands`` replayed for the match (and the request's
#: address); raises :class:`~.outcomes.Busy` (429) when a budget is spent (``hands == 0``: only
#: whether one is spent already). The app's ``replay_charge`` extension
#: (:mod:`scorekeeper.infra.replay_limits`).
Charge = Callable[[str, int], None]


@dataclass
class _Releasing:
    """A :func:`releasing` block: how to end the read, and whether a replay did."""

    release: Callable[[], bool]
    released: bool = False


_counted: ContextVar[bool] = ContextVar("scorekeeper_replay_counted", default=False)
_releasing: ContextVar[_Releasing | None] = ContextVar("scorekeeper_replay_releasing", default=None)


@contextmanager
def counted(public_id: str) -> Iterator[None]:
    """Inside it (a preview, a correction of the match), every replay is counted by its hands,
    however few; refused at once (before the match's hands are read) when a budget of the
    match or the address is spent already."""
    if has_request_context():
        charge: Charge | None = current_app.extensions.get("replay_charge")
        if charge is not None:
            charge(public_id, 0)
    token = _counted.set(True)
    try:
        yield
    finally:
        _counted.reset(token)


@contextmanager
def releasing(release: Callable[[], bool]) -> Iterator[_Releasing]:
    """Inside it, a long replay first calls ``release()`` (which ends the read transaction and
    says whether it could); the block's value tells afterwards whether one did (a write then
    locks and checks the version again)."""
    block = _Releasing(release)
    token = _releasing.set(block)
    try:
        yield block
    finally:
        _releasing.reset(token)


class Slots:
    """The long replays one process runs at once: at most ``size`` (0: no bound)."""

    def __init__(self, size: int, wait: float) -> None:
        self.size = size
        self.wait = wait
        self._semaphore = threading.BoundedSemaphore(size) if size > 0 else None

    @contextmanager
    def slot(self) -> Iterator[None]:
        """Run the block in a slot, waiting up to ``wait`` seconds for one; else 503."""
        if self._semaphore is None:
            yield
            return
        if not self._semaphore.acquire(timeout=self.wait):
            raise Busy(503, 1)
        try:
            yield
        finally:
            self._semaphore.release()


def _slots() -> Slots | None:
    found: Slots | None = current_app.extensions.get("replay_slots")
    return found


def init_app(extensions: dict[str, object], concurrency: int, wait: float) -> None:
    """Give the app its process's :class:`Slots` (``REPLAY_CONCURRENCY``, ``REPLAY_WAIT``)."""
    extensions["replay_slots"] = Slots(concurrency, wait)


@contextmanager
def slot() -> Iterator[None]:
    """Run the block in one of the process's slots for long work (:class:`Slots`): a write's
    answer to a long replay (every later hand's JSON) is built in one too."""
    slots = _slots()
    if slots is None:
        yield
        return
    with slots.slot():
        yield


@contextmanager
def replaying(public_id: str, hands: int) -> Iterator[None]:
    """Run a replay of ``hands`` hands of the match under the bounds of the module doc."""
    long = hands > LONG_REPLAY
    block = _releasing.get()
    if has_request_context() and (long and block is not None or _counted.get()):
        charge: Charge | None = current_app.extensions.get("replay_charge")
        if charge is not None:
            charge(public_id, hands)
    if not long:
        yield
        return
    if block is not None and block.release():
        block.released = True
    with slot():
        yield
