"""Routes of a group's pages (docs/groups.md). Thin, as the match pages: read the form, call the
service, redirect; on a refusal show the page again with the message next to the field.

Two links reach a group. The private link (``/g/<public_id>/open?key=<token>``) gives the phone
that opens it the group's key (kept in its session, :mod:`scorekeeper.web.session`) and goes on
to the group's own page (``/g/<public_id>``), where the roster is kept and matches are started.
The read-only link (``/r/<read_id>``) shows the same group, its records, money and ratings, and
changes nothing."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NoReturn

from flask import (
    Response,
    abort,
    flash,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import gettext as _
from flask_wtf import FlaskForm

from .. import service
from ..infra import rate_limits
from ..infra.security import external_url, no_store
from ..models import Group, GroupPlayer, Match
from ..rules import RuleError
from ..rules.almanac.summary import MatchSummary
from ..rules.games.registry import all_variants, find_variant
from ..web.forms import FormError, add_error, plain_message_of, plain_rule_message
from ..web.imports import import_page
from ..web.lookups import group_or_404, group_to_read_or_404, match_or_404, variant_or_404
from ..web.new_match import (
    grouped_options,
    new_match_error,
    new_match_form_class,
    read_new_match,
)
from ..web.page import GroupChoiceForm, members_text
from ..web.qr import qr_svg
from ..web.session import (
    forget_key,
    held_keys,
    keep_key,
    key_for,
    open_to_score,
    opened_matches,
    remember_group,
    token_for,
)
from . import bp
from .forms import (
    GroupNameForm,
    MatchChoiceForm,
    MergeForm,
    PlayerNameForm,
    RenameForm,
)

#: How many of the latest matches the group page lists before "Show every match".
LATEST = 20


# --- Starting a group and its links ------------------------------------------------------------


@bp.route("/groups/new", methods=["GET", "POST"])
@rate_limits.new_matches
def start_group() -> Any:
    """Start a group: its name; then its links, for the others at the table to scan."""
    form = GroupNameForm()
    status = 200
    if form.validate_on_submit():
        try:
            group, token = service.create_group(form.name.data or "")
        except RuleError as error:
            add_error(form, "name", plain_rule_message(error))
        else:
            keep_key(group, token)
            flash(_("The group is started. Let the others at the table scan its link."), "done")
            return no_store(redirect(url_for(".share", public_id=group.public_id), code=303))
        status = 422
    elif request.method == "POST":
        status = 422
    return render_template("groups/start.html", form=form), status


@bp.get("/g/<public_id>/open")
@rate_limits.joins
def open_private_link(public_id: str) -> Any:
    """The private link: keep the group's key on this phone and go to the group's page (the
    address then no longer shows the key)."""
    group = group_or_404(public_id)
    key = request.args.get("key", "")
    try:
        service.check_group_token(group, key)
    except service.Unauthorized:
        return _locked(group)
    keep_key(group, key)
    return no_store(redirect(url_for(".show", public_id=public_id), code=303))


@bp.get("/g/<public_id>/share")
def share(public_id: str) -> Any:
    """The group's two links with their QR codes: private (writes) and read-only."""
    group, key = private_group(public_id)
    private_url = external_url(".open_private_link", public_id=public_id, key=key)
    read_url = external_url(".read", read_id=group.read_id)
    return no_store(
        Response(
            render_template(
                "groups/share.html",
                group=group,
                private_url=private_url,
                private_qr=qr_svg(private_url, _("Private link of the group")),
                read_url=read_url,
                read_qr=qr_svg(read_url, _("Read-only link of the group")),
            )
        )
    )


@bp.post("/g/<public_id>/link")
def replace_private_link(public_id: str) -> Any:
    """Replace the group's private link: the old one stops opening the group at once, this
    phone keeps the new one and is shown it to share again."""
    group, key = private_group(public_id)
    if not FlaskForm().validate_on_submit():  # the CSRF token: no other page can post this
        abort(400)
    try:
        token = service.replace_group_token(public_id, key)
    except service.Unauthorized:
        lost_key(group)
    keep_key(group, token)
    flash(
        _(
            "The private link is new: the old one no longer opens the group. Let the others "
            "at the table scan this one."
        ),
        "done",
    )
    return no_store(redirect(url_for(".share", public_id=public_id), code=303))


# --- The group's page --------------------------------------------------------------------------


@bp.get("/g/<public_id>")
def show(public_id: str) -> Any:
    """The group's own page: its matches, its roster (rename, merge), a new match."""
    group, key = private_group(public_id)
    return _render_group(group, key)


@bp.get("/r/<read_id>")
def read(read_id: str) -> Any:
    """The group as its read-only link shows it: matches and roster, nothing to change."""
    group = group_to_read_or_404(read_id)
    remember_group(group)
    return _render_group(group, None)


def _render_group(
    group: Group, key: str | None, forms: dict[str, FlaskForm] | None = None, status: int = 200
) -> tuple[str, int]:
    players = service.roster(group)
    seats = service.group_seats(group)
    played = service.match_counts(players, seats)
    # A seat is named as the roster calls it now: renamed, or merged into another (issue 26).
    roots = service.player_roots(players)
    names = {player.id: player.name for player in players}
    names_now = {player: names[root] for player, root in roots.items() if root in names}
    matches = service.group_matches(group)
    shown = matches if request.args.get("matches") == "all" else matches[-LATEST:]
    # The list reads each match's summary (no replay; docs/groups.md "Summaries").
    summaries = {
        played.public_id: played.summary for played in service.group_history(group).matches
    }
    edit = key is not None
    given = forms or {}
    current = [(str(p.id), p.name) for p in _by_name(players) if p.merged_into_id is None]
    roster_forms: dict[str, Any] = {}
    if edit:
        roster_forms = {
            "add": given.get("add") or PlayerNameForm(prefix="add", formdata=None),
            "rename": given.get("rename") or RenameForm(prefix="rename", formdata=None),
            "merge": given.get("merge") or MergeForm(prefix="merge", formdata=None),
        }
        roster_forms["rename"].player.choices = current
        roster_forms["merge"].player.choices = current
        roster_forms["merge"].into.choices = current
    return (
        render_template(
            "groups/show.html",
            group=group,
            can_edit=edit,
            players=[
                {
                    "id": player.id,
                    "name": player.name,
                    "merged_into": names.get(player.merged_into_id or 0),
                    "matches": played.get(player.id, 0),
                }
                for player in _by_name(players)
            ],
            renames=service.renames(group) if players else [],
            matches=[
                _match_row(m, summaries.get(m.public_id), seats.get(m.id, {}), names_now)
                for m in reversed(shown)
            ],
            match_count=len(matches),
            roster_forms=roster_forms,
            roster_open=bool(given.keys() & roster_forms.keys()),
            add_match=(given.get("add-match") or _add_match_form()) if edit else None,
        ),
        status,
    )


def _by_name(players: list[GroupPlayer]) -> list[GroupPlayer]:
    return sorted(players, key=lambda player: player.name.casefold())


def _add_match_form() -> MatchChoiceForm | None:
    """The matches this phone keeps the score of (the edit token: a phone that scores too may
    not, docs/sharing.md) that are in no group yet, to put one in this group."""
    form = MatchChoiceForm(prefix="add-match", formdata=None)
    choices = []
    for public_id in opened_matches():
        token = token_for(public_id)
        if token is None:
            continue
        try:
            match = service.get_match(public_id)
        except service.NotFound:
            continue
        if service.token_role(match, token) == "edit" and service.group_of(match) is None:
            title = _(find_variant(match.variant).title)
            choices.append((public_id, f"{title}: {', '.join(match.players)}"))
    if not choices:
        return None
    form.match.choices = choices
    return form


def _match_row(
    match: Match, summary: MatchSummary | None, seats: dict[str, int], names: dict[int, str]
) -> dict[str, Any]:
    """A match of the group's list: its form, seats, night and how it stands, from its
    summary (replayed only when it has none yet)."""
    if summary is None:
        summary = service.summary_of(match)
    winners = list(summary.winners)
    return {
        "id": match.public_id,
        "title": find_variant(match.variant).title,
        "night": service.night_of(match.created_at),
        "players": match.players,
        "winner": members_text(winners) if winners else None,
        "finished": summary.finished,
        "hands": summary.hands,
        # A seat whose player is called otherwise on the roster now: "Bob (Robert)", renamed
        # or merged into Robert (``names``: each roster player's name now).
        "renamed": {
            seat: names[player]
            for seat, player in seats.items()
            if player in names and names[player] != seat
        },
    }


# --- The roster --------------------------------------------------------------------------------


@bp.post("/g/<public_id>/players")
def add_player(public_id: str) -> Any:
    """Put a name on the roster."""
    group, key = private_group(public_id)
    form = PlayerNameForm(prefix="add")
    return _roster_write(
        group,
        "add",
        form,
        lambda: service.add_player(public_id, key, form.name.data or ""),
        _("%(name)s is on the roster."),
    )


@bp.post("/g/<public_id>/players/rename")
def rename_player(public_id: str) -> Any:
    """Call a roster player by a new name; the old one is kept in the history."""
    group, key = private_group(public_id)
    form = RenameForm(prefix="rename")
    return _roster_write(
        group,
        "rename",
        form,
        lambda: service.rename_player(
            public_id, key, _player_id(form.player.data), form.name.data or ""
        ),
        _("%(name)s is the new name."),
    )


@bp.post("/g/<public_id>/players/merge")
def merge_player(public_id: str) -> Any:
    """Two names of one person: the first counts as the second from now on."""
    group, key = private_group(public_id)
    form = MergeForm(prefix="merge")
    return _roster_write(
        group,
        "merge",
        form,
        lambda: service.merge_player(
            public_id, key, _player_id(form.player.data), _player_id(form.into.data)
        ),
        _("Merged: %(name)s counts every match of both names."),
    )


def _player_id(text: str | None) -> object:
    """A roster player's id as the select sent it (anything else goes to the service as it
    came, which refuses it by name)."""
    text = text or ""
    return int(text) if text.isdigit() and len(text) < 12 else text


def _roster_write(
    group: Group, name: str, form: FlaskForm, write: Callable[[], GroupPlayer], done: str
) -> Any:
    """Run a roster write; on a refusal show the group page again with the message next to
    the field it names (422), having changed nothing."""
    if not form.validate_on_submit():
        abort(400)
    try:
        player = write()
    except service.Unauthorized:
        lost_key(group)
    except RuleError as error:
        add_error(form, error.path if error.path in form else None, plain_rule_message(error))
    except service.Conflict as error:
        add_error(form, None, plain_message_of(error))
    else:
        flash(done % {"name": player.name}, "done")
        return redirect(url_for(".show", public_id=group.public_id, _anchor="roster"), code=303)
    return _render_group(group, key_for(group), {name: form}, 422)


# --- Matches of the group -----------------------------------------------------------------------


@bp.get("/g/<public_id>/new")
def choose_variant(public_id: str) -> str:
    """What the group plays next: every form, as the new-match picker lists them."""
    group, _key = private_group(public_id)
    return render_template("groups/choose.html", group=group, variants=all_variants())


@bp.route("/g/<public_id>/new/<variant_id>", methods=["GET", "POST"])
@rate_limits.new_matches
def new_match(public_id: str, variant_id: str) -> Any:
    """A new match of the group: the seats are picked from the roster (a name typed that is
    not on it goes on it); this phone scores the match."""
    group, key = private_group(public_id)
    variant = variant_or_404(variant_id)
    form = new_match_form_class(variant)()
    for i in range(form.seats):
        field = form[f"player_{i}"]
        field.render_kw = {**(field.render_kw or {}), "list": "roster"}
    status = 200
    if form.validate_on_submit():
        new = read_new_match(form)
        place = service.GroupPlace(public_id, key)
        try:
            match, token = service.create_match(
                variant.id, new.players, new.teams, new.rules, new.dealer, group=place
            )
        except service.Unauthorized:
            lost_key(group)
        except FormError as error:
            add_error(form, error.field_name, error.message)
        except RuleError as error:
            new_match_error(form, new, error)
        else:
            return open_to_score(match.public_id, token)
        status = 422
    elif request.method == "POST":
        status = 422
    players = service.roster(group)
    return (
        render_template(
            "groups/new_match.html",
            group=group,
            form=form,
            variant=variant,
            option_groups=grouped_options(form.option_specs),
            names=sorted((p.name for p in players if p.merged_into_id is None), key=str.casefold),
        ),
        status,
    )


@bp.post("/g/<public_id>/matches")
def add_match(public_id: str) -> Any:
    """Put one of this phone's matches in the group."""
    group, key = private_group(public_id)
    form = MatchChoiceForm(prefix="add-match")
    if not form.validate_on_submit():
        abort(400)
    match_id = form.match.data or ""
    try:
        match = service.add_match_to_group(public_id, key, match_id, token_for(match_id))
    # This phone no longer scores that match, or only scores it too (not its scorekeeper).
    except (service.Unauthorized, service.Forbidden) as refusal:
        add_error(form, "match", plain_message_of(refusal))
    except RuleError as error:
        add_error(form, "match", plain_rule_message(error))
    else:
        flash(_("The match is in the group now: %(title)s.", title=_title(match)), "done")
        return redirect(url_for(".show", public_id=public_id), code=303)
    offered = _add_match_form()
    form.match.choices = offered.match.choices if offered else []
    return _render_group(group, key, {"add-match": form}, 422)


@bp.route("/g/<public_id>/import", methods=["GET", "POST"])
@rate_limits.imports
def import_match(public_id: str) -> Any:
    """Import a match from an export into the group (the match page's import, in one
    transaction with its place in the group); this phone scores it."""
    group, key = private_group(public_id)
    try:
        return import_page("groups/import.html", service.GroupPlace(public_id, key), group=group)
    except service.Unauthorized:
        lost_key(group)


@bp.post("/m/<public_id>/group")
def put_in_group(public_id: str) -> Any:
    """From the match page: put this match in one of this phone's groups."""
    match_or_404(public_id)
    form = GroupChoiceForm()
    if not form.validate_on_submit():
        abort(400)
    token = token_for(public_id)
    group_id = form.group.data or ""
    key = held_keys().get(group_id)
    if token is None or key is None:
        abort(403)
    try:
        service.add_match_to_group(group_id, key, public_id, token)
    except service.NotFound:
        abort(404)
    except (service.Unauthorized, service.Forbidden) as refusal:
        flash(_("Not done: %(reason)s", reason=plain_message_of(refusal)))
    except RuleError as error:
        flash(_("Not done: %(reason)s", reason=plain_rule_message(error)))
    else:
        flash(_("The match is in the group now."), "done")
    return redirect(url_for("matches.show", public_id=public_id), code=303)


# --- Helpers -----------------------------------------------------------------------------------


def private_group(public_id: str) -> tuple[Group, str]:
    """The group and this phone's key to it; a page that says how to get in (403) when this
    phone has no key that works."""
    group = group_or_404(public_id)
    key = key_for(group)
    if key is None:
        abort(_locked(group))
    try:
        service.check_group_token(group, key)
    except service.Unauthorized:
        forget_key(group)
        abort(_locked(group))
    remember_group(group)
    return group, key


def _locked(group: Group) -> Response:
    return no_store(Response(render_template("groups/locked.html", group=group), 403))


def lost_key(group: Group) -> NoReturn:
    """A write refused for this phone's key: forget it and say how to get in again."""
    forget_key(group)
    abort(_locked(group))


def _title(match: Match) -> str:
    return str(_(find_variant(match.variant).title))
