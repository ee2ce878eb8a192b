"""A match's state: its stored hands replayed through its variant's rules, through this process's
replay cache (:mod:`.replay_cache`).

Stored hands the rules refuse
-----------------------------
Reads never fail on a stored hand (docs/rules.md §7): :func:`state_of` replays leniently
(:func:`scorekeeper.rules.games.replay.replay`), so a match whose hand N the current rules refuse is
the match as it stood after hand N-1, with ``state.problems == (Problem(N, error),)``. Writes
replay strictly (:meth:`CachedReplays.strict`): while a problem stands, adding a hand and
finishing are a :class:`~.outcomes.Conflict`; replacing the problem hand with an entry the
rules take fixes it, and undoing the last hand works as always (and removes the problem hand
when it is the last): the decisions of :mod:`scorekeeper.rules.contract.writes`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, TypeVar

import sqlalchemy as sa
from flask import current_app

from ..extensions import db
from ..models import Hand, Match
from ..rules import MatchOverError, MatchState, RuleError, Setup, finish
from ..rules.contract import wire, writes
from ..rules.core.match import HandResult
from ..rules.core.settle import Settlement
from ..rules.games.registry import Variant, find_variant
from ..rules.games.replay import replay
from . import replay_cache, replay_work
from .outcomes import write_refusals

T = TypeVar("T")


def stored_match(match: Match) -> wire.StoredMatch:
    """The stored fields of ``match``: what its JSON shows of them, and its setup
    (:class:`scorekeeper.rules.contract.wire.StoredMatch`, the phone's too)."""
    return wire.StoredMatch(
        match.variant, match.options, match.players, match.teams, match.first_dealer
    )


def setup_of(match: Match) -> Setup:
    """The rules' :class:`Setup` of a stored match (its options as resolved at creation)."""
    return stored_match(match).setup()


def decision_inputs(match: Match) -> tuple[Variant, Setup, Sequence[Mapping[str, Any]], bool]:
    """What a write's decision (:mod:`scorekeeper.rules.contract.writes`) takes of the stored match:
    its variant, its setup, its entries and whether the table ended it."""
    return find_variant(match.variant), setup_of(match), stored_inputs(match), match.finished


def state_of(match: Match) -> MatchState:
    """The match replayed by its rules; ended by :func:`~scorekeeper.rules.finish` if the table
    finished it. Never refused: if the rules refuse stored hand N, the match as it stood before
    it, with ``problems`` naming it (module doc, "Stored hands the rules refuse").

    From the replay cache when it holds the match at this version (no hand is loaded), else
    resumed from its longest checkpoint that still holds (:mod:`.replay_cache`)."""
    return _cached(match).state


def hand_count(match: Match) -> int:
    """How many hands the match has stored (the replayed state shows fewer when the rules
    refuse a stored hand)."""
    return _cached(match).count


def memo(match: Match, state: MatchState, key: str, build: Callable[[], T]) -> T:
    """``build()``, kept with the cached replay of this version of the match under ``key``
    (e.g. the whole JSON answer of a read in one language)."""
    entry = cache_entry(match)
    if entry is not None and entry.state is state:
        return entry.value(key, build)
    return build()


def per_hand(
    match: Match, state: MatchState, key: str, build: Callable[[HandResult], T]
) -> list[T]:
    """``build(hand)`` for every hand of ``state``, kept with the cached replay under ``key``
    (e.g. a hand's JSON in one language) so that each hand is built once per process. While a
    write answers (:func:`answering`), with the replay that write made."""
    for entry in (_answering(match), cache_entry(match)):
        if entry is not None and entry.state is state:
            return entry.per_hand(key, build)
    return [build(hand) for hand in state.hands]


def settlement(match: Match, state: MatchState | None = None) -> Settlement:
    """The settle-up of an auction match in units; :class:`~.outcomes.Conflict` for any other
    match (:func:`scorekeeper.rules.contract.writes.settle`).

    ``state`` is the match as :func:`state_of` gives it, when the caller has it already
    (saves replaying every hand a second time)."""
    with write_refusals():
        return writes.settle(setup_of(match), state or state_of(match))


# --- The replays of the writes ----------------------------------------------------------------


@dataclass(frozen=True)
class CachedReplays:
    """The replays a write of ``match`` lends its decision
    (:class:`scorekeeper.rules.contract.writes. Replays`): resumed from the replay cache's
    checkpoints (:func:`resumed`); the write caches the replay it used once committed
    (:mod:`.writing`)."""

    match: Match

    def strict(self, inputs: Sequence[Mapping[str, Any]], *, finished: bool) -> replay_cache.Cached:
        """The strict replay of the writes: any hand the rules refuse raises."""
        return resumed(self.match, inputs, strict=True, finished=finished)

    def lenient(
        self, inputs: Sequence[Mapping[str, Any]], *, finished: bool
    ) -> replay_cache.Cached:
        """The lenient replay of the reads: a refused stored hand becomes ``state.problems``."""
        return resumed(self.match, inputs, strict=False, finished=finished)

    def whole(self, inputs: Sequence[Mapping[str, Any]], *, finished: bool) -> MatchState:
        """The lenient replay from hand 1, uncached."""
        plain = writes.PlainReplays(find_variant(self.match.variant), setup_of(self.match))
        with replay_work.replaying(self.match.public_id, len(inputs)):
            return plain.whole(inputs, finished=finished)


def uncached_state(match: Match) -> MatchState:
    """The match replayed as :func:`state_of` does, but not put in the replay cache: the
    summaries of a group's old matches must not push tonight's matches out of it."""
    entry = cache_entry(match)
    if entry is not None:
        return entry.state
    return resumed(match, stored_inputs(match), strict=False).state


#: Where a write keeps the replay it made while its answer is built (:func:`answering`).
_ANSWERING = "scorekeeper.service.answering"


@contextmanager
def answering(match: Match, replayed: replay_cache.Cached | None) -> Iterator[None]:
    """While the write of ``match`` builds its answer (inside its transaction, before the
    replay may be cached): :func:`per_hand` of this match takes the memos of ``replayed``, the
    write's own replay, so the hands it shares with the last version are not built again."""
    info = sa.inspect(match).info
    if replayed is not None:
        info[_ANSWERING] = replayed
    try:
        yield
    finally:
        info.pop(_ANSWERING, None)


def _answering(match: Match) -> replay_cache.Cached | None:
    found: replay_cache.Cached | None = sa.inspect(match).info.get(_ANSWERING)
    return found


# --- The replay cache -------------------------------------------------------------------------


def process_cache() -> replay_cache.ReplayCache | None:
    """This process's replay cache; ``None`` when ``REPLAY_CACHE_MATCHES`` is 0."""
    cache: replay_cache.ReplayCache | None = current_app.extensions.get("replay_cache")
    return cache if cache is not None and cache.size > 0 else None


def _fingerprint(match: Match) -> str:
    return replay_cache.fingerprint(
        match.variant, match.options, match.players, match.teams, match.first_dealer
    )


def cache_entry(match: Match) -> replay_cache.Cached | None:
    """The cached replay of the match at its current version and setup, if any."""
    cache = process_cache()
    entry = cache.get(match.id) if cache is not None else None
    if entry is None or entry.version != match.version:
        return None
    return entry if entry.fingerprint == _fingerprint(match) else None


def _cached(match: Match) -> replay_cache.Cached:
    """The lenient replay of the match's stored hands: cached, or made and cached."""
    entry = cache_entry(match)
    if entry is not None:
        return entry
    fresh = resumed(match, stored_inputs(match), strict=False)
    cache = process_cache()
    if cache is not None:
        cache.put(match.id, fresh)
    return fresh


def stored_inputs(match: Match) -> Sequence[Mapping[str, Any]]:
    """The match's hands as entered: those loaded already; else, when the cache holds the match
    at its version replayed whole, the entries its replay took (no query); else one query for
    the entries alone (no ORM objects)."""
    if "hands" not in sa.inspect(match).unloaded:
        return [hand.input for hand in match.hands]
    entry = cache_entry(match)
    if entry is not None and len(entry.inputs) == entry.count:
        return entry.inputs
    return list(
        db.session.scalars(
            sa.select(Hand.input).where(Hand.match_id == match.id).order_by(Hand.number)
        )
    )


def resumed(
    match: Match,
    inputs: Sequence[Mapping[str, Any]],
    *,
    strict: bool,
    finished: bool | None = None,
) -> replay_cache.Cached:
    """Replay ``inputs`` from the longest cached checkpoint they allow (from hand 1 without
    one). ``strict``: a hand the rules refuse raises; else it becomes ``state.problems``.
    ``finished``: whether the table ended the match (default: as it is stored)."""
    cache = process_cache()
    before = cache.get(match.id) if cache is not None else None
    fingerprint = _fingerprint(match)
    variant, setup = find_variant(match.variant), setup_of(match)
    start = replay_cache.best_start(before, fingerprint, inputs) or variant.start(setup)
    # The checkpoints before the start still hold: the same first hands. Of them only those
    # every CHECKPOINT_EVERY hands stay, beside the start and the replay's last (an undo or a
    # correction of the last hand then replays one hand): a checkpoint kept after every hand
    # would make each write walk (and the cache hold) one per hand stored.
    every = replay_cache.CHECKPOINT_EVERY
    kept = tuple(
        c
        for c in (before.checkpoints if before else ())
        if c.count < start.count and c.count % every == 0
    )
    if start.count:
        kept += (start,)
    # Bounded by its work (:mod:`.replay_work`): counted, and a long one in a slot, without
    # a connection.
    with replay_work.replaying(match.public_id, len(inputs) - start.count):
        try:
            state, passed = variant.resume(start, inputs, every=replay_cache.CHECKPOINT_EVERY)
            checkpoints = kept + tuple(c for c in passed if c.count > start.count)
        except (MatchOverError, RuleError):
            if strict:
                raise
            state, checkpoints = replay(variant, setup, inputs), kept
    if match.finished if finished is None else finished:
        state = finish(state)
    fresh = replay_cache.Cached(
        version=match.version,
        fingerprint=fingerprint,
        state=state,
        count=len(inputs),
        checkpoints=checkpoints,
        inputs=tuple(inputs),
    )
    return replay_cache.inherit(fresh, before)
