"""The write protocol: the one module of the service that commits and rolls back a transaction
(:class:`UnitOfWork`, which the other modules use) and locks a row
(``tests/architecture/test_layering_service.py``).

Writes
------
Every write of a match's hands (:func:`~.matches.add_hand`, :func:`~.matches.replace_hand`,
:func:`~.matches.delete_last_hand`, :func:`~.matches.finish_match`, each run by :func:`write`)
stores in one transaction, in this order:

1. read the match, and the record of the ``idempotency_key`` on it in the same statement: on
   PostgreSQL locked (``SELECT ... FOR UPDATE``), so that two writes to one match run one after
   the other and the second sees the first's hands; on SQLite, which has no row locks, unlocked
   (step 6 locks);
2. check the edit token (:class:`~.outcomes.Unauthorized`);
3. if the ``idempotency_key`` was used on this match within :data:`IDEMPOTENCY_DAYS`, answer
   from its record and change nothing (so the key is checked before the version: a repeated
   request carries the version that was current the first time);
4. check ``version`` against the match's (:class:`~.outcomes.Conflict`); a match that holds
   :data:`~.matches.MAX_HANDS` hands takes no more (:class:`~.outcomes.Conflict`, docs/api.md
   "Limits");
5. replay the rules on the new list of hands: a :class:`~scorekeeper.rules.RuleError`
   (HTTP 422) or :class:`~.outcomes.Conflict` stores nothing, so a refused request does not
   use up its key;
6. on SQLite only now take the database's write lock (a no-op ``UPDATE`` of the row as the
   transaction's first statement; SQLite's busy timeout queues it behind another writer) and
   read the version again: if another write came in since step 1, start again from step 1
   (the replay of step 5 no longer holds). So the replay, the costly part, never runs while
   the whole database is locked for writing, and a write to another match never waits for it.
   A replay of more than 100 hands (:mod:`.replay_work`: a correction near the start of a long
   match) does the same on PostgreSQL too: it ends the read transaction of step 1 before it
   runs (no connection of the pool, no row lock held while the rules count), runs in one of
   the process's few slots, builds its answer's hands unlocked, and the lock and the version
   are then taken and read again as above; when it keeps losing that race to other writes, it
   is a :class:`~.outcomes.Conflict`, never a replay under the lock;
7. write the hand, bump ``version`` (statements, not ORM objects: a hand POST on PostgreSQL is
   ``BEGIN``, ``SELECT``, the hand's ``INSERT`` inside the ``UPDATE``'s statement, ``COMMIT``,
   one round trip fewer than the floor's, plus the key's ``INSERT``; the ``SELECT`` and the
   ``UPDATE`` run on the driver's connection, :mod:`.statements`), forget expired keys
   ("Idempotent answers" below), keep this one's record, commit; then cache the replay of
   step 5 under the new version (:mod:`.replay_cache`).

The other writes (creating a match or a group, a group's roster, the scorekeeper links) run in
a :class:`UnitOfWork` too; those that change an existing match or group lock it first
(:func:`lock_match`, :func:`lock_group`).

Idempotent answers
------------------
Each write takes ``respond(match, state, kept) -> Answer(status, body, kept)``. On a first
write it is called inside the transaction, after the change, with the new state and ``kept``
``None`` (the write's own replay lends its hands' memos to ``per_hand`` meanwhile,
:func:`.replaying.answering`); it returns the answer and what to keep with the
``idempotency_key``: something small and JSON-serialisable (the API keeps the hand the write
stored, for POST and PUT; never a copy of the match, docs/api.md "Hands"). On a repeat it is
called with the match as it stands now, its state, and what was kept; the answer's status is
the first write's, whatever ``respond`` says. The API passes functions that build its HTTP
answers; the pages may leave the default (``200`` and ``{"match": <public id>, "version":
<version now>}``) and pass the key of a hidden form field, which makes a double tap harmless.
A write returns a :class:`~.outcomes.Written`; ``Written.repeated`` tells a repeat from a first
answer. Keys are forgotten after :data:`IDEMPOTENCY_DAYS` days: a keyed write deletes its key's
own expired record, and each process sweeps away every expired one at most every
:data:`~.idempotency.SWEEP_EVERY` seconds (one indexed ``DELETE``).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from contextlib import suppress
from dataclasses import dataclass, replace
from types import TracebackType
from typing import Any, TypeVar

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError

from ..extensions import db
from ..models import ClubNight, Group, IdempotentWrite, Match, as_utc, utcnow
from ..rules import MatchState, RuleError
from ..rules.contract import writes
from ..rules.core.readers import unstorable
from . import replay_cache, replay_work, replaying, statements
from .idempotency import (
    MAX_IDEMPOTENCY_KEY,
    Kept,
    expiry,
    forget_expired,
    kept_columns,
    record_of,
)
from .outcomes import Answer, Conflict, NotFound, Respond, Written, write_refusals
from .reading import PUBLIC_ID, check_public_id, check_token

#: How often a write under SQLite replays again when another write to its match came between
#: its replay and its lock (step 6 of the module doc) before it gives up with a Conflict.
_SQLITE_ATTEMPTS = 5


class UnitOfWork:
    """One transaction of the session, after cosmicpython's unit of work: what is done inside
    ``with UnitOfWork() as uow:`` is stored by :meth:`commit`, and rolled back when the block
    ends any other way (a refusal, an error, or a return without a commit, such as the answer
    to a repeated key, which releases the lock). The one place the service rolls back."""

    def __init__(self) -> None:
        self._committed = False

    def __enter__(self) -> UnitOfWork:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        if kind is not None or not self._committed:
            db.session.rollback()

    def commit(self, *, keep_loaded: bool = False) -> None:
        """Store what was done (a refusal by the database, such as an ``IntegrityError``, is
        raised and rolls back). ``keep_loaded``: what the session read stays loaded instead of
        expired (a write whose answer is built already reads nothing more)."""
        if keep_loaded:
            _commit_keeping_loaded()
        else:
            db.session.commit()
        self._committed = True

    def rollback(self) -> None:
        """End the transaction so far and store nothing of it; the unit goes on in a new one
        (on SQLite: the unlocked read before the write lock, step 6 of the module doc)."""
        db.session.rollback()


@dataclass(frozen=True)
class Checked:
    """What a write's check gives: the state after the change and the change itself, applied to
    the match as it is read inside the lock (the same hands: its version is re-checked)."""

    state: MatchState
    apply: Callable[[Match], None]
    #: The replay that made ``state``, cached once the write is committed (``None``: nothing
    #: to cache, the next read replays).
    replayed: replay_cache.Cached | None = None
    #: The hand the write adds, its number and entry: stored by :func:`.statements.bump` with
    #: the new version, on PostgreSQL in the same statement (``apply`` does the rest).
    added: tuple[int, Mapping[str, Any]] | None = None


def _default_respond(match: Match, state: MatchState, kept: Any) -> Answer:
    return Answer(200, {"match": match.public_id, "version": match.version})


def write(
    public_id: str,
    token: str | None,
    version: int | None,
    idempotency_key: str | None,
    respond: Respond | None,
    change: Callable[[Match], Checked],
) -> Written:
    """Run one write, stored in one transaction (the steps of the module docstring)."""
    respond = respond or _default_respond
    check_public_id(public_id)
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


#: A write ready to store (:func:`_check`): the match locked, what the check gives, and
#: whether the key has an expired record.
_Ready = tuple[Match, Checked, bool]


def _write_once(
    check: Callable[[UnitOfWork], Written | _Ready],
    idempotency_key: str | None,
    respond: Respond,
) -> Written:
    """One try of :func:`write`: the steps of the module docstring, in one transaction
    (``check``: steps 1 to 6, :func:`_check`)."""
    with UnitOfWork() as uow:
        ready = check(uow)
        if isinstance(ready, Written):
            return ready  # nothing was written: the unit rolls back, which releases the lock
        match, checked, stale = ready
        checked.apply(match)
        db.session.flush()  # what ``apply`` changed through the ORM (a correction, an undo)
        statements.bump(match, checked.added)
        with replaying.answering(match, checked.replayed):
            answer = respond(match, checked.state, None)
        if idempotency_key is not None:
            if stale:  # the key's own expired record, which the sweep may not have reached yet
                db.session.execute(
                    sa.delete(IdempotentWrite).where(
                        IdempotentWrite.match_id == match.id,
                        IdempotentWrite.key == idempotency_key,
                        IdempotentWrite.created_at < expiry(),
                    )
                )
            forget_expired()
            db.session.connection().execute(
                statements.INSERT_KEY,
                {
                    "match_id": match.id,
                    "key": idempotency_key,
                    "status": answer.status,
                    "hand": answer.kept,
                    "created_at": utcnow(),
                },
            )
        # This write's version, under which its replay is cached: another server may write
        # again after the commit. The answer is built: expiring the match at the commit (a
        # walk of the session's objects, 3 % of a hand POST, issue 37) would only make a later
        # read of it ask the database again.
        match_id, written = match.id, match.version
        uow.commit(keep_loaded=True)
        _cache_written(match_id, written, checked.replayed)
    return Written(match, checked.state, answer.status, answer.body)


def _cache_written(match_id: int, version: int, replayed: replay_cache.Cached | None) -> None:
    """Cache the replay a committed write made (its hands are the ones stored at ``version``,
    the version the write gave the match)."""
    cache = replaying.process_cache()
    if replayed is not None and cache is not None:
        cache.put(match_id, replace(replayed, version=version))


def _check(
    public_id: str,
    token: str | None,
    version: int | None,
    idempotency_key: str | None,
    respond: Respond,
    change: Callable[[Match], Checked],
    uow: UnitOfWork,
) -> Written | _Ready:
    """Steps 1 to 6 of the module doc: the answer to a repeat, or the match locked, what the
    change's check gives, and whether the key has an expired record."""
    sqlite = not statements.on_driver()  # PostgreSQL or SQLite
    for attempt in range(_SQLITE_ATTEMPTS):
        # PostgreSQL: locked from the start (its row lock holds up no other match). SQLite:
        # replayed unlocked, locked after; a write that keeps losing that race takes the lock
        # first on its last attempt, so that it always gets through.
        lock_first = not sqlite or attempt == _SQLITE_ATTEMPTS - 1
        match, kept = (_lock_keyed if lock_first else _read_fresh)(public_id, idempotency_key)
        check_token(match, token)
        stale = kept is not None and as_utc(kept[1]) < expiry()
        if kept is not None and not stale:
            return _repeat(match, kept[0], respond)
        with write_refusals():
            writes.check_version(match.version, _hands_seen(match, version))
        seen = match.version
        # A long replay gives the connection (and any lock) back before it runs
        # (:mod:`.replay_work`): the lock is then taken again below and the version re-read.
        with replay_work.releasing(release_reads) as replay:
            checked = change(match)
        if lock_first and not replay.released:
            return match, checked, stale
        if replay.released:
            _prepare_answer(match, checked, respond)
        uow.rollback()  # end the read: the write lock comes next
        match = lock_match(public_id)
        if match.version == seen:
            return match, checked, stale
        # Another write came between the replay and the lock: its hands count, replay again.
        uow.rollback()
    # Only long replays get here (a short one takes the lock first on the last attempt): each
    # lost the race to another write of the match, and none holds a lock while it replays.
    raise Conflict("another change to this match came first: reload it and try again")


def _prepare_answer(match: Match, checked: Checked, respond: Respond) -> None:
    """Before the lock of a write whose replay was long: build its answer once, unlocked, in a
    slot (:func:`.replay_work.slot`), so that what it builds of each hand (its JSON in the
    request's language, :func:`.replaying.per_hand`) is kept with the write's replay, and the
    answer built again under the lock (with the new version) costs what its match costs, not
    what its 1,000 hands do: SQLite's write lock is never held for it. The answer built here
    is discarded."""
    # Warming only: a failure is the locked answer's to raise (but no slot is a 503 here: the
    # answer is not built under the lock instead).
    with replay_work.slot(), replaying.answering(match, checked.replayed), suppress(Exception):
        respond(match, checked.state, None)
    release_reads()  # what the answer read (a stored entry) leaves no connection checked out


def release_reads() -> bool:
    """End the session's transaction, which has written nothing, and give its connection back
    to the pool, keeping what it read loaded (not expired, as a commit or rollback would: the
    replay reads the match's columns). Says whether it could: not with changes pending.

    Before a long replay (:mod:`.replay_work`): a preview, or a write's check, which then locks
    and checks the version again (step 6 of the module doc). A no-op ``UPDATE`` of SQLite's
    write lock is all a write's transaction may hold then: its commit changes nothing."""
    session = db.session()
    if session.new or session.dirty or session.deleted:
        return False
    _commit_keeping_loaded()
    return True


def _commit_keeping_loaded() -> None:
    """Commit the session's transaction without expiring what it loaded."""
    session = db.session()
    keep = session.expire_on_commit
    session.expire_on_commit = False
    try:
        session.commit()
    finally:
        session.expire_on_commit = keep


def _hands_seen(match: Match, version: int | None) -> int | None:
    """The version a write says it was made from, as the check compares it: one made since the
    match's last change to its hands (:attr:`~scorekeeper.models.Match.hands_version`) saw the
    hands as they are, so it counts as the current version (issue 35: calling time on a club
    round made the next Save of every table a clash)."""
    since = match.hands_version
    if version is not None and since is not None and since <= version <= match.version:
        return match.version
    return version


#: The key's record (id, when it was made), read with the match in one statement.
_Locked = TypeVar("_Locked", Match, Group, ClubNight)


@functools.cache
def _fresh_select(model: type[_Locked], locked: bool, keyed: bool = False) -> Any:
    """The ``SELECT`` of a match or group by its ``public_id`` read fresh (one already in the
    session is refreshed), ``FOR UPDATE`` when ``locked``, with :func:`.idempotency.kept_columns` (a
    match's) when ``keyed``. Built once: see ``_INSERT_HAND``."""
    select = sa.select(model, *(kept_columns() if keyed else ())).where(
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
    state = replaying.state_of(match)
    answer = respond(match, state, stored.hand)
    return Written(match, state, stored.status, answer.body, True)


def _read_fresh(public_id: str, key: str | None = None) -> tuple[Match, Kept | None]:
    """The match as the database has it now, unlocked, and the record of ``key`` on it."""
    row = db.session.execute(
        _fresh_select(Match, False, key is not None), {"public_id": public_id, "key": key}
    ).first()
    if row is None:
        raise NotFound("there is no match with this id")
    return row[0], record_of(row)


def _lock_row(
    model: type[_Locked], public_id: str, touch: Any, select: Any, key: Any = None
) -> Any:
    """The row of ``model`` whose ``public_id`` this is, locked for the rest of the transaction
    and read fresh from the database by ``select`` (bound to ``public_id`` and ``key``); ``None``
    if there is none. ``touch``: a column the SQLite write sets to itself."""
    if statements.on_driver():
        # PostgreSQL: on the driver's connection, the row made the session's object there.
        found = statements.run(select, {"public_id": public_id, "key": key}).fetchone()
        return None if found is None else statements.loaded(model, found)
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


def lock_match(public_id: str) -> Match:
    """The match, locked for the rest of the transaction, read fresh from the database."""
    return _lock_keyed(public_id, None)[0]


def _lock_keyed(public_id: str, key: str | None) -> tuple[Match, Kept | None]:
    """:func:`lock_match`, and the record of ``key`` on the match, read in the same statement."""
    row = _lock_row(
        Match, public_id, Match.version, _fresh_select(Match, True, key is not None), key
    )
    if row is None:
        raise NotFound("there is no match with this id")
    return row[0], record_of(row)


def lock_group(public_id: str) -> Group:
    """The group, locked for the rest of the transaction (as :func:`lock_match` a match)."""
    if not PUBLIC_ID.fullmatch(public_id):
        raise NotFound("there is no group with this id")
    row = _lock_row(Group, public_id, Group.name, _fresh_select(Group, True))
    if row is None:
        raise NotFound("there is no group with this id")
    group: Group = row[0]
    return group


def lock_club_night(public_id: str) -> ClubNight:
    """The club night whose private id this is, locked for the rest of the transaction (as
    :func:`lock_match` a match): every night write runs on it (docs/club.md §14); hand writes
    never do (§9.7)."""
    if not PUBLIC_ID.fullmatch(public_id):
        raise NotFound("there is no club night with this id")
    row = _lock_row(ClubNight, public_id, ClubNight.version, _fresh_select(ClubNight, True))
    if row is None:
        raise NotFound("there is no club night with this id")
    night: ClubNight = row[0]
    return night
