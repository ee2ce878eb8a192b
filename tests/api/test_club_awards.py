"""The awards and the purse of a club night through the API (docs/club.md §10; CLUB.md §19
cases 27 and 28 on case 21's night), and their settings' refusals (§10.2)."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from tests.api.club_helpers import STANDINGS_ROUNDS, Night, body, hand, seated
from tests.helpers import API, errors_of

AWARDS = ["high_game", "high_table", "high_average", "low_total"]


def awards_night(client: FlaskClient, **given: Any) -> Night:
    """§19's standings night (case 21: Wh(8) rounds 1-3, one hand a game, ``tie: "draw"``)
    with ``given`` (awards, purse, standings) at creation."""
    night = Night(client, 8, rotation={"rounds": 3}, round={"hands": 1, "tie": "draw"}, **given)
    for number, results in enumerate(STANDINGS_ROUNDS, start=1):
        night.play_round(number, results)
    return night


def by_name(answer: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {award["award"]: award for award in answer["awards"]}


def test_case_27_awards(client: FlaskClient) -> None:
    """CLUB.md §19 case 27: ``high_game`` 820 by P2 and P6 (round 3); ``high_table`` 1150,
    twice (round 1 at 1&6 v 4&7, round 3 at 4&5 v 7&8); ``high_average`` P6 690;
    ``low_total`` P3 1270."""
    night = awards_night(client, awards=AWARDS)
    assert night.get()["awards"] == AWARDS
    found = by_name(night.standings())
    assert list(found) == AWARDS
    game = found["high_game"]
    assert game["value"] == "820"
    assert [(sorted(h["players"]), h["round"]) for h in game["holders"]] == [([2, 6], 3)]
    table = found["high_table"]
    assert table["value"] == "1150"
    rounds = night.get()["rounds"]
    seated = {(h["round"], frozenset(h["players"])): h["table"] for h in table["holders"]}
    assert {r for r, _ in seated} == {1, 3}
    for (number, players), table_no in seated.items():
        at = next(t for t in rounds[number - 1]["tables"] if t["table"] == table_no)
        assert {s["player"] for s in at["seats"]} == ({1, 6, 4, 7} if number == 1 else {4, 5, 7, 8})
        assert set(players) <= {1, 4, 5, 6, 7, 8}
    assert found["high_average"]["value"] == "690"
    assert [h["players"] for h in found["high_average"]["holders"]] == [[6]]
    assert found["low_total"]["value"] == "1270"
    assert [h["players"] for h in found["low_total"]["holders"]] == [[3]]
    # As they stood after round 1: round 1's best game is 640 (1&6).
    early = by_name(night.standings("?after_round=1"))
    assert early["high_game"]["value"] == "640"


PURSE = {
    "entry": "5.00",
    "house": "0.50",
    "places": ["50", "30", "20"],
    "awards": {"high_game": "4.00"},
}


def payouts(answer: dict[str, Any]) -> dict[int, str]:
    return {p["player"]: p["amount"] for p in answer["purse"]["payouts"]}


def test_case_28_purse(client: FlaskClient) -> None:
    """CLUB.md §19 case 28: pot 36.00; P2 and P6 2.00 each for high game; of 32.00 left, P6
    16.00, P2 9.60, P7 6.40; left over 0.00."""
    night = awards_night(client, awards=["high_game"], purse=PURSE)
    assert night.get()["purse"] == PURSE
    purse = night.standings()["purse"]
    assert purse["pot"] == "36.00"
    assert purse["awards"][0]["paid"] == [
        {"player": 2, "amount": "2.00"},
        {"player": 6, "amount": "2.00"},
    ]
    assert purse["left_over"] == "0.00"
    assert payouts(night.standings()) == {6: "18.00", 2: "11.60", 7: "6.40"}


def test_case_28_shared_places(client: FlaskClient) -> None:
    """CLUB.md §19 case 28 with ``places ["40", "25", "15", "12", "8"]`` and ``tie_breaks:
    []``: P6 12.80, P2 8.00, P7 4.80, P8 and P4 (4=) 3.20 each (the places; P2 and P6 add
    their 2.00 of high game)."""
    purse = PURSE | {"places": ["40", "25", "15", "12", "8"]}
    night = awards_night(client, awards=["high_game"], purse=purse, standings={"tie_breaks": []})
    places = {tuple(p["players"]): p["each"] for p in night.standings()["purse"]["places"]}
    assert places == {(6,): "12.80", (2,): "8.00", (7,): "4.80", (4, 8): "3.20"}


def test_purse_refusals_and_patch(client: FlaskClient) -> None:
    """docs/club.md §10.2's refusals at creation and ``PATCH``; a ``PATCH`` stores them."""
    for purse, path in (
        ({"entry": "5", "house": "6"}, "purse.house"),
        ({"entry": "5", "places": ["60", "50"]}, "purse.places"),
        ({"entry": "5", "awards": {"low_total": "1"}}, "purse.awards.low_total"),
        ({"entry": "1", "awards": {"high_game": "9"}}, "purse.awards"),
    ):
        refused = client.post(f"{API}/club-nights", json=body(8, awards=["high_game"], purse=purse))
        assert refused.status_code == 422, purse
        assert path in errors_of(refused), errors_of(refused)
    night = Night(client, 8, rotation={"rounds": 3})
    assert night.write("PATCH", "", {"awards": ["pinnacolas"]}).status_code == 422
    changed = night.ok("PATCH", "", {"awards": ["low_total"], "purse": {"entry": "2"}})
    assert (changed["awards"], changed["purse"]["entry"]) == (["low_total"], "2.00")
    # Dropping the award a purse amount rests on is refused while the purse names it.
    night.ok("PATCH", "", {"awards": ["high_game"], "purse": PURSE})
    assert night.write("PATCH", "", {"awards": ["low_total"]}).status_code == 422


def test_listed_meld_awards(client: FlaskClient) -> None:
    """docs/club.md §10.1: ``double_pinochles`` (most listed) and ``thousand_aces`` (every
    eight-aces meld, its holders with count, round and table) rest on the hands whose meld was
    entered as a list; a partnership's meld counts for both partners. One round of Wh(8): at
    each table Team 1 lists a double pinochle, and at table 1 Team 2 also lists eight aces."""
    night = Night(
        client,
        8,
        rotation={"rounds": 1},
        round={"hands": 1, "tie": "draw"},
        awards=["double_pinochles", "thousand_aces", "low_total"],
    )
    started = night.start(1)["round"]
    for table in started["tables"]:
        team_2: list[str] = ["double_aces"] if table["table"] == 1 else ["dix"]
        entry = {
            "meld": {"Team 1": ["double_pinochle"], "Team 2": team_2},
            "tricks": {"Team 1": 130, "Team 2": 120},
        }
        hand(client, table["match"], night.key(table["table"]), entry=entry)
    night.close(1)
    found = by_name(night.standings())
    seats = {t["table"]: seated(t) for t in started["tables"]}
    north_south = sorted(p for t in seats.values() for p in (t[0], t[2]))
    pinochles = found["double_pinochles"]
    assert pinochles["value"] == "1"
    assert sorted(p for h in pinochles["holders"] for p in h["players"]) == north_south
    assert pinochles["rests_on"] == {"count": 2, "of": "hands"}
    aces = found["thousand_aces"]
    assert aces["value"] == "1"
    east, west = seats[1][1], seats[1][3]
    assert aces["holders"] == [
        {"players": sorted([east, west]), "round": 1, "table": 1, "count": 1}
    ]


def test_family_awards_are_offered_by_form(client: FlaskClient) -> None:
    """docs/club.md §10.1 "forms": Pinnacolas are not a pinochle award, the highest bid made
    needs a form that bids (``partnership-auction`` takes it)."""
    refused = client.post(f"{API}/club-nights", json=body(8, awards=["highest_bid_made"]))
    assert "awards[0]" in errors_of(refused)
    bidding = client.post(
        f"{API}/club-nights",
        json=body(8, variant="partnership-auction", awards=["highest_bid_made"]),
    )
    assert bidding.status_code == 201, bidding.get_json()
