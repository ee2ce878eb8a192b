"""The pinochle forms' shared fields: each side's meld (typed, or the list the meld chips
build) and trick points, each player's meld where the table enters it per player, and the
contract (bidder, bid, trump) of the forms that bid (docs/api.md, "Hand bodies by variant")."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from ..core.text import N_
from ..games.pinochle.melds import MELD_IDS, fill_tricks
from ..games.table import Layout
from .posted import FieldRefused, Fields, picked, read_number, ticked

#: What the meld ids of a list are written apart with (the chips write spaces).
SEPARATORS = re.compile(r"[\s,;+]+")


def meld_items(text: str | None) -> list[str]:
    """The meld ids of a side's list as the chips build it (``"run marriage"``).

    >>> meld_items("run, marriage")
    ['run', 'marriage']
    """
    return [item for item in SEPARATORS.split(text or "") if item]


def chips_points(table: Layout, items: list[str]) -> int:
    """What the melds tapped add up to with this match's meld values (the rules judge the
    list itself when the hand is saved)."""
    return sum(table.meld_values.get(item, 0) for item in items)


def meld_keys(table: Layout) -> list[tuple[str, str]]:
    """Who a meld is entered for (the players under ``saving_trick: player``, else the sides),
    each with the suffix of its fields (``meld_p2``, ``meld_0``)."""
    if table.meld_by_player:
        return [(player, f"p{j}") for j, player in enumerate(table.players)]
    return [(side, str(i)) for i, side in enumerate(table.sides)]


def side_paths(table: Layout, paths: dict[str, str]) -> None:
    """The API paths of the sides' fields: meld (a number or a list), tricks and "took a
    trick" per side (``meld_0``, ``melds_0``, ``tricks_0``, ``took_0``)."""
    for i, side in enumerate(table.sides):
        paths[f"meld.{side}"] = f"meld_{i}"
        paths[f"tricks.{side}"] = f"tricks_{i}"
        paths[f"took_trick.{side}"] = f"took_{i}"
    if table.sides:
        paths.setdefault("tricks", "tricks_0")  # the sum of the tricks (docs/rules.md §1)


def player_meld_paths(table: Layout, paths: dict[str, str]) -> None:
    """The API paths of each side's trick points and each player's meld and "took a trick"
    (docs/rules.md §1, ``saving_trick: player``: ``meld_p0``, ``melds_p0``, ``took_p0``)."""
    for i, side in enumerate(table.sides):
        paths[f"tricks.{side}"] = f"tricks_{i}"
    for j, player in enumerate(table.players):
        paths[f"meld.{player}"] = f"meld_p{j}"
        paths[f"took_trick.{player}"] = f"took_p{j}"
    if table.sides:
        paths.setdefault("tricks", "tricks_0")  # the sum of the tricks (docs/rules.md §1)


def contract_paths(paths: dict[str, str]) -> None:
    """The API paths of the contract's fields (``bidder``, ``bid``, ``trump``)."""
    paths.update(bidder="bidder", bid="bid", trump="trump")
    paths["tricks"] = "tricks_0"  # the sum of the tricks (docs/rules.md §1)


def side_field_names(table: Layout) -> list[str]:
    """The sides' typed fields (meld, meld list, tricks), as :func:`side_paths` lays them."""
    return [f"{kind}_{i}" for i in range(len(table.sides)) for kind in ("meld", "melds", "tricks")]


def read_melds(table: Layout, fields: Fields, number_name: str, list_name: str) -> int | list[str]:
    """A side's meld: the number typed, or the list the chips built. Both may come when the
    number shows what the chips add up to (the page's script writes it there): then the list
    is kept; a number that differs from the chips is refused in plain words."""
    number = read_number(fields, number_name)
    items = meld_items(fields.get(list_name))
    for item in items:
        if item not in MELD_IDS:
            raise FieldRefused(list_name, N_("That is not a meld: tap the melds again."))
    if items and number is not None and number != chips_points(table, items):
        raise FieldRefused(
            number_name,
            N_("The melds tapped make {chips}, not {number}: clear the melds or the number."),
            {"chips": chips_points(table, items), "number": number},
        )
    return items if items else (number or 0)


def read_sides(table: Layout, fields: Fields, *, allow_blank_tricks: bool) -> dict[str, Any]:
    """``meld``, ``tricks`` and ``took_trick`` over the sides (meld and ``took_trick`` over the
    players where the table enters meld per player); when one side's tricks are left blank the
    rules give it what is left of the counting's total (a concession or a declaration out may
    leave every side's tricks blank)."""
    sides = table.sides
    keys = meld_keys(table)
    meld = {key: read_melds(table, fields, f"meld_{n}", f"melds_{n}") for key, n in keys}
    tricks = {s: read_number(fields, f"tricks_{i}") for i, s in enumerate(sides)}
    entry: dict[str, Any] = {"meld": meld}
    all_blank = all(points is None for points in tricks.values())
    if not (allow_blank_tricks and all_blank):
        if not allow_blank_tricks and table.trick_total is not None:
            tricks = fill_tricks(tricks, table.trick_total)
        entry["tricks"] = {s: (0 if points is None else points) for s, points in tricks.items()}
    if table.meld_by_player:
        # The rules want a yes or no for each player with meld (docs/api.md); a player without
        # meld is named only when his box is ticked.
        took = {
            key: ticked(fields, f"took_{n}")
            for key, n in keys
            if ticked(fields, f"took_{n}") or meld[key] not in (0, [])
        }
    else:
        took = {key: True for key, n in keys if ticked(fields, f"took_{n}")}
    if took:
        entry["took_trick"] = took
    return entry


def check_all_passed(fields: Fields, field_name: str, typed: Iterable[str]) -> None:
    """Everybody passed: nobody bid, so a bidder, a trump or points chosen with it are a
    slip (the hand would be saved as thrown in, the rest silently dropped): refuse it at
    ``field_name``. ``typed``: the form's fields of points and meld lists."""
    chosen = [name for name in ("bidder", "trump") if picked(fields, name)]
    # A meld list counts as it comes (the chips write it); a number only when not blank.
    filled = [
        name
        for name in typed
        if (picked(fields, name) if name.startswith("melds_") else picked(fields, name).strip())
    ]
    if chosen or filled:
        raise FieldRefused(
            field_name,
            N_(
                "All passed means nobody bid: no bidder, trump or points. "
                "Clear them, or pick how the hand was played."
            ),
        )


def read_contract(fields: Fields) -> dict[str, Any]:
    """The contract as the API takes it; blanks go as ``null`` for the rules to name."""
    return {
        "bidder": picked(fields, "bidder") or None,
        "bid": read_number(fields, "bid"),
        "trump": picked(fields, "trump") or None,
    }
