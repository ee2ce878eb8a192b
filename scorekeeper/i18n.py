"""The table's language: which one a request gets, the switch on every page, and the helpers
that translate what the rules and the service say (English templates plus values).

The choice, first found wins (README, "Translations"):

1. ``?lang=<code>`` on any URL (a shared link); it is also remembered in the cookie;
2. the ``lang`` cookie, set by the language switch (``GET /lang/<code>``);
3. the browser's ``Accept-Language`` (the API's only way, in practice);
4. English.
"""

from __future__ import annotations

import os
from decimal import Decimal
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit

from babel.numbers import format_decimal
from flask import Blueprint, Flask, Response, current_app, redirect, request, url_for
from flask_babel import get_locale, gettext
from werkzeug.exceptions import HTTPException
from werkzeug.routing import RequestRedirect
from werkzeug.wrappers import Response as BaseResponse

from .rules import RuleError
from .rules.text import N_, Note

#: The cookie that remembers the language chosen with the switch or a ``?lang=`` link.
COOKIE = "lang"
COOKIE_MAX_AGE = 60 * 60 * 24 * 365 * 2

#: Each language by its own name, as the switch shows it (the same in every language).
NATIVE_NAMES = {"en": "English", "es": "Español", "it": "Italiano", "ru": "Русский"}

#: Parameters of a note or a message whose values are English words of the game, not names:
#: translated with the text (``trump``: "spades").
WORD_PARAMS = frozenset({"trump"})

bp = Blueprint("i18n", __name__)

#: Words that reach a page as values and are translated there with ``gettext``: the choices of
#: the house rules, the suits, the option that switches others on, and Werkzeug's own
#: descriptions of the HTTP errors the API and the pages may answer with.
WORDS = (
    N_("classic"),
    N_("counters"),
    N_("simple"),
    N_("standard"),
    N_("seed-004"),
    N_("raise"),
    N_("higher"),
    N_("doubling"),
    N_("hoyle"),
    N_("scarne"),
    N_("units"),
    N_("points"),
    N_("score"),
    N_("void"),
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


def languages() -> tuple[str, ...]:
    """The languages the app speaks (``LANGUAGES``), English first."""
    return tuple(current_app.config.get("LANGUAGES", ("en",)))


def _known(code: str | None) -> str | None:
    code = (code or "").strip().lower()
    return code if code in languages() else None


def select_locale() -> str:
    """The language of this request: ``?lang=``, the cookie, ``Accept-Language``, English."""
    return (
        _known(request.args.get("lang"))
        or _known(request.cookies.get(COOKIE))
        or request.accept_languages.best_match(languages())
        or "en"
    )


def remember_query_language(response: Response) -> Response:
    """A ``?lang=`` link sets the cookie, so the pages that follow stay in that language.

    Every answer may depend on the language, so caches are told so."""
    chosen = _known(request.args.get("lang"))
    if chosen and request.cookies.get(COOKIE) != chosen:
        _set_cookie(response, chosen)
    response.vary.add("Accept-Language")
    response.vary.add("Cookie")
    return response


def _set_cookie(response: BaseResponse, code: str) -> None:
    response.set_cookie(
        COOKIE,
        code,
        max_age=COOKIE_MAX_AGE,
        httponly=True,
        samesite="Lax",
        secure=bool(current_app.config.get("SESSION_COOKIE_SECURE")),
    )


def safe_next(target: str | None) -> str:
    """``target`` if it is a path of this site, else the home page (no open redirect)."""
    target = (target or "").strip()
    parts = urlsplit(target)
    if (
        not target.startswith("/")
        or target.startswith(("//", "/\\"))
        or "\\" in target
        or any(ch.isspace() or ord(ch) < 32 or ord(ch) == 127 for ch in target)  # "/\t/x"
        or parts.scheme
        or parts.netloc
    ):
        return "/"
    return target


@bp.get("/lang/<code>")
def switch(code: str) -> Any:
    """The language switch: remember ``code`` in the cookie and go back to ``?next=``."""
    response = redirect(_page_of(safe_next(request.args.get("next"))), code=303)
    chosen = _known(code)
    if chosen:
        _set_cookie(response, chosen)
    return response


def _page_of(target: str) -> str:
    """The nearest page (a URL that answers GET) at or above ``target``: a form shown again
    after a refusal has the URL it was posted to (``/m/<id>/hands``), which a link cannot open."""
    adapter = current_app.url_map.bind("")
    parts = urlsplit(target)
    path = parts.path
    while path not in ("", "/"):
        try:
            adapter.match(path, method="GET")
        except RequestRedirect:
            return target
        except HTTPException:
            path = path.rsplit("/", 1)[0]
            continue
        return target if path == parts.path else path
    return "/"


# --- Translating what the rules and the service say ------------------------------------------


def translate(template: str, params: dict[str, Any] | None = None) -> str:
    """``template`` through the catalog, then filled in with ``params``.

    Values that are themselves refusals of the rules are translated too; the values of
    :data:`WORD_PARAMS` are translated as words. A translation that does not fit its values
    (a catalog mistake) falls back to the English rather than failing the page.
    """
    params = params or {}
    values = {name: _value(name, value) for name, value in params.items()}
    translated = str(gettext(template))
    try:
        return translated.format(**values) if values else translated
    except (KeyError, IndexError, ValueError):
        return template.format(**values) if values else template


def _value(name: str, value: Any) -> Any:
    if isinstance(value, RuleError):
        return f"{value.path}: {rule_message(value)}" if value.path != "_" else rule_message(value)
    if name in WORD_PARAMS and isinstance(value, str):
        return gettext(value)
    return value


def rule_message(error: RuleError) -> str:
    """A refusal of the rules in the request's language (its path and code stay as they are)."""
    return translate(error.template, error.params)


def message_of(error: Any) -> str:
    """What a service error (``NotFound``, ``Conflict``...) says, in the request's language."""
    template = getattr(error, "template", None)
    if template is None:
        return str(getattr(error, "message", error))
    return translate(template, getattr(error, "params", {}))


def note_text(note: Note | str) -> str:
    """A hand's note in the request's language."""
    if isinstance(note, Note):
        return translate(note.template, note.values)
    return str(gettext(note))


# --- Numbers for the locale ------------------------------------------------------------------


def number(value: Any) -> str:
    """A score for the locale (its minus sign; no grouping: scores are short and must read as
    one number at a glance)."""
    if value is None:
        return ""
    return str(format_decimal(value, locale=get_locale(), group_separator=False))


def money(value: Any) -> str:
    """An amount of money with two decimal places, as the locale writes it (``0,40``)."""
    if value is None:
        return ""
    return str(format_decimal(Decimal(str(value)), format="#,##0.00", locale=get_locale()))


#: The catalogs: ``<code>/LC_MESSAGES/messages.po`` (sources, in git) and ``.mo`` (built).
TRANSLATIONS = Path(__file__).resolve().parent / "translations"


def compile_catalogs(directory: Path = TRANSLATIONS) -> list[Path]:
    """Build every ``.mo`` that is missing or older than its ``.po``; the ones built.

    ``bin/_setup`` runs ``pybabel compile``; this spares a fresh clone that runs ``pytest`` or
    ``flask run`` directly from an English-only app. A read-only install is left as it is.
    """
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    built = []
    for po in sorted(directory.glob("*/LC_MESSAGES/messages.po")):
        mo = po.with_suffix(".mo")
        if mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime:
            continue
        try:
            with po.open("rb") as source:
                catalog = read_po(source, locale=po.parent.parent.name)
            partial = mo.with_suffix(f".{os.getpid()}.tmp")
            with partial.open("wb") as target:
                write_mo(target, catalog)
            partial.replace(mo)  # whole or not at all: another worker may be reading it
        except OSError:
            continue
        built.append(mo)
    return built


def init_app(app: Flask) -> None:
    """The switch, the cookie of ``?lang=``, and the helpers the templates use."""
    compile_catalogs()
    app.register_blueprint(bp)
    app.after_request(remember_query_language)
    app.jinja_env.filters["number"] = number
    app.jinja_env.filters["money"] = money
    app.jinja_env.globals["note_text"] = note_text

    @app.context_processor
    def language_switch() -> dict[str, Any]:
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
