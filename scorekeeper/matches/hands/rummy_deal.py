"""A Pinnacola deal: each side's points on the table and left in hand, and how it ended.

A side counted on the card picker keeps its cards (issue 26: the group's records count the
Pinnacolas of the deals entered as cards, docs/records.md "Pinnacola"): the picker carries them
back beside the points (``cards.<side>``, ``handcards.<side>``), the form holds them in hidden
fields as ``<points>/<cards>``, and the entry sends the cards (``table``: a list of melds,
``hand``: a list of cards, as the rules take them) as long as the number shown is still the
one they stood for; a number typed over them is sent as the number. That reading is the
rules' (:mod:`scorekeeper.rules.entry.rummy_deal`, which the phone shares)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from wtforms import BooleanField, HiddenField, StringField

from ...rules.core.facts import HandFacts
from ...rules.entry.rummy_deal import CARDS, CLOSED, PINNACOLONE, STALLED
from ...rules.games.table import Entry, Layout
from ...web.forms import NUMERIC, Buttons, choice_list
from .base import EntryForm, register
from .pinochle_parts import text


def _kept(points: str, cards: str) -> str:
    """The hidden field of a side's cards: the points they stood for and the cards."""
    return f"{points}/{cards}" if re.fullmatch(r"[0-9]{1,6}", points) and cards else ""


@register
class RummyDealForm(EntryForm):
    """Table and hand points per side, the ending and "in mano"."""

    entry = Entry.RUMMY_DEAL

    def add_fields(self, table: Layout, fields: dict[str, Any]) -> None:
        """Two numbers per side, the ending buttons and the in-mano box (how a deal ends:
        closed by a side, a Pinnacolone by a side, ``<how>:<side index>``, or stalled)."""
        for i in range(len(table.sides)):
            fields[f"table_{i}"] = StringField(_l("On the table"), render_kw=NUMERIC)
            fields[f"hand_{i}"] = StringField(_l("Left in hand"), render_kw=NUMERIC)
            fields[f"cards_{i}"] = HiddenField()
            fields[f"handcards_{i}"] = HiddenField()
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

    def data(self, table: Layout, entry: Mapping[str, Any]) -> dict[str, Any]:
        """The sides' points, the ending and in mano."""
        data: dict[str, Any] = {}
        for i, side in enumerate(table.sides):
            numbers = (entry.get("sides") or {}).get(side) or {}
            for key, kept in (("table", "cards"), ("hand", "handcards")):
                value = numbers.get(key)
                if isinstance(value, list):
                    # Cards: their points come from the rules' facts (with_facts).
                    listed = value if key == "hand" else [" ".join(map(str, m)) for m in value]
                    joiner = " " if key == "hand" else "|"
                    data[f"{kept}_{i}"] = joiner.join(str(item) for item in listed)
                    data[f"{key}_{i}"] = ""
                else:
                    data[f"{key}_{i}"] = text(value)
        if entry.get("stalled"):
            data["ending"] = STALLED
        for key, how in (("closed_by", CLOSED), ("pinnacolone", PINNACOLONE)):
            if entry.get(key) in table.sides:
                data["ending"] = f"{how}:{table.sides.index(entry[key])}"
        data["in_mano"] = bool(entry.get("in_mano"))
        return data

    def with_facts(self, table: Layout, data: dict[str, Any], facts: HandFacts) -> dict[str, Any]:
        """A side entered as cards shows the points the rules counted for them, the cards
        kept beside (a correction that changes nothing sends the cards again)."""
        sides = {deal.side: deal for deal in facts.deal}
        for i, side in enumerate(table.sides):
            deal = sides.get(side)
            for key, kept in (("table", "cards"), ("hand", "handcards")):
                cards = data.get(f"{kept}_{i}") or ""
                if deal is not None and cards and "/" not in cards:
                    points = str(deal.table if key == "table" else deal.hand)
                    data[f"{key}_{i}"] = points
                    data[f"{kept}_{i}"] = _kept(points, cards)
        return data

    def prefill(self, table: Layout, args: Mapping[str, str]) -> dict[str, Any]:
        """A side's table and hand points carried back by the card picker, and its cards."""
        data: dict[str, Any] = {}
        for i, side in enumerate(table.sides):
            for key, kept in (("table", "cards"), ("hand", "handcards")):
                value = (args.get(f"{key}.{side}") or "").strip()
                if re.fullmatch(r"[0-9]+", value):
                    data[f"{key}_{i}"] = value
                    cards = (args.get(f"{kept}.{side}") or "").strip()
                    if CARDS.fullmatch(cards):
                        data[f"{kept}_{i}"] = _kept(value, cards)
        return data
