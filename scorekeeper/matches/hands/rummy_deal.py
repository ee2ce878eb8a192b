"""A Pinnacola deal: each side's points on the table and left in hand, and how it ended."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from wtforms import BooleanField, StringField

from ...rules.table import Entry, Table
from ...web.forms import NUMERIC, Buttons, choice_list, read_number
from .base import EntryForm, HandForm, register
from .pinochle_parts import text

#: How a deal ends: closed by a side, a Pinnacolone by a side (``<how>:<side index>``), stalled.
CLOSED, PINNACOLONE, STALLED = "closed", "pinnacolone", "stalled"


@register
class RummyDealForm(EntryForm):
    """Table and hand points per side, the ending and "in mano"."""

    entry = Entry.RUMMY_DEAL

    def add_fields(self, table: Table, fields: dict[str, Any], paths: dict[str, str]) -> None:
        """Two numbers per side, the ending buttons and the in-mano box."""
        for i, side in enumerate(table.sides):
            fields[f"table_{i}"] = StringField(_l("On the table"), render_kw=NUMERIC)
            fields[f"hand_{i}"] = StringField(_l("Left in hand"), render_kw=NUMERIC)
            paths[f"sides.{side}.table"] = f"table_{i}"
            paths[f"sides.{side}.hand"] = f"hand_{i}"
            paths[f"sides.{side}"] = f"table_{i}"
        # A player's name is text, never markup: plain gettext gives a str, which Jinja escapes
        # (a lazy string has __html__, so Jinja would print the name inside it unescaped).
        ends = [(f"{CLOSED}:{i}", _("%(side)s closed", side=s)) for i, s in enumerate(table.sides)]
        ends += [
            (f"{PINNACOLONE}:{i}", _("Pinnacolone by %(side)s", side=s))
            for i, s in enumerate(table.sides)
        ]
        ends.append((STALLED, _l("stalled")))
        fields["ending"] = Buttons(_l("The deal ended"), choices=choice_list(ends))
        fields["in_mano"] = BooleanField(_l("in mano (all at once)"))
        paths.update(closed_by="ending", pinnacolone="ending", stalled="ending", in_mano="in_mano")

    def read(self, form: HandForm) -> dict[str, Any]:
        """The sides' points, who closed (or made a Pinnacolone) or that it stalled."""
        sides = form.table.sides
        entry: dict[str, Any] = {
            "sides": {
                s: {
                    "table": read_number(form, f"table_{i}") or 0,
                    "hand": read_number(form, f"hand_{i}") or 0,
                }
                for i, s in enumerate(sides)
            }
        }
        how, _sep, index = (form["ending"].data or "").partition(":")
        if how in (CLOSED, PINNACOLONE) and re.fullmatch(r"[0-9]{1,3}", index):
            if int(index) < len(sides):
                entry["closed_by" if how == CLOSED else "pinnacolone"] = sides[int(index)]
        elif how == STALLED:
            entry["stalled"] = True
        if form["in_mano"].data:
            entry["in_mano"] = True
        return entry

    def data(self, table: Table, entry: Mapping[str, Any]) -> dict[str, Any]:
        """The sides' points, the ending and in mano."""
        data: dict[str, Any] = {}
        for i, side in enumerate(table.sides):
            numbers = (entry.get("sides") or {}).get(side) or {}
            data[f"table_{i}"] = text(numbers.get("table"))
            data[f"hand_{i}"] = text(numbers.get("hand"))
        if entry.get("stalled"):
            data["ending"] = STALLED
        for key, how in (("closed_by", CLOSED), ("pinnacolone", PINNACOLONE)):
            if entry.get(key) in table.sides:
                data["ending"] = f"{how}:{table.sides.index(entry[key])}"
        data["in_mano"] = bool(entry.get("in_mano"))
        return data

    def prefill(self, table: Table, args: Mapping[str, str]) -> dict[str, Any]:
        """A side's table and hand points carried back by the card picker."""
        data: dict[str, Any] = {}
        for i, side in enumerate(table.sides):
            for key in ("table", "hand"):
                value = (args.get(f"{key}.{side}") or "").strip()
                if re.fullmatch(r"[0-9]+", value):
                    data[f"{key}_{i}"] = value
        return data
