"""The words the match page says about the hands counted on the phone (docs/phone.md, "Offline,
hand by hand"; docs/rules.md for the rules' English templates and the catalog).

``static/counted.js`` shows them; the phone's engine answers them
(:func:`scorekeeper.rules.engine.answers.run`, asked with ``"words": true``) from the catalog the
server uses, in the request's language, so the match page carries none of them: its first visit's
weight is unchanged (docs: 30 KB).
"""

from __future__ import annotations

from ..core.text import N_
from ..core.wording import Gettext

#: By the name ``static/counted.js`` reads them: English templates, for the catalog.
WORDS: dict[str, str] = {
    # The mark beside the totals that the phone counted (the hands not yet sent).
    "counted": N_("Counted on this phone, waiting to be sent."),
    # The same when the phone's engine is of another build than the server's page.
    "counted_other": N_("Counted on this phone with other rules: the server has the last word."),
    # Before the message of a waiting entry that the phone's engine refuses (one already sent).
    "refused_here": N_("Refused on this phone:"),
    # The banner of an entry refused on the phone, as the server's page says it.
    "not_saved": N_("Not saved."),
    "show_me": N_("Show me"),
    # The note of an upgrade of the server seen with the page open (static/rules_upgrade.js):
    # while the engine still counts with the old rules, then once it counts with the new ones.
    "rules_changed": N_(
        "The server's rules have changed since this page was opened: this phone is fetching"
        " them, and until then what it counts may differ from the server."
    ),
    "rules_current": N_("This phone now counts with the server's new rules."),
    # A match that a waiting hand ends (static/match_end.js): the winner's line as the server's
    # page says it (web/page.py winner_text: a team is many), its rematch, and while it waits.
    "wins": N_("%(side)s wins!"),
    "win": N_("%(side)s win!"),
    "rematch": N_("New game, same table"),
    "rematch_waits": N_("The new game starts once the hands waiting are sent."),
}


def words(gettext: Gettext) -> dict[str, str]:
    """:data:`WORDS` in the language of ``gettext``."""
    return {name: gettext(text) for name, text in WORDS.items()}
