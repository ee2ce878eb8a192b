"""What the match pages show beside the numbers: the running-totals chart, the meld chips and
the trump symbols, the players of a team, what an undo says (each from the rules; nothing is
counted here)."""

from __future__ import annotations

from collections.abc import Sequence

from flask_babel import gettext as _
from flask_wtf import FlaskForm
from markupsafe import Markup

from .. import service
from ..charts import chart_svg
from ..forms import PLAIN_WORDS
from ..i18n import number
from ..models import Match
from ..rules import MatchState
from ..rules.cards import TRUMPS
from ..rules.match import running_targets, running_totals
from ..rules.pinochle import MELD_CHIPS, MELD_NAMES
from ..rules.table import Table
from ..rules.variants import find_variant
from . import bp
from .hands.base import NOT_TYPED

#: The meld chips of the hand forms: meld id and its English name (the page translates it).
CHIPS: tuple[tuple[str, str], ...] = tuple((meld, MELD_NAMES[meld]) for meld in MELD_CHIPS)
#: A trump's API name and its printed pip (``spades`` -> ``♠``).
TRUMP_SYMBOLS: dict[str, str] = {suit.word: suit.symbol for suit in TRUMPS}


@bp.app_template_global()
def totals_chart(state: MatchState) -> Markup:
    """The running totals of every side as inline SVG (built and escaped by ``charts``)."""
    return Markup(
        chart_svg(
            state.sides,
            running_totals(state),
            state.target,
            targets=running_targets(state),
            title=_("Running totals"),
            target_label=_("target"),
            hand_label=_("hand"),
        )
    )


@bp.app_template_global()
def members_text(players: Sequence[str]) -> str:
    """A team's players as the pages name them beside the team: "Ana & Cruz"."""
    if len(players) == 2:
        return _("%(first)s & %(second)s", first=players[0], second=players[1])
    return ", ".join(players)


@bp.app_template_global()
def team_members(table: Table) -> dict[str, str]:
    """Each team's players by the team's name ("Us" -> "Ana & Cruz"); empty without teams."""
    return {
        side: members_text(players)
        for side, players in zip(table.sides, table.members, strict=False)
    }


@bp.app_template_filter("meld_label")
def meld_label(meld: str) -> str:
    """A meld id as a player reads it, in the page's language ("royal marriage")."""
    return _(MELD_NAMES[meld]) if meld in MELD_NAMES else ""


def undone_text(match: Match, number: int) -> str:
    """What the page says after an undo: "Hand 6 undone." (a deal in Pinnacola)."""
    words = find_variant(match.variant).table(service.setup_of(match)).words
    return _("%(hand)s undone.", hand=_(words.numbered, n=number))


@bp.app_template_global()
def next_first_dealer(match: Match) -> str:
    """Who deals first in "New game, same table": the player after this match's first
    dealer, the way the deal passes (:func:`scorekeeper.service.rematch`)."""
    return service.setup_of(match).dealer_of(2)


#: How many dealers after the next one the match page names for the hands a phone keeps
#: while offline (static/queue.js).
UPCOMING = 8


@bp.app_template_global()
def upcoming_dealers(match: Match, state: MatchState) -> list[str]:
    """Who deals the hands after the next one, as the deal passes on (the rules'
    ``Setup.dealer_of``); empty when the next hand's dealer is not the one that says (a
    finished match)."""
    setup = service.setup_of(match)
    after = len(state.hands) + 1
    if state.dealer != setup.dealer_of(after):
        return []
    return [setup.dealer_of(after + k) for k in range(1, UPCOMING + 1)]


@bp.app_template_global()
def meld_points(table: Table, items: Sequence[str]) -> int:
    """What the melds tapped add up to with this match's meld values (shown before saving)."""
    return sum(table.meld_values.get(item, 0) for item in items)


#: How many round bids the bid picker offers (the minimum, then each hundred above it).
ROUND_BIDS = 7


@bp.app_template_global()
def bid_hundreds(table: Table) -> list[int]:
    """The round bids of the bid picker: the minimum bid, then the hundreds above it (250,
    300, 400 ...), within the table's limits; the picker's second row holds their tens."""
    low = table.min_bid or 0
    high = table.max_bid if table.max_bid is not None else low + 100 * ROUND_BIDS
    bids = [low, *range((low // 100 + 1) * 100, high + 1, 100)]
    return bids[:ROUND_BIDS]


@bp.app_template_filter("signed")
def signed(value: int) -> str:
    """A balance with its sign, as the locale writes numbers: "+5", "-5", and "0" (never
    "+0")."""
    return ("+" if value > 0 else "") + number(value)


@bp.app_template_global()
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


@bp.app_template_filter("plain")
def plain_word(value: str) -> str:
    """A value of a hand's entry as a player says it ("thrown_in" -> "thrown in")."""
    return str(_(PLAIN_WORDS.get(value, value)))
