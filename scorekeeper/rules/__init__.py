"""The game rules: pure Python, no Flask, no database. Numbers and cards in, scores out."""

from .cards import Card, Rank, Suit
from .errors import MatchOverError, RuleError
from .match import (
    FINISHED,
    IN_PROGRESS,
    HandResult,
    MatchState,
    Setup,
    Team,
    finish,
    kitty_balances,
    running_totals,
)
from .variants import Variant, all_variants, find_variant

__all__ = [
    "FINISHED",
    "IN_PROGRESS",
    "Card",
    "HandResult",
    "MatchOverError",
    "MatchState",
    "Rank",
    "RuleError",
    "Setup",
    "Suit",
    "Team",
    "Variant",
    "all_variants",
    "find_variant",
    "finish",
    "kitty_balances",
    "running_totals",
]
