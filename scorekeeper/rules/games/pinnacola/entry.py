"""Reading a Pinnacola deal's entry (docs/rules.md §3; the hand body of docs/api.md): one side's
table and hand, as points or as cards, and how the deal ended.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ...core.cards import Card
from ...core.errors import RuleError, join_path
from ...core.readers import as_bool, as_int, as_object, as_side, check_keys
from .cards import card_value, read_cards
from .melds import PINNACOLONE_13_CARDS, value_meld

#: Every score in Pinnacola is a sum of card values, all multiples of 5.
POINT_STEP = 5


@dataclass(frozen=True)
class SideDeal:
    """One side's part of a deal, as read from the entry."""

    #: Points of its melds on the table (the 1500 of a Pinnacolone included).
    table: int
    #: Points of the cards left in its players' hands.
    hand: int
    #: Whether it laid at least one meld in the deal.
    laid_meld: bool
    #: Whether its table, given as cards, holds a Pinnacolone (``None``: given as points).
    has_pinnacolone: bool | None = None
    #: The Pinnacolas (clean runs of 7 to 12) of its table given as cards (``None``: points).
    pinnacolas: int | None = None


def read_side(
    value: object,
    path: str,
    *,
    pinelle: bool = True,
    joker_sets: bool = False,
    pinnacolone: str = PINNACOLONE_13_CARDS,
) -> tuple[SideDeal, list[tuple[Card, str]]]:
    """One side's ``{"table": ..., "hand": ...}``: each points (a multiple of 5, not negative) or
    cards (``table``: a list of melds, valued with ``pinelle``, ``joker_sets`` and
    ``pinnacolone``). Returns the side and the cards read, with their paths, for the deck check
    of the whole deal."""
    entry = as_object(value, path)
    check_keys(entry, ("table", "hand"), path, required=("table", "hand"))
    table_path, hand_path = join_path(path, "table"), join_path(path, "hand")
    cards: list[tuple[Card, str]] = []
    has_pinnacolone: bool | None = None
    pinnacolas: int | None = None
    raw_table = entry["table"]
    if isinstance(raw_table, list):
        table = 0
        has_pinnacolone = False
        pinnacolas = 0
        for i, raw_meld in enumerate(raw_table):
            meld_path = join_path(table_path, i)
            meld = value_meld(
                raw_meld,
                pinelle=pinelle,
                joker_sets=joker_sets,
                pinnacolone=pinnacolone,
                path=meld_path,
            )
            table += meld.points
            has_pinnacolone = has_pinnacolone or meld.pinnacolone
            pinnacolas += meld.pinnacola and not meld.pinnacolone
            cards += [(card, join_path(meld_path, j)) for j, card in enumerate(meld.cards)]
        laid_meld = bool(raw_table)
    else:
        table = _read_points(raw_table, table_path, "a list of melds")
        # Points entered directly say nothing more: a side with 0 on the table is taken to have
        # laid no meld (every meld is worth at least 15), so it gets the -100 of seed 001.
        laid_meld = table > 0
    raw_hand = entry["hand"]
    if isinstance(raw_hand, list):
        read = read_cards(raw_hand, hand_path, pinelle=pinelle)
        cards += read
        hand = sum(card_value(card, pinelle=pinelle) for card, _ in read)
    else:
        hand = _read_points(raw_hand, hand_path, "a list of cards")
    return SideDeal(table, hand, laid_meld, has_pinnacolone, pinnacolas), cards


def _read_points(value: object, path: str, or_cards: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise RuleError(
            path,
            "must be points (a multiple of 5) or {or_cards}",
            code="bad_points",
            or_cards=or_cards,
        )
    points = as_int(value, path, low=0)
    if points % POINT_STEP:
        raise RuleError(path, "must be a multiple of {step}", code="not_multiple", step=POINT_STEP)
    return points


def read_ending(
    body: Mapping[str, Any], sides: Sequence[str]
) -> tuple[str | None, str | None, bool, bool]:
    """How the deal ended: ``closed_by``, ``pinnacolone``, ``stalled`` (exactly one of them)
    and ``in_mano`` (only with ``closed_by``)."""
    closed_by = _optional_side(body.get("closed_by"), "closed_by", sides)
    pinnacolone = _optional_side(body.get("pinnacolone"), "pinnacolone", sides)
    stalled = as_bool(body.get("stalled", False), "stalled")
    in_mano = as_bool(body.get("in_mano", False), "in_mano")
    endings = [
        name
        for name, given in (
            ("closed_by", closed_by is not None),
            ("pinnacolone", pinnacolone is not None),
            ("stalled", stalled),
        )
        if given
    ]
    if not endings:
        raise RuleError(
            "_",
            "say how the deal ended: closed_by, pinnacolone or stalled",
            code="no_ending",
        )
    if len(endings) > 1:
        raise RuleError(
            endings[1],
            "a deal ends in one way only: {first} or {second}, not both",
            code="two_endings",
            first=endings[0],
            second=endings[1],
        )
    if in_mano and closed_by is None:
        raise RuleError("in_mano", "only a side that closed can close in mano", code="no_closer")
    return closed_by, pinnacolone, stalled, in_mano


def _optional_side(value: object, path: str, sides: Sequence[str]) -> str | None:
    return None if value is None else as_side(value, path, sides)
