"""Meld per partner (issue 26): where two partners meld into one side's meld (a team's meld
entered per side), each partner's meld is counted from his own cards by the calculator and the
side's meld is their sum ("Ana 210 + Cruz 120 = 330").

The calculator carries each partner's result back in the match page's address under its own
name (:func:`~scorekeeper.web.contract.partner_key`, ``?meld.Us.Ana=run,marriage``), so the
second partner's result is added to the first one's instead of replacing it, and no meld is
ever counted across two hands. Nothing is added up here beyond the meld values the rules give
the table (:attr:`~scorekeeper.rules.games.table.Layout.meld_values`); the rules judge the side's
list when the hand is saved.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from ..rules.games.pinochle.melds import MELD_IDS
from ..rules.games.table import Layout
from .contract import partner_key

_SEPARATORS = re.compile(r"[\s,;+]+")


@dataclass(frozen=True)
class PartnerMeld:
    """One partner's meld as the calculator carried it: the meld ids (empty for none or for a
    number) and their points in the match's own points."""

    player: str
    points: int
    listed: tuple[str, ...] = ()


def side_partners(table: Layout, index: int) -> tuple[str, ...]:
    """The partners whose meld makes the side's meld (the side at ``index``): the players of a
    team of two or more where meld is entered per side and may be listed; empty elsewhere
    (every player a side, or meld entered per player: ``meld_by_player``)."""
    if table.meld_by_player or not table.meld_lists or index >= len(table.members):
        return ()
    members = table.members[index]
    return members if len(members) > 1 else ()


def read_carried(table: Layout, player: str, value: str | None) -> PartnerMeld | None:
    """A partner's meld carried in the address: a number, or meld ids (unknown ids are left
    out, as for a side's list); ``None`` when nothing usable was carried."""
    text = (value or "").strip()
    if re.fullmatch(r"[0-9]{1,5}", text):
        return PartnerMeld(player, int(text))
    items = tuple(item for item in _SEPARATORS.split(text) if item in MELD_IDS)
    if not items:
        return None
    return PartnerMeld(player, sum(table.meld_values.get(item, 0) for item in items), items)


def partner_melds(table: Layout, index: int, carry: Mapping[str, str]) -> list[PartnerMeld]:
    """The partners' melds of the side at ``index`` carried in the address, in seating order."""
    side = table.sides[index] if index < len(table.sides) else ""
    melds = []
    for player in side_partners(table, index):
        meld = read_carried(table, player, carry.get(partner_key(side, player)))
        if meld is not None:
            melds.append(meld)
    return melds


def partners_line(melds: list[PartnerMeld]) -> str:
    """The partners' melds and the side's sum as a line ("Ana 210 + Cruz 120 = 330"; one
    partner alone: "Ana 210"); names and numbers only, the same in every language."""
    parts = " + ".join(f"{meld.player} {meld.points}" for meld in melds)
    if len(melds) < 2:
        return parts
    return f"{parts} = {sum(meld.points for meld in melds)}"
