"""A club night's awards and purse (docs/club.md §10): the settings read at creation and by
``PATCH`` (refusals at ``awards[i]`` and ``purse.*``), and the figures the standings answer
carries (``awards``, ``purse``), computed from the same round results on every read."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa

from ...extensions import db
from ...models import ClubNight, Match, MatchSummaryRow
from ...rules import find_variant
from ...rules.almanac.summary import PINNACOLA, SUMMARY_VERSION, Figures, MatchSummary
from ...rules.club.standings import ranking as standings
from ...rules.club.standings.awards import (
    AUCTION_AWARDS,
    LOW_TOTAL,
    PINNACOLA_AWARDS,
    PINOCHLE_AWARDS,
    POINTS_AWARDS,
    TableTally,
    offered_awards,
    read_awards,
)
from ...rules.club.standings.awards import awards as night_awards
from ...rules.club.standings.purse import pay_purse, read_purse
from ...rules.club.standings.rounds import RoundResults
from ...rules.games.club_form import ClubForm
from ..groups.almanac import summary_of
from .common import rounds_of, seatings, table_matches


def offered(variant_id: str, form: ClubForm) -> tuple[str, ...]:
    """The awards a night of ``variant_id`` at ``form``'s tables may choose (docs/club.md
    §10.1): the points awards and ``low_total`` by the form, and what the variant's own table
    keeps: listed meld (a form with a meld table: double pinochles, thousand aces, double
    runs), bids (a form with a minimum bid: the highest bid made), Pinnacolas (Pinnacola's
    family)."""
    variant = find_variant(variant_id)
    keys = set(variant.resolve_options(None))
    family: list[str] = []
    if "melds" in keys:
        family += PINOCHLE_AWARDS
    if "min_bid" in keys:
        family += AUCTION_AWARDS
    if variant.family.id == PINNACOLA:
        family += PINNACOLA_AWARDS
    return offered_awards(form, family)


def read_settings(
    variant_id: str, form: ClubForm, awards: object, purse: object, players: int
) -> tuple[list[str], dict[str, Any] | None]:
    """A night's ``awards`` and ``purse`` as stored (docs/club.md §10; §2.3 refusals): the
    chosen awards in the order given, the purse with money to the cent (or None). ``players``:
    the night's player count (award amounts over their pot are refused)."""
    chosen = read_awards(awards, offered(variant_id, form))
    read = read_purse(purse, chosen, players)
    return list(chosen), (read.as_json() if read is not None else None)


def patch_settings(
    variant_id: str,
    form: ClubForm,
    stored: Mapping[str, Any],
    given: Mapping[str, Any],
    players: int,
) -> dict[str, Any]:
    """``PATCH``'s ``awards`` and ``purse`` over the stored settings: ``{"awards", "purse"}``
    as stored. A purse kept while awards change is checked again (an award amount for an award
    no longer chosen is refused at ``purse.awards.<award>``)."""
    awards = given["awards"] if "awards" in given else stored.get("awards") or None
    purse = given["purse"] if "purse" in given else stored.get("purse")
    chosen, read = read_settings(variant_id, form, awards, purse, players)
    return {"awards": chosen, "purse": read}


def part_two_figures(
    night: ClubNight,
    rules: standings.StandingsRules,
    results: Sequence[RoundResults],
    table: standings.Standings,
    *,
    after_round: int | None = None,
) -> dict[str, Any]:
    """The standings answer's ``awards`` and ``purse`` (docs/club.md §10, §14) over the rounds
    the standings ``table`` counts; ``{"awards": [], "purse": None}`` for a night with none.
    The night's matches are read (their summaries) only when an award rests on the hands."""
    settings = night.settings
    chosen = list(settings.get("awards") or [])
    # The tallies only for the awards that rest on the hands (they read each match's summary).
    wanted = any(a not in (*POINTS_AWARDS, LOW_TOTAL) for a in chosen)
    tallies = tallies_of(club_matches(night)) if wanted else ()
    won = night_awards(chosen, rules, results, table, tallies, after_round=after_round)
    stored = settings.get("purse")
    payout = None
    if stored is not None:
        # Checked at write time; read again here for its Decimals (the pot counts only who
        # played, so the stored night size is no bound: the largest count lets it through).
        purse = read_purse(stored, chosen, max(len(table.rows), 1) * 10**6)
        if purse is not None:
            payout = pay_purse(purse, table, won).as_json()
    return {"awards": [award.as_json() for award in won], "purse": payout}


@dataclass(frozen=True)
class ClubMatch:
    """A match of the night and where it was played: its round, table and the player number
    in each seat (the match's seat order)."""

    round: int
    table: int
    match: Match
    numbers: tuple[int, ...]


def club_matches(night: ClubNight) -> list[ClubMatch]:
    """Every match of the night with its round, table and seats' player numbers."""
    rounds = rounds_of(night)
    seats = seatings(night, rounds)
    matches = table_matches(rounds)
    return [
        ClubMatch(stored.number, table_no, match, tuple(by_seat[s] for s in sorted(by_seat)))
        for stored in rounds
        for table_no, by_seat in sorted(seats[stored.id].tables.items())
        if (match := matches[stored.id].get(table_no)) is not None
    ]


#: Per-process memo of a club match's summary by (match id, public id, version): a warm
#: standings read with counted awards parses nothing (docs/club.md §17's warm read).
SUMMARY_MEMO = 8192
_SUMMARIES: dict[tuple[int, str, int], MatchSummary] = {}


def _summaries(matches: Sequence[Match]) -> dict[int, MatchSummary]:
    """Each match's summary (by match id): from the memo, else the one kept for it at its
    version (one SELECT for them all), else replayed (not stored: a read writes nothing)."""
    found: dict[int, MatchSummary] = {}
    missing: list[Match] = []
    for match in matches:
        known = _SUMMARIES.get((match.id, match.public_id, match.version))
        if known is not None:
            found[match.id] = known
        else:
            missing.append(match)
    kept = (
        {
            row.match_id: row
            for row in db.session.scalars(
                sa.select(MatchSummaryRow).where(
                    MatchSummaryRow.match_id.in_([m.id for m in missing])
                )
            )
        }
        if missing
        else {}
    )
    for match in missing:
        row = kept.get(match.id)
        fresh = (
            row is not None
            and row.match_version == match.version
            and row.summary_version == SUMMARY_VERSION
        )
        summary = MatchSummary.from_json(row.summary) if fresh and row else summary_of(match)
        found[match.id] = _SUMMARIES[(match.id, match.public_id, match.version)] = summary
    while len(_SUMMARIES) > SUMMARY_MEMO:
        _SUMMARIES.pop(next(iter(_SUMMARIES)))
    return found


def tallies_of(matches: Sequence[ClubMatch]) -> tuple[TableTally, ...]:
    """What each match listed (docs/club.md §10.1), from its summary's counters: the listed
    meld and Pinnacolas of each side (a partnership's count for both partners), and the bids
    made by each bidder (his side is the holder). A summary keeps each bidder's highest bid
    made and how many he made, so a bidder's lower bids are counted, never shown."""
    summaries = _summaries([where.match for where in matches])
    return tuple(_tally(where, summaries[where.match.id]) for where in matches)


#: The listed melds of the awards (docs/club.md §10.1), by their meld ids.
LISTED_MELDS = ("double_pinochle", "double_aces", "double_run")


def _tally(where: ClubMatch, summary: MatchSummary) -> TableTally:
    number = dict(zip(where.match.players, where.numbers, strict=False))
    sides: list[tuple[tuple[int, ...], Figures]]
    if summary.teams:
        sides = [
            (tuple(number[n] for n in team), figures)
            for team, figures in zip(summary.teams, summary.by_team, strict=False)
        ]
    else:
        sides = [((number[n],), f) for n, f in summary.by_player.items() if n in number]
    counts: dict[str, dict[tuple[int, ...], int]] = {
        key: {} for key in (*LISTED_MELDS, "pinnacolas")
    }
    listed = 0
    for side, figures in sides:
        meld = figures.groups.get("meld") or {}
        closing = figures.groups.get("closing") or {}
        listed = max(listed, int(meld.get("listed", 0)), int(closing.get("listed", 0)))
        for key in LISTED_MELDS:
            if meld.get("melds", {}).get(key):
                counts[key][side] = int(meld["melds"][key])
        if closing.get("pinnacolas"):
            counts["pinnacolas"][side] = int(closing["pinnacolas"])
    side_of = {p: side for side, _ in sides for p in side}
    return TableTally(
        round=where.round,
        table=where.table,
        hands=summary.hands,
        listed=listed,
        double_pinochles=counts["double_pinochle"],
        double_aces=counts["double_aces"],
        double_runs=counts["double_run"],
        pinnacolas=counts["pinnacolas"],
        bids_made=_bids(summary, number, side_of),
    )


def _bids(
    summary: MatchSummary, number: Mapping[str, int], side_of: Mapping[int, tuple[int, ...]]
) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Each bid made at the table as (the bidder's side, bid): his best, then his others made
    (below it: they count toward what the award rests on)."""
    bids: list[tuple[tuple[int, ...], int]] = []
    for name, figures in summary.by_player.items():
        bidding = figures.groups.get("bidding") or {}
        if bidding.get("highest_made") is None or name not in number:
            continue
        side = side_of.get(number[name], (number[name],))
        bids.append((side, int(bidding["highest_made"])))
        bids += [(side, 0)] * max(0, sum(bidding.get("made", ())) - 1)
    return tuple(bids)
