"""What the pinochle forms' methods share beyond the meld tables (:mod:`.melds`): the options as
given, read as a mapping, and the meld-typo check of a hand typed now
(docs/rules.md §1 "Meld typos"), which every form that enters pinochle meld uses as its
``check_typed`` (the plain forms, partnership auction, and auction pinochle in
:mod:`scorekeeper.rules.games.auction.form`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core.match import Setup
from ..registry import Variant
from .melds import check_meld_figures


def option_map(given: object) -> Mapping[str, Any]:
    """The options as given when they are a mapping; anything else reads as none given (its
    refusal is :func:`~scorekeeper.rules.core.options.resolve_options`'s)."""
    return given if isinstance(given, Mapping) else {}


def check_meld_typos(form: Variant, setup: Setup, entry: Mapping[str, Any]) -> None:
    """A meld typed as a number is a multiple of 10 when every meld is (docs/rules.md §1
    "Meld typos"; a hand added or corrected, never a stored one)."""
    check_meld_figures(entry, setup.options)
