"""The one place that reads and writes matches: used by the JSON API and by the phone pages.

A match is stored as its setup and its hands as entered; every score, total, winner and
dealer comes from replaying the hands through the variant's rules (:func:`state_of`).

Writes
------
Every write (:func:`add_hand`, :func:`replace_hand`, :func:`delete_last_hand`,
:func:`finish_match`) stores in one transaction, in this order:

1. read the match: on PostgreSQL locked (``SELECT ... FOR UPDATE``), so that two writes to one
   match run one after the other and the second sees the first's hands; on SQLite, which has
   no row locks, unlocked (step 6 locks);
2. check the edit token (:class:`Unauthorized`);
3. if the ``idempotency_key`` was used on this match within :data:`IDEMPOTENCY_DAYS`, answer
   from its record and change nothing (so the key is checked before the version: a repeated
   request carries the version that was current the first time);
4. check ``version`` against the match's (:class:`Conflict`); a match that holds
   :data:`MAX_HANDS` hands takes no more (:class:`Conflict`, docs/api.md "Limits");
5. replay the rules on the new list of hands: a :class:`~scorekeeper.rules.RuleError`
   (HTTP 422) or :class:`Conflict` stores nothing, so a refused request does not use up its
   key;
6. on SQLite only now take the database's write lock (a no-op ``UPDATE`` of the row as the
   transaction's first statement; SQLite's busy timeout queues it behind another writer) and
   read the version again: if another write came in since step 1, start again from step 1
   (the replay of step 5 no longer holds). So the replay, the costly part, never runs while
   the whole database is locked for writing, and a write to another match never waits for it;
7. write the hand, bump ``version``, delete the keys older than :data:`IDEMPOTENCY_DAYS`, keep
   this one's record, commit.

Stored hands the rules refuse
-----------------------------
Reads never fail on a stored hand (docs/rules.md §7): :func:`state_of` replays leniently
(:func:`scorekeeper.rules.replay.replay`), so a match whose hand N the current rules refuse is
the match as it stood after hand N-1, with ``state.problems == (Problem(N, error),)``. Writes
replay strictly: while a problem stands, adding a hand and finishing are a :class:`Conflict`;
replacing the problem hand with an entry the rules take fixes it, and undoing the last hand
works as always (and removes the problem hand when it is the last).

Idempotent answers
------------------
Each write takes ``respond(match, state, kept) -> Answer(status, body, kept)``. On a first
write it is called inside the transaction, after the change, with the new state and ``kept``
``None``; it returns the answer and what to keep with the ``idempotency_key``: something small
and JSON-serialisable (the API keeps the hand the write stored, for POST and PUT; never a copy
of the match, docs/api.md "Hands"). On a repeat it is called with the match as it stands now,
its state, and what was kept; the answer's status is the first write's, whatever ``respond``
says. The API passes functions that build its HTTP answers; the pages may leave the default
(``200`` and ``{"match": <public id>, "version": <version now>}``) and pass the key of a hidden
form field, which makes a double tap harmless. A write returns a :class:`Written`;
``Written.repeated`` tells a repeat from a first answer. Keys are forgotten after
:data:`IDEMPOTENCY_DAYS` days: every write deletes the expired ones (one indexed ``DELETE``).
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from collections.abc import Callable, Mapping, Sequence
from contextvars import ContextVar
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from decimal import Decimal
from typing import Any, NoReturn, TypeVar

import sqlalchemy as sa
from flask import current_app
from sqlalchemy.exc import IntegrityError

from . import replay_cache
from .extensions import db
from .models import Hand, IdempotentWrite, JoinCode, Match, ScorerKey, utcnow
from .rules import FINISHED, MatchOverError, MatchState, RuleError, Setup, Team, finish, runner
from .rules.auction import settlement_of
from .rules.entry import unstorable
from .rules.match import HandResult, Problem
from .rules.replay import problem_of, replay
from .rules.revisions import split_carried
from .rules.settle import Settlement
from .rules.variants import find_variant

#: The longest ``Idempotency-Key`` kept (the column's size).
MAX_IDEMPOTENCY_KEY = 200

#: What a public id can be (``secrets.token_urlsafe``, within the column's 32 characters).
#: Anything else is no match, found without asking the database: a NUL byte in a query fails
#: on PostgreSQL (issue 13: ``GET /m/%00`` was a 500).
PUBLIC_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")

#: The most hands a match holds (docs/api.md "Limits"): one more is a :class:`Conflict`. It
#: bounds what a read, a write and an import replay (a night of auction is 30-60 hands).
MAX_HANDS = 1000

#: How long an ``Idempotency-Key`` is remembered (docs/api.md "Hands": at least 7 days).
IDEMPOTENCY_DAYS = 7

#: How long a scorekeeper link's code works (docs/sharing.md): long enough to show the
#: QR code across the table, short enough that a photo of it is soon worth nothing.
JOIN_CODE_MINUTES = 15

#: The most codes a match holds at once: making one more withdraws the oldest.
MAX_JOIN_CODES = 5

#: How often a write under SQLite replays again when another write to its match came between
#: its replay and its lock (step 6 of the module doc) before it gives up with a Conflict.
_SQLITE_ATTEMPTS = 5


T = TypeVar("T")

#: The replay a write made, cached once the write is committed (:func:`_write`).
_fresh: ContextVar[replay_cache.Cached | None] = ContextVar("fresh_replay", default=None)


@dataclass(frozen=True)
class Answer:
    """What ``respond`` gives: the status and body of the answer, and what the idempotency key
    keeps of it (small JSON, or ``None``)."""

    status: int
    body: Any
    kept: Any = None


#: ``respond(match, state, kept) -> Answer``: the answer of a write (see the module doc).
Respond = Callable[[Match, MatchState, Any], Answer]

#: What a write's check gives: the state after the change and the change itself, applied to
#: the match as it is read inside the lock (the same hands: its version is re-checked).
Checked = tuple[MatchState, Callable[[Match], None]]


class ServiceError(Exception):
    """A write or read the service refuses (not a rule: those are ``RuleError``)."""

    def __init__(self, message: str = "", **params: Any) -> None:
        #: English with ``{name}`` placeholders (translated by the pages and the API), and
        #: the values; ``message`` is the English filled in.
        self.template = message
        self.params = params
        self.message = message.format(**params) if params else message
        super().__init__(self.message)


class NotFound(ServiceError):
    """No such match, or no such hand in it (HTTP 404)."""


class Unauthorized(ServiceError):
    """The edit token is missing or wrong (HTTP 401)."""


class Conflict(ServiceError):
    """The write does not fit the match as it is now (HTTP 409): finished, stale version,
    not the last hand, a correction that would end the match early."""


@dataclass(frozen=True)
class Written:
    """What a write returns."""

    #: The match after the write (or as it is now, for a repeat).
    match: Match
    #: Its state replayed by the rules.
    state: MatchState
    #: The answer from ``respond`` (for a repeat: the first write's status, the match now).
    status: int
    body: Any
    #: True when an ``idempotency_key`` was already used: nothing was written this time.
    repeated: bool = False


# --- Reading ---------------------------------------------------------------------------------


def hash_token(token: str) -> str:
    """The SHA-256 (hex) kept in place of an edit token."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def get_match(public_id: str) -> Match:
    """The match with this public id; :class:`NotFound` if there is none. Its hands are loaded
    when first used: a read answered from the replay cache (:func:`state_of`) needs none."""
    _check_public_id(public_id)
    match: Match | None = db.session.scalar(sa.select(Match).where(Match.public_id == public_id))
    if match is None:
        raise NotFound("there is no match with this id")
    return match


def version_of(public_id: str) -> int:
    """The match's version alone (cheap: the scoreboard polls it); :class:`NotFound` if none."""
    _check_public_id(public_id)
    version: int | None = db.session.scalar(
        sa.select(Match.version).where(Match.public_id == public_id)
    )
    if version is None:
        raise NotFound("there is no match with this id")
    return version


def _check_public_id(public_id: str) -> None:
    """:class:`NotFound` for text that no public id can be (:data:`PUBLIC_ID`)."""
    if not PUBLIC_ID.fullmatch(public_id):
        raise NotFound("there is no match with this id")


def setup_of(match: Match) -> Setup:
    """The rules' :class:`Setup` of a stored match (its options as resolved at creation)."""
    teams = tuple(Team(t["name"], tuple(t["players"])) for t in match.teams)
    return Setup(
        match.variant, dict(match.options), tuple(match.players), teams, match.first_dealer
    )


def state_of(match: Match) -> MatchState:
    """The match replayed by its rules; ended by :func:`~scorekeeper.rules.finish` if the table
    finished it. Never refused: if the rules refuse stored hand N, the match as it stood before
    it, with ``problems`` naming it (module doc, "Stored hands the rules refuse").

    From the replay cache when it holds the match at this version (no hand is loaded), else
    resumed from its longest checkpoint that still holds (:mod:`scorekeeper.replay_cache`)."""
    return _cached(match).state


def hand_count(match: Match) -> int:
    """How many hands the match has stored (the replayed state shows fewer when the rules
    refuse a stored hand)."""
    return _cached(match).count


def memo(match: Match, state: MatchState, key: str, build: Callable[[], T]) -> T:
    """``build()``, kept with the cached replay of this version of the match under ``key``
    (e.g. the whole JSON answer of a read in one language)."""
    entry = _cache_entry(match)
    if entry is not None and entry.state is state:
        return entry.value(key, build)
    return build()


def per_hand(
    match: Match, state: MatchState, key: str, build: Callable[[HandResult], T]
) -> list[T]:
    """``build(hand)`` for every hand of ``state``, kept with the cached replay under ``key``
    (e.g. a hand's JSON in one language) so that each hand is built once per process."""
    for entry in (_fresh.get(), _cache_entry(match)):
        if entry is not None and entry.state is state:
            return entry.per_hand(key, build)
    return [build(hand) for hand in state.hands]


def sitting_out(match: Match, state: MatchState) -> tuple[str, ...]:
    """The players dealt out of the next hand, in seating order (API ``sitting_out``): the
    players not in ``state.active`` (auction at 4-6 players, the winner while two play on in
    ``pinochle-3``); none once the match is finished, nor where everybody plays."""
    if state.status == FINISHED or not state.active:
        return ()
    return tuple(player for player in match.players if player not in state.active)


def check_token(match: Match, token: str | None) -> None:
    """Refuse (:class:`Unauthorized`) anything but the match's edit token or the key of a phone
    that joined it to share the scoring (:func:`join`)."""
    if token:
        digest = hash_token(token)
        # compare_digest: the time taken must not tell how much of a guess was right. The key
        # lookup compares hashes, which a guesser does not choose.
        if hmac.compare_digest(digest, match.token_hash):
            return
        key = sa.select(ScorerKey.id).where(
            ScorerKey.match_id == match.id, ScorerKey.key_hash == digest
        )
        if db.session.scalar(key) is not None:
            return
    raise Unauthorized("a valid edit token is needed to change this match")


def settlement(match: Match, state: MatchState | None = None) -> Settlement:
    """The settle-up of an auction match in units; :class:`Conflict` for any other match.

    ``state`` is the match as :func:`state_of` gives it, when the caller has it already
    (saves replaying every hand a second time)."""
    try:
        return settlement_of(setup_of(match), state or state_of(match))
    except RuleError as error:
        raise Conflict(error.template, **error.params) from error


# --- Writing ---------------------------------------------------------------------------------


def create_match(
    variant: object,
    players: object,
    teams: object = None,
    rules: object = None,
    dealer: object = None,
    *,
    carried: Mapping[str, Any] | None = None,
    hands: Sequence[Mapping[str, Any]] = (),
    finished: bool = False,
) -> tuple[Match, str]:
    """Create a match from the table's choices (as given, unchecked: the rules check them and
    raise :class:`RuleError`). Returns the match and its edit token, which is not stored and
    can never be shown again.

    ``carried``: options that only a match carried over from an earlier release may hold
    (:data:`~scorekeeper.rules.revisions.CARRIED_ONLY`, an import), stored beside the resolved
    ones. ``hands`` (an import): the match's hands, replayed once, strictly, before anything is
    stored, and stored with the match in the same transaction; the rules' refusal is raised as
    the rules raise it (:class:`RuleError` with its ``hand``, or
    :class:`~scorekeeper.rules.MatchOverError`). ``finished``: the table had ended the match
    (kept only when it has hands and the rules did not end it themselves)."""
    found = find_variant(variant)
    setup = found.setup(players, teams, rules, dealer)
    if carried:
        setup = replace(setup, options={**setup.options, **carried})
    if len(hands) > MAX_HANDS:
        raise RuleError(
            "hands", "a match has at most {most} hands", code="too_many_hands", most=MAX_HANDS
        )
    entries = [dict(hand) for hand in hands]
    # One replay for the whole file: the cost of an import grows with its length, not with
    # its square (issue 13).
    played = found.play(setup, entries) if entries else None
    finished = finished and played is not None and played.status != FINISHED
    token = secrets.token_urlsafe(32)
    now = utcnow()
    match = Match(
        public_id=secrets.token_urlsafe(16),  # 128 random bits: the unguessable share link
        variant=setup.variant,
        options=_json_safe(setup.options),
        players=list(setup.players),
        teams=[{"name": t.name, "players": list(t.players)} for t in setup.teams],
        first_dealer=setup.first_dealer,
        finished=finished,
        version=1,
        token_hash=hash_token(token),
        created_at=now,
        updated_at=now,
    )
    match.hands = [
        Hand(number=number, input=entry, created_at=now)
        for number, entry in enumerate(entries, start=1)
    ]
    db.session.add(match)
    try:
        db.session.commit()
    except BaseException:
        db.session.rollback()
        raise
    return match, token


def rematch(public_id: str) -> tuple[Match, str]:
    """New game, same table: a new match (:func:`create_match`) with this one's players in
    their seats, its teams and its house rules, the first deal one seat on (the player after
    this match's first dealer, the way the deal passes). The match itself is not changed.
    Returns the new match and its edit token."""
    old = get_match(public_id)
    rules, carried = split_carried(old.options)
    teams = [{"name": t["name"], "players": list(t["players"])} for t in old.teams] or None
    return create_match(
        old.variant,
        list(old.players),
        teams,
        rules,
        setup_of(old).dealer_of(2),
        carried=carried or None,
    )


def add_hand(
    public_id: str,
    token: str | None,
    entry: Mapping[str, Any],
    *,
    version: int | None = None,
    idempotency_key: str | None = None,
    respond: Respond | None = None,
) -> Written:
    """Add the next hand. :class:`Conflict` if the match is over (finished by the table, or
    ended by the rules), :class:`RuleError` for an entry the rules refuse."""

    def change(match: Match) -> Checked:
        if match.finished:
            raise Conflict("the match is finished: undo its last hand to reopen it")
        inputs = [*_stored_inputs(match), dict(entry)]
        stored = len(inputs) - 1
        if stored >= MAX_HANDS:
            # Checked before the replay: refusing costs nothing (docs/api.md "Limits").
            raise Conflict("a match has at most {most} hands", most=MAX_HANDS)
        try:
            state = _play(match, inputs)
        except (MatchOverError, RuleError) as refusal:
            problem = problem_of(refusal, stored)
            if problem is not None:
                # A stored hand the rules refuse now (docs/rules.md §7), not the new entry.
                _refuse_problem(problem, refusal)
            if isinstance(refusal, MatchOverError):
                raise Conflict("the match is over: no more hands can be added") from refusal
            raise

        def apply(locked: Match) -> None:
            # One INSERT: the version, re-checked under the lock, says the hands are the
            # ones replayed (and the database refuses a second hand with this number).
            db.session.add(
                Hand(match_id=locked.id, number=stored + 1, input=dict(entry), created_at=utcnow())
            )

        return state, apply

    return _write(public_id, token, version, idempotency_key, respond, change)


def replace_hand(
    public_id: str,
    token: str | None,
    number: int,
    entry: Mapping[str, Any],
    *,
    version: int | None = None,
    idempotency_key: str | None = None,
    respond: Respond | None = None,
) -> Written:
    """Correct hand ``number``; every later total, the winner and the status follow.
    :class:`NotFound` for no such hand; :class:`Conflict` if the correction would end the match
    before hands that follow it, or make one of them no longer fit."""

    def apply(locked: Match) -> None:
        _hand(locked, number).input = dict(entry)

    def change(match: Match) -> Checked:
        stored = list(_stored_inputs(match))
        _check_number(number, len(stored))
        inputs = list(stored)
        inputs[number - 1] = dict(entry)
        try:
            state = _play(match, inputs)
        except (MatchOverError, RuleError) as refusal:
            problem = problem_of(refusal, len(inputs))
            if problem is None or (problem.hand == number and isinstance(refusal, RuleError)):
                raise  # the entry itself is refused (422)
            if problem.hand <= number:
                # A stored hand before this one is refused now, or the match was over before
                # this one (docs/rules.md §7): that hand needs its own correction or an undo.
                _refuse_problem(problem, refusal)
            stopped = _replay(match, stored).problems
            if stopped and stopped[0].hand <= problem.hand:
                # The match already stopped at a refused hand no later than the one it stops
                # at now: the correction (its entry taken by the rules) leaves it no worse.
                return _replay(match, inputs), apply
            if isinstance(refusal, MatchOverError):
                raise Conflict(
                    "this correction ends the match at hand {hand}, before the hands "
                    "that follow it: undo those first",
                    hand=refusal.hand - 1,
                ) from refusal
            # The entry itself is fine, but a later hand no longer fits the match it makes
            # (three-handed play-on: the winner changed): like a correction that ends the
            # match early, it conflicts with the hands after it.
            raise Conflict(
                "with this correction hand {hand} no longer fits "
                "({reason}): undo the hands after {number} first",
                hand=problem.hand,
                reason=refusal,
                number=number,
            ) from refusal
        return state, apply

    return _write(public_id, token, version, idempotency_key, respond, change)


def delete_last_hand(
    public_id: str,
    token: str | None,
    number: int,
    *,
    version: int | None = None,
    idempotency_key: str | None = None,
    respond: Respond | None = None,
) -> Written:
    """Undo hand ``number``, which must be the last (:class:`Conflict` otherwise); reopens a
    finished match."""

    def apply(locked: Match) -> None:
        db.session.delete(_hand(locked, number))
        locked.finished = False

    def change(match: Match) -> Checked:
        stored = _stored_inputs(match)
        _check_number(number, len(stored))
        if number != len(stored):
            raise Conflict(
                "only the last hand ({last}) can be deleted: correct hand "
                "{number} instead, or undo the hands after it first",
                last=len(stored),
                number=number,
            )
        # Lenient: undoing the hands after a refused one must work (docs/rules.md §7). Not
        # finished: the undo reopens the match.
        fresh = _resumed(match, stored[:-1], strict=False, finished=False)
        _fresh.set(fresh)
        return fresh.state, apply

    return _write(public_id, token, version, idempotency_key, respond, change)


def finish_match(
    public_id: str,
    token: str | None,
    *,
    version: int | None = None,
    idempotency_key: str | None = None,
    respond: Respond | None = None,
) -> Written:
    """End the match now: the side first in standings wins. :class:`Conflict` if it is over."""

    def apply(locked: Match) -> None:
        locked.finished = True

    def change(match: Match) -> Checked:
        state = state_of(match)
        if match.finished:
            raise Conflict("the match is already finished")
        if state.problems:
            _refuse_problem(state.problems[0])
        if state.status == FINISHED:
            raise Conflict("the match is already finished")
        return finish(state), apply  # what state_of then gives, without replaying again

    return _write(public_id, token, version, idempotency_key, respond, change)


# --- Joining ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Joined:
    """What :func:`join` gives the phone that joined: the secret it writes with from now on
    (the new edit token when it took the scoring over, else a key of its own)."""

    token: str
    hands_over: bool


def make_join_code(public_id: str, token: str | None, *, hands_over: bool) -> tuple[str, datetime]:
    """A new code for the scorekeeper link (docs/sharing.md), for whoever holds a right to
    score (:func:`check_token`). It works for :data:`JOIN_CODE_MINUTES`; ``hands_over``: the
    phone that opens it becomes the only one that scores. Only the code's hash is stored: the
    code is returned once, with the moment it stops working. The match's hands and version do
    not change."""
    try:
        match = _lock(public_id)
        check_token(match, token)
        now = utcnow()
        db.session.execute(
            sa.delete(JoinCode)
            .where(JoinCode.expires_at <= now)
            .execution_options(synchronize_session=False)
        )
        kept = db.session.scalars(
            sa.select(JoinCode.id)
            .where(JoinCode.match_id == match.id)
            .order_by(JoinCode.created_at.desc(), JoinCode.id.desc())
            .offset(MAX_JOIN_CODES - 1)
        ).all()
        if kept:
            db.session.execute(sa.delete(JoinCode).where(JoinCode.id.in_(kept)))
        code = secrets.token_urlsafe(16)
        expires = now + timedelta(minutes=JOIN_CODE_MINUTES)
        db.session.add(
            JoinCode(
                match_id=match.id,
                code_hash=hash_token(code),
                hands_over=hands_over,
                created_at=now,
                expires_at=expires,
            )
        )
        db.session.commit()
    except BaseException:
        db.session.rollback()
        raise
    return code, expires


def withdraw_join_codes(public_id: str, token: str | None) -> int:
    """Withdraw every code of the match's scorekeeper links (the phones that joined already
    keep scoring). Returns how many still worked."""
    try:
        match = _lock(public_id)
        check_token(match, token)
        now = utcnow()
        live = db.session.scalar(
            sa.select(sa.func.count())
            .select_from(JoinCode)
            .where(JoinCode.match_id == match.id, JoinCode.expires_at > now)
        )
        db.session.execute(sa.delete(JoinCode).where(JoinCode.match_id == match.id))
        db.session.commit()
    except BaseException:
        db.session.rollback()
        raise
    return int(live or 0)


def join(public_id: str, code: str) -> Joined:
    """Open a scorekeeper link: :class:`Unauthorized` unless ``code`` is a live code of this
    match. A code that shares the scoring gives the phone a key of its own and stays valid; one
    that hands it over gives the phone a new edit token, and every older token, key and code of
    the match stops working (the other phones now watch), so it works once."""
    _check_public_id(public_id)
    try:
        match = _lock(public_id)
        found: JoinCode | None = (
            db.session.scalar(
                sa.select(JoinCode).where(
                    JoinCode.match_id == match.id,
                    JoinCode.code_hash == hash_token(code),
                    JoinCode.expires_at > utcnow(),
                )
            )
            if code and unstorable(code) is None
            else None
        )
        if found is None:
            raise Unauthorized("this scorekeeper link has expired, was withdrawn or is wrong")
        secret = secrets.token_urlsafe(32)
        if found.hands_over:
            match.token_hash = hash_token(secret)
            db.session.execute(sa.delete(ScorerKey).where(ScorerKey.match_id == match.id))
            db.session.execute(sa.delete(JoinCode).where(JoinCode.match_id == match.id))
        else:
            db.session.add(ScorerKey(match_id=match.id, key_hash=hash_token(secret)))
        joined = Joined(secret, found.hands_over)
        db.session.commit()
    except BaseException:
        db.session.rollback()
        raise
    return joined


# --- Internals -------------------------------------------------------------------------------


def _play(match: Match, inputs: Sequence[Mapping[str, Any]]) -> MatchState:
    """The strict replay of the writes: any hand the rules refuse raises. Resumed from the
    cache's checkpoints; kept to be cached if the write commits (:func:`_write`)."""
    fresh = _resumed(match, inputs, strict=True)
    _fresh.set(fresh)
    return fresh.state


def _comparable(state: MatchState) -> tuple[MatchState, list[tuple[int, str, str]]]:
    """A state as ``==`` can compare it (a refusal is an exception: compared by its words)."""
    problems = [(p.hand, p.error.path, p.error.template) for p in state.problems]
    return replace(state, problems=()), problems


def _cache() -> replay_cache.ReplayCache | None:
    """This process's replay cache; ``None`` when ``REPLAY_CACHE_MATCHES`` is 0."""
    cache: replay_cache.ReplayCache | None = current_app.extensions.get("replay_cache")
    return cache if cache is not None and cache.size > 0 else None


def _fingerprint(match: Match) -> str:
    return replay_cache.fingerprint(
        match.variant, match.options, match.players, match.teams, match.first_dealer
    )


def _cache_entry(match: Match) -> replay_cache.Cached | None:
    """The cached replay of the match at its current version and setup, if any."""
    cache = _cache()
    entry = cache.get(match.id) if cache is not None else None
    if entry is None or entry.version != match.version:
        return None
    return entry if entry.fingerprint == _fingerprint(match) else None


def _cached(match: Match) -> replay_cache.Cached:
    """The lenient replay of the match's stored hands: cached, or made and cached."""
    entry = _cache_entry(match)
    if entry is not None:
        return entry
    fresh = _resumed(match, _stored_inputs(match), strict=False)
    cache = _cache()
    if cache is not None:
        cache.put(match.id, fresh)
    return fresh


def _stored_inputs(match: Match) -> Sequence[Mapping[str, Any]]:
    """The match's hands as entered: those loaded already; else, when the cache holds the match
    at its version replayed whole, the entries its replay took (no query); else one query for
    the entries alone (no ORM objects)."""
    if "hands" not in sa.inspect(match).unloaded:
        return [hand.input for hand in match.hands]
    entry = _cache_entry(match)
    if entry is not None and entry.checkpoints and entry.checkpoints[-1].count == entry.count:
        return [hand.input for hand in entry.checkpoints[-1].results]
    return list(
        db.session.scalars(
            sa.select(Hand.input).where(Hand.match_id == match.id).order_by(Hand.number)
        )
    )


def _resumed(
    match: Match,
    inputs: Sequence[Mapping[str, Any]],
    *,
    strict: bool,
    finished: bool | None = None,
) -> replay_cache.Cached:
    """Replay ``inputs`` from the longest cached checkpoint they allow (from hand 1 without
    one). ``strict``: a hand the rules refuse raises; else it becomes ``state.problems``.
    ``finished``: whether the table ended the match (default: as it is stored)."""
    cache = _cache()
    before = cache.get(match.id) if cache is not None else None
    fingerprint = _fingerprint(match)
    variant, setup = find_variant(match.variant), setup_of(match)
    start = replay_cache.best_start(before, fingerprint, inputs) or variant.start(setup)
    # The checkpoints before the start still hold: the same first hands.
    kept = tuple(c for c in (before.checkpoints if before else ()) if c.count < start.count)
    if start.count:
        kept += (start,)
    try:
        state, passed = variant.resume(start, inputs, every=replay_cache.CHECKPOINT_EVERY)
        checkpoints = kept + tuple(c for c in passed if c.count > start.count)
    except (MatchOverError, RuleError):
        if strict:
            raise
        state, checkpoints = replay(variant, setup, inputs), kept
    if runner.CHECK_RESUME and start.count:
        # The suite's check (issue 14): a resumed replay reaches what a whole one reaches.
        whole = replay(variant, setup, inputs)
        assert _comparable(state) == _comparable(whole), (
            f"resuming {match.variant} after hand {start.count} differs from a whole replay"
        )
    if match.finished if finished is None else finished:
        state = finish(state)
    fresh = replay_cache.Cached(
        version=match.version,
        fingerprint=fingerprint,
        state=state,
        count=len(inputs),
        checkpoints=checkpoints,
    )
    return replay_cache.inherit(fresh, before)


def _replay(match: Match, inputs: Sequence[Mapping[str, Any]]) -> MatchState:
    """The lenient replay of the reads: a refused stored hand becomes ``state.problems``."""
    state = replay(find_variant(match.variant), setup_of(match), inputs)
    return finish(state) if match.finished else state


def _refuse_problem(problem: Problem, cause: BaseException | None = None) -> NoReturn:
    """The :class:`Conflict` of a write that a refused stored hand stands in the way of."""
    raise Conflict(
        "stored hand {hand} no longer fits the rules ({reason}): correct it or undo it first",
        hand=problem.hand,
        reason=problem.error,
    ) from cause


def _check_number(number: int, count: int) -> None:
    """:class:`NotFound` unless a match of ``count`` hands has hand ``number``."""
    if not 1 <= number <= count:
        raise NotFound("this match has no hand {number}", number=number)


def _hand(match: Match, number: int) -> Hand:
    """Hand ``number`` of the match, read alone."""
    hand: Hand | None = db.session.scalar(
        sa.select(Hand).where(Hand.match_id == match.id, Hand.number == number)
    )
    if hand is None:
        raise NotFound("this match has no hand {number}", number=number)
    return hand


def _default_respond(match: Match, state: MatchState, kept: Any) -> Answer:
    return Answer(200, {"match": match.public_id, "version": match.version})


def _write(
    public_id: str,
    token: str | None,
    version: int | None,
    idempotency_key: str | None,
    respond: Respond | None,
    change: Callable[[Match], Checked],
) -> Written:
    """Run one write, stored in one transaction (the steps of the module docstring)."""
    respond = respond or _default_respond
    _check_public_id(public_id)
    if idempotency_key is not None and not 1 <= len(idempotency_key) <= MAX_IDEMPOTENCY_KEY:
        raise RuleError(
            "_",
            "an Idempotency-Key has 1 to {most} characters",
            code="bad_idempotency_key",
            most=MAX_IDEMPOTENCY_KEY,
        )
    if idempotency_key is not None and (char := unstorable(idempotency_key)) is not None:
        # A page's hidden field can carry a NUL byte, which PostgreSQL cannot compare.
        raise RuleError(
            "_",
            "an Idempotency-Key may not hold the character U+{code_point}",
            code="bad_idempotency_key",
            code_point=f"{ord(char):04X}",
        )
    try:
        checked = _check(public_id, token, version, idempotency_key, respond, change)
        if isinstance(checked, Written):
            db.session.rollback()  # release the lock: nothing was written
            return checked
        match, state, apply = checked
        apply(match)
        match.version += 1
        match.updated_at = utcnow()
        db.session.flush()
        answer = respond(match, state, None)
        if idempotency_key is not None:
            _forget_expired()
            db.session.add(
                IdempotentWrite(
                    match_id=match.id,
                    key=idempotency_key,
                    status=answer.status,
                    hand=answer.kept,
                    created_at=utcnow(),
                )
            )
        # Read before the commit expires it: after it, another server may have written again,
        # and this write's replay must be cached under this write's version, not that one's.
        match_id, written = match.id, match.version
        db.session.commit()
        _cache_written(match_id, written)
    except IntegrityError as clash:
        # The lock makes this unreachable in practice; if a racing write slipped past it,
        # nothing is stored and the client may simply try again.
        db.session.rollback()
        raise Conflict("another change to this match came first: reload it and try again") from (
            clash
        )
    except BaseException:
        db.session.rollback()
        _fresh.set(None)
        raise
    return Written(match, state, answer.status, answer.body)


def _cache_written(match_id: int, version: int) -> None:
    """Cache the replay a committed write made (its hands are the ones stored at ``version``,
    the version the write gave the match)."""
    fresh, cache = _fresh.get(), _cache()
    _fresh.set(None)
    if fresh is not None and cache is not None:
        cache.put(match_id, replace(fresh, version=version))


def _check(
    public_id: str,
    token: str | None,
    version: int | None,
    idempotency_key: str | None,
    respond: Respond,
    change: Callable[[Match], Checked],
) -> Written | tuple[Match, MatchState, Callable[[Match], None]]:
    """Steps 1 to 6 of the module doc: the answer to a repeat, or the match locked, the state
    after the change and the change to apply to it."""
    sqlite = db.session.get_bind().dialect.name == "sqlite"
    for attempt in range(_SQLITE_ATTEMPTS):
        # PostgreSQL: locked from the start (its row lock holds up no other match). SQLite:
        # replayed unlocked, locked after; a write that keeps losing that race takes the lock
        # first on its last attempt, so that it always gets through.
        lock_first = not sqlite or attempt == _SQLITE_ATTEMPTS - 1
        match = _lock(public_id) if lock_first else _read_fresh(public_id)
        check_token(match, token)
        if idempotency_key is not None:
            repeated = _repeat(match, idempotency_key, respond)
            if repeated is not None:
                return repeated
        if version is not None and version != match.version:
            raise Conflict(
                "the match has changed (version {current}, not {given}): reload it and try again",
                current=match.version,
                given=version,
            )
        _fresh.set(None)  # only the replay of this attempt's change may be cached
        state, apply = change(match)
        if lock_first:
            return match, state, apply
        seen = match.version
        db.session.rollback()  # end the read: the write lock comes next
        match = _lock(public_id)
        if match.version == seen:
            return match, state, apply
        # Another write came between the replay and the lock: its hands count, replay again.
        db.session.rollback()
    raise AssertionError("the last attempt takes the lock first and always returns")


def _repeat(match: Match, key: str, respond: Respond) -> Written | None:
    """The answer to a repeat of ``key`` on this match (module doc, "Idempotent answers"), or
    ``None`` when the key is new or forgotten."""
    stored = db.session.scalar(
        sa.select(IdempotentWrite).where(
            IdempotentWrite.match_id == match.id,
            IdempotentWrite.key == key,
            IdempotentWrite.created_at >= _expiry(),
        )
    )
    if stored is None:
        return None
    # Read again: the key was stored with its write, so this read sees that write (on SQLite,
    # unlocked, the match read before the key may be older than the key).
    match = _read_fresh(match.public_id)
    state = state_of(match)
    answer = respond(match, state, stored.hand)
    return Written(match, state, stored.status, answer.body, True)


def _expiry() -> Any:
    """The moment before which a key is forgotten."""
    return utcnow() - timedelta(days=IDEMPOTENCY_DAYS)


def _forget_expired() -> None:
    """Delete every expired key, of any match (indexed on ``created_at``: cheap)."""
    db.session.execute(
        sa.delete(IdempotentWrite)
        .where(IdempotentWrite.created_at < _expiry())
        .execution_options(synchronize_session=False)
    )


def _read_fresh(public_id: str) -> Match:
    """The match as the database has it now, unlocked."""
    match: Match | None = db.session.scalar(
        sa.select(Match)
        .where(Match.public_id == public_id)
        # A match already in the session (read earlier in the request) must be refreshed.
        .execution_options(populate_existing=True)
    )
    if match is None:
        raise NotFound("there is no match with this id")
    return match


def _lock(public_id: str) -> Match:
    """The match, locked for the rest of the transaction, read fresh from the database."""
    if db.session.get_bind().dialect.name == "sqlite":
        # SQLite has no row locks: a write as the transaction's first statement takes the
        # database's write lock (waiting up to the busy timeout for another writer), so the
        # reads below see every write committed before it and no other write can come between.
        db.session.execute(
            sa.update(Match)
            .where(Match.public_id == public_id)
            .values(version=Match.version)
            .execution_options(synchronize_session=False)
        )
    match: Match | None = db.session.scalar(
        sa.select(Match)
        .where(Match.public_id == public_id)
        .with_for_update(of=Match)
        # A match already in the session (read before the lock) must be refreshed.
        .execution_options(populate_existing=True)
    )
    if match is None:
        raise NotFound("there is no match with this id")
    return match


def _json_safe(value: Any) -> Any:
    """Options as JSON can store them (a Decimal as its text, a tuple as a list)."""
    if isinstance(value, Mapping):
        return {str(k): _json_safe(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_json_safe(v) for v in value]
    if isinstance(value, Decimal):
        return str(value)
    return value
