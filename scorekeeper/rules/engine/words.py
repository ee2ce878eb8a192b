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
}


def words(gettext: Gettext) -> dict[str, str]:
    """:data:`WORDS` in the language of ``gettext``."""
    return {name: gettext(text) for name, text in WORDS.items()}
