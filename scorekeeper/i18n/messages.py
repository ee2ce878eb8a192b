"""What the rules and the service say, in the request's language.

The rules and the service speak English templates with ``{name}`` placeholders plus the
values (:class:`~scorekeeper.rules.RuleError`, :class:`~scorekeeper.rules.text.Note`,
:class:`~scorekeeper.service.ServiceError`): the template goes through the catalog, then is
filled in.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import TYPE_CHECKING

from flask_babel import get_locale, gettext

from ..rules import RuleError
from ..rules.text import Note

if TYPE_CHECKING:
    from ..service import ServiceError

#: Parameters of a note or a message whose values are English words of the game, not names:
#: translated with the text (``trump``: "spades").
WORD_PARAMS = frozenset({"trump", "what"})


def translate(template: str, params: Mapping[str, object] | None = None) -> str:
    """``template`` through the catalog, then filled in with ``params``.

    Values that are themselves refusals of the rules are translated too; the values of
    :data:`WORD_PARAMS` are translated as words. A translation that does not fit its values
    (a catalog mistake) falls back to the English rather than failing the page.
    """
    params = params or {}
    values = {name: _value(name, value) for name, value in params.items()}
    translated = str(gettext(template))
    try:
        return translated.format(**values) if values else translated
    except (KeyError, IndexError, ValueError):
        return template.format(**values) if values else template


def _value(name: str, value: object) -> object:
    if isinstance(value, RuleError):
        return f"{value.path}: {rule_message(value)}" if value.path != "_" else rule_message(value)
    if name in WORD_PARAMS and isinstance(value, str):
        return str(gettext(value))
    return value


def rule_message(error: RuleError) -> str:
    """A refusal of the rules in the request's language (its path and code stay as they are)."""
    return translate(error.template, error.params)


def message_of(error: ServiceError) -> str:
    """What a service error (``NotFound``, ``Conflict``...) says, in the request's language."""
    return translate(error.template, error.params)


def note_text(note: Note | str) -> str:
    """A hand's note in the request's language (each note once per language and process: a
    page of 300 hands asks for the same few notes again and again; issue 14)."""
    if isinstance(note, Note):
        try:
            return _note_in(str(get_locale()), note)
        except TypeError:  # a value that cannot be a memo's key
            return translate(note.template, note.values)
    return str(gettext(note))


@functools.lru_cache(maxsize=8192)
def _note_in(locale: str, note: Note) -> str:
    """``note`` in ``locale``, the request's language (the memo's key)."""
    return translate(note.template, note.values)
