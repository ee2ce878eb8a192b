"""Words that reach a page as values and are translated there with ``gettext``: marked here
so that ``pybabel extract`` puts them in the catalogs (this module does nothing else)."""

from __future__ import annotations

from ..rules.core.text import N_

#: The choices of the house rules, the suits, the option that switches others on, and
#: Werkzeug's own descriptions of the HTTP errors the API and the pages may answer with.
WORDS = (
    N_("classic"),
    N_("counters"),
    N_("simple"),
    N_("standard"),
    N_("seed-004"),
    N_("raise"),
    N_("higher"),
    N_("doubling"),
    N_("doubling-250"),
    N_("hoyle"),
    N_("scarne"),
    N_("units"),
    N_("points"),
    N_("score"),
    N_("void"),
    N_("new-cards"),
    N_("extend"),
    N_("13-cards"),
    N_("ace-to-king"),
    N_("by-1-5-10"),
    N_("by-1-5"),
    N_("by-1"),
    N_("game"),
    N_("hand"),
    N_("hands"),
    N_("nobody"),
    N_("each"),
    N_("traditional"),
    N_("progressive"),
    N_("side"),
    N_("player"),
    N_("double"),
    N_("single"),
    N_("taken"),
    N_("bid"),
    N_("left"),
    N_("right"),
    N_("scoring"),
    N_("spades"),
    N_("hearts"),
    N_("diamonds"),
    N_("clubs"),
    N_("The browser (or proxy) sent a request that this server could not understand."),
    N_(
        "You don't have the permission to access the requested resource. It is either "
        "read-protected or not readable by the server."
    ),
    N_(
        "The requested URL was not found on the server. If you entered the URL manually "
        "please check your spelling and try again."
    ),
    N_("The method is not allowed for the requested URL."),
    N_("The data value transmitted exceeds the capacity limit."),
    N_(
        "The server encountered an internal error and was unable to complete your request. "
        "Either the server is overloaded or there is an error in the application."
    ),
)
