"""The forms of the phone pages: a new match, and one hand form per variant.

The fields depend on the match (its sides, players and options), so each form class is built
for the request. Every form knows the API path each field stands for (``tricks.Ana``), so that
a :class:`~scorekeeper.rules.RuleError` from the service lands next to the field it names, and
reads itself into exactly the JSON body that ``API.md`` describes: no points are added up here,
except the one thing a table expects the page to do: the last side's trick points are filled in
from the counting system's total when left blank.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import BooleanField, Field, HiddenField, RadioField, SelectField, StringField

try:  # WTForms 3.3 wants choices as SelectChoice; older versions take (value, label) pairs
    from wtforms import SelectChoice
except ImportError:  # pragma: no cover
    SelectChoice = None

from .. import i18n
from ..rules import RuleError
from ..rules.options import OptionSpec
from ..rules.variants import Variant

NUMERIC = {"inputmode": "numeric", "autocomplete": "off", "pattern": "-?[0-9]*"}

#: Melds offered as quick-add chips, with their short names (RULES.md §1 meld ids).
MELD_CHIPS: tuple[tuple[str, Any], ...] = (
    ("run", _l("run")),
    ("royal_marriage", _l("royal marriage")),
    ("marriage", _l("marriage")),
    ("pinochle", _l("pinochle")),
    ("double_pinochle", _l("double pinochle")),
    ("dix", _l("dix")),
    ("aces_around", _l("aces around")),
    ("kings_around", _l("kings around")),
    ("queens_around", _l("queens around")),
    ("jacks_around", _l("jacks around")),
)
MELD_IDS = frozenset(meld for meld, _label in MELD_CHIPS) | {
    "double_run",
    "double_aces",
    "double_kings",
    "double_queens",
    "double_jacks",
}

TRUMPS: tuple[tuple[str, str], ...] = (
    ("spades", "♠"),
    ("hearts", "♥"),
    ("diamonds", "♦"),
    ("clubs", "♣"),
)


def choice_list(pairs: Iterable[tuple[str, Any]]) -> list[Any]:
    """Choices of a select or radio field, in the form this WTForms takes them."""
    return [
        SelectChoice(value, label) if SelectChoice else (value, label) for value, label in pairs
    ]


class FormError(Exception):
    """A field the page itself cannot read (text where a number belongs)."""

    def __init__(self, field_name: str, message: str) -> None:
        super().__init__(message)
        self.field_name = field_name
        self.message = message


class Buttons(RadioField):
    """A radio group shown as big buttons; any value (or none) passes to the rules, which judge."""

    def pre_validate(self, form: Any) -> None:
        """Accept any value: the rules check it and name the field when it is wrong."""


def rule_message(error: RuleError) -> str:
    """The rules' message for a person, through the translation catalog."""
    return i18n.rule_message(error)


def add_error(form: FlaskForm, field_name: str | None, message: str) -> None:
    """Show ``message`` next to ``field_name`` (or at the top of the form when ``None``)."""
    if field_name is None or field_name not in form:
        form.form_errors.append(message)
        return
    target: Field = form[field_name]
    target.errors = [*target.errors, message]


def field_for_path(paths: Mapping[str, str], path: str) -> str | None:
    """The field whose API path is ``path`` or its nearest parent (``meld.Ben[2]`` -> meld).

    ``paths`` maps an API path to the name of the field that shows its errors.
    """
    best: tuple[int, str] | None = None
    for field_path, name in paths.items():
        if path == field_path or path.startswith((field_path + ".", field_path + "[")):
            if best is None or len(field_path) > best[0]:
                best = (len(field_path), name)
    return best[1] if best else None


def show_rule_error(form: FlaskForm, error: RuleError) -> None:
    """Put a refusal of the rules next to the field it names."""
    name = field_for_path(form.api_paths, error.path)
    message = rule_message(error)
    if name is None and error.path not in ("_", ""):
        message = f"{error.path}: {message}"
    add_error(form, name, message)


def read_number(form: FlaskForm, name: str) -> int | None:
    """The whole number typed in ``name``, ``None`` when blank; refuses anything else."""
    text = (form[name].data or "").strip().replace(" ", "")
    if not text:
        return None
    if not re.fullmatch(r"-?\d{1,7}", text):
        raise FormError(name, _("Enter a whole number."))
    return int(text)


def read_melds(form: FlaskForm, number_name: str, list_name: str) -> int | list[str]:
    """A side's meld: the number typed, or the list the chips built (never both)."""
    number = read_number(form, number_name)
    items = [item for item in re.split(r"[\s,;+]+", form[list_name].data or "") if item]
    if items and number is not None:
        raise FormError(number_name, _("Enter the meld as a number or as melds, not both."))
    for item in items:
        if item not in MELD_IDS:
            raise FormError(list_name, _("%(meld)s is not a meld.", meld=item))
    return items if items else (number or 0)


def new_key() -> str:
    """A fresh idempotency key for a hand form, made when the form is rendered."""
    return secrets.token_urlsafe(16)


# ---------------------------------------------------------------------------------------------
# Hand forms


@dataclass
class HandLayout:
    """What a hand form needs to know about the match to lay itself out."""

    variant: str
    #: The sides of this hand (in the order they sit), and the players dealt in.
    sides: tuple[str, ...]
    players: tuple[str, ...]
    options: Mapping[str, Any]
    #: The counting system's total per hand (pinochle forms), for filling the last side.
    trick_total: int | None = None
    #: Whether a side's meld must be saved by a trick ("took a trick" matters).
    took_trick_matters: bool = False
    declare_out: bool = False
    units: bool = False
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def kind(self) -> str:
        """The template of this form: pinochle, auction, partnership or pinnacola."""
        if self.variant == "auction":
            return "auction"
        if self.variant == "partnership-auction":
            return "partnership"
        if self.variant == "pinnacola":
            return "pinnacola"
        return "pinochle"


class HandForm(FlaskForm):
    """Fields every hand form has: the double-tap guard and the version it was made from."""

    idempotency_key = HiddenField()
    version = HiddenField()
    #: A chip tapped without JavaScript: ``"<side index>:<meld id>"`` (or ``"<i>:"`` to clear).
    chip = HiddenField()

    layout: HandLayout
    api_paths: dict[str, str]


def _side_fields(fields: dict[str, Any], paths: dict[str, str], i: int, side: str) -> None:
    fields[f"meld_{i}"] = StringField(_l("Meld"), render_kw=NUMERIC)
    fields[f"melds_{i}"] = StringField(_l("Melds"), render_kw={"autocomplete": "off"})
    fields[f"tricks_{i}"] = StringField(_l("Tricks"), render_kw=NUMERIC)
    fields[f"took_{i}"] = BooleanField(_l("took a trick"))
    paths[f"meld.{side}"] = f"meld_{i}"
    paths[f"tricks.{side}"] = f"tricks_{i}"
    paths[f"took_trick.{side}"] = f"took_{i}"


def _contract_fields(
    fields: dict[str, Any], paths: dict[str, str], players: Sequence[str], min_bid: int
) -> None:
    fields["bidder"] = Buttons(_l("Bidder"), choices=choice_list((p, p) for p in players))
    fields["bid"] = StringField(_l("Bid"), default=str(min_bid), render_kw=NUMERIC)
    fields["trump"] = Buttons(_l("Trump"), choices=choice_list(TRUMPS))
    paths.update(bidder="bidder", bid="bid", trump="trump")
    paths["tricks"] = "tricks_0"  # the sum of the tricks (RULES.md §1)


def hand_form_class(layout: HandLayout) -> type[HandForm]:
    """The hand form of one match, with a field per side as its variant asks."""
    fields: dict[str, Any] = {}
    paths: dict[str, str] = {}
    kind = layout.kind
    if kind == "pinochle":
        for i, side in enumerate(layout.sides):
            _side_fields(fields, paths, i, side)
        if layout.declare_out:
            fields["declared_out"] = Buttons(
                _l("Declared out"),
                choices=choice_list([("", _l("nobody")), *((s, s) for s in layout.sides)]),
                default="",
            )
            paths["declared_out"] = "declared_out"
        if layout.sides:
            paths["tricks"] = "tricks_0"  # the sum of the tricks (RULES.md §1)
    elif kind == "partnership":
        _contract_fields(fields, paths, layout.players, int(layout.options.get("min_bid", 250)))
        fields["result"] = Buttons(
            _l("Hand"),
            choices=choice_list(
                [
                    ("played", _l("played")),
                    ("conceded", _l("conceded")),
                    ("all_pass", _l("all passed")),
                ]
            ),
            default="played",
        )
        paths["conceded"] = "result"
        paths["outcome"] = "result"
        for i, side in enumerate(layout.sides):
            _side_fields(fields, paths, i, side)
    elif kind == "auction":
        _contract_fields(fields, paths, layout.players, int(layout.options.get("min_bid", 300)))
        outcomes = [
            ("made", _l("made")),
            ("set", _l("set")),
            ("conceded", _l("conceded")),
            ("all_pass", _l("all passed")),
        ]
        if layout.units:
            fields["outcome"] = Buttons(_l("Outcome"), choices=choice_list(outcomes))
            fields["bidder_meld"] = StringField(_l("Bidder's meld"), render_kw=NUMERIC)
            fields["bidder_tricks"] = StringField(_l("Bidder's tricks"), render_kw=NUMERIC)
            paths.update(outcome="outcome", meld="bidder_meld", tricks="bidder_tricks")
        else:
            fields["outcome"] = Buttons(
                _l("Outcome"),
                choices=choice_list([("", _l("from the points")), *outcomes[2:]]),
                default="",
            )
            paths["outcome"] = "outcome"
            for i, side in enumerate(layout.sides):
                _side_fields(fields, paths, i, side)
    else:  # pinnacola
        for i, side in enumerate(layout.sides):
            fields[f"table_{i}"] = StringField(_l("On the table"), render_kw=NUMERIC)
            fields[f"hand_{i}"] = StringField(_l("Left in hand"), render_kw=NUMERIC)
            paths[f"sides.{side}.table"] = f"table_{i}"
            paths[f"sides.{side}.hand"] = f"hand_{i}"
            paths[f"sides.{side}"] = f"table_{i}"
        ends = [(f"closed:{i}", _l("%(side)s closed", side=s)) for i, s in enumerate(layout.sides)]
        ends += [
            (f"pinnacolone:{i}", _l("Pinnacolone by %(side)s", side=s))
            for i, s in enumerate(layout.sides)
        ]
        ends.append(("stalled", _l("stalled")))
        fields["ending"] = Buttons(_l("The deal ended"), choices=choice_list(ends))
        fields["in_mano"] = BooleanField(_l("in mano (all at once)"))
        paths.update(closed_by="ending", pinnacolone="ending", stalled="ending", in_mano="in_mano")
    form_class = type("HandEntryForm", (HandForm,), fields)
    form_class.layout = layout
    form_class.api_paths = paths
    return form_class


def apply_chip(form: HandForm) -> bool:
    """Add (or clear) a meld chip tapped without JavaScript; ``True`` when one was tapped."""
    chip = form.chip.data or ""
    index, _sep, meld = chip.partition(":")
    name = f"melds_{index}"
    if not index.isdigit() or name not in form:
        return False
    target = form[name]
    if meld in MELD_IDS:
        target.data = " ".join(filter(None, [(target.data or "").strip(), meld]))
    else:
        target.data = ""
    form.chip.data = ""
    return True


def _pinochle_sides(form: HandForm, *, allow_blank_tricks: bool) -> dict[str, Any]:
    """``meld``, ``tricks`` and ``took_trick`` over the sides, the last blank tricks filled."""
    layout = form.layout
    meld = {s: read_melds(form, f"meld_{i}", f"melds_{i}") for i, s in enumerate(layout.sides)}
    tricks = {s: read_number(form, f"tricks_{i}") for i, s in enumerate(layout.sides)}
    blank = [s for s, points in tricks.items() if points is None]
    entry: dict[str, Any] = {"meld": meld}
    if allow_blank_tricks and len(blank) == len(tricks):
        pass  # a concession or a declaration out: no trick points to give
    else:
        if len(blank) == 1 and layout.trick_total is not None and not allow_blank_tricks:
            # The one piece of arithmetic the table expects: the last side gets what is left.
            taken = sum(points for points in tricks.values() if points is not None)
            tricks[blank[0]] = max(layout.trick_total - taken, 0)
        entry["tricks"] = {s: (0 if points is None else points) for s, points in tricks.items()}
    took = {s: True for i, s in enumerate(layout.sides) if form[f"took_{i}"].data}
    if took:
        entry["took_trick"] = took
    return entry


def read_hand(form: HandForm) -> dict[str, Any]:
    """The API's hand body (``API.md``, "Hand bodies by variant") for what the form holds."""
    layout = form.layout
    kind = layout.kind
    if kind == "pinochle":
        out = form.declared_out.data if "declared_out" in form else ""
        entry = _pinochle_sides(form, allow_blank_tricks=bool(out))
        if out:
            entry["declared_out"] = out
        return entry
    if kind == "pinnacola":
        sides = {
            s: {
                "table": read_number(form, f"table_{i}") or 0,
                "hand": read_number(form, f"hand_{i}") or 0,
            }
            for i, s in enumerate(layout.sides)
        }
        entry = {"sides": sides}
        how, _sep, index = (form.ending.data or "").partition(":")
        if how in ("closed", "pinnacolone") and index.isdigit():
            entry["closed_by" if how == "closed" else "pinnacolone"] = layout.sides[int(index)]
        elif how == "stalled":
            entry["stalled"] = True
        if form.in_mano.data:
            entry["in_mano"] = True
        return entry
    contract = {
        "bidder": form.bidder.data or None,
        "bid": read_number(form, "bid"),
        "trump": form.trump.data or None,
    }
    if kind == "partnership":
        if form.result.data == "all_pass":
            return {"outcome": "all_pass"}
        conceded = form.result.data == "conceded"
        return {
            **contract,
            **_pinochle_sides(form, allow_blank_tricks=conceded),
            "conceded": conceded,
        }
    outcome = form.outcome.data or None
    if outcome == "all_pass":
        return {"outcome": "all_pass"}
    if layout.units:
        entry = {**contract, "outcome": outcome}
        meld, tricks = read_number(form, "bidder_meld"), read_number(form, "bidder_tricks")
        if meld is not None or tricks is not None:
            entry.update(meld=meld or 0, tricks=tricks or 0)
        return {k: v for k, v in entry.items() if v is not None}
    entry = {**contract, **_pinochle_sides(form, allow_blank_tricks=outcome == "conceded")}
    if outcome:
        entry["outcome"] = outcome
    return entry


def hand_form_data(layout: HandLayout, entry: Mapping[str, Any]) -> dict[str, Any]:
    """The form's field values for a hand entered earlier (to correct it)."""
    data: dict[str, Any] = {}

    def text(value: Any) -> str:
        return "" if value is None else str(value)

    def sides_data() -> None:
        for i, side in enumerate(layout.sides):
            meld = (entry.get("meld") or {}).get(side)
            if isinstance(meld, list):
                data[f"melds_{i}"] = " ".join(str(m) for m in meld)
            else:
                data[f"meld_{i}"] = text(meld)
            data[f"tricks_{i}"] = text((entry.get("tricks") or {}).get(side))
            data[f"took_{i}"] = bool((entry.get("took_trick") or {}).get(side))

    kind = layout.kind
    if kind in ("auction", "partnership"):
        data.update(
            bidder=entry.get("bidder") or "",
            bid=text(entry.get("bid")),
            trump=entry.get("trump") or "",
        )
    if kind == "pinochle":
        sides_data()
        data["declared_out"] = entry.get("declared_out") or ""
    elif kind == "partnership":
        sides_data()
        if entry.get("outcome") == "all_pass":
            data["result"] = "all_pass"
        else:
            data["result"] = "conceded" if entry.get("conceded") else "played"
    elif kind == "auction":
        data["outcome"] = entry.get("outcome") or ""
        if layout.units:
            data.update(
                bidder_meld=text(entry.get("meld")), bidder_tricks=text(entry.get("tricks"))
            )
        else:
            sides_data()
    else:
        for i, side in enumerate(layout.sides):
            numbers = (entry.get("sides") or {}).get(side) or {}
            data[f"table_{i}"] = text(numbers.get("table"))
            data[f"hand_{i}"] = text(numbers.get("hand"))
        if entry.get("stalled"):
            data["ending"] = "stalled"
        for key, how in (("closed_by", "closed"), ("pinnacolone", "pinnacolone")):
            if entry.get(key) in layout.sides:
                data["ending"] = f"{how}:{layout.sides.index(entry[key])}"
        data["in_mano"] = bool(entry.get("in_mano"))
    return data


def has_meld_lists(layout: HandLayout) -> bool:
    """Whether the hand form takes each side's meld as a number or a list of meld ids."""
    return layout.kind in ("pinochle", "partnership") or (
        layout.kind == "auction" and not layout.units
    )


def query_prefill(layout: HandLayout, args: Mapping[str, str]) -> dict[str, Any]:
    """Field values that the tools carry in the match page's address (``?meld.Us=run,dix``,
    ``?table.Us=385&hand.Us=45``); anything else in it is ignored. The rules judge the values
    when the hand is saved."""
    data: dict[str, Any] = {}
    for i, side in enumerate(layout.sides):
        if layout.kind == "pinnacola":
            for key in ("table", "hand"):
                value = (args.get(f"{key}.{side}") or "").strip()
                if value.isdigit():
                    data[f"{key}_{i}"] = value
        elif has_meld_lists(layout):
            value = (args.get(f"meld.{side}") or "").strip()
            items = [item for item in re.split(r"[\s,;+]+", value) if item in MELD_IDS]
            if value.isdigit():
                data[f"meld_{i}"] = value
            elif items:
                data[f"melds_{i}"] = " ".join(items)
    return data


def link_tools(layout: HandLayout, public_id: str, args: Mapping[str, str]) -> None:
    """Let the hand form link each side to the tools (meld calculator, card picker), which
    carry their result back with what the address already carried for the other sides."""
    carry = {k: v for k, v in args.items() if k.startswith(("meld.", "table.", "hand."))}
    layout.extra.update(tools_match=public_id, tools_carry=carry)


# ---------------------------------------------------------------------------------------------
# The new-match form

#: How the new-match page groups the house rules (RULES.md §4); others go under "Other".
OPTION_GROUPS: tuple[tuple[Any, tuple[str, ...]], ...] = (
    (_l("Scoring"), ("scoring", "counting", "melds", "target", "tie_rule", "deals", "stall")),
    (_l("Bidding"), ("min_bid", "schedule", "spades_double", "hearts_triple", "unit_value")),
    (_l("Kitty"), ("kitty", "kitty_bonus_from", "kitty_bonus", "all_pass_pays")),
    (
        _l("Play"),
        (
            "partnerships",
            "declare_out",
            "play_on",
            "trump_by_first_marriage",
            "pinelle",
            "hand_size",
        ),
    ),
)

#: Choices of options whose reader cannot be asked (RULES.md §4).
KNOWN_CHOICES: dict[str, tuple[Any, ...]] = {
    "schedule": ("doubling", "hoyle", "scarne"),
    "melds": ("standard", "seed-004"),
}


def option_choices(spec: OptionSpec) -> tuple[Any, ...] | None:
    """The values an option may take when it is a choice, else ``None`` (asks its reader)."""
    if spec.name in KNOWN_CHOICES:
        return KNOWN_CHOICES[spec.name]
    if isinstance(spec.default, bool):
        return None
    try:
        spec.read("\x00?", "x")
    except RuleError as error:
        listed = error.params.get("choices") if error.code == "bad_choice" else None
        if isinstance(listed, str):
            values: list[Any] = []
            for text in listed.split(", "):
                if text == "null":
                    values.append(None)
                elif isinstance(spec.default, int) and text.lstrip("-").isdigit():
                    values.append(int(text))
                else:
                    values.append(text)
            return tuple(values)
    except Exception:  # noqa: BLE001 - a reader that cannot read junk is simply not a choice
        return None
    return None


def variant_option_specs(variant: Variant) -> list[OptionSpec]:
    """Every option the variant may take, also those that a choice (``scoring``) switches on."""
    return [spec for spec, _condition in option_conditions(variant)]


def option_conditions(variant: Variant) -> list[tuple[OptionSpec, tuple[str, Any] | None]]:
    """Every option the variant may take, each with the ``(option, value)`` that switches it
    on (``None`` for the options a match has with the defaults)."""
    specs = list(variant.option_specs({}))
    conditions: list[tuple[OptionSpec, tuple[str, Any] | None]] = [(s, None) for s in specs]
    names = {spec.name for spec in specs}
    for spec in list(specs):
        for value in option_choices(spec) or ():
            if value == spec.default:
                continue
            try:
                more = variant.option_specs({spec.name: value})
            except RuleError:
                continue
            for extra in more:
                if extra.name not in names:
                    conditions.append((extra, (spec.name, value)))
                    names.add(extra.name)
    return conditions


def grouped_options(specs: Iterable[OptionSpec]) -> list[tuple[Any, list[OptionSpec]]]:
    """The options in the page's groups, in the groups' order."""
    by_name = {spec.name: spec for spec in specs}
    groups: list[tuple[Any, list[OptionSpec]]] = []
    placed: set[str] = set()
    for title, names in OPTION_GROUPS:
        members = [by_name[name] for name in names if name in by_name]
        placed.update(spec.name for spec in members)
        if members:
            groups.append((title, members))
    rest = [spec for name, spec in by_name.items() if name not in placed]
    if rest:
        groups.append((_l("Other"), rest))
    return groups


def _choice_label(value: Any) -> str:
    return _("none") if value is None else _(str(value))


class NewMatchForm(FlaskForm):
    """Players in seating order, teams, the first dealer and the house rules."""

    variant: Variant
    seats: int
    min_seats: int
    has_teams: bool
    option_specs: list[OptionSpec]
    api_paths: dict[str, str]


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
    conditions = dict((spec.name, condition) for spec, condition in option_conditions(variant))
    specs = variant_option_specs(variant)
    defaults = {spec.name: spec.default for spec in specs}
    has_teams = any(variant.partnerships(defaults, n) for n in variant.player_counts if n == 4)
    if has_teams:
        fields["partner"] = SelectField(
            _l("Partner of player 1"),
            choices=choice_list(
                [
                    ("1", _l("Player 2")),
                    ("2", _l("Player 3 (opposite)")),
                    ("3", _l("Player 4")),
                ]
            ),
            default="2",
        )
        fields["team_0"] = StringField(_l("Team of player 1"), default=_l("Team 1"))
        fields["team_1"] = StringField(_l("Other team"), default=_l("Team 2"))
        paths.update({"teams": "partner", "teams[0]": "team_0", "teams[1]": "team_1"})
    fields["dealer"] = SelectField(
        _l("First dealer"),
        choices=choice_list((str(i), _l("Player %(n)s", n=i + 1)) for i in range(seats)),
        default="0",
    )
    paths["dealer"] = "dealer"
    paths["players"] = "player_0"
    for spec in specs:
        name = f"opt_{spec.name}"
        label = _l(spec.label) if spec.label else spec.name
        condition = conditions[spec.name]
        if condition is not None:
            option, value = condition
            label = _l(
                "%(label)s (only with %(option)s: %(value)s)",
                label=label,
                option=_(option),
                value=_choice_label(value),
            )
        choices = option_choices(spec)
        if isinstance(spec.default, bool):
            fields[name] = BooleanField(label, default=spec.default)
        elif choices:
            fields[name] = SelectField(
                label,
                choices=choice_list(
                    ("" if c is None else str(c), _choice_label(c)) for c in choices
                ),
                default="" if spec.default is None else str(spec.default),
            )
        elif isinstance(spec.default, int) or spec.default is None:
            fields[name] = StringField(
                label, default="" if spec.default is None else str(spec.default), render_kw=NUMERIC
            )
        else:
            fields[name] = StringField(label, default=str(spec.default))
        paths[f"rules.{spec.name}"] = name
    form_class = type("NewMatchEntryForm", (NewMatchForm,), fields)
    form_class.variant = variant
    form_class.seats = seats
    form_class.min_seats = min(variant.player_counts)
    form_class.has_teams = has_teams
    form_class.option_specs = specs
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
    choices = option_choices(spec)
    if choices:
        for choice in choices:
            if ("" if choice is None else str(choice)) == raw:
                return choice
        return raw
    if isinstance(spec.default, int) or spec.default is None:
        return read_number(form, f"opt_{spec.name}")
    return (raw or "").strip()


def read_new_match(form: NewMatchForm) -> NewMatch:
    """The players, teams, options and first dealer as the API takes them.

    Only the options the table changed are sent, so that defaults that follow other options
    (the target under ``simple`` counting) stay the rules' business.
    """
    variant = form.variant
    seated = [(f"player_{i}", (form[f"player_{i}"].data or "").strip()) for i in range(form.seats)]
    filled = [(name, player) for name, player in seated if player]
    players = [player for _name, player in filled]
    given: dict[str, Any] = {}
    for spec in form.option_specs:
        value = _option_value(form, spec)
        if value != spec.default:
            given[spec.name] = value
    allowed = {spec.name for spec in variant.option_specs(given)}
    rules = {name: value for name, value in given.items() if name in allowed}
    teams = None
    if form.has_teams and len(players) == 4:
        try:
            options = variant.resolve_options(rules)
        except RuleError:
            options = {spec.name: spec.default for spec in form.option_specs}
        if variant.partnerships(options, 4):
            partner = int(form.partner.data or "2")
            first = [players[0], players[partner]]
            second = [p for p in players if p not in first]
            teams = [
                {"name": (form.team_0.data or "").strip() or _("Team 1"), "players": first},
                {"name": (form.team_1.data or "").strip() or _("Team 2"), "players": second},
            ]
    dealer_seat = form.dealer.data or "0"
    dealer_field = f"player_{dealer_seat}"
    dealer = next((player for name, player in filled if name == dealer_field), None)
    if dealer is None and players:
        dealer = players[0]
    return NewMatch(players, teams, rules, dealer, [name for name, _p in filled])


def new_match_error(form: NewMatchForm, new: NewMatch, error: RuleError) -> None:
    """Put a refusal of the new match next to the field it names."""
    found = re.fullmatch(r"players\[(\d+)\].*", error.path)
    if found and int(found.group(1)) < len(new.player_fields):
        add_error(form, new.player_fields[int(found.group(1))], rule_message(error))
        return
    if error.path == "players":
        add_error(form, "player_0", rule_message(error))
        return
    name = field_for_path(form.api_paths, error.path)
    if name is None and error.path.startswith("teams"):
        name = "partner" if "partner" in form else None
    message = rule_message(error)
    if name is None and error.path not in ("_", ""):
        message = f"{error.path}: {message}"
    add_error(form, name, message)
