"""The club night's pages (docs/club.md §18): set a night up, its host page, the room's page,
and the table (or player) page a phone joins by its card. Thin, as every page of the app: read
the form, call the service, redirect; a refusal is shown next to the field it names.

Links: the host's private link (``/c/<id>/open?key=``) and a card's link
(``/cr/<read_id>/t/<n>/join?code=``) each show one button: only its POST takes the secret, so a
link preview uses nothing up (§1). What the phone then keeps lives in
:mod:`scorekeeper.web.club_memory`."""

from __future__ import annotations

from typing import Any

from flask import Response, abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response as BaseResponse

from .. import service
from ..infra import rate_limits
from ..infra.security import external_url, no_store
from ..models import ClubNight, Group
from ..rules import RuleError
from ..rules.games.registry import all_variants
from ..web.club_memory import (
    codes_of,
    keep_codes,
    keep_host,
)
from ..web.forms import (
    FormError,
    add_error,
    choice_list,
    plain_message_of,
    team_names,
)
from ..web.lookups import group_or_404, match_or_404, variant_or_404
from ..web.new_match import grouped_options
from ..web.qr import qr_svg
from ..web.session import keep_token, key_for
from . import bp
from .desk import desk_context
from .forms import (
    CodeForm,
    NightActionForm,
    OpenForm,
    club_night_error,
    club_night_form_class,
    fill_awards,
    fill_choices,
    offered,
    offered_awards,
    read_club_night,
    read_round_edit,
    round_edit_error,
    round_edit_form,
)
from .host_checks import form_version, host_attempt, host_or_403, locked_page
from .lookups import night_or_404
from .people import host_forms
from .view import adjustment_rows, night_page, table_seating

# --- Setting a night up --------------------------------------------------------------------------


def _group_with_key(group_id: str) -> tuple[Group, str]:
    group = group_or_404(group_id)
    key = key_for(group)
    try:
        service.check_group_token(group, key)
    except service.Unauthorized:
        abort(no_store(Response(render_template("groups/locked.html", group=group), 403)))
    assert key is not None
    return group, key


@bp.get("/club/new")
def choose() -> str:
    """Start a club night: which form every table plays."""
    return render_template("club/choose.html", variants=all_variants(), group=None)


@bp.get("/g/<group_id>/club/new")
def choose_in_group(group_id: str) -> str:
    """Start a club night of a group (its private link): which form every table plays."""
    group, _key = _group_with_key(group_id)
    return render_template("club/choose.html", variants=all_variants(), group=group)


@bp.route("/club/new/<variant_id>", methods=["GET", "POST"])
@rate_limits.new_matches
def new_night(variant_id: str) -> Any:
    """The set-up form of docs/club.md §2.1; the night is created in ``setup`` and the host
    page shows its schedule."""
    return _set_up(variant_id, None)


@bp.route("/g/<group_id>/club/new/<variant_id>", methods=["GET", "POST"])
@rate_limits.new_matches
def new_night_in_group(group_id: str, variant_id: str) -> Any:
    """The set-up form inside a group: names ticked from its roster, new ones typed."""
    return _set_up(variant_id, _group_with_key(group_id))


def _set_up(variant_id: str, group: tuple[Group, str] | None) -> Any:
    variant = variant_or_404(variant_id)
    form = club_night_form_class(variant)()
    roster: list[tuple[str, str]] = []
    if group is not None:
        roster = [(str(p.id), p.name) for p in service.roster(group[0]) if p.merged_into_id is None]
    form.roster.choices = choice_list(roster)
    status = 200
    rules: dict[str, Any] = {}
    size: int | None = None
    body: dict[str, Any] | None = None
    valid = False
    if request.method == "POST":
        status = 422
        # Validation first: it resets every field's errors, the ones added below included.
        valid = form.validate_on_submit()
        try:
            body = read_club_night(form, roster)
        except FormError as error:
            add_error(form, error.field_name, error.message)
        if body is not None:
            rules = body["rules"]
            size = body["rotation"].get("table_size")
    club = offered(variant, rules, size)
    fill_choices(form, club)
    fill_awards(form, offered_awards(variant, rules, size))
    if valid and body is not None:
        try:
            created = service.create_club_night(
                body, group=(group[0].public_id, group[1]) if group else None
            )
        except RuleError as error:
            club_night_error(form, error)
        except service.Unauthorized:
            abort(403)
        else:
            night, token, table_codes, player_codes = _created(created)
            keep_host(night.public_id, night.read_id, token)
            keep_codes(night.public_id, "table", table_codes)
            if player_codes:
                keep_codes(night.public_id, "player", player_codes)
            flash(_("The night is set up. Check the schedule, then start round 1."), "done")
            return no_store(redirect(url_for(".host", public_id=night.public_id), code=303))
    return (
        render_template(
            "club/new.html",
            form=form,
            variant=variant,
            group=group[0] if group else None,
            option_groups=grouped_options(form.option_specs),
            sizes=len(variant.player_counts) > 1,
            schemes=club.schemes,
        ),
        status,
    )


def _created(created: Any) -> tuple[ClubNight, str, dict[int, str], dict[int, str]]:
    """``service.create_club_night``'s answer: the night, the host token, the table codes and
    the player codes."""
    if hasattr(created, "night"):
        return (
            created.night,
            created.token,
            dict(created.table_codes or {}),
            dict(getattr(created, "player_codes", None) or {}),
        )
    night, token, tables, players = created
    return night, token, dict(tables or {}), dict(players or {})


# --- The host's private link and page ------------------------------------------------------------


@bp.get("/c/<public_id>/open")
def open_link(public_id: str) -> Any:
    """The private link: a page with one button, which keeps the token (a link preview uses
    nothing up)."""
    night = night_or_404(public_id)
    form = OpenForm(formdata=None, key=request.args.get("key", ""))
    return no_store(Response(render_template("club/open.html", night=night, form=form)))


@bp.post("/c/<public_id>/open")
@rate_limits.joins
def take_link(public_id: str) -> Any:
    """Keep the host token on this phone, then the host page (the address no longer shows it)."""
    night = night_or_404(public_id)
    form = OpenForm()
    if not form.validate_on_submit():
        abort(400)
    token = form.key.data or ""
    if not service.is_host(night, token):
        return locked_page(night)
    keep_host(public_id, night.read_id, token)
    return no_store(redirect(url_for(".host", public_id=public_id), code=303))


@bp.get("/c/<public_id>")
def host(public_id: str) -> Any:
    """The host page: the schedule and its balance while setting up; then the round panel,
    the links and their QR codes, the warnings (docs/club.md §2.2, §18)."""
    night, token = host_or_403(public_id)
    return no_store(Response(_host_page(night, token)))


def _host_page(night: ClubNight, token: str) -> str:
    page = night_page(night, host=True)
    tables = page["table_numbers"]
    # Derived codes show on any device holding the host link (docs/club.md §8).
    codes = codes_of(night.public_id, "table") | service.printable_codes(night, "table")
    links = []
    for number in tables:
        code = codes.get(number)
        url = (
            external_url(".table_join", read_id=night.read_id, number=number, code=code)
            if code
            else None
        )
        links.append(
            {
                "table": number,
                "url": url,
                "qr": qr_svg(url, _("Table %(n)s", n=number)) if url else None,
            }
        )
    read_url = external_url(".room", read_id=night.read_id)
    tv_url = read_url.rstrip("/") + "/tv"
    version = str(page["view"].get("version", ""))
    private_url = external_url(".open_link", public_id=night.public_id, key=token)
    return render_template(
        "club/host.html",
        private_url=private_url,
        private_qr=qr_svg(private_url, _("The host's private link")),
        night=night,
        page=page,
        read_url=read_url,
        read_qr=qr_svg(read_url, _("The room's standings")),
        tv_url=tv_url,
        tv_qr=qr_svg(tv_url, _("The TV view")),
        table_links=links,
        action=NightActionForm(formdata=None, version=version),
        code_form=CodeForm(formdata=None, version=version),
        adjustments=adjustment_rows(night, page["names"]),
        **dict(host_forms(version)),
        **desk_context(night, page),
    )


@bp.get("/c/<public_id>/score/<match_id>")
def score_match(public_id: str, match_id: str) -> BaseResponse:
    """The host scores (or corrects) a match of the night: the host token is a scorer key on
    every match of the night (docs/club.md §8), kept as this match's token on this phone."""
    night, token = host_or_403(public_id)
    match = match_or_404(match_id)
    place = service.club_of_match(match)
    if place is None or place.read_id != night.read_id:
        abort(404)
    keep_token(match.public_id, token)
    return no_store(redirect(url_for("matches.show", public_id=match.public_id), code=303))


def _host_write(public_id: str, write: Any) -> BaseResponse:
    """A button of the host page: CSRF, the host token, the write; a refusal said once on the
    page (a 409: the round's state; a 422: what it names)."""
    form = NightActionForm()
    host_attempt(
        public_id, form, lambda token: write(token, form_version(form)), refused=(service.Conflict,)
    )
    return no_store(redirect(url_for(".host", public_id=public_id), code=303))


@bp.post("/c/<public_id>/draw")
def draw(public_id: str) -> BaseResponse:
    """Draw again: a new seed, a new schedule (only while setting up)."""
    return _host_write(public_id, lambda t, v: service.redraw(public_id, t, version=v))


@bp.post("/c/<public_id>/replan")
def replan(public_id: str) -> BaseResponse:
    """Re-plan every round not started (after a correction, docs/club.md §7.1)."""
    return _host_write(public_id, lambda t, v: service.replan(public_id, t, version=v))


@bp.post("/c/<public_id>/rounds/<int:number>/start")
def start_round(public_id: str, number: int) -> BaseResponse:
    """Start round ``number``: a match at every table (§7.1)."""
    return _host_write(
        public_id,
        lambda t, v: service.start_round(public_id, t, number, version=v, team_names=team_names()),
    )


@bp.post("/c/<public_id>/rounds/<int:number>/time")
def call_time(public_id: str, number: int) -> BaseResponse:
    """Call time: every match not over plays the hand in play, then it is over (§7.1)."""
    return _host_write(public_id, lambda t, v: service.call_time(public_id, t, number, version=v))


@bp.post("/c/<public_id>/rounds/<int:number>/close")
def close_round(public_id: str, number: int) -> BaseResponse:
    """Close round ``number``: its matches end, the tables' keys come off them (§7.1)."""
    return _host_write(public_id, lambda t, v: service.close_round(public_id, t, number, version=v))


@bp.post("/c/<public_id>/finish")
def finish(public_id: str) -> BaseResponse:
    """End the night: no more rounds (hands may still be corrected)."""
    return _host_write(public_id, lambda t, v: service.finish_night(public_id, t, version=v))


@bp.post("/c/<public_id>/codes")
def new_code(public_id: str) -> BaseResponse:
    """A new code for a table card (or a player card): the old one and its phones' keys stop
    working; this phone keeps the new one, for the card's QR code."""
    form = CodeForm()

    def write(token: str) -> tuple[str, object, str]:
        kind = form.kind.data if form.kind.data in ("table", "player") else "table"
        text = form.number.data or ""
        number: object = int(text) if text.isdigit() and len(text) < 4 else text
        return kind, number, service.new_code(public_id, token, kind, number)

    _done, written = host_attempt(public_id, form, write)
    if written is not None:
        kind, number, code = written
        if isinstance(number, int):
            keep_codes(public_id, kind, {number: code})
        flash(_("A new code: print this card again. The old one no longer works."), "done")
    return no_store(redirect(url_for(".host", public_id=public_id, _anchor="links"), code=303))


@bp.route("/c/<public_id>/rounds/<int:number>/edit", methods=["GET", "POST"])
def edit_round(public_id: str, number: int) -> Any:
    """Seat round ``number`` by hand before it starts (docs/club.md §4.9): each table's
    players by number in seat order, and who sits out."""
    night, token = host_or_403(public_id)
    page = night_page(night, host=True)
    planned = next((r for r in page["view"].get("rounds", []) if r.get("number") == number), None)
    if planned is None:
        abort(404)
    seating = table_seating(planned)
    # A round not drawn yet (§4.5: the players present do not fill tables of four) has no
    # table planned: a field for every table the night uses, and one more.
    spare = 1 if seating else len(page["table_numbers"]) + 1
    form = round_edit_form(
        seating,
        planned.get("sitting_out") or [],
        request.form if request.method == "POST" else None,
        spare=spare,
    )
    status = 200
    if request.method == "POST":
        status = 422
        if not form.validate_on_submit():
            abort(400)
        try:
            body, fields = read_round_edit(form)
            if "version" in form and form_version(form) is not None:
                body["version"] = form_version(form)
            service.put_round(public_id, token, number, body)
        except FormError as error:
            add_error(form, error.field_name, error.message)
        except RuleError as error:
            round_edit_error(form, fields, error)
        except service.Conflict as error:
            add_error(form, None, plain_message_of(error))
        else:
            flash(_("Round %(n)s is seated as typed.", n=number), "done")
            return no_store(redirect(url_for(".host", public_id=public_id), code=303))
    else:
        form["version"].data = str(page["view"].get("version", ""))
    html = render_template("club/edit_round.html", night=night, page=page, number=number, form=form)
    return no_store(Response(html, status))
