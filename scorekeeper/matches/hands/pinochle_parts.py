"""The parts of the pinochle hand forms: each side's meld and trick points (typed, or built
from meld chips), and the contract (bidder, bid, trump) of the forms that bid."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from wtforms import BooleanField, StringField

from ...rules.cards import TRUMPS
from ...rules.pinochle import MELD_IDS, fill_tricks
from ...rules.table import Table
from ...web.forms import NUMERIC, Buttons, FormError, choice_list, read_number
from ...web.partners import partner_melds
from .base import EntryForm, HandForm

_SEPARATORS = re.compile(r"[\s,;+]+")


def add_side_fields(table: Table, fields: dict[str, Any], paths: dict[str, str]) -> None:
    """Meld (a number or a list of meld ids), trick points and "took a trick" per side."""
    for i, side in enumerate(table.sides):
        fields[f"meld_{i}"] = StringField(_l("Meld"), render_kw=NUMERIC)
        fields[f"melds_{i}"] = StringField(_l("Melds"), render_kw={"autocomplete": "off"})
        fields[f"tricks_{i}"] = StringField(_l("Tricks"), render_kw=NUMERIC)
        fields[f"took_{i}"] = BooleanField(_l("took a trick"))
        paths[f"meld.{side}"] = f"meld_{i}"
        paths[f"tricks.{side}"] = f"tricks_{i}"
        paths[f"took_trick.{side}"] = f"took_{i}"
    if table.sides:
        paths.setdefault("tricks", "tricks_0")  # the sum of the tricks (docs/rules.md §1)


def add_player_meld_fields(table: Table, fields: dict[str, Any], paths: dict[str, str]) -> None:
    """Each side's trick points, and each player's meld and "took a trick" (docs/rules.md §1,
    ``saving_trick: player``): a player's meld counts only if he took a trick himself."""
    for i, side in enumerate(table.sides):
        fields[f"tricks_{i}"] = StringField(_l("Tricks"), render_kw=NUMERIC)
        paths[f"tricks.{side}"] = f"tricks_{i}"
    for j, player in enumerate(table.players):
        fields[f"meld_p{j}"] = StringField(_l("Meld"), render_kw=NUMERIC)
        fields[f"melds_p{j}"] = StringField(_l("Melds"), render_kw={"autocomplete": "off"})
        fields[f"took_p{j}"] = BooleanField(_l("took a trick"))
        paths[f"meld.{player}"] = f"meld_p{j}"
        paths[f"took_trick.{player}"] = f"took_p{j}"
    if table.sides:
        paths.setdefault("tricks", "tricks_0")  # the sum of the tricks (docs/rules.md §1)


def meld_items(text: str | None) -> list[str]:
    """The meld ids of a side's list as the chips build it (``"run marriage"``)."""
    return [item for item in _SEPARATORS.split(text or "") if item]


def read_melds(form: HandForm, number_name: str, list_name: str) -> int | list[str]:
    """A side's meld: the number typed, or the list the chips built. Both may come when the
    number shows what the chips add up to (the page's script writes it there): then the list
    is kept; a number that differs from the chips is refused in plain words."""
    number = read_number(form, number_name)
    items = meld_items(form[list_name].data)
    for item in items:
        if item not in MELD_IDS:
            raise FormError(list_name, _("That is not a meld: tap the melds again."))
    if items and number is not None and number != chips_points(form.table, items):
        raise FormError(
            number_name,
            _(
                "The melds tapped make %(chips)s, not %(number)s: clear the melds or the number.",
                chips=chips_points(form.table, items),
                number=number,
            ),
        )
    return items if items else (number or 0)


def chips_points(table: Table, items: list[str]) -> int:
    """What the melds tapped add up to with this match's meld values (the rules judge the
    list itself when the hand is saved)."""
    return sum(table.meld_values.get(item, 0) for item in items)


def read_sides(form: HandForm, *, allow_blank_tricks: bool) -> dict[str, Any]:
    """``meld``, ``tricks`` and ``took_trick`` over the sides (meld and ``took_trick`` over the
    players where the table enters meld per player); when one side's tricks are left blank the
    rules give it what is left of the counting's total (a concession or a declaration out may
    leave every side's tricks blank)."""
    table = form.table
    sides = table.sides
    keys = meld_keys(table)
    meld = {key: read_melds(form, f"meld_{n}", f"melds_{n}") for key, n in keys}
    tricks = {s: read_number(form, f"tricks_{i}") for i, s in enumerate(sides)}
    entry: dict[str, Any] = {"meld": meld}
    all_blank = all(points is None for points in tricks.values())
    if not (allow_blank_tricks and all_blank):
        if not allow_blank_tricks and form.table.trick_total is not None:
            tricks = fill_tricks(tricks, form.table.trick_total)
        entry["tricks"] = {s: (0 if points is None else points) for s, points in tricks.items()}
    if table.meld_by_player:
        # The rules want a yes or no for each player with meld (docs/api.md); a player without
        # meld is named only when his box is ticked.
        took = {
            key: bool(form[f"took_{n}"].data)
            for key, n in keys
            if form[f"took_{n}"].data or meld[key] not in (0, [])
        }
    else:
        took = {key: True for key, n in keys if form[f"took_{n}"].data}
    if took:
        entry["took_trick"] = took
    return entry


def sides_data(table: Table, entry: Mapping[str, Any]) -> dict[str, Any]:
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


def meld_keys(table: Table) -> list[tuple[str, str]]:
    """Who a meld is entered for (the players under ``saving_trick: player``, else the sides),
    each with the suffix of its fields (``meld_p2``, ``meld_0``)."""
    if table.meld_by_player:
        return [(player, f"p{j}") for j, player in enumerate(table.players)]
    return [(side, str(i)) for i, side in enumerate(table.sides)]


def text(value: Any) -> str:
    """A stored number as a field shows it (blank for none)."""
    return "" if value is None else str(value)


def add_contract_fields(table: Table, fields: dict[str, Any], paths: dict[str, str]) -> None:
    """Bidder (one of the players dealt in), bid (starting at the minimum) and trump."""
    fields["bidder"] = Buttons(_l("Bidder"), choices=choice_list((p, p) for p in table.players))
    fields["bid"] = StringField(_l("Bid"), default=str(table.min_bid or ""), render_kw=NUMERIC)
    fields["trump"] = Buttons(
        _l("Trump"), choices=choice_list((suit.word, suit.symbol) for suit in TRUMPS)
    )
    paths.update(bidder="bidder", bid="bid", trump="trump")
    paths["tricks"] = "tricks_0"  # the sum of the tricks (docs/rules.md §1)


def check_all_passed(form: HandForm, field_name: str) -> None:
    """Everybody passed: nobody bid, so a bidder, a trump or points chosen with it are a
    slip (the hand would be saved as thrown in, the rest silently dropped): refuse it."""
    chosen = [name for name in ("bidder", "trump") if form[name].data]
    typed = [
        name
        for name in form.data
        if name.startswith(("meld_", "tricks_", "bidder_")) and (form[name].data or "").strip()
    ]
    lists = [name for name in form.data if name.startswith("melds_") and form[name].data]
    if chosen or typed or lists:
        raise FormError(
            field_name,
            _(
                "All passed means nobody bid: no bidder, trump or points. "
                "Clear them, or pick how the hand was played."
            ),
        )


def read_contract(form: HandForm) -> dict[str, Any]:
    """The contract as the API takes it; blanks go as ``null`` for the rules to name."""
    return {
        "bidder": form["bidder"].data or None,
        "bid": read_number(form, "bid"),
        "trump": form["trump"].data or None,
    }


def contract_data(entry: Mapping[str, Any]) -> dict[str, Any]:
    """The contract fields' values for a hand entered earlier."""
    return {
        "bidder": entry.get("bidder") or "",
        "bid": text(entry.get("bid")),
        "trump": entry.get("trump") or "",
    }


class MeldSidesForm(EntryForm):
    """A form whose sides take meld lists: the chips and the meld calculator fill them."""

    def prefill(self, table: Table, args: Mapping[str, str]) -> dict[str, Any]:
        """A side's (or player's) meld carried back by the calculator (``?meld.Us=run,dix`` or a
        number)."""
        data: dict[str, Any] = {}
        if not table.meld_lists:
            return data
        for key, suffix in meld_keys(table):
            value = (args.get(f"meld.{key}") or "").strip()
            items = [item for item in _SEPARATORS.split(value) if item in MELD_IDS]
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
