"""One match of every variant played through the API from creation to its end.

The numbers follow docs/rules.md: the hands are chosen so that each step is easy to check by hand.
"""

from __future__ import annotations

from flask.testing import FlaskClient

from tests.helpers import EXAMPLE_MATCH, MatchClient, errors_of


def test_pinochle_2_to_the_target(table: MatchClient) -> None:
    table.create({"variant": "pinochle-2", "players": ["Ana", "Ben"]})
    hand = {"meld": {"Ana": 150, "Ben": ["marriage"]}, "tricks": {"Ana": 200, "Ben": 50}}
    dealers = []
    for _ in range(3):
        response = table.add(hand)
        assert response.status_code == 201, response.get_json()
        dealers.append(response.get_json()["hand"]["dealer"])
    match = table.get()
    assert dealers == ["Ana", "Ben", "Ana"]
    assert [h["scores"] for h in match["hands"]] == [{"Ana": 350, "Ben": 70}] * 3
    assert match["totals"] == {"Ana": 1050, "Ben": 210}
    assert (match["status"], match["winner"]) == ("finished", "Ana")
    assert match["standings"] == ["Ana", "Ben"]
    assert match["version"] == 4
    refused = table.add(hand)
    assert refused.status_code == 409
    assert "_" in errors_of(refused)


def test_pinochle_2_example_body_declaring_out_wrongly_loses(table: MatchClient) -> None:
    """docs/api.md's example: Ana declares out with 280 of 1000, so she loses (seed 004)."""
    table.create({"variant": "pinochle-2", "players": ["Ana", "Ben"]})
    response = table.add(
        {
            "meld": {"Ana": 150, "Ben": ["marriage", "dix"]},
            "tricks": {"Ana": 130, "Ben": 120},
            "took_trick": {"Ben": True},
            "declared_out": "Ana",
        }
    )
    assert response.status_code == 201, response.get_json()
    body = response.get_json()
    assert body["hand"]["number"] == 1
    assert body["hand"]["scores"] == {"Ana": 280, "Ben": 150}
    assert body["hand"]["input"]["declared_out"] == "Ana"
    assert (body["match"]["status"], body["match"]["winner"]) == ("finished", "Ben")


def test_pinochle_3_plays_on_for_second_place(table: MatchClient) -> None:
    table.create({"variant": "pinochle-3", "players": ["Ana", "Ben", "Cruz"]})
    three = {
        "meld": {"Ana": 150, "Ben": 0, "Cruz": 0},
        "tricks": {"Ana": 200, "Ben": 30, "Cruz": 20},
    }
    for _ in range(3):
        match = table.add_ok(three)
    assert match["totals"] == {"Ana": 1050, "Ben": 90, "Cruz": 60}
    # The winner is known, the other two play on (docs/api.md).
    assert (match["status"], match["winner"]) == ("in_progress", "Ana")
    # Hands now name only the two still playing.
    refused = table.add(three)
    assert refused.status_code == 422
    assert any(path.startswith(("meld", "tricks")) for path in errors_of(refused))
    two = {"meld": {"Ben": 300, "Cruz": 0}, "tricks": {"Ben": 200, "Cruz": 50}}
    match = table.add_ok(two)
    assert match["status"] == "in_progress"
    match = table.add_ok(two)
    assert match["totals"] == {"Ana": 1050, "Ben": 1090, "Cruz": 160}
    assert (match["status"], match["winner"]) == ("finished", "Ana")
    assert match["standings"] == ["Ana", "Ben", "Cruz"]
    assert table.add(two).status_code == 409


def test_pinochle_4_the_example_match(table: MatchClient) -> None:
    table.create(EXAMPLE_MATCH)
    hand = {"meld": {"Us": 300, "Them": 40}, "tricks": {"Us": 200, "Them": 50}}
    for number in (1, 2):
        match = table.add_ok(hand)
        assert match["status"] == "in_progress"
        assert len(match["hands"]) == number
    assert match["totals"] == {"Us": 1000, "Them": 180}  # under the 1500 of this table
    assert (match["dealer"], match["leader"]) == ("Cruz", "Dee")
    match = table.add_ok(hand)
    assert match["totals"] == {"Us": 1500, "Them": 270}
    assert (match["status"], match["winner"]) == ("finished", "Us")
    assert [h["dealer"] for h in match["hands"]] == ["Ana", "Ben", "Cruz"]
    assert all(h["payments"] is None for h in match["hands"])


def test_pinochle_4_meld_needs_a_trick(table: MatchClient) -> None:
    table.create(EXAMPLE_MATCH)
    match = table.add_ok(
        {
            "meld": {"Us": 150, "Them": 40},
            "tricks": {"Us": 250, "Them": 0},
            "took_trick": {"Them": False},
        }
    )
    assert match["totals"] == {"Us": 400, "Them": 0}


def test_auction_in_units_finish_and_settle(client: FlaskClient, table: MatchClient) -> None:
    table.create(
        {
            "variant": "auction",
            "players": ["Ana", "Ben", "Cruz"],
            "rules": {"unit_value": "0.05"},
        }
    )
    hands = [
        # docs/rules.md §2, revision 2: doubling pays 1 unit at 300-340, 2 at 350-390, 4 at 400-440.
        # Made 350 in spades: 2 units x 2 from each; bid >= 350 takes the kitty bonus of 10.
        ({"bidder": "Ana", "bid": 350, "trump": "spades", "outcome": "made"},
         {"Ana": 18, "Ben": -4, "Cruz": -4, "kitty": -10}),
        # 200 meld + 160 tricks >= 300: made, 1 unit from each.
        ({"bidder": "Ben", "bid": 300, "trump": "hearts", "meld": 200, "tricks": 160},
         {"Ana": -1, "Ben": 2, "Cruz": -1, "kitty": 0}),
        # Set at 400 (4 units): double to each player, and the kitty as much as one player.
        ({"bidder": "Cruz", "bid": 400, "trump": "clubs", "outcome": "set"},
         {"Ana": 8, "Ben": 8, "Cruz": -24, "kitty": 8}),
        ({"outcome": "all_pass"}, {"Ana": 0, "Ben": 0, "Cruz": 0, "kitty": 0}),
    ]  # fmt: skip
    for entry, payments in hands:
        response = table.add(entry)
        assert response.status_code == 201, response.get_json()
        assert response.get_json()["hand"]["payments"] == payments
        assert response.get_json()["hand"]["scores"] is None
    match = table.get()
    assert match["totals"] == {"Ana": 25, "Ben": 6, "Cruz": -29}
    assert match["kitty"] == -2
    assert (match["status"], match["winner"]) == ("in_progress", None)

    finished = table.finish()
    assert finished.status_code == 200, finished.get_json()
    match = finished.get_json()
    assert (match["status"], match["winner"]) == ("finished", "Ana")
    assert match["version"] == 6
    assert table.finish().status_code == 409
    assert table.add({"outcome": "all_pass"}).status_code == 409

    response = client.get(table.url("/settlement"))
    assert response.status_code == 200
    settlement = response.get_json()
    # the kitty's -2 shared as 0, -1, -1 (the larger share, 0, to Ana first in seating order)
    assert settlement["kitty"] == -2
    assert settlement["balances"] == {"Ana": 25, "Ben": 5, "Cruz": -30}
    assert sorted(settlement["transfers"], key=lambda t: t["to"]) == [
        {"from": "Cruz", "to": "Ana", "units": 25, "amount": "1.25"},
        {"from": "Cruz", "to": "Ben", "units": 5, "amount": "0.25"},
    ]

    # Undoing the last hand reopens the match.
    reopened = table.delete(4)
    assert reopened.status_code == 200
    assert reopened.get_json()["match"]["status"] == "in_progress"
    assert reopened.get_json()["match"]["winner"] is None


def test_auction_dealer_sits_out_with_four(table: MatchClient) -> None:
    table.create({"variant": "auction", "players": ["Ana", "Ben", "Cruz", "Dee"]})
    match = table.get()
    assert match["dealer"] == "Ana"
    assert match["leader"] == "Ben"
    refused = table.add({"bidder": "Ana", "bid": 300, "trump": "hearts", "outcome": "made"})
    assert refused.status_code == 422
    assert "bidder" in errors_of(refused)
    response = table.add({"bidder": "Ben", "bid": 300, "trump": "hearts", "outcome": "made"})
    assert response.status_code == 201
    # The dealer is paid out too: he shares in the settlement (docs/rules.md §2, revision 2:
    # doubling pays 1 unit at 300-340).
    assert response.get_json()["hand"]["payments"]["Ana"] == -1


def test_settlement_of_another_match_is_409(client: FlaskClient, table: MatchClient) -> None:
    table.create(EXAMPLE_MATCH)
    response = client.get(table.url("/settlement"))
    assert response.status_code == 409
    assert "_" in errors_of(response)
    table.create({"variant": "auction", "players": ["Ana", "Ben", "Cruz"],
                  "rules": {"scoring": "points"}})  # fmt: skip
    assert client.get(table.url("/settlement")).status_code == 409


def test_partnership_auction_to_the_target(table: MatchClient) -> None:
    table.create(
        {
            "variant": "partnership-auction",
            "players": ["Ana", "Ben", "Cruz", "Dee"],
            "teams": [
                {"name": "Us", "players": ["Ana", "Cruz"]},
                {"name": "Them", "players": ["Ben", "Dee"]},
            ],
        }
    )
    # docs/api.md's example: 120 + 150 < 300, so Us are set; Them score meld and tricks.
    match = table.add_ok(
        {
            "bidder": "Ana",
            "bid": 300,
            "trump": "hearts",
            "meld": {"Us": 120, "Them": 40},
            "tricks": {"Us": 150, "Them": 100},
            "took_trick": {"Them": True},
            "conceded": False,
        }
    )
    assert match["totals"] == {"Us": -300, "Them": 140}
    match = table.add_ok({"outcome": "all_pass"})
    assert match["totals"] == {"Us": -300, "Them": 140}
    assert match["hands"][1]["scores"] == {"Us": 0, "Them": 0}
    made = {
        "bidder": "Ben",
        "bid": 500,
        "trump": "spades",
        "meld": {"Us": 20, "Them": 400},
        "tricks": {"Us": 50, "Them": 200},
    }
    match = table.add_ok(made)
    assert match["totals"] == {"Us": -230, "Them": 740}
    match = table.add_ok(made)
    assert match["totals"] == {"Us": -160, "Them": 1340}
    assert (match["status"], match["winner"]) == ("finished", "Them")
    assert match["standings"] == ["Them", "Us"]


def test_pinnacola_example_to_the_target(table: MatchClient) -> None:
    table.create(
        {
            "variant": "pinnacola",
            "players": ["Ana", "Ben", "Cruz", "Dee"],
            "teams": [
                {"name": "Us", "players": ["Ana", "Cruz"]},
                {"name": "Them", "players": ["Ben", "Dee"]},
            ],
        }
    )
    example = {
        "sides": {"Us": {"table": 385, "hand": 0}, "Them": {"table": 120, "hand": 45}},
        "closed_by": "Us",
        "in_mano": False,
        "pinnacolone": None,
        "stalled": False,
    }
    for _ in range(3):
        match = table.add_ok(example)
    # 385 + 100 for closing; 120 - 45.
    assert match["totals"] == {"Us": 1455, "Them": 225}
    assert match["status"] == "in_progress"
    match = table.add_ok(example)
    assert match["totals"] == {"Us": 1940, "Them": 300}
    assert (match["status"], match["winner"]) == ("finished", "Us")


def test_pinnacola_with_cards_and_a_pinnacolone(table: MatchClient) -> None:
    table.create({"variant": "pinnacola", "players": ["Ana", "Ben"]})
    match = table.add_ok(
        {
            "sides": {
                # A run 5-6-(joker)-8 of hearts is 50; three queens 30.
                "Ana": {"table": [["5H", "6H", "JK", "8H"], ["QS", "QD", "QC"]], "hand": []},
                "Ben": {"table": [["AS", "AD", "AC"]], "hand": ["3C", "KD"]},
            },
            "closed_by": "Ana",
        }
    )
    assert match["hands"][0]["scores"] == {"Ana": 180, "Ben": 45 - 15}
    match = table.add_ok(
        {
            "sides": {"Ana": {"table": 0, "hand": 40}, "Ben": {"table": 1600, "hand": 0}},
            "pinnacolone": "Ben",
        }
    )
    # A Pinnacolone wins the match at once, whatever the target.
    assert (match["status"], match["winner"]) == ("finished", "Ben")
    assert match["standings"][0] == "Ben"


def test_auction_examples_with_meld_and_tricks(table: MatchClient) -> None:
    """docs/api.md: ``meld`` and ``tricks`` (the bidder's) in place of, or beside, ``outcome``."""
    table.create({"variant": "auction", "players": ["Ana", "Ben", "Cruz"]})
    example = {"bidder": "Ana", "bid": 350, "trump": "spades", "meld": 200, "tricks": 160}
    response = table.add(example)
    assert response.status_code == 201, response.get_json()
    # made: 360 >= 350; 2 units x 2 from each + 10 (docs/rules.md §2, revision 2: 350-390 is 2)
    assert response.get_json()["hand"]["payments"]["Ana"] == 18
    assert response.get_json()["hand"]["input"] == example
    beside = table.add(example | {"outcome": "made"})
    assert beside.status_code == 201
    conflicting = table.add(example | {"outcome": "set"})
    assert conflicting.status_code == 422
    errors_of(conflicting)
    assert len(table.get()["hands"]) == 2
