"""What a match from an earlier release of the rules meant (docs/rules.md §7): a match is
scored by the rules it was created under, forever.

The stored matches were rewritten by the data migration of revision 2
(``migrations/versions/61ac164bbc84_*``, which keeps its own frozen copy of this table, as a
migration must); a match exported by the earlier release (export format 1) gets the same
rewrite here when it is imported, so it imports with the meaning it was played under.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .pinochle.melds import meld_table

#: The meld table ``seed-004`` as revision 1 valued it: today's, with a double run of 1500
#: (docs/rules.md §1: revision 2 gives seed 004 no double run).
SEED_004_REVISION_1: dict[str, int] = {**meld_table("seed-004"), "double_run": 1500}

#: Options that only a match carried over from an earlier release holds: a new match may not
#: choose them, a carried one keeps them (docs/rules.md §4, "Options kept for old matches").
CARRIED_ONLY = ("six_seating",)

_POINTS_FORMS = ("pinochle-2", "pinochle-3", "pinochle-4", "partnership-auction")


def revision_1_options(
    variant: str, options: Mapping[str, Any], player_count: int
) -> dict[str, Any]:
    """The options of a match made under revision 1, with every meaning it played by explicit
    (docs/rules.md §7): ``doubling`` was today's ``doubling-250``, two-handed melding extended
    melds, ``seed-004`` had a double run of 1500, six at auction sat out the dealer and the
    player opposite; every option revision 2 added takes the value that plays as before.

    >>> revision_1_options("auction", {"scoring": "units", "schedule": "doubling"}, 6)["schedule"]
    'doubling-250'
    >>> revision_1_options("auction", {"scoring": "units"}, 6)["six_seating"]
    'opposite'
    """
    new = dict(options)
    points = variant in _POINTS_FORMS or (variant == "auction" and new.get("scoring") == "points")
    new.setdefault("direction", "left")
    if points:
        if new.get("melds") == "seed-004":
            new["melds"] = dict(SEED_004_REVISION_1)
        new.setdefault("last_trick", 1 if new.get("counting") == "simple" else 10)
    if variant in ("pinochle-2", "pinochle-3"):
        new.setdefault("meld_reuse", "extend")
    if variant == "pinochle-4" and new.get("partnerships", True):
        new.setdefault("saving_trick", "side")
    if variant == "auction":
        _auction_revision_1(new, points, player_count)
    if variant == "pinnacola":
        new.setdefault("joker_sets", False)
    return new


def _auction_revision_1(options: dict[str, Any], points: bool, player_count: int) -> None:
    if player_count == 6:
        options.setdefault("six_seating", "opposite")
    if points:
        options.setdefault("bidder_scores", "taken")
        return
    if options.get("schedule") == "doubling":
        options["schedule"] = "doubling-250"
    options.setdefault("spades_concession", "double")


def split_carried(options: Mapping[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """``options`` without those only a carried match may hold, and those apart."""
    carried = {name: value for name, value in options.items() if name in CARRIED_ONLY}
    return {k: v for k, v in options.items() if k not in carried}, carried
