"""What each side's points in the list of hands were made of (issue 26, item 4): "meld 150 +
tricks 160 = 310" (each partner's meld where it was entered per player), "table 385 − hand 45"
of a Pinnacola deal. A meld of 190 typed for a 150 run shows in the list, without opening the
hand's correction.

Read from the hand's frozen facts (:class:`~scorekeeper.rules.core.facts.HandFacts`), never from its
entry; nothing is counted here but the sum of the parts shown, to say "=" only where the parts
make the side's score (a meld lost without a trick, a set bid or a closing bonus make it
differ: the hand's notes say why).
"""

from __future__ import annotations

from dataclasses import dataclass

from flask_babel import gettext as _

from ..i18n import number
from ..rules import HandResult
from ..rules.games.table import Layout


@dataclass(frozen=True)
class Parts:
    """One side's parts of a hand's points: the line, and whether they add up to its score."""

    text: str
    adds_up: bool


def _side_of(holder: str, sides: tuple[str, ...], table: Layout) -> str:
    """The side a meld's holder scores for: himself, else the team he plays in."""
    if holder in sides:
        return holder
    for side, players in (
        *zip(table.sides, table.side_players, strict=False),
        *zip(table.sides, table.members, strict=False),
    ):
        if holder in players:
            return side
    return holder


def hand_parts(hand: HandResult, table: Layout) -> dict[str, Parts]:
    """Each side's parts of ``hand`` (sides without any are left out)."""
    numbers = hand.scores if hand.scores is not None else hand.payments
    if not numbers:
        return {}
    sides = tuple(numbers)
    facts = hand.facts
    terms: dict[str, list[tuple[str, int]]] = {}
    for meld in facts.meld:
        side = _side_of(meld.holder, sides, table)
        if meld.holder == side:
            text = _("meld %(points)s", points=number(meld.points))
        else:
            text = _("%(player)s meld %(points)s", player=meld.holder, points=number(meld.points))
        terms.setdefault(side, []).append((text, meld.points))
    for tricks in facts.tricks:
        side = _side_of(tricks.side, sides, table)
        text = _("tricks %(points)s", points=number(tricks.points))
        terms.setdefault(side, []).append((text, tricks.points))
    for deal in facts.deal:
        terms.setdefault(deal.side, []).extend(
            [
                (_("table %(points)s", points=number(deal.table)), deal.table),
                ("− " + _("hand %(points)s", points=number(deal.hand)), -deal.hand),
            ]
        )
    parts: dict[str, Parts] = {}
    for side, items in terms.items():
        text = ""
        for i, (term, _points) in enumerate(items):
            joiner = "" if i == 0 else (" " if term.startswith("− ") else " + ")
            text += joiner + term
        score = numbers.get(side)
        adds_up = hand.scores is not None and score == sum(points for _term, points in items)
        parts[side] = Parts(text, adds_up)
    return parts
