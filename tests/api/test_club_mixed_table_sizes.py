"""An auction night whose tables are not all the same size starts (issue 40 point 1; docs/club.md
§4.1 and §4.3: auction seats 3 to 6 a table, the preferred size 4, the rest at tables of 3), and
an empty seat left by a leaver is still refused (§6)."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from tests.api.club_helpers import Night, seated

AUCTION = {"variant": "auction", "rules": {"scoring": "units"}, "round": {"hands": 3}}


@pytest.mark.parametrize(
    ("count", "sizes"), [(7, [3, 4]), (10, [3, 3, 4]), (13, [4, 4, 5]), (14, [3, 3, 4, 4])]
)
def test_an_auction_night_of_tables_of_three_and_four_starts(
    client: FlaskClient, count: int, sizes: list[int]
) -> None:
    night = Night(client, count, **AUCTION)
    started = night.start(1)
    tables = started["round"]["tables"]
    assert sorted(len(seated(table)) for table in tables) == sizes
    assert sorted(p for table in tables for p in seated(table)) == list(range(1, count + 1))
    assert all(table["match"] for table in tables)  # each table has its match


@pytest.mark.parametrize(
    ("given", "seating", "leaver", "empty"),
    [
        # pinochle-4 (tables of four): the last seat's player left.
        ({}, [[1, 2, 3, 4], [5, 6, 7, 8]], 8, "table 2 seat 4"),
        # auction: a table of three beside a table of four, a middle seat's player left.
        (AUCTION, [[1, 2, 3], [4, 5, 6, 7]], 5, "table 2 seat 2"),
    ],
)
def test_a_seat_its_player_left_is_still_refused(
    client: FlaskClient,
    given: dict[str, object],
    seating: list[list[int]],
    leaver: int,
    empty: str,
) -> None:
    count = sum(len(table) for table in seating)
    night = Night(client, count, **given)
    night.ok("PUT", "/rounds/1", {"tables": seating, "sitting_out": []})
    night.ok("PATCH", f"/players/{leaver}", {"leaves_after_round": 0})
    refused = night.write("POST", "/rounds/1/start")
    assert refused.status_code == 409, refused.get_json()
    assert f"{empty} is empty" in str(refused.get_json())
