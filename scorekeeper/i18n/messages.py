"""What the rules and the service say, in the request's language.

The rules and the service speak English templates with ``{name}`` placeholders plus the
values (:class:`~scorekeeper.rules.RuleError`, :class:`~scorekeeper.rules.core.text.Note`,
:class:`~scorekeeper.service.ServiceError`): the template goes through the catalog, then is
filled in.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import TYPE_CHECKING

from flask_babel import get_locale, gettext

from ..rules import RuleError
from ..rules.core import wording
from ..rules.core.text import Note

if TYPE_CHECKING:
    from ..service import ServiceError

WORD_PARAMS = wording.WORD_PARAMS


def request_gettext(text: str) -> str:
    """Flask-Babel's ``gettext`` in the request's language, as the pure modules take one
    (:data:`scorekeeper.rules.core.wording.Gettext`)."""
    return str(gettext(text))


def translate(template: str, params: Mapping[str, object] | None = None) -> str:
    """``template`` through the request's catalog, then filled in with ``params``
    (:func:`scorekeeper.rules.core.wording.translate`, the half the phone shares)."""
    return wording.translate(template, params, request_gettext)


def rule_message(error: RuleError) -> str:
    """A refusal of the rules in the request's language (its path and code stay as they are)."""
    return wording.rule_message(error, request_gettext)


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
            return wording.note_text(note, request_gettext)
    return wording.note_text(note, request_gettext)


@functools.lru_cache(maxsize=8192)
def _note_in(locale: str, note: Note) -> str:
    """``note`` in ``locale``, the request's language (the memo's key)."""
    return wording.note_text(note, request_gettext)
