"""What every form of the pages shares: number fields, big-button radio groups, reading a typed
number, and putting a refusal of the rules next to the field it names, in plain words.

The match pages (:mod:`scorekeeper.matches`), the group pages (:mod:`scorekeeper.groups`) and
the tools (:mod:`scorekeeper.tools`) all build on these; nothing here knows a game.

Plain words: the rules and the service speak to the API as well as to people, so a few of
their messages name the API's fields (``closed_by``) or a path (``meld.Ana``). A page never
shows those: :func:`plain_rule_message` and :func:`plain_message_of` say the same in a card
player's words (:data:`PLAIN`, by the refusal's code), and a path is said as the side and the
thing it names. The words are the rules' (:mod:`scorekeeper.rules.contract.plain`, which the phone
shares); the functions here say them in the request's language with Flask-Babel.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Mapping
from typing import Any

from flask_babel import gettext as _
from flask_wtf import FlaskForm
from wtforms import Field, RadioField, SelectField

from ..i18n import translate
from ..rules import RuleError
from ..rules import entry as hand_fields
from ..rules.contract import plain
from ..rules.contract.plain import PLAIN, PLAIN_SERVICE, PLAIN_WORDS, field_for_path, refusal_key
from ..rules.core.match import TEAM_NAMES
from ..rules.entry import FieldRefused

__all__ = [
    "NUMERIC",
    "PLAIN",
    "PLAIN_SERVICE",
    "PLAIN_WORDS",
    "AnySelect",
    "Buttons",
    "FormError",
    "add_error",
    "carried_number",
    "choice_list",
    "field_for_path",
    "form_error",
    "new_key",
    "plain_message_of",
    "plain_rule_message",
    "plain_subject",
    "plain_template",
    "read_number",
    "refusal_key",
    "refused_text",
    "show_rule_error",
    "team_names",
]

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


def form_error(refusal: FieldRefused) -> FormError:
    """A field the rules' reading of a form refused (:mod:`scorekeeper.rules.entry`), in
    the request's language."""
    return FormError(refusal.field_name, translate(refusal.template, refusal.params))


def _gettext(text: str) -> str:
    return str(_(text))


class Buttons(RadioField):
    """A radio group shown as big buttons; any value (or none) passes to the rules, which judge."""

    def pre_validate(self, form: Any) -> None:
        """Accept any value: the rules check it and name the field when it is wrong."""


class AnySelect(SelectField):
    """A select whose value goes to the service as it is: the service names what is wrong."""

    def pre_validate(self, form: Any) -> None:
        """Accept any value."""


def add_error(form: FlaskForm, field_name: str | None, message: str) -> None:
    """Show ``message`` next to ``field_name`` (or at the top of the form when ``None``)."""
    if field_name is None or field_name not in form:
        form.form_errors.append(message)
        return
    target: Field = form[field_name]
    target.errors = [*target.errors, message]


def show_rule_error(form: FlaskForm, paths: Mapping[str, str], error: RuleError) -> None:
    """Put a refusal of the rules next to the field whose API path it names (``paths``); a
    path no field stands for is shown at the top of the form, said as what it names (the
    side and the thing: "Ana, meld"), never as the path itself
    (:func:`scorekeeper.rules.contract.plain.page_refusal`)."""
    name, message = plain.page_refusal(paths, error, _gettext)
    add_error(form, name, message)


def plain_subject(path: str) -> str:
    """What an API path names, in words: ``meld.Ana`` -> "Ana, meld", ``sides.Us.table`` ->
    "Us, on the table"; ``_`` (the whole entry) and unknown keys -> "" (say nothing)."""
    return plain.plain_subject(path, _gettext)


def plain_template(template: str, params: Mapping[str, object]) -> str:
    """An English template (the page's own words already) and its values, in the request's
    language and plain words."""
    return plain.plain_template(template, params, _gettext)


def plain_rule_message(error: RuleError) -> str:
    """A refusal of the rules as a page says it: translated, no API field name or path."""
    return plain.plain_rule_message(error, _gettext)


def plain_message_of(error: Any) -> str:
    """What a service error (``Conflict``...) says, as a page says it."""
    return plain.plain_message_of(error, _gettext)


def refused_text(form: FlaskForm, field: Field | None) -> str:
    """The words of a refused entry's banner, said away from the field: the first error of
    ``field`` (else the form's first) with what the field is ("Ben, meld: must be at least
    300"; issue 26: "Not saved. must be at least 300" named nothing), capitalised."""
    message = str(field.errors[0] if field is not None else form.form_errors[0])
    paths = getattr(form, "api_paths", None) or {}
    if field is None:
        return plain.banner(paths, None, message, _gettext)
    return plain.banner(paths, field.name, message, _gettext, str(field.label.text))


def read_number(form: FlaskForm, name: str) -> int | None:
    """The whole number typed in ``name``, ``None`` when blank; refuses anything else with a
    :class:`FormError` (:func:`scorekeeper.rules.entry.read_number`)."""
    try:
        return hand_fields.read_number({name: form[name].data or ""}, name)
    except FieldRefused as refusal:
        raise form_error(refusal) from refusal


def carried_number(text: str | None, most: int) -> int | None:
    """A number a page carries itself (a hidden field, a query argument): ASCII digits only,
    at most ``most`` of them, else ``None``. (``str.isdigit`` takes "²", which ``int`` refuses:
    a 500.)"""
    text = (text or "").strip()
    return int(text) if text.isascii() and text.isdigit() and len(text) <= most else None


def team_names() -> tuple[str, str]:
    """The names of the two teams no one named ("Team 1", "Team 2"), in the request's
    language: the one place a new match or a club round's match takes them from (the English
    is :data:`scorekeeper.rules.core.match.TEAM_NAMES`). A match keeps the names it was made
    with."""
    first, second = (str(_(name)) for name in TEAM_NAMES)
    return first, second


def new_key() -> str:
    """A fresh idempotency key for a form that writes, made when the form is rendered."""
    return secrets.token_urlsafe(16)
