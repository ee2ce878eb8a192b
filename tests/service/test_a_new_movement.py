"""A new movement of fixed pairs is its class and nothing else (issue 36, point 5), as a new form
is (``tests/test_a_new_form.py``).

The movement lives in this module only: four pairs meeting in a fixed order of our own, a
:class:`~scorekeeper.rules.club.rotation.movements.PairsMovement` registered by a fixture and
taken out after. A night of it is made, played and closed through the service, its rounds
seated as the movement says; the API takes its name as ``rotation.movement`` while it is
registered, and refuses it again after.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, ClassVar

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import service
from scorekeeper.rules import RuleError
from scorekeeper.rules.club.rotation.movements import (
    PAIRS,
    PairsMovement,
    all_movements,
    find_movement,
    register,
    unregister,
)
from scorekeeper.rules.club.rotation.pairs import PairsRound, numbered
from scorekeeper.rules.games.club_form import FIXED_PAIRS
from tests.helpers import API

NAME = "fixed-order"
#: Our order for four pairs: each round's games (North-South pair, East-West pair).
ORDER: tuple[tuple[tuple[int, int], ...], ...] = (
    ((1, 4), (2, 3)),
    ((3, 1), (4, 2)),
    ((2, 1), (3, 4)),
)


class FixedOrder(PairsMovement):
    """Four pairs meet in the order of :data:`ORDER`, every two pairs once."""

    name: ClassVar[str] = NAME
    rank: ClassVar[int] = 90  # after the built-in movements of fixed pairs

    def length(self, count: int) -> int:
        """The order's rounds."""
        return len(ORDER)

    def ahead(self, pairs: int, rounds: int, avoid: str) -> tuple[PairsRound, ...]:
        """Every round, from the order (repeated beyond its length)."""
        return tuple(PairsRound(numbered(ORDER[r % len(ORDER)]), ()) for r in range(rounds))


@pytest.fixture
def new_movement() -> Iterator[None]:
    """The movement in the registry for one test, and out of it again after."""
    register(FixedOrder)
    yield
    unregister(NAME)
    assert NAME not in {movement.name for movement in all_movements()}
    assert find_movement(NAME) is None


def night_body(**rotation: Any) -> dict[str, Any]:
    """Four pairs (pair p: players P(2p − 1) and P(2p)) at ``pinochle-4``, one hand a game."""
    return {
        "name": "Club",
        "variant": "pinochle-4",
        "players": None,
        "pairs": [{"players": [f"P{2 * p - 1}", f"P{2 * p}"]} for p in range(1, 5)],
        "rotation": {"scheme": FIXED_PAIRS, "draw": "entry", **rotation},
        "round": {"hands": 1},
    }


def games(view: Any, number: int) -> list[tuple[int, int, int]]:
    """Round ``number``'s games as (table, North-South pair, East-West pair), each side one
    pair's two players (seats 1 + 3, 2 + 4)."""
    pair_of = view.pair_of()
    found = []
    for table in view.rounds[number - 1]["tables"]:
        by_seat: Mapping[int, int] = {s["seat"]: s["player"] for s in table["seats"]}
        north, east, south, west = (by_seat[s] for s in (1, 2, 3, 4))
        assert pair_of[north] == pair_of[south], table  # a pair's players are partners
        assert pair_of[east] == pair_of[west], table
        found.append((table["table"], pair_of[north], pair_of[east]))
    return found


def hand(view: Any, game: tuple[int, int, int]) -> dict[str, Any]:
    """A pinochle-4 hand of ``game``: its North-South pair (a team named as the pair is) takes
    130 trick points, the East-West pair 120, no meld."""
    name = {pair["number"]: pair["name"] for pair in view.pairs}
    ns, ew = name[game[1]], name[game[2]]
    return {"meld": {ns: 0, ew: 0}, "tricks": {ns: 130, ew: 120}}


def test_the_movement_is_registered_with_its_facts(new_movement: None) -> None:
    found = find_movement(NAME)
    assert isinstance(found, FixedOrder)
    assert (found.scheme, found.needs, found.as_the_night_goes) == (FIXED_PAIRS, PAIRS, False)
    assert [m.name for m in all_movements()].index(NAME) == 3  # after Danish (30)


def test_a_night_of_it_played_through_the_service(new_movement: None, app: Flask) -> None:
    with app.app_context():
        made = service.create_club_night(night_body(movement=NAME))
        pid, token = made.night.public_id, made.token
        view = service.night_view(service.night_by_id(pid))
        rotation = view.as_json()["rotation"]
        assert (rotation["movement"], rotation["rounds"]) == (NAME, 3)  # the movement's length
        assert rotation["design"] == NAME  # every round follows it
        for number, order in enumerate(ORDER, start=1):
            service.start_round(pid, token, number)
            view = service.night_view(service.night_by_id(pid))
            assert games(view, number) == list(numbered(order))
            tables = view.rounds[number - 1]["tables"]
            for table, game in zip(tables, games(view, number), strict=True):
                service.add_hand(table["match"], token, hand(view, game))
            service.close_round(pid, token, number)
        view = service.night_view(service.night_by_id(pid))
        assert [r["status"] for r in view.rounds] == ["closed"] * 3
        balance = view.as_json()["balance"]
        assert (balance["meet_repeats"], balance["never_met"]) == (0, 0)


def test_the_api_takes_its_name_while_it_is_registered(client: FlaskClient) -> None:
    sent = night_body(movement=NAME)
    preview = {key: value for key, value in sent.items() if key not in ("name", "players", "round")}
    refused = client.post(f"{API}/club-nights", json=sent)
    assert refused.status_code == 422
    assert "rotation.movement" in refused.get_json()["errors"]
    register(FixedOrder)
    try:
        taken = client.post(f"{API}/club-nights", json=sent)
        assert taken.status_code == 201, taken.get_json()
        assert client.post(f"{API}/schedules", json=preview).status_code == 200
    finally:
        unregister(NAME)
    with pytest.raises(RuleError) as refused_again:
        service.preview_schedule(preview)
    assert refused_again.value.path == "rotation.movement"
