"""The hand forms: one module per way a hand is typed in.

The variant says how its hands are typed in (:class:`~scorekeeper.rules.games.table.Entry`, on the
:class:`~scorekeeper.rules.games.table.Layout` of the next hand); each module of this package serves
one entry kind with an :class:`~.base.EntryForm` (its fields, how it reads them into the API's
hand body, how it fills them in again to correct a hand), and each has its template partial
``templates/matches/hands/<entry>.html``. A new entry kind is a new module here and a new
partial; nothing else on the web side changes.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Mapping
from typing import Any

from ...rules.core.facts import HandFacts
from ...rules.games.table import Entry, Layout
from ...web.contract import DRAFT, NOT_TYPED, carried_typing
from .base import ENTRY_FORMS, EntryForm, HandForm, ToolLink, hand_form_class

__all__ = [
    "DRAFT",
    "EntryForm",
    "HandForm",
    "ToolLink",
    "apply_chip",
    "draft_args",
    "entry_form",
    "hand_form_class",
    "hand_form_data",
    "query_prefill",
    "read_hand",
]

# Every module of the package registers its entry form on import.
for _module in pkgutil.iter_modules(__path__):
    importlib.import_module(f"{__name__}.{_module.name}")


def entry_form(entry: Entry) -> EntryForm:
    """The hand form of one entry kind."""
    return ENTRY_FORMS[entry]


def read_hand(form: HandForm) -> dict[str, Any]:
    """The API's hand body (docs/api.md, "Hand bodies by variant") for what the form holds."""
    return entry_form(form.table.entry).read(form)


def hand_form_data(
    table: Layout, entry: Mapping[str, Any], facts: HandFacts | None = None
) -> dict[str, Any]:
    """The form's field values for a hand entered earlier (to correct it), completed from the
    rules' ``facts`` of it where given."""
    form = entry_form(table.entry)
    data = form.data(table, entry)
    return form.with_facts(table, data, facts) if facts is not None else data


def query_prefill(table: Layout, args: Mapping[str, str], typed: bool = True) -> dict[str, Any]:
    """Field values that the tools carry in the match page's address (``?meld.Us=run,dix``,
    ``?table.Us=385&hand.Us=45``) and, unless ``typed`` is false, the typing a clash carried
    back (``?f.meld_0=150``); anything else in it is ignored. The rules judge the values when
    the hand is saved."""
    data = entry_form(table.entry).prefill(table, args)
    if typed:
        # A name the form has not is no field of it: the form ignores it.
        data.update(carried_typing(args))
    return data


def draft_args(form: HandForm) -> dict[str, str]:
    """What was typed and picked in a hand form, as the page's address carries it after a
    clash (:data:`DRAFT`): nothing blank, no hidden field of the form's own."""
    args: dict[str, str] = {}
    for name, value in form.data.items():
        if name in NOT_TYPED or value in (None, "", False):
            continue
        args[DRAFT + name] = "y" if value is True else str(value)
    return args


def apply_chip(form: HandForm) -> bool:
    """Add (or clear) a meld chip tapped without JavaScript; ``True`` when one was tapped."""
    return entry_form(form.table.entry).apply_chip(form)
