"""What every hand form's reading shares: the posted fields, a refusal at one of them, a whole
number typed in a field, a ticked box and a picked button."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from ..core.text import N_

#: A form's fields as a browser posts them: every value a string; a ticked box posts ``"y"``,
#: an unticked one and an unpicked radio group are absent or ``""``.
Fields = Mapping[str, str]

_WHOLE_NUMBER = re.compile(r"-?\d{1,7}")
#: What an unticked box may post (WTForms' ``BooleanField.false_values``).
_UNTICKED = frozenset({"", "false"})


class FieldRefused(ValueError):
    """A field the form itself cannot read (text where a number belongs): the field, and what
    to say there as an English template with ``{name}`` placeholders and its values (the pages
    translate it, as they do the rules' refusals: :mod:`scorekeeper.rules.core.wording`).

    >>> str(FieldRefused("meld_0", "Enter a whole number."))
    'meld_0: Enter a whole number.'
    """

    def __init__(
        self, field_name: str, template: str, params: Mapping[str, Any] | None = None
    ) -> None:
        self.field_name = field_name
        self.template = template
        self.params: dict[str, Any] = dict(params or {})
        super().__init__(f"{field_name}: {self.message}")

    @property
    def message(self) -> str:
        """The words in English, filled in."""
        return self.template.format(**self.params) if self.params else self.template


def read_number(fields: Fields, name: str) -> int | None:
    """The whole number typed in ``name``, ``None`` when blank; refuses anything else.

    >>> read_number({"bid": " 1 200 "}, "bid"), read_number({}, "bid")
    (1200, None)
    """
    text = (fields.get(name) or "").strip().replace(" ", "")
    if not text:
        return None
    if not _WHOLE_NUMBER.fullmatch(text):
        raise FieldRefused(name, N_("Enter a whole number."))
    return int(text)


def ticked(fields: Fields, name: str) -> bool:
    """Whether the box ``name`` was ticked."""
    return (fields.get(name) or "") not in _UNTICKED


def picked(fields: Fields, name: str) -> str:
    """The button picked in the group ``name``, ``""`` for none (or the text typed)."""
    return fields.get(name) or ""
