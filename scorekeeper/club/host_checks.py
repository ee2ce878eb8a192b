"""The host's checks on a club page (docs/club.md §1): the night and this phone's host token
that works, else the 403 page that asks for the private link; and a host write from a page's
form. The host page (:mod:`.routes`), the desk (:mod:`.desk`) and the forms for the room as it
changes (:mod:`.people`) all write through them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from flask import Response, abort, flash, render_template
from flask_wtf import FlaskForm

from .. import service
from ..infra.security import no_store
from ..models import ClubNight
from ..rules import RuleError
from ..web.club_memory import forget_host, host_token, remember_night
from ..web.forms import carried_number, plain_message_of, plain_rule_message
from .lookups import night_or_404

T = TypeVar("T")


def locked_page(night: ClubNight | None = None) -> Response:
    """403: this phone has no host token that works (ask for the private link, §1)."""
    return no_store(Response(render_template("club/locked.html", night=night), 403))


def host_or_403(public_id: str) -> tuple[ClubNight, str]:
    """The night and this phone's host token; the 403 page without one that works."""
    night = night_or_404(public_id)
    token = host_token(public_id)
    if token is None or not service.is_host(night, token):
        if token is not None:
            forget_host(public_id)
        abort(locked_page(night))
    remember_night(night.read_id)
    return night, token


def host_attempt(
    public_id: str,
    form: FlaskForm,
    write: Callable[[str], T],
    refusal: Callable[[RuleError], str] = plain_rule_message,
    refused: tuple[type[Exception], ...] = (service.Conflict, service.NotFound),
) -> tuple[bool, T | None]:
    """A host write from a page: the host token (else the 403 page), ``form``'s CSRF (else a
    400), then ``write(token)``; whether it was done and what it gave. A refusal (``refused``,
    a 422 worded by ``refusal``) is said once on the next page, a token that stopped working
    forgotten for the 403 page."""
    night, token = host_or_403(public_id)
    if not form.validate_on_submit():
        abort(400)
    try:
        return True, write(token)
    except service.Unauthorized:
        forget_host(public_id)
        abort(locked_page(night))
    except refused as error:
        flash(plain_message_of(error))
    except RuleError as error:
        flash(refusal(error))
    return False, None


def form_version(form: Any) -> int | None:
    """The night's version a host form was shown at (its hidden ``version``), if it is a
    number."""
    return carried_number(form.version.data, 9)
