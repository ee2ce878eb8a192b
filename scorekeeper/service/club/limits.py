"""A club match's end (docs/club.md §7.2) read from the match row and its replayed state: the
limit columns are on the match row, so the hand path asks no more of the database."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa

from ...extensions import db
from ...models import ClubRound, ClubTable, Match
from ...rules import FINISHED, MatchState, running_totals
from ...rules.club.limit import Limit, club_limit
from ..replaying import state_of


def has_limit(match: Match) -> bool:
    """Whether the §7.2 columns say anything about this match (a club match with a hand limit
    or time called)."""
    return match.hand_limit is not None or match.time_hands is not None


def in_closed_round(match: Match) -> bool:
    """Whether ``match`` is played in a club round that is closed (one query: asked on the
    undo path only, never on a hand POST's)."""
    found = db.session.scalar(
        sa.select(ClubTable.id)
        .join(ClubRound, ClubRound.id == ClubTable.round_id)
        .where(ClubTable.match_id == match.id, ClubRound.status == "closed")
    )
    return found is not None


def side_totals(state: MatchState) -> list[list[int]]:
    """Each side's running total after each hand, sides in the match's order."""
    return [[row[side] for side in state.sides] for row in running_totals(state)[1:]]


def limit_of(match: Match, state: MatchState | None = None, *, hands: int | None = None) -> Limit:
    """The §7.2 end of ``match`` as it stands (``state``: its replay, default :func:`state_of`).
    ``hands``: consider only its first this many hands, as if the others were not there (the
    add-hand check asks about the match before the new hand)."""
    state = state or state_of(match)
    totals: Sequence[Sequence[int]] = side_totals(state)
    rules_ended = state.status == FINISHED and not match.finished
    if hands is not None:
        totals = totals[:hands]
        rules_ended = False  # a strict replay ended earlier refuses the new hand by itself
    rules_winner = (
        state.sides.index(state.winner)
        if rules_ended and state.winner is not None and state.winner in state.sides
        else None
    )
    return club_limit(
        totals,
        hand_limit=match.hand_limit,
        extra_on_tie=match.extra_on_tie,
        time_hands=match.time_hands,
        finished=match.finished,
        rules_winner=rules_winner,
        rules_ended=rules_ended,
    )


def over_before_new_hand(match: Match, replayed: MatchState) -> bool:
    """Whether ``match`` was over (§7.2) before the hand whose replay is ``replayed`` (its
    last hand is the new one)."""
    if not has_limit(match):
        return False
    return limit_of(match, replayed, hands=len(replayed.hands) - 1).over


@dataclass(frozen=True)
class LimitView:
    """What the match page and the API show of a club match's end (§7.2, §14)."""

    hand_limit: int | None
    over_after: int | None
    over: bool
    #: The round result's winner (a side name), ``None`` on a draw or while nobody leads.
    winner: str | None
    #: ``("hand_of", {"hand": 6, "of": 8})`` -> "Hand 6 of 8"; ``("tie_break", ...)`` -> "One
    #: more hand to break the tie"; ``("last_hand", ...)`` -> "Time: this is the last hand".
    words: tuple[str, dict[str, int]] | None

    def as_json(self) -> dict[str, Any]:
        """The two match fields of §14 (``hand_limit``, ``over_after``) and ``over``."""
        return {"hand_limit": self.hand_limit, "over_after": self.over_after, "over": self.over}


def match_limit_view(match: Match, state: MatchState | None = None) -> LimitView:
    """:class:`LimitView` of ``match`` (any match: one outside a club night has no limit and is
    over when its rules or its table ended it)."""
    state = state or state_of(match)
    limit = limit_of(match, state)
    # The round result's winner once the match is over (docs/club.md §14: null on a draw).
    winner = state.sides[limit.winner] if limit.over and limit.winner is not None else None
    words: tuple[str, dict[str, int]] | None = None
    if limit.note is not None:
        key, hand, of = limit.note
        words = (key, {"hand": hand, "of": of})
    return LimitView(match.hand_limit, limit.over_after, limit.over, winner, words)
