"""The one place that reads and writes matches: used by the JSON API and by the phone pages.

A match is stored as its setup and its hands as entered; every score, total, winner and
dealer comes from replaying the hands through the variant's rules (:func:`state_of`).

Writes
------
Every write (:func:`add_hand`, :func:`replace_hand`, :func:`delete_last_hand`,
:func:`finish_match`) stores in one transaction, in this order:

1. read the match, and the record of the ``idempotency_key`` on it in the same statement: on
   PostgreSQL locked (``SELECT ... FOR UPDATE``), so that two writes to one match run one after
   the other and the second sees the first's hands; on SQLite, which has no row locks, unlocked
   (step 6 locks);
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
7. write the hand, bump ``version`` (statements, not ORM objects: a hand POST on PostgreSQL is
   the floor's ``BEGIN``, ``SELECT``, ``INSERT``, ``UPDATE``, ``COMMIT``, plus the key's
   ``INSERT``), forget expired keys (module doc, "Idempotent answers"), keep this one's
   record, commit.

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
:data:`IDEMPOTENCY_DAYS` days: a keyed write deletes its key's own expired record, and each
process sweeps away every expired one at most every :data:`SWEEP_EVERY` seconds (one indexed
``DELETE``).
"""

from __future__ import annotations

import functools
import hashlib
import hmac
import re
import secrets
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field, replace
from datetime import date, datetime, timedelta
from decimal import Decimal
from typing import Any, NoReturn, TypeVar, cast

import sqlalchemy as sa
from flask import current_app
from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.orm.attributes import set_committed_value

from . import replay_cache
from .extensions import db
from .models import (
    Group,
    GroupMatch,
    GroupPlayer,
    GroupPlayerName,
    GroupSeat,
    Hand,
    IdempotentWrite,
    JoinCode,
    Match,
    MatchSummaryRow,
    ScorerKey,
    as_utc,
    utcnow,
)
from .rules import FINISHED, MatchOverError, MatchState, RuleError, Setup, Team, finish, runner
from .rules.auction import settlement_of
from .rules.entry import unstorable
from .rules.ledger import Ledger, ledger
from .rules.match import HandResult, Problem, name_key, read_name
from .rules.ratings import Ratings, rate
from .rules.records import Records, compile_records
from .rules.replay import problem_of, replay
from .rules.revisions import split_carried
from .rules.settle import Settlement
from .rules.summary import SUMMARY_VERSION, MatchSummary, summarise
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


_VERSION = sa.select(Match.version).where(Match.public_id == sa.bindparam("public_id"))


def version_of(public_id: str) -> int:
    """The match's version alone (cheap: the scoreboard polls it); :class:`NotFound` if none."""
    _check_public_id(public_id)
    version: int | None
    if db.session().in_transaction():
        # In the request's transaction: what it has seen.
        version = db.session.scalar(_VERSION, {"public_id": public_id})
    else:
        # One statement outside a transaction: on PostgreSQL one round trip instead of three
        # (BEGIN, SELECT, ROLLBACK) for the poll that every watching phone sends (issue 14).
        with db.engine.connect() as connection:
            autocommit = connection.execution_options(isolation_level="AUTOCOMMIT")
            version = autocommit.scalar(_VERSION, {"public_id": public_id})
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
    group: GroupPlace | None = None,
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
    (kept only when it has hands and the rules did not end it themselves). ``group``: the group
    the match is played in (its token checked, its seats put on the roster, in the same
    transaction; default: the one :func:`into_group` names, for an import)."""
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
        place = group or _joining.get()
        if place is not None:
            state = played or found.play(setup, [])
            _place_in_group(match, place, finish(state) if match.finished else state)
        db.session.commit()
    except BaseException:
        db.session.rollback()
        raise
    return match, token


def rematch(public_id: str, *, group: GroupPlace | None = None) -> tuple[Match, str]:
    """New game, same table: a new match (:func:`create_match`) with this one's players in
    their seats, its teams and its house rules, the first deal one seat on (the player after
    this match's first dealer, the way the deal passes). The match itself is not changed.
    Returns the new match and its edit token. ``group``: the new match is played in that group,
    each seat standing for the roster player it stood for in this match when this match is in
    that group too (:func:`create_match`)."""
    old = get_match(public_id)
    rules, carried = split_carried(old.options)
    teams = [{"name": t["name"], "players": list(t["players"])} for t in old.teams] or None
    if group is not None:
        group = replace(group, seats=_seats_of_match(old.id, group.public_id))
    return create_match(
        old.variant,
        list(old.players),
        teams,
        rules,
        setup_of(old).dealer_of(2),
        carried=carried or None,
        group=group,
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
            # ones replayed (and the database refuses a second hand with this number). A
            # statement, not an ORM object: the unit of work's bookkeeping cost more than it.
            db.session.execute(
                _INSERT_HAND,
                {
                    "match_id": locked.id,
                    "number": stored + 1,
                    "input": dict(entry),
                    "created_at": utcnow(),
                },
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
    check = functools.partial(_check, public_id, token, version, idempotency_key, respond, change)
    for attempt in range(2):
        try:
            return _write_once(check, idempotency_key, respond)
        except IntegrityError as clash:
            db.session.rollback()
            if idempotency_key is None or attempt:
                # The lock makes this unreachable in practice; if a racing write slipped past
                # it, nothing is stored and the client may simply try again.
                raise Conflict(
                    "another change to this match came first: reload it and try again"
                ) from clash
            # On PostgreSQL the key's record is read by the statement that waits for the lock,
            # from that statement's snapshot: a repeat of this key that committed meanwhile
            # (a double tap) is not seen, and its record clashes with this one. Read again:
            # the repeat is then answered as one.
    raise AssertionError("the second attempt returns or raises")


#: A write ready to store (:func:`_check`): the match locked, the state after the change, the
#: change to apply, and whether the key has an expired record.
_Ready = tuple[Match, MatchState, Callable[[Match], None], bool]


def _write_once(
    check: Callable[[], Written | _Ready],
    idempotency_key: str | None,
    respond: Respond,
) -> Written:
    """One try of :func:`_write`: the steps of the module docstring, in one transaction
    (``check``: steps 1 to 6, :func:`_check`)."""
    try:
        checked = check()
        if isinstance(checked, Written):
            db.session.rollback()  # release the lock: nothing was written
            return checked
        match, state, apply, stale = checked
        apply(match)
        db.session.flush()  # what ``apply`` changed through the ORM (a correction, an undo)
        _bump(match)
        answer = respond(match, state, None)
        if idempotency_key is not None:
            if stale:  # the key's own expired record, which the sweep may not have reached yet
                db.session.execute(
                    sa.delete(IdempotentWrite).where(
                        IdempotentWrite.match_id == match.id,
                        IdempotentWrite.key == idempotency_key,
                        IdempotentWrite.created_at < _expiry(),
                    )
                )
            _forget_expired()
            db.session.execute(
                _INSERT_KEY,
                {
                    "match_id": match.id,
                    "key": idempotency_key,
                    "status": answer.status,
                    "hand": answer.kept,
                    "created_at": utcnow(),
                },
            )
        # Read before the commit expires it: after it, another server may have written again,
        # and this write's replay must be cached under this write's version, not that one's.
        match_id, written = match.id, match.version
        db.session.commit()
        _cache_written(match_id, written)
    except BaseException:
        db.session.rollback()
        _fresh.set(None)
        raise
    return Written(match, state, answer.status, answer.body)


# The statements of the hand POST, built once: building and keying a statement at each request
# cost more than running it (issue 14). Core statements on the tables: no ORM bookkeeping.
_INSERT_HAND = sa.insert(cast(sa.Table, Hand.__table__))
_INSERT_KEY = sa.insert(cast(sa.Table, IdempotentWrite.__table__))
_BUMP = (
    sa.update(cast(sa.Table, Match.__table__))
    .where(Match.__table__.c.id == sa.bindparam("row"))
    .values(version=sa.bindparam("version"), updated_at=sa.bindparam("updated_at"))
)


def _bump(match: Match) -> None:
    """Move the locked match to its next version: one ``UPDATE`` statement, and the object
    told its new values as the database's (nothing left for the unit of work to flush)."""
    version, now = match.version + 1, utcnow()
    db.session.execute(_BUMP, {"row": match.id, "version": version, "updated_at": now})
    set_committed_value(match, "version", version)
    set_committed_value(match, "updated_at", now)


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
) -> Written | _Ready:
    """Steps 1 to 6 of the module doc: the answer to a repeat, or the match locked, the state
    after the change, the change to apply to it, and whether the key has an expired record."""
    sqlite = db.session.get_bind().dialect.name == "sqlite"
    for attempt in range(_SQLITE_ATTEMPTS):
        # PostgreSQL: locked from the start (its row lock holds up no other match). SQLite:
        # replayed unlocked, locked after; a write that keeps losing that race takes the lock
        # first on its last attempt, so that it always gets through.
        lock_first = not sqlite or attempt == _SQLITE_ATTEMPTS - 1
        match, kept = (_lock_keyed if lock_first else _read_fresh)(public_id, idempotency_key)
        check_token(match, token)
        stale = kept is not None and as_utc(kept[1]) < _expiry()
        if kept is not None and not stale:
            return _repeat(match, kept[0], respond)
        if version is not None and version != match.version:
            raise Conflict(
                "the match has changed (version {current}, not {given}): reload it and try again",
                current=match.version,
                given=version,
            )
        _fresh.set(None)  # only the replay of this attempt's change may be cached
        state, apply = change(match)
        if lock_first:
            return match, state, apply, stale
        seen = match.version
        db.session.rollback()  # end the read: the write lock comes next
        match = _lock(public_id)
        if match.version == seen:
            return match, state, apply, stale
        # Another write came between the replay and the lock: its hands count, replay again.
        db.session.rollback()
    raise AssertionError("the last attempt takes the lock first and always returns")


#: The key's record (id, when it was made), read with the match in one statement.
_Kept = tuple[int, datetime]


def _kept() -> tuple[Any, ...]:
    """The columns that read, with the match, the record on it of the key bound as ``key``
    (nulls if it has none)."""

    def column(of: Any) -> Any:
        return (
            sa.select(of)
            .where(IdempotentWrite.match_id == Match.id, IdempotentWrite.key == sa.bindparam("key"))
            .scalar_subquery()
        )

    return (column(IdempotentWrite.id), column(IdempotentWrite.created_at))


@functools.cache
def _fresh_select(model: type[_Locked], locked: bool, keyed: bool = False) -> Any:
    """The ``SELECT`` of a match or group by its ``public_id`` read fresh (one already in the
    session is refreshed), ``FOR UPDATE`` when ``locked``, with :func:`_kept`'s columns (a
    match's) when ``keyed``. Built once: see ``_INSERT_HAND``."""
    select = sa.select(model, *(_kept() if keyed else ())).where(
        model.public_id == sa.bindparam("public_id")
    )
    if locked:
        select = select.with_for_update(of=model)
    return select.execution_options(populate_existing=True)


def _repeat(match: Match, record_id: int, respond: Respond) -> Written:
    """The answer to a repeat of the key whose record this is (module doc, "Idempotent
    answers")."""
    stored = db.session.get_one(IdempotentWrite, record_id)
    # Read again: the key was stored with its write, so this read sees that write (on SQLite,
    # unlocked, the match read before the key may be older than the key).
    match, _ = _read_fresh(match.public_id)
    state = state_of(match)
    answer = respond(match, state, stored.hand)
    return Written(match, state, stored.status, answer.body, True)


def _expiry() -> Any:
    """The moment before which a key is forgotten."""
    return utcnow() - timedelta(days=IDEMPOTENCY_DAYS)


#: How often a process sweeps the expired keys away (seconds): a key's own expired record is
#: deleted when the key comes again (:func:`_write_once`), so the sweep only keeps the table
#: small.
SWEEP_EVERY = 60.0
_swept = [-SWEEP_EVERY]  # when this process last swept (time.monotonic)


def _forget_expired() -> None:
    """Delete every expired key, of any match (indexed on ``created_at``: cheap), at most once
    a minute in this process: a statement on every keyed write was a fifth of its cost."""
    now = time.monotonic()
    if now - _swept[0] < SWEEP_EVERY:
        return
    _swept[0] = now
    db.session.execute(
        sa.delete(IdempotentWrite)
        .where(IdempotentWrite.created_at < _expiry())
        .execution_options(synchronize_session=False)
    )


def _read_fresh(public_id: str, key: str | None = None) -> tuple[Match, _Kept | None]:
    """The match as the database has it now, unlocked, and the record of ``key`` on it."""
    row = db.session.execute(
        _fresh_select(Match, False, key is not None), {"public_id": public_id, "key": key}
    ).first()
    if row is None:
        raise NotFound("there is no match with this id")
    return row[0], _record(row)


def _record(row: Any) -> _Kept | None:
    """The key's record of a row read with :func:`_kept`'s columns."""
    return (row[1], row[2]) if len(row) == 3 and row[1] is not None else None


_Locked = TypeVar("_Locked", Match, Group)


def _lock_row(
    model: type[_Locked], public_id: str, touch: Any, select: Any, key: Any = None
) -> Any:
    """The row of ``model`` whose ``public_id`` this is, locked for the rest of the transaction
    and read fresh from the database by ``select`` (bound to ``public_id`` and ``key``); ``None``
    if there is none. ``touch``: a column the SQLite write sets to itself."""
    if db.session.get_bind().dialect.name == "sqlite":
        # SQLite has no row locks: a write as the transaction's first statement takes the
        # database's write lock (waiting up to the busy timeout for another writer), so the
        # reads below see every write committed before it and no other write can come between.
        db.session.execute(
            sa.update(model)
            .where(model.public_id == public_id)
            .values({touch: touch})
            .execution_options(synchronize_session=False)
        )
    return db.session.execute(select, {"public_id": public_id, "key": key}).first()


def _lock(public_id: str) -> Match:
    """The match, locked for the rest of the transaction, read fresh from the database."""
    return _lock_keyed(public_id, None)[0]


def _lock_keyed(public_id: str, key: str | None) -> tuple[Match, _Kept | None]:
    """:func:`_lock`, and the record of ``key`` on the match, read in the same statement."""
    row = _lock_row(
        Match, public_id, Match.version, _fresh_select(Match, True, key is not None), key
    )
    if row is None:
        raise NotFound("there is no match with this id")
    return row[0], _record(row)


def _json_safe(value: Any) -> Any:
    """Options as JSON can store them (a Decimal as its text, a tuple as a list)."""
    if isinstance(value, Mapping):
        return {str(k): _json_safe(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_json_safe(v) for v in value]
    if isinstance(value, Decimal):
        return str(value)
    return value


# --- Groups ----------------------------------------------------------------------------------
#
# A group (docs/groups.md) is the people who play together, without accounts: its private link
# carries ``Group.public_id`` and a token that writes (only its hash is stored, as a match's edit
# token), its read-only link ``Group.read_id``. Every write below checks the token
# (:func:`check_group_token`) on the group read locked, and is one transaction. Roster names
# follow the seat-name rules (``rules.match.read_name``) and are compared as seat names are
# (``name_key``): two names of one roster never compare equal.


@dataclass(frozen=True)
class GroupPlace:
    """The group a new match is played in: its private id and the token that writes to it."""

    public_id: str
    token: str | None
    #: Seat name -> roster player id for seats that are not found by name (a rematch keeps
    #: who sat where, whatever the roster calls them now).
    seats: Mapping[str, int] = field(default_factory=dict)


#: The group the matches created inside :func:`into_group` are played in.
_joining: ContextVar[GroupPlace | None] = ContextVar("joining_group", default=None)

#: How a night is counted (docs/groups.md "Nights"): a match started before this hour belongs
#: to the evening before, local time.
NIGHT_STARTS_HOUR = 6


@contextmanager
def into_group(public_id: str, token: str | None) -> Iterator[None]:
    """Every match created inside is played in this group (:func:`create_match`): for the
    writes that create a match without knowing of groups, such as an import."""
    reset = _joining.set(GroupPlace(public_id, token))
    try:
        yield
    finally:
        _joining.reset(reset)


def create_group(name: object) -> tuple[Group, str]:
    """A new group called ``name`` (the name rules of docs/rules.md §5, refused at ``name``),
    and its token, which is not stored and can never be shown again."""
    checked = read_name(name, "name")
    token = secrets.token_urlsafe(32)
    group = Group(
        public_id=secrets.token_urlsafe(16),
        read_id=secrets.token_urlsafe(16),
        name=checked,
        token_hash=hash_token(token),
        created_at=utcnow(),
    )
    db.session.add(group)
    try:
        db.session.commit()
    except BaseException:
        db.session.rollback()
        raise
    return group, token


def get_group(public_id: str) -> Group:
    """The group whose private id is ``public_id``; :class:`NotFound` if there is none."""
    return _group_by(Group.public_id, public_id)


def group_to_read(read_id: str) -> Group:
    """The group whose read-only id is ``read_id``; :class:`NotFound` if there is none."""
    return _group_by(Group.read_id, read_id)


def groups_by_public_ids(public_ids: Sequence[str]) -> list[Group]:
    """The groups of these private ids that exist, by name."""
    wanted = [pid for pid in public_ids if PUBLIC_ID.fullmatch(pid)]
    if not wanted:
        return []
    return list(
        db.session.scalars(
            sa.select(Group).where(Group.public_id.in_(wanted)).order_by(Group.name, Group.id)
        )
    )


def check_group_token(group: Group, token: str | None) -> None:
    """Refuse (:class:`Unauthorized`) anything but the group's token."""
    if token and hmac.compare_digest(hash_token(token), group.token_hash):
        return
    raise Unauthorized("the group's private link is needed to change this group")


def roster(group: Group) -> list[GroupPlayer]:
    """Every name of the group's roster, merged ones too, in the order they were added."""
    return list(
        db.session.scalars(
            sa.select(GroupPlayer).where(GroupPlayer.group_id == group.id).order_by(GroupPlayer.id)
        )
    )


def renames(group: Group) -> list[GroupPlayerName]:
    """Every rename of the group's players, oldest first."""
    return list(
        db.session.scalars(
            sa.select(GroupPlayerName)
            .join(GroupPlayer, GroupPlayer.id == GroupPlayerName.player_id)
            .where(GroupPlayer.group_id == group.id)
            .order_by(GroupPlayerName.renamed_at, GroupPlayerName.id)
        )
    )


def group_matches(group: Group) -> list[Match]:
    """The group's matches, the first played first."""
    return list(
        db.session.scalars(
            sa.select(Match)
            .join(GroupMatch, GroupMatch.match_id == Match.id)
            .where(GroupMatch.group_id == group.id)
            .order_by(Match.created_at, Match.id)
        )
    )


def group_match_count(group: Group) -> int:
    """How many matches the group has played."""
    count = db.session.scalar(
        sa.select(sa.func.count()).select_from(GroupMatch).where(GroupMatch.group_id == group.id)
    )
    return int(count or 0)


def group_seats(group: Group) -> dict[int, dict[str, int]]:
    """Per match id of the group: each seat's name and the roster player it stands for (as
    placed; :func:`player_roots` follows the merges)."""
    seats: dict[int, dict[str, int]] = {}
    rows = db.session.execute(
        sa.select(GroupMatch.match_id, GroupSeat.seat, GroupSeat.player_id)
        .join(GroupSeat, GroupSeat.group_match_id == GroupMatch.id)
        .where(GroupMatch.group_id == group.id)
    )
    for match_id, seat, player_id in rows:
        seats.setdefault(match_id, {})[seat] = player_id
    return seats


def player_roots(players: Sequence[GroupPlayer]) -> dict[int, int]:
    """Each roster player's id -> the id its records count under (itself, or the player it
    was merged into)."""
    return {player.id: player.merged_into_id or player.id for player in players}


def group_of(match: Match) -> Group | None:
    """The group the match is played in, if any."""
    group: Group | None = db.session.scalar(
        sa.select(Group)
        .join(GroupMatch, GroupMatch.group_id == Group.id)
        .where(GroupMatch.match_id == match.id)
    )
    return group


def night_of(moment: datetime) -> date:
    """The night a match started at ``moment`` belongs to: its local date (the server's time
    zone, ``TZ``), a start before :data:`NIGHT_STARTS_HOUR` counting for the evening before."""
    return (as_utc(moment).astimezone() - timedelta(hours=NIGHT_STARTS_HOUR)).date()


def add_player(public_id: str, token: str | None, name: object) -> GroupPlayer:
    """Put ``name`` on the roster (refused at ``name`` when it breaks the name rules or the
    roster has it already)."""

    def change(group: Group) -> GroupPlayer:
        players = roster(group)
        checked = read_name(name, "name")
        _check_free(players, checked, "name")
        player = GroupPlayer(group_id=group.id, name=checked, created_at=utcnow())
        db.session.add(player)
        return player

    return _group_write(public_id, token, change)


def rename_player(
    public_id: str, token: str | None, player_id: object, name: object
) -> GroupPlayer:
    """Call roster player ``player_id`` ``name`` from now on; the old name is kept in the
    history (:func:`renames`). The group's matches keep the names their seats were given."""

    def change(group: Group) -> GroupPlayer:
        players = roster(group)
        player = _player_in(players, player_id, "player")
        checked = read_name(name, "name")
        if checked == player.name:
            return player
        _check_free([p for p in players if p.id != player.id], checked, "name")
        db.session.add(
            GroupPlayerName(
                player_id=player.id, old_name=player.name, new_name=checked, renamed_at=utcnow()
            )
        )
        player.name = checked
        return player

    return _group_write(public_id, token, change)


def merge_player(public_id: str, token: str | None, player_id: object, into: object) -> GroupPlayer:
    """Two names of one person ("Bob" and "Robert"): ``player_id`` counts as ``into`` from
    now on, in every record, and its name finds ``into`` at a new match. Refused at ``into``
    for a merge into itself, into a name merged already, or of two players who sat at the same
    match. Returns the player merged into."""

    def change(group: Group) -> GroupPlayer:
        players = roster(group)
        source = _player_in(players, player_id, "player")
        target = _player_in(players, into, "into")
        if source.merged_into_id is not None:
            raise RuleError(
                "player",
                "{name!r} is merged already",
                code="merged_already",
                name=source.name,
            )
        if target.id == source.id:
            raise RuleError("into", "a name cannot be merged into itself", code="merge_self")
        if target.merged_into_id is not None:
            raise RuleError(
                "into",
                "{name!r} is merged already: merge into the name it was merged into",
                code="merged_already",
                name=target.name,
            )
        _check_never_met(group, players, source, target)
        for player in players:
            if player.merged_into_id == source.id:
                player.merged_into_id = target.id
        source.merged_into_id = target.id
        return target

    return _group_write(public_id, token, change)


def add_match_to_group(
    public_id: str, token: str | None, match_id: str, match_token: str | None
) -> Match:
    """Put an existing match in the group: the group's token and a right to score the match
    (:func:`check_token`) are both needed. Its seats go on the roster by name. A match that
    is in another group already is refused at ``match``; one already in this group is left as
    it is."""

    def change(group: Group) -> Match:
        try:
            match = get_match(match_id)
        except NotFound as missing:
            raise RuleError("match", "there is no match with this id", code="no_match") from missing
        check_token(match, match_token)
        placed = db.session.scalar(sa.select(GroupMatch).where(GroupMatch.match_id == match.id))
        if placed is not None:
            if placed.group_id == group.id:
                return match
            raise RuleError(
                "match", "this match is in another group already", code="in_another_group"
            )
        _place(group, match, state_of(match), {})
        return match

    return _group_write(public_id, token, change)


def _group_by(column: Any, value: str) -> Group:
    if not PUBLIC_ID.fullmatch(value):
        raise NotFound("there is no group with this id")
    group: Group | None = db.session.scalar(sa.select(Group).where(column == value))
    if group is None:
        raise NotFound("there is no group with this id")
    return group


def _lock_group(public_id: str) -> Group:
    """The group, locked for the rest of the transaction (as :func:`_lock` a match)."""
    if not PUBLIC_ID.fullmatch(public_id):
        raise NotFound("there is no group with this id")
    row = _lock_row(Group, public_id, Group.name, _fresh_select(Group, True))
    if row is None:
        raise NotFound("there is no group with this id")
    group: Group = row[0]
    return group


def _group_write(public_id: str, token: str | None, change: Callable[[Group], T]) -> T:
    """Run one write to a group in one transaction: lock it, check its token, ``change`` it,
    commit. A refusal (or a race the database's constraints catch) stores nothing."""
    try:
        group = _lock_group(public_id)
        check_group_token(group, token)
        done = change(group)
        db.session.flush()
        db.session.commit()
    except IntegrityError as clash:
        db.session.rollback()
        raise Conflict("another change to this group came first: reload it and try again") from (
            clash
        )
    except BaseException:
        db.session.rollback()
        raise
    return done


def _player_in(players: Sequence[GroupPlayer], player_id: object, path: str) -> GroupPlayer:
    """The roster player ``player_id`` (an id of this group's roster), else refused at ``path``."""
    if isinstance(player_id, int) and not isinstance(player_id, bool):
        for player in players:
            if player.id == player_id:
                return player
    raise RuleError(path, "there is no such player in this group", code="unknown_player")


def _check_free(players: Sequence[GroupPlayer], name: str, path: str) -> None:
    """Refuse at ``path`` a name the roster has already (compared as seat names are)."""
    key = name_key(name)
    if any(name_key(player.name) == key for player in players):
        raise RuleError(path, "{given!r} is already taken", code="duplicate_name", given=name)


def _check_never_met(
    group: Group, players: Sequence[GroupPlayer], source: GroupPlayer, target: GroupPlayer
) -> None:
    """Refuse at ``into`` the merge of two names that sat at the same match: two people."""
    roots = player_roots(players)
    merging = {source.id: target.id}
    for seats in group_seats(group).values():
        counted = [merging.get(roots[p], roots[p]) for p in seats.values()]
        if counted.count(target.id) > 1:
            raise RuleError(
                "into",
                "{name!r} and {other!r} played at the same match: they are two people",
                code="played_together",
                name=source.name,
                other=target.name,
            )


def _seats_of_match(match_id: int, group_public_id: str) -> dict[str, int]:
    """Who sat where at match ``match_id`` if it is in that group (else nothing)."""
    rows = db.session.execute(
        sa.select(GroupSeat.seat, GroupSeat.player_id)
        .join(GroupMatch, GroupMatch.id == GroupSeat.group_match_id)
        .join(Group, Group.id == GroupMatch.group_id)
        .where(GroupMatch.match_id == match_id, Group.public_id == group_public_id)
    )
    return {seat: player_id for seat, player_id in rows}


def _place_in_group(match: Match, place: GroupPlace, state: MatchState) -> None:
    """The new match ``match`` (not committed) goes into the group ``place`` names (its token
    checked), in the transaction that creates it."""
    group = _lock_group(place.public_id)
    check_group_token(group, place.token)
    db.session.flush()  # the match's id
    _place(group, match, state, place.seats)


def _place(group: Group, match: Match, state: MatchState, seats: Mapping[str, int]) -> None:
    """Put ``match`` in ``group``: each seat stands for the roster player ``seats`` names, or
    else the one its name finds (a merged name finds the player it was merged into), or else a
    new one. Two seats may not stand for one player (refused at ``players[i]``)."""
    players = roster(group)
    by_id = {player.id: player for player in players}
    by_key = {name_key(player.name): player for player in players}
    roots = player_roots(players)
    placed = GroupMatch(group_id=group.id, match_id=match.id, added_at=utcnow())
    taken: dict[int, str] = {}
    for i, seat in enumerate(match.players):
        player = by_id.get(seats.get(seat, 0)) or by_key.get(name_key(seat))
        if player is None:
            player = GroupPlayer(
                group_id=group.id, name=read_name(seat, f"players[{i}]"), created_at=utcnow()
            )
            db.session.add(player)
            db.session.flush()
            by_key[name_key(player.name)] = player
            roots[player.id] = player.id
        root = roots[player.id]
        if root in taken:
            raise RuleError(
                f"players[{i}]",
                "{given!r} and {other!r} are the same player in this group",
                code="same_player",
                given=seat,
                other=taken[root],
            )
        taken[root] = seat
        placed.seats.append(GroupSeat(seat=seat, player_id=player.id))
    db.session.add(placed)
    _keep_summary(match, state)


# --- A group's almanac: records, money across nights, ratings ---------------------------------
#
# The records never replay a group's matches at read time: each match of a group keeps its
# summary (``rules.records.summarise``) in ``match_summaries``, tagged with the match version
# and ``SUMMARY_VERSION`` it was built from. A read builds again, and stores, only the stale
# ones: those whose match changed since (a hand added, an old hand corrected), or all of them
# once after a release moves ``SUMMARY_VERSION`` on. At most :data:`SUMMARY_REBUILDS` per read:
# beyond that a read uses the summary it has for a match that moved on (its figures lag by the
# hands added since) and leaves out a match that has none yet, and says how many it left
# (``GroupHistory.pending``); the next read goes on where it stopped.

#: The most stale summaries one read builds again: each one a replay of its match (about 10 ms
#: for 30 hands, bench/records.py), so that even the reads after a release that made every
#: summary stale take about half a second each, never many seconds.
SUMMARY_REBUILDS = 50

#: Parsed summaries kept per process: ``(match id, public id, match version, summary version)``
#: -> summary. Bounded; a changed match is a new key, so nothing is ever stale in it.
SUMMARY_MEMO = 4096


@dataclass(frozen=True)
class PlayedMatch:
    """One match of a group as the almanac reads it."""

    public_id: str
    night: date
    summary: MatchSummary
    #: Seat name -> player key (the roster player's id, merges followed, as text).
    keys: Mapping[str, str]


@dataclass(frozen=True)
class GroupHistory:
    """A group's matches, the first played first, each with its summary; and the roster's
    current name of each player key."""

    matches: tuple[PlayedMatch, ...]
    names: Mapping[str, str]
    #: Matches whose summary is older than the match (or missing), left for the next read.
    pending: int = 0

    @property
    def summaries(self) -> list[tuple[MatchSummary, Mapping[str, str]]]:
        """What ``compile_records`` and ``rate`` take."""
        return [(played.summary, played.keys) for played in self.matches]

    def nights(self) -> list[tuple[str, list[tuple[MatchSummary, Mapping[str, str]]]]]:
        """The matches by night (ISO date), the first night first: what ``ledger`` takes."""
        nights: dict[str, list[tuple[MatchSummary, Mapping[str, str]]]] = {}
        for played in self.matches:
            nights.setdefault(played.night.isoformat(), []).append((played.summary, played.keys))
        return list(nights.items())


def group_history(group: Group) -> GroupHistory:
    """Every match of the group with its summary, stale ones built again (see above)."""
    players = roster(group)
    roots = player_roots(players)
    names = {str(p.id): p.name for p in players if p.merged_into_id is None}
    seats = group_seats(group)
    rows = db.session.execute(
        sa.select(
            Match.id,
            Match.public_id,
            Match.version,
            Match.created_at,
            MatchSummaryRow.match_version.label("kept"),
            MatchSummaryRow.summary_version.label("built"),
        )
        .join(GroupMatch, GroupMatch.match_id == Match.id)
        .outerjoin(MatchSummaryRow, MatchSummaryRow.match_id == Match.id)
        .where(GroupMatch.group_id == group.id)
        .order_by(Match.created_at, Match.id)
    ).all()
    stale = [row.id for row in rows if (row.kept, row.built) != (row.version, SUMMARY_VERSION)]
    built = _rebuild_summaries(stale[:SUMMARY_REBUILDS])
    memo = _summary_memo()

    def key(row: Any) -> tuple[int, str, int, int]:
        return (row.id, row.public_id, row.kept, row.built)

    stored = _stored_summaries(
        [
            row.id
            for row in rows
            if row.id not in built and row.built == SUMMARY_VERSION and key(row) not in memo
        ]
    )
    played: list[PlayedMatch] = []
    for row in rows:
        summary = built.get(row.id)
        if summary is None and row.built == SUMMARY_VERSION:
            summary = memo.get(key(row))
            if summary is None:
                summary = memo[key(row)] = MatchSummary.from_json(stored[row.id])
        if summary is None:
            continue  # none of this summary version yet: the next read builds it
        keys = {seat: str(roots[p]) for seat, p in seats.get(row.id, {}).items()}
        played.append(PlayedMatch(row.public_id, night_of(row.created_at), summary, keys))
    pending = len(stale) - len(built)
    _trim(memo)
    return GroupHistory(tuple(played), names, pending)


def group_records(history: GroupHistory, variant: str | None = None) -> Records:
    """The group's records (``rules.records.compile_records``), of one form or all."""
    return compile_records(history.summaries, variant=variant)


def group_ledger(history: GroupHistory, settle: Sequence[str] | None = None) -> Ledger:
    """The money of the group's auction nights in units and the settle-up of the nights
    ``settle`` names (every night when ``None``); nights it does not know are left out."""
    nights = history.nights()
    if settle is not None:
        known = {label for label, _ in nights}
        settle = [label for label in settle if label in known]
    return ledger(nights, settle=settle)


def group_ratings(history: GroupHistory) -> Ratings:
    """Every player's rating per game family, after each of the group's matches
    (``rules.ratings.rate``, in the order played)."""
    return rate(history.summaries)


def _summary_memo() -> dict[tuple[int, str, int, int], MatchSummary]:
    """This app's parsed summaries (:data:`SUMMARY_MEMO`)."""
    memo: dict[tuple[int, str, int, int], MatchSummary] | None = current_app.extensions.get(
        "match_summaries"
    )
    if memo is None:
        memo = current_app.extensions["match_summaries"] = {}
    return memo


def _trim(memo: dict[Any, MatchSummary]) -> None:
    """Keep the memo within :data:`SUMMARY_MEMO` (the oldest entries go first)."""
    while len(memo) > SUMMARY_MEMO:
        memo.pop(next(iter(memo)))


def _stored_summaries(match_ids: Sequence[int]) -> dict[int, Any]:
    """The stored summaries' JSON of these matches."""
    found: dict[int, Any] = {}
    for start in range(0, len(match_ids), 500):
        chunk = match_ids[start : start + 500]
        rows = db.session.execute(
            sa.select(MatchSummaryRow.match_id, MatchSummaryRow.summary).where(
                MatchSummaryRow.match_id.in_(chunk)
            )
        )
        found.update({match_id: summary for match_id, summary in rows})
    return found


def summary_of(match: Match, state: MatchState | None = None) -> MatchSummary:
    """The summary of ``match`` (``rules.records.summarise``), replayed to ``state`` (default:
    :func:`state_of`)."""
    return summarise(setup_of(match), state or state_of(match), ended=match.finished)


def _keep_summary(match: Match, state: MatchState) -> None:
    """Keep the summary of ``match`` at its version, in the caller's transaction."""
    summary = summary_of(match, state)
    db.session.merge(
        MatchSummaryRow(
            match_id=match.id,
            match_version=match.version,
            summary_version=SUMMARY_VERSION,
            summary=summary.to_json(),
            built_at=utcnow(),
        )
    )


def _rebuild_summaries(match_ids: Sequence[int]) -> dict[int, MatchSummary]:
    """Build the summaries of these matches again and store them (one transaction of its own:
    a cache, so a failure to store costs the next read the same work, nothing else)."""
    if not match_ids:
        return {}
    matches = db.session.scalars(sa.select(Match).where(Match.id.in_(match_ids))).all()
    built: dict[int, MatchSummary] = {}
    rows: list[dict[str, Any]] = []
    for match in matches:
        summary = built[match.id] = summary_of(match, _replayed(match))
        rows.append(
            {
                "match_id": match.id,
                "match_version": match.version,
                "summary_version": SUMMARY_VERSION,
                "summary": summary.to_json(),
                "built_at": utcnow(),
            }
        )
    memo = _summary_memo()
    for match in matches:
        memo[(match.id, match.public_id, match.version, SUMMARY_VERSION)] = built[match.id]
    _store_summaries(rows)
    return built


def _replayed(match: Match) -> MatchState:
    """The match replayed as :func:`state_of` does, but not put in the replay cache: the
    summaries of a group's old matches must not push tonight's matches out of it."""
    entry = _cache_entry(match)
    if entry is not None:
        return entry.state
    return _resumed(match, _stored_inputs(match), strict=False).state


def _store_summaries(rows: list[dict[str, Any]]) -> None:
    """Insert or update these summaries (whoever stores one last wins: both are right)."""
    dialect = db.session.get_bind().dialect.name
    insert = postgresql_insert if dialect == "postgresql" else sqlite_insert
    statement = insert(MatchSummaryRow).values(rows)
    statement = statement.on_conflict_do_update(
        index_elements=[MatchSummaryRow.match_id],
        set_={
            name: statement.excluded[name]
            for name in ("match_version", "summary_version", "summary", "built_at")
        },
    )
    try:
        db.session.execute(statement)
        db.session.commit()
    except (IntegrityError, OperationalError):
        # A match deleted meanwhile, or SQLite's write lock held too long by another writer.
        db.session.rollback()
