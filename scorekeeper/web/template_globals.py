"""Every global, filter and context processor of the templates, registered in one place
(:func:`init_app`, called by ``create_app``): a template's name is looked up here, whichever
page uses it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Flask

from ..i18n import language_switch, money, note_text, number
from ..infra.assets import inline_css
from ..infra.engine import offered_engine
from . import club_page, page, partners
from .contract import script_contract
from .forms import refused_text
from .hand_parts import hand_parts

#: The templates' globals by the name they call them.
GLOBALS: dict[str, Callable[..., Any]] = {
    # The page and its scripts (templates/base.html).
    "inline_css": inline_css,
    "script_contract": script_contract,
    # The match page.
    "offered_engine": offered_engine,  # the phone's engine (docs/phone.md "Loading")
    "club_banner": club_page.club_banner,
    "totals_chart": page.totals_chart,
    "members_text": page.members_text,
    "winner_text": page.winner_text,
    "team_members": page.team_members,
    "next_first_dealer": page.next_first_dealer,
    "upcoming_dealers": page.upcoming_dealers,
    "meld_points": page.meld_points,
    "side_partners": partners.side_partners,
    "partner_melds": partners.partner_melds,
    "partners_line": partners.partners_line,
    "bid_hundreds": page.bid_hundreds,
    "blank_values": page.blank_values,
    "clash_notice": page.clash_notice,
    "repeated_notice": page.repeated_notice,
    "match_group": page.match_group,
    # What each side's points in the list of hands were made of.
    "hand_parts": hand_parts,
    # A refused entry's banner.
    "refused_text": refused_text,
    # A hand's notes, in the request's language.
    "note_text": note_text,
}

#: The templates' filters by name.
FILTERS: dict[str, Callable[..., Any]] = {
    "number": number,
    "money": money,
    "signed": page.signed,
    "meld_label": page.meld_label,
    "plain": page.plain_word,
}


def init_app(app: Flask) -> None:
    """Give the templates their globals, their filters and the language switch's links."""
    app.jinja_env.globals.update(GLOBALS)
    app.jinja_env.filters.update(FILTERS)
    app.context_processor(language_switch)
