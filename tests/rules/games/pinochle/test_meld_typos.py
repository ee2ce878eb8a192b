"""Meld typos refused (docs/rules.md §1 "Meld typos"): under the ``standard`` and ``seed-004``
tables every meld is worth a multiple of 10, so every meld total is one too, and a meld typed as
75 is a typo for 70 or 80.

Sources: seed 000's meld table («el as, el rey, la reina, la jota y el diez de triunfos valen
150 puntos», «el rey y la reina de triunfos, o pareja real, 40 puntos»), seed 004's («400 очков
- 2 пиковые дамы (двойной пинокль)»), Bicycle's (dix 10, marriage 20 ... double pinochle 300):
every figure a multiple of 10. Under ``counting: simple`` melds are in tenths (a run is 15) and a
custom table may hold a meld off the tens: any number stands there.

The check is the form's ``check_typed``: the service asks it of a hand typed now (added or
corrected), a replay never does (docs/rules.md §7).
"""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.rules import RuleError, find_variant
from scorekeeper.rules.games.pinochle.melds import check_meld_figures

FOUR = ["Ana", "Ben", "Cruz", "Dee"]


def refusal(variant: str, players: list[str], entry: Any, rules: Any = None) -> RuleError:
    form = find_variant(variant)
    with pytest.raises(RuleError) as caught:
        form.check_typed(form.setup(players, rules=rules), entry)
    return caught.value


@pytest.mark.parametrize(
    ("variant", "players", "rules", "entry", "path"),
    [
        # a player's meld (two- and three-handed, four each for himself)
        ("pinochle-2", ["Ana", "Ben"], None, {"meld": {"Ana": 75, "Ben": 20}}, "meld.Ana"),
        (
            "pinochle-3",
            ["Ana", "Ben", "Cruz"],
            None,
            {"meld": {"Ana": 0, "Cruz": 155}},
            "meld.Cruz",
        ),
        # a side's meld
        ("pinochle-4", FOUR, None, {"meld": {"Team 1": 60, "Team 2": 45}}, "meld.Team 2"),
        # a player's meld under saving_trick: player
        ("pinochle-4", FOUR, {"saving_trick": "player"}, {"meld": {"Ben": 81}}, "meld.Ben"),
        # the bidding side's and the other side's in partnership auction
        (
            "partnership-auction",
            FOUR,
            None,
            {"bidder": "Ana", "meld": {"Team 1": 205}},
            "meld.Team 1",
        ),
        # the bidder's single meld in auction in units (valued with `standard`)
        ("auction", ["Ana", "Ben", "Cruz"], None, {"bidder": "Ana", "meld": 175}, "meld"),
        # every active player's in auction in points
        (
            "auction",
            ["Ana", "Ben", "Cruz"],
            {"scoring": "points"},
            {"meld": {"Ben": 5}},
            "meld.Ben",
        ),
        # seed 004's table is all tens too
        ("pinochle-2", ["Ana", "Ben"], {"melds": "seed-004"}, {"meld": {"Ben": 405}}, "meld.Ben"),
        # a custom table of tens
        ("pinochle-2", ["Ana", "Ben"], {"melds": {"dix": 20}}, {"meld": {"Ana": 25}}, "meld.Ana"),
    ],
)
def test_a_meld_off_the_tens_is_refused_in_every_pinochle_form(
    variant: str, players: list[str], rules: Any, entry: Any, path: str
) -> None:
    error = refusal(variant, players, entry, rules)
    assert (error.path, error.code, error.params["step"]) == (path, "meld_not_multiple", 10)
    assert error.message.endswith(": every meld is worth a multiple of 10")


def test_the_message_names_the_figure() -> None:
    error = refusal("pinochle-2", ["Ana", "Ben"], {"meld": {"Ana": 75, "Ben": 0}})
    assert str(error) == "meld.Ana: cannot be 75: every meld is worth a multiple of 10"


@pytest.mark.parametrize(
    ("variant", "players", "rules", "entry"),
    [
        # tens, lists of melds (valued by the table), 0
        ("pinochle-2", ["Ana", "Ben"], None, {"meld": {"Ana": 70, "Ben": ["dix", "run"]}}),
        ("auction", ["Ana", "Ben", "Cruz"], None, {"bidder": "Ana", "meld": 80}),
        ("auction", ["Ana", "Ben", "Cruz"], None, {"outcome": "all_pass"}),
        # simple counting: melds in tenths, a run is 15
        ("pinochle-2", ["Ana", "Ben"], {"counting": "simple"}, {"meld": {"Ana": 15, "Ben": 3}}),
        # a custom table with a meld off the tens
        ("pinochle-2", ["Ana", "Ben"], {"melds": {"dix": 15}}, {"meld": {"Ana": 75, "Ben": 5}}),
        ("pinochle-4", FOUR, {"melds": {"marriage": 25}}, {"meld": {"Team 1": 45}}),
        # what is no number is left to the entry's reader, which names it
        ("pinochle-2", ["Ana", "Ben"], None, {"meld": {"Ana": "75", "Ben": True}}),
        ("pinochle-2", ["Ana", "Ben"], None, {"meld": [75]}),
    ],
)
def test_any_figure_stands_where_melds_are_not_all_tens(
    variant: str, players: list[str], rules: Any, entry: Any
) -> None:
    form = find_variant(variant)
    form.check_typed(form.setup(players, rules=rules), entry)


def test_pinnacola_checks_nothing_more() -> None:
    form = find_variant("pinnacola")
    form.check_typed(form.setup(["Ana", "Ben"]), {"meld": 75})


def test_the_first_refused_figure_in_sorted_order() -> None:
    # Sides in sorted order, whatever order the body's keys came in (PostgreSQL's JSONB
    # reorders them).
    for meld in ({"Ben": 15, "Ana": 75}, {"Ana": 75, "Ben": 15}):
        with pytest.raises(RuleError) as caught:
            check_meld_figures({"meld": meld}, {"melds": "standard"})
        assert caught.value.path == "meld.Ana"


def test_a_replay_keeps_a_stored_meld_of_75() -> None:
    # docs/rules.md §7: played matches never change meaning; the check is not the replay's.
    form = find_variant("pinochle-2")
    setup = form.setup(["Ana", "Ben"])
    state = form.play(setup, [{"meld": {"Ana": 75, "Ben": 0}, "tricks": {"Ana": 130, "Ben": 120}}])
    assert dict(state.totals) == {"Ana": 205, "Ben": 120}
