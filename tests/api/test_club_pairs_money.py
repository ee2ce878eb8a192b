"""A fixed-pairs Mitchell night's penalties and purse through the API (docs/club.md §9.5,
§10.2; issue 35, points 1 and 2): a penalty is given to a pair and moves exactly its value,
places follow the values shown; the pot counts the players who played, a pair's prize is split
between its partners, tied places pool and split, and nothing is paid beyond the pot."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.extensions import db
from scorekeeper.models import ClubAdjustment, ClubNight, ClubPlayer, utcnow
from tests.api.club_helpers import Night
from tests.api.test_club_pairs import pairs_body, play_pairs_round
from tests.helpers import errors_of

#: Mitchell round 1 of six pairs (table t: pair t N-S v pair t + 3 E-W): three pairs tied on
#: top at 130, three at 120.
TIED_ON_TOP = {1: 130, 2: 130, 3: 130, 4: 120, 5: 120, 6: 120}


def mitchell_night(client: FlaskClient, **given: Any) -> Night:
    """Six fixed pairs (pair p: players 2p - 1 and 2p) in a Mitchell, one hand a game."""
    return Night(
        client,
        players=None,
        pairs=pairs_body(6),
        rotation={"scheme": "fixed-pairs", "movement": "mitchell"},
        round={"hands": 1},
        **given,
    )


def shown(night: Night) -> list[tuple[str, int, str, str]]:
    """The pair rows as (place label, pair, value, adjustments)."""
    return [
        (f"{r['place']}{'=' if r['shared'] else ''}", r["pair"], r["value"], r["adjustments"])
        for r in night.standings()["rows"]
    ]


def test_a_pairs_penalty_moves_exactly_its_pair_and_places_follow(client: FlaskClient) -> None:
    night = mitchell_night(client)
    play_pairs_round(night, 1, TIED_ON_TOP)
    made = night.ok("POST", "/adjustments", {"pair": 1, "value": "-20", "note": "table talk"})
    assert made["adjustment"] == {
        "id": made["adjustment"]["id"],
        "player": None,
        "pair": 1,
        "round": None,
        "value": "-20",
        "note": "table talk",
    }
    assert shown(night) == [
        ("1=", 2, "130", "0"),
        ("1=", 3, "130", "0"),
        ("3=", 4, "120", "0"),
        ("3=", 5, "120", "0"),
        ("3=", 6, "120", "0"),
        ("6", 1, "110", "-20"),
    ]
    # A bonus for a round moves its pair the same way.
    night.ok("POST", "/adjustments", {"pair": 6, "round": 1, "value": "15"})
    assert shown(night)[:3] == [("1", 6, "135", "15"), ("2=", 2, "130", "0"), ("2=", 3, "130", "0")]


def test_a_pairs_night_takes_a_pair_not_one_player(client: FlaskClient) -> None:
    # Issue 35: a player's -20 was "added", the pair's value stayed 130 and places shifted.
    night = mitchell_night(client)
    play_pairs_round(night, 1, TIED_ON_TOP)
    refused = night.write("POST", "/adjustments", {"player": 1, "value": "-20"})
    assert refused.status_code == 422
    assert errors_of(refused) == {"player": ["on a night of fixed pairs, give the pair's number"]}
    refused = night.write("POST", "/adjustments", {"value": "-20"})
    assert refused.status_code == 422
    assert list(errors_of(refused)) == ["pair"]
    assert [value for _, _, value, _ in shown(night)] == ["130"] * 3 + ["120"] * 3


def test_an_adjustment_kept_for_one_partner_counts_for_the_pair(
    app: Flask, client: FlaskClient
) -> None:
    # One stored for a player of a pair (as the old host form made them) moves the pair.
    night = mitchell_night(client)
    play_pairs_round(night, 1, TIED_ON_TOP)
    with app.app_context():
        stored = db.session.scalar(db.select(ClubNight).filter_by(read_id=night.read_id))
        assert stored is not None
        player = db.session.scalar(
            db.select(ClubPlayer).filter_by(club_night_id=stored.id, number=2)
        )
        assert player is not None
        db.session.add(
            ClubAdjustment(
                club_night_id=stored.id,
                player_id=player.id,
                pair_id=None,
                round_no=None,
                value="-20",
                note="",
                created_at=utcnow(),
            )
        )
        db.session.commit()
    assert shown(night)[-1] == ("6", 1, "110", "-20")
    assert [place for place, _, _, _ in shown(night)] == ["1=", "1=", "3=", "3=", "3=", "6"]


def test_a_pairs_purse_counts_players_and_never_pays_beyond_the_pot(client: FlaskClient) -> None:
    # Issue 35: pot 27.00 for 6 "players", prizes to one partner, "Left over -5.40".
    night = mitchell_night(
        client, purse={"entry": "5.00", "house": "0.50", "places": ["50", "30", "20"]}
    )
    play_pairs_round(night, 1, TIED_ON_TOP)
    purse = night.standings()["purse"]
    assert (purse["players"], purse["pot"], purse["left_over"]) == (12, "54.00", "0.00")
    # Three pairs share places 1-3 (100 %): 54.00 over their six players.
    assert purse["places"] == [
        {
            "place": 1,
            "shared": True,
            "pairs": [1, 2, 3],
            "players": [1, 2, 3, 4, 5, 6],
            "each": "9.00",
        }
    ]
    assert purse["payouts"] == [{"player": p, "amount": "9.00"} for p in range(1, 7)]
    paid = sum((Decimal(p["amount"]) for p in purse["payouts"]), Decimal(0))
    assert paid + Decimal(purse["left_over"]) == Decimal(purse["pot"])


def test_a_pairs_prize_and_award_are_split_between_the_partners(client: FlaskClient) -> None:
    night = mitchell_night(
        client,
        awards=["low_total"],
        purse={
            "entry": "5.00",
            "house": "0.50",
            "places": ["50", "30", "20"],
            "awards": {"low_total": "6.00"},
        },
    )
    play_pairs_round(night, 1, {1: 200, 2: 130, 3: 130, 4: 120, 5: 120, 6: 120})
    found = night.standings()
    low = found["awards"][0]
    assert low["award"] == "low_total"
    # Pair 4 is last alone (its margin, -80, breaks the tie at 120): both its players hold it.
    assert [h["players"] for h in low["holders"]] == [[7, 8]]
    purse = found["purse"]
    assert purse["awards"][0]["paid"] == [
        {"player": 7, "amount": "3.00"},
        {"player": 8, "amount": "3.00"},
    ]
    # Of the 48.00 left: pair 1 alone takes 50 %, 12.00 for each partner; pairs 2 and 3
    # pool places 2 and 3 (30 + 20 %): 6.00 for each of their four players.
    assert [(p["place"], p["shared"], p["pairs"], p["each"]) for p in purse["places"]] == [
        (1, False, [1], "12.00"),
        (2, True, [2, 3], "6.00"),
    ]
    amounts = {p["player"]: p["amount"] for p in purse["payouts"]}
    assert amounts[1] == amounts[2] == "12.00"
    assert purse["left_over"] == "0.00"
