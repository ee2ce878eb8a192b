"""The purse split over a night's standings (docs/club.md §10.2; issue 35, point 2): on a
fixed-pairs night the pot counts the players who played (two a pair), a pair's prize is split
between its partners, rows sharing places pool the places they cover, and nothing is ever paid
beyond the pot: over random purses, ties and rests, payouts + left over = pot, to the cent."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.rules.club.standings.awards import Award, Holder
from scorekeeper.rules.club.standings.purse import Payout, Purse, money, pay_purse, read_purse
from scorekeeper.rules.club.standings.ranking import (
    RoundResults,
    Row,
    Standings,
    pair_standings,
    read_standings_rules,
    standings,
)
from tests.rules.club.club_nights import FOUR, game

ZERO = Fraction(0)
TWELVE = [(n, f"P{n}") for n in range(1, 13)]
#: Six fixed pairs: pair p is players 2p - 1 and 2p.
SIX_PAIRS = [(p, f"P{2 * p - 1} & P{2 * p}", (2 * p - 1, 2 * p)) for p in range(1, 7)]


def mitchell_round_one(totals: dict[int, int]) -> Standings:
    """Six pairs' round 1 of a Mitchell (table t: pair t N-S v pair t + 3 E-W), each pair
    scoring its total of ``totals``, as the standings per pair."""
    rules = read_standings_rules(FOUR, None)
    games = tuple(
        game(t, (2 * t - 1, 2 * t), (2 * t + 5, 2 * t + 6), (totals[t], totals[t + 3]))
        for t in (1, 2, 3)
    )
    night = standings(rules, FOUR, TWELVE, [RoundResults(1, "closed", games, (), ())])
    return pair_standings(night, SIX_PAIRS)


def paid_total(payout: Payout) -> Decimal:
    return sum(payout.by_player().values(), Decimal(0))


def fifty_thirty_twenty(awards: dict[str, str] | None = None) -> Purse:
    chosen = tuple(awards or ())
    body = {"entry": "5.00", "house": "0.50", "places": ["50", "30", "20"], "awards": awards}
    purse = read_purse(body, chosen, 12)
    assert purse is not None
    return purse


def test_a_pairs_pot_counts_the_players_and_a_tie_on_top_pays_only_the_pot() -> None:
    # Issue 35: pot 27.00 for 6 "players", and with three pairs tied on top "Left over -5.40".
    table = mitchell_round_one({1: 130, 2: 130, 3: 130, 4: 120, 5: 120, 6: 120})
    assert [(r.place, r.shared, r.pair) for r in table.rows] == [
        (1, True, 1),
        (1, True, 2),
        (1, True, 3),
        (4, True, 4),
        (4, True, 5),
        (4, True, 6),
    ]
    payout = pay_purse(fifty_thirty_twenty(), table, ())
    # (5.00 - 0.50) x 12 players who played.
    assert (payout.players, money(payout.pot)) == (12, "54.00")
    # Three pairs share places 1-3 (100 %): 54.00 over their six players; 4= covers nothing.
    [top] = payout.places
    assert (top.place, top.covers, top.pairs, top.players, money(top.each)) == (
        1,
        3,
        (1, 2, 3),
        (1, 2, 3, 4, 5, 6),
        "9.00",
    )
    assert money(payout.left_over) == "0.00"
    assert paid_total(payout) == payout.pot


def test_a_pairs_prize_and_award_are_split_between_its_partners() -> None:
    table = mitchell_round_one({1: 200, 2: 130, 3: 130, 4: 120, 5: 120, 6: 120})
    # low_total names a pair's row (its first player): the pair's two share it.
    low = Award(
        "low_total", Fraction(120), tuple(Holder((p,), None, None) for p in (7, 9, 11)), 1, "rounds"
    )
    payout = pay_purse(fifty_thirty_twenty({"low_total": "6.00"}), table, (low,))
    assert [(p, money(a)) for p, a in payout.awards[0].paid] == [(p, "1.00") for p in range(7, 13)]
    # Of the 48.00 left: pair 1 alone 50 % (12.00 each partner), pairs 2 and 3 pool 30 + 20 %.
    assert [(p.place, p.pairs, p.players, money(p.each)) for p in payout.places] == [
        (1, (1,), (1, 2), "12.00"),
        (2, (2, 3), (3, 4, 5, 6), "6.00"),
    ]
    shown = payout.as_json()
    assert shown["places"][0]["shared"] is False  # one pair holds place 1 ...
    assert shown["places"][0]["pairs"] == [1]  # ... and its two players take it
    assert {p["player"]: p["amount"] for p in shown["payouts"]} == {
        1: "12.00",
        2: "12.00",
        3: "6.00",
        4: "6.00",
        5: "6.00",
        6: "6.00",
        **{p: "1.00" for p in range(7, 13)},
    }
    assert money(payout.left_over) == "0.00"


def test_a_resting_pair_puts_nothing_in_the_pot() -> None:
    table = mitchell_round_one({1: 130, 2: 130, 3: 130, 4: 120, 5: 120, 6: 120})
    rows = tuple(replace(r, played=0, absent=1) if r.pair == 6 else r for r in table.rows)
    payout = pay_purse(fifty_thirty_twenty(), Standings(rows, 1, False), ())
    assert (payout.players, money(payout.pot)) == (10, "45.00")


# --- Random purses, ties and rests -------------------------------------------------------------


def _ranked(values: Sequence[int], played: Sequence[bool], pairs: bool) -> Standings:
    """Rows with ``values`` placed by standard competition ranking (1, 2, 3=, 3=, 5): pairs
    (two players each, pair n is players 2n - 1 and 2n) or single players."""
    order = sorted(range(len(values)), key=lambda i: -values[i])
    rows: list[Row] = []
    for position, i in enumerate(order):
        place = next(p for p, j in enumerate(order, start=1) if values[j] == values[i])
        shared = sum(1 for v in values if v == values[i]) > 1
        members: tuple[int, ...] = (2 * i + 1, 2 * i + 2) if pairs else ()
        rows.append(
            Row(
                place=place,
                shared=shared,
                player=members[0] if pairs else i + 1,
                name=f"#{i + 1}",
                value=Fraction(values[i]),
                wins=ZERO,
                points=ZERO,
                margin=ZERO,
                against=ZERO,
                vp=None,
                units=None,
                played=1 if played[i] else 0,
                sat_out=0,
                absent=0 if played[i] else 1,
                adjustments=ZERO,
                rounds=(),
                pair=i + 1 if pairs else None,
                members=members,
            )
        )
        assert position + 1 >= place
    return Standings(tuple(rows), 1, False)


cents = st.integers(min_value=0, max_value=10_000).map(lambda c: Decimal(c) / 100)
percent = st.integers(min_value=0, max_value=10_000).map(lambda c: Decimal(c) / 100)


@st.composite
def nights(draw: st.DrawFn) -> tuple[Purse, Standings, tuple[Award, ...]]:
    pairs = draw(st.booleans())
    count = draw(st.integers(min_value=1, max_value=14))
    # Few distinct values: ties on top, in the middle and at the bottom are common.
    values = draw(st.lists(st.integers(0, 4), min_size=count, max_size=count))
    played = draw(st.lists(st.booleans(), min_size=count, max_size=count))
    entry = draw(cents)
    house = draw(cents.filter(lambda h: h <= entry))
    places = draw(st.lists(percent, max_size=8).filter(lambda p: sum(p, Decimal(0)) <= 100))
    players = [p for i in range(count) for p in ((2 * i + 1, 2 * i + 2) if pairs else (i + 1,))]
    chosen = draw(st.lists(st.sampled_from(["high_game", "low_total", "high_table"]), unique=True))
    amounts = {name: draw(cents) for name in chosen}
    purse = Purse(entry, house, tuple(places), amounts)
    won = tuple(
        Award(
            name,
            None,
            tuple(
                Holder((p,), None, None)
                for p in draw(st.lists(st.sampled_from(players), max_size=5, unique=True))
            ),
            1,
            "rounds",
        )
        for name in chosen
    )
    return purse, _ranked(values, played, pairs), won


@pytest.mark.slow  # 400 random nights: 7 CPU-s, the full run's (the fixed cases stay fast)
@settings(max_examples=400, deadline=None)
@given(nights())
def test_payouts_and_left_over_add_up_to_the_pot_to_the_cent(
    night: tuple[Purse, Standings, tuple[Award, ...]],
) -> None:
    purse, table, won = night
    payout = pay_purse(purse, table, won)
    paid = payout.by_player()
    # Nothing beyond the pot, nothing lost: every cent is paid or left over.
    assert payout.left_over >= 0
    assert all(
        amount >= 0 and amount == amount.quantize(Decimal("0.01")) for amount in paid.values()
    )
    assert sum(paid.values(), Decimal(0)) + payout.left_over == payout.pot
    shown = payout.as_json()
    total = sum((Decimal(p["amount"]) for p in shown["payouts"]), Decimal(0))
    assert total + Decimal(shown["left_over"]) == Decimal(shown["pot"])
    # The pot counts each player who played (a pair's two).
    assert payout.players == sum(len(r.members or (r.player,)) for r in table.rows if r.played)
    assert payout.pot == purse.share * payout.players
    # Partners take the same, and rows sharing a place take the same from it.
    for row in table.rows:
        if row.members:
            first, second = row.members
            assert paid.get(first) == paid.get(second)
    for place in payout.places:
        assert len(place.players) == sum(
            len(r.members or (r.player,)) for r in table.rows if r.place == place.place
        )
    covered = sum(place.covers for place in payout.places)
    assert covered <= len(purse.places)
