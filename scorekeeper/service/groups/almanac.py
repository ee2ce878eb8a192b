"""A group's almanac: its matches' summaries, its history, records, money across nights and
ratings (docs/groups.md).

The records never replay a group's matches at read time: each match of a group keeps its
summary (``rules.summary.summarise``) in ``match_summaries``, tagged with the match version
and ``SUMMARY_VERSION`` it was built from. A read builds again, and stores, only the stale
ones: those whose match changed since (a hand added, an old hand corrected), or all of them
once after a release moves ``SUMMARY_VERSION`` on. A read replays at most
:data:`SUMMARY_REBUILD_HANDS` hands (the first stale match always, so every read makes
progress): beyond that it uses the summary it has for a match that moved on (its figures lag by
the hands added since) and leaves out a match that has none yet, and says how many it left
(``GroupHistory.pending``); the next read goes on where it stopped.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any

import sqlalchemy as sa
from flask import current_app
from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.exc import IntegrityError, OperationalError

from ...extensions import db
from ...models import Group, GroupMatch, Hand, Match, MatchSummaryRow, utcnow
from ...rules import MatchState
from ...rules.almanac.ledger import Ledger, ledger
from ...rules.almanac.ratings import Ratings, rate
from ...rules.almanac.records import Records, compile_records
from ...rules.almanac.summary import SUMMARY_VERSION, MatchSummary, summarise
from ..replaying import setup_of, state_of, uncached_state
from ..writing import UnitOfWork
from .roster import group_seats, night_of, player_roots, roster

#: The most hands one read replays to build stale summaries again, each match counting its
#: hands and :data:`SUMMARY_REBUILD_MATCH` more. A rebuild costs what its hands do: from about
#: 20 us a hand of auction to 175 us a hand of Pinnacola typed as cards on this 2-core machine
#: idle, up to 0.9 ms under a load of 5 (1,000-hand matches). So a read stays under about a
#: second even after a release made every summary stale or a night of corrections to long
#: matches (counted in matches, 50 long ones took 80 s); the first stale match is built
#: whatever its length, so every read makes progress.
SUMMARY_REBUILD_HANDS = 2000

#: What one rebuild costs beyond its hands, in hands: its setup, its summary's JSON and stored
#: row, about 3 ms (a 30-hand match takes about 10 ms, bench/records.py), so that many short
#: matches are bounded too.
SUMMARY_REBUILD_MATCH = 20

#: Parsed summaries kept per process: ``(match id, public id, match version, summary version)``
#: -> summary. Bounded; a changed match is a new key, so nothing is ever stale in it.
SUMMARY_MEMO = 4096


@dataclass(frozen=True)
class PlayedMatch:
    """One match of a group as the almanac reads it."""

    public_id: str
    night: date
    summary: MatchSummary
    #: Seat name -> player key (the roster player's id, merges followed, as text).
    keys: Mapping[str, str]


@dataclass(frozen=True)
class GroupHistory:
    """A group's matches, the first played first, each with its summary; and the roster's
    current name of each player key."""

    matches: tuple[PlayedMatch, ...]
    names: Mapping[str, str]
    #: Matches whose summary is older than the match (or missing), left for the next read.
    pending: int = 0

    @property
    def summaries(self) -> list[tuple[MatchSummary, Mapping[str, str]]]:
        """What ``compile_records`` and ``rate`` take."""
        return [(played.summary, played.keys) for played in self.matches]

    def nights(self) -> list[tuple[str, list[tuple[MatchSummary, Mapping[str, str]]]]]:
        """The matches by night (ISO date), the first night first: what ``ledger`` takes."""
        nights: dict[str, list[tuple[MatchSummary, Mapping[str, str]]]] = {}
        for played in self.matches:
            nights.setdefault(played.night.isoformat(), []).append((played.summary, played.keys))
        return list(nights.items())

    @property
    def seasons(self) -> list[int]:
        """The seasons (calendar years of the nights) the group played in, the first first."""
        return sorted({played.night.year for played in self.matches})

    def season(self, year: int | None) -> GroupHistory:
        """The matches of the nights of calendar year ``year`` alone (all when ``None``): the
        records, money and ratings of one season are those of its matches only."""
        if year is None:
            return self
        kept = tuple(played for played in self.matches if played.night.year == year)
        return GroupHistory(kept, self.names, self.pending)


def group_history(group: Group) -> GroupHistory:
    """Every match of the group with its summary, stale ones built again (see above)."""
    players = roster(group)
    roots = player_roots(players)
    names = {str(p.id): p.name for p in players if p.merged_into_id is None}
    seats = group_seats(group)
    rows = db.session.execute(
        sa.select(
            Match.id,
            Match.public_id,
            Match.version,
            Match.created_at,
            MatchSummaryRow.match_version.label("kept"),
            MatchSummaryRow.summary_version.label("built"),
        )
        .join(GroupMatch, GroupMatch.match_id == Match.id)
        .outerjoin(MatchSummaryRow, MatchSummaryRow.match_id == Match.id)
        .where(GroupMatch.group_id == group.id)
        .order_by(Match.created_at, Match.id)
    ).all()
    stale = [row.id for row in rows if (row.kept, row.built) != (row.version, SUMMARY_VERSION)]
    built = _rebuild_summaries(_within_budget(stale))
    memo = _summary_memo()

    def key(row: Any) -> tuple[int, str, int, int]:
        return (row.id, row.public_id, row.kept, row.built)

    stored = _stored_summaries(
        [
            row.id
            for row in rows
            if row.id not in built and row.built == SUMMARY_VERSION and key(row) not in memo
        ]
    )
    played: list[PlayedMatch] = []
    for row in rows:
        summary = built.get(row.id)
        if summary is None and row.built == SUMMARY_VERSION:
            summary = memo.get(key(row))
            if summary is None:
                summary = memo[key(row)] = MatchSummary.from_json(stored[row.id])
        if summary is None:
            continue  # none of this summary version yet: the next read builds it
        keys = {seat: str(roots[p]) for seat, p in seats.get(row.id, {}).items()}
        played.append(PlayedMatch(row.public_id, night_of(row.created_at), summary, keys))
    pending = len(stale) - len(built)
    _trim(memo)
    return GroupHistory(tuple(played), names, pending)


def group_records(history: GroupHistory, variant: str | None = None) -> Records:
    """The group's records (``rules.records.compile_records``), of one form or all."""
    return compile_records(history.summaries, variant=variant)


def group_ledger(
    history: GroupHistory, settle: Sequence[str] | None = None, paid_through: date | None = None
) -> Ledger:
    """The money of the group's auction nights in units and the settle-up of the nights
    ``settle`` names; nights it does not know are left out. Without ``settle``: the nights
    after ``paid_through`` (the latest night marked paid up), every night when that is
    ``None``."""
    nights = history.nights()
    if settle is None and paid_through is not None:
        # ISO dates sort as the days do.
        settle = [label for label, _ in nights if label > paid_through.isoformat()]
    elif settle is not None:
        known = {label for label, _ in nights}
        settle = [label for label in settle if label in known]
    return ledger(nights, settle=settle)


def group_ratings(history: GroupHistory) -> Ratings:
    """Every player's rating per game family, after each of the group's matches
    (``rules.ratings.rate``, in the order played)."""
    return rate(history.summaries)


def _summary_memo() -> dict[tuple[int, str, int, int], MatchSummary]:
    """This app's parsed summaries (:data:`SUMMARY_MEMO`)."""
    memo: dict[tuple[int, str, int, int], MatchSummary] | None = current_app.extensions.get(
        "match_summaries"
    )
    if memo is None:
        memo = current_app.extensions["match_summaries"] = {}
    return memo


def _trim(memo: dict[Any, MatchSummary]) -> None:
    """Keep the memo within :data:`SUMMARY_MEMO` (the oldest entries go first)."""
    while len(memo) > SUMMARY_MEMO:
        memo.pop(next(iter(memo)))


def _within_budget(stale: Sequence[int]) -> list[int]:
    """The first of the ``stale`` matches (in order) whose hands, each match
    :data:`SUMMARY_REBUILD_MATCH` more, add up to at most :data:`SUMMARY_REBUILD_HANDS`; the
    first one whatever its length."""
    # Every match costs at least SUMMARY_REBUILD_MATCH: no more than this many can fit.
    candidates = stale[: max(1, SUMMARY_REBUILD_HANDS // max(1, SUMMARY_REBUILD_MATCH))]
    hands = _hand_counts(candidates)
    chosen: list[int] = []
    spent = 0
    for match_id in candidates:
        cost = hands.get(match_id, 0) + SUMMARY_REBUILD_MATCH
        if chosen and spent + cost > SUMMARY_REBUILD_HANDS:
            break  # in order, so the next read goes on from here
        chosen.append(match_id)
        spent += cost
    return chosen


def _hand_counts(match_ids: Sequence[int]) -> dict[int, int]:
    """How many hands each of these matches has (a match with none is left out)."""
    found: dict[int, int] = {}
    for start in range(0, len(match_ids), 500):
        chunk = match_ids[start : start + 500]
        rows = db.session.execute(
            sa.select(Hand.match_id, sa.func.count())
            .where(Hand.match_id.in_(chunk))
            .group_by(Hand.match_id)
        )
        found.update({match_id: count for match_id, count in rows})
    return found


def _stored_summaries(match_ids: Sequence[int]) -> dict[int, Any]:
    """The stored summaries' JSON of these matches."""
    found: dict[int, Any] = {}
    for start in range(0, len(match_ids), 500):
        chunk = match_ids[start : start + 500]
        rows = db.session.execute(
            sa.select(MatchSummaryRow.match_id, MatchSummaryRow.summary).where(
                MatchSummaryRow.match_id.in_(chunk)
            )
        )
        found.update({match_id: summary for match_id, summary in rows})
    return found


def summary_of(match: Match, state: MatchState | None = None) -> MatchSummary:
    """The summary of ``match`` (``rules.summary.summarise``), replayed to ``state`` (default:
    :func:`state_of`)."""
    return summarise(setup_of(match), state or state_of(match), ended=match.finished)


def keep_summary(match: Match, state: MatchState) -> None:
    """Keep the summary of ``match`` at its version, in the caller's transaction."""
    summary = summary_of(match, state)
    db.session.merge(
        MatchSummaryRow(
            match_id=match.id,
            match_version=match.version,
            summary_version=SUMMARY_VERSION,
            summary=summary.to_json(),
            built_at=utcnow(),
        )
    )


def _rebuild_summaries(match_ids: Sequence[int]) -> dict[int, MatchSummary]:
    """Build the summaries of these matches again and store them (one transaction of its own:
    a cache, so a failure to store costs the next read the same work, nothing else)."""
    if not match_ids:
        return {}
    matches = db.session.scalars(sa.select(Match).where(Match.id.in_(match_ids))).all()
    built: dict[int, MatchSummary] = {}
    rows: list[dict[str, Any]] = []
    for match in matches:
        summary = built[match.id] = summary_of(match, uncached_state(match))
        rows.append(
            {
                "match_id": match.id,
                "match_version": match.version,
                "summary_version": SUMMARY_VERSION,
                "summary": summary.to_json(),
                "built_at": utcnow(),
            }
        )
    memo = _summary_memo()
    for match in matches:
        memo[(match.id, match.public_id, match.version, SUMMARY_VERSION)] = built[match.id]
    _store_summaries(rows)
    return built


def _store_summaries(rows: list[dict[str, Any]]) -> None:
    """Insert or update these summaries (whoever stores one last wins: both are right)."""
    dialect = db.session.get_bind().dialect.name
    insert = postgresql_insert if dialect == "postgresql" else sqlite_insert
    statement = insert(MatchSummaryRow).values(rows)
    statement = statement.on_conflict_do_update(
        index_elements=[MatchSummaryRow.match_id],
        set_={
            name: statement.excluded[name]
            for name in ("match_version", "summary_version", "summary", "built_at")
        },
    )
    try:
        with UnitOfWork() as uow:
            db.session.execute(statement)
            uow.commit()
    except (IntegrityError, OperationalError):
        # A match deleted meanwhile, or SQLite's write lock held too long by another writer:
        # the unit rolled back, and the next read builds these again.
        pass
