"""The pure half of translating what the rules and the service say: an English template with
``{name}`` placeholders and its values, put through a ``gettext`` function and filled in.

The server passes Flask-Babel's ``gettext`` (:mod:`scorekeeper.i18n.messages`, in the request's
language); the phone passes the standard library's ``GNUTranslations.gettext`` of the same
catalog (docs/phone.md). One home for both, so a note or a refusal reads the same on either.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from .errors import RuleError
from .text import Note

#: A catalog lookup: the English text in, the translation (or the English) out.
Gettext = Callable[[str], str]

#: Parameters of a note or a message whose values are English words of the game, not names:
#: translated with the text (``trump``: "spades").
WORD_PARAMS = frozenset({"trump", "what"})


def translate(template: str, params: Mapping[str, object] | None, gettext: Gettext) -> str:
    """``template`` through the catalog, then filled in with ``params``.

    Values that are themselves refusals of the rules are translated too; the values of
    :data:`WORD_PARAMS` are translated as words. A translation that does not fit its values
    (a catalog mistake) falls back to the English rather than failing the page.

    >>> translate("{side}: meld lost, no trick", {"side": "Ana"}, lambda text: text)
    'Ana: meld lost, no trick'
    >>> translate("trump is {trump}", {"trump": "spades"}, {"spades": "picche"}.get)
    'trump is picche'
    """
    params = params or {}
    values = {name: _value(name, value, gettext) for name, value in params.items()}
    translated = str(gettext(template) or template)
    try:
        return translated.format(**values) if values else translated
    except (KeyError, IndexError, ValueError):
        return template.format(**values) if values else template


def _value(name: str, value: object, gettext: Gettext) -> object:
    if isinstance(value, RuleError):
        message = rule_message(value, gettext)
        return f"{value.path}: {message}" if value.path != "_" else message
    if name in WORD_PARAMS and isinstance(value, str):
        return str(gettext(value) or value)
    return value


def rule_message(error: RuleError, gettext: Gettext) -> str:
    """A refusal of the rules in ``gettext``'s language (its path and code stay as they are)."""
    return translate(error.template, error.params, gettext)


def note_text(note: Note | str, gettext: Gettext) -> str:
    """A hand's note in ``gettext``'s language."""
    if isinstance(note, Note):
        return translate(note.template, note.values, gettext)
    return str(gettext(note) or note)
