"""Pinochle's common part: counting systems, meld tables, the bid limits, valuing a declared
meld, the meld calculator, and the readers of a hand's trick points that every pinochle form
shares.

Everything here follows docs/rules.md §1 and §5, one concern per module: the counting systems
(:mod:`.counting`), the meld tables and the ``melds`` option's values (:mod:`.tables`), the
options every form shares and what a match's options make of them (:mod:`.options`), a declared
meld read and checked against the deck (:mod:`.declared`), a hand's trick points
(:mod:`.tricks`) and the meld calculator from real cards (:mod:`.calculator`). This package
gives them all under one name. The forms themselves (two-, three-, four-handed and partnership
auction) live in :mod:`scorekeeper.rules.games.pinochle.forms`; auction pinochle in
:mod:`scorekeeper.rules.games.auction.form` reuses the option specs and readers below for ``scoring:
points``.
"""

from __future__ import annotations

from .calculator import MeldCount, MeldReport, calculate_meld, count_melds, read_cards
from .counting import COUNTINGS, Counting
from .declared import (
    MELD_STEP,
    MeldCheck,
    check_meld_figures,
    read_meld,
    read_melds,
    read_melds_by_player,
)
from .options import (
    AUCTION_COUNTING_OPTION,
    BID_STEP,
    COUNTING_OPTION,
    EXTEND,
    LAST_TRICK_OPTION,
    LOWEST_MIN_BID,
    MAX_BID,
    MELD_REUSE_OPTION,
    MELDS_OPTION,
    NEW_CARDS,
    PARTNERSHIP_LOWEST_MIN_BID,
    TIE_RULE_OPTION,
    counting_of,
    meld_limit,
    meld_values,
    pinochle_defaults,
    target_option,
)
from .tables import (
    MELD_CHIPS,
    MELD_IDS,
    MELD_LIMIT,
    MELD_MOST,
    MELD_NAMES,
    MELD_PRESETS,
    PINOCHLE_MELDS,
    STANDARD_MELDS,
    meld_table,
    read_meld_table,
)
from .tricks import check_trick_points, fill_tricks, read_took_trick, read_tricks

__all__ = [
    "AUCTION_COUNTING_OPTION",
    "BID_STEP",
    "COUNTINGS",
    "COUNTING_OPTION",
    "EXTEND",
    "LAST_TRICK_OPTION",
    "LOWEST_MIN_BID",
    "MAX_BID",
    "MELDS_OPTION",
    "MELD_CHIPS",
    "MELD_IDS",
    "MELD_LIMIT",
    "MELD_MOST",
    "MELD_NAMES",
    "MELD_PRESETS",
    "MELD_REUSE_OPTION",
    "MELD_STEP",
    "NEW_CARDS",
    "PARTNERSHIP_LOWEST_MIN_BID",
    "PINOCHLE_MELDS",
    "STANDARD_MELDS",
    "TIE_RULE_OPTION",
    "Counting",
    "MeldCheck",
    "MeldCount",
    "MeldReport",
    "calculate_meld",
    "check_meld_figures",
    "check_trick_points",
    "count_melds",
    "counting_of",
    "fill_tricks",
    "meld_limit",
    "meld_table",
    "meld_values",
    "pinochle_defaults",
    "read_cards",
    "read_meld",
    "read_meld_table",
    "read_melds",
    "read_melds_by_player",
    "read_took_trick",
    "read_tricks",
    "target_option",
]
