"""Partnership auction (``partnership_bid``): one contract for the two teams, whether the hand
was played, conceded or passed, and both teams' meld and tricks."""

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
from .posted import Fields, picked

#: The buttons of the hand's result (field ``result``).
CONCEDED, ALL_PASS = "conceded", "all_pass"


def field_paths(table: Layout) -> dict[str, str]:
    """API path -> the field that shows its errors."""
    paths: dict[str, str] = {}
    contract_paths(paths)
    paths["conceded"] = "result"
    paths["outcome"] = "result"
    side_paths(table, paths)
    return paths


def read_fields(table: Layout, fields: Fields) -> dict[str, Any]:
    """All pass alone; else the contract, the teams' points and whether it was conceded."""
    contract = read_contract(fields)
    result = picked(fields, "result")
    if result == ALL_PASS:
        check_all_passed(fields, "result", side_field_names(table))
        return {"outcome": ALL_PASS}
    conceded = result == CONCEDED
    return {
        **contract,
        **read_sides(table, fields, allow_blank_tricks=conceded),
        "conceded": conceded,
    }
