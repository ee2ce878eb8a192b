"""What the pages show beside the numbers: the running-totals chart, the meld names and the
trump symbols, the players of a team, what an undo says, what changed meanwhile after a clash,
and the group a match is in (each from the rules or the service; nothing is counted here).

These are the templates' helpers: :func:`scorekeeper.web.template_globals.init_app` registers
them, with every other global and filter of the templates."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from flask import request, url_for
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from markupsafe import Markup

from .. import service
from ..i18n import number
from ..models import Match
from ..rules import FINISHED, MatchState
from ..rules.core.cards import TRUMPS
from ..rules.core.match import running_targets, running_totals
from ..rules.games.registry import find_variant
from ..rules.games.table import Layout, Words
from .charts import chart_svg
from .contract import BRING_BACK, CLASH, DRAFT, NOT_TYPED, REPEATED, carried_typing
from .forms import PLAIN_WORDS, AnySelect, carried_number
from .session import held_keys, key_for, token_for

#: A trump's API name and its printed pip (``spades`` -> ``♠``).
TRUMP_SYMBOLS: dict[str, str] = {suit.word: suit.symbol for suit in TRUMPS}


def totals_chart(state: MatchState, words: Words | None = None) -> Markup:
    """The running totals of every side as inline SVG (built and escaped by ``charts``); the
    last hand named in the variant's ``words`` ("deal 12" for Pinnacola)."""
    return Markup(
        chart_svg(
            state.sides,
            running_totals(state),
            state.target,
            targets=running_targets(state),
            title=_("Running totals"),
            target_label=_("target"),
            hand_label=_(words.one if words is not None else "hand"),
        )
    )


def members_text(players: Sequence[str]) -> str:
    """A team's players as the pages name them beside the team: "Ana & Cruz"."""
    if len(players) == 2:
        return _("%(first)s & %(second)s", first=players[0], second=players[1])
    return ", ".join(players)


def team_members(table: Layout) -> dict[str, str]:
    """Each team's players by the team's name ("Us" -> "Ana & Cruz"); empty without teams."""
    return {
        side: members_text(players)
        for side, players in zip(table.sides, table.members, strict=False)
    }


def winner_text(state: MatchState, table: Layout) -> str:
    """The winner's line: "Ana wins!", and for a team "Ana & Cruz win!" (a team is many:
    issue 26; each language's verb agrees with it)."""
    if table.members and state.winner in table.sides:
        return _("%(side)s win!", side=state.winner)
    return _("%(side)s wins!", side=state.winner)


def meld_label(meld: str, table: Layout) -> str:
    """A meld id as a player reads it, in the page's language ("royal marriage"), named by the
    table's meld book (:class:`~scorekeeper.rules.games.table.MeldBook`)."""
    names = table.melds.names
    return _(names[meld]) if meld in names else ""


def undone_text(match: Match, number: int) -> str:
    """What the page says after an undo: "Hand 6 undone." (a deal in Pinnacola)."""
    words = find_variant(match.variant).layout(service.setup_of(match)).words
    return _("%(hand)s undone.", hand=_(words.numbered, n=number))


def next_first_dealer(match: Match) -> str:
    """Who deals first in "New game, same table": the player after this match's first
    dealer, the way the deal passes (:func:`scorekeeper.service.rematch`)."""
    return service.setup_of(match).dealer_of(2)


#: How many dealers after the next one the match page names for the hands a phone keeps
#: while offline (static/queue.js).
UPCOMING = 8


def upcoming_dealers(match: Match, state: MatchState) -> list[str]:
    """Who deals the hands after the next one, as the deal passes on (the rules'
    ``Setup.dealer_of``); empty when the next hand's dealer is not the one that says (a
    finished match)."""
    setup = service.setup_of(match)
    after = len(state.hands) + 1
    if state.dealer != setup.dealer_of(after):
        return []
    return [setup.dealer_of(after + k) for k in range(1, UPCOMING + 1)]


def meld_points(table: Layout, items: Sequence[str]) -> int:
    """What the melds tapped add up to with this match's meld values (shown before saving)."""
    return sum(table.meld_values.get(item, 0) for item in items)


#: How many round bids the bid picker offers (the minimum, then each hundred above it).
ROUND_BIDS = 7


def bid_hundreds(table: Layout) -> list[int]:
    """The round bids of the bid picker: the minimum bid, then the hundreds above it (250,
    300, 400 ...), within the table's limits; the picker's second row holds their tens."""
    low, unit = table.min_bid or 0, table.bid_round
    high = table.max_bid if table.max_bid is not None else low + unit * ROUND_BIDS
    bids = [low, *range((low // unit + 1) * unit, high + 1, unit)]
    return bids[:ROUND_BIDS]


def signed(value: int) -> str:
    """A balance with its sign, as the locale writes numbers: "+5", "-5", and "0" (never
    "+0")."""
    return ("+" if value > 0 else "") + number(value)


def blank_values(form: FlaskForm) -> dict[str, str | bool]:
    """What the fields of ``form`` hold before anything is typed (their defaults: the minimum
    bid, "played"), for the forms' "Clear" (static/drafts.js); fields blank by default are
    left out."""
    blank: dict[str, str | bool] = {}
    for field in form:
        default = field.default
        if field.name in NOT_TYPED or callable(default) or default in (None, "", False):
            continue
        blank[field.name] = default if isinstance(default, bool) else str(default)
    return blank


def plain_word(value: str) -> str:
    """A value of a hand's entry as a player says it ("thrown_in" -> "thrown in")."""
    return str(_(PLAIN_WORDS.get(value, value)))


def _words(match: Match) -> Words:
    """The match's form's words (a hand, or a deal in Pinnacola)."""
    return find_variant(match.variant).layout(service.setup_of(match)).words


def clash_notice(match: Match, state: MatchState) -> dict[str, Any] | None:
    """What changed since the stale form was made (the page after a clash), for the banner:
    ``text``, ``hand`` (the hand another phone saved, to show what it was), ``withheld``
    (:func:`typing_withheld`), ``bring_back`` (:func:`bring_back_url`) and ``typed`` (the
    typing, by field name, for the page's script) when withheld; or ``None``."""
    seen = carried_number(request.args.get(CLASH), 6)
    if seen is None:
        return None
    hands = service.hand_count(match)
    words = _words(match)
    added = None
    if hands > seen and hands <= len(state.hands):
        added = state.hands[hands - 1]
        text = _(
            "Another phone saved %(hand)s meanwhile.",
            hand=_(words.numbered, n=hands).lower(),
        )
    elif hands < seen:
        text = _("Another phone undid %(hand)s meanwhile.", hand=_(words.numbered, n=seen).lower())
    elif state.status == FINISHED and match.finished:
        text = _("Another phone ended the night meanwhile.")
    else:
        text = _("Another phone corrected a hand meanwhile.")
    withheld = _withheld(seen, hands, request.args)
    typed = carried_typing(request.args) if withheld else None
    back = None if typed is None else bring_back_url(match, seen, typed)
    return {"text": text, "hand": added, "withheld": withheld, "bring_back": back, "typed": typed}


def typing_withheld(match: Match, args: Mapping[str, str]) -> bool:
    """Whether the page after a clash keeps the typing its address carries without filling it
    in: it was typed for a hand another phone saved meanwhile, so it comes back only by a tap
    ("Bring back what I typed": the address with :data:`~scorekeeper.web.contract.BRING_BACK`),
    never as a ready-made next hand that one tap on Save would store twice (issue 38 point 1;
    docs/phone.md "Two phones, one deal")."""
    seen = carried_number(args.get(CLASH), 6)
    return seen is not None and _withheld(seen, service.hand_count(match), args)


def _withheld(seen: int, hands: int, args: Mapping[str, str]) -> bool:
    """:func:`typing_withheld` once the form's ``seen`` and the hands stored are known."""
    return BRING_BACK not in args and hands > seen


def bring_back_url(match: Match, seen: int, typed: Mapping[str, str]) -> str:
    """The page after a clash (the form saw ``seen`` hands) with ``typed`` filled in."""
    # Only the clash's own arguments: nothing else of the address reaches url_for (whose
    # "_scheme" or "_anchor" would be the visitor's to set).
    carried = {DRAFT + name: value for name, value in typed.items()}
    args: dict[str, Any] = {CLASH: str(seen), **carried, BRING_BACK: "1"}
    return url_for("matches.show", public_id=match.public_id, _anchor="hand-form", **args)


def repeated_notice(match: Match, state: MatchState) -> str | None:
    """The banner of the page after a stale form repeated a hand another phone had stored
    exactly so (:data:`~scorekeeper.web.contract.REPEATED`, its number), or ``None``."""
    number = carried_number(request.args.get(REPEATED), 6)
    if number is None or not 1 <= number <= len(state.hands):
        return None
    words = _words(match)
    return str(
        _(
            "%(hand)s was saved already, exactly as typed here, by another phone: it was not "
            "saved twice.",
            hand=_(words.numbered, n=number),
        )
    )


# --- The group a match is in ----------------------------------------------------------------


class GroupChoiceForm(FlaskForm):
    """Put this match in one of this phone's groups (from the match page)."""

    group = AnySelect(_l("Group"))


def match_group(match: Match, can_edit: bool) -> dict[str, Any] | None:
    """What the match page says of groups: the group the match is in (a link to it), or, on
    a phone that keeps its score (the edit token: a phone that scores too may not, docs/
    sharing.md) and holds groups' keys, a form that puts it in one of them."""
    group = service.group_of(match)
    if group is not None:
        key = key_for(group)
        url = (
            url_for("groups.show", public_id=group.public_id)
            if key
            else url_for("groups.read", read_id=group.read_id)
        )
        return {"name": group.name, "url": url, "form": None}
    keys = held_keys()
    if not can_edit or not keys:
        return None
    if service.token_role(match, token_for(match.public_id)) != "edit":
        return None
    groups = service.groups_by_public_ids(list(keys))
    if not groups:
        return None
    form = GroupChoiceForm(formdata=None)
    form.group.choices = [(group.public_id, group.name) for group in groups]
    return {"name": None, "url": None, "form": form}
