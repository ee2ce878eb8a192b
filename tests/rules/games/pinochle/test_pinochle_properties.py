"""Properties of the pinochle forms over random matches (Hypothesis).

- every hand score is a whole number and the match totals are the sums of the hands;
- standings list every side once, the winner first;
- a finished match takes no more hands;
- junk entries are refused with :class:`RuleError` only (never a crash).
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.rules import FINISHED, MatchOverError, RuleError, find_variant
from scorekeeper.rules.core.cards import pinochle_deck
from scorekeeper.rules.core.match import MatchState, Setup
from scorekeeper.rules.games.pinochle.melds import calculate_meld, counting_of

PLAYERS = {
    "pinochle-2": ["Ana", "Ben"],
    "pinochle-3": ["Ana", "Ben", "Cruz"],
    "pinochle-4": ["Ana", "Ben", "Cruz", "Dee"],
    "partnership-auction": ["Ana", "Ben", "Cruz", "Dee"],
}
DECK = [str(card) for card in pinochle_deck()]
SUITS = ["spades", "hearts", "diamonds", "clubs"]


def split(draw: st.DrawFn, total: int, parts: int, step: int) -> list[int]:
    """``total`` trick points cut at random among ``parts`` sides, each a multiple of ``step``."""
    units = total // step
    cuts = sorted(draw(st.lists(st.integers(0, units), min_size=parts - 1, max_size=parts - 1)))
    edges = [0, *cuts, units]
    points = [(b - a) * step for a, b in zip(edges, edges[1:], strict=False)]
    if step == 1 and total > 25:
        # docs/rules.md §1: under classic no card is worth 1 point, so no side holds 1 (nor
        # the total minus 1): give that point to the side with the most.
        while 1 in points:
            points[points.index(1)] = 0
            points[points.index(max(points))] += 1
    return points


def meld_entry(draw: st.DrawFn, divisor: int) -> int | list[str]:
    """A meld as a table may type it: a number, or the list the calculator finds in real cards."""
    if draw(st.booleans()):
        return draw(st.integers(0, 1000 // divisor))
    cards = draw(st.lists(st.sampled_from(DECK), max_size=16, unique=True))
    report = calculate_meld(cards, draw(st.sampled_from(SUITS)))
    return [m.id for m in report.melds for _ in range(m.count)]


def next_sides(match: Setup, state: MatchState) -> list[str]:
    return list(dict.fromkeys(match.side_of(p) for p in state.active))


def plain_hand(draw: st.DrawFn, match: Setup, sides: list[str]) -> dict[str, Any]:
    counting = counting_of(match.options)
    tricks = split(draw, counting.total, len(sides), counting.step)
    entry: dict[str, Any] = {
        "meld": {side: meld_entry(draw, counting.divisor) for side in sides},
        "tricks": dict(zip(sides, tricks, strict=True)),
    }
    if match.teams and match.options.get("saving_trick") == "player":
        # docs/rules.md §1 `saving_trick: player`: meld and took_trick per player, tricks per
        # side; took_trick names every player with meld, and a side with trick points took one.
        players = [p for team in match.teams for p in team.players]
        entry["meld"] = {p: meld_entry(draw, counting.divisor) for p in players}
        took: dict[str, bool] = {}
        for team in match.teams:
            for p in team.players:
                took[p] = draw(st.booleans())
            if entry["tricks"][team.name] and not any(took[p] for p in team.players):
                took[team.players[0]] = True
        entry["took_trick"] = took
    elif draw(st.booleans()):
        entry["took_trick"] = {side: True for side in sides if draw(st.booleans())}
    if match.options.get("declare_out") and draw(st.integers(0, 9)) == 0:
        entry["declared_out"] = draw(st.sampled_from(sides))
    return entry


def auction_hand(draw: st.DrawFn, match: Setup) -> dict[str, Any]:
    if draw(st.integers(0, 5)) == 0:
        return {"outcome": "all_pass"}
    sides = list(match.sides)
    counting = counting_of(match.options)
    entry: dict[str, Any] = {
        "bidder": draw(st.sampled_from(match.players)),
        "bid": 10 * draw(st.integers(25, 60)),
        "trump": draw(st.sampled_from(SUITS)),
        "meld": {side: meld_entry(draw, 1) for side in sides},
    }
    if draw(st.integers(0, 4)) == 0:
        entry["conceded"] = True
    else:
        entry["tricks"] = dict(
            zip(sides, split(draw, counting.total, 2, counting.step), strict=True)
        )
    return entry


@st.composite
def matches(draw: st.DrawFn) -> tuple[Setup, list[dict[str, Any]], MatchState]:
    variant_id = draw(st.sampled_from(sorted(PLAYERS)))
    variant = find_variant(variant_id)
    rules: dict[str, Any] = {}
    if variant_id == "partnership-auction":
        rules["counting"] = draw(st.sampled_from(["classic", "counters"]))
    else:
        rules["counting"] = draw(st.sampled_from(["classic", "counters", "simple"]))
        rules["tie_rule"] = draw(st.sampled_from(["raise", "higher"]))
    # docs/rules.md §1, §5 (revision 2): no last-trick bonus, and play passing to the right.
    if draw(st.booleans()):
        rules["last_trick"] = 0
    rules["direction"] = draw(st.sampled_from(["left", "right"]))
    if variant_id == "pinochle-3":
        rules["play_on"] = draw(st.booleans())
    if variant_id == "pinochle-4":
        rules["partnerships"] = draw(st.booleans())
        if rules["partnerships"]:
            rules["saving_trick"] = draw(st.sampled_from(["side", "player"]))
    match = variant.setup(PLAYERS[variant_id], rules=rules)
    hands: list[dict[str, Any]] = []
    state = variant.play(match, hands)
    for _ in range(draw(st.integers(0, 12))):
        if state.status == FINISHED:
            break
        if variant_id == "partnership-auction":
            entry = auction_hand(draw, match)
        else:
            entry = plain_hand(draw, match, next_sides(match, state))
        hands.append(entry)
        state = variant.play(match, hands)
    return match, hands, state


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(matches())
def test_totals_are_the_sums_of_the_hands(game: tuple[Setup, list[Any], MatchState]) -> None:
    match, hands, state = game
    assert len(state.hands) == len(hands)
    sums = dict.fromkeys(match.sides, 0)
    for result in state.hands:
        assert result.scores is not None
        for side, points in result.scores.items():
            assert type(points) is int
            sums[side] += points
    assert dict(state.totals) == sums
    assert sorted(state.standings) == sorted(match.sides)
    if state.winner is not None:
        assert state.standings[0] == state.winner
    assert state.dealer in match.players
    assert state.leader in match.players
    assert state.leader != state.dealer


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(matches())
def test_a_finished_match_takes_no_more_hands(game: tuple[Setup, list[Any], MatchState]) -> None:
    match, hands, state = game
    if state.status != FINISHED:
        return
    with pytest.raises(MatchOverError) as over:
        find_variant(match.variant).play(match, [*hands, {"outcome": "all_pass"}])
    assert over.value.hand == len(hands) + 1


junk = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**6), 10**6)
    | st.floats()
    | st.sampled_from(["Ana", "Ben", "Team 1", "run", "dix", "all_pass", "spades", ""]),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(
            st.sampled_from(
                [
                    "meld",
                    "tricks",
                    "took_trick",
                    "declared_out",
                    "bidder",
                    "bid",
                    "trump",
                    "conceded",
                    "outcome",
                    "Ana",
                    "Ben",
                    "Cruz",
                    "Team 1",
                    "Team 2",
                    "x",
                ]
            ),
            inner,
            max_size=6,
        )
    ),
    max_leaves=16,
)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(sorted(PLAYERS)), st.lists(junk, min_size=1, max_size=3))
def test_junk_is_refused_with_rule_errors_only(variant_id: str, hands: list[Any]) -> None:
    variant = find_variant(variant_id)
    match = variant.setup(PLAYERS[variant_id])
    try:
        state = variant.play(match, hands)
    except (RuleError, MatchOverError):
        return
    assert all(type(p) is int for h in state.hands for p in (h.scores or {}).values())


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(sorted(PLAYERS)), junk)
def test_junk_options_are_refused_with_rule_errors_only(variant_id: str, rules: Any) -> None:
    try:
        options = find_variant(variant_id).resolve_options(rules)
    except RuleError:
        return
    # Resolved options are stored as JSON: plain values only.
    for value in options.values():
        assert value is None or isinstance(value, str | int | bool | dict | list)
