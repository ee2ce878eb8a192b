"""Two phones score one match: when a hand form was made before another phone changed the
match, saving it is a clash. The page then says in plain words what changed meanwhile (a
hand saved, undone or corrected, the night ended), and shows the fresh form with what was
typed kept in it.

The answer to a clash is a redirect (303) to the page's address with the typing in its query
(:data:`~.hands.DRAFT`) and how many hands the form had seen (``clash``): reloading that page
asks again, it never sends the stale form a second time.
"""

from __future__ import annotations

from typing import Any, NoReturn

from flask import abort, redirect, request, url_for
from flask_babel import gettext as _

from .. import service
from ..forms import add_error, plain_message_of
from ..models import Match
from ..rules import FINISHED, MatchState
from ..rules.variants import find_variant
from . import bp
from .hands import HandForm, draft_args

#: The query argument of a page shown again after a clash: the number of hands the stale
#: form was made from.
CLASH = "clash"


def on_conflict(form: HandForm, public_id: str, error: service.Conflict) -> None:
    """A write of ``form`` refused as a :class:`~scorekeeper.service.Conflict`: when the match
    changed since the form was made, go back to the page with the typing kept (a redirect, so
    a reload never sends the stale form again); any other conflict is said at the top of the
    form, in plain words."""
    given = (form["version"].data or "").strip()
    try:
        current = service.version_of(public_id)
    except service.NotFound:
        abort(404)
    if given.isdigit() and len(given) <= 18 and int(given) != current:
        _back_with_draft(form, public_id)
    add_error(form, None, _("Not stored: %(reason)s", reason=plain_message_of(error)))


def _back_with_draft(form: HandForm, public_id: str) -> NoReturn:
    seen = (form["seen"].data or "").strip()
    args: dict[str, Any] = {CLASH: seen if seen.isdigit() and len(seen) <= 6 else "0"}
    args.update(draft_args(form))
    if request.endpoint == "matches.correct_hand" and request.view_args:
        target = url_for(
            "matches.correct_hand",
            public_id=public_id,
            number=request.view_args["number"],
            **args,
        )
    else:
        target = url_for("matches.show", public_id=public_id, **args)
    abort(redirect(target, code=303))


@bp.app_template_global()
def clash_notice(match: Match, state: MatchState) -> dict[str, Any] | None:
    """What changed since the stale form was made (the page after a clash), for the banner:
    ``text``, and ``hand`` (the hand another phone saved, to show what it was) or ``None``."""
    seen_text = request.args.get(CLASH, "")
    if not seen_text.isdigit() or len(seen_text) > 6:
        return None
    seen = int(seen_text)
    hands = service.hand_count(match)
    words = find_variant(match.variant).table(service.setup_of(match)).words
    added = None
    if hands > seen and hands <= len(state.hands):
        added = state.hands[hands - 1]
        text = _(
            "Another phone saved %(hand)s meanwhile.",
            hand=_(words.numbered, n=hands).lower(),
        )
    elif hands < seen:
        text = _("Another phone undid %(hand)s meanwhile.", hand=_(words.numbered, n=seen).lower())
    elif state.status == FINISHED and match.finished:
        text = _("Another phone ended the night meanwhile.")
    else:
        text = _("Another phone corrected a hand meanwhile.")
    return {"text": text, "hand": added}
