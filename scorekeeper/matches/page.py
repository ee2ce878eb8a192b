"""What the match pages show beside the numbers: the running-totals chart, the meld chips and
the trump symbols (each from the rules; nothing is counted here)."""

from __future__ import annotations

from flask_babel import gettext as _
from markupsafe import Markup

from ..charts import chart_svg
from ..rules import MatchState
from ..rules.cards import TRUMPS
from ..rules.match import running_totals
from ..rules.pinochle import MELD_CHIPS, MELD_NAMES
from . import bp

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
            title=_("Running totals"),
            target_label=_("target"),
            hand_label=_("hand"),
        )
    )
