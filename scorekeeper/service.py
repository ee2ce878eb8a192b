"""The one place that reads and writes matches: used by the JSON API and by the phone pages.

A match is stored as its setup and its hands as entered; every score, total, winner and
dealer comes from replaying the hands through the variant's rules (:func:`state_of`).

Writes
------
Every write (:func:`add_hand`, :func:`replace_hand`, :func:`delete_last_hand`,
:func:`finish_match`) is one transaction, in this order:

1. lock the match row (``SELECT ... FOR UPDATE`` on PostgreSQL; on SQLite a no-op ``UPDATE``
   of the row as the transaction's first statement takes the database's write lock, which
   SQLite's busy timeout then queues behind), so that two writes to one match run one after
   the other and the second sees the first's hands;
2. check the edit token (:class:`Unauthorized`);
3. if the ``idempotency_key`` was used on this match before, return the answer stored with
   it and change nothing (so the key is checked before the version: a repeated request
   carries the version that was current the first time);
4. check ``version`` against the match's (:class:`Conflict`);
5. replay the rules on the new list of hands: a :class:`~scorekeeper.rules.RuleError`
   (HTTP 422) or :class:`Conflict` rolls back and stores nothing, so a refused request
   does not use up its key;
6. write the hand, bump ``version``, store the idempotent answer, commit.

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
Each write takes ``respond(match, state) -> (status, body)``: it is called inside the
transaction, after the change, with the new state, and what it returns is both what the
write returns and, when an ``idempotency_key`` is given, what is stored with the key (``body``
must be JSON-serialisable). The API passes a function that builds its HTTP answer; the pages
may leave the default (``200`` and ``{"match": <public id>, "version": <new version>}``) and
pass the key of a hidden form field, which makes a double tap harmless. A write returns a
:class:`Written`; ``Written.repeated`` tells a repeat from a first answer.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal
from typing import Any, NoReturn

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import selectinload

from .extensions import db
from .models import Hand, IdempotentWrite, Match, utcnow
from .rules import FINISHED, MatchOverError, MatchState, RuleError, Setup, Team, finish
from .rules.auction import settlement_of
from .rules.match import Problem
from .rules.replay import problem_of, replay
from .rules.settle import Settlement
from .rules.variants import find_variant

#: The longest ``Idempotency-Key`` kept (the column's size).
MAX_IDEMPOTENCY_KEY = 200

#: ``respond(match, state) -> (status, body)``: the answer of a write (see the module doc).
Respond = Callable[[Match, MatchState], tuple[int, Any]]


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
    #: The answer from ``respond`` (or the stored one, for a repeat).
    status: int
    body: Any
    #: True when an ``idempotency_key`` was already used: nothing was written this time.
    repeated: bool = False


# --- Reading ---------------------------------------------------------------------------------


def hash_token(token: str) -> str:
    """The SHA-256 (hex) kept in place of an edit token."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def get_match(public_id: str) -> Match:
    """The match with this public id, its hands loaded; :class:`NotFound` if there is none."""
    match: Match | None = db.session.scalar(
        sa.select(Match).where(Match.public_id == public_id).options(selectinload(Match.hands))
    )
    if match is None:
        raise NotFound("there is no match with this id")
    return match


def version_of(public_id: str) -> int:
    """The match's version alone (cheap: the scoreboard polls it); :class:`NotFound` if none."""
    version: int | None = db.session.scalar(
        sa.select(Match.version).where(Match.public_id == public_id)
    )
    if version is None:
        raise NotFound("there is no match with this id")
    return version


def setup_of(match: Match) -> Setup:
    """The rules' :class:`Setup` of a stored match (its options as resolved at creation)."""
    teams = tuple(Team(t["name"], tuple(t["players"])) for t in match.teams)
    return Setup(
        match.variant, dict(match.options), tuple(match.players), teams, match.first_dealer
    )


def state_of(match: Match) -> MatchState:
    """The match replayed by its rules; ended by :func:`~scorekeeper.rules.finish` if the table
    finished it. Never refused: if the rules refuse stored hand N, the match as it stood before
    it, with ``problems`` naming it (module doc, "Stored hands the rules refuse")."""
    return _replay(match, [hand.input for hand in match.hands])


def sitting_out(match: Match, state: MatchState) -> tuple[str, ...]:
    """The players dealt out of the next hand, in seating order (API ``sitting_out``): the
    players not in ``state.active`` (auction at 4-6 players, the winner while two play on in
    ``pinochle-3``); none once the match is finished, nor where everybody plays."""
    if state.status == FINISHED or not state.active:
        return ()
    return tuple(player for player in match.players if player not in state.active)


def check_token(match: Match, token: str | None) -> None:
    """Refuse (:class:`Unauthorized`) anything but the match's edit token."""
    # compare_digest: the time taken must not tell how much of a guess was right.
    if not token or not hmac.compare_digest(hash_token(token), match.token_hash):
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
) -> tuple[Match, str]:
    """Create a match from the table's choices (as given, unchecked: the rules check them and
    raise :class:`RuleError`). Returns the match and its edit token, which is not stored and
    can never be shown again.

    ``carried``: options that only a match carried over from an earlier release may hold
    (:data:`~scorekeeper.rules.revisions.CARRIED_ONLY`, an import), stored beside the resolved
    ones."""
    setup = find_variant(variant).setup(players, teams, rules, dealer)
    if carried:
        setup = replace(setup, options={**setup.options, **carried})
    token = secrets.token_urlsafe(32)
    now = utcnow()
    match = Match(
        public_id=secrets.token_urlsafe(16),  # 128 random bits: the unguessable share link
        variant=setup.variant,
        options=_json_safe(setup.options),
        players=list(setup.players),
        teams=[{"name": t.name, "players": list(t.players)} for t in setup.teams],
        first_dealer=setup.first_dealer,
        finished=False,
        version=1,
        token_hash=hash_token(token),
        created_at=now,
        updated_at=now,
    )
    db.session.add(match)
    db.session.commit()
    return match, token


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

    def change(match: Match) -> MatchState:
        if match.finished:
            raise Conflict("the match is finished: undo its last hand to reopen it")
        stored = len(match.hands)
        inputs = [hand.input for hand in match.hands] + [dict(entry)]
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
        match.hands.append(
            Hand(number=len(match.hands) + 1, input=dict(entry), created_at=utcnow())
        )
        return state

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

    def change(match: Match) -> MatchState:
        hand = _hand(match, number)
        stored = [h.input for h in match.hands]
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
                hand.input = dict(entry)
                return _replay(match, inputs)
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
        hand.input = dict(entry)
        return state

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

    def change(match: Match) -> MatchState:
        hand = _hand(match, number)
        if number != len(match.hands):
            raise Conflict(
                "only the last hand ({last}) can be deleted: correct hand "
                "{number} instead, or undo the hands after it first",
                last=len(match.hands),
                number=number,
            )
        match.hands.remove(hand)
        match.finished = False
        # Lenient: undoing the hands after a refused one must work (docs/rules.md §7).
        return _replay(match, [h.input for h in match.hands])

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

    def change(match: Match) -> MatchState:
        state = state_of(match)
        if match.finished:
            raise Conflict("the match is already finished")
        if state.problems:
            _refuse_problem(state.problems[0])
        if state.status == FINISHED:
            raise Conflict("the match is already finished")
        match.finished = True
        return finish(state)  # what state_of now gives, without replaying again

    return _write(public_id, token, version, idempotency_key, respond, change)


# --- Internals -------------------------------------------------------------------------------


def _play(match: Match, inputs: Sequence[Mapping[str, Any]]) -> MatchState:
    """The strict replay of the writes: any hand the rules refuse raises."""
    state = find_variant(match.variant).play(setup_of(match), list(inputs))
    return finish(state) if match.finished else state


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


def _hand(match: Match, number: int) -> Hand:
    if not 1 <= number <= len(match.hands):
        raise NotFound("this match has no hand {number}", number=number)
    return match.hands[number - 1]


def _default_respond(match: Match, state: MatchState) -> tuple[int, Any]:
    return 200, {"match": match.public_id, "version": match.version}


def _write(
    public_id: str,
    token: str | None,
    version: int | None,
    idempotency_key: str | None,
    respond: Respond | None,
    change: Callable[[Match], MatchState],
) -> Written:
    """Run one write as one transaction (the steps of the module docstring)."""
    respond = respond or _default_respond
    if idempotency_key is not None and not 1 <= len(idempotency_key) <= MAX_IDEMPOTENCY_KEY:
        raise RuleError(
            "_",
            "an Idempotency-Key has 1 to {most} characters",
            code="bad_idempotency_key",
            most=MAX_IDEMPOTENCY_KEY,
        )
    try:
        match = _lock(public_id)
        check_token(match, token)
        if idempotency_key is not None:
            stored = db.session.scalar(
                sa.select(IdempotentWrite).where(
                    IdempotentWrite.match_id == match.id, IdempotentWrite.key == idempotency_key
                )
            )
            if stored is not None:
                written = Written(match, state_of(match), stored.status, stored.body, True)
                db.session.rollback()  # release the lock: nothing was written
                return written
        if version is not None and version != match.version:
            raise Conflict(
                "the match has changed (version {current}, not {given}): reload it and try again",
                current=match.version,
                given=version,
            )
        state = change(match)
        match.version += 1
        match.updated_at = utcnow()
        db.session.flush()
        status, body = respond(match, state)
        if idempotency_key is not None:
            db.session.add(
                IdempotentWrite(
                    match_id=match.id,
                    key=idempotency_key,
                    status=status,
                    body=body,
                    created_at=utcnow(),
                )
            )
        db.session.commit()
    except IntegrityError as clash:
        # The row lock makes this unreachable in practice; if a racing write slipped past it,
        # nothing is stored and the client may simply try again.
        db.session.rollback()
        raise Conflict("another change to this match came first: reload it and try again") from (
            clash
        )
    except BaseException:
        db.session.rollback()
        raise
    return Written(match, state, status, body)


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
        .options(selectinload(Match.hands))
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
