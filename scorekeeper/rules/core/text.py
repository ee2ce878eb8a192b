"""Words the rules hand to people: marked for the translation catalog, translated by the app.

The rules stay free of Flask: they keep English templates with ``{name}`` placeholders and the
values apart (as :class:`~scorekeeper.rules.core.errors.RuleError` does), and the pages and the API
translate the template and then fill it in.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


def N_(message: str) -> str:  # the catalog tools' usual name for a no-op marker
    """Mark ``message`` for the catalog (``pybabel extract``) and return it unchanged.

    >>> N_("Pinochle for two")
    'Pinochle for two'
    """
    return message


def Np_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a text with a plural for the catalog (``pybabel extract``, keyword ``Np_:1,2``):
    the page picks the form with ``ngettext(singular, plural, n)``.

    >>> Np_("%(num)s deal played", "%(num)s deals played")[1]
    '%(num)s deals played'
    """
    return singular, plural


@dataclass(frozen=True)
class Note:
    """A short fact about a hand for a page ("Ana: meld lost, no trick"), kept translatable.

    >>> str(note("{side}: meld lost, no trick", side="Ana"))
    'Ana: meld lost, no trick'
    """

    #: English, with ``{name}`` placeholders.
    template: str
    #: The values of the placeholders, as ``(name, value)`` pairs (hashable, like the note).
    params: tuple[tuple[str, Any], ...] = ()

    @property
    def values(self) -> dict[str, Any]:
        """The placeholders' values by name."""
        return dict(self.params)

    def __str__(self) -> str:
        return self.template.format(**self.values)


def note(template: str, **params: Any) -> Note:
    """A :class:`Note` from its English template and the values of its placeholders."""
    return Note(template, tuple(params.items()))
