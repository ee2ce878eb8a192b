"""Auction with a widow (``widow_bid``): the contract, then (in units) the outcome or the
bidder's own meld and tricks, or (in points) every side's meld and tricks with the outcome
left to the rules (docs/rules.md §2)."""

from __future__ import annotations

from typing import Any

from ..games.table import Layout
from .pinochle_sides import (
    check_all_passed,
    contract_paths,
    read_contract,
    read_sides,
    side_field_names,
    side_paths,
)
from .posted import Fields, picked, read_number

#: The bidder's own points, the fields of a table in units.
BIDDER_FIELDS = ("bidder_meld", "bidder_tricks")


def field_paths(table: Layout) -> dict[str, str]:
    """API path -> the field that shows its errors."""
    paths: dict[str, str] = {}
    contract_paths(paths)
    if table.units:
        paths.update(outcome="outcome", meld="bidder_meld", tricks="bidder_tricks")
        return paths
    paths["outcome"] = "outcome"
    side_paths(table, paths)
    return paths


def read_fields(table: Layout, fields: Fields) -> dict[str, Any]:
    """All pass alone; else the contract with the outcome and the points typed."""
    contract = read_contract(fields)
    outcome = picked(fields, "outcome") or None
    if outcome == "all_pass":
        check_all_passed(
            fields, "outcome", BIDDER_FIELDS if table.units else side_field_names(table)
        )
        return {"outcome": "all_pass"}
    if table.units:
        entry = {**contract, "outcome": outcome}
        meld, tricks = read_number(fields, "bidder_meld"), read_number(fields, "bidder_tricks")
        if meld is not None or tricks is not None:
            entry.update(meld=meld or 0, tricks=tricks or 0)
        return {k: v for k, v in entry.items() if v is not None}
    entry = {**contract, **read_sides(table, fields, allow_blank_tricks=outcome == "conceded")}
    if outcome:
        entry["outcome"] = outcome
    return entry
