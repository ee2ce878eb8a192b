"""The one place that reads and writes matches and groups: used by the JSON API and by the phone
pages, as ``from scorekeeper import service; service.add_hand(...)``.

A match is stored as its setup and its hands as entered; every score, total, winner and
dealer comes from replaying the hands through the variant's rules (:func:`state_of`).

One module per concern, each re-exported here:

- :mod:`.outcomes`: the refusals (:class:`ServiceError`, :class:`NotFound`,
  :class:`Unauthorized`, :class:`Forbidden`, :class:`Conflict`) and a write's :class:`Answer`
  and :class:`Written`;
- :mod:`.reading`: finding a match, checking an edit token (and what a token may do);
- :mod:`.replaying`: a match's state, through the per-process :mod:`.replay_cache`; stored
  hands the rules refuse;
- :mod:`.writing`: the write protocol (its steps, locks, idempotency keys, the sweep of expired
  keys) and :class:`~.writing.UnitOfWork`, the one transaction helper: the only module that
  commits, rolls back or locks a row (``tests/architecture/test_layering_service.py``);
- :mod:`.matches`: a match's use cases (create, rematch, add, correct, undo the last, finish,
  reopen);
- :mod:`.previewing`: the next hand as it would count, before it is saved (nothing stored);
- :mod:`.joining`: sharing the scoring (the scorekeeper links' codes, the joined phones' keys);
- ``groups/``: :mod:`.groups.roster` (a group and its roster), :mod:`.groups.placing` (a
  match played in a group), :mod:`.groups.almanac` (a group's summaries, history, records,
  money and ratings of a season), :mod:`.groups.payups` (the nights a group marked paid up,
  from which its settle-up counts);
- ``club/``, club nights (docs/club.md): :mod:`.club.body` (a night's body read, a preview),
  :mod:`.club.preview` (a preview's plan: its budget, the previews kept),
  :mod:`.club.setup` (create; the frame of a night write), :mod:`.club.edit` (draw again, a
  round by hand, re-plan, settings), :mod:`.club.rounds` (start, time, close, finish, codes),
  :mod:`.club.keys` (a card's code for a key, the keys a card holds),
  :mod:`.club.adjust` (adjustments), :mod:`.club.reading` (the night, its ETag, a table's round,
  a match's club place), :mod:`.club.standings` (its standings, from its matches' figures),
  :mod:`.club.limits` (a club match's end, §7.2).

Tests that change a module's setting patch it where it is read (e.g. ``service.groups.almanac``'s
``SUMMARY_REBUILD_HANDS``), not here.
"""

from __future__ import annotations

from ..rules.almanac.summary import SUMMARY_VERSION
from .club.adjust import AdjustmentView, add_adjustment, delete_adjustment
from .club.body import preview_schedule
from .club.common import check_host, is_host, night_by_id, night_to_read
from .club.desk import mark_printed, open_for_late_hand, printed_pages
from .club.edit import patch_night, put_round, redraw, replan
from .club.keys import MAX_KEYS_PER_CARD, exchange_code
from .club.limits import LimitView, match_limit_view
from .club.people import add_late_player, patch_player, substitute
from .club.reading import (
    ClubPlace,
    ClubSpot,
    NightView,
    TableNow,
    club_nights_by,
    club_of_match,
    club_spot_of,
    night_etag,
    night_view,
    table_now,
)
from .club.rounds import (
    call_time,
    check_table,
    close_round,
    finish_night,
    new_code,
    night_key_role,
    start_round,
)
from .club.setup import CreatedNight, create_club_night, printable_codes
from .club.standings import StandingsView, adjustment_views, adjustments_of, night_standings
from .groups.almanac import (
    SUMMARY_MEMO,
    SUMMARY_REBUILD_HANDS,
    GroupHistory,
    PlayedMatch,
    group_history,
    group_ledger,
    group_ratings,
    group_records,
    summary_of,
)
from .groups.payups import mark_paid, paid_nights, paid_through, unmark_paid
from .groups.placing import GroupPlace, add_match_to_group
from .groups.roster import (
    NIGHT_STARTS_HOUR,
    add_player,
    check_group_token,
    create_group,
    get_group,
    group_match_count,
    group_matches,
    group_of,
    group_seats,
    group_to_read,
    groups_by_public_ids,
    match_counts,
    merge_player,
    night_of,
    player_roots,
    rename_player,
    renames,
    replace_group_token,
    roster,
)
from .idempotency import IDEMPOTENCY_DAYS, MAX_IDEMPOTENCY_KEY, SWEEP_EVERY, remembered
from .joining import (
    JOIN_CODE_MINUTES,
    MAX_JOIN_CODES,
    Joined,
    Scorer,
    ShareRights,
    join,
    make_join_code,
    remove_scorer,
    scorers,
    share_rights,
    withdraw_join_codes,
)
from .matches import (
    MAX_HANDS,
    add_hand,
    build_match,
    create_match,
    delete_last_hand,
    finish_match,
    rematch,
    reopen_match,
    replace_hand,
)
from .outcomes import (
    Answer,
    Busy,
    Conflict,
    Forbidden,
    NotFound,
    Respond,
    ServiceError,
    Unauthorized,
    Written,
)
from .previewing import preview_correction, preview_hand
from .reading import (
    PUBLIC_ID,
    Role,
    check_edit_token,
    check_token,
    get_match,
    hash_token,
    token_role,
    version_of,
)
from .replaying import (
    hand_count,
    memo,
    per_hand,
    settlement,
    setup_of,
    state_of,
    stored_match,
)
from .writing import Checked

__all__ = [
    "AdjustmentView",
    "ClubPlace",
    "ClubSpot",
    "CreatedNight",
    "LimitView",
    "NightView",
    "StandingsView",
    "TableNow",
    "add_adjustment",
    "add_late_player",
    "patch_player",
    "remembered",
    "substitute",
    "adjustment_views",
    "adjustments_of",
    "build_match",
    "call_time",
    "check_table",
    "check_host",
    "close_round",
    "club_nights_by",
    "club_of_match",
    "club_spot_of",
    "create_club_night",
    "delete_adjustment",
    "exchange_code",
    "MAX_KEYS_PER_CARD",
    "finish_night",
    "is_host",
    "match_limit_view",
    "new_code",
    "night_by_id",
    "night_etag",
    "night_key_role",
    "night_standings",
    "night_to_read",
    "night_view",
    "patch_night",
    "preview_schedule",
    "printable_codes",
    "put_round",
    "redraw",
    "replan",
    "start_round",
    "table_now",
    "token_role",
    "scorers",
    "remove_scorer",
    "check_edit_token",
    "Scorer",
    "ShareRights",
    "share_rights",
    "Role",
    "Forbidden",
    "IDEMPOTENCY_DAYS",
    "JOIN_CODE_MINUTES",
    "MAX_HANDS",
    "MAX_IDEMPOTENCY_KEY",
    "MAX_JOIN_CODES",
    "NIGHT_STARTS_HOUR",
    "PUBLIC_ID",
    "SUMMARY_MEMO",
    "SUMMARY_REBUILD_HANDS",
    "SUMMARY_VERSION",
    "SWEEP_EVERY",
    "Answer",
    "Busy",
    "Checked",
    "Conflict",
    "GroupHistory",
    "GroupPlace",
    "Joined",
    "NotFound",
    "PlayedMatch",
    "Respond",
    "ServiceError",
    "Unauthorized",
    "Written",
    "add_hand",
    "preview_hand",
    "preview_correction",
    "add_match_to_group",
    "mark_paid",
    "paid_nights",
    "paid_through",
    "unmark_paid",
    "add_player",
    "check_group_token",
    "check_token",
    "create_group",
    "create_match",
    "delete_last_hand",
    "finish_match",
    "get_group",
    "get_match",
    "group_history",
    "group_ledger",
    "group_match_count",
    "group_matches",
    "group_of",
    "group_ratings",
    "group_records",
    "group_seats",
    "group_to_read",
    "groups_by_public_ids",
    "hand_count",
    "hash_token",
    "join",
    "make_join_code",
    "memo",
    "merge_player",
    "night_of",
    "per_hand",
    "match_counts",
    "player_roots",
    "rematch",
    "reopen_match",
    "rename_player",
    "renames",
    "replace_group_token",
    "replace_hand",
    "roster",
    "settlement",
    "setup_of",
    "state_of",
    "stored_match",
    "summary_of",
    "version_of",
    "withdraw_join_codes",
    "mark_printed",
    "open_for_late_hand",
    "printed_pages",
]
