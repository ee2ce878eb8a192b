"""The hand forms' fields read into the API's hand entry (docs/api.md, "Hand bodies by
variant"), one module per entry kind (:class:`~scorekeeper.rules.games.table.Entry`).

The match page (:mod:`scorekeeper.matches.hands`) and the phone without the server
(docs/phone.md) read the same posted fields with this same code: :func:`read_entry` takes the
form's fields as a browser posts them (strings; a ticked box posts ``"y"``, an unticked one and
an unpicked radio group are absent or ``""``) and gives the entry the rules then judge, or
raises :class:`FieldRefused` at the field the form cannot read (text where a number belongs).
:func:`paths_of` says which field shows a refusal of the rules at an API path.

>>> from scorekeeper.rules import find_variant
>>> variant = find_variant("pinochle-2")
>>> table = variant.layout(variant.setup(["Ana", "Ben"]))
>>> read_entry(table, {"meld_0": "150", "tricks_0": "130", "melds_1": "dix"})
{'meld': {'Ana': 150, 'Ben': ['dix']}, 'tricks': {'Ana': 130, 'Ben': 120}}
>>> paths_of(table)["tricks.Ben"]
'tricks_1'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..games.table import Entry, Layout
from . import meld_and_tricks, partnership_bid, rummy_deal, widow_bid
from .posted import FieldRefused, Fields, read_number, ticked

__all__ = ["FieldRefused", "Fields", "paths_of", "read_entry", "read_number", "ticked"]

#: Each entry kind's reader of the posted fields.
READERS: dict[Entry, Callable[[Layout, Fields], dict[str, Any]]] = {
    Entry.MELD_AND_TRICKS: meld_and_tricks.read_fields,
    Entry.WIDOW_BID: widow_bid.read_fields,
    Entry.PARTNERSHIP_BID: partnership_bid.read_fields,
    Entry.RUMMY_DEAL: rummy_deal.read_fields,
}
#: Each entry kind's API paths of its fields.
PATHS: dict[Entry, Callable[[Layout], dict[str, str]]] = {
    Entry.MELD_AND_TRICKS: meld_and_tricks.field_paths,
    Entry.WIDOW_BID: widow_bid.field_paths,
    Entry.PARTNERSHIP_BID: partnership_bid.field_paths,
    Entry.RUMMY_DEAL: rummy_deal.field_paths,
}


def read_entry(table: Layout, fields: Fields) -> dict[str, Any]:
    """The API's hand entry for the posted ``fields`` of ``table``'s hand form; no points are
    added up here (the rules judge the entry). Raises :class:`FieldRefused`."""
    return READERS[table.entry](table, fields)


def paths_of(table: Layout) -> dict[str, str]:
    """API path -> the name of the field of ``table``'s hand form that shows its errors."""
    return PATHS[table.entry](table)
