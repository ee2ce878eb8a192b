"""What every hand form shares: the form class built for a match's table, and the interface
each entry kind's form implements."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from flask_wtf import FlaskForm
from wtforms import HiddenField

from ...rules import entry as hand_fields
from ...rules.core.facts import HandFacts
from ...rules.games.table import Entry, Layout
from ...web.forms import form_error


@dataclass(frozen=True)
class ToolLink:
    """Where a side's "count it" link sends the phone: the tool, with the match and what the
    page's address already carries for the other sides (``meld.Them``), so that the tool's
    result comes back with them."""

    public_id: str
    carry: Mapping[str, str] = field(default_factory=dict)


class HandForm(FlaskForm):
    """Fields every hand form has: the double-tap guard and the version it was made from."""

    idempotency_key = HiddenField()
    version = HiddenField()
    #: How many hands the match had when the form was made: after a clash the page says what
    #: changed meanwhile (a hand added on another phone, one undone, one corrected).
    seen = HiddenField()
    #: A chip tapped without JavaScript: ``"<side index>:<meld id>"`` (or ``"<i>:"`` to clear).
    chip = HiddenField()

    #: The table of the hand this form enters (set on the class built for it).
    table: ClassVar[Layout]
    #: API path -> the field that shows its errors.
    api_paths: ClassVar[dict[str, str]]
    #: The tools' link, when this phone may carry a tool's result into the form.
    tools: ToolLink | None = None


def posted_fields(form: HandForm) -> dict[str, str]:
    """What the form holds as a browser posts it (:data:`~scorekeeper.rules.entry.Fields`):
    strings, ``"y"`` for a ticked box, ``""`` for an unticked one and a blank."""
    return {
        name: "y" if value is True else "" if value is None or value is False else str(value)
        for name, value in form.data.items()
    }


class EntryForm:
    """The hand form of one entry kind: its fields, and the API body they stand for."""

    #: The entry kind this form serves.
    entry: ClassVar[Entry]

    def add_fields(self, table: Layout, fields: dict[str, Any]) -> None:
        """Add this kind's fields for ``table`` (the API path each stands for is
        :func:`scorekeeper.rules.entry.paths_of`)."""
        raise NotImplementedError

    def read(self, form: HandForm) -> dict[str, Any]:
        """The API's hand body for what the form holds; no points are added up here. The
        reading is the rules' (:func:`scorekeeper.rules.entry.read_entry`, which the
        phone shares); a field it cannot read is a :class:`~scorekeeper.web.forms.FormError`
        in the request's language."""
        try:
            return hand_fields.read_entry(form.table, posted_fields(form))
        except hand_fields.FieldRefused as refusal:
            raise form_error(refusal) from refusal

    def data(self, table: Layout, entry: Mapping[str, Any]) -> dict[str, Any]:
        """The field values of a hand entered earlier."""
        raise NotImplementedError

    def prefill(self, table: Layout, args: Mapping[str, str]) -> dict[str, Any]:
        """Field values a tool carried in the page's address; none by default."""
        return {}

    def with_facts(self, table: Layout, data: dict[str, Any], facts: HandFacts) -> dict[str, Any]:
        """The field values of a hand entered earlier (:meth:`data`) completed from what the
        rules read in it (a number an entry gave only as cards); unchanged by default."""
        return data

    def apply_chip(self, form: HandForm) -> bool:
        """A meld chip tapped without JavaScript; forms without chips have none."""
        return False


#: Every entry kind's form, filled as the modules of this package are imported.
ENTRY_FORMS: dict[Entry, EntryForm] = {}


def register(form: type[EntryForm]) -> type[EntryForm]:
    """Class decorator: serve hands of ``form.entry`` with this form."""
    ENTRY_FORMS[form.entry] = form()
    return form


def hand_form_class(table: Layout) -> type[HandForm]:
    """The hand form of one match, with the fields its entry kind asks for ``table``."""
    fields: dict[str, Any] = {}
    ENTRY_FORMS[table.entry].add_fields(table, fields)
    form_class: type[HandForm] = type("HandEntryForm", (HandForm,), fields)
    form_class.table = table
    form_class.api_paths = hand_fields.paths_of(table)
    return form_class
