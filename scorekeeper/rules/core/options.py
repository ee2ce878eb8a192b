"""House-rule options: each has a name, a default and a reader that checks a given value.

A variant lists its :class:`OptionSpec` s; :func:`resolve_options` fills in the defaults and
refuses an unknown name or a bad value by its path (``rules.target``), as docs/rules.md §4 asks.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .errors import RuleError, join_path
from .readers import as_bool, as_choice, as_int, as_object
from .text import N_

#: Reads a value given for an option (``value``, ``path``) and returns it checked and normalised.
Reader = Callable[[Any, str], Any]

#: The groups the new-match page shows the house rules in, in its order (docs/rules.md §4).
SCORING_GROUP = N_("Scoring")
BIDDING_GROUP = N_("Bidding")
KITTY_GROUP = N_("Kitty")
PLAY_GROUP = N_("Play")
GROUPS: tuple[str, ...] = (SCORING_GROUP, BIDDING_GROUP, KITTY_GROUP, PLAY_GROUP)


#: The plain titles of the choices whose id is no word a table says ("seed-004"): the pages
#: show these, never the id (issue 26); a choice not listed is its own word ("classic").
CHOICE_TITLES: dict[str, str] = {
    "seed-004": N_("the Russian table (double pinochle 400)"),
    "doubling-250": N_("doubling from 250"),
    "new-cards": N_("new cards"),
    "13-cards": N_("13 cards"),
    "ace-to-king": N_("ace to king"),
    "by-1-5-10": N_("by 1 to 60, by 5 to 100, then by 10"),
    "by-1-5": N_("by 1 to 60, then by 5"),
    "by-1": N_("by any number"),
}


def choice_title(value: object) -> str:
    """The English title of a house rule's choice, for the catalog: its plain title, else the
    word it is.

    >>> choice_title("seed-004"), choice_title("classic")
    ('the Russian table (double pinochle 400)', 'classic')
    """
    return CHOICE_TITLES.get(str(value), str(value))


class Choice:
    """A reader accepting exactly one of its ``choices``, which it tells (the pages list them).

    >>> Choice("raise", "higher")("higher", "rules.tie_rule")
    'higher'
    >>> Choice("raise", "higher").choices
    ('raise', 'higher')
    """

    def __init__(self, *choices: Any) -> None:
        self.choices: tuple[Any, ...] = choices

    def __call__(self, value: Any, path: str) -> Any:
        return as_choice(value, path, self.choices)


@dataclass(frozen=True)
class OptionSpec:
    """One house rule of a variant."""

    name: str
    #: The value a match gets when the table changes nothing (already normalised).
    default: Any
    #: Checks and normalises a given value; raises :class:`RuleError` with the path it is given.
    read: Reader
    #: One line for the new-match page.
    label: str = ""
    #: The group of the new-match page it is shown in (one of :data:`GROUPS`).
    group: str = PLAY_GROUP
    #: The values a table picks from, when the option is a choice (a reader that takes a name
    #: or a custom table gives the names here); ``None`` for numbers, text and ``true``/``false``.
    choices: tuple[Any, ...] | None = field(default=None)

    def __post_init__(self) -> None:
        if self.choices is None and isinstance(self.read, Choice):
            object.__setattr__(self, "choices", self.read.choices)


def choice(*choices: Any) -> Reader:
    """A reader accepting exactly one of ``choices``."""
    return Choice(*choices)


def boolean() -> Reader:
    """A reader for ``true``/``false``."""
    return as_bool


def integer(low: int | None = None, high: int | None = None, multiple_of: int = 1) -> Reader:
    """A reader for a whole number in a range, optionally a multiple of ``multiple_of``."""

    def read(value: Any, path: str) -> int:
        number = as_int(value, path, low=low, high=high)
        if number % multiple_of:
            raise RuleError(
                path, "must be a multiple of {step}", code="not_multiple", step=multiple_of
            )
        return number

    return read


def nullable(reader: Reader) -> Reader:
    """``reader``, or ``null``."""
    return lambda value, path: None if value is None else reader(value, path)


def resolve_options(
    specs: Sequence[OptionSpec], given: object, path: str = "rules"
) -> dict[str, Any]:
    """Every option of ``specs`` with its value: the given one checked, else the default."""
    given_map: Mapping[str, Any] = {} if given is None else as_object(given, path)
    by_name = {spec.name: spec for spec in specs}
    for name in given_map:
        if name not in by_name:
            raise RuleError(
                join_path(path, name), "is not an option of this game", code="unknown_option"
            )
    resolved: dict[str, Any] = {}
    for spec in specs:
        if spec.name in given_map:
            resolved[spec.name] = spec.read(given_map[spec.name], join_path(path, spec.name))
        else:
            resolved[spec.name] = spec.default
    return resolved


#: What gives the options of a form for the options given so far (``Variant.option_specs``).
SpecsFor = Callable[[Mapping[str, Any]], Sequence[OptionSpec]]


def every_option(specs_for: SpecsFor) -> list[tuple[OptionSpec, tuple[str, Any] | None]]:
    """Every option a form may take, each with the ``(option, value)`` that switches it on
    (``None`` for the options a match has with the defaults), e.g. auction's ``target`` under
    ``scoring: points``. The new-match page and docs/rules.md list them all.
    """
    specs = list(specs_for({}))
    found: list[tuple[OptionSpec, tuple[str, Any] | None]] = [(spec, None) for spec in specs]
    names = {spec.name for spec in specs}
    for spec in specs:
        for value in spec.choices or ():
            if value == spec.default:
                continue
            try:
                more = specs_for({spec.name: value})
            except RuleError:
                continue
            for extra in more:
                if extra.name not in names:
                    found.append((extra, (spec.name, value)))
                    names.add(extra.name)
    return found


#: Every variant's option ``direction`` (docs/rules.md §5): the deal and the first bid or lead
#: pass to the left (clockwise; seed 004, Bicycle) or to the right (seed 000: play starts "a la
#: derecha del que reparte").
DIRECTION_OPTION = OptionSpec(
    "direction",
    "left",
    Choice("left", "right"),
    "The deal and the play pass to the left (clockwise) or to the right",
    group=PLAY_GROUP,
)
