"""A player's or a team's name (docs/rules.md §5): what a new name may hold, how two names are
compared, and the look-alikes a new name is told apart from."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence

from .confusable import skeleton
from .errors import RuleError
from .readers import as_str
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
    scorekeeper.rules.core.errors.RuleError: players[0]: a name may not hold an ... (U+200B)
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
    skeleton (:mod:`scorekeeper.rules.core.confusable`) of its :func:`name_key`, so names that only
    look alike (a Cyrillic letter for a Latin one, ``rn`` for ``m``) share it. Only new names are
    checked with it; a stored match keeps its names, and compares them by :func:`name_key`.

    >>> look_alike_key("kіtty") == look_alike_key("ＫＩＴＴＹ") == look_alike_key("kitty")
    True
    """
    return skeleton(name_key(name))


def look_alike_keys(name: str) -> frozenset[str]:
    """Every form two names that look alike share one of: the skeleton of :func:`look_alike_key`
    (casefolded first), and the skeletons of the name as typed and in capitals (NFKC, joiners
    removed). The standard's skeleton does not fold case, and folding first loses a capital's
    likeness: a Greek capital eta looks like an ``H``, its small letter like an ``n``.

    >>> bool(look_alike_keys("\u0397al") & look_alike_keys("Hal"))  # Greek capital eta
    True
    >>> bool(look_alike_keys("\u0397al") & look_alike_keys("hal"))
    True
    >>> bool(look_alike_keys("\u0410\u043d\u0430") & look_alike_keys("Ana"))  # Cyrillic Ана
    False
    """
    bare = unicodedata.normalize("NFKC", "".join(char for char in name if char not in JOINERS))
    return frozenset(
        {
            look_alike_key(name),
            skeleton(bare),
            skeleton(unicodedata.normalize("NFKC", bare.upper())),
        }
    )


def check_new_name(
    name: str,
    others: Iterable[str],
    path: str,
    *,
    taken: str = "{given!r} is already taken",
    code: str = "duplicate_name",
    **params: object,
) -> None:
    """The one check of a new name against the names it joins (docs/rules.md §5), on every
    path that adds or renames one (a match's seats and teams, a roster, a club night's
    players and pairs, a late arrival, a rename): refused at ``path`` when it is one of
    ``others`` (:func:`name_key`: the ``taken`` message and ``code``, filled with ``given``,
    ``other`` and ``params``), or when it only looks like one (:func:`look_alike_keys`: code
    ``look_alike_name``, naming the other). ``name`` is already read (:func:`read_name`).

    >>> check_new_name("\u0410na", ["Ana"], "name")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    scorekeeper.rules.core.errors.RuleError: name: 'Аna' looks like 'Ana'; choose a name the ...
    """
    key, looks = name_key(name), look_alike_keys(name)
    listed = list(others)
    for other in listed:
        if name_key(other) == key:
            # The message may name the name it is (``{other!r}``).
            named = {"other": other} if "{other" in taken else {}
            raise RuleError(path, taken, code=code, given=name, **named, **params)
    for other in listed:
        if look_alike_keys(other) & looks:
            raise RuleError(
                path,
                "{given!r} looks like {other!r}; choose a name the table can tell apart",
                code="look_alike_name",
                given=name,
                other=other,
            )


def check_distinct(names: Sequence[str], path: str) -> None:
    """Refuse, at ``path[i]``, the first name that is another's (:func:`name_key`) or looks
    like another's (:func:`look_alike_key`): :func:`check_new_name` against those before it."""
    for i, name in enumerate(names):
        check_new_name(name, names[:i], f"{path}[{i}]")
