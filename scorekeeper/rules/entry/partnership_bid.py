"""Partnership auction (``partnership_bid``): one contract for the two teams, whether the hand
was played, conceded, passed or lost for want of a marriage in trump (the form's
:attr:`~scorekeeper.rules.games.table.Layout.results`), and both teams' meld and tricks."""

from __future__ import annotations

from typing import Any

from ..games.table import Layout, Result
from .pinochle_sides import (
    check_all_passed,
    contract_paths,
    read_contract,
    read_sides,
    side_field_names,
    side_paths,
)
from .posted import Fields, picked


def field_paths(table: Layout) -> dict[str, str]:
    """API path -> the field that shows its errors."""
    paths: dict[str, str] = {}
    contract_paths(paths)
    paths["conceded"] = "result"
    paths["outcome"] = "result"
    side_paths(table, paths)
    return paths


def read_fields(table: Layout, fields: Fields) -> dict[str, Any]:
    """All pass alone; else the contract, the teams' points and whether it was conceded or
    lost for no marriage (each only where the form offers it: the rules refuse the others)."""
    contract = read_contract(fields)
    result = picked(fields, "result")
    if result == Result.ALL_PASS:
        check_all_passed(fields, "result", side_field_names(table))
        return {"outcome": Result.ALL_PASS.value}
    if result == Result.NO_MARRIAGE:
        sides = read_sides(table, fields, allow_blank_tricks=True)
        return {**contract, **sides, "outcome": Result.NO_MARRIAGE.value}
    conceded = result == Result.CONCEDED
    return {
        **contract,
        **read_sides(table, fields, allow_blank_tricks=conceded),
        "conceded": conceded,
    }
