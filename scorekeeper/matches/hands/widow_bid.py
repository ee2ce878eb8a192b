"""Auction with a widow: the contract, then (in units) the outcome or the bidder's own meld and
tricks, or (in points) every side's meld and tricks with the outcome left to the rules."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask_babel import lazy_gettext as _l
from wtforms import StringField

from ...rules.games.table import Entry, Layout
from ...web.forms import NUMERIC, Buttons, choice_list
from .base import register
from .pinochle_parts import (
    MeldSidesForm,
    add_contract_fields,
    add_side_fields,
    contract_data,
    sides_data,
    text,
)

OUTCOMES = (
    ("made", _l("made")),
    ("set", _l("set")),
    ("conceded", _l("conceded")),
    ("all_pass", _l("all passed")),
)
#: Thrown in at the minimum bid before looking at the widow: pays the kitty only
#: (docs/rules.md §2), where the table plays with a kitty in units.
THROWN_IN = ("thrown_in", _l("thrown in (widow unseen)"))


@register
class WidowBidForm(MeldSidesForm):
    """The bidder against the rest."""

    entry = Entry.WIDOW_BID

    def add_fields(self, table: Layout, fields: dict[str, Any]) -> None:
        """The contract; the outcome buttons; the bidder's points (units) or the sides'."""
        add_contract_fields(table, fields)
        if table.units:
            outcomes = [*OUTCOMES[:3], THROWN_IN, OUTCOMES[3]] if table.thrown_in else OUTCOMES
            fields["outcome"] = Buttons(_l("Outcome"), choices=choice_list(outcomes))
            fields["bidder_meld"] = StringField(_l("Bidder's meld"), render_kw=NUMERIC)
            fields["bidder_tricks"] = StringField(_l("Bidder's tricks"), render_kw=NUMERIC)
            return
        fields["outcome"] = Buttons(
            _l("Outcome"),
            choices=choice_list([("", _l("from the points")), *OUTCOMES[2:]]),
            default="",
        )
        add_side_fields(table, fields)

    def data(self, table: Layout, entry: Mapping[str, Any]) -> dict[str, Any]:
        """The contract, the outcome and the points."""
        data = {**contract_data(entry), "outcome": entry.get("outcome") or ""}
        if table.units:
            data.update(
                bidder_meld=text(entry.get("meld")), bidder_tricks=text(entry.get("tricks"))
            )
        else:
            data.update(sides_data(table, entry))
        return data
