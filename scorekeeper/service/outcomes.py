"""What the service refuses with (:class:`ServiceError` and its kinds) and what a write answers
(:class:`Answer`, :class:`Written`): the types every module of the package and its callers
share."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from ..models import Match
from ..rules import MatchState
from ..rules.contract.writes import WriteRefused


@dataclass(frozen=True)
class Answer:
    """What ``respond`` gives: the status and body of the answer, and what the idempotency key
    keeps of it (small JSON, or ``None``)."""

    status: int
    body: Any
    kept: Any = None


#: ``respond(match, state, kept) -> Answer``: the answer of a write (:mod:`.writing`,
#: "Idempotent answers").
Respond = Callable[[Match, MatchState, Any], Answer]


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


class Forbidden(ServiceError):
    """A right to score that is not enough for this (HTTP 403): a phone that joined to score
    too (a scorer key) may not do what only the edit token does (docs/sharing.md, "Who may
    do what")."""


class Conflict(ServiceError):
    """The write does not fit the match as it is now (HTTP 409): finished, stale version,
    not the last hand, a correction that would end the match early."""


class Busy(ServiceError):
    """Work the server will not take on now (issue 37: replays bounded by their work): ``429``
    when the hands replayed for this address or match in the window are spent (the limiter's
    budget), ``503`` when this process already runs as many long replays as it may. Answered
    with ``Retry-After: retry_after`` (whole seconds); nothing was stored."""

    def __init__(self, status: int, retry_after: int, message: str = "") -> None:
        super().__init__(message or "the server is busy: try again in a moment")
        self.status = status
        self.retry_after = max(1, retry_after)


@contextmanager
def write_refusals() -> Iterator[None]:
    """Inside it, a write the rules' decision refuses (:class:`~scorekeeper.rules.contract.writes.
    WriteRefused`) is raised as the service's own :class:`NotFound` (404) or :class:`Conflict`
    (409), with the same template and values: the answers of the API and the pages are the
    service's."""
    try:
        yield
    except WriteRefused as refused:
        kind = NotFound if refused.status == 404 else Conflict
        raise kind(refused.template, **refused.params) from refused.__cause__


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
