"""The pinochle forms kept by points: two-, three- and four-handed, and partnership auction.

Each form is a :class:`~scorekeeper.rules.games.registry.Variant` (docs/rules.md §2, §4) that
replays a match's hands as docs/api.md writes them. This module gathers them under one name; each
lives with what it needs: the plain forms in :mod:`.plain_forms` (what they share, and their
replay, in :mod:`.plain`; reading a hand in :mod:`.plain_hand`), partnership auction in
:mod:`.partnership`, and what every pinochle form's methods share in :mod:`.form_parts`. The meld
tables, counting systems and readers they share are in
:mod:`scorekeeper.rules.games.pinochle.melds`.
"""

from __future__ import annotations

from .partnership import PartnershipAuction
from .plain_forms import DECLARE_OUT_OPTION, FourHanded, ThreeHanded, TwoHanded
from .plain_hand import PLAYER, SAVING_TRICK_OPTION, SIDE

__all__ = [
    "DECLARE_OUT_OPTION",
    "PLAYER",
    "SAVING_TRICK_OPTION",
    "SIDE",
    "FourHanded",
    "PartnershipAuction",
    "ThreeHanded",
    "TwoHanded",
]
