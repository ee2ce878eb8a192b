"""Two-, three- and four-handed pinochle: every side types its meld and its trick points, and
where the form allows it, who declared himself out."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask_babel import lazy_gettext as _l

from ...rules.games.table import Entry, Layout
from ...web.forms import Buttons, choice_list
from .base import register
from .pinochle_parts import (
    MeldSidesForm,
    add_player_meld_fields,
    add_side_fields,
    sides_data,
)


@register
class MeldAndTricksForm(MeldSidesForm):
    """Meld and tricks per side, and "declared out"."""

    entry = Entry.MELD_AND_TRICKS

    def add_fields(self, table: Layout, fields: dict[str, Any]) -> None:
        """A side's fields each, and the declaration out where the table allows it."""
        if table.meld_by_player:
            add_player_meld_fields(table, fields)
        else:
            add_side_fields(table, fields)
        if table.declare_out:
            fields["declared_out"] = Buttons(
                _l("Declared out"), choices=_nobody_or_a_side(table), default=""
            )
        if table.renege:
            fields["renege"] = Buttons(
                _l("Reneged (did not take a trick he had to)"),
                choices=_nobody_or_a_side(table),
                default="",
            )

    def data(self, table: Layout, entry: Mapping[str, Any]) -> dict[str, Any]:
        """The sides' numbers and who declared out."""
        return {
            **sides_data(table, entry),
            "declared_out": entry.get("declared_out") or "",
            "renege": entry.get("renege") or "",
        }


def _nobody_or_a_side(table: Layout) -> list[Any]:
    """The choices of "who did it" (declared out, reneged): nobody, or one of the sides."""
    return choice_list([("", _l("nobody")), *((side, side) for side in table.sides)])
