"""Database models: a match is its setup plus the hands as the table entered them.

Scores, totals and winners are never stored: :mod:`scorekeeper.service` replays the hands
through the variant's rules every time, so a correction to hand 3 of 20 is just an update of
hand 3. Only :mod:`scorekeeper.service` reads and writes these tables.

One module per concern (matches, groups, club nights), every model re-exported here.
"""

from __future__ import annotations

from .club import (
    ClubAdjustment,
    ClubCode,
    ClubKey,
    ClubNight,
    ClubPair,
    ClubPlayer,
    ClubRound,
    ClubSeat,
    ClubTable,
)
from .groups import (
    Group,
    GroupMatch,
    GroupPayUp,
    GroupPlayer,
    GroupPlayerName,
    GroupSeat,
    MatchSummaryRow,
)
from .matches import Hand, IdempotentWrite, JoinCode, Match, ScorerKey
from .time import as_utc, utcnow

__all__ = [
    "ClubAdjustment",
    "ClubCode",
    "ClubKey",
    "ClubNight",
    "ClubPair",
    "ClubPlayer",
    "ClubRound",
    "ClubSeat",
    "ClubTable",
    "Group",
    "GroupMatch",
    "GroupPayUp",
    "GroupPlayer",
    "GroupPlayerName",
    "GroupSeat",
    "Hand",
    "IdempotentWrite",
    "JoinCode",
    "Match",
    "MatchSummaryRow",
    "ScorerKey",
    "as_utc",
    "utcnow",
]
