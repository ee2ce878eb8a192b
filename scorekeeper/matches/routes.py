"""Routes of the phone pages. Thin: read the form into the API's body, call the service,
redirect; on a refusal show the page again with the message next to the field it names.

A hand form sent by the page's script (static/queue.js) says so with the
:data:`~scorekeeper.web.contract.SWAP` header: a hand stored is then answered with the match
page itself (200), which the script swaps in place, instead of a redirect and a second request
(issue 14). Without the script the form is posted and answered as always."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_wtf import FlaskForm
from werkzeug.wrappers import Response
from wtforms import HiddenField

from .. import service
from ..infra import rate_limits, replay_limits
from ..models import Match
from ..rules import FINISHED, HandResult, MatchState, RuleError
from ..rules.contract.writes import repeated_hand
from ..rules.games.registry import all_variants, find_variant
from ..rules.games.table import Layout
from ..web.contract import CARRIED, REPEATED, SWAP
from ..web.forms import (
    FormError,
    add_error,
    carried_number,
    new_key,
    plain_message_of,
    plain_rule_message,
    show_rule_error,
)
from ..web.lookups import match_or_404, variant_or_404
from ..web.new_match import grouped_options, new_match_error, new_match_form_class, read_new_match
from ..web.page import TRUMP_SYMBOLS, typing_withheld, undone_text
from ..web.session import (
    handed_over,
    mark_scoring,
    no_longer_scoring,
    open_to_score,
    remember_opened,
    scoring_token,
    token_for,
)
from . import bp
from .clash import on_conflict
from .hands import (
    HandForm,
    ToolLink,
    apply_chip,
    hand_form_class,
    hand_form_data,
    query_prefill,
    read_hand,
)

#: How many of the latest hands the match page lists before "Show the whole list".
HISTORY = 40


class ActionForm(FlaskForm):
    """A button that changes the match (undo, end the night): CSRF, version, double-tap key."""

    idempotency_key = HiddenField()
    version = HiddenField()


# --- Starting a match ------------------------------------------------------------------------


@bp.get("/new")
def choose_variant() -> str:
    """The variant picker: every form with its one-line description."""
    return render_template("matches/choose.html", variants=all_variants())


@bp.route("/new/<variant_id>", methods=["GET", "POST"])
@rate_limits.new_matches
def new_match(variant_id: str) -> Any:
    """Players in seating order, teams, first dealer and house rules of one variant."""
    variant = variant_or_404(variant_id)
    form = new_match_form_class(variant)()
    status = 200
    if form.validate_on_submit():
        new = read_new_match(form)
        try:
            match, token = service.create_match(
                variant.id, new.players, new.teams, new.rules, new.dealer
            )
        except FormError as error:
            add_error(form, error.field_name, error.message)
        except RuleError as error:
            new_match_error(form, new, error)
        else:
            return open_to_score(match.public_id, token)
        status = 422
    elif request.method == "POST":
        status = 422
    return (
        render_template(
            "matches/new.html",
            form=form,
            variant=variant,
            option_groups=grouped_options(form.option_specs),
        ),
        status,
    )


# --- The match page --------------------------------------------------------------------------


def table_of(match: Match, active: tuple[str, ...] = ()) -> Layout:
    """How a hand of this match, dealt to ``active``, is shown and typed in (its variant
    says)."""
    return find_variant(match.variant).layout(service.setup_of(match), active)


def _hand_form(table: Layout, match: Match, data: dict[str, Any] | None = None) -> HandForm:
    """A fresh hand form: a new double-tap key and the version it was made from (never what
    a request posted: the page that answers a hand stored shows an empty form)."""
    form = hand_form_class(table)(formdata=None, data=data)
    form["idempotency_key"].data = new_key()
    form["version"].data = str(match.version)
    form["seen"].data = str(service.hand_count(match))
    return form


def _action_form(match: Match) -> ActionForm:
    form = ActionForm(formdata=None)
    form["idempotency_key"].data = new_key()
    form["version"].data = str(match.version)
    return form


def _version(form: FlaskForm) -> int | None:
    # At most 18 digits: int() refuses more than 4,300 (a 500), and no version gets that far.
    return carried_number(form["version"].data, 18)


def _render_match(
    match: Match, state: MatchState, form: HandForm | None, status: int = 200
) -> tuple[str, int]:
    can_edit = token_for(match.public_id) is not None
    if can_edit:
        mark_scoring()
    table = table_of(match, state.active)
    settlement = None
    if state.status == FINISHED and table.units and form is None:
        try:
            settlement = service.settlement(match, state)
        except service.Conflict:
            settlement = None
    return (
        render_template(
            "matches/show.html",
            match=match,
            state=state,
            table=table,
            title=find_variant(match.variant).title,
            form=form,
            can_edit=can_edit,
            handed_over=not can_edit and handed_over(match.public_id),
            action=_action_form(match) if can_edit else None,
            settlement=settlement,
            chips=table.melds.named_chips,
            trumps=TRUMP_SYMBOLS,
            problems=[
                {"hand": problem.hand, "message": plain_rule_message(problem.error)}
                for problem in state.problems
            ],
            stored_hands=service.hand_count(match),
            # The latest hands only, unless the page asks for every one (?hands=all): a phone
            # scrolls back a few hands, and a page of 1,000 rows costs the server and the phone.
            shown_hands=state.hands
            if request.args.get("hands") == "all"
            else state.hands[-HISTORY:],
        ),
        status,
    )


def _tool_link(public_id: str, args: Any) -> ToolLink:
    """The tools' link of a hand form, carrying what the address carries for other sides."""
    return ToolLink(public_id, {k: v for k, v in args.items() if k.startswith(CARRIED)})


@bp.get("/m/<public_id>")
def show(public_id: str) -> Any:
    """Totals, whose deal, the next hand's form (for the creator) and the history of hands."""
    return _match_page(public_id, request.args)


def _match_page(public_id: str, args: Any) -> tuple[str, int]:
    """The match page, its hand form filled in from ``args`` (a tool's result, a clash)."""
    match = match_or_404(public_id)
    remember_opened(public_id)
    scoring_token(match)  # forgets a token that another phone's take-over made stale
    state = service.state_of(match)
    form = None
    # A stored hand the rules refuse (docs/rules.md §7) is corrected or undone before any other.
    # A club night's match over by its round's limit (docs/club.md §7.2) takes no more hands.
    if (
        token_for(public_id)
        and state.status != FINISHED
        and not state.problems
        and not service.match_limit_view(match).over
    ):
        table = table_of(match, state.active)
        typed = not typing_withheld(match, args)
        form = _hand_form(table, match, query_prefill(table, args, typed=typed))
        form.tools = _tool_link(public_id, args)
    return _render_match(match, state, form)


def _stored(public_id: str, anchor: str | None = None) -> Any:
    """The answer to a hand stored: the match page itself to the page's script (it swaps it in
    place, :data:`~scorekeeper.web.contract.SWAP`), else a redirect to it (a reload then sends
    nothing again)."""
    if request.headers.get(SWAP):
        return _match_page(public_id, {})
    return redirect(url_for(".show", public_id=public_id, _anchor=anchor), code=303)


def _token_or_403(public_id: str) -> str:
    token = token_for(public_id)
    if token is None:
        abort(403)
    return token


@bp.post("/m/<public_id>/hands")
def add_hand(public_id: str) -> Any:
    """Store the next hand, or show the form again with the rules' refusal."""
    match = match_or_404(public_id)
    token = _token_or_403(public_id)
    state = service.state_of(match)
    form = hand_form_class(table_of(match, state.active))()
    form.tools = _tool_link(public_id, {})
    if not form.validate_on_submit():
        abort(400)
    if apply_chip(form):
        return _render_match(match, state, form)
    repeated = _repeated(form, match, state)
    if repeated is not None:
        # The same deal another phone stored meanwhile: not stored twice (issue 38 point 1).
        said: dict[str, Any] = {REPEATED: repeated}
        return redirect(url_for(".show", public_id=public_id, **said), code=303)
    if _store_hand(form, service.add_hand, public_id, token):
        return _stored(public_id)
    return _render_match(match, state, form, 422)


def _repeated(form: HandForm, match: Match, state: MatchState) -> int | None:
    """The hand another phone stored that this stale form repeats exactly, or ``None``
    (:func:`~scorekeeper.rules.contract.writes.repeated_hand`): the form says how many hands
    it saw; an entry that does not read is the write's to refuse, and a key already used is
    this phone's own write sent again (answered as it was)."""
    seen = carried_number(form["seen"].data, 6)
    if seen is None or seen >= len(state.hands):
        return None
    if service.remembered(match, form["idempotency_key"].data or None):
        return None
    try:
        entry = read_hand(form)
    except (FormError, RuleError):
        return None
    return repeated_hand(seen, [hand.input for hand in state.hands], entry)


def _store_hand(form: HandForm, write: Callable[..., Any], public_id: str, *args: Any) -> bool:
    """Hand the form's entry to a service write (add or replace); on a refusal put the message
    next to the field it names and return False: nothing was stored."""
    try:
        write(
            public_id,
            *args,
            read_hand(form),
            version=_version(form),
            idempotency_key=form["idempotency_key"].data or None,
        )
    except service.Unauthorized:
        no_longer_scoring(public_id)
    except FormError as error:
        add_error(form, error.field_name, error.message)
    except RuleError as error:
        show_rule_error(form, form.api_paths, error)
    except service.Conflict as error:
        on_conflict(form, public_id, error)  # a clash goes back to the page, typing kept
    else:
        return True
    return False


@bp.route("/m/<public_id>/hands/<int:number>", methods=["GET", "POST"])
@replay_limits.budgeted
def correct_hand(public_id: str, number: int) -> Any:
    """Correct an earlier hand: the same form, filled with what was entered."""
    match = match_or_404(public_id)
    token = _token_or_403(public_id)
    state = service.state_of(match)
    hand = _hand_to_correct(match, state, number)
    table = table_of(match, hand.active)
    status = 200
    if request.method == "GET":
        # After a clash the address carries what was typed (clash.py): it wins.
        data = {
            **hand_form_data(table, hand.input, hand.facts),
            **query_prefill(table, request.args),
        }
        form = _hand_form(table, match, data)
    else:
        form = hand_form_class(table)()
        if not form.validate_on_submit():
            abort(400)
        if not apply_chip(form):
            if _store_hand(form, service.replace_hand, public_id, token, number):
                return _stored(public_id, "hands")
            status = 422
    return (
        render_template(
            "matches/correct.html",
            match=match,
            state=state,
            hand=hand,
            form=form,
            title=find_variant(match.variant).title,
            chips=table.melds.named_chips,
            trumps=TRUMP_SYMBOLS,
        ),
        status,
    )


def _hand_to_correct(match: Match, state: MatchState, number: int) -> HandResult:
    """Hand ``number`` as the rules read it; a stored hand they refuse (the first problem,
    docs/rules.md §7) as it was entered, dealt as the match stands before it."""
    if 1 <= number <= len(state.hands):
        return state.hands[number - 1]
    if state.problems and number == state.problems[0].hand <= len(match.hands):
        stored = match.hands[number - 1].input
        return HandResult(number, state.dealer, stored, active=state.active)
    abort(404)


@bp.post("/m/<public_id>/hands/<int:number>/undo")
def undo_hand(public_id: str, number: int) -> Response:
    """Undo the last hand."""
    return _action(
        public_id,
        lambda token, form: service.delete_last_hand(
            public_id,
            token,
            number,
            version=_version(form),
            idempotency_key=form["idempotency_key"].data or None,
        ),
        done=undone_text(match_or_404(public_id), number),
    )


@bp.post("/m/<public_id>/finish")
def finish(public_id: str) -> Response:
    """End the night: the match is over, the settle-up is shown."""
    return _action(
        public_id,
        lambda token, form: service.finish_match(
            public_id,
            token,
            version=_version(form),
            idempotency_key=form["idempotency_key"].data or None,
        ),
    )


@bp.post("/m/<public_id>/reopen")
def reopen(public_id: str) -> Response:
    """Take back "End the night": the match goes on, every hand kept."""
    return _action(
        public_id,
        lambda token, form: service.reopen_match(
            public_id,
            token,
            version=_version(form),
            idempotency_key=form["idempotency_key"].data or None,
        ),
        done=_("The night is open again: the next hand can be saved."),
    )


def _action(
    public_id: str, write: Callable[[str, ActionForm], Any], done: str | None = None
) -> Response:
    """Run a button's write; ``done`` is said on the page after it (an undo says so)."""
    match_or_404(public_id)
    token = _token_or_403(public_id)
    form = ActionForm()
    if not form.validate_on_submit():
        abort(400)
    try:
        write(token, form)
    except service.Unauthorized:
        no_longer_scoring(public_id)
    except service.NotFound:
        abort(404)
    except service.Conflict as error:
        flash(_("Not done: %(reason)s", reason=plain_message_of(error)))
    except RuleError as error:  # a double-tap key the service refuses (a tampered form)
        flash(_("Not done: %(reason)s", reason=plain_rule_message(error)))
    else:
        if done:
            flash(done, "done")
    return redirect(url_for(".show", public_id=public_id), code=303)
