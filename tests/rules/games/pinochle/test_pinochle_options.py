"""The options of pinochle's plain and partnership forms (docs/rules.md §4): the last trick, the
counting, one-point splits, meld reuse, all-at-once meld, the saving trick and the direction.

Every expected number comes from the line of docs/rules.md cited next to it (docs/rules.md §1,
§2, §4, §5; the seeds they quote: 002 Spanish two-handed, 004 Russian pinochle).
"""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.rules import RuleError, find_variant
from scorekeeper.rules.core.match import FINISHED, IN_PROGRESS, MatchState, Setup
from scorekeeper.rules.games.pinochle.melds import (
    LAST_TRICK_OPTION,
    STANDARD_MELDS,
    calculate_meld,
    check_trick_points,
    counting_of,
    meld_values,
    read_meld,
)

TWO = ["Ana", "Ben"]
THREE = ["Ana", "Ben", "Cruz"]
FOUR = ["Ana", "Ben", "Cruz", "Dee"]
PLAYERS = {
    "pinochle-2": TWO,
    "pinochle-3": THREE,
    "pinochle-4": FOUR,
    "partnership-auction": FOUR,
}


def setup(variant: str, dealer: str | None = None, **rules: Any) -> Setup:
    return find_variant(variant).setup(PLAYERS[variant], rules=rules, dealer=dealer)


def play(match: Setup, *hands: dict[str, Any]) -> MatchState:
    return find_variant(match.variant).play(match, list(hands))


def refused(match: Setup, *hands: dict[str, Any]) -> RuleError:
    with pytest.raises(RuleError) as caught:
        play(match, *hands)
    return caught.value


def hand(meld: dict[str, Any], tricks: dict[str, int], **more: Any) -> dict[str, Any]:
    return {"meld": meld, "tricks": tricks, **more}


def options_refused(variant: str, rules: dict[str, Any]) -> RuleError:
    with pytest.raises(RuleError) as caught:
        find_variant(variant).setup(PLAYERS[variant], rules=rules)
    return caught.value


# ---------------------------------------------------------------------------------------------
# last_trick (docs/rules.md §1, §4)


@pytest.mark.parametrize(
    ("options", "last_trick", "total"),
    [
        # docs/rules.md §1 counting table: last trick 10, total 250 (classic, counters);
        # simple: 1, 25.
        ({"counting": "classic"}, 10, 250),
        ({"counting": "counters"}, 10, 250),
        ({"counting": "simple"}, 1, 25),
        # docs/rules.md §1: "`0` plays seed 002 to the letter (... 240 in all under `classic`)".
        ({"counting": "classic", "last_trick": 0}, 0, 240),
        ({"counting": "counters", "last_trick": 0}, 0, 240),
        ({"counting": "simple", "last_trick": 0}, 0, 24),
        # A match stored without the option keeps the counting's own bonus.
        ({}, 10, 250),
    ],
)
def test_counting_total_follows_last_trick(
    options: dict[str, Any], last_trick: int, total: int
) -> None:
    counting = counting_of(options)
    assert (counting.last_trick, counting.total) == (last_trick, total)


@pytest.mark.parametrize("variant", sorted(PLAYERS))
@pytest.mark.parametrize(
    ("rules", "expected"),
    [
        # docs/rules.md §4: `last_trick` (10; 1 under `simple`).
        ({}, 10),
        ({"last_trick": 0}, 0),
        ({"counting": "counters", "last_trick": 0}, 0),
    ],
)
def test_last_trick_option(variant: str, rules: dict[str, Any], expected: int) -> None:
    assert find_variant(variant).resolve_options(rules)["last_trick"] == expected


@pytest.mark.parametrize("variant", ["pinochle-2", "pinochle-3", "pinochle-4"])
def test_last_trick_is_1_under_simple(variant: str) -> None:
    # docs/rules.md §4: "`last_trick` (10; 1 under `simple`)".
    assert find_variant(variant).resolve_options({"counting": "simple"})["last_trick"] == 1
    options = find_variant(variant).resolve_options({"counting": "simple", "last_trick": 0})
    assert options["last_trick"] == 0


@pytest.mark.parametrize(
    ("variant", "rules"),
    [
        # docs/rules.md §4: "`last_trick` is 0 or its default (10; 1 under `simple`)".
        ("pinochle-2", {"last_trick": 5}),
        ("pinochle-3", {"last_trick": 1}),
        ("pinochle-4", {"counting": "simple", "last_trick": 10}),
        ("partnership-auction", {"last_trick": 20}),
        ("pinochle-2", {"last_trick": "ten"}),
    ],
)
def test_last_trick_other_values_refused(variant: str, rules: dict[str, Any]) -> None:
    assert options_refused(variant, rules).path == "rules.last_trick"


def test_last_trick_option_is_exported_for_auction() -> None:
    # The auction engineer imports it for `scoring: points` (docs/rules.md §4).
    assert LAST_TRICK_OPTION.name == "last_trick"
    assert LAST_TRICK_OPTION.default == 10
    assert LAST_TRICK_OPTION.choices == (10, 0)


@pytest.mark.parametrize(
    ("variant", "entry", "sides"),
    [
        ("pinochle-2", hand({"Ana": 0, "Ben": 0}, {"Ana": 130, "Ben": 110}), ("Ana", "Ben")),
        (
            "pinochle-3",
            hand({"Ana": 0, "Ben": 0, "Cruz": 0}, {"Ana": 100, "Ben": 100, "Cruz": 40}),
            THREE,
        ),
        ("pinochle-4", hand({"Team 1": 0, "Team 2": 0}, {"Team 1": 200, "Team 2": 40}), ()),
        (
            "partnership-auction",
            {
                "bidder": "Ana",
                "bid": 250,
                "meld": {"Team 1": 100, "Team 2": 0},
                "tricks": {"Team 1": 200, "Team 2": 40},
            },
            (),
        ),
    ],
)
def test_trick_points_add_up_to_240_without_last_trick(
    variant: str, entry: dict[str, Any], sides: tuple[str, ...]
) -> None:
    # docs/rules.md §1: "240 in all under `classic`" with `last_trick: 0`; 250 is then refused.
    match = setup(variant, last_trick=0)
    assert find_variant(variant).layout(match).trick_total == 240
    state = play(match, entry)
    assert sum(state.totals.values()) >= 240
    with pytest.raises(RuleError) as caught:
        play(setup(variant), entry)
    assert caught.value.path == "tricks"
    assert caught.value.code == "bad_total"


# ---------------------------------------------------------------------------------------------
# No impossible trick splits (docs/rules.md §1, §5)


@pytest.mark.parametrize(
    ("options", "points", "code"),
    [
        # docs/rules.md §1: "No card is worth 1 point, so under `classic` a side's share can never
        # be 1 or the total minus 1".
        ({}, 0, None),
        ({}, 1, "impossible_tricks"),
        ({}, 2, None),  # a jack
        ({}, 3, None),  # a queen
        ({}, 248, None),
        ({}, 249, "impossible_tricks"),
        ({}, 250, None),
        ({"last_trick": 0}, 1, "impossible_tricks"),
        ({"last_trick": 0}, 239, "impossible_tricks"),
        ({"last_trick": 0}, 238, None),
        ({"last_trick": 0}, 249, "too_large"),
        # docs/rules.md §1: "under `counters` each side's points are a multiple of 10".
        ({"counting": "counters"}, 10, None),
        ({"counting": "counters"}, 5, "not_multiple"),
        ({"counting": "counters"}, 245, "not_multiple"),
        # `simple` has cards worth 1.
        ({"counting": "simple"}, 1, None),
        ({"counting": "simple"}, 24, None),
        ({"counting": "simple"}, 26, "too_large"),
    ],
)
def test_check_trick_points(options: dict[str, Any], points: int, code: str | None) -> None:
    counting = counting_of(options)
    if code is None:
        assert check_trick_points(points, counting, "tricks") == points
    else:
        with pytest.raises(RuleError) as caught:
            check_trick_points(points, counting, "tricks")
        assert (caught.value.path, caught.value.code) == ("tricks", code)


@pytest.mark.parametrize(
    ("variant", "entry", "path"),
    [
        ("pinochle-2", hand({"Ana": 0, "Ben": 0}, {"Ana": 1, "Ben": 249}), "tricks.Ana"),
        ("pinochle-2", hand({"Ana": 0, "Ben": 0}, {"Ana": 249, "Ben": 1}), "tricks.Ana"),
        (
            "pinochle-3",
            hand({"Ana": 0, "Ben": 0, "Cruz": 0}, {"Ana": 100, "Ben": 149, "Cruz": 1}),
            "tricks.Cruz",
        ),
        (
            "pinochle-4",
            hand({"Team 1": 0, "Team 2": 0}, {"Team 1": 1, "Team 2": 249}),
            "tricks.Team 1",
        ),
        (
            "partnership-auction",
            {
                "bidder": "Ana",
                "bid": 250,
                "meld": {"Team 1": 0, "Team 2": 0},
                "tricks": {"Team 1": 249, "Team 2": 1},
            },
            "tricks.Team 1",
        ),
    ],
)
def test_one_point_splits_refused(variant: str, entry: dict[str, Any], path: str) -> None:
    # docs/rules.md §1, §5: the no-1-point rule of `classic` applies to every trick figure.
    error = refused(setup(variant), entry)
    assert (error.path, error.code) == (path, "impossible_tricks")


def test_one_point_split_stands_under_simple() -> None:
    # docs/rules.md §1: under `simple` A, 10, K are 1 each.
    state = play(
        setup("pinochle-2", counting="simple"), hand({"Ana": 0, "Ben": 0}, {"Ana": 1, "Ben": 24})
    )
    assert state.totals == {"Ana": 1, "Ben": 24}


# ---------------------------------------------------------------------------------------------
# meld_reuse (docs/rules.md §1; pinochle-3 for its play-on hands, §5)


@pytest.mark.parametrize(
    ("ana", "path"),
    [
        # docs/rules.md §1 `new-cards` (seed 004: "cards already declared as a single pinochle
        # cannot be used in a double pinochle"; "once 4 kings are declared, none of them may be
        # combined with other kings"; seed 002: a card melds again only in a meld "not of the
        # same class").
        (["pinochle", "double_pinochle"], "meld.Ana[1]"),
        (["double_pinochle", "pinochle"], "meld.Ana[1]"),
        (["kings_around", "double_kings"], "meld.Ana[1]"),
        (["aces_around", "double_aces"], "meld.Ana[1]"),
        (["double_queens", "queens_around"], "meld.Ana[1]"),
        (["jacks_around", "dix", "double_jacks"], "meld.Ana[2]"),
        (["run", "double_run"], "meld.Ana[1]"),
    ],
)
def test_new_cards_refuses_a_meld_with_its_double(ana: list[str], path: str) -> None:
    error = refused(setup("pinochle-2"), hand({"Ana": ana, "Ben": 0}, {"Ana": 130, "Ben": 120}))
    assert (error.path, error.code) == (path, "meld_reuse")


@pytest.mark.parametrize(
    ("ana", "points"),
    [
        # docs/rules.md §1: "two separate `pinochle`s are fine"; seed 004: "the royal marriage
        # must be declared first", so `royal_marriage` + `run` stand; docs/rules.md §5: under
        # `new-cards` the exception covers `double_run` too.
        (["pinochle", "pinochle"], 80),
        (["royal_marriage", "run"], 190),
        (["royal_marriage", "double_run"], 1540),
        (["royal_marriage", "royal_marriage", "run", "run"], 380),
        (["kings_around", "kings_around"], 160),
        (["double_kings", "marriage"], 820),
    ],
)
def test_new_cards_allows(ana: list[str], points: int) -> None:
    state = play(setup("pinochle-2"), hand({"Ana": ana, "Ben": 0}, {"Ana": 130, "Ben": 120}))
    assert state.totals["Ana"] == points + 130


@pytest.mark.parametrize(
    ("ana", "points"),
    [
        # docs/rules.md §1 `extend` (Hoyle: "or in a higher-scoring meld of the same class").
        (["pinochle", "double_pinochle"], 340),
        (["kings_around", "double_kings"], 880),
        (["run", "double_run"], 1650),
    ],
)
def test_extend_allows_a_meld_with_its_double(ana: list[str], points: int) -> None:
    match = setup("pinochle-2", meld_reuse="extend")
    state = play(match, hand({"Ana": ana, "Ben": 0}, {"Ana": 130, "Ben": 120}))
    assert state.totals["Ana"] == points + 130


def test_meld_reuse_default_and_a_match_stored_without_it() -> None:
    # docs/rules.md §4: `meld_reuse` (new-cards); §7: a match stored before the option melds as
    # it did (`extend`).
    assert find_variant("pinochle-2").resolve_options({})["meld_reuse"] == "new-cards"
    assert find_variant("pinochle-3").resolve_options({})["meld_reuse"] == "new-cards"
    old = Setup(
        "pinochle-2", {"counting": "classic", "melds": "standard", "target": 1000}, ("Ana", "Ben")
    )
    entry = hand({"Ana": ["pinochle", "double_pinochle"], "Ben": 0}, {"Ana": 130, "Ben": 120})
    assert play(old, entry).totals["Ana"] == 470


@pytest.mark.parametrize("variant", ["pinochle-4", "partnership-auction"])
def test_meld_reuse_only_where_two_handed_play_happens(variant: str) -> None:
    # docs/rules.md §4: `meld_reuse` belongs to pinochle-2 and pinochle-3 only.
    error = options_refused(variant, {"meld_reuse": "extend"})
    assert (error.path, error.code) == ("rules.meld_reuse", "unknown_option")


OPENING = hand({"Ana": 850, "Ben": 600, "Cruz": 0}, {"Ana": 150, "Ben": 100, "Cruz": 0})


@pytest.mark.parametrize(("reuse", "ok"), [("new-cards", False), ("extend", True)])
def test_meld_reuse_in_three_handed_play_on(reuse: str, ok: bool) -> None:
    # docs/rules.md §5: pinochle-3 "also takes `meld_reuse`, which applies to its play-on hands".
    match = setup("pinochle-3", meld_reuse=reuse)
    second = hand({"Ben": ["pinochle", "double_pinochle"], "Cruz": 0}, {"Ben": 130, "Cruz": 120})
    if ok:
        assert play(match, OPENING, second).totals["Ben"] == 700 + 340 + 130
    else:
        error = refused(match, OPENING, second)
        assert (error.hand, error.path, error.code) == (2, "meld.Ben[1]", "meld_reuse")


# ---------------------------------------------------------------------------------------------
# All-at-once meld lists (docs/rules.md §5)

ALL_AT_ONCE_REFUSED = [
    # docs/rules.md §5: "a list may not hold an `*_around` with its `double_*`, a `pinochle` with
    # `double_pinochle`, or a `run` with `double_run`, and runs + `royal_marriage` are at most 2
    # (... `double_run` counts as two runs)".
    (["aces_around", "double_aces"], "[1]"),
    (["double_jacks", "jacks_around"], "[1]"),
    (["pinochle", "double_pinochle"], "[1]"),
    (["run", "double_run"], "[1]"),
    (["run", "run", "royal_marriage"], "[2]"),
    (["double_run", "royal_marriage"], "[1]"),
    (["royal_marriage", "royal_marriage", "run"], "[2]"),
    # docs/rules.md §1 feasibility: at most 2 `run`, 2 `royal_marriage`, 1 `double_*`.
    (["double_run", "double_run"], "[1]"),
]


@pytest.mark.parametrize(("melds", "item"), ALL_AT_ONCE_REFUSED)
@pytest.mark.parametrize(
    ("variant", "side", "extra"),
    [
        ("pinochle-3", "Ana", {}),
        ("pinochle-4", "Team 1", {}),
        ("partnership-auction", "Team 1", {"bidder": "Ana", "bid": 250}),
    ],
)
def test_all_at_once_lists(
    variant: str, side: str, extra: dict[str, Any], melds: list[str], item: str
) -> None:
    match = setup(variant)
    sides = match.sides
    meld = {s: melds if s == side else 0 for s in sides}
    tricks = dict.fromkeys(sides, 0)
    tricks[sides[-1]] = 250
    error = refused(match, {**extra, "meld": meld, "tricks": tricks})
    assert (error.path, error.code) == (f"meld.{side}{item}", "impossible_meld")


@pytest.mark.parametrize(
    ("melds", "points"),
    [(["run", "royal_marriage"], 190), (["run", "run"], 300), (["double_run"], 1500)],
)
def test_all_at_once_allows(melds: list[str], points: int) -> None:
    assert read_meld(melds, "meld.Ana", STANDARD_MELDS, all_at_once=True, limit=3000) == points


# ---------------------------------------------------------------------------------------------
# seed-004 meld table (docs/rules.md §1)


def test_seed_004_double_run_is_two_runs() -> None:
    # docs/rules.md §1 meld table: `double_run` 300 under `seed-004` ("seed 004 has no double
    # run: two runs at 150"); 1500 under `standard`.
    assert meld_values({"melds": "seed-004"})["double_run"] == 300
    assert meld_values({"melds": "standard"})["double_run"] == 1500
    both_runs = ["AS", "10S", "KS", "QS", "JS"] * 2
    assert calculate_meld(both_runs, "spades", "seed-004").total == 300
    assert calculate_meld(both_runs, "spades").total == 1500
    match = setup("pinochle-3", melds="seed-004")
    entry = hand({"Ana": ["double_run"], "Ben": 0, "Cruz": 0}, {"Ana": 250, "Ben": 0, "Cruz": 0})
    assert play(match, entry).totals["Ana"] == 550


# ---------------------------------------------------------------------------------------------
# saving_trick (docs/rules.md §1, §4, §5)


def test_saving_trick_options() -> None:
    # docs/rules.md §4: `saving_trick` (side; only with partners); "`saving_trick` with
    # `partnerships: false` is refused".
    four = find_variant("pinochle-4")
    assert four.resolve_options({})["saving_trick"] == "side"
    assert four.resolve_options({"saving_trick": "player"})["saving_trick"] == "player"
    assert "saving_trick" not in four.resolve_options({"partnerships": False})
    for value in ("player", "side"):
        error = options_refused("pinochle-4", {"partnerships": False, "saving_trick": value})
        assert error.path == "rules.saving_trick"
    assert options_refused("pinochle-4", {"saving_trick": "team"}).path == "rules.saving_trick"


# Partners sit opposite: Team 1 is Ana and Cruz, Team 2 is Ben and Dee.
BY_PLAYER = hand(
    {"Ana": 100, "Cruz": 40, "Ben": 60, "Dee": 0},
    {"Team 1": 250, "Team 2": 0},
    # Ben took a trick worth 0 (docs/rules.md §1: "A side can win a trick worth 0 points").
    took_trick={"Ana": True, "Cruz": False, "Ben": True},
)


def test_saving_trick_player_scores_each_players_meld() -> None:
    # docs/rules.md §1 (seed 004: a player "cannot score the points he declared ... until he takes
    # a trick"): Ana 100 + tricks 250 = 350 for Team 1 (Cruz's 40 lost); Team 2: Ben's 60.
    match = setup("pinochle-4", saving_trick="player")
    state = play(match, BY_PLAYER)
    assert state.hands[0].scores == {"Team 1": 350, "Team 2": 60}
    assert [str(n) for n in state.hands[0].notes] == ["Cruz: meld lost, no trick"]
    table = find_variant("pinochle-4").layout(match)
    assert table.meld_by_player is True
    assert table.sides == ("Team 1", "Team 2")


def test_saving_trick_side_counts_both_partners() -> None:
    # docs/rules.md §1 `side` (Bicycle: "a side that wins any trick may count the melds of both
    # partners"): Team 1 140 + 250; Team 2 took a trick worth 0: 60.
    match = setup("pinochle-4")
    entry = hand(
        {"Team 1": 140, "Team 2": 60}, {"Team 1": 250, "Team 2": 0}, took_trick={"Team 2": True}
    )
    assert play(match, entry).hands[0].scores == {"Team 1": 390, "Team 2": 60}
    assert find_variant("pinochle-4").layout(match).meld_by_player is False
    alone = setup("pinochle-4", partnerships=False)
    assert find_variant("pinochle-4").layout(alone).meld_by_player is False


@pytest.mark.parametrize(
    ("changes", "path", "code"),
    [
        # docs/rules.md §1: "meld and `took_trick` are entered per player (tricks stay per side)".
        ({"took_trick": {"Team 1": True}}, "took_trick.Team 1", "unknown_side"),
        ({"meld": {"Team 1": 140, "Team 2": 60}}, "meld.Team 1", "unknown_side"),
        ({"tricks": {"Ana": 250, "Cruz": 0, "Ben": 0, "Dee": 0}}, "tricks.Ana", "unknown_side"),
        # "took_trick must name every player whose meld is not 0" (the brief of docs/rules.md §5).
        ({"took_trick": {"Ana": True, "Ben": True}}, "took_trick.Cruz", "required"),
        # A side with trick points took a trick: both partners cannot say no.
        (
            {"took_trick": {"Ana": False, "Cruz": False, "Ben": True}},
            "took_trick.Cruz",
            "inconsistent",
        ),
        # docs/rules.md §5: "a side's two lists together must fit the deck".
        (
            {"meld": {"Ana": ["pinochle"], "Cruz": ["double_pinochle"], "Ben": 0, "Dee": 0}},
            "meld.Cruz[0]",
            "impossible_meld",
        ),
        (
            {"meld": {"Ana": ["run", "run"], "Cruz": ["royal_marriage"], "Ben": 0, "Dee": 0}},
            "meld.Cruz[0]",
            "impossible_meld",
        ),
        (
            {"meld": {"Ana": ["double_aces"], "Cruz": ["double_aces"], "Ben": 0, "Dee": 0}},
            "meld.Cruz[0]",
            "impossible_meld",
        ),
        (
            {"meld": {"Ana": ["dix", "dix"], "Cruz": ["dix"], "Ben": 0, "Dee": 0}},
            "meld.Cruz[0]",
            "impossible_meld",
        ),
        # docs/rules.md §5: a side's meld in one hand is at most 3000.
        ({"meld": {"Ana": 2000, "Cruz": 1500, "Ben": 0, "Dee": 0}}, "meld.Cruz", "too_large"),
    ],
)
def test_saving_trick_player_refusals(changes: dict[str, Any], path: str, code: str) -> None:
    match = setup("pinochle-4", saving_trick="player")
    error = refused(match, {**BY_PLAYER, **changes})
    assert (error.path, error.code) == (path, code)


def test_saving_trick_player_lists_that_fit() -> None:
    # Each partner holds one aces around (the deck has eight aces): 100 + 100, tricks 250.
    match = setup("pinochle-4", saving_trick="player")
    entry = {
        **BY_PLAYER,
        "meld": {"Ana": ["aces_around"], "Cruz": ["aces_around"], "Ben": 0, "Dee": 0},
    }
    entry["took_trick"] = {"Ana": True, "Cruz": True}
    assert play(match, entry).hands[0].scores == {"Team 1": 450, "Team 2": 0}


# ---------------------------------------------------------------------------------------------
# direction (docs/rules.md §5)


@pytest.mark.parametrize("variant", sorted(PLAYERS))
def test_direction_in_every_form(variant: str) -> None:
    # docs/rules.md §4: "every variant | `direction` (left)".
    assert find_variant(variant).resolve_options({})["direction"] == "left"
    match = setup(variant, direction="right")
    assert find_variant(variant).layout(match).direction == "right"
    assert find_variant(variant).layout(setup(variant)).direction == "left"


@pytest.mark.parametrize(
    ("variant", "direction", "dealers", "leader"),
    [
        # docs/rules.md §5: "With `right`, every 'on his left' in this page reads 'on his right'";
        # §6: the dealer passes on each hand in the match's direction.
        ("pinochle-3", "left", ["Ana", "Ben", "Cruz"], "Ben"),
        ("pinochle-3", "right", ["Ana", "Cruz", "Ben"], "Cruz"),
        ("pinochle-4", "left", ["Ana", "Ben", "Cruz", "Dee"], "Ben"),
        ("pinochle-4", "right", ["Ana", "Dee", "Cruz", "Ben"], "Dee"),
    ],
)
def test_direction_deal_and_lead(
    variant: str, direction: str, dealers: list[str], leader: str
) -> None:
    match = setup(variant, dealer="Ana", direction=direction)
    state = play(match)
    assert (state.dealer, state.leader) == ("Ana", leader)
    sides = match.sides
    tricks = dict.fromkeys(sides, 0)
    tricks[sides[0]] = 250
    quiet = hand(dict.fromkeys(sides, 0), tricks)
    state = play(match, *[quiet] * len(dealers))
    assert [h.dealer for h in state.hands] == dealers
    assert state.dealer == "Ana"


@pytest.mark.parametrize(
    ("direction", "leader", "next_dealer"), [("left", "Ben", "Ben"), ("right", "Dee", "Dee")]
)
def test_partnership_auction_follows_direction(
    direction: str, leader: str, next_dealer: str
) -> None:
    # docs/rules.md §5 (seed 000: play starts "a la derecha del que reparte" under `right`).
    match = setup("partnership-auction", dealer="Ana", direction=direction)
    assert (play(match).dealer, play(match).leader) == ("Ana", leader)
    state = play(match, {"outcome": "all_pass"})
    assert (state.hands[0].dealer, state.dealer) == ("Ana", next_dealer)


def test_play_on_to_the_right_skips_the_winner() -> None:
    # docs/rules.md §2: "while two play on, the deal skips the winner"; §5 direction right:
    # Ana, Cruz, Ben, ... without Ana once she has won.
    match = setup("pinochle-3", dealer="Cruz", direction="right")
    quiet = hand({"Ben": 0, "Cruz": 0}, {"Ben": 50, "Cruz": 200})
    state = play(match, OPENING, quiet, quiet)
    # Hand 1 dealt by Cruz, then Ben (Cruz's right), then Ana is skipped: Cruz, Ben.
    assert [h.dealer for h in state.hands] == ["Cruz", "Ben", "Cruz"]
    assert (state.dealer, state.leader) == ("Ben", "Cruz")


# ---------------------------------------------------------------------------------------------
# pinochle-3 play-on: who sits out (docs/rules.md §2; docs/api.md `sitting_out`)


def test_play_on_sitting_out() -> None:
    # docs/api.md `sitting_out`: "the winner while two play on", and `[]` once finished.
    match = setup("pinochle-3")
    state = play(match)
    assert state.active == ("Ana", "Ben", "Cruz")
    state = play(match, OPENING)
    assert (state.status, state.winner, state.active) == (IN_PROGRESS, "Ana", ("Ben", "Cruz"))
    table = find_variant("pinochle-3").layout(match, state.active)
    assert (table.players, table.sitting_out) == (("Ben", "Cruz"), ("Ana",))
    done = play(match, OPENING, hand({"Ben": 300, "Cruz": 0}, {"Ben": 250, "Cruz": 0}))
    assert done.status == FINISHED
    assert done.active == ("Ana", "Ben", "Cruz")
