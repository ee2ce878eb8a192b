"""What every form of the pages shares: number fields, big-button radio groups, reading a typed
number, and putting a refusal of the rules next to the field it names, in plain words.

The match pages (:mod:`scorekeeper.matches`), the group pages (:mod:`scorekeeper.groups`) and
the tools (:mod:`scorekeeper.tools`) all build on these; nothing here knows a game.

Plain words: the rules and the service speak to the API as well as to people, so a few of
their messages name the API's fields (``closed_by``) or a path (``meld.Ana``). A page never
shows those: :func:`plain_rule_message` and :func:`plain_message_of` say the same in a card
player's words (:data:`PLAIN`, by the refusal's code), and a path is said as the side and the
thing it names.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Iterable, Mapping
from typing import Any

from flask_babel import gettext as _
from flask_wtf import FlaskForm
from wtforms import Field, RadioField, SelectField

from ..i18n import translate
from ..rules import MatchOverError, RuleError
from ..rules.text import N_

try:  # WTForms 3.3 wants choices as SelectChoice; older versions take (value, label) pairs
    from wtforms import SelectChoice  # type: ignore[attr-defined,unused-ignore]
except ImportError:  # pragma: no cover
    SelectChoice = None

#: The attributes of a field that takes a whole number: the phone shows its number pad.
NUMERIC = {"inputmode": "numeric", "autocomplete": "off", "pattern": "-?[0-9]*"}


def choice_list(pairs: Iterable[tuple[str, Any]]) -> list[Any]:
    """Choices of a select or radio field, in the form this WTForms takes them."""
    return [
        SelectChoice(value, label) if SelectChoice else (value, label) for value, label in pairs
    ]


class FormError(Exception):
    """A field the page itself cannot read (text where a number belongs)."""

    def __init__(self, field_name: str, message: str) -> None:
        super().__init__(message)
        self.field_name = field_name
        self.message = message


class Buttons(RadioField):
    """A radio group shown as big buttons; any value (or none) passes to the rules, which judge."""

    def pre_validate(self, form: Any) -> None:
        """Accept any value: the rules check it and name the field when it is wrong."""


class AnySelect(SelectField):
    """A select whose value goes to the service as it is: the service names what is wrong."""

    def pre_validate(self, form: Any) -> None:
        """Accept any value."""


def add_error(form: FlaskForm, field_name: str | None, message: str) -> None:
    """Show ``message`` next to ``field_name`` (or at the top of the form when ``None``)."""
    if field_name is None or field_name not in form:
        form.form_errors.append(message)
        return
    target: Field = form[field_name]
    target.errors = [*target.errors, message]


def field_for_path(paths: Mapping[str, str], path: str) -> str | None:
    """The field whose API path is ``path`` or its nearest parent (``meld.Ben[2]`` -> meld).

    ``paths`` maps an API path to the name of the field that shows its errors.
    """
    best: tuple[int, str] | None = None
    for field_path, name in paths.items():
        if (path == field_path or path.startswith((field_path + ".", field_path + "["))) and (
            best is None or len(field_path) > best[0]
        ):
            best = (len(field_path), name)
    return best[1] if best else None


def show_rule_error(form: FlaskForm, paths: Mapping[str, str], error: RuleError) -> None:
    """Put a refusal of the rules next to the field whose API path it names (``paths``); a
    path no field stands for is shown at the top of the form, said as what it names (the
    side and the thing: "Ana, meld"), never as the path itself."""
    name = field_for_path(paths, error.path)
    message = plain_rule_message(error)
    if name is None:
        subject = plain_subject(error.path)
        if subject:
            message = _("%(subject)s: %(message)s", subject=subject, message=message)
    add_error(form, name, message)


def refusal_key(code: str, *names: str) -> tuple[str, frozenset[str]]:
    """The key of a refusal of the rules in :data:`PLAIN`: its code, and the names of the
    values it carries."""
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


def plain_subject(path: str) -> str:
    """What an API path names, in words: ``meld.Ana`` -> "Ana, meld", ``sides.Us.table`` ->
    "Us, on the table"; ``_`` (the whole entry) and unknown keys -> "" (say nothing)."""
    keys = _PATH_KEY.findall(path or "")
    if not keys or keys[0] == "_":
        return ""
    first, rest = keys[0], [key for key in keys[1:] if not key.isdigit()]
    if first == "sides" and rest:
        what = _SIDE_PARTS.get(rest[1]) if len(rest) > 1 else None
        return _("%(side)s, %(what)s", side=rest[0], what=_(what).lower()) if what else rest[0]
    word = _PATH_WORDS.get(first)
    if word is None:
        return ""
    if first in ("meld", "tricks", "took_trick") and rest:
        return _("%(side)s, %(what)s", side=rest[0], what=_(PLAIN_WORDS[first]))
    return str(_(word))


def _plain_value(name: str, value: object) -> object:
    if isinstance(value, RuleError):
        return plain_rule_message(value)
    if isinstance(value, MatchOverError):
        return translate(_MATCH_OVER, {"hand": value.hand})
    if isinstance(value, str) and value in PLAIN_WORDS:
        return str(_(PLAIN_WORDS[value]))
    if name in _WORD_PARAMS and isinstance(value, str):
        return str(_(value))
    return value


def plain_template(template: str, params: Mapping[str, object]) -> str:
    """An English template (the page's own words already) and its values, in the request's
    language and plain words."""
    values = {name: _plain_value(name, value) for name, value in params.items()}
    return translate(template, values)


#: The fields a page fills with buttons: a choice missing there is "pick one".
_PICKED = frozenset({"bidder", "trump", "outcome", "declared_out"})


def plain_rule_message(error: RuleError) -> str:
    """A refusal of the rules as a page says it: translated, no API field name or path."""
    if error.code in ("not_text", "required") and error.path in _PICKED:
        return str(_("Pick one."))
    template = PLAIN.get(refusal_key(error.code, *error.params), error.template)
    return plain_template(template, error.params)


def plain_message_of(error: Any) -> str:
    """What a service error (``Conflict``...) says, as a page says it."""
    template = str(error.template)
    return plain_template(PLAIN_SERVICE.get(template, template), dict(error.params))


def refused_text(form: FlaskForm, field: Field | None) -> str:
    """The words of a refused entry's banner, said away from the field: the first error of
    ``field`` (else the form's first) with what the field is ("Ben, meld: must be at least
    300"; issue 26: "Not saved. must be at least 300" named nothing), capitalised."""
    message = str(field.errors[0] if field is not None else form.form_errors[0])
    subject = ""
    if field is not None:
        paths = getattr(form, "api_paths", None) or {}
        # The most precise path the field stands for ("meld.Ben", not "meld").
        named = sorted((p for p, name in paths.items() if name == field.name), key=len)
        subject = plain_subject(named[-1]) if named else str(field.label.text)
    if subject and not message.startswith(subject):
        return _("%(subject)s: %(message)s", subject=subject, message=message)
    return message[:1].upper() + message[1:]


def read_number(form: FlaskForm, name: str) -> int | None:
    """The whole number typed in ``name``, ``None`` when blank; refuses anything else."""
    text = (form[name].data or "").strip().replace(" ", "")
    if not text:
        return None
    if not re.fullmatch(r"-?\d{1,7}", text):
        raise FormError(name, _("Enter a whole number."))
    return int(text)


def new_key() -> str:
    """A fresh idempotency key for a form that writes, made when the form is rendered."""
    return secrets.token_urlsafe(16)
