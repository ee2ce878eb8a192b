"""A Pinnacola deal (``rummy_deal``): each side's points on the table and left in hand, and
how it ended (docs/rules.md §3).

A side counted on the card picker keeps its cards (issue 26, docs/records.md "Pinnacola"):
the form holds them in hidden fields as ``<points>/<cards>`` (``cards_<i>``, ``handcards_<i>``),
and the entry sends the cards (``table``: a list of melds, ``hand``: a list of cards) as long
as the number shown is still the one they stood for; a number typed over them is sent as the
number."""

from __future__ import annotations

import re
from typing import Any

from ..core.facts import CLOSED, PINNACOLONE, STALLED
from ..games.table import Layout
from .posted import Fields, picked, read_number, ticked

__all__ = ["CARDS", "CLOSED", "PINNACOLONE", "STALLED", "field_paths", "read_fields"]

#: What the picker's cards may be written with: cards (``10H``, ``JK``), spaces between
#: them, ``|`` between melds (as the picker keeps them); at most a deck's worth.
CARDS = re.compile(r"[0-9A-Za-z |]{1,600}")


def _melds(text: str) -> list[list[str]]:
    """The melds of ``"5H 6H JK|4S 4H 4D"``."""
    return [meld.split() for meld in text.split("|") if meld.split()]


def cards_for(held: str | None, typed: str | None) -> str | None:
    """The cards a hidden field holds, if the number typed is still the one they stood for.

    >>> cards_for("45/AS AH", " 45"), cards_for("45/AS AH", "50")
    ('AS AH', None)
    """
    points, _sep, cards = (held or "").partition("/")
    if points and points == (typed or "").strip() and CARDS.fullmatch(cards):
        return cards
    return None


def field_paths(table: Layout) -> dict[str, str]:
    """API path -> the field that shows its errors."""
    paths: dict[str, str] = {}
    for i, side in enumerate(table.sides):
        paths[f"sides.{side}.table"] = f"table_{i}"
        paths[f"sides.{side}.hand"] = f"hand_{i}"
        paths[f"sides.{side}"] = f"table_{i}"
    paths.update(closed_by="ending", pinnacolone="ending", stalled="ending", in_mano="in_mano")
    return paths


def read_fields(table: Layout, fields: Fields) -> dict[str, Any]:
    """The sides' points, who closed (or made a Pinnacolone) or that it stalled."""
    sides = table.sides
    entry: dict[str, Any] = {"sides": {}}
    for i, side in enumerate(sides):
        on_table: Any = read_number(fields, f"table_{i}") or 0
        hand: Any = read_number(fields, f"hand_{i}") or 0
        melds = cards_for(fields.get(f"cards_{i}"), fields.get(f"table_{i}"))
        if melds is not None:
            on_table = _melds(melds)
        cards = cards_for(fields.get(f"handcards_{i}"), fields.get(f"hand_{i}"))
        if cards is not None:
            hand = cards.replace("|", " ").split()
        entry["sides"][side] = {"table": on_table, "hand": hand}
    how, _sep, index = picked(fields, "ending").partition(":")
    if how in (CLOSED, PINNACOLONE) and re.fullmatch(r"[0-9]{1,3}", index):
        if int(index) < len(sides):
            entry["closed_by" if how == CLOSED else "pinnacolone"] = sides[int(index)]
    elif how == STALLED:
        entry["stalled"] = True
    if ticked(fields, "in_mano"):
        entry["in_mano"] = True
    return entry
