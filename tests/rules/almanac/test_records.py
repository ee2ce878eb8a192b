"""The almanac's records and money across nights (issue 18; docs/records.md).

Every match is played through the real rules (``find_variant(id).setup`` and ``.play``) and
summarised; the expected figures are worked by hand from the rule each test names in
docs/rules.md (its sources are the seeds and books it quotes: seed 000 for auction pinochle,
seed 001 for Pinnacola, Bicycle for partnership auction).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any, Literal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.rules import all_variants, find_variant
from scorekeeper.rules.almanac.counters import (
    BID_BRACKETS,
    HANDS,
    MATCHES,
    Figure,
    Rate,
    bracket_of,
)
from scorekeeper.rules.almanac.ledger import ledger
from scorekeeper.rules.almanac.records import HeadToHead, Standing, compile_records
from scorekeeper.rules.almanac.summary import (
    Figures,
    MatchSummary,
    Money,
    family_titles,
    summarise,
)

P3 = ["Ana", "Ben", "Cruz"]
P4 = ["Ana", "Ben", "Cruz", "Dee"]


def play(
    variant: str,
    players: Sequence[str],
    hands: Sequence[Mapping[str, Any]],
    *,
    rules: Mapping[str, Any] | None = None,
    teams: Any = None,
    ended: bool = False,
) -> MatchSummary:
    """A match replayed by its rules and summarised; its JSON must come back the same."""
    form = find_variant(variant)
    setup = form.setup(list(players), teams, dict(rules) if rules else None)
    summary = summarise(setup, form.play(setup, hands), ended=ended)
    assert MatchSummary.from_json(json.loads(json.dumps(summary.to_json()))) == summary
    return summary


def Bidding(
    hands: int,
    won: tuple[int, ...],
    made: tuple[int, ...],
    conceded: int,
    highest_made: int | None,
) -> dict[str, Any]:
    """A holder's ``bidding`` counters in one match."""
    return {
        "hands": hands,
        "won": won,
        "made": made,
        "conceded": conceded,
        "highest_made": highest_made,
    }


def Melding(
    hands: int, total: int, biggest: int, listed: int, melds: Mapping[str, int]
) -> dict[str, Any]:
    """A holder's ``meld`` counters in one match (standard points)."""
    return {"hands": hands, "total": total, "biggest": biggest, "listed": listed, "melds": melds}


def Closing(
    hands: int, closed: int, in_mano: int, pinnacolones: int, listed: int, pinnacolas: int
) -> dict[str, Any]:
    """A Pinnacola side's ``closing`` counters in one match."""
    return {
        "hands": hands,
        "closed": closed,
        "in_mano": in_mano,
        "pinnacolones": pinnacolones,
        "listed": listed,
        "pinnacolas": pinnacolas,
    }


def groups(**found: Mapping[str, Any] | None) -> dict[str, Mapping[str, Any]]:
    """The groups given, those that are ``None`` left out (they do not apply)."""
    return {name: values for name, values in found.items() if values is not None}


def same(summary: MatchSummary) -> dict[str, str]:
    """Every seat its own player key."""
    return {player: player for player in summary.players}


# --- Auction pinochle in units (docs/rules.md §2 "Settlement in units", "The kitty") ----------


def bid(bidder: str, amount: int, trump: str | None, outcome: str, **more: Any) -> dict[str, Any]:
    entry: dict[str, Any] = {"bidder": bidder, "bid": amount, "outcome": outcome, **more}
    if trump is not None:
        entry["trump"] = trump
    return entry


#: Three players, the defaults (min bid 300, doubling, spades x2, kitty with 10 from 350).
AUCTION_NIGHT = [
    # 350 = 2 units, spades x2: Ben and Cruz pay Ana 4 each; the kitty pays her 10.
    bid("Ana", 350, "spades", "made"),
    # 190 + 100 = 290 < 300: set. 300 = 1 unit: Ben pays Ana, Cruz and the kitty 2 each.
    {"bidder": "Ben", "bid": 300, "trump": "hearts", "meld": ["run", "pinochle"], "tricks": 100},
    {"outcome": "all_pass"},
    # Thrown in before the widow at the minimum: Cruz pays the kitty 1 unit.
    bid("Cruz", 300, None, "thrown_in"),
    # 400 = 4 units, clubs x1, conceded: Cruz pays Ana, Ben and the kitty 4 each.
    bid("Cruz", 400, "clubs", "conceded", meld=100),
]


def auction_night(
    hands: Sequence[Mapping[str, Any]] = AUCTION_NIGHT, unit_value: str = "0.05"
) -> MatchSummary:
    return play("auction", P3, hands, rules={"unit_value": unit_value}, ended=True)


def test_auction_summary_worked_by_hand() -> None:
    summary = auction_night()
    assert summary.family == "pinochle"
    assert (summary.hands, summary.finished, summary.winners) == (5, True, ("Ana",))
    # Totals: Ana 18 + 2 + 4 = 24, Ben -4 - 6 + 4 = -6, Cruz -4 + 2 - 1 - 12 = -15;
    # kitty -10 + 2 + 1 + 4 = -3, shared -1 each (docs/rules.md §2 "The kitty").
    assert summary.money == Money("0.05", -3, {"Ana": 23, "Ben": -7, "Cruz": -16})
    assert summary.ranking == (("Ana",), ("Ben",), ("Cruz",))
    assert summary.ranks == (1, 2, 3)
    ana, ben, cruz = (summary.by_player[name] for name in P3)
    assert ana == Figures(5, groups=groups(bidding=Bidding(5, (0, 0, 1, 0), (0, 0, 1, 0), 0, 350)))
    assert ben.groups.get("bidding") == Bidding(5, (0, 1, 0, 0), (0, 0, 0, 0), 0, None)
    # Thrown in and conceded are both bids given up without play.
    assert cruz.groups.get("bidding") == Bidding(5, (0, 1, 0, 1), (0, 0, 0, 0), 2, None)
    # In units only the bidder's meld may be entered: Ben's list, Cruz's number.
    assert ben.groups.get("meld") == Melding(1, 190, 190, 1, {"pinochle": 1, "run": 1})
    assert cruz.groups.get("meld") == Melding(1, 100, 100, 0, {})
    assert ana.groups.get("meld") is None
    # Units are no points: no points figure, no partnership figures.
    assert ana.points is None
    assert summary.by_team == ()


def test_bid_brackets() -> None:
    assert BID_BRACKETS == (250, 300, 350, 400)
    assert [bracket_of(b) for b in (250, 290, 300, 340, 350, 390, 400, 2000)] == [
        0,
        0,
        1,
        1,
        2,
        2,
        3,
        3,
    ]


def test_bidding_records_by_bracket() -> None:
    records = compile_records([(auction_night(), {})])
    cruz = records.players["Cruz"].families["pinochle"]
    assert cruz.bidding is not None
    assert cruz.bidding.won == Rate(2, 5)
    assert cruz.bidding.made == Rate(0, 2)
    assert cruz.bidding.set == Rate(2, 2)
    assert cruz.bidding.conceded == Rate(2, 2)
    assert [(b.low, b.high, b.made, b.set) for b in cruz.bidding.brackets] == [
        (300, 349, Rate(0, 1), Rate(1, 1)),
        (400, None, Rate(0, 1), Rate(1, 1)),
    ]
    assert cruz.bidding.highest_made == Figure(None, 0)
    ana = records.players["Ana"].families["pinochle"]
    assert ana.bidding is not None
    assert ana.bidding.highest_made == Figure(350, 1)
    assert ana.bidding.set == Rate(0, 1)
    # No points in units: the figure is left out, not 0.
    assert ana.points_per_hand is None
    assert ana.meld is None
    ben = records.players["Ben"].families["pinochle"]
    assert ben.meld is not None
    assert ben.meld.average == Figure(190.0, 1)
    assert ben.meld.runs == Figure(1, 1)
    assert ben.meld.double_pinochles == Figure(0, 1)


def test_a_corrected_old_hand_changes_the_records() -> None:
    before = compile_records([(auction_night(), {})])
    # Hand 1 corrected: Ana was set on 350 in spades (2 units x2, doubled: 8 to each payee).
    corrected = [bid("Ana", 350, "spades", "set"), *AUCTION_NIGHT[1:]]
    summary = auction_night(corrected)
    after = compile_records([(summary, {})])
    old = before.players["Ana"].families["pinochle"].bidding
    new = after.players["Ana"].families["pinochle"].bidding
    assert old is not None
    assert new is not None
    assert (old.made, old.highest_made) == (Rate(1, 1), Figure(350, 1))
    assert (new.made, new.highest_made) == (Rate(0, 1), Figure(None, 0))
    assert new.brackets[0].set == Rate(1, 1)
    # Ana -24 + 2 + 4 = -18, Ben 8 - 6 + 4 = 6, Cruz 8 + 2 - 1 - 12 = -3, kitty 8 + 2 + 1 + 4
    # = 15 shared 5 each: Ben wins the night now.
    assert summary.money == Money("0.05", 15, {"Ana": -13, "Ben": 11, "Cruz": 2})
    assert before.players["Ana"].standing.won == Rate(1, 1, MATCHES)
    assert after.players["Ana"].standing.won == Rate(0, 1, MATCHES)
    assert after.players["Ben"].standing.won == Rate(1, 1, MATCHES)


def test_auction_in_points_meld_of_every_active_player() -> None:
    # docs/rules.md §2 "Points": Ana 170 + 140 = 310 >= 300 made; every active player melds.
    summary = play(
        "auction",
        P3,
        [
            {
                "bidder": "Ana",
                "bid": 300,
                "trump": "hearts",
                "meld": {"Ana": ["run", "marriage"], "Ben": 40, "Cruz": 0},
                "tricks": {"Ana": 140, "Ben": 60, "Cruz": 50},
            }
        ],
        rules={"scoring": "points"},
    )
    ana, ben, cruz = (summary.by_player[name] for name in P3)
    assert ana.groups.get("bidding") == Bidding(1, (0, 1, 0, 0), (0, 1, 0, 0), 0, 300)
    assert ana.groups.get("meld") == Melding(1, 170, 170, 1, {"marriage": 1, "run": 1})
    assert (ben.groups.get("meld"), cruz.groups.get("meld")) == (
        Melding(1, 40, 40, 0, {}),
        Melding(1, 0, 0, 0, {}),
    )
    assert (ana.points, ben.points, cruz.points) == (310, 100, 50)
    assert summary.money is None


# --- Partnership auction (docs/rules.md §2 ``partnership-auction``, Bicycle) ------------------


def test_partnership_auction_made_set_and_conceded() -> None:
    hands: list[dict[str, Any]] = [
        # Team 1 (Ana, Cruz): 150 + 150 = 300 >= 300: made, scores 300; Team 2 60 + 100.
        {
            "bidder": "Ana",
            "bid": 300,
            "trump": "hearts",
            "meld": {"Team 1": ["run"], "Team 2": 60},
            "tricks": {"Team 1": 150, "Team 2": 100},
        },
        # Team 2: 60 + 100 < 400: set, -400; Team 1 20 + 150.
        {
            "bidder": "Ben",
            "bid": 400,
            "trump": "hearts",
            "meld": {"Team 1": 20, "Team 2": 60},
            "tricks": {"Team 1": 150, "Team 2": 100},
        },
        {"outcome": "all_pass"},
        # Conceded: -250 to Team 1, Team 2 scores its meld.
        {
            "bidder": "Cruz",
            "bid": 250,
            "trump": "spades",
            "meld": {"Team 1": 40, "Team 2": 20},
            "conceded": True,
        },
    ]
    summary = play("partnership-auction", P4, hands)
    assert summary.teams == (("Ana", "Cruz"), ("Ben", "Dee"))
    by = summary.by_player
    assert by["Ana"].groups.get("bidding") == Bidding(4, (0, 1, 0, 0), (0, 1, 0, 0), 0, 300)
    assert by["Ben"].groups.get("bidding") == Bidding(4, (0, 0, 0, 1), (0, 0, 0, 0), 0, None)
    assert by["Cruz"].groups.get("bidding") == Bidding(4, (1, 0, 0, 0), (0, 0, 0, 0), 1, None)
    assert by["Dee"].groups.get("bidding") == Bidding(4, (0, 0, 0, 0), (0, 0, 0, 0), 0, None)
    # The meld is the side's: no player has one of his own.
    assert all(by[name].groups.get("meld") is None and by[name].points is None for name in P4)
    team1, team2 = summary.by_team
    assert team1 == Figures(
        4, 300 + 170 + 0 - 250, groups(meld=Melding(3, 210, 150, 1, {"run": 1}))
    )
    assert team2 == Figures(4, 160 - 400 + 0 + 20, groups(meld=Melding(3, 140, 60, 0, {})))


# --- Pinochle for four, partnerships, head-to-head (docs/rules.md §1, §2 ``pinochle-4``) -------


def meld_hand(meld: Mapping[str, Any], tricks: Mapping[str, int]) -> dict[str, Any]:
    return {"meld": dict(meld), "tricks": dict(tricks)}


#: Ana and Cruz (Team 1) against Ben and Dee (Team 2), to 1000.
OPPOSITE = [
    # Team 1: double pinochle 300 + run 150 = 450, + 150 tricks = 600; Team 2: 60 + 100.
    meld_hand({"Team 1": ["double_pinochle", "run"], "Team 2": 60}, {"Team 1": 150, "Team 2": 100}),
    # Team 1: 100 + 150 + 200 = 450, 1050 in all: over 1000 alone, it wins; Team 2 30 + 50.
    meld_hand(
        {"Team 1": ["aces_around", "run"], "Team 2": ["marriage", "dix"]},
        {"Team 1": 200, "Team 2": 50},
    ),
]
#: Ana and Ben ("Us") against Cruz and Dee ("Them"): a double run, 1500 + 250, wins at once.
ROTATED_TEAMS = [
    {"name": "Us", "players": ["Ana", "Ben"]},
    {"name": "Them", "players": ["Cruz", "Dee"]},
]
ROTATED = [meld_hand({"Us": 0, "Them": ["double_run"]}, {"Us": 0, "Them": 250})]


def test_pinochle4_partnership_figures() -> None:
    summary = play("pinochle-4", P4, OPPOSITE)
    assert (summary.finished, summary.winners) == (True, ("Ana", "Cruz"))
    team1, team2 = summary.by_team
    assert team1 == Figures(
        2,
        1050,
        groups(meld=Melding(2, 700, 450, 2, {"aces_around": 1, "double_pinochle": 1, "run": 2})),
    )
    assert team2 == Figures(2, 240, groups(meld=Melding(2, 90, 60, 1, {"dix": 1, "marriage": 1})))
    # Four-handed pinochle has no bidding; the players' meld is their side's.
    assert summary.by_player["Ana"] == Figures(2)


def test_partnerships_and_head_to_head() -> None:
    opposite = play("pinochle-4", P4, OPPOSITE)
    rotated = play("pinochle-4", P4, ROTATED, teams=ROTATED_TEAMS)
    assert rotated.winners == ("Cruz", "Dee")
    records = compile_records([(opposite, same(opposite)), (rotated, same(rotated))])
    assert records.matches == 2
    assert records.players["Ana"].standing == Standing(2, Rate(1, 2, MATCHES))
    assert records.players["Dee"].standing == Standing(2, Rate(1, 2, MATCHES))
    assert set(records.partnerships) == {
        ("Ana", "Cruz"),
        ("Ben", "Dee"),
        ("Ana", "Ben"),
        ("Cruz", "Dee"),
    }
    ana_cruz = records.partnerships[("Ana", "Cruz")]
    assert ana_cruz.standing == Standing(1, Rate(1, 1, MATCHES))
    family = ana_cruz.families["pinochle"]
    assert family.points_per_hand == Figure(525.0, 2)  # 1050 in 2 hands
    assert family.meld is not None
    assert family.meld.average == Figure(350.0, 2)
    assert family.meld.biggest == Figure(450, 2)
    assert family.meld.double_pinochles == Figure(1, 2)
    assert family.meld.runs == Figure(2, 2)
    them = records.partnerships[("Cruz", "Dee")].families["pinochle"]
    assert them.meld is not None
    assert them.meld.double_runs == Figure(1, 1)
    assert them.points_per_hand == Figure(1750.0, 1)
    h2h = records.head_to_head
    assert h2h["Ana"]["Ben"] == HeadToHead(met=1, ahead=1, behind=0)  # partners in the second
    assert h2h["Ana"]["Cruz"] == HeadToHead(met=1, ahead=0, behind=1)
    assert h2h["Ana"]["Dee"] == HeadToHead(met=2, ahead=1, behind=1)
    assert h2h["Dee"]["Ana"] == HeadToHead(met=2, ahead=1, behind=1)
    # Per form: the same figures, and nothing of a form not asked for.
    assert compile_records([(opposite, {})], variant="pinochle-3").matches == 0


def test_a_merge_is_one_player_in_the_records() -> None:
    opposite = play("pinochle-4", P4, OPPOSITE)
    robert = play("pinochle-4", ["Ana", "Robert", "Cruz", "Dee"], OPPOSITE)
    roster = {"Ana": "ana", "Ben": "bob", "Robert": "bob", "Cruz": "cruz", "Dee": "dee"}
    records = compile_records([(opposite, roster), (robert, roster)])
    assert "Robert" not in records.players
    assert "Ben" not in records.players
    assert records.players["bob"].standing == Standing(2, Rate(0, 2, MATCHES))
    assert records.partnerships[("bob", "dee")].standing == Standing(2, Rate(0, 2, MATCHES))
    assert records.head_to_head["ana"]["bob"] == HeadToHead(met=2, ahead=2, behind=0)
    # Unmerged, Ben and Robert are two players with one match each.
    apart = compile_records([(opposite, same(opposite)), (robert, same(robert))])
    assert apart.players["Ben"].standing.played == apart.players["Robert"].standing.played == 1


def test_a_merge_of_two_seats_of_one_match() -> None:
    # Two names merged that sat at the same table (a mistaken merge): one match played, no
    # partnership of one player, no head-to-head against himself.
    opposite = play("pinochle-4", P4, OPPOSITE)
    roster = {"Ana": "ana", "Cruz": "ana", "Ben": "ben", "Dee": "dee"}
    records = compile_records([(opposite, roster)])
    assert records.players["ana"].standing == Standing(1, Rate(1, 1, MATCHES))
    assert ("ana",) not in records.partnerships
    assert "ana" not in records.head_to_head["ana"]


def test_meld_per_player_under_saving_trick_player() -> None:
    # docs/rules.md §1 (``saving_trick: player``, seed 004): meld is entered per player.
    summary = play(
        "pinochle-4",
        P4,
        [
            {
                "meld": {"Ana": ["pinochle"], "Ben": 0, "Cruz": 20, "Dee": 0},
                "took_trick": {"Ana": True, "Cruz": True},
                "tricks": {"Team 1": 150, "Team 2": 100},
            }
        ],
        rules={"saving_trick": "player"},
    )
    assert summary.by_player["Ana"].groups.get("meld") == Melding(1, 40, 40, 1, {"pinochle": 1})
    assert summary.by_player["Cruz"].groups.get("meld") == Melding(1, 20, 20, 0, {})
    assert summary.by_team[0] == Figures(1, 150 + 40 + 20)


def test_simple_counting_is_counted_in_standard_points() -> None:
    # docs/rules.md §1 ``simple``: meld and trick points divided by 10 (a run is 15).
    summary = play(
        "pinochle-2",
        ["Ana", "Ben"],
        [meld_hand({"Ana": ["run"], "Ben": 4}, {"Ana": 15, "Ben": 10})],
        rules={"counting": "simple"},
    )
    ana, ben = summary.by_player["Ana"], summary.by_player["Ben"]
    assert (ana.points, ana.groups.get("meld")) == (300, Melding(1, 150, 150, 1, {"run": 1}))
    assert (ben.points, ben.groups.get("meld")) == (140, Melding(1, 40, 40, 0, {}))
    assert ana.groups.get("bidding") is None
    assert ana.groups.get("closing") is None


# --- Pinochle for three: places, ties (docs/rules.md §2 ``pinochle-3``, §2 target rule) ----------


def test_three_handed_play_on_ranks_the_second_placed() -> None:
    hands = [
        # Ana 150 + 200 = 350 >= 300: she places first; Ben and Cruz play on for second.
        meld_hand({"Ana": 150, "Ben": 0, "Cruz": 0}, {"Ana": 200, "Ben": 30, "Cruz": 20}),
        meld_hand({"Ben": 40, "Cruz": 0}, {"Ben": 200, "Cruz": 50}),  # Ben 270, Cruz 70
        meld_hand({"Ben": 0, "Cruz": 0}, {"Ben": 100, "Cruz": 150}),  # Ben 370: second
    ]
    summary = play("pinochle-3", P3, hands, rules={"target": 300})
    assert summary.finished
    assert summary.winners == ("Ana",)
    assert summary.ranking == (("Ana",), ("Ben",), ("Cruz",))
    assert summary.ranks == (1, 2, 3)
    # Ana left after the first hand: she was dealt one hand, the others three.
    assert [summary.by_player[name].hands for name in P3] == [1, 3, 3]
    assert [summary.by_player[name].points for name in P3] == [350, 370, 220]


def test_ended_by_the_table_with_a_tie_below_the_winner() -> None:
    # Ended by the table: the side first in standings wins (docs/rules.md §2, API finish);
    # Ben and Cruz, level on 60, share second place.
    hands = [meld_hand({"Ana": 0, "Ben": 0, "Cruz": 0}, {"Ana": 130, "Ben": 60, "Cruz": 60})]
    summary = play("pinochle-3", P3, hands, ended=True)
    assert summary.finished
    assert summary.winners == ("Ana",)
    assert summary.ranks == (1, 2, 2)
    records = compile_records([(summary, {})])
    assert records.head_to_head["Ben"]["Cruz"] == HeadToHead(met=1, ahead=0, behind=0)
    assert records.head_to_head["Ana"]["Cruz"] == HeadToHead(met=1, ahead=1, behind=0)
    # Not ended: nobody won, no head-to-head yet, but the match is played.
    open_match = play("pinochle-3", P3, hands)
    assert (open_match.finished, open_match.winners) == (False, ())
    open_records = compile_records([(open_match, {})])
    assert open_records.head_to_head == {}
    assert open_records.players["Ana"].standing == Standing(1, Rate(0, 0, MATCHES))


# --- Pinnacola (docs/rules.md §3, seed 001) ----------------------------------------------------


def deal(sides: Mapping[str, tuple[Any, Any]], **ending: Any) -> dict[str, Any]:
    return {
        "sides": {side: {"table": table, "hand": hand} for side, (table, hand) in sides.items()},
        **ending,
    }


PINNACOLA_MATCH = [
    # Ana: 3H-9H clean, a Pinnacola: (3 x 5 + 4 x 10) x 2 = 110, and three kings 30; closed in
    # mano, +200: 340. Ben 60 - 35 = 25.
    deal(
        {
            "Ana": ([["3H", "4H", "5H", "6H", "7H", "8H", "9H"], ["KS", "KD", "KC"]], 0),
            "Ben": (60, 35),
        },
        closed_by="Ana",
        in_mano=True,
    ),
    # Ben: four queens, a poker, 80, closed: +100. Ana laid nothing: -40 - 100.
    deal({"Ana": (0, 40), "Ben": ([["QH", "QS", "QD", "QC"]], 0)}, closed_by="Ben"),
    # Ana lays a Pinnacolone (1500) and wins at once, from anywhere.
    deal({"Ana": (1500, 0), "Ben": (30, 20)}, pinnacolone="Ana"),
]


def test_pinnacola_closings_worked_by_hand() -> None:
    summary = play("pinnacola", ["Ana", "Ben"], PINNACOLA_MATCH)
    assert summary.family == "pinnacola"
    assert (summary.finished, summary.winners) == (True, ("Ana",))
    ana, ben = summary.by_player["Ana"], summary.by_player["Ben"]
    assert ana == Figures(3, 340 - 140 + 1500, groups(closing=Closing(3, 1, 1, 1, 1, 1)))
    assert ben == Figures(3, 25 + 180 + 10, groups(closing=Closing(3, 1, 0, 0, 1, 0)))
    records = compile_records([(summary, {})])
    family = records.players["Ana"].families["pinnacola"]
    assert family.closing is not None
    assert family.closing.closings == Rate(1, 3)
    assert family.closing.in_mano == Rate(1, 3)
    assert family.closing.pinnacolones == Rate(1, 3)
    assert family.closing.pinnacolas == Figure(1, 1)  # one deal entered as cards
    # Pinochle's figures do not apply to Pinnacola: left out, not zero.
    assert family.bidding is None
    assert family.meld is None
    assert family.points_per_hand == Figure(1700 / 3, 3)
    assert "pinochle" not in records.players["Ana"].families


def test_pinnacola_in_teams_credits_the_side() -> None:
    # Four play in two teams (seed 001): who closed is known only by side.
    summary = play(
        "pinnacola",
        P4,
        [deal({"Team 1": (120, 0), "Team 2": (0, 60)}, closed_by="Team 1")],
    )
    assert summary.by_team[0].groups.get("closing") == Closing(1, 1, 0, 0, 0, 0)
    assert summary.by_team[1] == Figures(1, -160, groups(closing=Closing(1, 0, 0, 0, 0, 0)))
    assert summary.by_player["Ana"] == Figures(1)
    records = compile_records([(summary, {})])
    closing = records.partnerships[("Ana", "Cruz")].families["pinnacola"].closing
    assert closing is not None
    assert closing.closings == Rate(1, 1)


def test_every_form_has_a_family() -> None:
    # docs/records.md "Families": the family is the form's own (Variant.family).
    assert {variant.id: variant.family.id for variant in all_variants()} == {
        "pinochle-2": "pinochle",
        "pinochle-3": "pinochle",
        "pinochle-4": "pinochle",
        "auction": "pinochle",
        "partnership-auction": "pinochle",
        "double-deck": "double-deck",
        "pinnacola": "pinnacola",
    }
    assert family_titles() == {
        "pinochle": "Pinochle",
        "double-deck": "Double-deck pinochle",
        "pinnacola": "Pinnacola",
    }


# --- Money across nights (docs/rules.md §2 "Settlement in units"; docs/records.md "Money") ----


#: Four at the table, the dealer sits out (docs/rules.md §2 "Who sits out"); Robert is Ben's
#: other name on the roster.
SECOND_NIGHT = [
    # Ana deals; Robert makes 300 in diamonds (1 unit): Ana (dealt out), Cruz, Dee pay 1 each.
    bid("Robert", 300, "diamonds", "made"),
    # Robert deals; Dee set on 350 in hearts (2 units, doubled: 4 each to Ana, Robert, Cruz and
    # the kitty). Totals Ana 3, Robert 7, Cruz 3, Dee -17; the kitty's 4 shared 1 each.
    bid("Dee", 350, "hearts", "set"),
]
ROSTER = {"Ana": "ana", "Ben": "ben", "Robert": "ben", "Cruz": "cruz", "Dee": "dee"}


def second_night(unit_value: str = "0.05", ended: bool = True) -> MatchSummary:
    return play(
        "auction",
        ["Ana", "Robert", "Cruz", "Dee"],
        SECOND_NIGHT,
        rules={"unit_value": unit_value},
        ended=ended,
    )


def test_second_night_summary() -> None:
    assert second_night().money == Money("0.05", 4, {"Ana": 4, "Robert": 8, "Cruz": 4, "Dee": -16})


def test_ledger_night_by_night_and_settle_up_across_nights() -> None:
    pinochle = play("pinochle-4", P4, OPPOSITE)  # no units: not in the ledger
    nights = [
        ("2024-03-01", [(auction_night(), ROSTER)]),
        ("2024-03-05", [(pinochle, ROSTER)]),
        ("2024-03-08", [(second_night(), ROSTER), (pinochle, ROSTER)]),
    ]
    book = ledger(nights)
    assert [night.label for night in book.nights] == ["2024-03-01", "2024-03-08"]
    first, second = book.nights
    assert (first.matches, first.open) == (1, False)
    assert first.units == {"ana": 23, "ben": -7, "cruz": -16}
    assert first.money == {
        "ana": Decimal("1.15"),
        "ben": Decimal("-0.35"),
        "cruz": Decimal("-0.80"),
    }
    assert second.units == {"ana": 4, "ben": 8, "cruz": 4, "dee": -16}
    assert second.running_units == {"ana": 27, "ben": 1, "cruz": -12, "dee": -16}
    assert second.running_money == {
        "ana": Decimal("1.35"),
        "ben": Decimal("0.05"),
        "cruz": Decimal("-0.60"),
        "dee": Decimal("-0.80"),
    }
    assert book.units == second.running_units
    assert book.settled == ("2024-03-01", "2024-03-08")
    assert book.settle_unit == "0.05"
    # No group of them squares alone: 3 transfers. Dee, the biggest debtor, pays Ana 16; Cruz
    # pays Ana the 11 she still has coming, then Ben 1 (docs/rules.md §2, settle.py).
    transfers = [(t.payer, t.payee, t.units, t.amount) for t in book.settlement.transfers]
    assert transfers == [
        ("dee", "ana", 16, Decimal("0.80")),
        ("cruz", "ana", 11, Decimal("0.55")),
        ("cruz", "ben", 1, Decimal("0.05")),
    ]
    # The second night alone: Dee owes 16, pays Ben 8, then Ana 4 and Cruz 4.
    alone = ledger(nights, settle=["2024-03-08"])
    assert alone.settled == ("2024-03-08",)
    assert [(t.payer, t.payee, t.units) for t in alone.settlement.transfers] == [
        ("dee", "ben", 8),
        ("dee", "ana", 4),
        ("dee", "cruz", 4),
    ]
    assert alone.units == book.units  # the running ledger covers every night


def test_ledger_with_different_stakes_settles_money_in_cents() -> None:
    nights = [
        ("night 1", [(auction_night(), ROSTER)]),  # 0.05 a unit
        ("night 2", [(second_night("0.10"), ROSTER)]),
    ]
    book = ledger(nights)
    # Money: ana 1.15 + 0.40, ben -0.35 + 0.80, cruz -0.80 + 0.40, dee -1.60.
    assert book.money == {
        "ana": Decimal("1.55"),
        "ben": Decimal("0.45"),
        "cruz": Decimal("-0.40"),
        "dee": Decimal("-1.60"),
    }
    assert book.settle_unit == "0.01"
    transfers = [(t.payer, t.payee, t.units, t.amount) for t in book.settlement.transfers]
    assert transfers == [
        ("dee", "ana", 155, Decimal("1.55")),
        ("cruz", "ben", 40, Decimal("0.40")),
        ("dee", "ben", 5, Decimal("0.05")),
    ]


def test_ledger_marks_a_night_still_open_and_refuses_an_unknown_night() -> None:
    book = ledger([("tonight", [(second_night(ended=False), ROSTER)])])
    assert book.nights[0].open
    assert book.nights[0].units == {"ana": 4, "ben": 8, "cruz": 4, "dee": -16}
    with pytest.raises(ValueError, match="no such night: yesterday"):
        ledger([("tonight", [])], settle=["yesterday"])
    empty = ledger([("tonight", [])])
    assert (empty.nights, empty.settlement.transfers, empty.settle_unit) == ((), (), "1")


# --- The summary's JSON ----------------------------------------------------------------------

NO_SURROGATES: tuple[Literal["Cs"]] = ("Cs",)
names = st.text(
    st.characters(codec="utf-8", exclude_categories=NO_SURROGATES), min_size=1, max_size=8
)
counts = st.integers(min_value=0, max_value=10_000)
small = st.integers(min_value=-10_000, max_value=10_000)
per_bracket = st.tuples(*[counts] * len(BID_BRACKETS))
bidding = st.builds(Bidding, counts, per_bracket, per_bracket, counts, st.none() | counts)
melding = st.builds(Melding, counts, counts, counts, counts, st.dictionaries(names, counts))
closing = st.builds(Closing, counts, counts, counts, counts, counts, counts)
figures = st.builds(
    Figures,
    hands=counts,
    points=st.none() | small,
    groups=st.builds(
        groups,
        bidding=st.none() | bidding,
        meld=st.none() | melding,
        closing=st.none() | closing,
    ),
)


@st.composite
def summaries(draw: st.DrawFn) -> MatchSummary:
    players = tuple(draw(st.lists(names, min_size=2, max_size=6, unique=True)))
    teams = draw(st.sampled_from([(), (players[:1], players[1:])]))
    ranking = tuple(draw(st.permutations(teams or tuple((p,) for p in players))))
    money = draw(
        st.none()
        | st.builds(
            Money,
            st.sampled_from(["1", "0.05", "2.5"]),
            small,
            st.fixed_dictionaries({p: small for p in players}),
        )
    )
    return MatchSummary(
        variant=draw(st.sampled_from([variant.id for variant in all_variants()])),
        family=draw(st.sampled_from(["pinochle", "pinnacola"])),
        players=players,
        teams=teams,
        hands=draw(counts),
        finished=draw(st.booleans()),
        winners=draw(st.sampled_from([(), *ranking])),
        ranking=ranking,
        ranks=tuple(
            draw(st.lists(st.integers(1, 6), min_size=len(ranking), max_size=len(ranking)))
        ),
        by_player={player: draw(figures) for player in players},
        by_team=tuple(draw(figures) for _ in teams),
        money=money,
    )


@settings(max_examples=200, deadline=None)
@given(summaries())
def test_summary_json_round_trip(summary: MatchSummary) -> None:
    data = json.loads(json.dumps(summary.to_json()))
    assert MatchSummary.from_json(data) == summary
    assert MatchSummary.from_json(data).to_json() == data


def test_figures_rest_on_hands_or_matches() -> None:
    assert Rate(1, 4).rate == 0.25
    assert Rate(0, 0).rate is None
    assert Rate(1, 2, MATCHES).of == MATCHES
    assert Figure(1, 1).of == HANDS


def test_a_match_before_its_first_hand() -> None:
    # Every figure that applies is there, resting on nothing; nothing else.
    pinnacola = play("pinnacola", ["Ana", "Ben"], [])
    assert pinnacola.by_player["Ana"] == Figures(0, 0, groups(closing=Closing(0, 0, 0, 0, 0, 0)))
    auction = play("auction", P3, [])
    assert auction.by_player["Ana"] == Figures(
        0, groups=groups(bidding=Bidding(0, (0,) * 4, (0,) * 4, 0, None))
    )
    assert auction.money == Money("1", 0, {"Ana": 0, "Ben": 0, "Cruz": 0})
    assert (auction.finished, auction.winners, auction.ranks) == (False, (), (1, 1, 1))
