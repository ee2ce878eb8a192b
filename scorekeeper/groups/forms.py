"""The forms of the group pages. Each one carries its CSRF token; the choices of a select are
the page's, and the service judges what comes back (an unknown player is refused by name)."""

from __future__ import annotations

from typing import Any

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import StringField

from ..rules.core.names import NAME_MAX
from ..web.forms import AnySelect

#: A name's field: a phone offers capitals and no autocorrection.
NAME_FIELD: dict[str, Any] = {
    "autocomplete": "off",
    "maxlength": str(NAME_MAX),
    "autocapitalize": "words",
}


class GroupNameForm(FlaskForm):
    """ "Start a group": what the table calls itself."""

    name = StringField(_l("Name of the group"), render_kw=NAME_FIELD)


class PlayerNameForm(FlaskForm):
    """A new name for the roster."""

    name = StringField(_l("Name"), render_kw=NAME_FIELD)


class RenameForm(FlaskForm):
    """Call a player of the roster by a new name."""

    player = AnySelect(_l("Player"))
    name = StringField(_l("New name"), render_kw=NAME_FIELD)


class MergeForm(FlaskForm):
    """Merge a name into another: the same person typed two ways ("Bob" and "Robert")."""

    player = AnySelect(_l("Player"))
    into = AnySelect(_l("is the same person as"))


class MatchChoiceForm(FlaskForm):
    """Put one of this phone's matches in the group."""

    match = AnySelect(_l("Match"))


class PaidForm(FlaskForm):
    """Mark a night paid up, or take the mark back: the night comes in a hidden field of its
    own (``night``), judged by the service; this form is its CSRF token."""
