"""The options every pinochle form shares (docs/rules.md §4) and what a match's resolved
options make of them: the bid limits, the option specs (counting, last trick, meld table,
melding again, ties, target), their cross-option rules, and the counting, meld values and meld
limit a match plays with.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ....core.errors import RuleError
from ....core.options import SCORING_GROUP, Choice, OptionSpec, choice, integer
from ....core.readers import as_int
from .counting import COUNTINGS, Counting
from .tables import MELD_LIMIT, meld_table, read_meld_table

# ---------------------------------------------------------------------------------------------
# Bidding (docs/rules.md §4)

#: docs/rules.md §4: bids are at most 2000 (a guard against typos). Each auction's ``min_bid``
#: has its own floor: 250 in three-handed auction (seed 000: «250 o 300»), 100 in partnership
#: auction (Bicycle: "The lowest bid is 100").
MAX_BID = 2000
LOWEST_MIN_BID = 250
PARTNERSHIP_LOWEST_MIN_BID = 100
#: Bids go up in tens (seed 000, Bicycle, docs/rules.md §2).
BID_STEP = 10

# ---------------------------------------------------------------------------------------------
# Options shared by every pinochle form (docs/rules.md §4)

COUNTING_OPTION = OptionSpec(
    "counting",
    "classic",
    choice(*COUNTINGS),
    "Card points in tricks: classic (A 11, 10 10, K 4, Q 3, J 2), counters (A, 10, K: 10 each)"
    " or simple (A, 10, K: 1 each; meld and target divided by 10)",
    group=SCORING_GROUP,
)

#: Auctions bid in classic or counters points only (docs/rules.md §4).
AUCTION_COUNTING_OPTION = OptionSpec(
    "counting",
    "classic",
    choice("classic", "counters"),
    "Card points in tricks: classic (A 11, 10 10, K 4, Q 3, J 2) or counters (A, 10, K: 10 each)",
    group=SCORING_GROUP,
)


class _LastTrick(Choice):
    """``last_trick``: 0 or a counting's bonus. The table picks 10 or 0 (its choices); 1 is
    the bonus under ``simple``, which :func:`pinochle_defaults` fills in and checks against
    the match's counting."""

    def __init__(self) -> None:
        super().__init__(COUNTINGS["classic"].last_trick, 0)

    def __call__(self, value: Any, path: str) -> Any:
        bonuses = (*self.choices, COUNTINGS["simple"].last_trick)
        points = as_int(value, path, low=0)
        if points not in bonuses:
            raise RuleError(
                path,
                "must be one of {choices}",
                code="bad_choice",
                choices=", ".join(str(bonus) for bonus in bonuses),
            )
        return points


#: docs/rules.md §1, §4: the bonus for the last trick, 0 or the counting's own (10; 1 under
#: ``simple``, which :func:`pinochle_defaults` fills in). Every pinochle form kept in points
#: takes it (auction only with ``scoring: points``); :func:`counting_of` follows it.
LAST_TRICK_OPTION = OptionSpec(
    "last_trick",
    COUNTINGS["classic"].last_trick,
    _LastTrick(),
    "Points for the last trick: 10 (1 with simple counting), or none",
    group=SCORING_GROUP,
)

MELDS_OPTION = OptionSpec(
    "melds",
    "standard",
    read_meld_table,
    "Meld values: standard, the Russian table (double pinochle 400, no double run) or your own",
    group=SCORING_GROUP,
    choices=("standard", "seed-004"),
)

#: docs/rules.md §1: two-handed melding again (``pinochle-2``, and ``pinochle-3``'s play-on).
NEW_CARDS = "new-cards"
EXTEND = "extend"
MELD_REUSE_OPTION = OptionSpec(
    "meld_reuse",
    NEW_CARDS,
    choice(NEW_CARDS, EXTEND),
    "Melding again: a double meld needs new cards (pinochle then double pinochle is not"
    " allowed), or may extend a meld already shown",
    group=SCORING_GROUP,
)

TIE_RULE_OPTION = OptionSpec(
    "tie_rule",
    "raise",
    choice("raise", "higher"),
    "Both over the target in one hand: raise it by 250, or the higher total wins",
    group=SCORING_GROUP,
)


def target_option(default: int) -> OptionSpec:
    """The ``target`` option with its default (in classic points; :func:`pinochle_defaults`
    divides the default by 10 under ``simple``)."""
    return OptionSpec(
        "target",
        default,
        integer(low=1, high=100_000),
        "Points that win the game",
        group=SCORING_GROUP,
    )


def pinochle_defaults(options: dict[str, Any], given: Mapping[str, Any]) -> dict[str, Any]:
    """Cross-option rules of the pinochle options, applied after :func:`resolve_options`.

    ``options`` are the resolved options, ``given`` the options the table typed. Under
    ``simple`` (docs/rules.md §1, §4) the default target is divided by 10 (1000 -> 100) and custom
    meld values, given in standard points, must divide by 10. ``last_trick`` is 0 or the
    counting's own bonus (10; 1 under ``simple``), which is its default.

    >>> pinochle_defaults({"counting": "simple", "last_trick": 10, "target": 1000}, {})
    {'counting': 'simple', 'last_trick': 1, 'target': 100}
    """
    resolved = dict(options)
    counting = COUNTINGS[resolved.get("counting", "classic")]
    if "target" in resolved and "target" not in given:
        resolved["target"] = resolved["target"] // counting.divisor
    if "last_trick" in resolved:
        if "last_trick" not in given:
            resolved["last_trick"] = counting.last_trick
        elif resolved["last_trick"] not in (0, counting.last_trick):
            raise RuleError(
                "rules.last_trick",
                "must be 0 or {bonus} under {counting} counting",
                code="bad_choice",
                bonus=counting.last_trick,
                counting=counting.name,
            )
    melds = resolved.get("melds")
    if counting.divisor > 1 and isinstance(melds, Mapping):
        for meld, points in melds.items():
            if points % counting.divisor:
                raise RuleError(
                    f"rules.melds.{meld}",
                    "must be a multiple of {step}: simple counting divides meld values by {step}",
                    code="not_multiple",
                    step=counting.divisor,
                )
    return resolved


def counting_of(options: Mapping[str, Any]) -> Counting:
    """The counting system of a match's resolved options (``classic`` when absent), with its
    last-trick bonus (option ``last_trick``; absent: the counting's own). Its ``total`` is what
    a hand's trick points add up to (docs/rules.md §1).

    >>> counting_of({"counting": "classic", "last_trick": 0}).total
    240
    >>> counting_of({"counting": "simple"}).total
    25
    """
    counting = COUNTINGS[options.get("counting", "classic")]
    if options.get("last_trick", counting.last_trick) == 0:
        return counting.without_last_trick()
    return counting


def meld_values(options: Mapping[str, Any]) -> dict[str, int]:
    """Every meld's value in the counting system's own points (``simple``: divided by 10)."""
    divisor = counting_of(options).divisor
    return {meld: points // divisor for meld, points in meld_table(options.get("melds")).items()}


def meld_limit(options: Mapping[str, Any]) -> int:
    """The most meld one side may score in one hand, in the counting's own points."""
    return MELD_LIMIT // counting_of(options).divisor
