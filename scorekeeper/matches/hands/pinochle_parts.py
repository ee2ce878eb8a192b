"""The parts of the pinochle hand forms: each side's meld and trick points (typed, or built
from meld chips), and the contract (bidder, bid, trump) of the forms that bid. Their reading
into the API's entry is the rules' (:mod:`scorekeeper.rules.entry.pinochle_sides`)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from flask_babel import lazy_gettext as _l
from wtforms import BooleanField, StringField

from ...rules.core.cards import TRUMPS
from ...rules.entry.pinochle_sides import SEPARATORS, meld_keys
from ...rules.games.pinochle.melds import MELD_IDS
from ...rules.games.table import Layout
from ...web.forms import NUMERIC, Buttons, choice_list
from ...web.partners import partner_melds
from .base import EntryForm, HandForm


def add_side_fields(table: Layout, fields: dict[str, Any]) -> None:
    """Meld (a number or a list of meld ids), trick points and "took a trick" per side."""
    for i in range(len(table.sides)):
        fields[f"meld_{i}"] = StringField(_l("Meld"), render_kw=NUMERIC)
        fields[f"melds_{i}"] = StringField(_l("Melds"), render_kw={"autocomplete": "off"})
        fields[f"tricks_{i}"] = StringField(_l("Tricks"), render_kw=NUMERIC)
        fields[f"took_{i}"] = BooleanField(_l("took a trick"))


def add_player_meld_fields(table: Layout, fields: dict[str, Any]) -> None:
    """Each side's trick points, and each player's meld and "took a trick" (docs/rules.md §1,
    ``saving_trick: player``): a player's meld counts only if he took a trick himself."""
    for i in range(len(table.sides)):
        fields[f"tricks_{i}"] = StringField(_l("Tricks"), render_kw=NUMERIC)
    for j in range(len(table.players)):
        fields[f"meld_p{j}"] = StringField(_l("Meld"), render_kw=NUMERIC)
        fields[f"melds_p{j}"] = StringField(_l("Melds"), render_kw={"autocomplete": "off"})
        fields[f"took_p{j}"] = BooleanField(_l("took a trick"))


def sides_data(table: Layout, entry: Mapping[str, Any]) -> dict[str, Any]:
    """The side (or player) fields' values for a hand entered earlier."""
    data: dict[str, Any] = {}
    for i, side in enumerate(table.sides):
        data[f"tricks_{i}"] = text((entry.get("tricks") or {}).get(side))
    for key, suffix in meld_keys(table):
        meld = (entry.get("meld") or {}).get(key)
        if isinstance(meld, list):
            data[f"melds_{suffix}"] = " ".join(str(m) for m in meld)
        else:
            data[f"meld_{suffix}"] = text(meld)
        data[f"took_{suffix}"] = bool((entry.get("took_trick") or {}).get(key))
    return data


def text(value: Any) -> str:
    """A stored number as a field shows it (blank for none)."""
    return "" if value is None else str(value)


def add_contract_fields(table: Layout, fields: dict[str, Any]) -> None:
    """Bidder (one of the players dealt in), bid (starting at the minimum) and trump."""
    fields["bidder"] = Buttons(_l("Bidder"), choices=choice_list((p, p) for p in table.players))
    fields["bid"] = StringField(_l("Bid"), default=str(table.min_bid or ""), render_kw=NUMERIC)
    fields["trump"] = Buttons(
        _l("Trump"), choices=choice_list((suit.word, suit.symbol) for suit in TRUMPS)
    )


def contract_data(entry: Mapping[str, Any]) -> dict[str, Any]:
    """The contract fields' values for a hand entered earlier."""
    return {
        "bidder": entry.get("bidder") or "",
        "bid": text(entry.get("bid")),
        "trump": entry.get("trump") or "",
    }


class MeldSidesForm(EntryForm):
    """A form whose sides take meld lists: the chips and the meld calculator fill them."""

    def prefill(self, table: Layout, args: Mapping[str, str]) -> dict[str, Any]:
        """A side's (or player's) meld carried back by the calculator (``?meld.Us=run,dix`` or a
        number)."""
        data: dict[str, Any] = {}
        if not table.meld_lists:
            return data
        for key, suffix in meld_keys(table):
            value = (args.get(f"meld.{key}") or "").strip()
            items = [item for item in SEPARATORS.split(value) if item in MELD_IDS]
            if re.fullmatch(r"[0-9]+", value):
                data[f"meld_{suffix}"] = value
            elif items:
                data[f"melds_{suffix}"] = " ".join(items)
        for i, _side in enumerate(table.sides):
            # Partners counted one by one (``?meld.Us.Ana=...``): the side's meld is their sum,
            # the list of both (the number shows it, so the page keeps the partners' line).
            partners = partner_melds(table, i, args)
            if not partners:
                continue
            listed = [item for meld in partners for item in meld.listed]
            numbers = sum(meld.points for meld in partners if not meld.listed)
            data.pop(f"melds_{i}", None)
            if listed and not numbers:
                data[f"melds_{i}"] = " ".join(listed)
            data[f"meld_{i}"] = str(sum(meld.points for meld in partners))
        return data

    def apply_chip(self, form: HandForm) -> bool:
        """Add (or clear) a meld chip tapped without JavaScript; ``True`` when one was tapped."""
        chip = form["chip"].data or ""
        index, _sep, meld = chip.partition(":")
        name = f"melds_{index}"
        if not re.fullmatch(r"p?[0-9]{1,2}", index) or name not in form:
            return False
        target = form[name]
        if meld in MELD_IDS:
            target.data = " ".join(filter(None, [(target.data or "").strip(), meld]))
        else:
            target.data = ""
        # The chips take over from a number typed before them (the last entry wins).
        form[f"meld_{index}"].data = ""
        form["chip"].data = ""
        return True
