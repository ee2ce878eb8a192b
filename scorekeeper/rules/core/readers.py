"""Reading an entry as the table typed it (JSON-like values) into checked Python values.

Every hand form and every option goes through these few readers, so that a wrong type, an
unknown key or a number out of range is refused the same way everywhere, naming the field.
A ``bool`` is never accepted where a number is wanted (JSON ``true`` is not 1).
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Mapping
from decimal import Decimal
from typing import Any, TypeVar

from .errors import RuleError, join_path

T = TypeVar("T")

#: The range of a whole number any column keeps (PostgreSQL's ``integer``; SQLite takes 64
#: bits, which is more): a number outside it would fail the query (SQLite raises
#: ``OverflowError`` from 2**63 on, PostgreSQL refuses past 2**31 - 1), so :func:`as_int` refuses
#: it first, naming the field (issue 37). The URLs' numbers have the same range
#: (:data:`URL_INT_DIGITS`).
MAX_INT = 2**31 - 1
MIN_INT = -(2**31)
#: The most digits of a number in a URL's path (``/rounds/<n>``, ``/t/<n>``): more is a 404
#: before ``int()`` reads it (Python refuses past 4,300 digits with a ``ValueError``).
URL_INT_DIGITS = 10
#: The most digits of a decimal amount (:func:`as_decimal`), before and after the point
#: together: read before ``Decimal`` is, whose 28 digits of precision a longer one would pass
#: (its rounding then raises ``InvalidOperation``).
DECIMAL_DIGITS = 15
_DECIMAL_TEXT = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)")


def unstorable(text: str) -> str | None:
    """The first character of ``text`` that no database stores as text, if any: NUL (which
    PostgreSQL refuses) or a lone surrogate (half of a UTF-16 pair, which no UTF-8 store
    takes; JSON can carry one as ``"\\ud800"``).

    >>> unstorable("Ana"), unstorable("A\\x00na"), unstorable("\\ud800")
    (None, '\\x00', '\\ud800')
    """
    if text.isascii():  # the usual case, and NUL the only ASCII one
        return "\x00" if "\x00" in text else None
    return next((char for char in text if char == "\x00" or "\ud800" <= char <= "\udfff"), None)


def refuse_unstorable(text: str, path: str) -> None:
    """Refuse, naming ``path``, text that holds a character no database stores (issue 13:
    such text reached the database and failed the request with a 500)."""
    char = unstorable(text)
    if char is not None:
        raise RuleError(
            path or "_",
            "holds the character U+{code_point}, which no text may hold",
            code="bad_text",
            code_point=f"{ord(char):04X}",
        )


def as_object(value: object, path: str) -> Mapping[str, Any]:
    """``value`` as a mapping with text keys, or a refusal naming ``path`` (also for a key
    holding a character no text may hold: the paths of later refusals are made of keys)."""
    if not isinstance(value, Mapping) or not all(isinstance(k, str) for k in value):
        raise RuleError(path or "_", "must be an object", code="not_object")
    for key in value:
        refuse_unstorable(key, path)
    return value


def check_keys(
    value: Mapping[str, Any],
    allowed: Collection[str],
    path: str = "",
    required: Iterable[str] = (),
) -> None:
    """Refuse keys outside ``allowed`` and missing ``required`` keys, each by its own path.

    The first unknown key is named in sorted order, not in the order the body's keys came:
    PostgreSQL's JSONB reorders an object's keys when it stores it, so the same body must be
    refused at the same field whatever order its keys arrive in (issue 27).

    >>> check_keys({"zeta": 1, "alpha": 2, "meld": 0}, ("meld",))
    Traceback (most recent call last):
    ...
    scorekeeper.rules.core.errors.RuleError: alpha: is not a field of this entry
    """
    for key in sorted(value):
        if key not in allowed:
            raise RuleError(join_path(path, key), "is not a field of this entry", code="unknown")
    for key in required:
        if key not in value:
            raise RuleError(join_path(path, key), "is required", code="required")


def as_int(value: object, path: str, *, low: int | None = None, high: int | None = None) -> int:
    """A whole number within ``low``..``high`` (both inclusive, when given), and always
    within :data:`MIN_INT`..:data:`MAX_INT`: the one reader of a number a query or a column
    will take, so a huge one is a 422 naming the field, never a database's error.

    >>> as_int(2**63, "number", low=1)
    Traceback (most recent call last):
    ...
    scorekeeper.rules.core.errors.RuleError: number: must be at most 2147483647
    """
    if isinstance(value, bool) or not isinstance(value, int):
        if isinstance(value, float) and value.is_integer() and abs(value) <= MAX_INT:
            value = int(value)
        else:
            raise RuleError(path, "must be a whole number", code="not_int")
    low = MIN_INT if low is None else max(low, MIN_INT)
    high = MAX_INT if high is None else min(high, MAX_INT)
    if low is not None and value < low:
        raise RuleError(path, "must be at least {low}", code="too_small", low=low)
    if high is not None and value > high:
        raise RuleError(path, "must be at most {high}", code="too_large", high=high)
    return value


def as_decimal(
    value: object,
    path: str,
    *,
    digits: int = DECIMAL_DIGITS,
    numbers: bool = False,
) -> Decimal:
    """A decimal amount given as text (``"5.00"``; a JSON whole number too when ``numbers``),
    with at most two decimal places (money's cents) and ``digits`` digits in all, checked on
    the text before ``Decimal`` reads it (no exponent, no ``NaN``). The caller checks the
    range.

    >>> as_decimal("5.5", "purse.entry"), as_decimal(3, "value", numbers=True)
    (Decimal('5.5'), Decimal('3'))
    >>> as_decimal("9" * 41, "purse.entry")
    Traceback (most recent call last):
    ...
    scorekeeper.rules.core.errors.RuleError: purse.entry: has at most 15 digits
    """
    if numbers and isinstance(value, int) and not isinstance(value, bool):
        text = str(value) if abs(value) < 10**digits else "9" * (digits + 1)
    elif isinstance(value, str):
        text = value.strip()
        refuse_unstorable(text, path)
    else:
        raise RuleError(
            path, "must be a decimal number such as {example}", code="not_decimal", example="5.00"
        )
    if not _DECIMAL_TEXT.fullmatch(text):  # linear: the body is at most 256 KB
        raise RuleError(
            path, "must be a decimal number such as {example}", code="not_decimal", example="5.00"
        )
    whole, _, fraction = text.lstrip("+-").partition(".")
    fraction = fraction.rstrip("0")
    if len(fraction) > 2:
        raise RuleError(path, "must have at most two decimal places", code="too_precise")
    if len(whole.lstrip("0")) + len(fraction) > digits:
        raise RuleError(path, "has at most {most} digits", code="too_long", most=digits)
    return Decimal(text)


def as_bool(value: object, path: str) -> bool:
    """``true`` or ``false``."""
    if not isinstance(value, bool):
        raise RuleError(path, "must be true or false", code="not_bool")
    return value


def as_str(value: object, path: str) -> str:
    """A piece of text, without a character that no database stores (:func:`unstorable`)."""
    if not isinstance(value, str):
        raise RuleError(path, "must be text", code="not_text")
    refuse_unstorable(value, path)
    return value


def as_choice(value: object, path: str, choices: Collection[T]) -> T:
    """One of ``choices`` (compared as given: text, number or ``None``)."""
    for choice in choices:
        if (
            value == choice and type(value) is type(choice)  # True == 1, but not here
        ):
            return choice
    listed = ", ".join("null" if c is None else str(c) for c in choices)
    raise RuleError(
        path,
        "must be one of {choices}, not {given}",
        code="bad_choice",
        choices=listed,
        given="null" if value is None else repr(value),
    )


def as_list(value: object, path: str) -> list[Any]:
    """A JSON array."""
    if not isinstance(value, list):
        raise RuleError(path, "must be a list", code="not_list")
    return value


def as_side(value: object, path: str, sides: Collection[str]) -> str:
    """The name of one of ``sides`` (a player or a team, as the form keeps score)."""
    name = as_str(value, path)
    if name not in sides:
        raise RuleError(
            path,
            "{given!r} is not one of {names}",
            code="unknown_side",
            given=name,
            names=", ".join(sides),
        )
    return name


def side_map(
    value: object, path: str, sides: Collection[str], *, required: bool = True
) -> Mapping[str, Any]:
    """An object keyed by side names: unknown names refused, every side present if ``required``.

    docs/rules.md §5: every side must appear in ``meld`` and ``tricks`` (0 where it has none).
    """
    mapping = as_object(value, path)
    for key in mapping:
        if key not in sides:
            raise RuleError(
                join_path(path, key),
                "{given!r} is not one of {names}",
                code="unknown_side",
                given=key,
                names=", ".join(sides),
            )
    if required:
        for side in sides:
            if side not in mapping:
                raise RuleError(join_path(path, side), "is required", code="required")
    return mapping
