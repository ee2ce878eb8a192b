"""Numbers as the request's locale writes them: the ``number`` and ``money`` filters of the
templates."""

from __future__ import annotations

from decimal import Decimal

from babel.numbers import format_decimal
from flask_babel import get_locale


def number(value: int | float | Decimal | None) -> str:
    """A score for the locale (its minus sign; no grouping: scores are short and must read as
    one number at a glance)."""
    if value is None:
        return ""
    return str(format_decimal(value, locale=get_locale(), group_separator=False))


def money(value: int | float | Decimal | str | None) -> str:
    """An amount of money with two decimal places, as the locale writes it (``0,40``)."""
    if value is None:
        return ""
    return str(format_decimal(Decimal(str(value)), format="#,##0.00", locale=get_locale()))
