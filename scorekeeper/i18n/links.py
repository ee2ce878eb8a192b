"""The language switch's links on every page, back to the page they are on (the route they
lead to is :mod:`.switch`'s)."""

from __future__ import annotations

from urllib.parse import parse_qsl, urlencode, urlsplit

from flask import request, url_for
from flask_babel import get_locale

from .selection import languages

#: Each language by its own name, as the switch shows it (the same in every language).
NATIVE_NAMES = {"en": "English", "es": "Español", "it": "Italiano", "ru": "Русский"}


def language_switch() -> dict[str, str | list[tuple[str, str, str]]]:
    """The switch's links for the templates (a context processor): ``current_language`` and
    ``language_links``, ``(code, native name, URL)`` for each language, back to this page."""
    current = str(get_locale() or "en")
    here = _without_lang(request.full_path if request.query_string else request.path)
    return {
        "current_language": current,
        "language_links": [
            (code, NATIVE_NAMES.get(code, code), url_for("i18n.switch", code=code, next=here))
            for code in languages()
        ],
    }


def _without_lang(path: str) -> str:
    """The current path without its ``lang`` parameter (the switch's choice must win)."""
    parts = urlsplit(path)
    query = [(k, v) for k, v in parse_qsl(parts.query, keep_blank_values=True) if k != "lang"]
    return parts.path + ("?" + urlencode(query) if query else "")
