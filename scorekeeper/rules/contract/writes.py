"""The decisions of a match's writes (docs/api.md "Hands"): add a hand, correct one, undo the
last, end the night and take it back, and the settle-up's refusal. Each is a pure function of
the match as stored (its variant, its setup, its stored entries, whether the table ended it)
and of the request: it gives the match after the write (:class:`Decision`) or refuses it
(:class:`WriteRefused`, the API's 404 or 409; the rules' own :class:`RuleError`, the 422, and
:class:`MatchOverError` pass through where a write lets them).

The server (``scorekeeper.service.matches``) keeps the database, the lock, the token, the
idempotency record and its replay cache, which it lends as ``replays``; the phone's engine
calls these with ``replays=None``: a plain replay from hand 1 (:class:`PlainReplays`). Both get
the same answers.

Stored hands the rules refuse (docs/rules.md §7): while one stands, adding a hand and finishing
are refused; correcting it with an entry the rules take fixes it; undoing the last hand always
works.

>>> from ..games.registry import find_variant
>>> variant = find_variant("pinochle-2")
>>> setup = variant.setup(["Ana", "Ben"])
>>> hand = {"meld": {"Ana": 20, "Ben": 0}, "tricks": {"Ana": 130, "Ben": 120}}
>>> added = add_hand(variant, setup, [], False, hand)
>>> dict(added.state.totals), len(added.inputs), added.finished
({'Ana': 150, 'Ben': 120}, 1, False)
>>> try:
...     delete_last_hand(variant, setup, added.inputs, False, 2)
... except WriteRefused as refused:
...     print(refused.status, refused.template, refused.params)
404 this match has no hand {number} {'number': 2}
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, NoReturn, Protocol, TypeVar

from ..core.errors import MatchOverError, RuleError
from ..core.match import FINISHED, MatchState, Problem, Setup, finish
from ..core.settle import Settlement
from ..games.auction.form import settlement_of
from ..games.registry import Variant
from ..games.replay import problem_of, replay

#: The most hands a match holds (docs/api.md "Limits"): one more is a 409. It bounds what a
#: read, a write and an import replay (a night of auction is 30-60 hands).
MAX_HANDS = 1000

#: A match's stored entries, in hand order.
Inputs = Sequence[Mapping[str, Any]]


class WriteRefused(Exception):
    """A write that does not fit the match as it is: ``status`` 404 (no such hand) or 409 (the
    match over, not the last hand, a correction that would end it early, ...). ``template`` is
    English with ``{name}`` placeholders and ``params`` its values, as the service's
    ``NotFound`` and ``Conflict`` carry them (translated by the pages, the API and the phone);
    ``message`` is the English filled in."""

    def __init__(self, status: int, template: str, **params: Any) -> None:
        self.status = status
        self.template = template
        self.params = params
        self.message = template.format(**params) if params else template
        super().__init__(self.message)


def _conflict(template: str, **params: Any) -> WriteRefused:
    return WriteRefused(409, template, **params)


def check_version(current: int, given: int | None) -> None:
    """A write made from version ``given`` of a match now at ``current`` is a 409 (docs/api.md
    "Hands": ``version``); ``None``: the write did not say."""
    if given is not None and given != current:
        raise _conflict(
            "the match has changed (version {current}, not {given}): reload it and try again",
            current=current,
            given=given,
        )


class Replayed(Protocol):
    """What a replay gives: at least the match it replayed to (the server's cache entry holds
    more, its checkpoints)."""

    @property
    def state(self) -> MatchState:
        """The match replayed (ended by :func:`~scorekeeper.rules.finish` when asked)."""
        ...


R = TypeVar("R", bound=Replayed)
R_co = TypeVar("R_co", bound=Replayed, covariant=True)


class Replays(Protocol[R_co]):
    """How a write replays the match's entries from hand 1 (all of them, the new one in
    place). ``finished``: whether the table ended the match, so the state is ended too."""

    def strict(self, inputs: Inputs, *, finished: bool) -> R_co:
        """Any hand the rules refuse raises (:class:`RuleError` with its ``hand``, or
        :class:`MatchOverError`)."""
        ...

    def lenient(self, inputs: Inputs, *, finished: bool) -> R_co:
        """Never refused: a refused stored hand becomes ``state.problems``
        (:func:`~scorekeeper.rules.games.replay.replay`)."""
        ...

    def whole(self, inputs: Inputs, *, finished: bool) -> MatchState:
        """As :meth:`lenient`, but nothing of it is kept (the server does not cache it)."""
        ...


@dataclass(frozen=True)
class PlainReplay:
    """A replay of :class:`PlainReplays`: the match and nothing else."""

    state: MatchState


@dataclass(frozen=True)
class PlainReplays:
    """The replays of a caller with no cache (the phone): every hand from hand 1 by the
    variant's own rules, strictly by :meth:`Variant.play
    <scorekeeper.rules.games.registry.Variant.play>`, leniently by
    :func:`~scorekeeper.rules.games.replay.replay`."""

    variant: Variant
    setup: Setup

    def strict(self, inputs: Inputs, *, finished: bool) -> PlainReplay:
        """See :meth:`Replays.strict`."""
        return PlainReplay(_ended(self.variant.play(self.setup, inputs), finished))

    def lenient(self, inputs: Inputs, *, finished: bool) -> PlainReplay:
        """See :meth:`Replays.lenient`."""
        return PlainReplay(self.whole(inputs, finished=finished))

    def whole(self, inputs: Inputs, *, finished: bool) -> MatchState:
        """See :meth:`Replays.whole`."""
        return _ended(replay(self.variant, self.setup, inputs), finished)


def _ended(state: MatchState, finished: bool) -> MatchState:
    return finish(state) if finished else state


@dataclass(frozen=True)
class Decision(Generic[R]):
    """A write the rules let through: what to store and the match it makes."""

    #: The match after the write, as a read of it will show it.
    state: MatchState
    #: The match's stored entries after the write, in hand order.
    inputs: tuple[Mapping[str, Any], ...]
    #: Whether the table has ended the match after the write (what to store).
    finished: bool
    #: The replay that made ``state``, for the caller to keep (the server caches it); ``None``
    #: when there is nothing worth keeping.
    replayed: R | None = None


def _replays(variant: Variant, setup: Setup, replays: Replays[Any] | None) -> Replays[Any]:
    return replays if replays is not None else PlainReplays(variant, setup)


def add_hand(
    variant: Variant,
    setup: Setup,
    inputs: Inputs,
    finished: bool,
    entry: Mapping[str, Any],
    replays: Replays[Any] | None = None,
    *,
    over: Callable[[MatchState], bool] | None = None,
) -> Decision[Any]:
    """Add ``entry`` as the next hand (``POST .../hands``). Refused (409) when the table ended
    the match, when it holds :data:`MAX_HANDS` hands, when a stored hand no longer fits the
    rules (docs/rules.md §7), when the rules ended it, and when ``over(state)`` (the state
    with the new hand) says it was over before (a club night's limit, docs/club.md §7.2). An
    entry the rules refuse raises their :class:`RuleError` (422)."""
    if finished:
        raise _conflict("the match is finished: undo its last hand to reopen it")
    stored = len(inputs)
    if stored >= MAX_HANDS:
        # Checked before the replay: refusing costs nothing (docs/api.md "Limits").
        raise _conflict("a match has at most {most} hands", most=MAX_HANDS)
    # What only a hand typed now is refused (a meld typo): stored hands replay as stored.
    variant.check_typed(setup, entry)
    after = (*inputs, dict(entry))
    try:
        replayed = _replays(variant, setup, replays).strict(after, finished=False)
    except (MatchOverError, RuleError) as refusal:
        problem = problem_of(refusal, stored)
        if problem is not None:
            # A stored hand the rules refuse now (docs/rules.md §7), not the new entry.
            refuse_problem(problem, refusal)
        if isinstance(refusal, MatchOverError):
            raise _conflict("the match is over: no more hands can be added") from refusal
        raise
    if over is not None and over(replayed.state):
        raise _conflict("this round's match is over")
    return Decision(replayed.state, after, False, replayed)


def replace_hand(
    variant: Variant,
    setup: Setup,
    inputs: Inputs,
    finished: bool,
    number: int,
    entry: Mapping[str, Any],
    replays: Replays[Any] | None = None,
) -> Decision[Any]:
    """Correct hand ``number`` to ``entry`` (``PUT .../hands/<n>``); every later total, the
    winner and the status follow. 404 for no such hand; 409 when the correction would end the
    match before the hands that follow it, or make one of them no longer fit, or when a stored
    hand before it no longer fits the rules (docs/rules.md §7). An entry the rules refuse
    raises their :class:`RuleError` (422)."""
    check_number(number, len(inputs))
    variant.check_typed(setup, entry)
    after = list(inputs)
    after[number - 1] = dict(entry)
    how = _replays(variant, setup, replays)
    try:
        replayed = how.strict(after, finished=finished)
    except (MatchOverError, RuleError) as refusal:
        state = _refused_correction(how, inputs, after, finished, number, refusal)
        return Decision(state, tuple(after), finished)
    return Decision(replayed.state, tuple(after), finished, replayed)


def _refused_correction(
    how: Replays[Any],
    inputs: Inputs,
    after: Inputs,
    finished: bool,
    number: int,
    refusal: MatchOverError | RuleError,
) -> MatchState:
    """The match after a correction of hand ``number`` whose strict replay ``refusal`` refused:
    the lenient replay when the match stopped no later before it; else the refusal."""
    problem = problem_of(refusal, len(after))
    if problem is None or (problem.hand == number and isinstance(refusal, RuleError)):
        raise refusal  # the entry itself is refused (422)
    if problem.hand <= number:
        # A stored hand before this one is refused now, or the match was over before this
        # one (docs/rules.md §7): that hand needs its own correction or an undo.
        refuse_problem(problem, refusal)
    stopped = how.whole(inputs, finished=finished).problems
    if stopped and stopped[0].hand <= problem.hand:
        # The match already stopped at a refused hand no later than the one it stops at now:
        # the correction (its entry taken by the rules) leaves it no worse.
        return how.whole(after, finished=finished)
    if isinstance(refusal, MatchOverError):
        raise _conflict(
            "this correction ends the match at hand {hand}, before the hands "
            "that follow it: undo those first",
            hand=refusal.hand - 1,
        ) from refusal
    # The entry itself is fine, but a later hand no longer fits the match it makes
    # (three-handed play-on: the winner changed): like a correction that ends the match
    # early, it conflicts with the hands after it.
    raise _conflict(
        "with this correction hand {hand} no longer fits "
        "({reason}): undo the hands after {number} first",
        hand=problem.hand,
        reason=refusal,
        number=number,
    ) from refusal


def delete_last_hand(
    variant: Variant,
    setup: Setup,
    inputs: Inputs,
    finished: bool,
    number: int,
    replays: Replays[Any] | None = None,
    *,
    closed: bool = False,
) -> Decision[Any]:
    """Undo hand ``number`` (``DELETE .../hands/<n>``), which must be the last: 404 for no such
    hand, 409 for another. It reopens a match the table ended (``finished``, whatever it is),
    except a club night's match whose round is ``closed`` (docs/club.md §7.2: the close ends
    it, whatever its hands). Never refused by the rules: undoing the hands after a refused one
    must work (docs/rules.md §7)."""
    check_number(number, len(inputs))
    if number != len(inputs):
        raise _conflict(
            "only the last hand ({last}) can be deleted: correct hand "
            "{number} instead, or undo the hands after it first",
            last=len(inputs),
            number=number,
        )
    after = tuple(inputs[:-1])
    replayed = _replays(variant, setup, replays).lenient(after, finished=closed)
    return Decision(replayed.state, after, closed, replayed)


def finish_match(state: MatchState, finished: bool) -> MatchState:
    """End the match now (``POST .../finish``, docs/api.md "End the night and reopen it"): the
    side first in standings wins. ``state``: the match as a read shows it (leniently
    replayed, ended if ``finished``). 409 when it is over already, or while a stored hand no
    longer fits the rules (docs/rules.md §7)."""
    if finished:
        raise _conflict("the match is already finished")
    if state.problems:
        refuse_problem(state.problems[0])
    if state.status == FINISHED:
        raise _conflict("the match is already finished")
    return finish(state)


def reopen_match(
    variant: Variant,
    setup: Setup,
    inputs: Inputs,
    finished: bool,
    replays: Replays[Any] | None = None,
) -> Decision[Any]:
    """Take back "End the night" (``POST .../reopen``, issue 26): the match goes on from its
    totals, every hand kept. 409 when the table had not ended it (``finished``), or when its
    rules ended it (a target reached: undo a hand)."""
    if not finished:
        raise _conflict("the match is not finished")
    replayed = _replays(variant, setup, replays).lenient(inputs, finished=False)
    if replayed.state.status == FINISHED:
        raise _conflict("the match is over: no more hands can be added")
    return Decision(replayed.state, tuple(inputs), False, replayed)


def settle(setup: Setup, state: MatchState) -> Settlement:
    """The settle-up of the match (``GET .../settlement``, docs/api.md "Settle-up and tools"):
    an auction match in units (:func:`~scorekeeper.rules.games.auction.form.settlement_of`); any
    other match is a 409."""
    try:
        return settlement_of(setup, state)
    except RuleError as error:
        raise WriteRefused(409, error.template, **error.params) from error


def refuse_problem(problem: Problem, cause: BaseException | None = None) -> NoReturn:
    """The 409 of a write that a refused stored hand stands in the way of (docs/rules.md
    §7)."""
    raise _conflict(
        "stored hand {hand} no longer fits the rules ({reason}): correct it or undo it first",
        hand=problem.hand,
        reason=problem.error,
    ) from cause


def check_number(number: int, count: int) -> None:
    """The 404 of a hand ``number`` that a match of ``count`` hands does not have."""
    if not 1 <= number <= count:
        raise WriteRefused(404, "this match has no hand {number}", number=number)


def repeated_hand(
    seen: int | None, stored: Sequence[Mapping[str, Any]], entry: Mapping[str, Any]
) -> int | None:
    """The number of the hand another phone stored that ``entry`` repeats, or ``None``
    (docs/phone.md "Two phones, one deal"; issue 38 point 1).

    A hand form made when ``seen`` hands were stored, sent after more were, was typed for
    hand ``seen + 1``; when that hand is stored with exactly this entry, the same deal was
    saved by another phone meanwhile, and storing it again would count it twice. A form that
    saw every stored hand (or says nothing of what it saw) repeats nothing: two deals alike
    in a row (an all-pass auction twice) are two hands.

    >>> stored = [{"outcome": "all_pass"}, {"bidder": "Ana", "bid": 250, "outcome": "made"}]
    >>> repeated_hand(1, stored, {"outcome": "made", "bid": 250, "bidder": "Ana"})
    2
    >>> repeated_hand(1, stored, {"outcome": "all_pass"}) is None  # typed as hand 2: it differs
    True
    >>> repeated_hand(2, stored, {"outcome": "all_pass"}) is None  # saw both: a new hand
    True
    """
    if seen is None or not 0 <= seen < len(stored):
        return None
    return seen + 1 if dict(stored[seen]) == dict(entry) else None
