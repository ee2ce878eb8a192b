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
  commits, rolls back or locks a row (``tests/test_layering_service.py``);
- :mod:`.matches`: a match's use cases (create, rematch, add, correct, undo the last, finish,
  reopen);
- :mod:`.previewing`: the next hand as it would count, before it is saved (nothing stored);
- :mod:`.joining`: sharing the scoring (the scorekeeper links' codes, the joined phones' keys);
- :mod:`.groups`: a group and its roster; :mod:`.placing`: a match played in a group;
- :mod:`.almanac`: a group's summaries, history, records, money and ratings (of a season);
- :mod:`.payups`: the nights a group marked paid up, from which its settle-up counts.

Tests that change a module's setting patch it where it is read (e.g. ``service.almanac``'s
``SUMMARY_REBUILD_HANDS``), not here.
"""

from __future__ import annotations

from ..rules.summary import SUMMARY_VERSION
from .almanac import (
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
from .groups import (
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
from .joining import (
    JOIN_CODE_MINUTES,
    MAX_JOIN_CODES,
    Joined,
    Scorer,
    join,
    make_join_code,
    remove_scorer,
    scorers,
    withdraw_join_codes,
)
from .matches import (
    MAX_HANDS,
    add_hand,
    create_match,
    delete_last_hand,
    finish_match,
    rematch,
    reopen_match,
    replace_hand,
)
from .outcomes import (
    Answer,
    Conflict,
    Forbidden,
    NotFound,
    Respond,
    ServiceError,
    Unauthorized,
    Written,
)
from .payups import mark_paid, paid_nights, paid_through, unmark_paid
from .placing import GroupPlace, add_match_to_group
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
from .replaying import hand_count, memo, per_hand, settlement, setup_of, sitting_out, state_of
from .writing import IDEMPOTENCY_DAYS, MAX_IDEMPOTENCY_KEY, SWEEP_EVERY, Checked

__all__ = [
    "token_role",
    "scorers",
    "remove_scorer",
    "check_edit_token",
    "Scorer",
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
    "sitting_out",
    "state_of",
    "summary_of",
    "version_of",
    "withdraw_join_codes",
]
