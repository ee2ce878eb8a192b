"""The numbers of the URLs' paths (``/c/<id>/rounds/<n>``, ``/cr/<id>/t/<n>``, a hand's number,
an adjustment's id): each within the range of a database's integer column, else no page.

SQLite raises ``OverflowError`` for an integer of 2**63 or more and PostgreSQL refuses one past
2**31 - 1, so a larger number in a path failed its query with a 500 (issue 37). Every rule's
``<int:...>`` is read by :class:`BoundedInt`: a number past
:data:`~scorekeeper.rules.core.readers.MAX_INT` matches no rule, a 404, before any view asks the
database.
"""

from __future__ import annotations

from typing import Any

from flask import Flask
from werkzeug.routing import IntegerConverter, Map

from ..rules.core.readers import MAX_INT, URL_INT_DIGITS


class BoundedInt(IntegerConverter):
    """``<int:n>`` of every rule: at most :data:`URL_INT_DIGITS` ASCII digits and at most
    :data:`MAX_INT` (a rule may still ask a smaller ``max``)."""

    regex = rf"[0-9]{{1,{URL_INT_DIGITS}}}"

    def __init__(self, map: Map, *args: Any, **kwargs: Any) -> None:
        super().__init__(map, *args, **kwargs)
        self.max = MAX_INT if self.max is None else min(self.max, MAX_INT)


def init_app(app: Flask) -> None:
    """Read every ``<int:...>`` of ``app``'s rules with :class:`BoundedInt` (called before any
    blueprint adds its rules: a rule takes its converter when it is added)."""
    app.url_map.converters["int"] = BoundedInt
