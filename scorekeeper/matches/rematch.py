"""New game, same table: the next match of the evening with the same players in the same
seats, the same teams and house rules, and the deal moved on one seat
(:func:`scorekeeper.service.rematch`). Offered under the winner on the match page and beside a
finished match on the home page; the phone that asks for it scores the new match."""

from __future__ import annotations

from flask import abort, flash, redirect, url_for
from flask_wtf import FlaskForm
from werkzeug.wrappers import Response

from .. import rate_limits, service
from ..forms import plain_rule_message
from ..rules import RuleError
from . import bp
from .routes import match_or_404, open_to_score


class RematchForm(FlaskForm):
    """The "New game, same table" button: nothing but its CSRF token."""


@bp.post("/m/<public_id>/rematch")
@rate_limits.new_matches
def rematch(public_id: str) -> Response:
    """Start the next match at this table and score it on this phone."""
    match_or_404(public_id)
    if not RematchForm().validate_on_submit():
        abort(400)
    try:
        new, token = service.rematch(public_id)
    except RuleError as error:  # house rules the rules no longer take for a new match
        flash(plain_rule_message(error))
        return redirect(url_for(".show", public_id=public_id), code=303)
    return open_to_score(new.public_id, token)
