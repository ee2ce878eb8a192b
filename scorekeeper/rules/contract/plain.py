"""Plain words: what a page says of a refusal, without the API's field names or paths.

The rules and the service speak to the API as well as to people, so a few of their messages
name the API's fields (``closed_by``) or a path (``meld.Ana``). A page never shows those:
:func:`plain_rule_message` and :func:`plain_message_of` say the same in a card player's words
(:data:`PLAIN`, by the refusal's code), and a path is said as the side and the thing it names
(:func:`plain_subject`). :func:`page_refusal` gives the field a refusal is shown at and its
words, as the match page puts it on the hand form (docs/api.md, "Errors").

Pure, like the rest of the package: every function takes the ``gettext`` of the language to
speak (:data:`~scorekeeper.rules.core.wording.Gettext`); the server passes Flask-Babel's
(:mod:`scorekeeper.web.forms`), the phone the standard library's of the same catalog
(docs/phone.md), so both show the same words at the same field.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from ..core.errors import MatchOverError, RuleError
from ..core.text import N_
from ..core.wording import Gettext, translate


def refusal_key(code: str, *names: str) -> tuple[str, frozenset[str]]:
    """The key of a refusal of the rules in :data:`PLAIN`: its code, and the names of the
    values it carries.

    >>> refusal_key("too_large", "min_bid", "first")[1] == {"first", "min_bid"}
    True
    """
    return code, frozenset(names)


#: Refusals of the rules that name the API's fields, by their code, and what a page says
#: instead (English templates for the catalog, with the same placeholders or fewer). A code
#: that stands for refusals worded apart (``bad_choice``: an entry's choice, a meld table) is
#: told apart by the names of the values the refusal carries, never by its English words.
PLAIN: dict[tuple[str, frozenset[str]], str] = {
    refusal_key("no_ending"): N_("say how the deal ended: who closed, a Pinnacolone, or stalled"),
    refusal_key("two_endings", "first", "second"): N_(
        "a deal ends in one way only: pick one ending"
    ),
    refusal_key("no_match_end"): N_(
        "may be left empty only when the match is played for a number of deals"
    ),
    refusal_key("needs"): N_("needs the kitty"),
    refusal_key("too_large", "first", "min_bid"): N_(
        "starts at {first}, above the minimum bid of {min_bid}: raise the minimum bid too"
    ),
    refusal_key("other_scoring", "mode", "scoring"): N_(
        "counts only when the scores are kept in {mode}, not in {scoring}"
    ),
    refusal_key("bad_choice", "choices", "given"): N_("is not one of the choices offered"),
    refusal_key("unknown"): N_("does not belong in this hand"),
    refusal_key("unknown_meld", "ids"): N_("is not a meld"),
    refusal_key("bad_choice", "presets"): N_("must be one of the meld tables offered"),
    refusal_key("unknown_option"): N_("is not a house rule of this game"),
    refusal_key("bad_idempotency_key", "most"): N_(
        "this page is out of date: open the match again"
    ),
    refusal_key("bad_idempotency_key", "code_point"): N_(
        "this page is out of date: open the match again"
    ),
}

#: The service's refusals carry no code: the one that names the API's words (a version) is
#: known by its template.
PLAIN_SERVICE: dict[str, str] = {
    "the match has changed (version {current}, not {given}): reload it and try again": N_(
        "another phone changed the match meanwhile: look at it again and try again"
    ),
}

#: A hand kept for a match that had already ended (:class:`~scorekeeper.rules.MatchOverError`).
_MATCH_OVER = N_("the match was over before hand {hand}")

#: Parameters whose values are English words of the game (``mode``: "units"), translated as
#: words; a value that names an API field is said in plain words (:data:`PLAIN_WORDS`).
_WORD_PARAMS = frozenset({"mode", "scoring", "other", "what", "trump"})
#: API words that may reach a message as a value, and how a page says them.
PLAIN_WORDS: dict[str, str] = {
    "meld": N_("meld"),
    "tricks": N_("tricks"),
    "took_trick": N_("took a trick"),
    "closed_by": N_("who closed"),
    "pinnacolone": N_("Pinnacolone"),
    "stalled": N_("stalled"),
    "in_mano": N_("in mano"),
    "all_pass": N_("all passed"),
    "thrown_in": N_("thrown in"),
}

#: What the first key of a path names, for a refusal shown away from any field.
_PATH_WORDS: dict[str, str] = {
    "meld": N_("Meld"),
    "tricks": N_("Tricks"),
    "took_trick": N_("took a trick"),
    "bidder": N_("Bidder"),
    "bid": N_("Bid"),
    "trump": N_("Trump"),
    "outcome": N_("Outcome"),
    "declared_out": N_("Declared out"),
    "closed_by": N_("The deal ended"),
    "pinnacolone": N_("The deal ended"),
    "stalled": N_("The deal ended"),
    "in_mano": N_("in mano (all at once)"),
    "dealer": N_("First dealer"),
    "players": N_("Players"),
    "teams": N_("Teams"),
    "rules": N_("House rules"),
}
#: The second key under ``sides.<side>``: a Pinnacola side's table or hand.
_SIDE_PARTS: dict[str, str] = {"table": N_("On the table"), "hand": N_("Left in hand")}
_PATH_KEY = re.compile(r"[^.\[\]]+")

#: A side and what of it a path names ("Ana, meld"); a message said with what it is about.
#: ``%``-style, as the pages have always written them (the catalog's entries are these).
_SIDE_WHAT = N_("%(side)s, %(what)s")
SUBJECT_MESSAGE = N_("%(subject)s: %(message)s")

#: The fields a page fills with buttons: a choice missing there is "pick one".
_PICKED = frozenset({"bidder", "trump", "outcome", "declared_out"})


def field_for_path(paths: Mapping[str, str], path: str) -> str | None:
    """The field whose API path is ``path`` or its nearest parent (``meld.Ben[2]`` -> meld).

    ``paths`` maps an API path to the name of the field that shows its errors.

    >>> field_for_path({"meld": "m", "meld.Ben": "meld_1"}, "meld.Ben[2]")
    'meld_1'
    """
    best: tuple[int, str] | None = None
    for field_path, name in paths.items():
        if (path == field_path or path.startswith((field_path + ".", field_path + "["))) and (
            best is None or len(field_path) > best[0]
        ):
            best = (len(field_path), name)
    return best[1] if best else None


def plain_subject(path: str, gettext: Gettext) -> str:
    """What an API path names, in words: ``meld.Ana`` -> "Ana, meld", ``sides.Us.table`` ->
    "Us, on the table"; ``_`` (the whole entry) and unknown keys -> "" (say nothing).

    >>> plain_subject("sides.Us.table", lambda text: text)
    'Us, on the table'
    """
    keys = _PATH_KEY.findall(path or "")
    if not keys or keys[0] == "_":
        return ""
    first, rest = keys[0], [key for key in keys[1:] if not key.isdigit()]
    if first == "sides" and rest:
        what = _SIDE_PARTS.get(rest[1]) if len(rest) > 1 else None
        return _side_what(rest[0], str(gettext(what)).lower(), gettext) if what else rest[0]
    word = _PATH_WORDS.get(first)
    if word is None:
        return ""
    if first in ("meld", "tricks", "took_trick") and rest:
        return _side_what(rest[0], str(gettext(PLAIN_WORDS[first])), gettext)
    return str(gettext(word))


def _side_what(side: str, what: str, gettext: Gettext) -> str:
    return str(gettext(_SIDE_WHAT)) % {"side": side, "what": what}


def _plain_value(name: str, value: object, gettext: Gettext) -> object:
    if isinstance(value, RuleError):
        return plain_rule_message(value, gettext)
    if isinstance(value, MatchOverError):
        return translate(_MATCH_OVER, {"hand": value.hand}, gettext)
    if isinstance(value, str) and value in PLAIN_WORDS:
        return str(gettext(PLAIN_WORDS[value]))
    if name in _WORD_PARAMS and isinstance(value, str):
        return str(gettext(value))
    return value


def plain_template(template: str, params: Mapping[str, object], gettext: Gettext) -> str:
    """An English template (the page's own words already) and its values, in ``gettext``'s
    language and plain words."""
    values = {name: _plain_value(name, value, gettext) for name, value in params.items()}
    return translate(template, values, gettext)


def plain_rule_message(error: RuleError, gettext: Gettext) -> str:
    """A refusal of the rules as a page says it: translated, no API field name or path.

    >>> plain_rule_message(RuleError("bidder", "must be text", code="not_text"), str)
    'Pick one.'
    """
    if error.code in ("not_text", "required") and error.path in _PICKED:
        return str(gettext(N_("Pick one.")))
    template = PLAIN.get(refusal_key(error.code, *error.params), error.template)
    return plain_template(template, error.params, gettext)


def plain_message_of(error: Any, gettext: Gettext) -> str:
    """What a service error (``Conflict``...: anything with ``template`` and ``params``) says,
    as a page says it."""
    template = str(error.template)
    return plain_template(PLAIN_SERVICE.get(template, template), dict(error.params), gettext)


def said_with_subject(subject: str, message: str, gettext: Gettext) -> str:
    """``message`` said with what it is about ("Ana, meld: must be at least 0")."""
    return str(gettext(SUBJECT_MESSAGE)) % {"subject": subject, "message": message}


def banner(
    paths: Mapping[str, str],
    field_name: str | None,
    message: str,
    gettext: Gettext,
    label: str = "",
) -> str:
    """The words of a refused entry's banner, said away from the field: ``message`` (the
    field's first error) with what the field is ("Ben, meld: must be at least 300"; issue 26:
    "Not saved. must be at least 300" named nothing), capitalised. The subject is what the most
    precise API path the field stands for names ("meld.Ben", not "meld"), else ``label``."""
    subject = ""
    if field_name is not None:
        named = sorted((p for p, name in paths.items() if name == field_name), key=len)
        subject = plain_subject(named[-1], gettext) if named else label
    if subject and not message.startswith(subject):
        return said_with_subject(subject, message, gettext)
    return message[:1].upper() + message[1:]


def page_refusal(
    paths: Mapping[str, str], error: RuleError, gettext: Gettext
) -> tuple[str | None, str]:
    """Where a page shows a refusal of the rules and what it says there: the field whose API
    path it names (``paths``: API path -> field name, as
    :func:`scorekeeper.rules.entry.paths_of` gives them), or ``None`` for the top of
    the form; there, a path no field stands for is said as what it names ("Ana, meld: ..."),
    never as the path itself.

    >>> page_refusal({}, RuleError("meld.Ana", "must be at least 0"), str)
    (None, 'Ana, meld: must be at least 0')
    """
    name = field_for_path(paths, error.path)
    message = plain_rule_message(error, gettext)
    if name is None:
        subject = plain_subject(error.path, gettext)
        if subject:
            message = said_with_subject(subject, message, gettext)
    return name, message
