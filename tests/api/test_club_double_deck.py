"""A double-deck club night (issue 39 point 2): the form seats four in two partnerships, its
partners rotate as any four-handed partnership night's (docs/club.md §4.1), its hands are
double-deck's (docs/rules.md §2 ``double-deck``: counters, 50 a hand) and the highest bid made
is its award, as the bidding forms' is (docs/club.md §10.1)."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from tests.api.club_helpers import Night, hand, seated


def test_a_double_deck_night_plays_a_round_of_rotating_partners(client: FlaskClient) -> None:
    night = Night(
        client,
        8,
        variant="double-deck",
        rotation={"rounds": 1},
        round={"hands": 1, "tie": "draw"},
        awards=["highest_bid_made", "low_total"],
    )
    started = night.start(1)["round"]
    assert [len(seated(table)) for table in started["tables"]] == [4, 4]
    for table in started["tables"]:
        # Team 1 bids 55 (one of Andrews' steps) at table 1, 65 at table 2, 32 meld and 30
        # counters: 62, made at table 1, set at table 2; Team 2's 18 meld is under the
        # glossary's 20, its 20 counters score.
        bid = 55 if table["table"] == 1 else 65
        entry: dict[str, Any] = {
            "bidder": f"P{seated(table)[0]}",
            "bid": bid,
            "trump": "hearts",
            "meld": {"Team 1": 32, "Team 2": 18},
            "tricks": {"Team 1": 30, "Team 2": 20},
        }
        answer = hand(client, table["match"], night.key(table["table"]), entry=entry)
        assert answer.status_code == 201, answer.get_json()
    night.close(1)
    standings = night.standings()
    points = {row["player"]: row["points"] for row in standings["rows"]}
    seats = {t["table"]: seated(t) for t in started["tables"]}
    one, two = seats[1], seats[2]
    assert {points[one[0]], points[one[2]]} == {"62"}
    assert {points[one[1]], points[one[3]]} == {"20"}
    assert {points[two[0]], points[two[2]]} == {"-65"}
    assert {points[two[1]], points[two[3]]} == {"20"}
    awards = {award["award"]: award for award in standings["awards"]}
    # The highest bid made is 55: table 2's 65 was set.
    assert awards["highest_bid_made"]["value"] == "55"
