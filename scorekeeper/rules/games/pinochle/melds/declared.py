"""A declared meld as a table types it (docs/rules.md §1, §5): each side's meld for one hand, a
number or a list of meld ids, valued with the match's table and checked against what a 48-card
deck can hold, and the check that catches a typed figure off the tens.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from ....core.errors import RuleError, join_path
from ....core.readers import as_int, as_list, as_str, side_map
from .options import meld_limit, meld_values
from .tables import DOUBLE_OF, MELD_IDS, MELD_MOST, TRUMP_PAIRS

#: docs/rules.md §1 "Meld table": every meld of ``standard`` and ``seed-004`` is worth a
#: multiple of 10, so is every meld total; a figure like 75 is a typo for 70 or 80.
MELD_STEP = 10


def check_meld_figures(entry: object, options: Mapping[str, Any]) -> None:
    """Refuse a meld typed as a number that is not a multiple of 10 when every meld of the
    match's table is worth one (docs/rules.md §1 "Meld typos"): ``standard``, ``seed-004``, and
    a custom table of tens. Every meld figure of an entry is checked (``meld`` itself, the
    auction bidder's, or each side's or player's ``meld.<name>``, in sorted order); under
    ``simple`` counting (a run is 15) or a table with a meld off the tens, any number stands.

    A hand typed now goes through it, never a replay: a stored hand keeps the figure it was
    stored with (docs/rules.md §7). Anything but a number is left to the entry's reader.

    >>> check_meld_figures({"meld": {"Ana": 70, "Ben": 20}}, {"melds": "standard"})
    >>> check_meld_figures({"meld": {"Ana": 75, "Ben": 20}}, {"melds": "standard"})
    ... # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    scorekeeper.rules.core.errors.RuleError: meld.Ana: cannot be 75: every meld is worth a ... of 10
    >>> check_meld_figures({"meld": {"Ana": 15}}, {"counting": "simple", "melds": "standard"})
    """
    if not isinstance(entry, Mapping):
        return
    if any(points % MELD_STEP for points in meld_values(options).values()):
        return
    meld = entry.get("meld")
    figures = (
        [(join_path("meld", str(key)), meld[key]) for key in sorted(meld, key=str)]
        if isinstance(meld, Mapping)
        else [("meld", meld)]
    )
    for path, value in figures:
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        if isinstance(value, int) and not isinstance(value, bool) and value % MELD_STEP:
            raise RuleError(
                path,
                "cannot be {given}: every meld is worth a multiple of {step}",
                code="meld_not_multiple",
                given=value,
                step=MELD_STEP,
            )


class MeldCheck:
    """What a 48-card deck allows in the meld lists of one side (docs/rules.md §1, §5), item
    by item; one check may span several lists (the two partners' under ``saving_trick:
    player``: a side's lists together must fit the deck).

    ``all_at_once`` (3-, 4-handed and auction play): no meld with its double form, and runs +
    royal marriages at most 2 (``double_run`` counts two). ``new_cards`` (two-handed, option
    ``meld_reuse: new-cards``): no meld with its double form either, since a card melded once
    never melds again in its class; a royal marriage may still go into a run.
    """

    def __init__(self, *, all_at_once: bool, new_cards: bool = False) -> None:
        self.all_at_once = all_at_once
        self.new_cards = new_cards
        self.seen: Counter[str] = Counter()
        self.trump_pairs = 0

    def add(self, meld: str, path: str) -> None:
        """Count one more ``meld`` (a known id), refused at ``path`` when the deck cannot hold
        it with the melds counted so far."""
        self.seen[meld] += 1
        if self.seen[meld] > MELD_MOST[meld]:
            raise RuleError(
                path,
                "one {meld} too many: a 48-card deck holds at most {most}",
                code="impossible_meld",
                most=MELD_MOST[meld],
                meld=meld,
            )
        if self.all_at_once:
            _check_all_at_once(meld, self.seen, path)
            self.trump_pairs += TRUMP_PAIRS.get(meld, 0)
            if self.trump_pairs > 2:
                # Each run and royal marriage needs its own trump K-Q; there are two.
                raise RuleError(
                    path,
                    "runs and royal marriages together need more than the two trump kings"
                    " and queens",
                    code="impossible_meld",
                )
        elif self.new_cards:
            _check_new_cards(meld, self.seen, path)


def read_meld(
    value: object,
    path: str,
    values: Mapping[str, int],
    *,
    all_at_once: bool,
    limit: int,
    new_cards: bool = False,
    check: MeldCheck | None = None,
) -> int:
    """A side's meld for one hand: a number, or a list of meld ids valued with ``values``.

    A list is refused, naming the item, when a 48-card deck cannot hold it (docs/rules.md §1) and,
    with ``all_at_once`` (3-, 4-handed and auction play), when it holds a meld with its double
    form or more than two melds that each need a trump K-Q (docs/rules.md §5); with
    ``new_cards`` (two-handed, ``meld_reuse: new-cards``, docs/rules.md §1) when it holds a meld
    with its double form. ``check`` carries the count over from another list of the same side.
    Either way the meld is at most ``limit``.

    >>> from scorekeeper.rules.games.pinochle.melds import STANDARD_MELDS
    >>> read_meld(["run", "marriage"], "meld.Ana", STANDARD_MELDS, all_at_once=True, limit=3000)
    170
    """
    if not isinstance(value, list):
        return as_int(value, path, low=0, high=limit)
    melds = as_list(value, path)
    counter = check or MeldCheck(all_at_once=all_at_once, new_cards=new_cards)
    total = 0
    for i, item in enumerate(melds):
        item_path = join_path(path, i)
        meld = as_str(item, item_path)
        if meld not in values:
            raise RuleError(
                item_path,
                "{given!r} is not a meld; melds are {ids}",
                code="unknown_meld",
                given=meld,
                ids=", ".join(MELD_IDS),
            )
        counter.add(meld, item_path)
        total += values[meld]
    if total > limit:
        raise RuleError(path, "is more than {limit} points", code="too_large", limit=limit)
    return total


def _check_all_at_once(meld: str, seen: Counter[str], path: str) -> None:
    """Melding all at once, a hand holds a meld's single form or its double, not both."""
    for single, double in DOUBLE_OF.items():
        if (meld == single and seen[double]) or (meld == double and seen[single]):
            raise RuleError(
                path,
                "{single} and {double} cannot both be melded at once: the double form already"
                " uses the cards",
                code="impossible_meld",
                single=single,
                double=double,
            )


def _check_new_cards(meld: str, seen: Counter[str], path: str) -> None:
    """Two-handed under ``meld_reuse: new-cards`` (seeds 002, 004): a meld and its double form
    not in one hand's list; ``royal_marriage`` is no single form, so it stands with a run or a
    double run (seed 004: "the royal marriage must be declared first")."""
    for single, double in DOUBLE_OF.items():
        if (meld == single and seen[double]) or (meld == double and seen[single]):
            raise RuleError(
                path,
                "{single} and {double} cannot both be melded: a card melded once is not used"
                " again in a meld of its kind",
                code="meld_reuse",
                single=single,
                double=double,
            )


def read_melds(
    value: object,
    path: str,
    sides: tuple[str, ...],
    options: Mapping[str, Any],
    *,
    all_at_once: bool,
    new_cards: bool = False,
) -> dict[str, int]:
    """Every side's meld for one hand (``meld``), each read by :func:`read_meld`."""
    mapping = side_map(value, path, sides)
    values = meld_values(options)
    limit = meld_limit(options)
    return {
        side: read_meld(
            mapping[side],
            join_path(path, side),
            values,
            all_at_once=all_at_once,
            limit=limit,
            new_cards=new_cards,
        )
        for side in sides
    }


def read_melds_by_player(
    value: object, path: str, teams: Mapping[str, Sequence[str]], options: Mapping[str, Any]
) -> dict[str, int]:
    """Every player's meld for one hand, melded all at once (``pinochle-4`` partners under
    ``saving_trick: player``, docs/rules.md §1, §5): ``meld`` keyed by player, each list checked
    and a side's lists together checked against the deck; a side's meld is at most the limit.

    ``teams`` maps each side to its players in seating order.
    """
    players = tuple(player for members in teams.values() for player in members)
    mapping = side_map(value, path, players)
    values = meld_values(options)
    limit = meld_limit(options)
    melds: dict[str, int] = {}
    for members in teams.values():
        check = MeldCheck(all_at_once=True)
        for player in members:
            melds[player] = read_meld(
                mapping[player],
                join_path(path, player),
                values,
                all_at_once=True,
                limit=limit,
                check=check,
            )
        if sum(melds[player] for player in members) > limit:
            raise RuleError(
                join_path(path, members[-1]),
                "the side's meld is more than {limit} points",
                code="too_large",
                limit=limit,
            )
    return melds
