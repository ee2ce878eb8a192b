"""Scoring a Pinnacola deal (*smazzata*, docs/rules.md §3): the checks of a closing and of a
Pinnacolone, each side's table minus its hand, the closing bonus and the no-meld penalty.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ...core.cards import Card
from ...core.errors import RuleError
from ...core.facts import CLOSED, PINNACOLONE, STALLED, Closing, DealSide
from ...core.readers import as_object, check_keys, side_map
from ...core.text import Note, note
from .cards import check_deck
from .entry import SideDeal, read_ending, read_side
from .melds import PINNACOLONE_13_CARDS, PINNACOLONE_ACE_TO_KING, PINNACOLONE_POINTS

# --- Numbers of a deal (seed 001; docs/rules.md §3) -----------------------------------------------

#: Seed 001: "100 punti a chi chiude, 200 se chiude in mano".
CLOSE_BONUS = 100
CLOSE_IN_MANO_BONUS = 200
#: Seed 001: "La squadra che non ha calato giochi sul campo ... penalizzazione di -100 punti".
NO_MELD_PENALTY = 100


@dataclass(frozen=True)
class Deal:
    """A scored deal."""

    #: Points per side for this deal.
    scores: dict[str, int]
    #: ``"closed"``, ``"pinnacolone"`` or ``"stalled"``.
    ending: str
    #: The side that closed, or that laid the Pinnacolone.
    side: str | None
    in_mano: bool
    notes: tuple[Note, ...]
    #: Each side whose table was given as cards, with its Pinnacolas.
    pinnacolas: tuple[tuple[str, int], ...] = ()
    #: Each side's table and hand points, as read.
    split: tuple[DealSide, ...] = ()

    @property
    def closing(self) -> Closing:
        """How the deal ended, as the hand's facts say it."""
        return Closing(self.ending, self.side, self.in_mano, self.pinnacolas)


def score_deal(
    entry: object,
    sides: Sequence[str],
    *,
    pinelle: bool = True,
    joker_sets: bool = False,
    stall: str = "score",
    teams: bool = False,
    pinnacolone_rule: str = PINNACOLONE_13_CARDS,
) -> Deal:
    """Read and score one deal (docs/rules.md §3; the hand body of docs/api.md).

    Each side scores its table minus its hand; +100 to the side that closed, +200 instead if it
    closed in mano; -100 to a side that laid no meld (stalled deals included). A Pinnacolone
    gives no closing bonus and wins the match. ``stall="void"`` scores a stalled deal 0 for all.
    ``teams``: sides are partnerships, so the closer's partner may still hold cards.
    ``pinelle``, ``joker_sets`` and ``pinnacolone_rule`` (option ``pinnacolone``): the match
    options that melds given as cards are read with.
    """
    body = as_object(entry, "_")
    check_keys(
        body,
        ("sides", "closed_by", "in_mano", "pinnacolone", "stalled"),
        required=("sides",),
    )
    raw_sides = side_map(body["sides"], "sides", sides)
    read: dict[str, SideDeal] = {}
    all_cards: list[tuple[Card, str]] = []
    for side in sides:
        read[side], cards = read_side(
            raw_sides[side],
            f"sides.{side}",
            pinelle=pinelle,
            joker_sets=joker_sets,
            pinnacolone=pinnacolone_rule,
        )
        all_cards += cards
    check_deck(all_cards)

    closed_by, pinnacolone, stalled, in_mano = read_ending(body, sides)
    for side in sides:
        _check_pinnacolone(side, read[side], pinnacolone, pinnacolone_rule)
        if side == closed_by:
            _check_closer(side, read[side], teams=teams)

    listed = tuple((side, n) for side in sides if (n := read[side].pinnacolas) is not None)
    split = tuple(DealSide(side, read[side].table, read[side].hand) for side in sides)
    if stalled and stall == "void":
        return Deal(
            {side: 0 for side in sides},
            STALLED,
            None,
            False,
            (note("stalled deal: void (scores 0 for all)"),),
            listed,
            split,
        )
    scores, notes = _score_sides(read, closed_by, in_mano)
    if pinnacolone is not None:
        notes.insert(0, note("{side} laid a Pinnacolone and wins the match", side=pinnacolone))
        return Deal(scores, PINNACOLONE, pinnacolone, False, tuple(notes), listed, split)
    if stalled:
        notes.insert(0, note("stalled deal: no closing bonus"))
        return Deal(scores, STALLED, None, False, tuple(notes), listed, split)
    return Deal(scores, CLOSED, closed_by, in_mano, tuple(notes), listed, split)


def _check_pinnacolone(
    side: str, deal: SideDeal, pinnacolone: str | None, rule: str = PINNACOLONE_13_CARDS
) -> None:
    """A Pinnacolone on a side's table ends the deal, so it must be the one named, and the side
    named must hold one (when its table is given as cards) worth at least its 1500."""
    table_path = f"sides.{side}.table"
    if deal.has_pinnacolone and side != pinnacolone:
        raise RuleError(
            "pinnacolone",
            "{side} laid a Pinnacolone: the deal ended with it",
            code="pinnacolone_not_named",
            side=side,
        )
    if side != pinnacolone:
        return
    # ``None``: the table was given as points, so there are no cards to look for it in.
    if deal.has_pinnacolone is False:
        if rule == PINNACOLONE_ACE_TO_KING:
            raise RuleError(
                table_path,
                "holds no Pinnacolone (a clean run from the ace to the king)",
                code="no_pinnacolone",
            )
        raise RuleError(
            table_path, "holds no Pinnacolone (a clean run of 13)", code="no_pinnacolone"
        )
    if deal.table < PINNACOLONE_POINTS:
        raise RuleError(
            table_path,
            "a side that laid a Pinnacolone has at least {least} on the table",
            code="too_small",
            least=PINNACOLONE_POINTS,
        )


def _check_closer(side: str, deal: SideDeal, *, teams: bool) -> None:
    """The side that closed has melds on the table and, playing alone, no cards left."""
    if not deal.laid_meld:
        raise RuleError(
            f"sides.{side}.table",
            "a side that closed has melds on the table",
            code="closer_no_meld",
        )
    if not teams and deal.hand:
        # In teams the closer's partner may still hold cards (docs/rules.md §3).
        raise RuleError(
            f"sides.{side}.hand",
            "the player who closed has no cards left",
            code="closer_hand",
        )


def _score_sides(
    read: Mapping[str, SideDeal], closed_by: str | None, in_mano: bool
) -> tuple[dict[str, int], list[Note]]:
    """Every side's table minus its hand, the closing bonus and the no-meld penalty, with the
    notes that explain them."""
    scores: dict[str, int] = {}
    notes: list[Note] = []
    for side, deal in read.items():
        score = deal.table - deal.hand
        if side == closed_by:
            bonus = CLOSE_IN_MANO_BONUS if in_mano else CLOSE_BONUS
            score += bonus
            if in_mano:
                notes.append(note("{side} closed in mano: +{bonus}", side=side, bonus=bonus))
            else:
                notes.append(note("{side} closed: +{bonus}", side=side, bonus=bonus))
        if not deal.laid_meld:
            score -= NO_MELD_PENALTY
            notes.append(
                note("{side} laid no meld: -{penalty}", side=side, penalty=NO_MELD_PENALTY)
            )
        scores[side] = score
    return scores, notes
