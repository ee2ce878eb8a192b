"""New game, same table: the next match of the evening with the same players in the same
seats, the same teams and house rules, and the deal moved on one seat
(:func:`scorekeeper.service.rematch`). Offered under the winner on the match page and beside a
finished match on the home page; the phone that asks for it scores the new match. A match of
a group (docs/groups.md) goes on in that group when this phone holds the group's key: the same
seats stand for the same players of its roster. A club night's match is not offered one: its
next match is the night's next round at that table (docs/club.md §7.3), and a match made
beside the night would count for nothing in it."""

from __future__ import annotations

from flask import abort, flash, redirect, url_for
from flask_wtf import FlaskForm
from werkzeug.wrappers import Response

from .. import service
from ..infra import rate_limits
from ..rules import RuleError
from ..web.forms import plain_message_of, plain_rule_message
from ..web.lookups import match_or_404
from ..web.session import key_for, open_to_score
from . import bp


class RematchForm(FlaskForm):
    """The "New game, same table" button: nothing but its CSRF token."""


@bp.post("/m/<public_id>/rematch")
@rate_limits.new_matches
def rematch(public_id: str) -> Response:
    """Start the next match at this table and score it on this phone."""
    match = match_or_404(public_id)
    if not RematchForm().validate_on_submit():
        abort(400)
    group = service.group_of(match)
    key = key_for(group) if group is not None else None
    place = service.GroupPlace(group.public_id, key) if group is not None and key else None
    try:
        new, token = service.rematch(public_id, group=place)
    except service.Unauthorized:  # the group's key stopped working: the match goes on alone
        new, token = service.rematch(public_id)
    except RuleError as error:  # house rules the rules no longer take for a new match
        flash(plain_rule_message(error))
        return redirect(url_for(".show", public_id=public_id), code=303)
    except service.Conflict as error:  # a club night's match: it goes on in the next round
        flash(plain_message_of(error))
        return redirect(url_for(".show", public_id=public_id), code=303)
    return open_to_score(new.public_id, token)
