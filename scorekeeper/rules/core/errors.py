"""The one error type of the rules."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any


class RuleError(ValueError):
    """An entry the rules refuse: carries the field it concerns and a message a player can act on.

    ``path`` joins keys with dots and list positions in brackets (``tricks.Ana``,
    ``meld.Ben[2]``); ``"_"`` means the entry as a whole. ``message`` is an English template
    with ``{name}`` placeholders filled from ``params`` so that it can be translated later
    without losing the values; ``code`` is a stable machine code for the same purpose.
    ``hand`` is set (1-based) when the error concerns one hand of a match.

    >>> str(RuleError("tricks.Ana", "must be at most {most}", code="too_large", most=250))
    'tricks.Ana: must be at most 250'
    """

    def __init__(self, path: str, message: str, *, code: str = "invalid", **params: Any) -> None:
        self.path = path
        self.template = message
        self.code = code
        self.params = params
        self.hand: int | None = None
        super().__init__(f"{path}: {self.message}")

    @property
    def message(self) -> str:
        """The message with its values filled in (English)."""
        return self.template.format(**self.params) if self.params else self.template

    def under(self, prefix: str) -> RuleError:
        """The same error with its path moved under ``prefix`` (``rules`` + ``target``)."""
        path = prefix if self.path == "_" else join_path(prefix, self.path)
        moved = RuleError(path, self.template, code=self.code, **self.params)
        moved.hand = self.hand
        return moved


class RuleErrors(RuleError):
    """Several refusals of one entry, each naming its field (docs/club.md §19 case 35: a round
    seated by hand is refused at ``tables[1][0]`` *and* at ``tables``). It is the first of them
    to anyone who reads one :class:`RuleError`; ``errors`` holds them all, in order.

    >>> both = RuleErrors([RuleError("a", "is wrong"), RuleError("b", "is missing")])
    >>> both.path, [e.path for e in both.errors]
    ('a', ['a', 'b'])
    """

    def __init__(self, errors: Sequence[RuleError]) -> None:
        if not errors:
            raise ValueError("RuleErrors needs at least one refusal")
        first = errors[0]
        super().__init__(first.path, first.template, code=first.code, **first.params)
        self.hand = first.hand
        self.errors: tuple[RuleError, ...] = tuple(errors)

    def under(self, prefix: str) -> RuleError:
        """Every refusal moved under ``prefix``."""
        return RuleErrors([error.under(prefix) for error in self.errors])


def raise_all(errors: Sequence[RuleError]) -> None:
    """Raise the refusals collected, if any: one alone as itself, several as
    :class:`RuleErrors`."""
    if len(errors) == 1:
        raise errors[0]
    if errors:
        raise RuleErrors(errors)


class MatchOverError(ValueError):
    """A hand was entered (or kept, after a correction) for a match that had already ended."""

    def __init__(self, hand: int) -> None:
        self.hand = hand
        super().__init__(f"the match ended before hand {hand}")


def join_path(prefix: str, key: str | int) -> str:
    """Join a field path the way the API spells it: ``meld`` + ``Ben`` -> ``meld.Ben``.

    >>> join_path("meld.Ben", 2)
    'meld.Ben[2]'
    >>> join_path("", "tricks")
    'tricks'
    """
    if isinstance(key, int):
        return f"{prefix}[{key}]"
    return f"{prefix}.{key}" if prefix else key


@contextmanager
def for_hand(number: int) -> Iterator[None]:
    """Mark any :class:`RuleError` raised inside as concerning hand ``number``."""
    try:
        yield
    except RuleError as error:
        if error.hand is None:
            error.hand = number
        raise
