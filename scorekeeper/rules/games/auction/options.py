"""The options of auction pinochle (docs/rules.md §4): the scoring mode (units or points), the
minimum bid, the units mode's schedule, trump multipliers, spades concession, kitty and money per
unit, the points mode's ``bidder_scores``, and which option names belong to which mode (the form,
:mod:`.form`, refuses an option of the other mode by name).
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from typing import Any, Final

from ...core.errors import RuleError
from ...core.options import (
    BIDDING_GROUP,
    KITTY_GROUP,
    SCORING_GROUP,
    OptionSpec,
    boolean,
    choice,
    integer,
)
from ...core.settle import CENT
from ..pinochle.melds import BID_STEP, LOWEST_MIN_BID, MAX_BID
from .hands import BIDDER_BID, BIDDER_TAKEN
from .schedules import SCHEDULES, read_schedule

#: How an auction match is kept: units settled up at the end of the night, or points to a
#: target (docs/rules.md §2, last paragraph).
UNITS: Final = "units"
POINTS: Final = "points"


#: A guard against typos in ``unit_value`` (money per unit).
_MAX_UNIT_VALUE: Final = Decimal(1_000_000)


def _read_unit_value(value: Any, path: str) -> str:
    """Money per unit as a decimal string with at most two places (``"0.05"``, ``"1"``).

    Kept as text so that it stays exact (no float rounding) and plain JSON; a JSON number is
    accepted and read through its shortest text (``0.05`` is ``"0.05"``).
    """
    if isinstance(value, bool) or not isinstance(value, str | int | float):
        raise RuleError(path, 'must be an amount of money such as "0.05"', code="bad_amount")
    try:
        amount = Decimal(str(value).strip())
    except InvalidOperation:
        raise RuleError(
            path, 'must be an amount of money such as "0.05"', code="bad_amount"
        ) from None
    if not amount.is_finite() or amount <= 0:
        raise RuleError(path, "must be more than 0", code="too_small", low=0)
    if amount > _MAX_UNIT_VALUE:
        raise RuleError(path, "must be at most {high}", code="too_large", high=_MAX_UNIT_VALUE)
    if amount != amount.quantize(CENT):
        # Money has cents: with at most two places every transfer's amount is exact.
        raise RuleError(path, "must have at most two decimal places", code="too_precise")
    return f"{amount.normalize():f}"


MIN_BID_OPTION: Final = OptionSpec(
    "min_bid",
    300,  # seed 000: "la subasta mínima de 250 o 300 puntos"
    integer(LOWEST_MIN_BID, MAX_BID, BID_STEP),
    "Minimum bid",
    group=BIDDING_GROUP,
)
SCORING_OPTION: Final = OptionSpec(
    "scoring",
    UNITS,
    choice(UNITS, POINTS),
    "Settle in units (chips) or keep points to a target",
    group=SCORING_GROUP,
)
#: How a bidder who concedes in spades pays (docs/rules.md §2): double like any spades hand, or
#: single (Scarne: "a player who makes spades trump and throws in his hand without playing a card
#: pays only a single amount").
SPADES_CONCESSION_DOUBLE: Final = "double"
SPADES_CONCESSION_SINGLE: Final = "single"
UNIT_OPTIONS: Final = (
    OptionSpec(
        "schedule",
        "doubling",
        read_schedule,
        "Units per bid",
        group=BIDDING_GROUP,
        choices=tuple(SCHEDULES),
    ),
    OptionSpec("spades_double", True, boolean(), "Spades trump pays double", group=BIDDING_GROUP),
    OptionSpec("hearts_triple", False, boolean(), "Hearts trump pays triple", group=BIDDING_GROUP),
    OptionSpec(
        "spades_concession",
        SPADES_CONCESSION_DOUBLE,
        choice(SPADES_CONCESSION_DOUBLE, SPADES_CONCESSION_SINGLE),
        "A bidder who gives up in spades before play pays double, or single",
        group=BIDDING_GROUP,
    ),
    OptionSpec("kitty", True, boolean(), "Kitty", group=KITTY_GROUP),
    OptionSpec(
        "kitty_bonus_from",
        350,
        integer(LOWEST_MIN_BID, MAX_BID, BID_STEP),
        "Kitty bonus from bid",
        group=KITTY_GROUP,
    ),
    OptionSpec("kitty_bonus", 10, integer(0, 1_000_000), "Kitty bonus (units)", group=KITTY_GROUP),
    OptionSpec(
        "all_pass_pays",
        False,
        boolean(),
        "All pass: everybody pays 1 unit into the kitty",
        group=KITTY_GROUP,
    ),
    OptionSpec("unit_value", "1", _read_unit_value, "Money per unit", group=BIDDING_GROUP),
)
#: What a bidder who makes it scores in points (docs/rules.md §2).
BIDDER_SCORES_OPTION: Final = OptionSpec(
    "bidder_scores",
    BIDDER_TAKEN,
    choice(BIDDER_TAKEN, BIDDER_BID),
    "A bidder who makes it scores the points he took, or the amount he bid",
    group=SCORING_GROUP,
)
UNIT_OPTION_NAMES: Final = tuple(spec.name for spec in UNIT_OPTIONS)
POINT_OPTION_NAMES: Final = (
    "counting",
    "last_trick",
    "melds",
    "target",
    "tie_rule",
    "bidder_scores",
)
