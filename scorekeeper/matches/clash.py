"""Two phones score one match: when a hand form was made before another phone changed the
match, saving it is a clash. The page then says in plain words what changed meanwhile (a
hand saved, undone or corrected, the night ended), and shows the fresh form with what was
typed kept in it.

The answer to a clash is a redirect (303) to the page's address with the typing in its query
(:data:`~scorekeeper.web.contract.DRAFT`) and how many hands the form had seen
(:data:`~scorekeeper.web.contract.CLASH`): reloading that page asks again, it never sends the
stale form a second time. What the page then says is
:func:`scorekeeper.web.page.clash_notice`'s.
"""

from __future__ import annotations

from typing import Any, NoReturn

from flask import abort, redirect, request, url_for
from flask_babel import gettext as _

from .. import service
from ..web.contract import CLASH
from ..web.forms import add_error, carried_number, plain_message_of
from .hands import HandForm, draft_args


def on_conflict(form: HandForm, public_id: str, error: service.Conflict) -> None:
    """A write of ``form`` refused as a :class:`~scorekeeper.service.Conflict`: when the match
    changed since the form was made, go back to the page with the typing kept (a redirect, so
    a reload never sends the stale form again); any other conflict is said at the top of the
    form, in plain words."""
    given = carried_number(form["version"].data, 18)
    try:
        current = service.version_of(public_id)
    except service.NotFound:
        abort(404)
    if given is not None and given != current:
        _back_with_draft(form, public_id)
    add_error(form, None, _("Not stored: %(reason)s", reason=plain_message_of(error)))


def _back_with_draft(form: HandForm, public_id: str) -> NoReturn:
    seen = carried_number(form["seen"].data, 6)
    args: dict[str, Any] = {CLASH: str(seen or 0)}
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
