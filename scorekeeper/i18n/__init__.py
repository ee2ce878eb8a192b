"""The table's language: which one a request gets, the switch on every page, and the helpers
that translate what the rules and the service say (English templates plus values).

One module per job:

- :mod:`.selection`: the language of a request (``?lang=``, the cookie, ``Accept-Language``,
  English) and the cookie that remembers a ``?lang=`` link;
- :mod:`.switch`: the language switch (``GET /lang/<code>``), a blueprint (registered by
  ``create_app`` with the others; nothing here imports it);
- :mod:`.links`: the switch's links on every page;
- :mod:`.messages`: refusals of the rules, errors of the service and hands' notes, translated;
- :mod:`.formatting`: the ``number`` and ``money`` filters, as the locale writes them;
- :mod:`.catalogs`: the ``.mo`` files compiled on start when missing or out of date;
- :mod:`.words`: the words of the game and of HTTP errors that are translated as values.
"""

from __future__ import annotations

from flask import Flask

from .catalogs import TRANSLATIONS, compile_catalogs
from .formatting import money, number
from .links import NATIVE_NAMES, language_switch
from .messages import (
    WORD_PARAMS,
    message_of,
    note_text,
    request_gettext,
    rule_message,
    translate,
)
from .selection import COOKIE, COOKIE_MAX_AGE, languages, remember_query_language, select_locale
from .words import WORDS

__all__ = [
    "COOKIE",
    "COOKIE_MAX_AGE",
    "NATIVE_NAMES",
    "TRANSLATIONS",
    "WORDS",
    "WORD_PARAMS",
    "compile_catalogs",
    "init_app",
    "language_switch",
    "languages",
    "message_of",
    "money",
    "note_text",
    "number",
    "remember_query_language",
    "request_gettext",
    "rule_message",
    "select_locale",
    "translate",
]


def init_app(app: Flask) -> None:
    """The catalogs and the cookie of ``?lang=`` (the switch's blueprint is registered with the
    others, and the helpers the templates use by :mod:`scorekeeper.web.template_globals`)."""
    compile_catalogs()
    app.after_request(remember_query_language)
