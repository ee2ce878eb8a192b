"""When a club night's match is over (docs/club.md §7.2): pure, computed on every read from the
hands' running totals, so an undo or a correction reopens or ends the match by the same rule.

A club match is over at the first of: its rules end it; it has ``hand_limit`` hands (with
``extra_on_tie``: the first later hand that leaves the sides not level); time was called with
``h`` hands stored and it has ``h + 1``; the table or the host ended it (or the round closed,
which ends it as ``finish`` does: ``finished``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

#: Why a match is over (:attr:`Limit.reason`).
RULES, HANDS, TIE, TIME, ENDED = "rules", "hands", "tie", "time", "ended"


@dataclass(frozen=True, slots=True)
class Limit:
    """A club match's end as §7.2 reads it."""

    #: No hand may be added.
    over: bool
    #: The hand number after which the match is (or will be) over, when known; else ``None``.
    over_after: int | None
    #: What ended it (:data:`RULES` ...), ``None`` while it is not over.
    reason: str | None
    #: The round result's winner (§9.1): the side index the rules ended it with, else the side
    #: alone on top by totals; ``None`` on a draw (or with no hand).
    winner: int | None
    #: What the next hand is, for the match page (``None`` when nothing is to say):
    #: ``("hand_of", hand, limit)``, ``("tie_break", hand, limit)``, ``("last_hand", hand, 0)``.
    note: tuple[str, int, int] | None


def level(totals: Sequence[int]) -> bool:
    """Level sides (§7.2): two sides with equal totals; three or more with the highest shared.

    >>> level([1000, 1000]), level([1000, 990]), level([5, 5, 1]), level([5, 1, 1])
    (True, False, True, False)
    """
    if not totals:
        return False
    top = max(totals)
    return sum(1 for total in totals if total == top) > 1


def top_side(totals: Sequence[int]) -> int | None:
    """The side alone on top, or ``None`` when the top is shared.

    >>> top_side([10, 30, 20]), top_side([30, 30, 20])
    (1, None)
    """
    if not totals or level(totals):
        return None
    return max(range(len(totals)), key=lambda i: totals[i])


def _hand_limit(
    totals_after: Sequence[Sequence[int]], hand_limit: int | None, extra_on_tie: bool
) -> tuple[int | None, tuple[int, str] | None]:
    """Rule 2 of §7.2: the hand after which the limit ends the match (or, while level after
    the limit, the next one) and, once it did, (that hand, why).

    >>> _hand_limit([[1, 1]] * 3, 2, True), _hand_limit([[1, 1], [1, 2]], 1, True)
    ((4, None), (2, (2, 'tie')))
    """
    count = len(totals_after)
    if hand_limit is None:
        return None, None
    if not extra_on_tie or count < hand_limit:
        return hand_limit, ((hand_limit, HANDS) if count >= hand_limit else None)
    for k in range(hand_limit, count + 1):
        if not level(totals_after[k - 1]):
            return k, (k, HANDS if k == hand_limit else TIE)
    return count + 1, None  # the next hand ends it if it breaks the tie


def club_limit(
    totals_after: Sequence[Sequence[int]],
    *,
    hand_limit: int | None,
    extra_on_tie: bool,
    time_hands: int | None,
    finished: bool,
    rules_winner: int | None = None,
    rules_ended: bool = False,
) -> Limit:
    """The §7.2 end of a match whose sides' running totals after each hand are
    ``totals_after`` (one row per hand, sides in the match's order). ``rules_ended``: the
    rules ended it (``rules_winner``: the side they named, if any); ``finished``: the table,
    the host or the round's close ended it.

    docs/club.md §19 case 29 (8 hands, ``extra-hand``; hand 8 at 1000-1000):

    >>> tied = [[100 * i, 100 * i] for i in range(1, 9)]
    >>> club_limit(tied, hand_limit=8, extra_on_tie=True, time_hands=None, finished=False)
    Limit(over=False, over_after=9, reason=None, winner=None, note=('tie_break', 9, 8))
    >>> done = tied + [[1120, 1130]]
    >>> club_limit(done, hand_limit=8, extra_on_tie=True, time_hands=None, finished=False)
    Limit(over=True, over_after=9, reason='tie', winner=1, note=None)

    With ``tie: "draw"`` the match is over after hand 8, a draw:

    >>> club_limit(tied, hand_limit=8, extra_on_tie=False, time_hands=None, finished=False)
    Limit(over=True, over_after=8, reason='hands', winner=None, note=None)
    >>> club_limit(tied[:5], hand_limit=8, extra_on_tie=False, time_hands=None, finished=False)
    Limit(over=False, over_after=8, reason=None, winner=None, note=('hand_of', 6, 8))

    Case 30: time called with 5 hands stored: a 6th, then over; with 0 hands, one:

    >>> five = [[10, 0]] * 5
    >>> club_limit(five, hand_limit=None, extra_on_tie=False, time_hands=5, finished=False)
    Limit(over=False, over_after=6, reason=None, winner=0, note=('last_hand', 6, 0))
    >>> club_limit(five + [[10, 20]], hand_limit=None, extra_on_tie=False, time_hands=5,
    ...            finished=False).over
    True
    >>> club_limit([], hand_limit=None, extra_on_tie=False, time_hands=0, finished=False)
    Limit(over=False, over_after=1, reason=None, winner=None, note=('last_hand', 1, 0))

    The rules' winner counts whatever the totals:

    >>> club_limit([[5, 9]], hand_limit=8, extra_on_tie=True, time_hands=None,
    ...            finished=False, rules_winner=0, rules_ended=True)
    Limit(over=True, over_after=1, reason='rules', winner=0, note=None)
    """
    count = len(totals_after)
    final: Sequence[int] = totals_after[-1] if totals_after else ()
    winner = rules_winner if rules_ended and rules_winner is not None else top_side(final)
    # Each rule's hand after which it ends the match (None: not known yet).
    ends: list[tuple[int, str]] = []
    if rules_ended:
        ends.append((count, RULES))
    if finished:
        ends.append((count, ENDED))
    limit_after, limit_end = _hand_limit(totals_after, hand_limit, extra_on_tie)
    if limit_end is not None:
        ends.append(limit_end)
    time_after = time_hands + 1 if time_hands is not None else None
    if time_after is not None and count >= time_after:
        ends.append((time_after, TIME))
    if ends:
        after, reason = min(ends)
        return Limit(True, after, reason, winner, None)
    known = [k for k in (limit_after, time_after) if k is not None]
    over_after = min(known) if known else None
    note: tuple[str, int, int] | None = None
    hand = count + 1
    if time_after is not None and time_after == hand:
        note = ("last_hand", hand, 0)
    elif hand_limit is not None and count >= hand_limit:
        note = ("tie_break", hand, hand_limit)
    elif hand_limit is not None:
        note = ("hand_of", hand, hand_limit)
    return Limit(False, over_after, None, winner, note)
