"""Marking a night of a group paid up, from its money page (docs/groups.md "Paid up"): a form
with the group's key (this phone's, as every write of the group pages) and its CSRF token; the
settle-up then counts the nights after it. Taking the mark back is the same form."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import Any

from babel.dates import format_date
from flask import abort, flash, redirect, request, url_for
from flask_babel import get_locale
from flask_babel import gettext as _

from .. import service
from ..models import Group
from ..rules import RuleError
from ..web.forms import plain_rule_message
from . import bp
from .forms import PaidForm
from .routes import lost_key, private_group


@bp.post("/g/<public_id>/paid")
def mark_paid(public_id: str) -> Any:
    """Mark the night the form names paid up, with every night before it."""
    return _paid_write(
        public_id,
        service.mark_paid,
        lambda night: _("Paid up to %(night)s.", night=_day(night)),
    )


@bp.post("/g/<public_id>/paid/undo")
def unmark_paid(public_id: str) -> Any:
    """Take back the paid-up mark of the night the form names."""
    return _paid_write(
        public_id,
        service.unmark_paid,
        lambda night: _("The mark of %(night)s is taken back.", night=_day(night)),
    )


def _paid_write(
    public_id: str,
    write: Callable[[str, str | None, object], list[date]],
    done: Callable[[date], str],
) -> Any:
    """Run the write, say what it did (or why not) and go back to the money page."""
    group, key = private_group(public_id)
    if not PaidForm().validate_on_submit():
        abort(400)
    night = request.form.get("night", "")
    try:
        write(public_id, key, night)
    except service.Unauthorized:
        lost_key(group)
    except RuleError as error:
        flash(plain_rule_message(error), "error")
    else:
        flash(done(date.fromisoformat(night)), "done")
    return redirect(_money_url(group), code=303)


def _day(night: date) -> str:
    """A night as the money page writes it (``dateformat``'s medium date)."""
    return str(format_date(night, "medium", locale=get_locale() or "en"))


def _money_url(group: Group) -> str:
    return url_for(".money", read_id=group.read_id, _anchor="who-pays")
