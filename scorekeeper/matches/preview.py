"""The hand form's preview before Save (issue 26, item 4): the form posted as it stands
answers the hand as it will count ("Ben & Dee made 330: +330", "set: -320"), an HTML fragment
that the page's script (static/app.js) shows under Save. The rules count it
(:func:`~scorekeeper.service.preview_hand`, :mod:`scorekeeper.rules.contract.result`); nothing is
stored. Checked as a save is (CSRF, the phone's edit token or scorer key); an entry the rules
refuse, or one still being typed, answers 422 and an empty fragment: the page shows nothing.
Counted by the hands each replays (issue 37: :mod:`scorekeeper.service.replay_work`), and
refused at once while the match's or the address's budget is spent."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import abort, make_response, render_template
from werkzeug.wrappers import Response

from .. import service
from ..infra import rate_limits, replay_limits
from ..infra.security import no_store
from ..rules import HandResult, RuleError
from ..rules.contract.result import other_notes, result_lines
from ..rules.core.match import Setup
from ..web.forms import FormError
from ..web.lookups import match_or_404
from ..web.session import token_for
from . import bp
from .hands import HandForm, hand_form_class, read_hand
from .routes import table_of


@bp.post("/m/<public_id>/hands/preview")
@rate_limits.previews
@replay_limits.budgeted
def preview_hand(public_id: str) -> Response:
    """The next hand as typed so far, as it will count; 422 (empty) while the rules refuse it."""
    match = match_or_404(public_id)
    token = token_for(public_id)
    if token is None:
        abort(403)
    state = service.state_of(match)
    form = hand_form_class(table_of(match, state.active))()
    return _answer(form, lambda entry: service.preview_hand(public_id, token, entry))


@bp.post("/m/<public_id>/hands/<int:number>/preview")
@rate_limits.previews
@replay_limits.budgeted
def preview_correction(public_id: str, number: int) -> Response:
    """Hand ``number`` as the correction typed so far would make it count."""
    match = match_or_404(public_id)
    token = token_for(public_id)
    if token is None:
        abort(403)
    state = service.state_of(match)
    if not 1 <= number <= len(state.hands):
        abort(404)
    form = hand_form_class(table_of(match, state.hands[number - 1].active))()
    return _answer(form, lambda entry: service.preview_correction(public_id, token, number, entry))


def _answer(
    form: HandForm, count: Callable[[dict[str, Any]], tuple[HandResult, Setup]]
) -> Response:
    """The preview fragment of what ``form`` holds, counted by ``count``; 422 (empty) while
    the rules refuse it."""
    if not form.validate_on_submit():
        abort(400)
    try:
        hand, setup = count(read_hand(form))
    except service.Unauthorized:
        abort(403)
    except (FormError, RuleError, service.Conflict, service.NotFound):
        return no_store(make_response("", 422))
    html = render_template(
        "matches/_preview.html", lines=result_lines(hand, setup), notes=other_notes(hand)
    )
    return no_store(make_response(html))
