"""Pinochle's common part: counting systems, meld tables, the bid limits, valuing a declared
meld, the meld calculator, and the readers of a hand's trick points that every pinochle form
shares.

Everything here follows docs/rules.md §1 and §5. The forms themselves (two-, three-, four-handed and
partnership auction) live in :mod:`scorekeeper.rules.games.pinochle.forms`; auction pinochle in
:mod:`scorekeeper.rules.games.auction.form` reuses the option specs and readers below for ``scoring:
points``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ...core.cards import PINOCHLE_RANKS, Card, Rank, Suit
from ...core.errors import RuleError, join_path
from ...core.options import SCORING_GROUP, Choice, OptionSpec, choice, integer
from ...core.readers import as_bool, as_choice, as_int, as_list, as_object, as_str, side_map
from ...core.text import N_
from ..table import MeldBook

# ---------------------------------------------------------------------------------------------
# Counting systems (docs/rules.md §1)


@dataclass(frozen=True)
class Counting:
    """A card counting system: what each card and the last trick are worth in tricks."""

    #: The option value (``classic``, ``counters``, ``simple``).
    name: str
    #: Points of one card of each rank.
    card_values: Mapping[Rank, int]
    #: Points for winning the last trick.
    last_trick: int
    #: What the trick points of one hand add up to (all 48 cards plus the last trick).
    total: int
    #: Meld values and the target are divided by this (``simple``: 10).
    divisor: int
    #: Every side's trick points are a multiple of this (``counters``: 10).
    step: int

    def __post_init__(self) -> None:
        # The table in docs/rules.md §1 gives both the card values and the total: they must agree.
        deck_points = 8 * sum(self.card_values[rank] for rank in PINOCHLE_RANKS)
        assert deck_points + self.last_trick == self.total, self.name

    @property
    def no_one_point(self) -> bool:
        """Whether no card is worth 1 point, so that no side's share can be 1 or the total
        minus 1 (docs/rules.md §1: ``classic``; ``counters`` has its multiples of 10)."""
        return self.step == 1 and all(value != 1 for value in self.card_values.values())

    def without_last_trick(self) -> Counting:
        """The same cards with no bonus for the last trick (option ``last_trick: 0``,
        docs/rules.md §1: seed 002 to the letter, 240 in all under ``classic``)."""
        return replace(self, last_trick=0, total=self.total - self.last_trick)


#: docs/rules.md §1: ``classic`` (seeds 000, 002, 004), ``counters`` (A, 10, K = 10), ``simple``.
COUNTINGS: dict[str, Counting] = {
    "classic": Counting(
        "classic",
        {Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2, Rank.NINE: 0},
        last_trick=10,
        total=250,
        divisor=1,
        step=1,
    ),
    "counters": Counting(
        "counters",
        {Rank.ACE: 10, Rank.TEN: 10, Rank.KING: 10, Rank.QUEEN: 0, Rank.JACK: 0, Rank.NINE: 0},
        last_trick=10,
        total=250,
        divisor=1,
        step=10,
    ),
    "simple": Counting(
        "simple",
        {Rank.ACE: 1, Rank.TEN: 1, Rank.KING: 1, Rank.QUEEN: 0, Rank.JACK: 0, Rank.NINE: 0},
        last_trick=1,
        total=25,
        divisor=10,
        step=1,
    ),
}

#: A side's meld in one hand is at most this, in standard points (docs/rules.md §5: more is a typo).
MELD_LIMIT = 3000

# ---------------------------------------------------------------------------------------------
# Bidding (docs/rules.md §4)

#: docs/rules.md §4: bids are at most 2000 (a guard against typos). Each auction's ``min_bid``
#: has its own floor: 250 in three-handed auction (seed 000: «250 o 300»), 100 in partnership
#: auction (Bicycle: "The lowest bid is 100").
MAX_BID = 2000
LOWEST_MIN_BID = 250
PARTNERSHIP_LOWEST_MIN_BID = 100
#: Bids go up in tens (seed 000, Bicycle, docs/rules.md §2).
BID_STEP = 10

# ---------------------------------------------------------------------------------------------
# Meld tables (docs/rules.md §1)

#: Meld ids in the order docs/rules.md lists them (and the calculator reports them): the one list of
#: meld ids; ``meld in MELD_IDS`` checks an id.
MELD_IDS: tuple[str, ...] = (
    "run",
    "double_run",
    "royal_marriage",
    "marriage",
    "dix",
    "pinochle",
    "double_pinochle",
    "aces_around",
    "kings_around",
    "queens_around",
    "jacks_around",
    "double_aces",
    "double_kings",
    "double_queens",
    "double_jacks",
)

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
MELD_NAMES: dict[str, str] = {
    "run": N_("run"),
    "double_run": N_("double run"),
    "royal_marriage": N_("royal marriage"),
    "marriage": N_("marriage"),
    "dix": N_("dix"),
    "pinochle": N_("pinochle"),
    "double_pinochle": N_("double pinochle"),
    "aces_around": N_("aces around"),
    "kings_around": N_("kings around"),
    "queens_around": N_("queens around"),
    "jacks_around": N_("jacks around"),
    "double_aces": N_("eight aces"),
    "double_kings": N_("eight kings"),
    "double_queens": N_("eight queens"),
    "double_jacks": N_("eight jacks"),
}

#: Pinochle's meld table as the pages show it (:class:`~scorekeeper.rules.games.table.MeldBook`):
#: every pinochle form's layout carries it.
PINOCHLE_MELDS = MeldBook(MELD_NAMES, MELD_CHIPS, PINOCHLE_RANKS)

#: Bicycle, Parlett and seed 000.
STANDARD_MELDS: dict[str, int] = {
    "run": 150,
    "double_run": 1500,
    "royal_marriage": 40,
    "marriage": 20,
    "dix": 10,
    "pinochle": 40,
    "double_pinochle": 300,
    "aces_around": 100,
    "kings_around": 80,
    "queens_around": 60,
    "jacks_around": 40,
    "double_aces": 1000,
    "double_kings": 800,
    "double_queens": 600,
    "double_jacks": 400,
}

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
MELD_MOST: dict[str, int] = {
    "run": 2,
    "double_run": 1,
    "royal_marriage": 2,
    "marriage": 6,  # two per plain suit
    "dix": 2,
    "pinochle": 2,
    "double_pinochle": 1,
    "aces_around": 2,
    "kings_around": 2,
    "queens_around": 2,
    "jacks_around": 2,
    "double_aces": 1,
    "double_kings": 1,
    "double_queens": 1,
    "double_jacks": 1,
}

#: A single meld and its double form: not both in one all-at-once list (docs/rules.md §5).
_DOUBLE_OF: dict[str, str] = {
    "run": "double_run",
    "pinochle": "double_pinochle",
    "aces_around": "double_aces",
    "kings_around": "double_kings",
    "queens_around": "double_queens",
    "jacks_around": "double_jacks",
}

#: Melds that each take one trump K-Q: at most 2 of them all at once (docs/rules.md §5).
_TRUMP_PAIRS: dict[str, int] = {"run": 1, "double_run": 2, "royal_marriage": 1}


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


# ---------------------------------------------------------------------------------------------
# Options shared by every pinochle form (docs/rules.md §4)

COUNTING_OPTION = OptionSpec(
    "counting",
    "classic",
    choice(*COUNTINGS),
    "Card points in tricks: classic (A 11, 10 10, K 4, Q 3, J 2), counters (A, 10, K: 10 each)"
    " or simple (A, 10, K: 1 each; meld and target divided by 10)",
    group=SCORING_GROUP,
)

#: Auctions bid in classic or counters points only (docs/rules.md §4).
AUCTION_COUNTING_OPTION = OptionSpec(
    "counting",
    "classic",
    choice("classic", "counters"),
    "Card points in tricks: classic (A 11, 10 10, K 4, Q 3, J 2) or counters (A, 10, K: 10 each)",
    group=SCORING_GROUP,
)


class _LastTrick(Choice):
    """``last_trick``: 0 or a counting's bonus. The table picks 10 or 0 (its choices); 1 is
    the bonus under ``simple``, which :func:`pinochle_defaults` fills in and checks against
    the match's counting."""

    def __init__(self) -> None:
        super().__init__(COUNTINGS["classic"].last_trick, 0)

    def __call__(self, value: Any, path: str) -> Any:
        bonuses = (*self.choices, COUNTINGS["simple"].last_trick)
        points = as_int(value, path, low=0)
        if points not in bonuses:
            raise RuleError(
                path,
                "must be one of {choices}",
                code="bad_choice",
                choices=", ".join(str(bonus) for bonus in bonuses),
            )
        return points


#: docs/rules.md §1, §4: the bonus for the last trick, 0 or the counting's own (10; 1 under
#: ``simple``, which :func:`pinochle_defaults` fills in). Every pinochle form kept in points
#: takes it (auction only with ``scoring: points``); :func:`counting_of` follows it.
LAST_TRICK_OPTION = OptionSpec(
    "last_trick",
    COUNTINGS["classic"].last_trick,
    _LastTrick(),
    "Points for the last trick: 10 (1 with simple counting), or none",
    group=SCORING_GROUP,
)

MELDS_OPTION = OptionSpec(
    "melds",
    "standard",
    read_meld_table,
    "Meld values: standard, the Russian table (double pinochle 400, no double run) or your own",
    group=SCORING_GROUP,
    choices=("standard", "seed-004"),
)

#: docs/rules.md §1: two-handed melding again (``pinochle-2``, and ``pinochle-3``'s play-on).
NEW_CARDS = "new-cards"
EXTEND = "extend"
MELD_REUSE_OPTION = OptionSpec(
    "meld_reuse",
    NEW_CARDS,
    choice(NEW_CARDS, EXTEND),
    "Melding again: a double meld needs new cards (pinochle then double pinochle is not"
    " allowed), or may extend a meld already shown",
    group=SCORING_GROUP,
)

TIE_RULE_OPTION = OptionSpec(
    "tie_rule",
    "raise",
    choice("raise", "higher"),
    "Both over the target in one hand: raise it by 250, or the higher total wins",
    group=SCORING_GROUP,
)


def target_option(default: int) -> OptionSpec:
    """The ``target`` option with its default (in classic points; :func:`pinochle_defaults`
    divides the default by 10 under ``simple``)."""
    return OptionSpec(
        "target",
        default,
        integer(low=1, high=100_000),
        "Points that win the game",
        group=SCORING_GROUP,
    )


def pinochle_defaults(options: dict[str, Any], given: Mapping[str, Any]) -> dict[str, Any]:
    """Cross-option rules of the pinochle options, applied after :func:`resolve_options`.

    ``options`` are the resolved options, ``given`` the options the table typed. Under
    ``simple`` (docs/rules.md §1, §4) the default target is divided by 10 (1000 -> 100) and custom
    meld values, given in standard points, must divide by 10. ``last_trick`` is 0 or the
    counting's own bonus (10; 1 under ``simple``), which is its default.

    >>> pinochle_defaults({"counting": "simple", "last_trick": 10, "target": 1000}, {})
    {'counting': 'simple', 'last_trick': 1, 'target': 100}
    """
    resolved = dict(options)
    counting = COUNTINGS[resolved.get("counting", "classic")]
    if "target" in resolved and "target" not in given:
        resolved["target"] = resolved["target"] // counting.divisor
    if "last_trick" in resolved:
        if "last_trick" not in given:
            resolved["last_trick"] = counting.last_trick
        elif resolved["last_trick"] not in (0, counting.last_trick):
            raise RuleError(
                "rules.last_trick",
                "must be 0 or {bonus} under {counting} counting",
                code="bad_choice",
                bonus=counting.last_trick,
                counting=counting.name,
            )
    melds = resolved.get("melds")
    if counting.divisor > 1 and isinstance(melds, Mapping):
        for meld, points in melds.items():
            if points % counting.divisor:
                raise RuleError(
                    f"rules.melds.{meld}",
                    "must be a multiple of {step}: simple counting divides meld values by {step}",
                    code="not_multiple",
                    step=counting.divisor,
                )
    return resolved


def counting_of(options: Mapping[str, Any]) -> Counting:
    """The counting system of a match's resolved options (``classic`` when absent), with its
    last-trick bonus (option ``last_trick``; absent: the counting's own). Its ``total`` is what
    a hand's trick points add up to (docs/rules.md §1).

    >>> counting_of({"counting": "classic", "last_trick": 0}).total
    240
    >>> counting_of({"counting": "simple"}).total
    25
    """
    counting = COUNTINGS[options.get("counting", "classic")]
    if options.get("last_trick", counting.last_trick) == 0:
        return counting.without_last_trick()
    return counting


def meld_values(options: Mapping[str, Any]) -> dict[str, int]:
    """Every meld's value in the counting system's own points (``simple``: divided by 10)."""
    divisor = counting_of(options).divisor
    return {meld: points // divisor for meld, points in meld_table(options.get("melds")).items()}


#: docs/rules.md §1 "Meld table": every meld of ``standard`` and ``seed-004`` is worth a
#: multiple of 10, so is every meld total; a figure like 75 is a typo for 70 or 80.
MELD_STEP = 10


def check_meld_figures(entry: object, options: Mapping[str, Any]) -> None:
    """Refuse a meld typed as a number that is not a multiple of 10 when every meld of the
    match's table is worth one (docs/rules.md §1 "Meld typos"): ``standard``, ``seed-004``, and
    a custom table of tens. Every meld figure of an entry is checked (``meld`` itself, the
    auction bidder's, or each side's or player's ``meld.<name>``, in sorted order); under
    ``simple`` counting (a run is 15) or a table with a meld off the tens, any number stands.

    A hand typed now goes through it, never a replay: a stored hand keeps the figure it was
    stored with (docs/rules.md §7). Anything but a number is left to the entry's reader.

    >>> check_meld_figures({"meld": {"Ana": 70, "Ben": 20}}, {"melds": "standard"})
    >>> check_meld_figures({"meld": {"Ana": 75, "Ben": 20}}, {"melds": "standard"})
    ... # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    scorekeeper.rules.core.errors.RuleError: meld.Ana: cannot be 75: every meld is worth a ... of 10
    >>> check_meld_figures({"meld": {"Ana": 15}}, {"counting": "simple", "melds": "standard"})
    """
    if not isinstance(entry, Mapping):
        return
    if any(points % MELD_STEP for points in meld_values(options).values()):
        return
    meld = entry.get("meld")
    figures = (
        [(join_path("meld", str(key)), meld[key]) for key in sorted(meld, key=str)]
        if isinstance(meld, Mapping)
        else [("meld", meld)]
    )
    for path, value in figures:
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        if isinstance(value, int) and not isinstance(value, bool) and value % MELD_STEP:
            raise RuleError(
                path,
                "cannot be {given}: every meld is worth a multiple of {step}",
                code="meld_not_multiple",
                given=value,
                step=MELD_STEP,
            )


def meld_limit(options: Mapping[str, Any]) -> int:
    """The most meld one side may score in one hand, in the counting's own points."""
    return MELD_LIMIT // counting_of(options).divisor


# ---------------------------------------------------------------------------------------------
# Reading a hand's entry


class MeldCheck:
    """What a 48-card deck allows in the meld lists of one side (docs/rules.md §1, §5), item
    by item; one check may span several lists (the two partners' under ``saving_trick:
    player``: a side's lists together must fit the deck).

    ``all_at_once`` (3-, 4-handed and auction play): no meld with its double form, and runs +
    royal marriages at most 2 (``double_run`` counts two). ``new_cards`` (two-handed, option
    ``meld_reuse: new-cards``): no meld with its double form either, since a card melded once
    never melds again in its class; a royal marriage may still go into a run.
    """

    def __init__(self, *, all_at_once: bool, new_cards: bool = False) -> None:
        self.all_at_once = all_at_once
        self.new_cards = new_cards
        self.seen: Counter[str] = Counter()
        self.trump_pairs = 0

    def add(self, meld: str, path: str) -> None:
        """Count one more ``meld`` (a known id), refused at ``path`` when the deck cannot hold
        it with the melds counted so far."""
        self.seen[meld] += 1
        if self.seen[meld] > MELD_MOST[meld]:
            raise RuleError(
                path,
                "one {meld} too many: a 48-card deck holds at most {most}",
                code="impossible_meld",
                most=MELD_MOST[meld],
                meld=meld,
            )
        if self.all_at_once:
            _check_all_at_once(meld, self.seen, path)
            self.trump_pairs += _TRUMP_PAIRS.get(meld, 0)
            if self.trump_pairs > 2:
                # Each run and royal marriage needs its own trump K-Q; there are two.
                raise RuleError(
                    path,
                    "runs and royal marriages together need more than the two trump kings"
                    " and queens",
                    code="impossible_meld",
                )
        elif self.new_cards:
            _check_new_cards(meld, self.seen, path)


def read_meld(
    value: object,
    path: str,
    values: Mapping[str, int],
    *,
    all_at_once: bool,
    limit: int,
    new_cards: bool = False,
    check: MeldCheck | None = None,
) -> int:
    """A side's meld for one hand: a number, or a list of meld ids valued with ``values``.

    A list is refused, naming the item, when a 48-card deck cannot hold it (docs/rules.md §1) and,
    with ``all_at_once`` (3-, 4-handed and auction play), when it holds a meld with its double
    form or more than two melds that each need a trump K-Q (docs/rules.md §5); with
    ``new_cards`` (two-handed, ``meld_reuse: new-cards``, docs/rules.md §1) when it holds a meld
    with its double form. ``check`` carries the count over from another list of the same side.
    Either way the meld is at most ``limit``.

    >>> read_meld(["run", "marriage"], "meld.Ana", STANDARD_MELDS, all_at_once=True, limit=3000)
    170
    """
    if not isinstance(value, list):
        return as_int(value, path, low=0, high=limit)
    melds = as_list(value, path)
    counter = check or MeldCheck(all_at_once=all_at_once, new_cards=new_cards)
    total = 0
    for i, item in enumerate(melds):
        item_path = join_path(path, i)
        meld = as_str(item, item_path)
        if meld not in values:
            raise RuleError(
                item_path,
                "{given!r} is not a meld; melds are {ids}",
                code="unknown_meld",
                given=meld,
                ids=", ".join(MELD_IDS),
            )
        counter.add(meld, item_path)
        total += values[meld]
    if total > limit:
        raise RuleError(path, "is more than {limit} points", code="too_large", limit=limit)
    return total


def _check_all_at_once(meld: str, seen: Counter[str], path: str) -> None:
    """Melding all at once, a hand holds a meld's single form or its double, not both."""
    for single, double in _DOUBLE_OF.items():
        if (meld == single and seen[double]) or (meld == double and seen[single]):
            raise RuleError(
                path,
                "{single} and {double} cannot both be melded at once: the double form already"
                " uses the cards",
                code="impossible_meld",
                single=single,
                double=double,
            )


def _check_new_cards(meld: str, seen: Counter[str], path: str) -> None:
    """Two-handed under ``meld_reuse: new-cards`` (seeds 002, 004): a meld and its double form
    not in one hand's list; ``royal_marriage`` is no single form, so it stands with a run or a
    double run (seed 004: "the royal marriage must be declared first")."""
    for single, double in _DOUBLE_OF.items():
        if (meld == single and seen[double]) or (meld == double and seen[single]):
            raise RuleError(
                path,
                "{single} and {double} cannot both be melded: a card melded once is not used"
                " again in a meld of its kind",
                code="meld_reuse",
                single=single,
                double=double,
            )


def read_melds(
    value: object,
    path: str,
    sides: tuple[str, ...],
    options: Mapping[str, Any],
    *,
    all_at_once: bool,
    new_cards: bool = False,
) -> dict[str, int]:
    """Every side's meld for one hand (``meld``), each read by :func:`read_meld`."""
    mapping = side_map(value, path, sides)
    values = meld_values(options)
    limit = meld_limit(options)
    return {
        side: read_meld(
            mapping[side],
            join_path(path, side),
            values,
            all_at_once=all_at_once,
            limit=limit,
            new_cards=new_cards,
        )
        for side in sides
    }


def read_melds_by_player(
    value: object, path: str, teams: Mapping[str, Sequence[str]], options: Mapping[str, Any]
) -> dict[str, int]:
    """Every player's meld for one hand, melded all at once (``pinochle-4`` partners under
    ``saving_trick: player``, docs/rules.md §1, §5): ``meld`` keyed by player, each list checked
    and a side's lists together checked against the deck; a side's meld is at most the limit.

    ``teams`` maps each side to its players in seating order.
    """
    players = tuple(player for members in teams.values() for player in members)
    mapping = side_map(value, path, players)
    values = meld_values(options)
    limit = meld_limit(options)
    melds: dict[str, int] = {}
    for members in teams.values():
        check = MeldCheck(all_at_once=True)
        for player in members:
            melds[player] = read_meld(
                mapping[player],
                join_path(path, player),
                values,
                all_at_once=True,
                limit=limit,
                check=check,
            )
        if sum(melds[player] for player in members) > limit:
            raise RuleError(
                join_path(path, members[-1]),
                "the side's meld is more than {limit} points",
                code="too_large",
                limit=limit,
            )
    return melds


def fill_tricks(tricks: Mapping[str, int | None], total: int) -> dict[str, int | None]:
    """The one piece of arithmetic a table expects: the last side's trick points.

    When exactly one side's trick points are blank (``None``) it gets what is left of the
    counting's ``total`` (docs/rules.md §1: a played hand's trick points add up to it), never less
    than 0; with no blank or several, the points come back unchanged (the reader then says what
    is missing or wrong).

    >>> fill_tricks({"Ana": 130, "Ben": None}, 250)
    {'Ana': 130, 'Ben': 120}
    >>> fill_tricks({"Ana": 90, "Ben": None, "Cy": None}, 250)
    {'Ana': 90, 'Ben': None, 'Cy': None}
    """
    filled = dict(tricks)
    blank = [side for side, points in filled.items() if points is None]
    if len(blank) == 1:
        taken = sum(points for points in filled.values() if points is not None)
        # Too many points typed on the others: 0 here, and the reader refuses the total.
        filled[blank[0]] = max(total - taken, 0)
    return filled


def check_trick_points(value: object, counting: Counting, path: str) -> int:
    """One side's trick points in one hand, as ``counting`` allows them (docs/rules.md §1, §5),
    refused at ``path``: a whole number in 0..total; under ``counters`` a multiple of 10; under
    ``classic`` never 1 nor the total minus 1, since no card is worth 1 point. Every trick
    figure entered goes through it (the auction bidder's single ``tricks`` too).

    >>> check_trick_points(248, COUNTINGS["classic"], "tricks")
    248
    >>> check_trick_points(249, COUNTINGS["classic"], "tricks")
    Traceback (most recent call last):
    ...
    scorekeeper.rules.core.errors.RuleError: tricks: cannot be 249: no card is worth 1 point
    """
    points = _trick_figure(value, counting, path)
    _check_no_one_point(points, counting, path)
    return points


def _trick_figure(value: object, counting: Counting, path: str) -> int:
    """A whole number in 0..total, a multiple of the counting's step."""
    points = as_int(value, path, low=0, high=counting.total)
    if points % counting.step:
        raise RuleError(
            path,
            "must be a multiple of {step} under {counting} counting",
            code="not_multiple",
            step=counting.step,
            counting=counting.name,
        )
    return points


def _check_no_one_point(points: int, counting: Counting, path: str) -> None:
    """Under ``classic`` no side's share is 1 or the total minus 1 (docs/rules.md §1)."""
    if counting.no_one_point and points in (1, counting.total - 1):
        raise RuleError(
            path,
            "cannot be {given}: no card is worth 1 point",
            code="impossible_tricks",
            given=points,
        )


def read_tricks(
    value: object, path: str, sides: tuple[str, ...], counting: Counting, *, complete: bool = True
) -> dict[str, int]:
    """Every side's trick points for one hand (docs/rules.md §1), each checked as
    :func:`check_trick_points` does. When ``complete`` (the hand was played out) they add up to
    the counting's total, the last trick included; otherwise (a hand stopped by declaring out)
    at most to it. A wrong total is refused first, then a share no cards can make.
    """
    mapping = side_map(value, path, sides)
    tricks = {side: _trick_figure(mapping[side], counting, join_path(path, side)) for side in sides}
    added = sum(tricks.values())
    if complete and added != counting.total:
        raise RuleError(
            path,
            "must add up to {total} (the last trick included), not {given}",
            code="bad_total",
            total=counting.total,
            given=added,
        )
    if added > counting.total:
        raise RuleError(
            path,
            "add up to {given}, more than the {total} a hand holds",
            code="bad_total",
            total=counting.total,
            given=added,
        )
    # A wrong total is told first; then a share no cards can make (1 / 249 under classic).
    for side, points in tricks.items():
        _check_no_one_point(points, counting, join_path(path, side))
    return tricks


def read_took_trick(
    value: object, path: str, sides: tuple[str, ...], tricks: Mapping[str, int]
) -> dict[str, bool]:
    """Whether each side won at least one trick (docs/rules.md §1: a trick may be worth 0).

    Missing sides default to "trick points > 0"; a side with trick points cannot have taken
    no trick.
    """
    mapping: Mapping[str, Any] = (
        {} if value is None else side_map(value, path, sides, required=False)
    )
    took: dict[str, bool] = {}
    for side in sides:
        if side in mapping:
            took[side] = as_bool(mapping[side], join_path(path, side))
            if not took[side] and tricks.get(side, 0) > 0:
                raise RuleError(
                    join_path(path, side),
                    "cannot be false: {side} has {points} trick points",
                    code="inconsistent",
                    side=side,
                    points=tricks[side],
                )
        else:
            took[side] = tricks.get(side, 0) > 0
    return took


# ---------------------------------------------------------------------------------------------
# The meld calculator (docs/rules.md §1 "Meld from real cards"; API POST /api/v1/meld/pinochle)


@dataclass(frozen=True)
class MeldCount:
    """How many of one meld a hand holds and what they are worth together."""

    id: str
    count: int
    points: int


@dataclass(frozen=True)
class MeldReport:
    """The best meld a hand of real cards holds: one entry per meld id it holds, in table
    order, and their total."""

    melds: tuple[MeldCount, ...]
    total: int


_PLAIN_RANK_MELDS: tuple[tuple[Rank, str, str], ...] = (
    (Rank.ACE, "aces_around", "double_aces"),
    (Rank.KING, "kings_around", "double_kings"),
    (Rank.QUEEN, "queens_around", "double_queens"),
    (Rank.JACK, "jacks_around", "double_jacks"),
)

_RUN_RANKS: tuple[Rank, ...] = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK)


def read_cards(value: object, path: str = "cards") -> list[Card]:
    """A list of pinochle cards, refused at ``cards[i]`` when the card is no pinochle card or is
    one copy more than the two a 48-card deck holds."""
    cards: list[Card] = []
    held: Counter[Card] = Counter()
    for i, item in enumerate(as_list(value, path)):
        item_path = join_path(path, i)
        card = Card.parse(item, item_path)
        if card.rank not in PINOCHLE_RANKS:
            raise RuleError(
                item_path,
                "{given!r} is not in a pinochle deck (A, 10, K, Q, J, 9 only)",
                code="bad_card",
                given=item,
            )
        held[card] += 1
        if held[card] > 2:
            raise RuleError(
                item_path,
                "a pinochle deck holds only two {card}",
                code="impossible_hand",
                card=str(card),
            )
        cards.append(card)
    return cards


def count_melds(cards: list[Card], trump: Suit) -> dict[str, int]:
    """How many of each meld the cards hold when melded all at once (docs/rules.md §1).

    A card counts in several classes (marriages, arounds, pinochles, dix) but once within a
    class; the double form is reported whenever a hand holds it.
    """
    held = Counter(cards)

    def n(rank: Rank, suit: Suit) -> int:
        return held[Card(rank, suit)]

    counts: dict[str, int] = dict.fromkeys(MELD_IDS, 0)
    # (a) runs, then the trump K-Q left over are royal marriages; plain suits give marriages.
    runs = min(n(rank, trump) for rank in _RUN_RANKS)
    if runs == 2:
        counts["double_run"] = 1
    else:
        counts["run"] = runs
    counts["royal_marriage"] = min(n(Rank.KING, trump), n(Rank.QUEEN, trump)) - runs
    counts["marriage"] = sum(
        min(n(Rank.KING, suit), n(Rank.QUEEN, suit)) for suit in Suit if suit is not trump
    )
    # (b) arounds: all eight of a rank is the double form, else one of each suit the single.
    for rank, single, double in _PLAIN_RANK_MELDS:
        per_suit = min(n(rank, suit) for suit in Suit)
        if per_suit == 2:
            counts[double] = 1
        elif per_suit == 1:
            counts[single] = 1
    # (c) pinochle: Q♠ + J♦.
    pinochles = min(n(Rank.QUEEN, Suit.SPADES), n(Rank.JACK, Suit.DIAMONDS))
    if pinochles == 2:
        counts["double_pinochle"] = 1
    else:
        counts["pinochle"] = pinochles
    # (d) each trump 9 is a dix.
    counts["dix"] = n(Rank.NINE, trump)
    return counts


def calculate_meld(cards: object, trump: object, melds: object = "standard") -> MeldReport:
    """The best meld a hand of real cards holds, valued in standard points with ``melds``.

    Backs ``POST /api/v1/meld/pinochle``. Refuses an impossible card list (``cards[i]``), a
    trump that is no suit (``trump``) and a bad meld table (``melds``).

    >>> report = calculate_meld(["AS", "10S", "KS", "QS", "JS", "KH", "QH"], "spades")
    >>> [(m.id, m.count, m.points) for m in report.melds], report.total
    ([('run', 1, 150), ('marriage', 1, 20)], 170)
    """
    hand = read_cards(cards)
    trump_suit = Suit.from_word(as_str(trump, "trump"), "trump")
    values = meld_table(read_meld_table(melds, "melds"))
    counts = count_melds(hand, trump_suit)
    found = tuple(
        MeldCount(meld, counts[meld], counts[meld] * values[meld])
        for meld in MELD_IDS
        if counts[meld]
    )
    return MeldReport(found, sum(m.points for m in found))
