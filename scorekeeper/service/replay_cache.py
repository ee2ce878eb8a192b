"""A per-process cache of replayed matches (issue 14), so that a hand costs the same at hand 300
as at hand 3.

A match is stored as its hands and replayed on every read
(:mod:`scorekeeper.service.replaying`). This cache keeps, per match, the state last replayed
with the version and setup it belongs to, and the replay's checkpoints
(:class:`~scorekeeper.rules.core.runner.Checkpoint`, one every :data:`CHECKPOINT_EVERY` hands and
one after the last):

- a read whose match has the cached version (and setup) is answered from the cache without
  loading a hand;
- any other replay (a read after a write elsewhere, or a write) resumes from the longest
  checkpoint whose hands are, entry for entry, the first hands of the replay, so adding hand
  300 replays one hand and correcting hand 250 replays from hand 201. The comparison of the
  entries (not the version) is what makes a checkpoint valid: a write through another process
  or server changes the version, the next request here sees it and replays what changed.

What the pages and the API make of each hand (its JSON in a language) is kept beside it
(:meth:`Cached.per_hand`), for the hands the next version shares.

Bounded: at most ``REPLAY_CACHE_MATCHES`` matches and :data:`HANDS_PER_MATCH` times as many
hands in all (least recently used first out; 0 turns the cache off), each match with at most
``MAX_HANDS / CHECKPOINT_EVERY + 1`` checkpoints.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from ..rules import MatchState
from ..rules.core.match import HandResult
from ..rules.core.runner import Checkpoint

#: How many hands apart the checkpoints of a replay are: correcting a hand replays at most this
#: many hands before it.
CHECKPOINT_EVERY = 50

#: The hands the cache holds in all, per match it may hold: a bound on its memory whatever the
#: matches' lengths (256 matches of 1,000 hands would hold hundreds of MB).
HANDS_PER_MATCH = 60

T = TypeVar("T")


def fingerprint(variant: str, options: Any, players: Any, teams: Any, dealer: str) -> str:
    """What a replay depends on besides the hands: a match whose setup changed (a data
    migration rewrote its options) is never answered from an older replay."""
    return json.dumps([variant, options, players, teams, dealer], sort_keys=True, default=str)


@dataclass
class Cached:
    """One match as last replayed in this process."""

    version: int
    fingerprint: str
    #: The state a read gets (lenient, finished by the table if it was).
    state: MatchState
    #: How many hands are stored (a match whose hand N the rules refuse shows N - 1).
    count: int
    #: Ascending by ``count``; each one reached by the stored hands of ``version``.
    checkpoints: tuple[Checkpoint, ...]
    #: The entries this replay took, one per stored hand (``count`` of them): a write's next
    #: replay reads them here rather than walking the results (``replaying.stored_inputs``).
    inputs: tuple[Mapping[str, Any], ...] = ()
    #: ``per_hand`` memos: key -> (the hands, their values) by the hands' places; a value
    #: counts only for the very hand at its place, or one equal to it (a replay resumed from a
    #: checkpoint shares the hands before it, so the memo of a version before serves as it is).
    memos: dict[str, tuple[tuple[HandResult, ...], list[Any]]] = field(default_factory=dict)
    #: ``value`` memos: key -> what was built from this version alone (e.g. a whole answer).
    values: dict[str, Any] = field(default_factory=dict)

    def value(self, key: str, build: Callable[[], T]) -> T:
        """``build()`` once per ``key`` for this version of the match."""
        if key not in self.values:
            self.values[key] = build()
        found: T = self.values[key]
        return found

    def per_hand(self, key: str, build: Callable[[HandResult], T]) -> list[T]:
        """``build(hand)`` for every hand of the state, each computed once per ``key`` (e.g.
        the JSON of a hand in one language) and shared with later versions that keep it."""
        hands = self.state.hands
        known, values = self.memos.get(key, ((), []))
        same = shared_prefix(known, hands)
        kept = values[:same] + [build(hand) for hand in hands[same:]]
        self.memos[key] = (hands, kept)  # new lists: a memo shared with another version stays
        return kept


def shared_prefix(before: Sequence[Any], now: Sequence[Any]) -> int:
    """How many leading items ``before`` and ``now`` share, compared as the sequences compare
    them (the same object first, which is what a resumed replay shares): one comparison in C for
    the common case of ``before`` being all of ``now``'s start, an item walk only past it.

    >>> shared_prefix((1, 2, 3), (1, 2, 4, 5)), shared_prefix((1, 2), (1, 2, 3))
    (2, 2)
    """
    size = min(len(before), len(now))
    if tuple(before[:size]) == tuple(now[:size]):
        return size
    same = 0
    while before[same] == now[same]:
        same += 1
    return same


def inherit(entry: Cached, before: Cached | None) -> Cached:
    """``entry`` with the memos of ``before`` for the hands they share (the same objects: a
    replay resumed from a checkpoint shares the hands before it)."""
    if before is None or before is entry:
        return entry
    for key, memo in before.memos.items():
        # Shared as it is: per_hand takes an entry only for the same hand object at its place.
        entry.memos.setdefault(key, memo)
    return entry


class ReplayCache:
    """The cache of one process: thread-safe (gthread workers), least recently used out."""

    def __init__(self, size: int, hands: int | None = None) -> None:
        self.size = size
        #: The most hands kept in all (what the memory holds grows with them, a few KB each):
        #: by default an average of :data:`HANDS_PER_MATCH` per match.
        self.hands = hands if hands is not None else size * HANDS_PER_MATCH
        self._entries: OrderedDict[int, Cached] = OrderedDict()
        self._held = 0
        self._lock = threading.Lock()

    def get(self, match_id: int) -> Cached | None:
        """The match's entry, whatever its version (the caller checks it)."""
        with self._lock:
            found = self._entries.get(match_id)
            if found is not None:
                self._entries.move_to_end(match_id)
            return found

    def put(self, match_id: int, entry: Cached) -> None:
        """Keep ``entry`` as the match's; drop the least recently used matches beyond
        ``size``."""
        if self.size <= 0:
            return
        with self._lock:
            before = self._entries.pop(match_id, None)
            if before is not None:
                self._held -= before.count
            self._entries[match_id] = entry
            self._held += entry.count
            while len(self._entries) > 1 and (
                len(self._entries) > self.size or self._held > self.hands
            ):
                _, dropped = self._entries.popitem(last=False)
                self._held -= dropped.count

    def clear(self) -> None:
        """Forget every match (tests, and a restore of the database)."""
        with self._lock:
            self._entries.clear()
            self._held = 0

    def __len__(self) -> int:
        return len(self._entries)


def best_start(
    entry: Cached | None, fingerprint_now: str, inputs: Sequence[Mapping[str, Any]]
) -> Checkpoint | None:
    """The longest checkpoint of ``entry`` from which a replay of ``inputs`` can resume: one
    reached by exactly the first hands of ``inputs`` under the same setup.

    The checkpoints of an entry come from one chain of replays, so each one's hands are the
    first hands of the longest one's: a single comparison finds where ``inputs`` part."""
    if entry is None or entry.fingerprint != fingerprint_now or not entry.checkpoints:
        return None
    reference = entry.checkpoints[-1].results
    # A write's inputs are mostly the cached replay's own entries (replaying.stored_inputs),
    # compared in one go (the same object needs no walk of its fields).
    done = entry.inputs[: len(reference)] if len(entry.inputs) >= len(reference) else None
    if done is None:
        done = tuple(hand.input for hand in reference)
    same = shared_prefix(done, inputs)
    for checkpoint in reversed(entry.checkpoints):
        if checkpoint.count <= same:
            return checkpoint
    return None
