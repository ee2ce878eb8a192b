"""How the API reads a request's JSON text and the writes' ``version`` (docs/api.md "Errors",
"Hands"), pure: the server's routes (``scorekeeper/api/routes.py``) and the phone's engine
(:mod:`scorekeeper.rules.engine.answers`) read the same text the same way.

>>> parse_json('{"meld": 20}')
{'meld': 20}
>>> parse_json('{"tricks": NaN}')
Traceback (most recent call last):
...
scorekeeper.rules.contract.bodies.NotJson: the body is not valid JSON
>>> hand_body({"meld": 20, "version": 3})
({'meld': 20}, 3)
"""

from __future__ import annotations

import json
import math
import re
from typing import Any, NoReturn

from ..core.errors import RuleError
from ..core.readers import as_int, as_object, check_keys
from ..core.text import N_

#: How deep a body's arrays and objects may nest: the deepest body the API documents has 4
#: levels (a hand's ``meld`` of a side's cards); deeper text is refused before any code walks
#: it (a log line, a JSON answer), which would otherwise hit Python's recursion limit.
MAX_DEPTH = 32

#: The 400 of a body that is not JSON (``NaN``, ``Infinity`` and numbers too large for a float
#: included: no store could keep them).
NOT_JSON = N_("the body is not valid JSON")


class NotJson(ValueError):
    """A body that is not JSON (the API's 400, :data:`NOT_JSON`)."""

    def __init__(self) -> None:
        super().__init__(NOT_JSON)


def parse_json(data: bytes | str) -> object:
    """The JSON of a request's body, not yet checked (``as_object`` and the rules do that);
    :class:`NotJson` for text that is not JSON or nests deeper than :data:`MAX_DEPTH`.

    >>> parse_json("[" * 33 + "]" * 33)
    Traceback (most recent call last):
    ...
    scorekeeper.rules.contract.bodies.NotJson: the body is not valid JSON
    """
    try:
        parsed = json.loads(data, parse_constant=_refuse_constant, parse_float=_finite_float)
    except (ValueError, RecursionError):
        # ValueError covers bad syntax, bad UTF-8 and integers of more than 4300 digits.
        raise NotJson() from None
    if depth(parsed) > MAX_DEPTH:
        raise NotJson()
    return parsed


def depth(value: object) -> int:
    """How deep arrays and objects nest in a parsed JSON value (a scalar is 0), walked without
    recursion.

    >>> depth({"meld": {"Us": [1, 2]}}), depth(3)
    (3, 0)
    """
    deepest, level = 0, [(value, 1)]
    while level:
        item, at = level.pop()
        children = (
            item.values() if isinstance(item, dict) else item if isinstance(item, list) else None
        )
        if children is None:
            continue
        deepest = max(deepest, at)
        level.extend((child, at + 1) for child in children)
    return deepest


def _refuse_constant(name: str) -> NoReturn:
    raise ValueError(f"{name} is not JSON")


def _finite_float(text: str) -> float:
    number = float(text)
    if not math.isfinite(number):
        raise ValueError("number out of range")
    return number


def hand_body(body: object) -> tuple[dict[str, Any], int | None]:
    """A hand's entry for the rules, and the API's own ``version`` key taken out of it."""
    entry = dict(as_object(body, "_"))
    version = as_int(entry.pop("version"), "version", low=1) if "version" in entry else None
    return entry, version


def finish_body(body: object, version: int | None) -> int | None:
    """The ``version`` of ``POST .../finish``: in its optional JSON body, else ``version`` (the
    query's)."""
    checked = as_object(body, "_")
    check_keys(checked, ("version",))
    if "version" in checked:
        return as_int(checked["version"], "version", low=1)
    return version


def query_version(text: str | None) -> int | None:
    """``?version=N`` of a write: ``None`` when absent; a :class:`RuleError` unless a whole
    number of at least 1."""
    if text is None:
        return None
    if not re.fullmatch(r"[0-9]{1,18}", text) or int(text) < 1:
        raise RuleError("version", "must be a whole number, at least 1", code="not_int")
    return int(text)
