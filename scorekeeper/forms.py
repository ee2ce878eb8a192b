"""What every form of the pages shares: number fields, big-button radio groups, reading a typed
number, and putting a refusal of the rules next to the field it names.

The match pages (:mod:`scorekeeper.matches`) and the tools (:mod:`scorekeeper.tools`) both
build on these; nothing here knows a game.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Iterable, Mapping
from typing import Any

from flask_babel import gettext as _
from flask_wtf import FlaskForm
from wtforms import Field, RadioField

from .i18n import rule_message
from .rules import RuleError

try:  # WTForms 3.3 wants choices as SelectChoice; older versions take (value, label) pairs
    from wtforms import SelectChoice  # type: ignore[attr-defined,unused-ignore]
except ImportError:  # pragma: no cover
    SelectChoice = None

#: The attributes of a field that takes a whole number: the phone shows its number pad.
NUMERIC = {"inputmode": "numeric", "autocomplete": "off", "pattern": "-?[0-9]*"}


def choice_list(pairs: Iterable[tuple[str, Any]]) -> list[Any]:
    """Choices of a select or radio field, in the form this WTForms takes them."""
    return [
        SelectChoice(value, label) if SelectChoice else (value, label) for value, label in pairs
    ]


class FormError(Exception):
    """A field the page itself cannot read (text where a number belongs)."""

    def __init__(self, field_name: str, message: str) -> None:
        super().__init__(message)
        self.field_name = field_name
        self.message = message


class Buttons(RadioField):
    """A radio group shown as big buttons; any value (or none) passes to the rules, which judge."""

    def pre_validate(self, form: Any) -> None:
        """Accept any value: the rules check it and name the field when it is wrong."""


def add_error(form: FlaskForm, field_name: str | None, message: str) -> None:
    """Show ``message`` next to ``field_name`` (or at the top of the form when ``None``)."""
    if field_name is None or field_name not in form:
        form.form_errors.append(message)
        return
    target: Field = form[field_name]
    target.errors = [*target.errors, message]


def field_for_path(paths: Mapping[str, str], path: str) -> str | None:
    """The field whose API path is ``path`` or its nearest parent (``meld.Ben[2]`` -> meld).

    ``paths`` maps an API path to the name of the field that shows its errors.
    """
    best: tuple[int, str] | None = None
    for field_path, name in paths.items():
        if (path == field_path or path.startswith((field_path + ".", field_path + "["))) and (
            best is None or len(field_path) > best[0]
        ):
            best = (len(field_path), name)
    return best[1] if best else None


def show_rule_error(form: FlaskForm, paths: Mapping[str, str], error: RuleError) -> None:
    """Put a refusal of the rules next to the field whose API path it names (``paths``); a
    path no field stands for is shown, with the message, at the top of the form."""
    name = field_for_path(paths, error.path)
    message = rule_message(error)
    if name is None and error.path not in ("_", ""):
        message = f"{error.path}: {message}"
    add_error(form, name, message)


def read_number(form: FlaskForm, name: str) -> int | None:
    """The whole number typed in ``name``, ``None`` when blank; refuses anything else."""
    text = (form[name].data or "").strip().replace(" ", "")
    if not text:
        return None
    if not re.fullmatch(r"-?\d{1,7}", text):
        raise FormError(name, _("Enter a whole number."))
    return int(text)


def new_key() -> str:
    """A fresh idempotency key for a form that writes, made when the form is rendered."""
    return secrets.token_urlsafe(16)
