"""The game rules: pure Python, no Flask, no database. Numbers and cards in, scores out."""

from .core.cards import Card, Rank, Suit
from .core.errors import MatchOverError, RuleError
from .core.kitty import kitty_balances
from .core.match import (
    FINISHED,
    IN_PROGRESS,
    HandResult,
    MatchState,
    Setup,
    Team,
    finish,
    running_totals,
)
from .games.registry import Variant, all_variants, find_variant

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
