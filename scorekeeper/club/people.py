"""The host page's forms for the room as it changes (docs/club.md §6, §9.5): a late arrival,
a leaver or a new name, a substitute who comes in mid-round ("Ivy (for Eve)"), and the
adjustments. Thin as every page: read the form, call the service, say what it refused, go
back to the host page."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from flask import abort, flash, redirect, url_for
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from werkzeug.wrappers import Response as BaseResponse
from wtforms import HiddenField, StringField

from .. import service
from ..infra.security import no_store
from ..rules import RuleError
from ..web.club_memory import keep_codes
from ..web.forms import NUMERIC, plain_rule_message
from . import bp
from .host_checks import form_version, host_attempt

# --- The forms -----------------------------------------------------------------------------------


class _HostForm(FlaskForm):
    """CSRF and the night's version the page was shown at (a stale page is a 409, said)."""

    version = HiddenField()


class LateArrivalForm(_HostForm):
    """A late arrival (§6): a name (or, for fixed pairs, two names and a pair name) and the
    first round played (blank: the first round not started)."""

    name = StringField(_l("Name"), render_kw={"maxlength": "40", "autocomplete": "off"})
    partner = StringField(_l("Partner"), render_kw={"maxlength": "40", "autocomplete": "off"})
    pair_name = StringField(_l("Pair name"), render_kw={"maxlength": "40", "autocomplete": "off"})
    from_round = StringField(_l("Plays from round"), render_kw=NUMERIC)


class PlayerForm(_HostForm):
    """A player's new name, or the last round a leaver plays (§6)."""

    name = StringField(_l("New name"), render_kw={"maxlength": "40", "autocomplete": "off"})
    leaves_after_round = StringField(_l("Leaves after round"), render_kw=NUMERIC)


class SubstituteForm(_HostForm):
    """A substitute in the round in play (§6): who leaves the table, who comes in."""

    out = StringField(_l("Player who leaves (number)"), render_kw=NUMERIC)
    in_ = StringField(_l("Comes in (number of a player sitting out)"), render_kw=NUMERIC)


class AdjustmentForm(_HostForm):
    """An adjustment (§9.5): player (on a fixed-pairs night, the pair), round (blank: the
    night), signed value, note."""

    player = StringField(_l("Player (number)"), render_kw=NUMERIC)
    pair = StringField(_l("Pair (number)"), render_kw=NUMERIC)
    round = StringField(_l("Round (blank: the whole night)"), render_kw=NUMERIC)
    value = StringField(
        _l("Value (minus for a penalty)"),
        render_kw={"inputmode": "decimal", "autocomplete": "off"},
    )
    note = StringField(_l("Note"), render_kw={"maxlength": "80", "autocomplete": "off"})


def host_forms(version: str) -> dict[str, FlaskForm]:
    """The host page's forms of this module, each with the night's version."""
    return {
        "late_form": LateArrivalForm(formdata=None, version=version),
        "player_form": PlayerForm(formdata=None, version=version),
        "sub_form": SubstituteForm(formdata=None, version=version),
        "adjust_form": AdjustmentForm(formdata=None, version=version),
        "delete_form": _HostForm(formdata=None, version=version),
    }


# --- Reading them --------------------------------------------------------------------------------

#: What a refusal's field is called on the page (the API's path is not the page's word).
_LABELS: dict[str, Any] = {
    "name": _l("Name"),
    "pair": _l("Pair"),
    "from_round": _l("Plays from round"),
    "leaves_after_round": _l("Leaves after round"),
    "in": _l("Comes in"),
    "out": _l("Leaves"),
    "player": _l("Player"),
    "round": _l("Round"),
    "value": _l("Value"),
    "note": _l("Note"),
}


def _number(text: str | None) -> int | str | None:
    """A typed whole number; the text itself when it is none (the service names the field);
    None when blank."""
    text = (text or "").strip()
    if not text:
        return None
    return int(text) if re.fullmatch(r"\d{1,4}", text) else text


def _with_version(body: dict[str, Any], form: _HostForm) -> dict[str, Any]:
    version = form_version(form)
    if version is not None:
        body["version"] = version
    return body


def _refusal(error: RuleError) -> str:
    head = error.path.split(".")[0].split("[")[0]
    label = _LABELS.get(head)
    message = plain_rule_message(error)
    return f"{label}: {message}" if label else message


def _write(public_id: str, form_class: type[_HostForm], write: Callable[..., Any]) -> BaseResponse:
    """CSRF, the host token, the write (``write(token, form)``), a refusal said once on the
    host page; back to the host page's players section."""
    form = form_class()
    _done, said = host_attempt(public_id, form, lambda token: write(token, form), _refusal)
    if said:
        flash(said, "done")
    return no_store(redirect(url_for(".host", public_id=public_id, _anchor="people"), code=303))


def _service(name: str) -> Callable[..., Any]:
    """A part-two service call (docs/club.md §6), a 404 while the service has none."""
    found = getattr(service, name, None)
    if found is None:
        abort(404)
    return found  # type: ignore[no-any-return]


# --- The writes ----------------------------------------------------------------------------------


@bp.post("/c/<public_id>/players")
def add_player(public_id: str) -> BaseResponse:
    """A late arrival (§6): the next number; plays from the first round not started (or the
    round typed). A new table's code is kept on this phone, for its card."""

    def write(token: str, form: LateArrivalForm) -> str:
        name = (form.name.data or "").strip()
        partner = (form.partner.data or "").strip()
        body: dict[str, Any]
        if partner:
            pair: dict[str, Any] = {"players": [name, partner]}
            pair_name = (form.pair_name.data or "").strip()
            if pair_name:
                pair["name"] = pair_name
            body = {"pair": pair}
        else:
            body = {"name": name}
        start = _number(form.from_round.data)
        if start is not None:
            body["from_round"] = start
        _view, codes = _service("add_late_player")(public_id, token, _with_version(body, form))
        if codes:
            keep_codes(public_id, "table", {int(n): str(c) for n, c in dict(codes).items()})
        if partner:
            return _("%(a)s and %(b)s join the night.", a=name, b=partner)
        return _("%(name)s joins the night.", name=name)

    return _write(public_id, LateArrivalForm, write)


@bp.post("/c/<public_id>/players/<int:number>")
def change_player(public_id: str, number: int) -> BaseResponse:
    """A new name for player ``number``, or the last round the player plays (§6)."""

    def write(token: str, form: PlayerForm) -> str:
        body: dict[str, Any] = {}
        name = (form.name.data or "").strip()
        if name:
            body["name"] = name
        leaves = _number(form.leaves_after_round.data)
        if leaves is not None:
            body["leaves_after_round"] = leaves
        if not body:
            return ""
        _service("patch_player")(public_id, token, number, _with_version(body, form))
        if "leaves_after_round" in body:
            return _("Player %(n)s leaves after round %(r)s.", n=number, r=leaves)
        return _("Player %(n)s is renamed.", n=number)

    return _write(public_id, PlayerForm, write)


@bp.post("/c/<public_id>/rounds/<int:number>/substitute")
def substitute(public_id: str, number: int) -> BaseResponse:
    """A substitute in round ``number``: a player sitting out takes the seat of one who must
    go, and is credited with the round (§6)."""

    def write(token: str, form: SubstituteForm) -> str:
        body = {"out": _number(form.out.data), "in": _number(form.in_.data)}
        _service("substitute")(public_id, token, number, _with_version(body, form))
        return _("The substitute is seated.")

    return _write(public_id, SubstituteForm, write)


@bp.post("/c/<public_id>/adjustments")
def add_adjustment(public_id: str) -> BaseResponse:
    """An adjustment with its note (§9.5), listed on the player page and the results."""

    def write(token: str, form: AdjustmentForm) -> str:
        value = (form.value.data or "").strip().replace(",", ".").replace("−", "-")
        # A fixed-pairs night's page asks the pair (§9.5), a night of players the player.
        pair = _number(form.pair.data)
        body: dict[str, Any] = (
            {"pair": pair} if pair is not None else {"player": _number(form.player.data)}
        )
        body |= {
            "round": _number(form.round.data),
            "value": value,
            "note": (form.note.data or "").strip(),
        }
        service.add_adjustment(public_id, token, _with_version(body, form))
        return _("The adjustment is added.")

    return _write(public_id, AdjustmentForm, write)


@bp.post("/c/<public_id>/adjustments/<int:aid>/delete")
def delete_adjustment(public_id: str, aid: int) -> BaseResponse:
    """Take an adjustment back."""

    def write(token: str, _form: _HostForm) -> str:
        service.delete_adjustment(public_id, token, aid)
        return _("The adjustment is taken back.")

    return _write(public_id, _HostForm, write)
