"""Pinochle's meld tables (docs/rules.md §1): the meld ids, their names and the one-tap chips,
the ``standard`` and ``seed-004`` values, what a 48-card deck can hold, the meld limit, and the
``melds`` option read into a table of values.
"""

from __future__ import annotations

from collections.abc import Mapping

from ....core.cards import PINOCHLE_RANKS, Rank
from ....core.errors import RuleError, join_path
from ....core.readers import as_choice, as_int, as_object
from ....core.text import N_
from ...table import MeldBook

#: A side's meld in one hand is at most this, in standard points (docs/rules.md §5: more is a typo).
MELD_LIMIT = 3000

#: One row per meld, in the order docs/rules.md lists them: its id, its English name (marked for
#: the catalog), its value in the standard table and how many of it a 48-card deck can hold. The
#: one place the melds are written out: the tables below are read off it.
_MELD_ROWS: tuple[tuple[str, str, int, int], ...] = (
    ("run", N_("run"), 150, 2),
    ("double_run", N_("double run"), 1500, 1),
    ("royal_marriage", N_("royal marriage"), 40, 2),
    ("marriage", N_("marriage"), 20, 6),  # two per plain suit
    ("dix", N_("dix"), 10, 2),
    ("pinochle", N_("pinochle"), 40, 2),
    ("double_pinochle", N_("double pinochle"), 300, 1),
    ("aces_around", N_("aces around"), 100, 2),
    ("kings_around", N_("kings around"), 80, 2),
    ("queens_around", N_("queens around"), 60, 2),
    ("jacks_around", N_("jacks around"), 40, 2),
    ("double_aces", N_("eight aces"), 1000, 1),
    ("double_kings", N_("eight kings"), 800, 1),
    ("double_queens", N_("eight queens"), 600, 1),
    ("double_jacks", N_("eight jacks"), 400, 1),
)

#: Meld ids in the order docs/rules.md lists them (and the calculator reports them): the one list of
#: meld ids; ``meld in MELD_IDS`` checks an id.
MELD_IDS: tuple[str, ...] = tuple(meld for meld, _, _, _ in _MELD_ROWS)

#: The melds a page offers as one-tap chips, in the order it shows them: the everyday melds;
#: the rarer double forms are typed by id.
MELD_CHIPS: tuple[str, ...] = (
    "run",
    "royal_marriage",
    "marriage",
    "pinochle",
    "double_pinochle",
    "dix",
    "aces_around",
    "kings_around",
    "queens_around",
    "jacks_around",
)

#: Every meld's English name, marked for the catalog (the pages translate it).
MELD_NAMES: dict[str, str] = {meld: name for meld, name, _, _ in _MELD_ROWS}

#: Pinochle's meld table as the pages show it (:class:`~scorekeeper.rules.games.table.MeldBook`):
#: every pinochle form's layout carries it.
PINOCHLE_MELDS = MeldBook(MELD_NAMES, MELD_CHIPS, PINOCHLE_RANKS)

#: Bicycle, Parlett and seed 000.
STANDARD_MELDS: dict[str, int] = {meld: points for meld, _, points, _ in _MELD_ROWS}

#: Seed 004 (Russian): double pinochle 400 and eight queens 400; it has no double run, so both
#: runs are two runs at 150: 300 (docs/rules.md §1 meld table). The rest as standard.
MELD_PRESETS: dict[str, dict[str, int]] = {
    "standard": STANDARD_MELDS,
    "seed-004": {
        **STANDARD_MELDS,
        "double_run": 300,
        "double_pinochle": 400,
        "double_queens": 400,
    },
}

#: How many of each meld a 48-card deck can hold (docs/rules.md §1, feasibility).
MELD_MOST: dict[str, int] = {meld: most for meld, _, _, most in _MELD_ROWS}

#: The arounds by rank (one card of the rank in each suit), each with its double form (all eight
#: cards of the rank).
AROUNDS: tuple[tuple[Rank, str, str], ...] = (
    (Rank.ACE, "aces_around", "double_aces"),
    (Rank.KING, "kings_around", "double_kings"),
    (Rank.QUEEN, "queens_around", "double_queens"),
    (Rank.JACK, "jacks_around", "double_jacks"),
)

#: A single meld and its double form: not both in one all-at-once list (docs/rules.md §5).
DOUBLE_OF: dict[str, str] = {
    "run": "double_run",
    "pinochle": "double_pinochle",
    **{single: double for _, single, double in AROUNDS},
}

#: Melds that each take one trump K-Q: at most 2 of them all at once (docs/rules.md §5).
TRUMP_PAIRS: dict[str, int] = {"run": 1, "double_run": 2, "royal_marriage": 1}


def read_meld_table(value: object, path: str) -> str | dict[str, int]:
    """The ``melds`` option: a preset name, or an object of meld id -> value in standard points.

    The object keeps only the ids given (missing ids keep the ``standard`` value), in table
    order, so that it is stored as plain JSON.

    >>> read_meld_table({"double_pinochle": 400}, "rules.melds")
    {'double_pinochle': 400}
    >>> read_meld_table("seed-004", "rules.melds")
    'seed-004'
    """
    if isinstance(value, str):
        return as_choice(value, path, tuple(MELD_PRESETS))
    if not isinstance(value, Mapping):
        raise RuleError(
            path,
            "must be one of {presets} or an object of meld values",
            code="bad_choice",
            presets=", ".join(MELD_PRESETS),
        )
    table = as_object(value, path)
    for key in table:
        if key not in STANDARD_MELDS:
            raise RuleError(
                join_path(path, key),
                "is not a meld; melds are {ids}",
                code="unknown_meld",
                ids=", ".join(MELD_IDS),
            )
    return {
        meld: as_int(table[meld], join_path(path, meld), low=0, high=MELD_LIMIT)
        for meld in MELD_IDS
        if meld in table
    }


def meld_table(melds: object) -> dict[str, int]:
    """Every meld's value in standard points for a resolved ``melds`` option."""
    if isinstance(melds, str):
        return dict(MELD_PRESETS[melds])
    custom = melds if isinstance(melds, Mapping) else {}
    return {meld: int(custom.get(meld, STANDARD_MELDS[meld])) for meld in MELD_IDS}
