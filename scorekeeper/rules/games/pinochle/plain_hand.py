"""Reading a hand of the plain pinochle forms (``pinochle-2/3/4``, docs/api.md): meld, tricks,
whether a trick was taken and a declaration out, per side or, under ``saving_trick: player``
(:data:`SAVING_TRICK_OPTION`, docs/rules.md §1), meld and "took a trick" per player.

The forms are in :mod:`.plain_forms`, their replay in :mod:`.plain`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ...core.errors import RuleError, join_path
from ...core.match import Setup
from ...core.options import SCORING_GROUP, OptionSpec, choice
from ...core.readers import as_bool, as_object, as_side, check_keys, side_map
from .melds import (
    EXTEND,
    NEW_CARDS,
    counting_of,
    read_melds,
    read_melds_by_player,
    read_took_trick,
    read_tricks,
)

#: ``saving_trick`` (``pinochle-4`` with partners, docs/rules.md §1): a side's trick saves both
#: partners' meld (Bicycle), or each player's meld needs his own trick (seed 004).
SIDE = "side"
PLAYER = "player"
SAVING_TRICK_OPTION = OptionSpec(
    "saving_trick",
    SIDE,
    choice(SIDE, PLAYER),
    "Meld counts when the partners took a trick, or only for a player who took one himself",
    group=SCORING_GROUP,
)


def needs_new_cards(options: Mapping[str, Any]) -> bool:
    """Whether a double meld needs new cards in two-handed play (``meld_reuse``,
    docs/rules.md §1). A match stored without the option predates it: it melds as before
    (``extend``)."""
    return bool(options.get("meld_reuse", EXTEND) == NEW_CARDS)


def meld_by_player(setup: Setup) -> bool:
    """Whether meld and "took a trick" are entered per player (``saving_trick: player``)."""
    return bool(setup.teams) and setup.options.get("saving_trick", SIDE) == PLAYER


@dataclass(frozen=True)
class PlainHand:
    """A hand of the plain forms as read: meld and whether a trick was taken per holder (a
    side, or a player under ``saving_trick: player``), tricks per side."""

    meld: dict[str, int]
    tricks: dict[str, int]
    took_trick: dict[str, bool]
    declared_out: str | None
    #: Who reneged (seed 004: did not take a trick he had to take), where the match has the
    #: rule (``renege``, two-handed play).
    renege: str | None = None


def read_plain_hand(
    raw: object,
    setup: Setup,
    sides: tuple[str, ...],
    *,
    all_at_once: bool,
    new_cards: bool,
    declare_out: bool,
    renege: bool = False,
) -> PlainHand:
    """Read a ``pinochle-2/3/4`` hand body (docs/api.md): ``meld``, ``tricks``, optional
    ``took_trick``, ``declared_out`` and (``renege``: the match scores it) ``renege``; meld and
    ``took_trick`` keyed by player under ``saving_trick: player`` (docs/rules.md §1)."""
    options = setup.options
    entry = as_object(raw, "")
    check_keys(
        entry,
        ("meld", "tricks", "took_trick", "declared_out", "renege"),
        required=("meld", "tricks"),
    )
    reneger: str | None = None
    if entry.get("renege") is not None:
        if not renege:
            raise RuleError("renege", "a renege is not scored in this match", code="not_allowed")
        reneger = as_side(entry["renege"], "renege", sides)
    declarer: str | None = None
    if entry.get("declared_out") is not None:
        if not declare_out:
            raise RuleError(
                "declared_out", "declaring out is not played in this match", code="not_allowed"
            )
        declarer = as_side(entry["declared_out"], "declared_out", sides)
    if meld_by_player(setup):
        teams = {team.name: team.players for team in setup.teams}
        meld = read_melds_by_player(entry["meld"], "meld", teams, options)
    else:
        meld = read_melds(
            entry["meld"], "meld", sides, options, all_at_once=all_at_once, new_cards=new_cards
        )
    # A hand stopped by declaring out has not dealt out all its trick points (docs/api.md).
    tricks = read_tricks(
        entry["tricks"], "tricks", sides, counting_of(options), complete=declarer is None
    )
    if meld_by_player(setup):
        took = _read_took_trick_by_player(entry.get("took_trick"), setup, tricks, meld)
    else:
        took = read_took_trick(entry.get("took_trick"), "took_trick", sides, tricks)
    return PlainHand(meld, tricks, took, declarer, reneger)


def _read_took_trick_by_player(
    value: object, setup: Setup, tricks: Mapping[str, int], meld: Mapping[str, int]
) -> dict[str, bool]:
    """``took_trick`` keyed by player (``saving_trick: player``, docs/rules.md §1, §5): it must
    name every player whose meld is not 0; a side with trick points cannot have both players
    take no trick. A player left out has no meld to save (``False``)."""
    path = "took_trick"
    mapping: Mapping[str, Any] = (
        {} if value is None else side_map(value, path, setup.players, required=False)
    )
    took: dict[str, bool] = {}
    for team in setup.teams:
        for player in team.players:
            player_path = join_path(path, player)
            if player in mapping:
                took[player] = as_bool(mapping[player], player_path)
            elif meld[player]:
                raise RuleError(
                    player_path,
                    "is required: say whether {player} took a trick, to save his meld",
                    code="required",
                    player=player,
                )
            else:
                took[player] = False
        given = [player for player in team.players if player in mapping]
        if (
            tricks[team.name] > 0
            and len(given) == len(team.players)
            and not any(took[player] for player in given)
        ):
            raise RuleError(
                join_path(path, given[-1]),
                "cannot be false for both partners: {side} has {points} trick points",
                code="inconsistent",
                side=team.name,
                points=tricks[team.name],
            )
    return took
