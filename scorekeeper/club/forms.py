"""The forms of the club pages: the set-up form of a night (docs/club.md §2.1), built on the
new-match form of its variant (the same house-rule fields, read the same way), the hand edit of
a round (§4.9), and the buttons of the host page."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import HiddenField, SelectField, SelectMultipleField, StringField, TextAreaField
from wtforms.widgets import CheckboxInput, ListWidget

from ..rules import RuleError
from ..rules.club.rotation.movements import find_movement
from ..rules.games.registry import Variant
from ..service.club import awards as club_awards
from ..web.forms import (
    NUMERIC,
    AnySelect,
    FormError,
    add_error,
    choice_list,
    field_for_path,
    plain_rule_message,
    read_number,
)
from ..web.new_match import NewMatchForm, new_match_error, new_match_form_class, read_new_match
from .setup_extras import extra_fields, extra_paths, read_purse, read_standings_extras
from .view import AWARD_LABELS

#: Every scheme's and setting's value as a page names it (the API's words are not the page's).
SCHEME_LABELS: dict[str, Any] = {
    "rotating-partners": _l("A new partner every round"),
    "rotating-tables": _l("New table-mates every round"),
    "fixed-pairs": _l("The same partner all night"),
    "progressive": _l("Winners move up"),
}
FORMULA_LABELS: dict[str, Any] = {
    "points": _l("Points"),
    "wins": _l("Wins"),
    "vp": _l("Victory points"),
    "units": _l("Units"),
    "placing": _l("Placing points"),
}
SITOUT_CHOICES = [
    ("average", _l("The round's average")),
    ("winners-average", _l("The winners' average")),
    ("zero", _l("Nothing")),
    ("fixed", _l("A fixed score (below)")),
]
DRAW_CHOICES = [("shuffle", _l("Shuffled")), ("entry", _l("In the order typed"))]
TIE_CHOICES = [("extra-hand", _l("One more hand")), ("draw", _l("A draw"))]
REVEAL_CHOICES = [("always", _l("All night")), ("at-end", _l("Only at the end"))]
MOVEMENT_CHOICES = [
    ("round-robin", _l("Every pair meets every pair (round robin)")),
    ("mitchell", _l("North-South stay, East-West move up (Mitchell)")),
    ("danish", _l("Drawn from the standings (Danish)")),
]
AVOID_CHOICES = [
    ("previous", _l("Not last round's opponents")),
    ("all", _l("No pair met before")),
    ("none", _l("1st v 2nd, 3rd v 4th")),
]
SCORING_CHOICES = [
    ("tables", _l("Each table's card (one phone a table)")),
    ("players", _l("Each player's own card")),
]


class MultiCheckbox(SelectMultipleField):
    """Ticks: the group's roster (any value goes on to the service, which names what is
    wrong)."""

    widget = ListWidget(prefix_label=False)
    option_widget = CheckboxInput()

    def pre_validate(self, form: Any) -> None:
        """Accept any value."""


class ClubNightForm(NewMatchForm):
    """The night's name, players, scheme, rounds, round end, standings and who scores, with the
    variant's house-rule fields of the new-match form."""

    #: API path of a refusal -> the field that shows it.
    club_paths: dict[str, str]
    name: StringField
    players: TextAreaField
    pairs: TextAreaField
    roster: MultiCheckbox
    scheme: AnySelect
    movement: SelectField
    avoid: SelectField
    danish_from_round: StringField
    table_size: StringField
    rounds: StringField
    draw: SelectField
    hands: StringField
    minutes: StringField
    tie: SelectField
    formula: AnySelect
    sitout: SelectField
    reveal: SelectField
    awards: MultiCheckbox
    purse_entry: StringField
    purse_house: StringField
    purse_places: StringField
    scoring: SelectField


def club_night_form_class(variant: Variant) -> type[ClubNightForm]:
    """The set-up form of a night at ``variant``'s tables."""
    base = new_match_form_class(variant)
    fields: dict[str, Any] = {
        "name": StringField(_l("Name of the night"), render_kw={"maxlength": "40"}),
        "players": TextAreaField(
            _l("Who is here: one name a line, in the order that numbers them"),
            render_kw={"rows": "8", "autocapitalize": "words", "autocomplete": "off"},
        ),
        "pairs": TextAreaField(
            _l("Or pairs, one a line: 'Smiths: Ana & Cy' (the name is optional)"),
            render_kw={"rows": "6", "autocapitalize": "words", "autocomplete": "off"},
        ),
        "roster": MultiCheckbox(_l("From the group"), choices=[]),
        "scheme": AnySelect(_l("Seating")),
        "movement": SelectField(
            _l("How pairs move"), choices=choice_list(MOVEMENT_CHOICES), default="round-robin"
        ),
        "avoid": SelectField(
            _l("Danish rounds avoid"), choices=choice_list(AVOID_CHOICES), default="previous"
        ),
        "danish_from_round": StringField(_l("Danish from round"), render_kw=NUMERIC),
        "table_size": StringField(_l("Players at a table"), render_kw=NUMERIC),
        "rounds": StringField(_l("Rounds"), render_kw=NUMERIC),
        "draw": SelectField(
            _l("Player numbers"), choices=choice_list(DRAW_CHOICES), default="shuffle"
        ),
        "hands": StringField(_l("Hands a round"), render_kw=NUMERIC),
        "minutes": StringField(_l("Minutes a round"), render_kw=NUMERIC),
        "tie": SelectField(
            _l("Level after the last hand"), choices=choice_list(TIE_CHOICES), default="extra-hand"
        ),
        "formula": AnySelect(_l("Standings by")),
        "sitout": SelectField(
            _l("Sitting out earns"), choices=choice_list(SITOUT_CHOICES), default="average"
        ),
        "reveal": SelectField(
            _l("Standings shown"), choices=choice_list(REVEAL_CHOICES), default="always"
        ),
        "awards": MultiCheckbox(_l("Awards"), choices=[]),
        "purse_entry": StringField(
            _l("Entry fee"), render_kw={"inputmode": "decimal", "autocomplete": "off"}
        ),
        "purse_house": StringField(
            _l("Kept by the house, a player"),
            render_kw={"inputmode": "decimal", "autocomplete": "off"},
        ),
        "purse_places": StringField(
            _l("Prizes by place, in % ('50 30 20')"),
            render_kw={"inputmode": "decimal", "autocomplete": "off"},
        ),
        "scoring": SelectField(
            _l("Who scores"), choices=choice_list(SCORING_CHOICES), default="tables"
        ),
        **extra_fields(),  # tie-breaks, absence, the VP table, money per award (§9.6, §10.2)
    }
    form_class: type[ClubNightForm] = type("ClubNightEntryForm", (base, ClubNightForm), fields)
    form_class.club_paths = {
        "name": "name",
        "players": "players",
        "pairs": "pairs",
        "rotation.movement": "movement",
        "rotation.avoid": "avoid",
        "rotation.danish_from_round": "danish_from_round",
        "rotation": "scheme",
        "rotation.scheme": "scheme",
        "rotation.table_size": "table_size",
        "rotation.rounds": "rounds",
        "rotation.draw": "draw",
        "rotation.seed": "draw",
        "round": "hands",
        "round.hands": "hands",
        "round.minutes": "minutes",
        "round.tie": "tie",
        "standings": "formula",
        "standings.formula": "formula",
        "standings.sitout": "sitout",
        "standings.reveal": "reveal",
        "awards": "awards",
        "purse": "purse_entry",
        "purse.entry": "purse_entry",
        "purse.house": "purse_house",
        "purse.places": "purse_places",
        "scoring": "scoring",
        **extra_paths(),
    }
    return form_class


@dataclass(frozen=True)
class Offered:
    """What the set-up form offers for a form: its schemes and standings formulas, each
    default first (docs/club.md §4.1, §9.2)."""

    schemes: tuple[str, ...]
    formulas: tuple[str, ...]


def offered(variant: Variant, rules: Mapping[str, Any], table_size: int | None) -> Offered:
    """The schemes and formulas of the variant's club table (``Variant.club_form``) for these
    house rules and table size; with no size given (or one refused), those of every size the
    form may be played at, the default size's first (the form is shown anyway, and the service
    names what does not fit)."""
    try:
        options = variant.resolve_options(dict(rules))
    except RuleError:
        options = variant.resolve_options({})
    sizes: list[int | None] = [table_size] if table_size is not None else []
    sizes += [None, *sorted(variant.player_counts, reverse=True)]
    schemes: list[str] = []
    formulas: list[str] = []
    for size in sizes:
        try:
            club = variant.club_form(options, size)
        except RuleError:
            continue
        schemes += [s for s in club.schemes if s not in schemes]
        formulas += [f for f in club.formulas if f not in formulas]
        if size is not None and size == table_size:
            break  # the size given: only what fits it
    return Offered(tuple(schemes), tuple(formulas))


def offered_awards(variant: Variant, rules: Mapping[str, Any], table_size: int | None) -> list[str]:
    """The awards a night of this form may choose (docs/club.md §10.1), as the service
    offers them; none when the form at the table cannot be told yet."""
    offered = getattr(club_awards, "offered", None)
    if offered is None:
        return []
    try:
        options = variant.resolve_options(dict(rules))
        return list(offered(variant.id, variant.club_form(options, table_size)))
    except RuleError:
        return []


def fill_awards(form: ClubNightForm, awards: Sequence[str]) -> None:
    """The awards' boxes, each named as the pages name it."""
    form.awards.choices = choice_list((a, AWARD_LABELS.get(a, a)) for a in awards)


def fill_choices(form: ClubNightForm, club: Offered) -> None:
    """The schemes and formulas this form offers (docs/club.md §4.1, §9.2), default first."""
    form.scheme.choices = choice_list((s, SCHEME_LABELS.get(s, s)) for s in club.schemes)
    form.formula.choices = choice_list((f, FORMULA_LABELS.get(f, f)) for f in club.formulas)
    if not form.scheme.data and club.schemes:
        form.scheme.data = club.schemes[0]
    if not form.formula.data and club.formulas:
        form.formula.data = club.formulas[0]


def _number_of(form: FlaskForm, name: str) -> int | None:
    return read_number(form, name)


def _names(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if line.strip()]


def read_pairs(text: str) -> list[dict[str, Any]]:
    """Pairs typed one a line (docs/club.md §2.1, §14 ``pairs``): "Smiths: Ana & Cy", or
    "Ana & Cy" (or "Ana, Cy") without a name, which the service then names. Raises
    :class:`FormError` at ``pairs`` for a line that is not two names."""
    pairs: list[dict[str, Any]] = []
    for line in _names(text):
        name, colon, rest = line.partition(":")
        if not colon:
            name, rest = "", line
        players = [p.strip() for p in re.split(r"[&,+/]", rest) if p.strip()]
        if len(players) != 2:
            raise FormError(
                "pairs",
                _("Line %(n)s: two names make a pair ('Ana & Cy').", n=len(pairs) + 1),
            )
        pair: dict[str, Any] = {"players": players}
        if name.strip():
            pair["name"] = name.strip()
        pairs.append(pair)
    return pairs


def _movement(form: ClubNightForm, rotation: dict[str, Any]) -> None:
    """The fixed pairs' movement (§4.4): only sent for that scheme, so the others' bodies stay
    what part one sends."""
    rotation["movement"] = form.movement.data
    kind = find_movement(form.movement.data)
    drawn = kind is not None and kind.as_the_night_goes  # Danish: ``avoid`` says whom it avoids
    if drawn or _number_of(form, "danish_from_round") is not None:
        rotation["avoid"] = form.avoid.data
    start = _number_of(form, "danish_from_round")
    if start is not None:
        rotation["danish_from_round"] = start


def read_club_night(form: ClubNightForm, roster: Sequence[tuple[str, str]] = ()) -> dict[str, Any]:
    """The API's creation body (docs/club.md §14) read from the form: only what was given, so
    the service's defaults stay its own. Raises :class:`FormError` for a number that is none."""
    new = read_new_match(form)
    ticked = set(form.roster.data or [])
    players = [name for rid, name in roster if rid in ticked]
    players += _names(form.players.data or "")
    rotation: dict[str, Any] = {"scheme": form.scheme.data, "draw": form.draw.data}
    pairs = read_pairs(form.pairs.data or "") if form.scheme.data == "fixed-pairs" else []
    if form.scheme.data == "fixed-pairs":
        _movement(form, rotation)
    for field, key in (("rounds", "rounds"), ("table_size", "table_size")):
        value = _number_of(form, field)
        if value is not None:
            rotation[key] = value
    round_: dict[str, Any] = {}
    for field in ("hands", "minutes"):
        value = _number_of(form, field)
        if value is not None:
            round_[field] = value
    if "hands" in round_:
        round_["tie"] = form.tie.data
    standings = {"formula": form.formula.data, "sitout": form.sitout.data}
    if form.reveal.data != "always":
        standings["reveal"] = form.reveal.data
    read_standings_extras(form, standings)
    body: dict[str, Any] = {
        "name": (form.name.data or "").strip(),
        "variant": form.variant.id,
        "rules": new.rules,
        "players": players,
        "rotation": rotation,
        "round": round_,
        "standings": standings,
        "scoring": form.scoring.data,
    }
    return _with_part_two(form, body, pairs)


def _with_part_two(
    form: ClubNightForm, body: dict[str, Any], pairs: list[dict[str, Any]]
) -> dict[str, Any]:
    """The body with what part two adds: the awards ticked, the purse typed (§10), the pairs
    in place of the players (§2.3: both given is a refusal)."""
    if form.awards.data:
        body["awards"] = list(form.awards.data)
    purse = read_purse(form)
    if purse is not None:
        body["purse"] = purse
    if pairs:
        del body["players"]
        body["pairs"] = pairs
    return body


def club_night_error(form: ClubNightForm, error: RuleError) -> None:
    """Put a refusal of the night next to the field it names (house rules as the new-match
    form puts them; a player's name on the list of names)."""
    if error.path.startswith("rules") or error.path in ("variant", "dealer", "teams"):
        new_match_error(form, read_new_match(form), error)
        return
    name = field_for_path(form.club_paths, error.path)
    message = plain_rule_message(error)
    found = re.fullmatch(r"players\[(\d+)\].*", error.path)
    if found:
        message = _("Name %(n)s: %(message)s", n=int(found.group(1)) + 1, message=message)
    found = re.fullmatch(r"pairs\[(\d+)\].*", error.path)
    if found:
        message = _("Pair %(n)s: %(message)s", n=int(found.group(1)) + 1, message=message)
    add_error(form, name, message)


# --- The host page's forms -----------------------------------------------------------------------


class NightActionForm(FlaskForm):
    """A button of the host page (draw again, start, call time, close, finish): CSRF and the
    night's version it was shown at (a second tap on a stale page is a 409, said plainly)."""

    version = HiddenField()


class CodeForm(NightActionForm):
    """A new code for a table card (or player card): the old one stops working."""

    kind = HiddenField()
    number = HiddenField()


class OpenForm(FlaskForm):
    """The one button of a link (the host's private link, a table card's): only its POST
    takes the secret, so a link preview uses nothing up (docs/club.md §1)."""

    key = HiddenField()


def round_edit_form(
    tables: Sequence[Sequence[int]],
    sitting_out: Sequence[int],
    formdata: Any = None,
    *,
    spare: int = 1,
) -> FlaskForm:
    """A round's seating typed as numbers: a field per table (players in seat order) and one
    for those sitting out (docs/club.md §4.9). ``spare`` tables more than planned may be typed
    in the spare fields (a progressive round not drawn yet has no table planned, §4.5)."""
    fields: dict[str, Any] = {"version": HiddenField()}
    for i in range(len(tables) + spare):
        fields[f"table_{i}"] = StringField(
            _l("Table %(n)s", n=i + 1), render_kw={"inputmode": "numeric", "autocomplete": "off"}
        )
    fields["sitting_out"] = StringField(
        _l("Sitting out"), render_kw={"inputmode": "numeric", "autocomplete": "off"}
    )
    form_class = type("RoundEditForm", (FlaskForm,), fields)
    form: FlaskForm = form_class(formdata=formdata)
    if formdata is None:
        for i, seats in enumerate(tables):
            form[f"table_{i}"].data = " ".join(str(p) for p in seats)
        form["sitting_out"].data = " ".join(str(p) for p in sitting_out)
    return form


def _numbers(form: FlaskForm, name: str) -> list[int]:
    text = (form[name].data or "").replace(",", " ")
    words = text.split()
    if not all(re.fullmatch(r"\d{1,3}", word) for word in words):
        raise FormError(name, _("Type the players' numbers, with spaces between them."))
    return [int(word) for word in words]


def read_round_edit(form: FlaskForm) -> tuple[dict[str, Any], list[str]]:
    """The ``PUT …/rounds/<n>`` body typed in the form, and the field of each table sent (a
    blank table field is left out)."""
    tables: list[list[int]] = []
    fields: list[str] = []
    i = 0
    while f"table_{i}" in form:
        seats = _numbers(form, f"table_{i}")
        if seats:
            tables.append(seats)
            fields.append(f"table_{i}")
        i += 1
    return {"tables": tables, "sitting_out": _numbers(form, "sitting_out")}, fields


def round_edit_error(form: FlaskForm, fields: Sequence[str], error: RuleError) -> None:
    """A refused seating, next to the table (or the sitting-out field) it names."""
    message = plain_rule_message(error)
    found = re.match(r"tables\[(\d+)\]", error.path)
    if found and int(found.group(1)) < len(fields):
        add_error(form, fields[int(found.group(1))], message)
    elif error.path.startswith("sitting_out"):
        add_error(form, "sitting_out", message)
    else:
        add_error(form, None, message)


__all__ = [
    "ClubNightForm",
    "CodeForm",
    "NightActionForm",
    "OpenForm",
    "club_night_error",
    "club_night_form_class",
    "fill_awards",
    "fill_choices",
    "offered_awards",
    "offered",
    "read_club_night",
    "read_pairs",
    "read_round_edit",
    "round_edit_error",
    "round_edit_form",
]
