"""Two-, three- and four-handed pinochle (``meld_and_tricks``): every side's meld and trick
points, each player's meld under ``saving_trick: player``, who declared himself out, and who
reneged (seed 004, two-handed)."""

from __future__ import annotations

from typing import Any

from ..games.table import Layout
from .pinochle_sides import player_meld_paths, read_sides, side_paths
from .posted import Fields, picked


def field_paths(table: Layout) -> dict[str, str]:
    """API path -> the field that shows its errors."""
    paths: dict[str, str] = {}
    if table.meld_by_player:
        player_meld_paths(table, paths)
    else:
        side_paths(table, paths)
    if table.declare_out:
        paths["declared_out"] = "declared_out"
    if table.renege:
        paths["renege"] = "renege"
    return paths


def read_fields(table: Layout, fields: Fields) -> dict[str, Any]:
    """Meld and tricks of every side; a side that declared out may leave tricks blank."""
    out = picked(fields, "declared_out") if table.declare_out else ""
    entry = read_sides(table, fields, allow_blank_tricks=bool(out))
    if out:
        entry["declared_out"] = out
    reneger = picked(fields, "renege") if table.renege else ""
    if reneger:
        entry["renege"] = reneger
    return entry
