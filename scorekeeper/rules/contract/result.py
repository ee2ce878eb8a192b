"""A hand's result as it will count, one line per side, for the hand form's preview before Save
(issue 26, item 4): "Ben & Dee made 330: +330", "Ana & Cruz set: -320", "Ana: +130".

Read from the :class:`~scorekeeper.rules.core.match.HandResult` the rules made of the entry (its
scores or payments and its facts): nothing is counted here, so the preview says exactly what
Save will store. The notes that only repeat how the contract ended are left to the line
(:func:`other_notes`).

>>> from ..games.registry import find_variant
>>> variant = find_variant("partnership-auction")
>>> teams = [{"name": "Ana & Cruz", "players": ["Ana", "Cruz"]},
...          {"name": "Ben & Dee", "players": ["Ben", "Dee"]}]
>>> setup = variant.setup(["Ana", "Ben", "Cruz", "Dee"], teams)
>>> us, them = setup.sides
>>> entry = {"bidder": "Ben", "bid": 300, "trump": "spades", "meld": {us: 40, them: 210},
...          "tricks": {us: 130, them: 120}}
>>> hand = variant.play(setup, [entry]).hands[0]
>>> [str(line) for line in result_lines(hand, setup)]
['Ana & Cruz: +170', 'Ben & Dee made 330: +330']
>>> set_entry = {**entry, "bid": 340}
>>> hand = variant.play(setup, [set_entry]).hands[0]
>>> [str(line) for line in result_lines(hand, setup)]
['Ana & Cruz: +170', 'Ben & Dee set: -340']
>>> other_notes(hand)
()
"""

from __future__ import annotations

from typing import Final

from ..core.facts import CONCEDED, MADE, SET, THROWN_IN
from ..core.match import HandResult, Setup
from ..core.names import KITTY
from ..core.text import N_, Note, note

#: The bidding side's line, by how its contract ended.
MADE_LINE: Final = N_("{side} made {points}: {score}")
MADE_BID_LINE: Final = N_("{side} made the bid: {score}")
SET_LINE: Final = N_("{side} set: {score}")
CONCEDED_LINE: Final = N_("{side} conceded: {score}")
THROWN_IN_LINE: Final = N_("{side} threw in: {score}")
#: Any other side's line, and the kitty's (auction in units).
SIDE_LINE: Final = N_("{side}: {score}")
KITTY_LINE: Final = N_("the kitty: {score}")

#: The notes the rules give a hand that say only how its contract ended: the line says it.
OUTCOME_NOTES: Final = frozenset(
    {
        "{side} made {bid}",
        "{side} set: -{bid}",
        "{side} conceded: -{bid}",
        "{bidder} made {bid} with {reached}",
        "{bidder} was set on {bid} with {reached}",
        "{bidder} conceded {bid} with {reached}",
        "{bidder} made {bid} in {trump}",
        "{bidder} was set on {bid} in {trump}",
        "{bidder} conceded {bid} in {trump}",
    }
)


def signed(points: int) -> str:
    """A hand's points as they go on the total: ``+330``, ``-320``, ``0``.

    >>> signed(330), signed(-320), signed(0)
    ('+330', '-320', '0')
    """
    return f"{points:+d}" if points else "0"


def result_lines(hand: HandResult, setup: Setup) -> tuple[Note, ...]:
    """One line per side of ``hand`` (in the order of its scores), the bidding side's saying
    how its contract ended; the kitty's last, where it takes or pays."""
    numbers = hand.scores if hand.scores is not None else hand.payments
    if not numbers:
        return ()
    contract = hand.facts.contract
    bidders = setup.side_of(contract.bidder) if contract is not None else None
    lines: list[Note] = []
    for side, points in numbers.items():
        score = signed(points)
        if side == KITTY:
            if points:
                lines.append(note(KITTY_LINE, score=score))
        elif contract is not None and side == bidders:
            lines.append(_contract_line(hand, side, contract.outcome, score))
        else:
            lines.append(note(SIDE_LINE, side=side, score=score))
    return tuple(lines)


def _contract_line(hand: HandResult, side: str, outcome: str, score: str) -> Note:
    if outcome == MADE:
        reached = _reached(hand, side)
        if reached is None:
            return note(MADE_BID_LINE, side=side, score=score)
        return note(MADE_LINE, side=side, points=reached, score=score)
    template = {SET: SET_LINE, CONCEDED: CONCEDED_LINE, THROWN_IN: THROWN_IN_LINE}.get(
        outcome, SIDE_LINE
    )
    return note(template, side=side, score=score)


def _reached(hand: HandResult, side: str) -> int | None:
    """The points a side that made its bid reached: its score in points (what it counted,
    a meld lost without a trick left out); in units the bidder's meld and tricks where they
    were entered, else ``None``."""
    facts = hand.facts
    if hand.scores is not None:
        return hand.scores[side]
    tricks = [t.points for t in facts.tricks if t.side == side]
    if not tricks:
        return None
    return sum(m.points for m in facts.meld if m.holder == side) + sum(tricks)


def other_notes(hand: HandResult) -> tuple[Note, ...]:
    """The hand's notes but those that only say how its contract ended (a meld lost without a
    trick, the target reached, a raised target stay)."""
    return tuple(n for n in hand.notes if n.template not in OUTCOME_NOTES)
