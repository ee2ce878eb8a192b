"""Partnership auction: one contract for the two teams, then both teams' meld and tricks."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask_babel import lazy_gettext as _l

from ...rules.games.table import Entry, Layout, Result
from ...web.forms import Buttons, choice_list
from .base import register
from .pinochle_parts import (
    MeldSidesForm,
    add_contract_fields,
    add_side_fields,
    contract_data,
    sides_data,
)

#: The words of each way a hand may end (the form offers its table's ``results``).
RESULT_WORDS = {
    Result.PLAYED: _l("played"),
    Result.CONCEDED: _l("conceded"),
    Result.ALL_PASS: _l("all passed"),
    Result.NO_MARRIAGE: _l("no marriage in trump"),
}


@register
class PartnershipBidForm(MeldSidesForm):
    """The contract, whether the hand was played, conceded or passed, and both teams."""

    entry = Entry.PARTNERSHIP_BID

    def add_fields(self, table: Layout, fields: dict[str, Any]) -> None:
        """The contract, the hand's result and the teams' meld and tricks."""
        add_contract_fields(table, fields)
        fields["result"] = Buttons(
            _l("Hand"),
            choices=choice_list([(result.value, RESULT_WORDS[result]) for result in table.results]),
            default=Result.PLAYED.value,
        )
        add_side_fields(table, fields)

    def data(self, table: Layout, entry: Mapping[str, Any]) -> dict[str, Any]:
        """The contract, the result and the teams' numbers."""
        if entry.get("outcome") in {Result.ALL_PASS, Result.NO_MARRIAGE}:
            result = str(entry["outcome"])
        else:
            result = "conceded" if entry.get("conceded") else "played"
        return {**contract_data(entry), **sides_data(table, entry), "result": result}
