"""The new-match form: players in seating order, teams, the first dealer and the house rules,
each option laid out from its :class:`~scorekeeper.rules.core.options.OptionSpec` (its choices, its
group), read into exactly the API's new-match body."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, ClassVar

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import BooleanField, Field, SelectField, StringField

from ..rules import RuleError
from ..rules.core.names import NAME_MAX
from ..rules.core.options import GROUPS, OptionSpec, choice_title, every_option
from ..rules.games.registry import Variant
from .forms import (
    NUMERIC,
    add_error,
    choice_list,
    field_for_path,
    plain_rule_message,
    plain_subject,
    read_number,
    team_names,
)

#: Seats a team game has: the partner of player 1 is picked among the other three.
TEAM_SEATS = 4

#: A field that takes an amount with decimals (money per unit, "0.05"): the phone's keypad
#: with a decimal point. Its default is a decimal string, not an int, so it missed NUMERIC
#: and got the full keyboard (issue 26, item 6).
DECIMAL = {"inputmode": "decimal", "autocomplete": "off"}
_DECIMAL_TEXT = re.compile(r"-?[0-9]+(?:[.,][0-9]+)?")


def grouped_options(specs: Iterable[OptionSpec]) -> list[tuple[str, list[OptionSpec]]]:
    """The options in the page's groups (English titles for the catalog), in their order."""
    specs = list(specs)
    return [
        (group, members)
        for group in GROUPS
        if (members := [spec for spec in specs if spec.group == group])
    ]


def _choice_label(value: Any) -> str:
    return _("none") if value is None else _(choice_title(value))


class NewMatchForm(FlaskForm):
    """Players in seating order, teams, the first dealer and the house rules."""

    variant: ClassVar[Variant]
    seats: ClassVar[int]
    min_seats: ClassVar[int]
    has_teams: ClassVar[bool]
    option_specs: ClassVar[list[OptionSpec]]
    api_paths: ClassVar[dict[str, str]]


def _option_field(spec: OptionSpec, condition: tuple[str, Any] | None) -> Field:
    label: Any = _l(spec.label) if spec.label else spec.name
    if condition is not None:
        option, value = condition
        label = _l(
            "%(label)s (only with %(option)s: %(value)s)",
            label=label,
            option=_(option),
            value=_choice_label(value),
        )
    if isinstance(spec.default, bool):
        return BooleanField(label, default=spec.default)
    if spec.choices:
        return SelectField(
            label,
            choices=choice_list(
                ("" if c is None else str(c), _choice_label(c)) for c in spec.choices
            ),
            default="" if spec.default is None else str(spec.default),
        )
    if isinstance(spec.default, int) or spec.default is None:
        return StringField(
            label, default="" if spec.default is None else str(spec.default), render_kw=NUMERIC
        )
    if _DECIMAL_TEXT.fullmatch(str(spec.default)):
        return StringField(label, default=str(spec.default), render_kw=DECIMAL)
    return StringField(label, default=str(spec.default))


def _team_fields(fields: dict[str, Any], paths: dict[str, str]) -> None:
    fields["partner"] = SelectField(
        _l("Partner of player 1"),
        choices=choice_list(
            [("1", _l("Player 2")), ("2", _l("Player 3 (opposite)")), ("3", _l("Player 4"))]
        ),
        default="2",
    )
    # Blank by default: a team left unnamed is called by its players ("Ana & Cruz").
    fields["team_0"] = StringField(
        _l("Team of player 1"), render_kw={"placeholder": _l("its players' names")}
    )
    fields["team_1"] = StringField(
        _l("Other team"), render_kw={"placeholder": _l("its players' names")}
    )
    paths.update({"teams": "partner", "teams[0]": "team_0", "teams[1]": "team_1"})


def new_match_form_class(variant: Variant) -> type[NewMatchForm]:
    """The new-match form of one variant."""
    seats = max(variant.player_counts)
    fields: dict[str, Any] = {}
    paths: dict[str, str] = {}
    for i in range(seats):
        fields[f"player_{i}"] = StringField(
            _l("Player %(n)s", n=i + 1),
            render_kw={"autocomplete": "off", "maxlength": "40", "autocapitalize": "words"},
        )
    options = every_option(variant.option_specs)
    defaults = {spec.name: spec.default for spec, _condition in options}
    has_teams = TEAM_SEATS in variant.player_counts and variant.partnerships(defaults, TEAM_SEATS)
    if has_teams:
        _team_fields(fields, paths)
    fields["dealer"] = SelectField(
        _l("First dealer"),
        choices=choice_list((str(i), _l("Player %(n)s", n=i + 1)) for i in range(seats)),
        default="0",
    )
    paths["dealer"] = "dealer"
    paths["players"] = "player_0"
    for spec, condition in options:
        fields[f"opt_{spec.name}"] = _option_field(spec, condition)
        paths[f"rules.{spec.name}"] = f"opt_{spec.name}"
    form_class: type[NewMatchForm] = type("NewMatchEntryForm", (NewMatchForm,), fields)
    form_class.variant = variant
    form_class.seats = seats
    form_class.min_seats = min(variant.player_counts)
    form_class.has_teams = has_teams
    form_class.option_specs = [spec for spec, _condition in options]
    form_class.api_paths = paths
    return form_class


@dataclass
class NewMatch:
    """The API's new-match body read from the form, and where each player came from."""

    players: list[str]
    teams: list[dict[str, Any]] | None
    rules: dict[str, Any]
    dealer: str | None
    #: ``player_<i>`` field of each entry of ``players`` (blank seats are skipped).
    player_fields: list[str]


def _option_value(form: NewMatchForm, spec: OptionSpec) -> Any:
    raw = form[f"opt_{spec.name}"].data
    if isinstance(spec.default, bool):
        return bool(raw)
    if spec.choices:
        for choice in spec.choices:
            if ("" if choice is None else str(choice)) == raw:
                return choice
        return raw
    if isinstance(spec.default, int) or spec.default is None:
        return read_number(form, f"opt_{spec.name}")
    return (raw or "").strip()


def _teams(form: NewMatchForm, players: list[str], rules: dict[str, Any]) -> Any:
    """The two teams when the table plays in partnerships: player 1 and the partner picked."""
    variant = form.variant
    try:
        options = variant.resolve_options(rules)
    except RuleError:
        options = {spec.name: spec.default for spec in form.option_specs}
    if not variant.partnerships(options, TEAM_SEATS):
        return None
    partner = int(form["partner"].data or "2")
    first = [players[0], players[partner]]
    second = [p for p in players if p not in first]
    return [
        {"name": (form["team_0"].data or "").strip() or _team_name(first, 1), "players": first},
        {"name": (form["team_1"].data or "").strip() or _team_name(second, 2), "players": second},
    ]


def _team_name(players: list[str], number: int) -> str:
    """An unnamed team's name: its players ("Ana & Cruz"), or "Team 1" when that is too long
    for a name (the pages show the players beside the team's name anyway)."""
    name = _("%(first)s & %(second)s", first=players[0], second=players[1])
    if len(name) <= NAME_MAX:
        return name
    return team_names()[number - 1]


def read_new_match(form: NewMatchForm) -> NewMatch:
    """The players, teams, options and first dealer as the API takes them.

    Only the options the table changed are sent, so that defaults that follow other options
    (the target under ``simple`` counting) stay the rules' business.
    """
    seated = [(f"player_{i}", (form[f"player_{i}"].data or "").strip()) for i in range(form.seats)]
    filled = [(name, player) for name, player in seated if player]
    players = [player for _name, player in filled]
    given: dict[str, Any] = {}
    for spec in form.option_specs:
        value = _option_value(form, spec)
        if value != spec.default:
            given[spec.name] = value
    allowed = {spec.name for spec in form.variant.option_specs(given)}
    rules = {name: value for name, value in given.items() if name in allowed}
    teams = None
    if form.has_teams and len(players) == TEAM_SEATS:
        teams = _teams(form, players, rules)
    dealer_field = "player_" + (form["dealer"].data or "0")
    dealer = next((player for name, player in filled if name == dealer_field), None)
    if dealer is None and players:
        dealer = players[0]
    return NewMatch(players, teams, rules, dealer, [name for name, _p in filled])


def new_match_error(form: NewMatchForm, new: NewMatch, error: RuleError) -> None:
    """Put a refusal of the new match next to the field it names."""
    found = re.fullmatch(r"players\[(\d+)\].*", error.path)
    if found and int(found.group(1)) < len(new.player_fields):
        add_error(form, new.player_fields[int(found.group(1))], plain_rule_message(error))
        return
    if error.path == "players":
        add_error(form, "player_0", plain_rule_message(error))
        return
    name = field_for_path(form.api_paths, error.path)
    if name is None and error.path.startswith("teams"):
        name = "partner" if "partner" in form else None
    message = plain_rule_message(error)
    subject = plain_subject(error.path) if name is None else ""
    if subject:
        message = _("%(subject)s: %(message)s", subject=subject, message=message)
    add_error(form, name, message)
