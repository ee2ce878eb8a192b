"""What a group asks next (issue 26, item 8; docs/groups.md "Seasons" and "Paid up"): the
records, money and ratings of one season (``?season=<year>``, the calendar year of the night),
and a night marked paid up, from which the settle-up counts, taken back again.

The nights are :data:`tests.api.test_groups.NIGHTS` (each worked out by hand there), played a
week apart across the turn of the year: the first in 2025, the other two in 2026."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from tests.api.test_groups import NIGHTS, Group, auction_nights, play, played_on
from tests.helpers import API, errors_of

#: The first night on 30 December 2025, the next two in January 2026.
STARTS = [
    datetime(2025, 12, 30, 19, 30, tzinfo=UTC),
    datetime(2026, 1, 6, 19, 30, tzinfo=UTC),
    datetime(2026, 1, 13, 19, 30, tzinfo=UTC),
]


def across_the_year(app: Flask, client: FlaskClient) -> tuple[Group, list[str]]:
    """A group that played :data:`NIGHTS` on :data:`STARTS`; its night labels."""
    group, labels = auction_nights(app, client, STARTS)
    assert [label[:4] for label in labels] == ["2025", "2026", "2026"]
    return group, labels


def read(group: Group, what: str, **query: Any) -> dict[str, Any]:
    response = group.client.get(f"{API}/groups/{group.read_id}/{what}", query_string=query)
    assert response.status_code == 200, response.get_json()
    found: dict[str, Any] = response.get_json()
    return found


def transfers(found: dict[str, Any]) -> list[tuple[str, str, int, str]]:
    return [(t["from"], t["to"], t["units"], t["amount"]) for t in found["transfers"]]


#: Nights 2 and 3 settled together: Ana -11 + 3 = -8, Ben 23, Cruz -12 + 2 = -10, Dee -5.
LAST_TWO = [("Cruz", "Ben", 10, "0.50"), ("Ana", "Ben", 8, "0.40"), ("Dee", "Ben", 5, "0.25")]


def test_a_season_is_the_nights_of_one_calendar_year(app: Flask, client: FlaskClient) -> None:
    group, labels = across_the_year(app, client)
    # 2025: the first night alone, Ana 17, Ben -14, Cruz -3.
    found = read(group, "ledger", season="2025")
    assert found["season"] == 2025
    assert [night["night"] for night in found["nights"]] == labels[:1]
    assert {p["name"]: (p["units"], p["money"]) for p in found["totals"]} == {
        "Ana": (17, "0.85"),
        "Ben": (-14, "-0.70"),
        "Cruz": (-3, "-0.15"),
    }
    assert transfers(found) == [("Ben", "Ana", 14, "0.70"), ("Cruz", "Ana", 3, "0.15")]
    # 2026: the other two, their running totals from nothing.
    found = read(group, "ledger", season="2026")
    assert found["settled"] == labels[1:]
    assert {p["name"]: p["units"] for p in found["nights"][0]["running"]} == {
        "Ana": -11,
        "Ben": 23,
        "Cruz": -12,
    }
    assert transfers(found) == LAST_TWO
    # Every season, as before: the three nights.
    found = read(group, "ledger")
    assert found["season"] is None
    assert found["settled"] == labels
    # A night of another season is not one to settle in this one.
    response = client.get(
        f"{API}/groups/{group.read_id}/ledger", query_string={"season": "2026", "night": labels[0]}
    )
    assert response.status_code == 422
    assert "night" in errors_of(response)

    # The records count the season's matches only: in 2025 one match of three players...
    found = read(group, "records", season="2025")
    assert (found["season"], found["matches"]) == (2025, 1)
    played = {p["names"][0]: p["standing"]["played"] for p in found["players"]}
    assert played == {"Ana": 1, "Ben": 1, "Cruz": 1}
    # ... in 2026 two, Dee's first.
    found = read(group, "records", season="2026")
    played = {p["names"][0]: p["standing"]["played"] for p in found["players"]}
    assert played == {"Ana": 2, "Ben": 1, "Cruz": 2, "Dee": 1}
    assert read(group, "records")["matches"] == 3
    # The ratings start the season afresh: each player rated after the season's matches only.
    found = read(group, "ratings", season="2025")
    assert found["season"] == 2025
    assert {p["name"]: len(p["history"]) for p in found["families"]["pinochle"]} == {
        "Ana": 1,
        "Ben": 1,
        "Cruz": 1,
    }
    found = read(group, "ratings", season="2026")
    assert {p["name"]: len(p["history"]) for p in found["families"]["pinochle"]} == {
        "Ana": 2,
        "Ben": 1,
        "Cruz": 2,
        "Dee": 1,
    }
    # A season nobody played is empty; a season that is no year is refused by name.
    assert read(group, "ledger", season="2024")["nights"] == []
    assert read(group, "records", season="2024")["matches"] == 0
    for what in ("ledger", "records", "ratings"):
        for season in ("26", "this", "２０２６", ""):
            response = client.get(f"{API}/groups/{group.read_id}/{what}?season={season}")
            assert response.status_code == 422, (what, season)
            assert "season" in errors_of(response)


def test_the_settle_up_counts_from_the_last_night_paid_up(app: Flask, client: FlaskClient) -> None:
    group, labels = across_the_year(app, client)
    assert read(group, "ledger")["paid_through"] is None
    # Paid up on the first night: the settle-up counts the other two.
    answer = group.write("PUT", f"/paid/{labels[0]}", None)
    assert answer.status_code == 200, answer.get_json()
    assert answer.get_json() == {"paid": labels[:1], "paid_through": labels[0]}
    found = read(group, "ledger")
    assert (found["paid"], found["paid_through"]) == (labels[:1], labels[0])
    assert found["settled"] == labels[1:]
    assert transfers(found) == LAST_TWO
    # The totals of every night stay what they are: only the settle-up moves.
    assert {p["name"]: p["units"] for p in found["totals"]} == {
        "Ana": 9,
        "Ben": 9,
        "Cruz": -13,
        "Dee": -5,
    }
    # Marking it again changes nothing.
    assert group.write("PUT", f"/paid/{labels[0]}", None).get_json()["paid"] == labels[:1]
    # Paid up on the second night too: the third alone, Ana 3, Cruz 2, Dee -5.
    assert group.write("PUT", f"/paid/{labels[1]}", None).get_json()["paid_through"] == labels[1]
    found = read(group, "ledger")
    assert found["settled"] == labels[2:]
    assert transfers(found) == [("Dee", "Ana", 3, "0.15"), ("Dee", "Cruz", 2, "0.10")]
    # Ticking nights still settles those nights.
    found = read(group, "ledger", night=labels)
    assert found["settled"] == labels
    # Taken back: the mark before it counts again, then none.
    answer = group.write("DELETE", f"/paid/{labels[1]}", None)
    assert answer.status_code == 200
    assert answer.get_json() == {"paid": labels[:1], "paid_through": labels[0]}
    assert transfers(read(group, "ledger")) == LAST_TWO
    assert group.write("DELETE", f"/paid/{labels[0]}", None).get_json()["paid_through"] is None
    assert read(group, "ledger")["settled"] == labels
    # A paid-up mark before a season's nights leaves the whole season to settle.
    group.write("PUT", f"/paid/{labels[0]}", None)
    assert read(group, "ledger", season="2026")["settled"] == labels[1:]


def test_marking_a_night_paid_needs_the_token_and_a_night_played(
    app: Flask, client: FlaskClient
) -> None:
    group, labels = across_the_year(app, client)
    url = f"{API}/groups/{group.id}/paid/{labels[0]}"
    assert client.put(url).status_code == 401
    assert client.put(url, headers={"Authorization": "Bearer nope"}).status_code == 401
    assert client.delete(url, headers={"Authorization": "Bearer nope"}).status_code == 401
    for night, message in (
        ("2026-01-07", "the group played no match on 2026-01-07"),
        ("2026-13-01", "a night is a date such as 2026-11-30"),
    ):
        response = group.write("PUT", f"/paid/{night}", None)
        assert response.status_code == 422, night
        assert errors_of(response)["night"] == [message]
    # Taking back a night not marked is refused, naming it.
    response = group.write("DELETE", f"/paid/{labels[0]}", None)
    assert response.status_code == 422
    assert errors_of(response)["night"] == [f"{labels[0]} is not marked paid up"]
    assert read(group, "ledger")["paid_through"] is None
    # Readers never write: the read-only id is no group to write to.
    response = client.put(f"{API}/groups/{group.read_id}/paid/{labels[0]}", headers=group.auth)
    assert response.status_code in (401, 404)
    assert read(group, "ledger")["paid"] == []


def test_a_game_past_midnight_on_new_years_eve_counts_for_the_old_season(
    app: Flask, client: FlaskClient
) -> None:
    group = Group(client)
    players, hands, _units = NIGHTS[0]
    match = group.start({"variant": "auction", "players": players, "rules": {"unit_value": "0.05"}})
    play(client, match, hands, finish=True)
    # Started at 2 a.m. local time on 1 January 2026: the night of 31 December 2025.
    played_on(app, match["id"], datetime(2026, 1, 1, 2, 0).astimezone())
    assert [night["night"] for night in read(group, "ledger", season="2025")["nights"]] == [
        "2025-12-31"
    ]
    assert read(group, "ledger", season="2026")["nights"] == []
    assert read(group, "records", season="2025")["matches"] == 1
