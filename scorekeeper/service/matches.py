"""A match's use cases, one function each: create it, its rematch, add a hand, correct one,
undo the last, finish it. Each change of the hands is the check of a write that
:func:`.writing.write` runs (the write protocol: locks, versions, idempotency keys, one
transaction); what the check decides is :mod:`scorekeeper.rules.contract.writes`' (pure: the phone's
engine decides the same), given the replay cache's replays (:class:`.replaying.CachedReplays`)
and the club night's limits (:mod:`scorekeeper.service.club.limits`)."""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from dataclasses import replace
from decimal import Decimal
from typing import Any

import sqlalchemy as sa

from ..extensions import db
from ..models import Hand, Match, utcnow
from ..rules import FINISHED, MatchState, RuleError, finish
from ..rules.contract import writes
from ..rules.contract.writes import MAX_HANDS as MAX_HANDS
from ..rules.games.registry import find_variant
from ..rules.games.revisions import split_carried
from .club.limits import in_closed_round, over_before_new_hand
from .club.spots import club_spot_of
from .groups.placing import GroupPlace, check_next_place, place_in_group, seats_of_match
from .outcomes import Conflict, NotFound, Respond, Written, write_refusals
from .reading import get_match, hash_token
from .replay_work import counted
from .replaying import CachedReplays, decision_inputs, setup_of, state_of
from .writing import Checked, UnitOfWork, write


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
    (:data:`~scorekeeper.rules.games.revisions.CARRIED_ONLY`, an import), stored beside the resolved
    ones. ``hands`` (an import): the match's hands, replayed once, strictly, before anything is
    stored, and stored with the match in the same transaction; the rules' refusal is raised as
    the rules raise it (:class:`RuleError` with its ``hand``, or
    :class:`~scorekeeper.rules.MatchOverError`). ``finished``: the table had ended the match
    (kept only when it has hands and the rules did not end it themselves). ``group``: the group
    the match is played in (its token checked, its seats put on the roster, in the same
    transaction)."""
    with UnitOfWork() as uow:
        match, token = build_match(
            variant,
            players,
            teams,
            rules,
            dealer,
            carried=carried,
            hands=hands,
            finished=finished,
            group=group,
        )
        uow.commit()
    return match, token


def build_match(
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
    hand_limit: int | None = None,
    extra_on_tie: bool = False,
) -> tuple[Match, str]:
    """:func:`create_match` inside the caller's transaction (added to the session, not
    committed): a club night's round start builds all its tables' matches in one unit of work
    (docs/club.md §7.1). ``hand_limit``, ``extra_on_tie``: the round's end (§7.2)."""
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
        options=json_safe(setup.options),
        players=list(setup.players),
        teams=[{"name": t.name, "players": list(t.players)} for t in setup.teams],
        first_dealer=setup.first_dealer,
        finished=finished,
        version=1,
        token_hash=hash_token(token),
        created_at=now,
        updated_at=now,
        hand_limit=hand_limit,
        extra_on_tie=extra_on_tie,
        time_hands=None,
    )
    match.hands = [
        Hand(number=number, input=entry, created_at=now)
        for number, entry in enumerate(entries, start=1)
    ]
    db.session.add(match)
    if group is not None:
        state = played or found.play(setup, [])
        place_in_group(match, group, finish(state) if match.finished else state)
    return match, token


def rematch(public_id: str, *, group: GroupPlace | None = None) -> tuple[Match, str]:
    """New game, same table: a new match (:func:`create_match`) with this one's players in
    their seats, its teams and its house rules, the first deal one seat on (the player after
    this match's first dealer, the way the deal passes). The match itself is not changed.
    Returns the new match and its edit token. ``group``: the new match is played in that group,
    each seat standing for the roster player it stood for in this match when this match is in
    that group too (:func:`create_match`). A wrong group token is :class:`Unauthorized`; a
    match of another group is a :class:`RuleError` at ``match``
    (:func:`scorekeeper.service.groups.placing.check_next_place`). A club night's match is a
    :class:`Conflict`: it goes on in the night's next round at its table (docs/club.md §7.3), never
    outside the night."""
    old = get_match(public_id)
    if club_spot_of(old) is not None:
        raise Conflict("a club night's match goes on in the night's next round, not in a new game")
    rules, carried = split_carried(old.options)
    teams = [{"name": t["name"], "players": list(t["players"])} for t in old.teams] or None
    if group is not None:
        check_next_place(old, group)
        group = replace(group, seats=seats_of_match(old.id, group.public_id))
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
    """Add the next hand. :class:`Conflict` if the match is over (finished by the table, ended
    by the rules, or a club night's round match over), :class:`RuleError` for an entry the
    rules refuse (:func:`scorekeeper.rules.contract.writes.add_hand`)."""

    def change(match: Match) -> Checked:
        def over(state: MatchState) -> bool:
            # A club night's hand limit or called time (docs/club.md §7.2): the columns are
            # on the match row, so this asks nothing more of the database.
            return over_before_new_hand(match, state)

        with write_refusals():
            decided = writes.add_hand(
                *decision_inputs(match), entry, CachedReplays(match), over=over
            )
        # Stored with the version (the write's _bump): the version, re-checked under the lock,
        # says the hands are the ones replayed.
        added = (len(decided.inputs), entry)
        return Checked(decided.state, _unchanged, decided.replayed, added)

    return write(public_id, token, version, idempotency_key, respond, change)


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
    before hands that follow it, or make one of them no longer fit
    (:func:`scorekeeper.rules.contract.writes.replace_hand`)."""

    def apply(locked: Match) -> None:
        _hand(locked, number).input = dict(entry)

    def change(match: Match) -> Checked:
        # Counted by the hands it replays, however few (a right token's corrections have no
        # other limit: :mod:`.replay_work`).
        with write_refusals(), counted(match.public_id):
            decided = writes.replace_hand(
                *decision_inputs(match), number, entry, CachedReplays(match)
            )
        return Checked(decided.state, apply, decided.replayed)

    return write(public_id, token, version, idempotency_key, respond, change)


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
    finished match, except a club night's match whose round is closed (docs/club.md §7.2:
    the close ends it, whatever its hands;
    :func:`scorekeeper.rules.contract.writes.delete_last_hand`)."""
    finished: list[bool] = [False]

    def apply(locked: Match) -> None:
        db.session.delete(_hand(locked, number))
        locked.finished = finished[0]

    def change(match: Match) -> Checked:
        closed = in_closed_round(match)
        with write_refusals():
            decided = writes.delete_last_hand(
                *decision_inputs(match), number, CachedReplays(match), closed=closed
            )
        finished[0] = decided.finished
        return Checked(decided.state, apply, decided.replayed)

    return write(public_id, token, version, idempotency_key, respond, change)


def finish_match(
    public_id: str,
    token: str | None,
    *,
    version: int | None = None,
    idempotency_key: str | None = None,
    respond: Respond | None = None,
) -> Written:
    """End the match now: the side first in standings wins. :class:`Conflict` if it is over
    (:func:`scorekeeper.rules.contract.writes.finish_match`)."""

    def apply(locked: Match) -> None:
        locked.finished = True

    def change(match: Match) -> Checked:
        with write_refusals():
            # What state_of then gives, without replaying.
            finished = writes.finish_match(state_of(match), match.finished)
        return Checked(finished, apply)

    return write(public_id, token, version, idempotency_key, respond, change)


def reopen_match(
    public_id: str,
    token: str | None,
    *,
    version: int | None = None,
    idempotency_key: str | None = None,
    respond: Respond | None = None,
) -> Written:
    """Take back "End the night" (issue 26: tapped by mistake, it was undone only by deleting
    the last hand): the match goes on from its totals, every hand kept. :class:`Conflict` if
    the table had not ended it, or if the rules ended it (a target reached: undo a hand;
    :func:`scorekeeper.rules.contract.writes.reopen_match`)."""

    def apply(locked: Match) -> None:
        locked.finished = False

    def change(match: Match) -> Checked:
        with write_refusals():
            decided = writes.reopen_match(*decision_inputs(match), CachedReplays(match))
        return Checked(decided.state, apply, decided.replayed)

    return write(public_id, token, version, idempotency_key, respond, change)


def _unchanged(locked: Match) -> None:
    """The ``apply`` of a write that changes nothing of the locked match through the ORM."""


def _hand(match: Match, number: int) -> Hand:
    """Hand ``number`` of the match, read alone."""
    hand: Hand | None = db.session.scalar(
        sa.select(Hand).where(Hand.match_id == match.id, Hand.number == number)
    )
    if hand is None:
        raise NotFound("this match has no hand {number}", number=number)
    return hand


def json_safe(value: Any) -> Any:
    """Options as JSON can store them (a Decimal as its text, a tuple as a list)."""
    if isinstance(value, Mapping):
        return {str(k): json_safe(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [json_safe(v) for v in value]
    if isinstance(value, Decimal):
        return str(value)
    return value
