"""The API's ``sitting_out`` (docs/api.md): the players dealt out of the next hand, in seating
order; ``[]`` where everybody plays and once the match is finished."""

from __future__ import annotations

import pytest

from tests.helpers import MatchClient

FIVE = ["Ana", "Ben", "Cruz", "Dee", "Eve"]
SIX = [*FIVE, "Fay"]
ALL_PASS = {"outcome": "all_pass"}


@pytest.mark.parametrize(
    ("players", "rules", "first", "after_one"),
    [
        # docs/rules.md §2 "Who sits out": always three dealt in. 3 players: nobody out.
        (FIVE[:3], {}, [], []),
        # 4: the dealer (seed 000: «un jugador reparte en cada juego, pero no participa»).
        (FIVE[:4], {}, ["Ana"], ["Ben"]),
        # 5: the dealer and the second player on his left (Bicycle).
        (FIVE, {}, ["Ana", "Cruz"], ["Ben", "Dee"]),
        # 6: the dealer and the second and fourth on his left.
        (SIX, {}, ["Ana", "Cruz", "Eve"], ["Ben", "Dee", "Fay"]),
        # docs/rules.md §5, `direction: right`: "on his left" reads "on his right"; the deal
        # passes to Eve; still listed in seating order.
        (FIVE, {"direction": "right"}, ["Ana", "Dee"], ["Cruz", "Eve"]),
    ],
)
def test_auction_lists_who_is_dealt_out(
    table: MatchClient,
    players: list[str],
    rules: dict[str, str],
    first: list[str],
    after_one: list[str],
) -> None:
    match = table.create({"variant": "auction", "players": players, "rules": rules})
    assert match["sitting_out"] == first
    assert [p for p in players if p not in match["active"]] == first
    assert table.add_ok(ALL_PASS)["sitting_out"] == after_one


def test_a_finished_night_has_nobody_sitting_out(table: MatchClient) -> None:
    table.create({"variant": "auction", "players": FIVE[:4]})
    table.add_ok(ALL_PASS)
    response = table.finish()
    assert response.status_code == 200
    assert response.get_json()["sitting_out"] == []


def test_three_handed_play_on_leaves_the_winner_out(table: MatchClient) -> None:
    table.create({"variant": "pinochle-3", "players": FIVE[:3]})
    # Ana: meld 900 + 100 = 1000, the target (docs/rules.md §2 pinochle-3): she wins, the
    # other two play on (seed 004: «продолжать игру для двоих»).
    match = table.add_ok(
        {"meld": {"Ana": 900, "Ben": 0, "Cruz": 0}, "tricks": {"Ana": 100, "Ben": 80, "Cruz": 70}}
    )
    assert (match["winner"], match["status"]) == ("Ana", "in_progress")
    assert match["sitting_out"] == ["Ana"]
    # Ben 1000 - 80 = 920 more points: second place decided, the match is over.
    match = table.add_ok({"meld": {"Ben": 770, "Cruz": 0}, "tricks": {"Ben": 150, "Cruz": 100}})
    assert match["status"] == "finished"
    assert match["sitting_out"] == []


@pytest.mark.parametrize(
    ("variant", "players"),
    [
        ("pinochle-2", FIVE[:2]),
        ("pinochle-4", FIVE[:4]),
        ("partnership-auction", FIVE[:4]),
        ("pinnacola", FIVE[:4]),
    ],
)
def test_where_everybody_plays_nobody_sits_out(
    table: MatchClient, variant: str, players: list[str]
) -> None:
    assert table.create({"variant": variant, "players": players})["sitting_out"] == []
