"""Pinnacola deals and matches: bonuses, penalties, card entry, the end of a match.

Sources: seed 001 ("Si applicano eventuali bonus alla squadra vincente (100 punti a chi chiude,
200 se chiude in mano). La squadra che non ha calato giochi ... -100 punti"; the Pinnacolone
"determina la vittoria con conclusione immediata della partita"), docs/rules.md §3-§5,
docs/api.md (the pinnacola hand body). Expected numbers are worked out from those texts.
"""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.rules import FINISHED, IN_PROGRESS, MatchOverError, RuleError, find_variant
from scorekeeper.rules.core.match import Setup
from scorekeeper.rules.games.pinnacola.form import score_deal

PAIR = ("Ana", "Ben")
TEAMS = ("Us", "Them")


def deal(
    sides: dict[str, tuple[Any, Any]],
    *,
    closed_by: str | None = None,
    in_mano: bool = False,
    pinnacolone: str | None = None,
    stalled: bool = False,
) -> dict[str, Any]:
    """A hand body as docs/api.md spells it."""
    return {
        "sides": {name: {"table": table, "hand": hand} for name, (table, hand) in sides.items()},
        "closed_by": closed_by,
        "in_mano": in_mano,
        "pinnacolone": pinnacolone,
        "stalled": stalled,
    }


# --- scoring one deal -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("entry", "stall", "scores"),
    [
        # docs/api.md's example: Us 385 - 0 + 100 for closing; Them 120 - 45
        (
            deal({"Ana": (385, 0), "Ben": (120, 45)}, closed_by="Ana"),
            "score",
            {"Ana": 485, "Ben": 75},
        ),
        # seed 001: 200 "se chiude in mano" instead of 100; Ben laid no meld: 0 - 90 - 100
        (
            deal({"Ana": (200, 0), "Ben": (0, 90)}, closed_by="Ana", in_mano=True),
            "score",
            {"Ana": 400, "Ben": -190},
        ),
        # seed 001: -100 for the side without melds, even a side with no cards counted
        (
            deal({"Ana": (150, 0), "Ben": (0, 0)}, closed_by="Ana"),
            "score",
            {"Ana": 250, "Ben": -100},
        ),
        # docs/rules.md §3: the hand counts against the side, so a deal can be negative
        (
            deal({"Ana": (60, 0), "Ben": (40, 125)}, closed_by="Ana"),
            "score",
            {"Ana": 160, "Ben": -85},
        ),
        # docs/rules.md §3: stalled, no closing bonus; the no-meld penalty still applies
        (
            deal({"Ana": (90, 30), "Ben": (0, 110)}, stalled=True),
            "score",
            {"Ana": 60, "Ben": -210},
        ),
        # docs/rules.md §3: stall "void" scores the stalled deal 0 for all
        (deal({"Ana": (90, 30), "Ben": (0, 110)}, stalled=True), "void", {"Ana": 0, "Ben": 0}),
        # docs/rules.md §3: a Pinnacolone has no closing bonus; its 1500 is in the table points
        (
            deal({"Ana": (1580, 35), "Ben": (70, 40)}, pinnacolone="Ana"),
            "score",
            {"Ana": 1545, "Ben": 30},
        ),
        (
            deal({"Ana": (1500, 0), "Ben": (0, 60)}, pinnacolone="Ana"),
            "score",
            {"Ana": 1500, "Ben": -160},
        ),
    ],
)
def test_deal_scores(entry: dict[str, Any], stall: str, scores: dict[str, int]) -> None:
    assert score_deal(entry, PAIR, stall=stall).scores == scores


def test_in_teams_the_closers_partner_still_counts() -> None:
    # docs/rules.md §3: "in teams his partner's cards still count against the side"
    entry = deal({"Us": (300, 25), "Them": (180, 60)}, closed_by="Us")
    assert score_deal(entry, TEAMS, teams=True).scores == {"Us": 375, "Them": 120}


def test_card_entry_equals_points_entry() -> None:
    # The same deal typed as cards and as points (values worked out by hand from seed 001).
    cards = deal(
        {
            "Ana": (
                [
                    ["4H", "5H", "JK", "7H"],  # 45 (seed 001: 45*7)
                    ["KS", "KH", "KD", "KC"],  # poker of 10-cards: 80
                    ["3C", "4C", "5C", "6C", "7C", "8C", "9C"],  # Pinnacola: 55 x 2 = 110
                ],
                [],
            ),
            "Ben": ([["5D", "6D", "2S", "JK"]], ["AS", "2C", "9D"]),  # 60; hand 15+20+10 = 45
        },
        closed_by="Ana",
    )
    points = deal({"Ana": (235, 0), "Ben": (60, 45)}, closed_by="Ana")
    assert score_deal(cards, PAIR).scores == score_deal(points, PAIR).scores
    assert score_deal(points, PAIR).scores == {"Ana": 335, "Ben": 15}


def test_no_meld_given_as_cards_is_an_empty_table() -> None:
    entry = deal({"Ana": ([["QH", "KH", "AH"]], []), "Ben": ([], ["JK", "3S"])}, closed_by="Ana")
    # Ana: 35 + 100; Ben: -30 - 100
    assert score_deal(entry, PAIR).scores == {"Ana": 135, "Ben": -130}


def test_pinnacolone_given_as_cards() -> None:
    run = ["AH", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "JH", "QH", "KH", "AH"]
    entry = deal({"Ana": ([run, ["5S", "5D", "JK"]], ["4S"]), "Ben": (0, 0)}, pinnacolone="Ana")
    # 1500 + 35 - 5; Ben no meld
    assert score_deal(entry, PAIR).scores == {"Ana": 1530, "Ben": -100}


RUN_13 = ["AH", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "JH", "QH", "KH", "AH"]


@pytest.mark.parametrize(
    ("entry", "path"),
    [
        # points are multiples of 5 and not negative (all card values are multiples of 5)
        (deal({"Ana": (102, 0), "Ben": (0, 0)}, closed_by="Ana"), "sides.Ana.table"),
        (deal({"Ana": (100, 0), "Ben": (0, -5)}, closed_by="Ana"), "sides.Ben.hand"),
        (deal({"Ana": (100, 0), "Ben": (0, True)}, closed_by="Ana"), "sides.Ben.hand"),
        (deal({"Ana": (100, 0), "Ben": (0, "40")}, closed_by="Ana"), "sides.Ben.hand"),
        # every side's table and hand must be given (docs/rules.md §5)
        (
            {"sides": {"Ana": {"table": 100, "hand": 0}, "Ben": {"table": 0}}, "closed_by": "Ana"},
            "sides.Ben.hand",
        ),
        ({"sides": {"Ana": {"table": 100, "hand": 0}}, "closed_by": "Ana"}, "sides.Ben"),
        (
            {
                "sides": {"Ana": {"table": 100, "hand": 0, "bonus": 5}, "Ben": {"table": 0}},
                "closed_by": "Ana",
            },
            "sides.Ana.bonus",
        ),
        ({**deal({"Ana": (100, 0), "Ben": (0, 0)}, closed_by="Ana"), "extra": 1}, "extra"),
        # exactly one of closed_by, pinnacolone, stalled (docs/rules.md §3)
        (deal({"Ana": (100, 0), "Ben": (0, 0)}), "_"),
        (deal({"Ana": (100, 0), "Ben": (0, 0)}, closed_by="Ana", stalled=True), "stalled"),
        (
            deal({"Ana": (1500, 0), "Ben": (0, 0)}, closed_by="Ana", pinnacolone="Ana"),
            "pinnacolone",
        ),
        (deal({"Ana": (100, 0), "Ben": (0, 0)}, closed_by="Cruz"), "closed_by"),
        # in mano only with a closer
        (deal({"Ana": (100, 0), "Ben": (0, 0)}, stalled=True, in_mano=True), "in_mano"),
        # the closer's own hand is empty (two players: his hand is his side's)
        (deal({"Ana": (100, 10), "Ben": (0, 0)}, closed_by="Ana"), "sides.Ana.hand"),
        (
            deal({"Ana": ([["QH", "KH", "AH"]], ["3S"]), "Ben": (0, 0)}, closed_by="Ana"),
            "sides.Ana.hand",
        ),
        # a side that closed laid melds
        (deal({"Ana": (0, 0), "Ben": (50, 0)}, closed_by="Ana"), "sides.Ana.table"),
        # a Pinnacolone is worth 1500 on its own
        (deal({"Ana": (1495, 0), "Ben": (0, 0)}, pinnacolone="Ana"), "sides.Ana.table"),
        (
            deal({"Ana": ([["QH", "KH", "AH"]], []), "Ben": (0, 0)}, pinnacolone="Ana"),
            "sides.Ana.table",
        ),
        # a Pinnacolone laid ends the deal: it must be named
        (deal({"Ana": ([RUN_13], []), "Ben": (0, 0)}, closed_by="Ana"), "pinnacolone"),
        # card entry: the paths of docs/api.md
        (deal({"Ana": ("lots", 0), "Ben": (0, 0)}, closed_by="Ana"), "sides.Ana.table"),
        (
            deal({"Ana": ([["5H", "6S", "7H"]], []), "Ben": (0, 0)}, closed_by="Ana"),
            "sides.Ana.table[0]",
        ),
        (
            deal({"Ana": ([["QH", "KH", "AH"], "5H"], []), "Ben": (0, 0)}, closed_by="Ana"),
            "sides.Ana.table[1]",
        ),
        (
            deal({"Ana": ([["5H", "6H", "2H"]], []), "Ben": (0, 0)}, closed_by="Ana"),
            "sides.Ana.table[0][2]",
        ),
        (
            deal({"Ana": ([["5H", "6H", "7H"]], []), "Ben": (0, ["AS", "2D"])}, closed_by="Ana"),
            "sides.Ben.hand[1]",
        ),
        # the whole deal is one deck: a third 7H anywhere is one too many
        (
            deal(
                {"Ana": ([["5H", "6H", "7H"], ["7H", "7S", "7D"]], []), "Ben": (0, ["7H"])},
                closed_by="Ana",
            ),
            "sides.Ben.hand[0]",
        ),
    ],
)
def test_deal_refusals(entry: dict[str, Any], path: str) -> None:
    with pytest.raises(RuleError) as refused:
        score_deal(entry, PAIR)
    assert refused.value.path == path


def test_refusal_messages() -> None:
    with pytest.raises(RuleError) as refused:
        score_deal(deal({"Ana": (102, 0), "Ben": (0, 0)}, closed_by="Ana"), PAIR)
    assert refused.value.message == "must be a multiple of 5"
    with pytest.raises(RuleError) as refused:
        score_deal(deal({"Ana": ([["5H", "6S", "7H"]], []), "Ben": (0, 0)}, closed_by="Ana"), PAIR)
    assert refused.value.message == "5H 6S 7H: a run must be one suit"


# --- the match --------------------------------------------------------------------------------

VARIANT = find_variant("pinnacola")


def two_players(**rules: Any) -> Setup:
    return VARIANT.setup(["Ana", "Ben"], rules=rules or None)


def closed(winner: str, table: int, loser_table: int = 0, loser_hand: int = 0) -> dict[str, Any]:
    """A deal that ``winner`` closed (two players): winner table + 100, loser table - hand."""
    other = "Ben" if winner == "Ana" else "Ana"
    return deal({winner: (table, 0), other: (loser_table, loser_hand)}, closed_by=winner)


def test_options_defaults() -> None:
    # docs/rules.md §4: `pinnacola` | `pinelle` (true), `joker_sets` (false), `target` (1500),
    # `deals` (none), `stall` (score), `pinnacolone` (13-cards), `hand_size` (13); every
    # variant: `direction` (left)
    assert VARIANT.resolve_options(None) == {
        "pinelle": True,
        "joker_sets": False,
        "target": 1500,
        "deals": None,
        "stall": "score",
        "pinnacolone": "13-cards",
        "hand_size": 13,
        "direction": "left",
    }


@pytest.mark.parametrize(
    ("rules", "path"),
    [
        ({"target": None}, "rules.target"),  # docs/rules.md §4: null only when deals is set
        ({"hand_size": 12}, "rules.hand_size"),
        ({"stall": "replay"}, "rules.stall"),
        ({"pinelle": "yes"}, "rules.pinelle"),
        ({"deals": 0}, "rules.deals"),
        ({"jokers": False}, "rules.jokers"),
    ],
)
def test_option_refusals(rules: dict[str, Any], path: str) -> None:
    with pytest.raises(RuleError) as refused:
        VARIANT.resolve_options(rules)
    assert refused.value.path == path


def test_target_may_be_null_with_deals() -> None:
    assert VARIANT.resolve_options({"target": None, "deals": 5})["target"] is None


def test_seating() -> None:
    assert VARIANT.player_counts == (2, 4)
    with pytest.raises(RuleError):
        VARIANT.setup(["Ana", "Ben", "Cruz"])
    four = VARIANT.setup(["Ana", "Ben", "Cruz", "Dee"])
    assert four.sides == ("Team 1", "Team 2")  # seed 001: in 4, two teams of two


def test_match_to_target() -> None:
    setup = two_players()
    hands = [closed("Ana", 700), closed("Ben", 400, 200, 30), closed("Ana", 630, 60, 15)]
    state = VARIANT.play(setup, hands)
    # Ana: 800 + 170 + 730 = 1700; Ben: -100 + 500 + 45 = 445
    assert state.totals == {"Ana": 1700, "Ben": 445}
    assert (state.status, state.winner, state.standings) == (FINISHED, "Ana", ("Ana", "Ben"))
    assert state.target == 1500
    with pytest.raises(MatchOverError):
        VARIANT.play(setup, [*hands, closed("Ben", 100)])


def test_both_over_target_the_higher_wins() -> None:
    state = VARIANT.play(two_players(), [closed("Ana", 1300, 1400, 0), closed("Ben", 200, 300)])
    # Ana: 1400 + 300 = 1700; Ben: 1400 + 300 = 1700 -> equal: play on
    assert state.totals == {"Ana": 1700, "Ben": 1700}
    assert (state.status, state.winner) == (IN_PROGRESS, None)
    assert "another deal" in str(state.hands[-1].notes[-1])
    state = VARIANT.play(
        two_players(),
        [closed("Ana", 1300, 1400, 0), closed("Ben", 200, 300), closed("Ben", 50, 40, 0)],
    )
    # Ana 1740, Ben 1850: both over the target, the higher total wins
    assert state.totals == {"Ana": 1740, "Ben": 1850}
    assert (state.status, state.winner, state.standings) == (FINISHED, "Ben", ("Ben", "Ana"))


def test_match_by_number_of_deals() -> None:
    setup = two_players(target=None, deals=2)
    first = VARIANT.play(setup, [closed("Ana", 200)])
    assert first.status == IN_PROGRESS
    state = VARIANT.play(setup, [closed("Ana", 200), closed("Ben", 100, 50)])
    # Ana 300 + 50, Ben -100 + 200
    assert state.totals == {"Ana": 350, "Ben": 100}
    assert (state.status, state.winner) == (FINISHED, "Ana")


def test_deals_tie_plays_another_deal() -> None:
    setup = two_players(target=None, deals=1)
    state = VARIANT.play(setup, [deal({"Ana": (50, 0), "Ben": (50, 0)}, stalled=True)])
    assert (state.status, state.winner) == (IN_PROGRESS, None)
    state = VARIANT.play(
        setup, [deal({"Ana": (50, 0), "Ben": (50, 0)}, stalled=True), closed("Ben", 100)]
    )
    assert (state.status, state.winner) == (FINISHED, "Ben")


def test_target_or_deals_whichever_comes_first() -> None:
    setup = two_players(target=1000, deals=5)
    state = VARIANT.play(setup, [closed("Ana", 950)])
    assert (state.status, state.winner) == (FINISHED, "Ana")


def test_pinnacolone_wins_outright_even_from_behind() -> None:
    setup = two_players()
    hands = [
        closed("Ben", 1200, 0, 200),  # Ben 1300, Ana -300
        deal({"Ana": (1500, 20), "Ben": (200, 0)}, pinnacolone="Ana"),  # Ana 1480, Ben 200
    ]
    state = VARIANT.play(setup, hands)
    assert state.totals == {"Ana": 1180, "Ben": 1500}
    assert (state.status, state.winner) == (FINISHED, "Ana")
    assert state.standings == ("Ana", "Ben")
    with pytest.raises(MatchOverError):
        VARIANT.play(setup, [*hands, closed("Ben", 100)])


def test_dealer_passes_to_the_left_and_leader_is_on_his_left() -> None:
    setup = VARIANT.setup(["Ana", "Ben", "Cruz", "Dee"], dealer="Ben")
    t1, t2 = setup.sides
    hand = deal({t1: (100, 0), t2: (50, 20)}, closed_by=t1)
    state = VARIANT.play(setup, [hand, hand])
    assert [h.dealer for h in state.hands] == ["Ben", "Cruz"]
    assert (state.dealer, state.leader) == ("Dee", "Ana")
    assert state.active == ("Ana", "Ben", "Cruz", "Dee")
    assert state.totals == {t1: 400, t2: 60}


def test_refused_deal_names_its_number() -> None:
    with pytest.raises(RuleError) as refused:
        VARIANT.play(two_players(), [closed("Ana", 100), closed("Ana", 101)])
    assert (refused.value.hand, refused.value.path) == (2, "sides.Ana.table")


def test_options_are_plain_json() -> None:
    import json

    options = VARIANT.resolve_options({"target": 2000, "deals": 3, "stall": "void"})
    assert json.loads(json.dumps(options)) == options
