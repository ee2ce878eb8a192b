"""Acceptance cases for `auction` (units and points), `pinnacola`, settle-up and the meld tools.

Every expected value below was worked out by hand from the rules digest (now docs/rules.md) and
the API contract (docs/api.md) only; each test names the section it comes from. The API is used
only over HTTP as docs/api.md describes.
"""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from tests.helpers import API, MatchClient, errors_of

# --------------------------------------------------------------------------- helpers


def _body(variant: str, players: list[str], rules: Any = None, **extra: Any) -> dict[str, Any]:
    body: dict[str, Any] = {"variant": variant, "players": players}
    if rules is not None:
        body["rules"] = rules
    body.update(extra)
    return body


def create(
    client: FlaskClient, variant: str, players: list[str], rules: Any = None, **extra: Any
) -> tuple[MatchClient, dict[str, Any]]:
    """A match created over the API (must succeed): its :class:`MatchClient` and the answer."""
    table = MatchClient(client)
    return table, table.create(_body(variant, players, rules, **extra))


def create_raw(
    client: FlaskClient, variant: str, players: list[str], rules: Any = None, **extra: Any
) -> TestResponse:
    return MatchClient(client).create_raw(_body(variant, players, rules, **extra))


def players_of(payments: dict[str, Any], names: list[str]) -> dict[str, Any]:
    return {n: payments[n] for n in names}


P3 = ["Ana", "Ben", "Cruz"]
P4 = ["Ana", "Ben", "Cruz", "Dee"]
P5 = ["Ana", "Ben", "Cruz", "Dee", "Eve"]


def made(bidder: str, bid: int, trump: str = "hearts", outcome: str = "made") -> dict[str, Any]:
    return {"bidder": bidder, "bid": bid, "trump": trump, "outcome": outcome}


# =========================================================================== auction: units
# docs/rules.md §2 `auction`, units(bid) bracket table. Revision 2 (issue 12) reads seed 000
# literally («a partir de 300, la cantidad se duplica por cada 50 puntos extra»; "300 to 340, the
# value is 1; 350 to 390, 2; 400 to 440, 4"): the default `doubling` pays 1 unit up to 340; the
# table before it is `doubling-250`. The expected numbers of the default schedule follow it.
# Every bracket edge of the four schedules is a rules case
# (tests/rules/games/auction/test_auction.py, test_units_bracket_edges); over HTTP, one made bid
# of a named schedule.


def test_units_schedule_sets_the_payments_of_a_made_bid(client: FlaskClient) -> None:
    """docs/rules.md §2 auction: units(bid) table, the `hoyle` column: 400 to 440 pays 10 units;
    made: every other player pays units x m (hearts: m = 1)."""
    table, _ = create(client, "auction", P3, {"schedule": "hoyle", "min_bid": 250, "kitty": False})
    data = table.add_answer(made("Ben", 400))
    pay = data["hand"]["payments"]
    assert players_of(pay, P3) == {"Ana": -10, "Ben": 20, "Cruz": -10}
    assert data["match"]["totals"] == {"Ana": -10, "Ben": 20, "Cruz": -10}


def test_default_schedule_is_doubling_and_min_bid_300(client: FlaskClient) -> None:
    """docs/rules.md §4: auction defaults min_bid 300, schedule doubling, kitty on."""
    table, m = create(client, "auction", P3)
    assert m["rules"]["min_bid"] == 300
    assert m["rules"]["schedule"] == "doubling"
    assert m["rules"]["kitty"] is True
    assert m["rules"]["spades_double"] is True
    assert m["rules"]["hearts_triple"] is False
    assert m["rules"]["kitty_bonus_from"] == 350
    assert m["rules"]["kitty_bonus"] == 10
    assert m["rules"]["all_pass_pays"] is False
    assert m["rules"]["scoring"] == "units"
    assert m["kitty"] == 0
    table.refused(made("Ben", 290), "bid")
    data = table.add_answer(
        made("Ben", 340)
    )  # docs/rules.md §2 revision 2: doubling pays 1 unit at 300-340, 2 at 350-390, 4 at 400-440
    assert players_of(data["hand"]["payments"], P3) == {"Ana": -1, "Ben": 2, "Cruz": -1}


@pytest.mark.parametrize(
    ("bid", "units"),
    [(300, 1), (390, 1), (400, 3), (490, 3), (500, 6), (900, 6)],
)
def test_custom_schedule(client: FlaskClient, bid: int, units: int) -> None:
    """docs/rules.md §2 auction: `schedule` may be a custom list of [from_bid, units]."""
    table, _ = create(
        client, "auction", P3, {"schedule": [[300, 1], [400, 3], [500, 6]], "kitty": False}
    )
    data = table.add_answer(made("Cruz", bid, "clubs"))
    assert players_of(data["hand"]["payments"], P3) == {
        "Ana": -units,
        "Ben": -units,
        "Cruz": 2 * units,
    }


def test_custom_schedule_min_bid_below_first_bracket_refused(client: FlaskClient) -> None:
    """docs/rules.md §4: min_bid is at least the first bracket of a custom schedule."""
    resp = create_raw(client, "auction", P3, {"schedule": [[350, 1], [400, 2]]})
    assert resp.status_code == 422
    assert any(k.startswith("rules") for k in errors_of(resp))
    resp = create_raw(client, "auction", P3, {"schedule": [[350, 1], [400, 2]], "min_bid": 350})
    assert resp.status_code == 201


@pytest.mark.parametrize(
    ("rules", "trump", "m"),
    [
        ({}, "spades", 2),
        ({}, "hearts", 1),
        ({}, "diamonds", 1),
        ({}, "clubs", 1),
        ({"spades_double": False}, "spades", 1),
        ({"hearts_triple": True}, "hearts", 3),
        ({"hearts_triple": True}, "spades", 2),
        ({"hearts_triple": True}, "clubs", 1),
    ],
)
def test_trump_multiplier(client: FlaskClient, rules: dict[str, Any], trump: str, m: int) -> None:
    """docs/rules.md §2 auction: trump multiplier m: spades x2 (spades_double), hearts_triple."""
    table, _ = create(client, "auction", P3, {**rules, "kitty": False})
    data = table.add_answer(made("Ana", 300, trump))  # doubling: 300 = 1 unit (§2, revision 2)
    assert players_of(data["hand"]["payments"], P3) == {"Ana": 2 * m, "Ben": -m, "Cruz": -m}


def test_made_set_conceded_three_players_with_kitty(client: FlaskClient) -> None:
    """docs/rules.md §2 auction: made / set (double bete) / conceded (single bete), kitty pays."""
    table, _ = create(client, "auction", P3)
    # bid 300 hearts = 1 unit, below the bonus: kitty untouched (docs/rules.md §2 revision 2:
    # doubling pays 1 unit at 300-340, 2 at 350-390, 4 at 400-440)
    h1 = table.add_answer(made("Ben", 300))["hand"]["payments"]
    assert h1 == {"Ana": -1, "Ben": 2, "Cruz": -1, "kitty": 0}
    # set: the bidder pays every other player 2 x units x m, and the kitty as much as one player
    h2 = table.add_answer(made("Cruz", 300, "hearts", "set"))["hand"]["payments"]
    assert h2 == {"Ana": 2, "Ben": 2, "Cruz": -6, "kitty": 2}
    # conceded: units x m to every other player, and to the kitty
    d3 = table.add_answer(made("Ana", 300, "diamonds", "conceded"))
    assert d3["hand"]["payments"] == {"Ana": -3, "Ben": 1, "Cruz": 1, "kitty": 1}
    match = d3["match"]
    assert match["totals"] == {"Ana": -1 + 2 - 3, "Ben": 2 + 2 + 1, "Cruz": -1 - 6 + 1}
    assert match["kitty"] == 3
    assert sum(match["totals"].values()) + match["kitty"] == 0
    assert [h["payments"] for h in match["hands"]] == [h1, h2, d3["hand"]["payments"]]
    assert match["version"] == 4


def test_spades_set_with_kitty(client: FlaskClient) -> None:
    """docs/rules.md §2 auction: set at 350 in spades: 2 x 2 x 2 = 8 to each, 8 to the kitty
    (doubling, revision 2: 350-390 pays 2 units)."""
    table, _ = create(client, "auction", P3)
    pay = table.add_answer(made("Ana", 350, "spades", "set"))["hand"]["payments"]
    assert pay == {"Ana": -24, "Ben": 8, "Cruz": 8, "kitty": 8}


@pytest.mark.parametrize(
    ("rules", "bid", "bonus"),
    [
        ({}, 340, 0),
        ({}, 350, 10),
        ({}, 400, 10),
        ({"kitty_bonus_from": 400}, 390, 0),
        ({"kitty_bonus_from": 400}, 400, 10),
        ({"kitty_bonus": 5}, 350, 5),
    ],
)
def test_kitty_bonus(client: FlaskClient, rules: dict[str, Any], bid: int, bonus: int) -> None:
    """docs/rules.md §2 auction: a made bid >= kitty_bonus_from collects kitty_bonus (not
    multiplied)."""
    units = {340: 1, 350: 2, 390: 2, 400: 4}[
        bid
    ]  # docs/rules.md §2 revision 2: doubling pays 1 unit at 300-340, 2 at 350-390, 4 at 400-440
    table, _ = create(client, "auction", P3, rules)
    data = table.add_answer(made("Ben", bid, "spades"))
    u = units * 2
    assert data["hand"]["payments"] == {
        "Ana": -u,
        "Ben": 2 * u + bonus,
        "Cruz": -u,
        "kitty": -bonus,
    }
    assert data["match"]["kitty"] == -bonus


def test_kitty_off(client: FlaskClient) -> None:
    """docs/rules.md §2 auction: without `kitty` no kitty payment; docs/api.md: `kitty` null."""
    table, m = create(client, "auction", P3, {"kitty": False})
    assert m["kitty"] is None
    data = table.add_answer(made("Ben", 350, "hearts", "set"))  # 350 = 2 units (§2, revision 2)
    pay = data["hand"]["payments"]
    assert players_of(pay, P3) == {"Ana": 4, "Ben": -8, "Cruz": 4}
    assert pay.get("kitty", 0) == 0
    assert data["match"]["kitty"] is None
    data = table.add_answer(made("Cruz", 350, "hearts"))
    assert players_of(data["hand"]["payments"], P3) == {"Ana": -2, "Ben": -2, "Cruz": 4}


def test_four_players_dealer_sits_out_but_pays(client: FlaskClient) -> None:
    """docs/rules.md §2 auction / §5: with 4 the dealer is dealt out but shares in the
    settlement."""
    table, m = create(client, "auction", P4)
    assert m["dealer"] == "Ana"
    assert m["leader"] == "Ben"
    table.refused(made("Ana", 300), "bidder")
    data = table.add_answer(
        made("Cruz", 300)
    )  # docs/rules.md §2 revision 2: doubling pays 1 unit at 300-340, 2 at 350-390, 4 at 400-440
    assert data["hand"]["payments"] == {"Ana": -1, "Ben": -1, "Cruz": 3, "Dee": -1, "kitty": 0}
    match = data["match"]
    assert match["dealer"] == "Ben"
    assert match["leader"] == "Cruz"
    # dealer Ben now sits out
    table.refused(made("Ben", 300), "bidder")
    data = table.add_answer(made("Ana", 300, "hearts", "set"))
    assert data["hand"]["payments"] == {"Ana": -8, "Ben": 2, "Cruz": 2, "Dee": 2, "kitty": 2}
    assert data["match"]["dealer"] == "Cruz"
    assert data["match"]["leader"] == "Dee"


def test_five_players_dealer_and_second_on_left_sit_out(client: FlaskClient) -> None:
    """docs/rules.md §2/§5: with 5 the dealer and the second player on his left are dealt out."""
    table, m = create(client, "auction", P5)
    assert m["leader"] == "Ben"
    table.refused(made("Ana", 300), "bidder")
    table.refused(made("Cruz", 300), "bidder")
    data = table.add_answer(
        made("Dee", 300, "clubs")
    )  # docs/rules.md §2 revision 2: doubling pays 1 unit at 300-340, 2 at 350-390, 4 at 400-440
    assert data["hand"]["payments"] == {
        "Ana": -1,
        "Ben": -1,
        "Cruz": -1,
        "Dee": 4,
        "Eve": -1,
        "kitty": 0,
    }
    # dealer Ben: Ben and Dee out, Cruz leads
    assert data["match"]["dealer"] == "Ben"
    assert data["match"]["leader"] == "Cruz"
    table.refused(made("Dee", 300), "bidder")
    data = table.add_answer(made("Eve", 300, "clubs", "conceded"))
    assert data["hand"]["payments"] == {
        "Ana": 1,
        "Ben": 1,
        "Cruz": 1,
        "Dee": 1,
        "Eve": -5,
        "kitty": 1,
    }


def test_five_players_leader_wraps(client: FlaskClient) -> None:
    """docs/api.md leader: the first active player on the dealer's left (dealer Eve: Eve, Ben
    out)."""
    table, m = create(client, "auction", P5, dealer="Eve")
    assert m["dealer"] == "Eve"
    assert m["leader"] == "Ana"
    table.refused(made("Ben", 300), "bidder")
    table.refused(made("Eve", 300), "bidder")
    table.add_answer(made("Ana", 300))


def test_all_pass(client: FlaskClient) -> None:
    """docs/rules.md §2 auction: all pass: nobody pays, the deal passes on."""
    table, _ = create(client, "auction", P4)
    data = table.add_answer({"outcome": "all_pass"})
    pay = data["hand"]["payments"]
    assert players_of(pay, P4) == {"Ana": 0, "Ben": 0, "Cruz": 0, "Dee": 0}
    assert pay.get("kitty", 0) == 0
    assert data["match"]["dealer"] == "Ben"
    assert data["match"]["totals"] == {"Ana": 0, "Ben": 0, "Cruz": 0, "Dee": 0}


def test_all_pass_pays(client: FlaskClient) -> None:
    """docs/rules.md §2 auction: all_pass_pays: every player of the match pays 1 unit into the
    kitty."""
    table, _ = create(client, "auction", P4, {"all_pass_pays": True})
    data = table.add_answer({"outcome": "all_pass"})
    assert data["hand"]["payments"] == {"Ana": -1, "Ben": -1, "Cruz": -1, "Dee": -1, "kitty": 4}
    assert data["match"]["kitty"] == 4


def test_all_pass_pays_needs_kitty(client: FlaskClient) -> None:
    """docs/rules.md §2 auction: all_pass_pays needs `kitty`."""
    resp = create_raw(client, "auction", P3, {"all_pass_pays": True, "kitty": False})
    assert resp.status_code == 422
    assert any(k.startswith("rules") for k in errors_of(resp))


def test_all_pass_with_bidder_refused(client: FlaskClient) -> None:
    """docs/api.md auction: all_pass has no bidder and no bid."""
    table, _ = create(client, "auction", P3)
    table.refused({"bidder": "Ben", "bid": 300, "outcome": "all_pass"})


@pytest.mark.parametrize(
    ("meld", "tricks", "outcome", "pay_ben"),
    [
        # docs/rules.md §2 revision 2: doubling pays 1 unit at 300-340, 2 at 350-390, 4 at 400-440
        (200, 100, "made", 2),  # exactly the bid
        (300, 150, "made", 2),  # more than the bid earns nothing more
        (200, 99, "set", -6),
        (0, 250, "set", -6),  # bid 300 > 250
    ],
)
def test_outcome_from_meld_and_tricks(
    client: FlaskClient, meld: Any, tricks: int, outcome: str, pay_ben: int
) -> None:
    """docs/rules.md §2 auction: made if meld + trick points >= bid; only the bid counts."""
    table, _ = create(client, "auction", P3)
    body = {"bidder": "Ben", "bid": 300, "trump": "hearts", "meld": meld, "tricks": tricks}
    data = table.add_answer(body)
    assert data["hand"]["payments"]["Ben"] == pay_ben


def test_outcome_beside_meld_and_tricks(client: FlaskClient) -> None:
    """docs/rules.md §2 auction: both given and consistent is accepted; in conflict is an error."""
    table, _ = create(client, "auction", P3)
    base = {"bidder": "Ben", "bid": 300, "trump": "hearts"}
    table.refused({**base, "meld": 200, "tricks": 90, "outcome": "made"})
    table.refused({**base, "meld": 200, "tricks": 100, "outcome": "set"})
    data = table.add_answer({**base, "meld": 200, "tricks": 110, "outcome": "made"})
    assert data["hand"]["payments"]["Ben"] == 2  # 300 = 1 unit (§2, revision 2)
    data = table.add_answer({**base, "bidder": "Cruz", "meld": 100, "tricks": 50, "outcome": "set"})
    assert data["hand"]["payments"]["Cruz"] == -6


@pytest.mark.parametrize(
    ("rules", "bid", "ok"),
    [
        ({}, 300, True),
        ({}, 290, False),
        ({}, 305, False),
        ({}, 2000, True),
        ({}, 2010, False),
        ({"min_bid": 250}, 250, True),
        ({"min_bid": 250}, 240, False),
        ({"min_bid": 350}, 340, False),
        ({"min_bid": 350}, 350, True),
    ],
)
def test_bid_bounds(client: FlaskClient, rules: dict[str, Any], bid: int, ok: bool) -> None:
    """docs/rules.md §2/§4: bids in tens from min_bid; bids are at most 2000."""
    table, _ = create(client, "auction", P3, {**rules, "schedule": "scarne"})
    body = made("Ben", bid)
    if ok:
        table.add_answer(body)
    else:
        table.refused(body, "bid")


@pytest.mark.parametrize("min_bid", [240, 255, 305, 0, "300"])
def test_min_bid_option_refused(client: FlaskClient, min_bid: object) -> None:
    """docs/rules.md §4: min_bid is a multiple of 10, at least 250."""
    resp = create_raw(client, "auction", P3, {"min_bid": min_bid})
    assert resp.status_code == 422
    assert any(k.startswith("rules") for k in errors_of(resp))


@pytest.mark.parametrize(
    "body",
    [
        {"bidder": "Zed", "bid": 300, "trump": "hearts", "outcome": "made"},
        {"bidder": "Ben", "bid": 300, "trump": "stars", "outcome": "made"},
        {"bidder": "Ben", "bid": 300, "trump": "hearts", "outcome": "won"},
        {"bidder": "Ben", "bid": 300, "trump": "hearts"},
        {"bidder": "Ben", "bid": 300, "trump": "hearts", "outcome": "made", "extra": 1},
        {"bid": 300, "trump": "hearts", "outcome": "made"},
    ],
)
def test_bad_auction_entries_refused(client: FlaskClient, body: dict[str, Any]) -> None:
    """docs/api.md auction body; unknown keys refused; a refused request changes nothing."""
    table, _ = create(client, "auction", P3)
    table.refused(body)


@pytest.mark.parametrize(
    "rules",
    [
        {"target": 1000},
        {"counting": "classic"},
        {"melds": "standard"},
        {"tie_rule": "raise"},
        {"scoring": "points", "schedule": "hoyle"},
        {"scoring": "points", "kitty": False},
        {"scoring": "points", "unit_value": "0.05"},
        {"scoring": "points", "spades_double": True},
        {"scoring": "points", "counting": "simple"},
        {"scoring": "bananas"},
        {"schedule": "fibonacci"},
    ],
)
def test_options_of_other_mode_refused(client: FlaskClient, rules: dict[str, Any]) -> None:
    """docs/rules.md §4: an option of the other scoring mode is refused; auctions:
    classic/counters."""
    resp = create_raw(client, "auction", P3, rules)
    assert resp.status_code == 422
    assert any(k.startswith("rules") for k in errors_of(resp))


def test_points_mode_options_accepted(client: FlaskClient) -> None:
    """docs/rules.md §4: with scoring: points also counting, melds, target (1000), tie_rule."""
    _, m = create(client, "auction", P3, {"scoring": "points", "min_bid": 250})
    assert m["rules"]["target"] == 1000
    assert m["rules"]["min_bid"] == 250
    _, m = create(
        client,
        "auction",
        P3,
        {"scoring": "points", "counting": "counters", "target": 1500, "tie_rule": "higher"},
    )
    assert m["rules"]["target"] == 1500


# --------------------------------------------------------------------------- finish


def test_finish_units_winner_first_ties_in_seating_order(client: FlaskClient) -> None:
    """docs/api.md finish: winner the side first in standings (ties in seating order)."""
    table, _ = create(client, "auction", P4)
    table.add_answer(made("Dee", 300))  # Dee +3, others -1
    resp = table.finish()
    assert resp.status_code == 200
    match = resp.get_json()
    assert match["status"] == "finished"
    assert match["winner"] == "Dee"
    assert match["standings"] == ["Dee", "Ana", "Ben", "Cruz"]
    assert table.finish().status_code == 409
    assert table.add(made("Cruz", 300)).status_code == 409


def test_finish_without_hands_all_tied(client: FlaskClient) -> None:
    """docs/api.md finish: ties broken in seating order."""
    table, _ = create(client, "auction", P3)
    match = table.finish().get_json()
    assert match["winner"] == "Ana"
    assert match["standings"] == P3


def test_undo_reopens_finished_units_match(client: FlaskClient) -> None:
    """docs/api.md: undoing the last hand reopens a finished match."""
    table, _ = create(client, "auction", P3)
    table.add_answer(made("Ben", 300))
    table.add_answer(made("Cruz", 400))
    assert table.finish().status_code == 200
    resp = client.delete(table.url("/hands/2"), headers=table.auth)
    assert resp.status_code == 200
    match = resp.get_json()["match"]
    assert match["status"] == "in_progress"
    assert match["winner"] is None
    assert match["totals"] == {"Ana": -1, "Ben": 2, "Cruz": -1}  # 300 = 1 unit (§2, revision 2)


def test_units_match_has_no_target(client: FlaskClient) -> None:
    """docs/rules.md §2: a match in units has no target: it ends when the table finishes it."""
    table, _ = create(client, "auction", P3, {"schedule": "doubling"})
    for _ in range(3):
        data = table.add_answer(made("Ben", 1000, "spades"))
    assert data["match"]["status"] == "in_progress"
    assert data["match"]["winner"] is None


# --------------------------------------------------------------------------- settlement


def test_settlement_kitty_remainder_to_first_players(client: FlaskClient) -> None:
    """docs/rules.md §2 kitty: shares differ by at most one; larger shares first in seating
    order."""
    table, _ = create(client, "auction", P3, {"unit_value": "0.05"})
    # docs/rules.md §2 revision 2: doubling pays 1 unit at 300-340, 2 at 350-390, 4 at 400-440
    table.add_answer(made("Ben", 300, "hearts", "conceded"))  # A+1 B-3 C+1 kitty+1
    resp = table.settlement()
    assert resp.status_code == 200
    s = resp.get_json()
    assert s["kitty"] == 1
    assert s["balances"] == {"Ana": 2, "Ben": -3, "Cruz": 1}
    got = sorted((t["from"], t["to"], t["units"], t["amount"]) for t in s["transfers"])
    assert got == [("Ben", "Ana", 2, "0.10"), ("Ben", "Cruz", 1, "0.05")]


def test_settlement_negative_kitty_even(client: FlaskClient) -> None:
    """docs/rules.md §2 kitty: a negative kitty is shared too, so the kitty ends at 0."""
    table, _ = create(client, "auction", P3, {"kitty_bonus": 12})
    # docs/rules.md §2 revision 2: doubling pays 1 unit at 300-340, 2 at 350-390, 4 at 400-440
    table.add_answer(made("Ana", 350, "hearts"))  # A +4+12 B -2 C -2 kitty -12
    s = table.settlement().get_json()
    assert s["kitty"] == -12
    assert s["balances"] == {"Ana": 12, "Ben": -6, "Cruz": -6}
    assert sum(s["balances"].values()) == 0
    got = sorted((t["from"], t["to"], t["units"], t["amount"]) for t in s["transfers"])
    assert got == [("Ben", "Ana", 6, "6.00"), ("Cruz", "Ana", 6, "6.00")]


def test_settlement_negative_kitty_remainder(client: FlaskClient) -> None:
    """docs/rules.md §2 kitty: -10 over 3: shares -3, -3, -4 (the larger shares, -3, go first)."""
    table, _ = create(client, "auction", P3)
    # docs/rules.md §2 revision 2: doubling pays 1 unit at 300-340, 2 at 350-390, 4 at 400-440
    table.add_answer(made("Cruz", 350, "spades"))  # A -4 B -4 C +18 kitty -10
    s = table.settlement().get_json()
    assert s["kitty"] == -10
    assert s["balances"] == {"Ana": -7, "Ben": -7, "Cruz": 14}


def test_settlement_dealt_out_players_share_the_kitty(client: FlaskClient) -> None:
    """docs/rules.md §2: dealt-out players share in the settlement (kitty 2 over 4 players)."""
    # docs/rules.md §2 revision 2: doubling pays 1 unit at 300-340, 2 at 350-390, 4 at 400-440
    table, _ = create(client, "auction", P4, {"unit_value": "0.10"})
    table.add_answer(made("Ben", 300, "hearts", "conceded"))  # A+1 B-4 C+1 D+1 k+1
    table.add_answer(made("Cruz", 300, "hearts", "conceded"))  # dealer Ben out; C pays
    # hand 2: A+1 B+1 C-4 D+1 kitty+1 -> totals A2 B-3 C-3 D2 kitty 2
    m = table.get()
    assert m["totals"] == {"Ana": 2, "Ben": -3, "Cruz": -3, "Dee": 2}
    assert m["kitty"] == 2
    s = table.settlement().get_json()
    assert s["kitty"] == 2
    # the kitty's 2 go to Ana and Ben, first in seating order (dealt out or not)
    assert s["balances"] == {"Ana": 3, "Ben": -2, "Cruz": -3, "Dee": 2}
    got = sorted((t["from"], t["to"], t["units"], t["amount"]) for t in s["transfers"])
    assert got == [("Ben", "Dee", 2, "0.20"), ("Cruz", "Ana", 3, "0.30")]


def test_settlement_fewest_transfers(client: FlaskClient) -> None:
    """docs/api.md settlement: the fewest transfers; balances 30, 20, -15, -15, -20 need only 3."""
    sched = [[250, 1], [300, 3], [350, 4], [400, 6]]
    table, _ = create(
        client, "auction", P5, {"schedule": sched, "kitty": False, "unit_value": "0.25"}
    )
    table.add_answer(made("Ben", 350))  # dealer Ana: Ana, Cruz out
    table.add_answer(made("Ana", 400))  # dealer Ben: Ben, Dee out
    table.add_answer(made("Dee", 300, "hearts", "conceded"))  # dealer Cruz: Cruz, Eve out
    table.add_answer(made("Eve", 350, "hearts", "conceded"))  # dealer Dee: Dee, Ana out
    table.add_answer(made("Cruz", 300, "hearts", "conceded"))  # dealer Eve: Eve, Ben out
    m = table.get()
    assert m["totals"] == {"Ana": 30, "Ben": 20, "Cruz": -15, "Dee": -15, "Eve": -20}
    s = table.settlement().get_json()
    assert s["balances"] == m["totals"]
    got = sorted((t["from"], t["to"], t["units"], t["amount"]) for t in s["transfers"])
    assert got == [
        ("Cruz", "Ana", 15, "3.75"),
        ("Dee", "Ana", 15, "3.75"),
        ("Eve", "Ben", 20, "5.00"),
    ]


def test_settlement_nothing_to_settle(client: FlaskClient) -> None:
    """docs/api.md settlement: no balances, no transfers."""
    table, _ = create(client, "auction", P3)
    s = table.settlement().get_json()
    assert s["kitty"] == 0
    assert s["balances"] == {"Ana": 0, "Ben": 0, "Cruz": 0}
    assert s["transfers"] == []


@pytest.mark.parametrize(
    ("variant", "players", "rules"),
    [
        ("auction", P3, {"scoring": "points"}),
        ("pinnacola", ["Ana", "Ben"], None),
        ("pinochle-2", ["Ana", "Ben"], None),
    ],
)
def test_settlement_409_for_non_units(
    client: FlaskClient, variant: str, players: list[str], rules: dict[str, Any] | None
) -> None:
    """docs/api.md settlement: any other match than auction in units: 409."""
    table, _ = create(client, variant, players, rules)
    assert table.settlement().status_code == 409


def test_settlement_404(client: FlaskClient) -> None:
    assert client.get(f"{API}/matches/nope-no-such-match/settlement").status_code == 404


# =========================================================================== auction: points
# docs/rules.md §2 auction, "Option scoring: points".


def pts(
    bidder: str, bid: int, meld: Any, tricks: Any, trump: str = "hearts", **kw: Any
) -> dict[str, Any]:
    return {"bidder": bidder, "bid": bid, "trump": trump, "meld": meld, "tricks": tricks, **kw}


def test_points_made_and_set(client: FlaskClient) -> None:
    """docs/rules.md §2: bidder meld + tricks if made, - bid if set; opponents meld (trick) +
    tricks."""
    table, m = create(client, "auction", P3, {"scoring": "points"})
    assert m["sides"] == P3
    data = table.add_answer(
        pts("Ben", 300, {"Ana": 40, "Ben": 150, "Cruz": 20}, {"Ana": 50, "Ben": 160, "Cruz": 40}),
    )
    assert data["hand"]["scores"] == {"Ana": 90, "Ben": 310, "Cruz": 60}
    assert data["hand"].get("payments") is None
    # set: 150 + 160 = 310 < 350; Ana melded 60 but took no trick: her meld is lost
    data = table.add_answer(
        pts("Cruz", 350, {"Ana": 60, "Ben": 30, "Cruz": 150}, {"Ana": 0, "Ben": 90, "Cruz": 160}),
    )
    assert data["hand"]["scores"] == {"Ana": 0, "Ben": 120, "Cruz": -350}
    assert data["match"]["totals"] == {"Ana": 90, "Ben": 430, "Cruz": -290}
    assert data["match"]["kitty"] is None


def test_points_meld_list_valued(client: FlaskClient) -> None:
    """docs/api.md: a meld is a number or a list of meld ids valued with the meld table."""
    table, _ = create(client, "auction", P3, {"scoring": "points"})
    meld = {"Ana": ["marriage"], "Ben": ["run", "dix"], "Cruz": 0}
    data = table.add_answer(pts("Ben", 300, meld, {"Ana": 50, "Ben": 160, "Cruz": 40}))
    assert data["hand"]["scores"] == {"Ana": 70, "Ben": 320, "Cruz": 40}


def test_points_concession(client: FlaskClient) -> None:
    """docs/rules.md §2: on a concession the bidder scores - bid; an opponent his meld only."""
    table, _ = create(client, "auction", P3, {"scoring": "points"})
    body = {
        "bidder": "Ana",
        "bid": 400,
        "trump": "clubs",
        "outcome": "conceded",
        "meld": {"Ana": 200, "Ben": 40, "Cruz": 20},
        "tricks": {"Ana": 0, "Ben": 0, "Cruz": 0},
    }
    data = table.add_answer(body)
    assert data["hand"]["scores"] == {"Ana": -400, "Ben": 40, "Cruz": 20}


def test_points_tricks_must_add_up(client: FlaskClient) -> None:
    """docs/rules.md §1: trick points must add up to the counting system's total (250 classic)."""
    table, _ = create(client, "auction", P3, {"scoring": "points"})
    body = pts("Ben", 300, {"Ana": 0, "Ben": 150, "Cruz": 0}, {"Ana": 50, "Ben": 160, "Cruz": 30})
    table.refused(body)


def test_points_four_players_dealt_out_not_in_meld(client: FlaskClient) -> None:
    """docs/api.md: with scoring points meld and tricks are objects over the active players."""
    table, _ = create(client, "auction", P4, {"scoring": "points"})
    bad = pts(
        "Ben",
        300,
        {"Ana": 0, "Ben": 150, "Cruz": 0, "Dee": 0},
        {"Ana": 0, "Ben": 160, "Cruz": 40, "Dee": 50},
    )
    table.refused(bad)
    table.refused(
        pts("Ana", 300, {"Ana": 150, "Ben": 0, "Cruz": 0}, {"Ana": 160, "Ben": 40, "Cruz": 50}),
    )
    good = pts("Ben", 300, {"Ben": 150, "Cruz": 20, "Dee": 0}, {"Ben": 160, "Cruz": 40, "Dee": 50})
    data = table.add_answer(good)
    assert data["match"]["totals"]["Ben"] == 310
    assert data["match"]["totals"]["Cruz"] == 60
    assert data["match"]["totals"]["Dee"] == 50
    assert data["match"]["totals"]["Ana"] == 0


def _points_opening(client: FlaskClient, rules: dict[str, Any] | None = None) -> MatchClient:
    table, _ = create(client, "auction", P3, {"scoring": "points", **(rules or {})})
    # Ana bids 300 and makes 900; Ben 950; Cruz 50
    table.add_answer(
        pts("Ana", 300, {"Ana": 800, "Ben": 850, "Cruz": 0}, {"Ana": 100, "Ben": 100, "Cruz": 50}),
    )
    return table


def test_points_bidder_counted_first(client: FlaskClient) -> None:
    """docs/rules.md §2: the bidder is counted first: if he made it and reaches the target he
    wins."""
    table = _points_opening(client)
    data = table.add_answer(
        pts("Ana", 300, {"Ana": 200, "Ben": 100, "Cruz": 0}, {"Ana": 100, "Ben": 100, "Cruz": 50}),
    )
    match = data["match"]
    assert match["totals"] == {"Ana": 1200, "Ben": 1150, "Cruz": 100}
    assert match["status"] == "finished"
    assert match["winner"] == "Ana"
    assert match["standings"][0] == "Ana"


def test_points_bidder_set_target_rule_of_pinochle_2(client: FlaskClient) -> None:
    """docs/rules.md §2: otherwise the target rule of pinochle-2: two over -> target rises by
    250."""
    table = _points_opening(client)
    data = table.add_answer(
        pts(
            "Cruz", 500, {"Ana": 200, "Ben": 100, "Cruz": 100}, {"Ana": 100, "Ben": 100, "Cruz": 50}
        ),
    )
    match = data["match"]
    assert match["totals"] == {"Ana": 1200, "Ben": 1150, "Cruz": -450}
    assert match["status"] == "in_progress"
    assert match["winner"] is None
    # target now 1250: Ben alone reaches it
    data = table.add_answer(
        pts("Cruz", 300, {"Ana": 0, "Ben": 100, "Cruz": 0}, {"Ana": 20, "Ben": 30, "Cruz": 200}),
    )
    match = data["match"]
    assert match["totals"] == {"Ana": 1220, "Ben": 1280, "Cruz": -750}
    assert match["status"] == "finished"
    assert match["winner"] == "Ben"


def test_points_opponent_alone_over_wins(client: FlaskClient) -> None:
    """docs/rules.md §2 / pinochle-2 target rule: a side alone at or over the target wins."""
    table = _points_opening(client)
    data = table.add_answer(
        pts("Cruz", 300, {"Ana": 0, "Ben": 0, "Cruz": 140}, {"Ana": 20, "Ben": 60, "Cruz": 170}),
    )
    match = data["match"]
    assert match["totals"] == {"Ana": 920, "Ben": 1010, "Cruz": 360}
    assert match["status"] == "finished"
    assert match["winner"] == "Ben"


def test_points_tie_rule_higher(client: FlaskClient) -> None:
    """docs/rules.md §2 pinochle-2 tie_rule `higher`: the higher total wins."""
    table = _points_opening(client, {"tie_rule": "higher"})
    data = table.add_answer(
        pts(
            "Cruz", 500, {"Ana": 200, "Ben": 100, "Cruz": 100}, {"Ana": 100, "Ben": 100, "Cruz": 50}
        ),
    )
    assert data["match"]["status"] == "finished"
    assert data["match"]["winner"] == "Ana"


# =========================================================================== meld tools


def meld_pinnacola(client: FlaskClient, cards: list[str], pinelle: bool = True) -> TestResponse:
    return client.post(f"{API}/meld/pinnacola", json={"meld": cards, "pinelle": pinelle})


def test_meld_pinnacola_api_example(client: FlaskClient) -> None:
    """docs/api.md: ["5H","6H","JK","8H"] with pinelle -> {"kind": "run", "points": 50}."""
    resp = meld_pinnacola(client, ["5H", "6H", "JK", "8H"])
    assert resp.status_code == 200
    body = resp.get_json()
    assert body["kind"] == "run"
    assert body["points"] == 50


@pytest.mark.parametrize(
    ("cards", "pinelle", "points"),
    [
        (["KS", "KH", "KD"], True, 30),  # set
        (["KS", "KH", "JK"], True, 45),  # a wild counts its own value (jolly 25)
        (["KS", "KH", "2C"], True, 40),  # pinella 20
        (["5S", "5H", "5D", "5C"], True, 40),  # poker: four 5s
        (["KS", "KH", "KD", "KC"], True, 80),  # poker: four 10-cards
        (["AS", "AH", "AD", "AC"], True, 120),  # poker: four aces
        (["JK", "JK", "JK", "JK"], True, 400),  # four jokers
        (["KS", "KH", "KD", "JK"], True, 55),  # not a poker: a wild in it
        (["QH", "KH", "AH"], True, 35),  # A high
        (["AH", "3H", "4H"], True, 25),  # A low, no 2 with pinelle on
        (["5H", "2S", "7H"], True, 35),  # black 2 in a run is a wild
        (["7H", "5H", "6H"], True, 25),  # order does not matter
        (["3H", "4H", "5H", "6H", "7H", "8H", "9H"], True, 110),  # Pinnacola x2
        (["3H", "4H", "5H", "6H", "7H", "8H", "JK"], True, 70),  # wild: no Pinnacola
        (["3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "JH", "QH"], True, 255),  # x3
        (["2S", "3S", "4S"], False, 15),  # pinelle off: 2 natural, value 5
        (["2S", "2C", "JK"], False, 35),  # pinelle off: a set of natural 2s with a joker
        # docs/rules.md §3 (revision 2): without pinelle the red 2s stay in the deck, natural
        (["2D", "3D", "4D"], False, 15),
    ],
)
def test_meld_pinnacola_values(
    client: FlaskClient, cards: list[str], pinelle: bool, points: int
) -> None:
    """docs/rules.md §3: card values, melds, poker, Pinnacola."""
    resp = meld_pinnacola(client, cards, pinelle)
    assert resp.status_code == 200, resp.get_json()
    assert resp.get_json()["points"] == points


def test_meld_pinnacola_set_or_run_is_set(client: FlaskClient) -> None:
    """docs/rules.md §5: a meld that could be read as a set or as a run (5H JK JK) is a set."""
    resp = meld_pinnacola(client, ["5H", "JK", "JK"])
    assert resp.status_code == 200
    assert resp.get_json() == {**resp.get_json(), "kind": "set", "points": 55}


def test_meld_pinnacolone(client: FlaskClient) -> None:
    """docs/rules.md §3: Pinnacolone (a clean run of 13+): 1500."""
    cards = ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS", "QS", "KS"]
    resp = meld_pinnacola(client, cards, pinelle=False)
    assert resp.status_code == 200, resp.get_json()
    assert resp.get_json()["points"] == 1500


@pytest.mark.parametrize(
    ("cards", "pinelle"),
    [
        (["2H", "3H", "4H"], True),  # red 2 is out of the deck with pinelle
        (["5H", "6H"], True),  # too short
        (["5H", "7H", "9H"], True),  # gaps
        (["KS", "KS", "KH"], True),  # set in different suits
        (["2S", "2C", "2S"], False),  # pinelle off: 2s are a rank, suits must differ
        (["KS", "KH", "QD"], True),
        (["5H", "6S", "7H"], True),  # run of one suit
        (["KS", "KH", "2C"], False),  # pinelle off: 2C is no wild
        (["XX", "KH", "KD"], True),
        (["JK", "JK", "JK", "JK", "JK"], True),  # more jokers than the deck holds
    ],
)
def test_meld_pinnacola_refused(client: FlaskClient, cards: list[str], pinelle: bool) -> None:
    """docs/rules.md §3: a 422 saying why the cards are no meld."""
    resp = meld_pinnacola(client, cards, pinelle)
    assert resp.status_code == 422
    assert any(k.startswith("meld") or k == "_" for k in errors_of(resp))


def test_meld_pinochle_api_example(client: FlaskClient) -> None:
    """docs/api.md meld/pinochle example: a run and two marriages = 190 (docs/rules.md §1
    classes)."""
    cards = ["AS", "10S", "KS", "QS", "JS", "KH", "QH", "KD", "QD", "9C", "10C", "AC"]
    resp = client.post(
        f"{API}/meld/pinochle", json={"cards": cards, "trump": "spades", "melds": "standard"}
    )
    assert resp.status_code == 200, resp.get_json()
    body = resp.get_json()
    got = {m["id"]: (m["count"], m["points"]) for m in body["melds"]}
    assert got == {"run": (1, 150), "marriage": (2, 40)}
    assert body["total"] == 190


def test_meld_pinochle_classes(client: FlaskClient) -> None:
    """docs/rules.md §1: a card counts in several classes, once within a class."""
    # run + extra trump K-Q (royal marriage) + pinochle (QS, JD) + dix + jacks around
    cards = ["AS", "10S", "KS", "QS", "JS", "KS", "QS", "9S", "JD", "JH", "JC"]
    resp = client.post(
        f"{API}/meld/pinochle", json={"cards": cards, "trump": "spades", "melds": "standard"}
    )
    assert resp.status_code == 200, resp.get_json()
    body = resp.get_json()
    got = {m["id"]: (m["count"], m["points"]) for m in body["melds"]}
    # QS twice + only one JD: one pinochle
    assert got == {
        "run": (1, 150),
        "royal_marriage": (1, 40),
        "pinochle": (1, 40),
        "dix": (1, 10),
        "jacks_around": (1, 40),
    }
    assert body["total"] == 280


# =========================================================================== pinnacola deals
# docs/rules.md §3 "End of a deal".

PN = ["Ana", "Ben"]


def deal(
    a_table: Any,
    a_hand: Any,
    b_table: Any,
    b_hand: Any,
    *,
    closed_by: str | None = None,
    in_mano: bool = False,
    pinnacolone: str | None = None,
    stalled: bool = False,
    names: list[str] = PN,
) -> dict[str, Any]:
    return {
        "sides": {
            names[0]: {"table": a_table, "hand": a_hand},
            names[1]: {"table": b_table, "hand": b_hand},
        },
        "closed_by": closed_by,
        "in_mano": in_mano,
        "pinnacolone": pinnacolone,
        "stalled": stalled,
    }


def test_pinnacola_defaults(client: FlaskClient) -> None:
    """docs/rules.md §4: pinnacola options and defaults."""
    _, m = create(client, "pinnacola", PN)
    r = m["rules"]
    assert r["pinelle"] is True
    assert r["target"] == 1500
    assert r["deals"] is None
    assert r["stall"] == "score"
    assert r["hand_size"] == 13
    assert m["sides"] == PN


def test_pinnacola_close(client: FlaskClient) -> None:
    """docs/rules.md §3: table - hand; +100 for the side that closed."""
    table, _ = create(client, "pinnacola", PN)
    data = table.add_answer(deal(385, 0, 120, 45, closed_by="Ana"))
    assert data["hand"]["scores"] == {"Ana": 485, "Ben": 75}
    assert data["match"]["totals"] == {"Ana": 485, "Ben": 75}
    assert data["match"]["dealer"] == "Ben"


def test_pinnacola_close_in_mano(client: FlaskClient) -> None:
    """docs/rules.md §3: +200 instead if it closed in mano."""
    table, _ = create(client, "pinnacola", PN)
    data = table.add_answer(deal(300, 0, 0, 60, closed_by="Ana", in_mano=True))
    # Ben laid no meld: -100
    assert data["hand"]["scores"] == {"Ana": 500, "Ben": -160}


def test_pinnacola_no_meld_minus_100(client: FlaskClient) -> None:
    """docs/rules.md §3: a side that laid no meld gets -100."""
    table, _ = create(client, "pinnacola", PN)
    data = table.add_answer(deal(200, 0, 0, 45, closed_by="Ana"))
    assert data["hand"]["scores"] == {"Ana": 300, "Ben": -145}


def test_pinnacola_closer_hand_must_be_empty(client: FlaskClient) -> None:
    """docs/rules.md §3: the closer's own hand is empty."""
    table, _ = create(client, "pinnacola", PN)
    table.refused(deal(200, 15, 100, 45, closed_by="Ana"), "sides.Ana.hand")
    table.refused(deal(200, ["KS"], 100, 45, closed_by="Ana"), "sides.Ana.hand")


def test_pinnacola_stalled(client: FlaskClient) -> None:
    """docs/rules.md §3: stalled: no closing bonus; -100 without meld, stalled deals included."""
    table, _ = create(client, "pinnacola", PN)
    data = table.add_answer(deal(200, 30, 0, 50, stalled=True))
    assert data["hand"]["scores"] == {"Ana": 170, "Ben": -150}


def test_pinnacola_stalled_void(client: FlaskClient) -> None:
    """docs/rules.md §3: option stall: void scores the deal 0 for all."""
    table, _ = create(client, "pinnacola", PN, {"stall": "void"})
    data = table.add_answer(deal(200, 30, 0, 50, stalled=True))
    assert data["hand"]["scores"] == {"Ana": 0, "Ben": 0}
    data = table.add_answer(deal(100, 10, 50, 0, closed_by="Ben"))
    assert data["hand"]["scores"] == {"Ana": 90, "Ben": 150}


@pytest.mark.parametrize(
    "kw",
    [
        {},
        {"closed_by": "Ana", "stalled": True},
        {"closed_by": "Ana", "pinnacolone": "Ana"},
        {"pinnacolone": "Ana", "stalled": True},
        {"closed_by": "Zed"},
        {"pinnacolone": "Zed"},
    ],
)
def test_pinnacola_exactly_one_ending(client: FlaskClient, kw: dict[str, Any]) -> None:
    """docs/api.md pinnacola: exactly one of closed_by, pinnacolone or stalled: true."""
    table, _ = create(client, "pinnacola", PN)
    table.refused(deal(1600, 0, 100, 0, **kw))


def test_pinnacola_cards_entry(client: FlaskClient) -> None:
    """docs/api.md / docs/rules.md §3: lists of cards are validated and valued by the server."""
    table, _ = create(client, "pinnacola", PN)
    body = deal(
        [["5H", "6H", "JK", "8H"], ["KS", "KH", "KD"]],  # 50 + 30
        [],
        [["AS", "AH", "AD", "AC"]],  # poker 120
        ["AS", "2C", "3D"],  # 15 + 20 + 5
        closed_by="Ana",
    )
    data = table.add_answer(body)
    assert data["hand"]["scores"] == {"Ana": 180, "Ben": 80}


def test_pinnacola_cards_and_points_mixed(client: FlaskClient) -> None:
    """docs/api.md: table and hand are points or lists of cards."""
    table, _ = create(client, "pinnacola", PN)
    data = table.add_answer(deal([["QH", "KH", "AH"]], 0, 150, ["JK"], closed_by="Ana"))
    assert data["hand"]["scores"] == {"Ana": 135, "Ben": 125}


def test_pinnacola_bad_meld_path(client: FlaskClient) -> None:
    """docs/api.md: error paths like `sides.Us.table[0]`."""
    table, _ = create(
        client,
        "pinnacola",
        P4,
        teams=[
            {"name": "Us", "players": ["Ana", "Cruz"]},
            {"name": "Them", "players": ["Ben", "Dee"]},
        ],
    )
    body = deal(
        [["KS", "KH", "KD"], ["5H", "6H"]], 0, 100, 20, closed_by="Us", names=["Us", "Them"]
    )
    table.refused(body, "sides.Us.table[1]")
    body = deal([["5H", "6H"]], 0, 100, 20, closed_by="Us", names=["Us", "Them"])
    table.refused(body, "sides.Us.table[0]")


@pytest.mark.parametrize(
    ("a_table", "a_hand", "path"),
    [
        (383, 0, "sides.Ana.table"),
        (380, 7, "sides.Ana.hand"),
        (-5, 0, "sides.Ana.table"),
        (380, ["2H"], "sides.Ana.hand"),
    ],
)
def test_pinnacola_bad_points(client: FlaskClient, a_table: int, a_hand: Any, path: str) -> None:
    """docs/api.md: table and hand are points in multiples of 5; docs/rules.md §5: red 2s are
    out."""
    table, _ = create(client, "pinnacola", PN)
    table.refused(deal(a_table, a_hand, 100, 0, closed_by="Ben"), path, path + "[0]")


def test_pinnacola_every_side_given(client: FlaskClient) -> None:
    """docs/rules.md §5: every side's table and hand must be given."""
    table, _ = create(client, "pinnacola", PN)
    body = deal(300, 0, 100, 20, closed_by="Ana")
    del body["sides"]["Ben"]
    table.refused(body)
    body = deal(300, 0, 100, 20, closed_by="Ana")
    del body["sides"]["Ben"]["hand"]
    table.refused(body)


def test_pinnacola_teams_partner_cards_count(client: FlaskClient) -> None:
    """docs/rules.md §3: in teams the closer's partner's cards still count against the side."""
    table, m = create(
        client,
        "pinnacola",
        P4,
        teams=[
            {"name": "Us", "players": ["Ana", "Cruz"]},
            {"name": "Them", "players": ["Ben", "Dee"]},
        ],
    )
    assert m["sides"] == ["Us", "Them"]
    data = table.add_answer(deal(300, 40, 250, 65, closed_by="Us", names=["Us", "Them"]))
    assert data["hand"]["scores"] == {"Us": 360, "Them": 185}
    assert data["match"]["totals"] == {"Us": 360, "Them": 185}


def test_pinnacola_pinnacolone_wins_at_once(client: FlaskClient) -> None:
    """docs/rules.md §3: Pinnacolone: no closing bonus, table >= 1500, the side wins at once."""
    table, _ = create(client, "pinnacola", PN, {"target": 3000})
    data = table.add_answer(deal(100, 0, 500, 0, closed_by="Ana"))
    data = table.add_answer(deal(1500, 20, 150, 0, pinnacolone="Ana"))
    assert data["hand"]["scores"] == {"Ana": 1480, "Ben": 150}
    match = data["match"]
    assert match["totals"] == {"Ana": 1680, "Ben": 650}
    assert match["status"] == "finished"
    assert match["winner"] == "Ana"


def test_pinnacolone_wins_even_if_behind(client: FlaskClient) -> None:
    """docs/rules.md §3: a Pinnacolone wins outright."""
    table, _ = create(client, "pinnacola", PN, {"target": 5000})
    table.add_answer(deal(0, 40, 2500, 0, closed_by="Ben"))  # Ana -140, Ben 2600
    data = table.add_answer(deal(1500, 0, 0, 0, pinnacolone="Ana"))
    match = data["match"]
    assert match["totals"] == {"Ana": 1360, "Ben": 2500}
    assert match["status"] == "finished"
    assert match["winner"] == "Ana"


def test_pinnacolone_table_below_1500_refused(client: FlaskClient) -> None:
    """docs/rules.md §3: the Pinnacolone side's table points include the 1500."""
    table, _ = create(client, "pinnacola", PN)
    table.refused(deal(1400, 0, 100, 0, pinnacolone="Ana"))


def test_pinnacolone_from_cards(client: FlaskClient) -> None:
    """docs/rules.md §3: a clean run of 13+ laid as cards is a Pinnacolone (1500)."""
    table, _ = create(client, "pinnacola", PN, {"pinelle": False})
    run = ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS", "QS", "KS"]
    data = table.add_answer(deal([run, ["KH", "KD", "KC"]], ["5C"], 60, 0, pinnacolone="Ana"))
    assert data["hand"]["scores"] == {"Ana": 1525, "Ben": 60}
    assert data["match"]["winner"] == "Ana"


def test_pinnacola_target(client: FlaskClient) -> None:
    """docs/rules.md §3: match to a target; the higher total wins."""
    table, _ = create(client, "pinnacola", PN, {"target": 500})
    data = table.add_answer(deal(300, 0, 100, 0, closed_by="Ana"))
    assert data["match"]["status"] == "in_progress"
    data = table.add_answer(deal(100, 0, 100, 30, closed_by="Ana"))
    assert data["match"]["totals"] == {"Ana": 600, "Ben": 170}
    assert data["match"]["status"] == "finished"
    assert data["match"]["winner"] == "Ana"
    assert table.add(deal(100, 0, 100, 30, closed_by="Ana")).status_code == 409


def test_pinnacola_both_over_higher_wins(client: FlaskClient) -> None:
    """docs/rules.md §3: the higher total wins (both over the target)."""
    table, _ = create(client, "pinnacola", PN, {"target": 500})
    data = table.add_answer(deal(400, 0, 600, 0, closed_by="Ana"))
    assert data["match"]["totals"] == {"Ana": 500, "Ben": 600}
    assert data["match"]["status"] == "finished"
    assert data["match"]["winner"] == "Ben"
    assert data["match"]["standings"] == ["Ben", "Ana"]


def test_pinnacola_tie_plays_another_deal(client: FlaskClient) -> None:
    """docs/rules.md §3: equal totals play another deal."""
    table, _ = create(client, "pinnacola", PN, {"target": 500})
    data = table.add_answer(deal(400, 0, 500, 0, closed_by="Ana"))
    assert data["match"]["totals"] == {"Ana": 500, "Ben": 500}
    assert data["match"]["status"] == "in_progress"
    assert data["match"]["winner"] is None
    data = table.add_answer(deal(0, 5, 50, 0, stalled=True))
    assert data["match"]["totals"] == {"Ana": 395, "Ben": 550}
    assert data["match"]["status"] == "finished"
    assert data["match"]["winner"] == "Ben"


def test_pinnacola_fixed_deals(client: FlaskClient) -> None:
    """docs/rules.md §3: a fixed number of deals (target null allowed only with deals)."""
    table, m = create(client, "pinnacola", PN, {"deals": 2, "target": None})
    assert m["rules"]["target"] is None
    data = table.add_answer(deal(1900, 0, 100, 0, closed_by="Ana"))
    assert data["match"]["status"] == "in_progress"
    data = table.add_answer(deal(100, 0, 100, 20, closed_by="Ana"))
    assert data["match"]["totals"] == {"Ana": 2200, "Ben": 180}
    assert data["match"]["status"] == "finished"
    assert data["match"]["winner"] == "Ana"


def test_pinnacola_fixed_deals_tie_plays_on(client: FlaskClient) -> None:
    """docs/rules.md §3: equal totals after the last deal play another deal."""
    table, _ = create(client, "pinnacola", PN, {"deals": 1, "target": None})
    data = table.add_answer(deal(100, 0, 200, 0, closed_by="Ana"))
    assert data["match"]["totals"] == {"Ana": 200, "Ben": 200}
    assert data["match"]["status"] == "in_progress"
    data = table.add_answer(deal(100, 0, 200, 0, closed_by="Ben"))
    assert data["match"]["status"] == "finished"
    assert data["match"]["winner"] == "Ben"


def test_pinnacola_target_before_deals(client: FlaskClient) -> None:
    """docs/rules.md §3: target or deals, whichever comes first when both are set."""
    table, _ = create(client, "pinnacola", PN, {"deals": 5, "target": 1500})
    data = table.add_answer(deal(1500, 0, 0, 10, closed_by="Ana"))
    assert data["match"]["status"] == "finished"
    assert data["match"]["winner"] == "Ana"


@pytest.mark.parametrize(
    "rules",
    [
        {"target": None},
        {"hand_size": 12},
        {"stall": "maybe"},
        {"pinelle": "yes"},
        {"min_bid": 300},
        {"deals": 0},
    ],
)
def test_pinnacola_bad_options(client: FlaskClient, rules: dict[str, Any]) -> None:
    """docs/rules.md §4: pinnacola options; target null only when deals is set."""
    resp = create_raw(client, "pinnacola", PN, rules)
    assert resp.status_code == 422
    assert any(k.startswith("rules") for k in errors_of(resp))


@pytest.mark.parametrize("players", [["Ana"], P3, P5])
def test_pinnacola_player_count(client: FlaskClient, players: list[str]) -> None:
    """docs/rules.md §5: pinnacola 2 or 4 players."""
    resp = create_raw(client, "pinnacola", players)
    assert resp.status_code == 422


# =========================================================================== further probes


P6 = ["Ana", "Ben", "Cruz", "Dee", "Eve", "Fay"]


def test_six_players_dealer_and_second_and_fourth_on_left_sit_out(client: FlaskClient) -> None:
    """docs/rules.md §2 (revision 2): 6: three are dealt in, the dealer and the second and fourth
    on his left sit out (the 1st, 3rd and 5th play); 300 = 1 unit (doubling, revision 2)."""
    table, m = create(client, "auction", P6)
    assert m["leader"] == "Ben"
    table.refused(made("Ana", 300), "bidder")
    table.refused(made("Cruz", 300), "bidder")
    table.refused(made("Eve", 300), "bidder")
    data = table.add_answer(made("Dee", 300))
    assert players_of(data["hand"]["payments"], P6) == {
        "Ana": -1,
        "Ben": -1,
        "Cruz": -1,
        "Dee": 5,
        "Eve": -1,
        "Fay": -1,
    }


def test_bidder_meld_counts_without_tricks(client: FlaskClient) -> None:
    """docs/rules.md §2: the bidder's meld always counts toward his bid."""
    table, _ = create(client, "auction", P3)
    body = {"bidder": "Ben", "bid": 300, "trump": "hearts", "meld": 300, "tricks": 0}
    assert table.add_answer(body)["hand"]["payments"]["Ben"] == 2  # 1 unit (§2, revision 2)


def test_units_meld_as_list(client: FlaskClient) -> None:
    """docs/api.md: a meld is either a number or a list of meld ids (run 150 + pinochle 40)."""
    table, _ = create(client, "auction", P3)
    body = {"bidder": "Ben", "bid": 300, "trump": "hearts", "meld": ["run", "pinochle"]}
    data = table.add_answer({**body, "tricks": 110})
    assert data["hand"]["payments"]["Ben"] == 2  # 300 = 1 unit (§2, revision 2)
    data = table.add_answer({**body, "tricks": 100})
    assert data["hand"]["payments"]["Ben"] == -6


def test_units_tricks_over_250_refused(client: FlaskClient) -> None:
    """docs/rules.md §1: a hand holds 250 trick points (classic)."""
    table, _ = create(client, "auction", P3)
    body = {"bidder": "Ben", "bid": 300, "trump": "hearts", "meld": 100, "tricks": 260}
    table.refused(body, "tricks")


def test_units_meld_over_3000_refused(client: FlaskClient) -> None:
    """docs/rules.md §5: a side's meld in one hand is at most 3000 points."""
    table, _ = create(client, "auction", P3)
    body = {"bidder": "Ben", "bid": 300, "trump": "hearts", "meld": 3010, "tricks": 100}
    table.refused(body, "meld")


def test_correct_auction_hand_recomputes(client: FlaskClient) -> None:
    """docs/api.md PUT: replaces an earlier hand; every later total recomputed (kitty too)."""
    table, _ = create(client, "auction", P3)
    # docs/rules.md §2 revision 2: doubling pays 1 unit at 300-340, 2 at 350-390, 4 at 400-440
    table.add_answer(made("Ben", 300, "hearts", "set"))  # A+2 B-6 C+2 k+2
    table.add_answer(made("Cruz", 300))  # A-1 B-1 C+2
    resp = client.put(
        table.url("/hands/1"),
        json=made("Ben", 350, "spades"),
        headers=table.auth,
    )
    assert resp.status_code == 200, resp.get_json()
    match = resp.get_json()["match"]
    # hand 1 now: A-4 B+18 C-4 kitty-10
    assert match["totals"] == {"Ana": -5, "Ben": 17, "Cruz": -2}
    assert match["kitty"] == -10


def test_points_bidder_made_wins_even_if_lower(client: FlaskClient) -> None:
    """docs/rules.md §2: if the bidder made it and reaches the target he wins (counted first)."""
    table = _points_opening(client)
    data = table.add_answer(
        pts("Ana", 300, {"Ana": 200, "Ben": 300, "Cruz": 0}, {"Ana": 100, "Ben": 100, "Cruz": 50}),
    )
    match = data["match"]
    assert match["totals"] == {"Ana": 1200, "Ben": 1350, "Cruz": 100}
    assert match["status"] == "finished"
    assert match["winner"] == "Ana"


def test_points_took_trick_box(client: FlaskClient) -> None:
    """docs/rules.md §1/§5: took_trick is accepted in every pinochle form (a trick worth 0)."""
    table, _ = create(client, "auction", P3, {"scoring": "points"})
    body = pts(
        "Ben",
        300,
        {"Ana": 60, "Ben": 150, "Cruz": 20},
        {"Ana": 0, "Ben": 200, "Cruz": 50},
        took_trick={"Ana": True},
    )
    assert table.add_answer(body)["hand"]["scores"] == {"Ana": 60, "Ben": 350, "Cruz": 70}


def test_points_concession_tricks_left_out(client: FlaskClient) -> None:
    """docs/rules.md §2: on a concession no trick is played; an opponent scores his meld only."""
    table, _ = create(client, "auction", P3, {"scoring": "points"})
    body = {
        "bidder": "Ana",
        "bid": 400,
        "trump": "clubs",
        "outcome": "conceded",
        "meld": {"Ana": 200, "Ben": 40, "Cruz": 20},
    }
    assert table.add_answer(body)["hand"]["scores"] == {"Ana": -400, "Ben": 40, "Cruz": 20}


def test_points_counters_multiples_of_ten(client: FlaskClient) -> None:
    """docs/rules.md §1: under counters each side's trick points are a multiple of 10."""
    table, _ = create(client, "auction", P3, {"scoring": "points", "counting": "counters"})
    body = pts("Ben", 300, {"Ana": 0, "Ben": 150, "Cruz": 0}, {"Ana": 45, "Ben": 160, "Cruz": 45})
    table.refused(body)
    body = pts("Ben", 300, {"Ana": 0, "Ben": 150, "Cruz": 0}, {"Ana": 50, "Ben": 160, "Cruz": 40})
    assert table.add_answer(body)["hand"]["scores"] == {"Ana": 50, "Ben": 310, "Cruz": 40}


def test_points_five_players(client: FlaskClient) -> None:
    """docs/rules.md §2/§5: with 5, dealer and second on his left are dealt out (points mode)."""
    table, _ = create(client, "auction", P5, {"scoring": "points"})
    body = pts("Dee", 300, {"Ben": 0, "Dee": 200, "Eve": 40}, {"Ben": 30, "Dee": 150, "Eve": 70})
    data = table.add_answer(body)
    totals = data["match"]["totals"]
    assert totals == {"Ana": 0, "Ben": 30, "Cruz": 0, "Dee": 350, "Eve": 110}


@pytest.mark.parametrize(
    ("cards", "pinelle", "points"),
    [
        (["5H", "JK", "JK", "8H"], True, 65),  # several wilds
        (["KS", "JK", "JK", "JK"], True, 85),
        (["AH", "2S", "3H"], True, 40),  # the 2S is a wild (A-3-4)
        (["2S", "3S", "4S"], True, 30),  # black 2 in a run is a wild
        (["AS", "2S", "3S", "4S", "5S", "6S", "7S"], False, 110),  # clean 7: Pinnacola
        (["10S", "JS", "QS", "KS", "AS"], True, 55),
    ],
)
def test_meld_pinnacola_more_values(
    client: FlaskClient, cards: list[str], pinelle: bool, points: int
) -> None:
    """docs/rules.md §3: wilds count their own value; pinelle; Pinnacola x2."""
    resp = meld_pinnacola(client, cards, pinelle)
    assert resp.status_code == 200, resp.get_json()
    assert resp.get_json()["points"] == points


@pytest.mark.parametrize(
    "cards",
    [
        ["KH", "AH", "3H"],  # no wrap around
        ["KS", "KS", "KH", "KD"],  # poker needs different suits
        ["JK", "JK"],
    ],
)
def test_meld_pinnacola_more_refused(client: FlaskClient, cards: list[str]) -> None:
    """docs/rules.md §3: sets in different suits, runs A low or A high."""
    assert meld_pinnacola(client, cards).status_code == 422


def test_meld_pinochle_double(client: FlaskClient) -> None:
    """docs/rules.md §5: the calculator reports the double form when a hand holds all eight."""
    cards = ["AS", "AS", "AH", "AH", "AD", "AD", "AC", "AC", "9H", "10C"]
    resp = client.post(
        f"{API}/meld/pinochle", json={"cards": cards, "trump": "hearts", "melds": "standard"}
    )
    assert resp.status_code == 200, resp.get_json()
    body = resp.get_json()
    got = {m["id"]: (m["count"], m["points"]) for m in body["melds"]}
    assert got == {"double_aces": (1, 1000), "dix": (1, 10)}
    assert body["total"] == 1010


def test_pinnacola_default_teams(client: FlaskClient) -> None:
    """docs/api.md: teams default: players 1+3 and 2+4, named "Team 1" and "Team 2"."""
    table, m = create(client, "pinnacola", P4)
    assert m["sides"] == ["Team 1", "Team 2"]
    body = deal(0, 20, 300, 0, closed_by="Team 2", in_mano=True, names=["Team 1", "Team 2"])
    assert table.add_answer(body)["hand"]["scores"] == {"Team 1": -120, "Team 2": 500}


def test_pinnacola_player_as_side_refused_in_teams(client: FlaskClient) -> None:
    """docs/rules.md §5: closed_by and pinnacolone take side names."""
    table, _ = create(client, "pinnacola", P4)
    body = deal(0, 20, 300, 0, closed_by="Ben", names=["Team 1", "Team 2"])
    table.refused(body)


def test_pinnacola_stall_void_no_meld(client: FlaskClient) -> None:
    """docs/rules.md §3: stall void scores the deal 0 for all (no -100 either)."""
    table, _ = create(client, "pinnacola", PN, {"stall": "void"})
    data = table.add_answer(deal(0, 30, 0, 50, stalled=True))
    assert data["hand"]["scores"] == {"Ana": 0, "Ben": 0}


def test_doubling_top_bid(client: FlaskClient) -> None:
    """docs/rules.md §2/§4: doubling doubles every 50 from 650; bids up to 2000 (2000: 2**34
    units: revision 2's doubling doubles every 50 from 350, 1 unit at 300-340)."""
    table, _ = create(client, "auction", P5)
    data = table.add_answer(made("Ben", 2000, "spades"))
    u = 2**34 * 2
    assert data["hand"]["payments"] == {
        "Ana": -u,
        "Ben": 4 * u + 10,
        "Cruz": -u,
        "Dee": -u,
        "Eve": -u,
        "kitty": -10,
    }
    s = table.settlement().get_json()
    assert sum(s["balances"].values()) == 0
    assert table.get()["totals"]["Ben"] == 4 * u + 10


def test_points_all_pass(client: FlaskClient) -> None:
    """docs/rules.md §2: all pass: the hand is thrown in, the deal passes on."""
    table, _ = create(client, "auction", P3, {"scoring": "points"})
    data = table.add_answer({"outcome": "all_pass"})
    assert data["hand"]["scores"] == {"Ana": 0, "Ben": 0, "Cruz": 0}
    assert data["match"]["dealer"] == "Ben"
    assert data["match"]["leader"] == "Cruz"


def test_points_bidder_meld_counts_without_trick_points(client: FlaskClient) -> None:
    """docs/rules.md §2: the bidder's meld always counts (his buried cards are his)."""
    table, _ = create(client, "auction", P3, {"scoring": "points"})
    body = pts("Ben", 300, {"Ana": 0, "Ben": 300, "Cruz": 0}, {"Ana": 130, "Ben": 0, "Cruz": 120})
    assert table.add_answer(body)["hand"]["scores"] == {"Ana": 130, "Ben": 300, "Cruz": 120}


@pytest.mark.parametrize("players", [["Ana", "Ben"], P6 + ["Gus"]])
def test_auction_player_count(client: FlaskClient, players: list[str]) -> None:
    """docs/rules.md §5: auction 3-6 players."""
    assert create_raw(client, "auction", players).status_code == 422


@pytest.mark.parametrize("value", ["abc", "-1", "0"])
def test_unit_value_refused(client: FlaskClient, value: str) -> None:
    """docs/rules.md §4: unit_value is money per unit."""
    resp = create_raw(client, "auction", P3, {"unit_value": value})
    assert resp.status_code == 422


def test_pinnacolone_beats_higher_opponent(client: FlaskClient) -> None:
    """docs/rules.md §3: a Pinnacolone wins outright, even if the other side passes the target
    too."""
    table, _ = create(client, "pinnacola", PN)
    data = table.add_answer(deal(1500, 0, 1800, 0, pinnacolone="Ana"))
    assert data["hand"]["scores"] == {"Ana": 1500, "Ben": 1800}
    assert data["match"]["status"] == "finished"
    assert data["match"]["winner"] == "Ana"


def test_meld_pinnacola_a_high_pinnacola(client: FlaskClient) -> None:
    """docs/rules.md §3: A high as Q-K-A; a clean run of 7 is a Pinnacola (x2)."""
    resp = meld_pinnacola(client, ["8D", "9D", "10D", "JD", "QD", "KD", "AD"])
    assert resp.status_code == 200
    assert resp.get_json()["points"] == 150


def test_points_correction_ending_early_is_409(client: FlaskClient) -> None:
    """docs/api.md PUT: a correction that would end the match before hands that follow it: 409."""
    table = _points_opening(client)
    table.add_answer(
        pts("Ben", 300, {"Ana": 0, "Ben": 0, "Cruz": 0}, {"Ana": 20, "Ben": 0, "Cruz": 230}),
    )
    body = pts("Ana", 300, {"Ana": 900, "Ben": 0, "Cruz": 0}, {"Ana": 100, "Ben": 100, "Cruz": 50})
    resp = client.put(table.url("/hands/1"), json=body, headers=table.auth)
    assert resp.status_code == 409


@pytest.mark.parametrize(
    "meld",
    [
        ["run", "double_run"],
        ["aces_around", "double_aces"],
        ["pinochle", "double_pinochle"],
        ["run", "run", "royal_marriage"],
        ["marriage"] * 7,
        ["dix", "dix", "dix"],
    ],
)
def test_auction_meld_list_feasibility(client: FlaskClient, meld: Any) -> None:
    """docs/rules.md §1/§5: meld lists refused when infeasible in the all-at-once forms."""
    table, _ = create(client, "auction", P3)
    body = {"bidder": "Ben", "bid": 300, "trump": "hearts", "meld": meld, "tricks": 200}
    errs = table.refused(body)
    assert any(k.startswith("meld") for k in errs), errs


def test_points_meld_list_path(client: FlaskClient) -> None:
    """docs/api.md: paths like meld.Ben[2]; docs/rules.md §5: checked per side."""
    table, _ = create(client, "auction", P3, {"scoring": "points"})
    body = pts(
        "Ben",
        300,
        {"Ana": 0, "Ben": ["run", "dix", "double_run"], "Cruz": 0},
        {"Ana": 50, "Ben": 160, "Cruz": 40},
    )
    errs = table.refused(body)
    assert any(k.startswith("meld.Ben") for k in errs), errs


def test_write_needs_token_and_version(client: FlaskClient) -> None:
    """docs/api.md: 401 without a valid token; 409 for a stale version; Idempotency-Key replays."""
    table, _ = create(client, "auction", P3)
    assert client.post(table.url("/hands"), json=made("Ben", 300)).status_code == 401
    hdr = {**table.auth, "Idempotency-Key": "k1"}
    r1 = client.post(table.url("/hands"), json=made("Ben", 300), headers=hdr)
    r2 = client.post(table.url("/hands"), json=made("Ben", 300), headers=hdr)
    assert r1.status_code == 201
    assert r2.get_json() == r1.get_json()
    assert len(table.get()["hands"]) == 1
    resp = table.add({**made("Ben", 300), "version": 1})
    assert resp.status_code == 409
    assert table.add({**made("Ben", 300), "version": 2}).status_code == 201
