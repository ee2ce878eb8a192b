"""A player's or a team's name (docs/rules.md §5): what a new name may hold, how two names are
compared, and the look-alikes a new name is told apart from."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from .confusable import skeleton
from .entry import as_str
from .errors import RuleError
from .text import N_

#: The kitty's key in a hand's payments: a name no player may take (:func:`read_name`).
KITTY = "kitty"

#: The zero-width non-joiner and joiner: format characters that some scripts and emoji need,
#: so a name may hold them (docs/rules.md §5); they do not make two names differ.
JOINERS = frozenset({"\u200c", "\u200d"})
#: Unicode categories refused in a name (docs/rules.md §5): control, format (but the joiners),
#: line and paragraph separators.
_REFUSED_CATEGORIES = {
    "Cc": N_("a control character"),
    "Cf": N_("an invisible formatting character"),
    "Zl": N_("a line separator"),
    "Zp": N_("a paragraph separator"),
}
NAME_MAX = 40


def normalise(text: str) -> str:
    """Trimmed, inner runs of white space made one space, Unicode NFC."""
    return unicodedata.normalize("NFC", " ".join(text.split()))


def read_name(value: object, path: str, *, look_alikes: bool = True) -> str:
    """A player's or a team's name for a new match (docs/rules.md §5), refused at ``path``.

    Trimmed, inner runs of white space made one space, NFC; 1-40 characters; no control
    character, no format character but the zero-width joiner and non-joiner, no line or
    paragraph separator; no name that looks like a reserved one (``kitty``, ``_``:
    :func:`look_alike_key`), unless ``look_alikes`` is false, for a name a stored match holds
    already (it was taken by the rules of its day, and keeps opening).

    >>> read_name("  Ana   María ", "players[0]")
    'Ana María'
    >>> read_name("Ana\u200bMaría", "players[0]")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    scorekeeper.rules.errors.RuleError: players[0]: a name may not hold an invisible ... (U+200B)
    """
    text = as_str(value, path).strip()
    for char in text:
        category = unicodedata.category(char)
        if category in _REFUSED_CATEGORIES and char not in JOINERS:
            raise RuleError(
                path,
                "a name may not hold {what} (U+{code_point})",
                code="bad_name",
                what=_REFUSED_CATEGORIES[category],
                code_point=f"{ord(char):04X}",
            )
    name = normalise(text)
    if not 1 <= len(name) <= NAME_MAX:
        raise RuleError(path, "a name has 1 to 40 characters", code="bad_name")
    if name == KITTY or name == "_":
        raise RuleError(
            path, "{given!r} is reserved; choose another name", code="bad_name", given=name
        )
    for reserved in (KITTY, "_") if look_alikes else ():
        if look_alike_key(name) == look_alike_key(reserved):
            raise RuleError(
                path,
                "{given!r} looks like {reserved!r}, a reserved name; choose another name",
                code="bad_name",
                given=name,
                reserved=reserved,
            )
    return name


def name_key(name: str) -> str:
    """What two names are compared by (docs/rules.md §5): joiners removed, NFKC, casefolded.

    >>> name_key("ＡＮＡ") == name_key("ana") == name_key("An\u200da")
    True
    """
    bare = "".join(char for char in name if char not in JOINERS)
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", bare).casefold())


def look_alike_key(name: str) -> str:
    """What a new name is told apart from the others by (docs/rules.md §5): the UTS #39
    skeleton (:mod:`.confusable`) of its :func:`name_key`, so names that only look alike
    (a Cyrillic letter for a Latin one, ``rn`` for ``m``) share it. Only new names are checked
    with it; a stored match keeps its names, and compares them by :func:`name_key`.

    >>> look_alike_key("kіtty") == look_alike_key("ＫＩＴＴＹ") == look_alike_key("kitty")
    True
    """
    return skeleton(name_key(name))


def check_distinct(names: Sequence[str], path: str) -> None:
    """Refuse, at ``path[i]``, the first name that is another's (:func:`name_key`) or looks
    like another's (:func:`look_alike_key`)."""
    seen: dict[str, int] = {}
    alike: dict[str, int] = {}
    for i, name in enumerate(names):
        key = name_key(name)
        if key in seen:
            raise RuleError(
                f"{path}[{i}]", "{given!r} is already taken", code="duplicate_name", given=name
            )
        looks = look_alike_key(name)
        if looks in alike:
            raise RuleError(
                f"{path}[{i}]",
                "{given!r} looks like {other!r}; choose a name the table can tell apart",
                code="look_alike_name",
                given=name,
                other=names[alike[looks]],
            )
        seen[key] = i
        alike[looks] = i
