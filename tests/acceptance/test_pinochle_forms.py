"""Acceptance cases for the pinochle forms, worked out by hand from docs/rules.md and docs/api.md.

Forms: ``pinochle-2``, ``pinochle-3``, ``pinochle-4`` and ``partnership-auction``. Every case
talks to the API over HTTP only and cites the section of docs/rules.md (or docs/api.md) it comes
from.
Only what those pages fix is asserted: status codes, field names, values, error path keys.
"""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.helpers import API, MatchClient, errors_of

MATCHES = f"{API}/matches"


# --------------------------------------------------------------------------- helpers


def create(client: FlaskClient, variant: str, players: list[str], **extra: Any) -> MatchClient:
    """A match created over the API (must succeed), as a :class:`MatchClient`."""
    table = MatchClient(client)
    table.create({"variant": variant, "players": players, **extra})
    return table


def two(client: FlaskClient, **rules: Any) -> MatchClient:
    body: dict[str, Any] = {"rules": rules} if rules else {}
    return create(client, "pinochle-2", ["Ana", "Ben"], **body)


def three(client: FlaskClient, **rules: Any) -> MatchClient:
    body: dict[str, Any] = {"rules": rules} if rules else {}
    return create(client, "pinochle-3", ["Ana", "Ben", "Cruz"], **body)


def hand(meld: dict[str, Any], tricks: dict[str, int], **extra: Any) -> dict[str, Any]:
    return {"meld": meld, "tricks": tricks, **extra}


def assert_refused(resp: Any, path: str | tuple[str, ...], status: int = 422) -> None:
    """A refusal with ``status`` whose errors name ``path`` (or one of several paths)."""
    assert resp.status_code == status, resp.get_json()
    paths = (path,) if isinstance(path, str) else path
    errs = errors_of(resp)
    assert any(p in errs for p in paths), errs


def pa(client: FlaskClient, **rules: Any) -> MatchClient:
    """A partnership auction with named teams (Us = Ana+Cruz, Them = Ben+Dee)."""
    body: dict[str, Any] = {
        "teams": [
            {"name": "Us", "players": ["Ana", "Cruz"]},
            {"name": "Them", "players": ["Ben", "Dee"]},
        ]
    }
    if rules:
        body["rules"] = rules
    return create(client, "partnership-auction", ["Ana", "Ben", "Cruz", "Dee"], **body)


# --------------------------------------------------------------------------- creation, defaults


def test_pinochle2_defaults_and_first_dealer(client: FlaskClient) -> None:
    """docs/rules.md §4 options by variant (defaults); docs/api.md Matches (dealer default, version
    1)."""
    m = two(client)
    match = m.get()
    assert match["variant"] == "pinochle-2"
    assert match["version"] == 1
    rules = match["rules"]
    assert rules["counting"] == "classic"
    assert rules["target"] == 1000
    assert rules["tie_rule"] == "raise"
    assert rules["declare_out"] is True
    assert rules["trump_by_first_marriage"] is False
    assert match["sides"] == ["Ana", "Ben"]
    assert match["hands"] == []
    assert match["totals"] == {"Ana": 0, "Ben": 0}
    assert match["status"] == "in_progress"
    assert match["winner"] is None
    assert match["dealer"] == "Ana"
    assert match["leader"] == "Ben"


def test_simple_counting_default_target_is_100(client: FlaskClient) -> None:
    """docs/rules.md §4: `target` (1000; 100 under `simple`)."""
    m = two(client, counting="simple")
    assert m.get()["rules"]["target"] == 100


def test_defaults_of_other_forms(client: FlaskClient) -> None:
    """docs/rules.md §4 defaults: pinochle-3 play_on/declare_out, pinochle-4 partnerships,
    partnership-auction min_bid 250 / target 1000."""
    r3 = three(client).get()["rules"]
    assert r3["play_on"] is True
    assert r3["declare_out"] is True
    assert r3["target"] == 1000
    r4 = create(client, "pinochle-4", ["Ana", "Ben", "Cruz", "Dee"]).get()["rules"]
    assert r4["partnerships"] is True
    assert r4["target"] == 1000
    rpa = create(client, "partnership-auction", ["Ana", "Ben", "Cruz", "Dee"]).get()["rules"]
    assert rpa["min_bid"] == 250
    assert rpa["target"] == 1000
    assert rpa["counting"] == "classic"


def test_pinochle4_default_teams(client: FlaskClient) -> None:
    """docs/api.md: teams default: partners sit opposite (players 1+3 and 2+4), "Team 1"/"Team 2".
    docs/rules.md §2 pinochle-4: partners share one score."""
    m = create(client, "pinochle-4", ["Ana", "Ben", "Cruz", "Dee"])
    match = m.get()
    assert match["sides"] == ["Team 1", "Team 2"]
    match = m.add_ok(hand({"Team 1": 100, "Team 2": 60}, {"Team 1": 150, "Team 2": 100}))
    assert match["hands"][0]["scores"] == {"Team 1": 250, "Team 2": 160}
    assert match["totals"] == {"Team 1": 250, "Team 2": 160}
    assert match["dealer"] == "Ben"
    assert match["leader"] == "Cruz"
    assert match["standings"] == ["Team 1", "Team 2"]


@pytest.mark.parametrize(
    ("variant", "players", "rules", "path"),
    [
        ("pinochle-2", ["Ana", "Ben"], {"play_on": False}, "rules.play_on"),
        ("pinochle-2", ["Ana", "Ben"], {"partnerships": False}, "rules.partnerships"),
        ("pinochle-2", ["Ana", "Ben"], {"counting": "bogus"}, "rules.counting"),
        ("pinochle-2", ["Ana", "Ben"], {"tie_rule": "coin"}, "rules.tie_rule"),
        ("pinochle-2", ["Ana", "Ben"], {"colour": "red"}, "rules.colour"),
        ("pinochle-2", ["Ana", "Ben"], {"melds": "no-such-preset"}, "rules.melds"),
        (
            "pinochle-3",
            ["Ana", "Ben", "Cruz"],
            {"trump_by_first_marriage": True},
            "rules.trump_by_first_marriage",
        ),
        ("pinochle-3", ["Ana", "Ben", "Cruz"], {"partnerships": True}, "rules.partnerships"),
        ("pinochle-4", ["Ana", "Ben", "Cruz", "Dee"], {"declare_out": True}, "rules.declare_out"),
        ("pinochle-4", ["Ana", "Ben", "Cruz", "Dee"], {"play_on": True}, "rules.play_on"),
        (
            "partnership-auction",
            ["Ana", "Ben", "Cruz", "Dee"],
            {"tie_rule": "higher"},
            "rules.tie_rule",
        ),
        (
            "partnership-auction",
            ["Ana", "Ben", "Cruz", "Dee"],
            {"counting": "simple"},
            "rules.counting",
        ),
        ("partnership-auction", ["Ana", "Ben", "Cruz", "Dee"], {"min_bid": 255}, "rules.min_bid"),
        # Bicycle: "The lowest bid is 100".
        ("partnership-auction", ["Ana", "Ben", "Cruz", "Dee"], {"min_bid": 90}, "rules.min_bid"),
        (
            "partnership-auction",
            ["Ana", "Ben", "Cruz", "Dee"],
            {"partnerships": False},
            "rules.partnerships",
        ),
        ("partnership-auction", ["Ana", "Ben", "Cruz", "Dee"], {"kitty": True}, "rules.kitty"),
    ],
)
def test_options_refused(
    client: FlaskClient, variant: str, players: list[str], rules: dict[str, Any], path: str
) -> None:
    """docs/rules.md §4: every option listed may be set; any other name is refused (422);
    auctions use classic or counters only; min_bid a multiple of 10, at least 250 in auction
    and 100 in partnership auction."""
    resp = client.post(MATCHES, json={"variant": variant, "players": players, "rules": rules})
    assert_refused(resp, path)


@pytest.mark.parametrize(
    ("variant", "players"),
    [
        ("pinochle-2", ["Ana", "Ben", "Cruz"]),
        ("pinochle-3", ["Ana", "Ben"]),
        ("pinochle-4", ["Ana", "Ben", "Cruz"]),
        ("partnership-auction", ["Ana", "Ben", "Cruz", "Dee", "Eve"]),
    ],
)
def test_player_counts_refused(client: FlaskClient, variant: str, players: list[str]) -> None:
    """docs/rules.md §5: player counts pinochle-2 2, pinochle-3 3, pinochle-4 4,
    partnership-auction 4."""
    resp = client.post(MATCHES, json={"variant": variant, "players": players})
    assert resp.status_code == 422


def test_player_names_distinct_ignoring_case(client: FlaskClient) -> None:
    """docs/rules.md §5: player names distinct ignoring case; docs/api.md path `players[1]`."""
    resp = client.post(MATCHES, json={"variant": "pinochle-2", "players": ["Ana", " ana "]})
    assert_refused(resp, "players[1]")


def test_team_name_equal_to_player_refused(client: FlaskClient) -> None:
    """docs/rules.md §5: team names distinct from the player names."""
    resp = client.post(
        MATCHES,
        json={
            "variant": "pinochle-4",
            "players": ["Ana", "Ben", "Cruz", "Dee"],
            "teams": [
                {"name": "Ana", "players": ["Ana", "Cruz"]},
                {"name": "Them", "players": ["Ben", "Dee"]},
            ],
        },
    )
    assert resp.status_code == 422


# --------------------------------------------------------------------------- pinochle-2 scoring


def test_pinochle2_hand_totals_dealer_leader(client: FlaskClient) -> None:
    """docs/rules.md §2 pinochle-2 (meld and trick points per player); §6 dealer passes left;
    docs/api.md leader = first active player on the dealer's left."""
    m = two(client)
    match = m.add_ok(hand({"Ana": 150, "Ben": ["marriage", "dix"]}, {"Ana": 130, "Ben": 120}))
    assert match["hands"][0]["number"] == 1
    assert match["hands"][0]["dealer"] == "Ana"
    assert match["hands"][0]["scores"] == {"Ana": 280, "Ben": 150}
    assert match["totals"] == {"Ana": 280, "Ben": 150}
    assert match["dealer"] == "Ben"
    assert match["leader"] == "Ana"
    assert match["version"] == 2
    assert match["standings"] == ["Ana", "Ben"]
    match = m.add_ok(hand({"Ana": 0, "Ben": ["run", "pinochle"]}, {"Ana": 50, "Ben": 200}))
    assert match["hands"][1]["dealer"] == "Ben"
    assert match["hands"][1]["scores"] == {"Ana": 50, "Ben": 390}
    assert match["totals"] == {"Ana": 330, "Ben": 540}
    assert match["standings"] == ["Ben", "Ana"]
    assert match["dealer"] == "Ana"
    assert match["leader"] == "Ben"
    assert match["version"] == 3


def test_pinochle2_meld_list_values_standard(client: FlaskClient) -> None:
    """docs/rules.md §1 meld table `standard`; §5 a list is worth the sum of its items.
    `meld_reuse: extend` (docs/rules.md §1): aces_around with double_aces in one hand."""
    m = two(client, meld_reuse="extend")
    ana = ["double_run", "double_pinochle", "aces_around", "double_aces"]  # 1500+300+100+1000
    ben = ["run", "run", "royal_marriage", "marriage", "kings_around", "queens_around"]
    match = m.add_ok(hand({"Ana": ana, "Ben": ben}, {"Ana": 0, "Ben": 250}))
    # 2900 for Ana, 150+150+40+20+80+60 = 500 for Ben
    assert match["hands"][0]["scores"] == {"Ana": 2900, "Ben": 750}


def test_pinochle2_seed004_meld_preset(client: FlaskClient) -> None:
    """docs/rules.md §1 meld table `seed-004`: double_pinochle 400, double_queens 400."""
    m = two(client, melds="seed-004")
    match = m.add_ok(
        hand({"Ana": ["double_pinochle"], "Ben": ["double_queens"]}, {"Ana": 125, "Ben": 125})
    )
    assert match["hands"][0]["scores"] == {"Ana": 525, "Ben": 525}


def test_pinochle2_custom_meld_values(client: FlaskClient) -> None:
    """docs/rules.md §4: `melds` an object of meld id -> value; missing ids keep `standard`."""
    m = two(client, melds={"pinochle": 60, "dix": 20})
    match = m.add_ok(
        hand({"Ana": ["pinochle", "dix"], "Ben": ["marriage"]}, {"Ana": 100, "Ben": 150})
    )
    assert match["hands"][0]["scores"] == {"Ana": 180, "Ben": 170}


def test_pinochle2_meld_counts_without_trick(client: FlaskClient) -> None:
    """docs/rules.md §1: meld saved by a trick in every form *except two-handed*;
    §5: took_trick changes nothing in two-handed play."""
    m = two(client)
    match = m.add_ok(
        hand({"Ana": 100, "Ben": 40}, {"Ana": 0, "Ben": 250}, took_trick={"Ana": False})
    )
    assert match["hands"][0]["scores"] == {"Ana": 100, "Ben": 290}


def test_tricks_must_add_up_classic(client: FlaskClient) -> None:
    """docs/rules.md §1: trick points must add up to the system's total (250)."""
    m = two(client)
    resp = m.add(hand({"Ana": 0, "Ben": 0}, {"Ana": 130, "Ben": 100}))
    assert resp.status_code == 422
    assert any(k.startswith("tricks") or k == "_" for k in errors_of(resp))
    match = m.get()
    assert match["hands"] == []
    assert match["version"] == 1


def test_counters_tricks_multiple_of_ten(client: FlaskClient) -> None:
    """docs/rules.md §1 counters: total 250, each side's points a multiple of 10."""
    m = two(client, counting="counters")
    resp = m.add(hand({"Ana": 0, "Ben": 0}, {"Ana": 125, "Ben": 125}))
    assert resp.status_code == 422
    assert any(k.startswith("tricks") for k in errors_of(resp))
    match = m.add_ok(hand({"Ana": 20, "Ben": 0}, {"Ana": 130, "Ben": 120}))
    assert match["totals"] == {"Ana": 150, "Ben": 120}


def test_simple_counting_divides_melds_and_target(client: FlaskClient) -> None:
    """docs/rules.md §1 simple: total per hand 25, melds divided by 10; §5 a run is 15."""
    m = two(client, counting="simple")
    match = m.add_ok(
        hand({"Ana": ["run", "pinochle"], "Ben": ["dix", "marriage"]}, {"Ana": 15, "Ben": 10})
    )
    assert match["hands"][0]["scores"] == {"Ana": 34, "Ben": 13}
    resp = m.add(hand({"Ana": 0, "Ben": 0}, {"Ana": 150, "Ben": 100}))
    assert resp.status_code == 422
    # 34 + 66 = 100 reaches the simple target of 100.
    match = m.add_ok(hand({"Ana": 56, "Ben": 0}, {"Ana": 10, "Ben": 15}))
    assert match["totals"] == {"Ana": 100, "Ben": 28}
    assert match["status"] == "finished"
    assert match["winner"] == "Ana"


def test_simple_custom_meld_values_divided_by_10(client: FlaskClient) -> None:
    """docs/rules.md §5: custom meld values are given in standard points and divided by 10."""
    m = two(client, counting="simple", melds={"run": 200})
    match = m.add_ok(hand({"Ana": ["run"], "Ben": ["aces_around"]}, {"Ana": 20, "Ben": 5}))
    assert match["hands"][0]["scores"] == {"Ana": 40, "Ben": 15}


def test_simple_target_rises_by_25(client: FlaskClient) -> None:
    """docs/rules.md §5: under simple the target rises by 25."""
    m = two(client, counting="simple")
    match = m.add_ok(hand({"Ana": 90, "Ben": 95}, {"Ana": 15, "Ben": 10}))  # 105 / 105
    assert match["status"] == "in_progress"
    assert match["winner"] is None
    match = m.add_ok(hand({"Ana": 0, "Ben": 0}, {"Ana": 15, "Ben": 10}))  # 120 / 115 < 125
    assert match["status"] == "in_progress"
    assert match["winner"] is None
    match = m.add_ok(hand({"Ana": 0, "Ben": 0}, {"Ana": 5, "Ben": 20}))  # 125 / 135 -> 150
    assert match["status"] == "in_progress"
    assert match["winner"] is None
    match = m.add_ok(hand({"Ana": 0, "Ben": 0}, {"Ana": 0, "Ben": 25}))  # 125 / 160
    assert match["status"] == "finished"
    assert match["winner"] == "Ben"


@pytest.mark.parametrize(
    ("rules", "meld", "ok"),
    [
        ({}, 3000, True),
        ({}, 3010, False),
        ({"counting": "simple"}, 300, True),
        ({"counting": "simple"}, 310, False),
    ],
)
def test_meld_at_most_3000(client: FlaskClient, rules: dict[str, Any], meld: int, ok: bool) -> None:
    """docs/rules.md §5: a side's meld in one hand is at most 3000 points (300 under simple)."""
    m = two(client, **rules)
    total = 25 if rules else 250
    resp = m.add(hand({"Ana": meld, "Ben": 0}, {"Ana": total, "Ben": 0}))
    if ok:
        assert resp.status_code == 201, resp.get_json()
    else:
        assert_refused(resp, "meld.Ana")


def test_meld_list_over_3000_refused(client: FlaskClient) -> None:
    """docs/rules.md §5: 3000 bound applies to the side's meld, lists included."""
    m = two(client)
    ana = ["double_run", "double_aces", "double_kings"]  # 3300
    resp = m.add(hand({"Ana": ana, "Ben": 0}, {"Ana": 250, "Ben": 0}))
    assert resp.status_code == 422
    assert any(k.startswith("meld.Ana") for k in errors_of(resp))


# --------------------------------------------------------------------------- feasibility


@pytest.mark.parametrize(
    ("ben", "path"),
    [
        (["run", "run", "run"], "meld.Ben[2]"),
        (["dix", "dix", "dix"], "meld.Ben[2]"),
        (["pinochle", "pinochle", "pinochle"], "meld.Ben[2]"),
        (["royal_marriage"] * 3, "meld.Ben[2]"),
        (["marriage"] * 7, "meld.Ben[6]"),
        (["dix", "kings_around", "kings_around", "kings_around"], "meld.Ben[3]"),
        (["double_aces", "double_aces"], "meld.Ben[1]"),
        (["dix", "not_a_meld"], "meld.Ben[1]"),
    ],
)
def test_pinochle2_infeasible_meld_lists(client: FlaskClient, ben: list[str], path: str) -> None:
    """docs/rules.md §1 feasibility: a list is refused, naming the meld, when it asks for more than
    a 48-card deck holds; docs/api.md error path `meld.Ben[2]`; nothing stored."""
    m = two(client)
    resp = m.add(hand({"Ana": 0, "Ben": ben}, {"Ana": 125, "Ben": 125}))
    assert_refused(resp, path)
    assert m.get()["version"] == 1


def test_pinochle2_extension_allowed(client: FlaskClient) -> None:
    """docs/rules.md §1 `meld_reuse: extend` (Hoyle: "or in a higher-scoring meld of the same
    class"): in two-handed play aces_around and double_aces may both appear. (Revision 2 made
    `new-cards` the default, which refuses it: tests/rules/test_pinochle_rev2.py.)"""
    m = two(client, meld_reuse="extend")
    match = m.add_ok(
        hand(
            {"Ana": ["aces_around", "double_aces"], "Ben": ["pinochle", "double_pinochle"]},
            {"Ana": 125, "Ben": 125},
        )
    )
    assert match["hands"][0]["scores"] == {"Ana": 1225, "Ben": 465}


@pytest.mark.parametrize(
    ("ben", "paths"),
    [
        (["aces_around", "double_aces"], ("meld.Ben[0]", "meld.Ben[1]")),
        (["pinochle", "double_pinochle"], ("meld.Ben[0]", "meld.Ben[1]")),
        (["run", "double_run"], ("meld.Ben[0]", "meld.Ben[1]")),
        (["run", "royal_marriage", "royal_marriage"], ("meld.Ben[2]",)),
        (["double_run", "royal_marriage"], ("meld.Ben[1]",)),
    ],
)
def test_pinochle3_all_at_once_conflicts(
    client: FlaskClient, ben: list[str], paths: tuple[str, ...]
) -> None:
    """docs/rules.md §5: in the all-at-once forms a list may not hold an *_around with its double_*,
    pinochle with double_pinochle, run with double_run; runs + royal_marriage at most 2."""
    m = three(client)
    resp = m.add(hand({"Ana": 0, "Ben": ben, "Cruz": 0}, {"Ana": 100, "Ben": 100, "Cruz": 50}))
    assert_refused(resp, paths)


def test_partnership_auction_meld_conflict(client: FlaskClient) -> None:
    """docs/rules.md §5: checks apply to both auctions, per side; path `meld.Us[2]`."""
    m = pa(client)
    resp = m.add(
        {
            "bidder": "Ana",
            "bid": 300,
            "trump": "hearts",
            "meld": {"Us": ["run", "royal_marriage", "royal_marriage"], "Them": 0},
            "tricks": {"Us": 150, "Them": 100},
        }
    )
    assert_refused(resp, "meld.Us[2]")


# --------------------------------------------------------------------------- body checks


@pytest.mark.parametrize(
    ("body", "path"),
    [
        (hand({"Ana": 0, "Ben": 0}, {"Ana": 125, "Ben": 125}, bonus=5), "bonus"),
        (hand({"Ana": 0}, {"Ana": 125, "Ben": 125}), "meld.Ben"),
        (hand({"Ana": 0, "Ben": 0}, {"Ana": 250}), "tricks.Ben"),
        (hand({"Ana": 0, "Ben": 0, "Cruz": 0}, {"Ana": 125, "Ben": 125}), "meld.Cruz"),
        (hand({"Ana": -10, "Ben": 0}, {"Ana": 125, "Ben": 125}), "meld.Ana"),
        (hand({"Ana": 0, "Ben": 0}, {"Ana": 260, "Ben": -10}), ("tricks.Ben", "tricks.Ana")),
        (hand({"Ana": 1.5, "Ben": 0}, {"Ana": 125, "Ben": 125}), "meld.Ana"),
        (hand({"Ana": "lots", "Ben": 0}, {"Ana": 125, "Ben": 125}), "meld.Ana"),
        (
            hand({"Ana": 0, "Ben": 0}, {"Ana": 125, "Ben": 125}, took_trick={"Zed": True}),
            "took_trick.Zed",
        ),
        (hand({"Ana": 0, "Ben": 0}, {"Ana": 125, "Ben": 125}, declared_out="Zed"), "declared_out"),
    ],
)
def test_pinochle2_bad_bodies(
    client: FlaskClient, body: dict[str, Any], path: str | tuple[str, ...]
) -> None:
    """docs/rules.md §5: every side must appear in meld and tricks; unknown keys refused;
    §6: a plain error that names the field, nothing stored."""
    m = two(client)
    resp = m.add(body)
    assert_refused(resp, path)
    match = m.get()
    assert match["hands"] == []
    assert match["version"] == 1


def test_auth_and_missing_match(client: FlaskClient) -> None:
    """docs/api.md Hands: 401 without a valid token, 404 no match."""
    m = two(client)
    body = hand({"Ana": 0, "Ben": 0}, {"Ana": 125, "Ben": 125})
    assert client.post(m.url("/hands"), json=body).status_code == 401
    bad = {"Authorization": "Bearer nope"}
    assert client.post(m.url("/hands"), json=body, headers=bad).status_code == 401
    assert client.get(f"{API}/matches/no-such-match").status_code == 404
    assert m.get()["version"] == 1


def test_stale_version_409(client: FlaskClient) -> None:
    """docs/api.md: 409 if the body's optional version is not the match's current version."""
    m = two(client)
    m.add_ok(hand({"Ana": 0, "Ben": 0}, {"Ana": 125, "Ben": 125}, version=1))
    resp = m.add(hand({"Ana": 0, "Ben": 0}, {"Ana": 125, "Ben": 125}, version=1))
    assert resp.status_code == 409
    assert len(m.get()["hands"]) == 1


# --------------------------------------------------------------------------- target, tie rule


def test_pinochle2_single_winner_finishes(client: FlaskClient) -> None:
    """docs/rules.md §2 pinochle-2: game to 1000; a side alone at or over it wins. docs/api.md: 409
    when
    finished."""
    m = two(client)
    m.add_ok(hand({"Ana": 600, "Ben": 0}, {"Ana": 150, "Ben": 100}))  # 750 / 100
    match = m.add_ok(hand({"Ana": 100, "Ben": 0}, {"Ana": 150, "Ben": 100}))  # 1000 / 200
    assert match["totals"] == {"Ana": 1000, "Ben": 200}
    assert match["status"] == "finished"
    assert match["winner"] == "Ana"
    assert match["standings"] == ["Ana", "Ben"]
    resp = m.add(hand({"Ana": 0, "Ben": 0}, {"Ana": 125, "Ben": 125}))
    assert resp.status_code == 409


def test_pinochle2_target_raise(client: FlaskClient) -> None:
    """docs/rules.md §2: while two or more sides are at or over the target it rises by 250; then a
    side alone at or over it wins."""
    m = two(client)
    match = m.add_ok(hand({"Ana": 850, "Ben": 900}, {"Ana": 150, "Ben": 100}))  # 1000 / 1000
    assert match["status"] == "in_progress"
    assert match["winner"] is None
    match = m.add_ok(hand({"Ana": 0, "Ben": 0}, {"Ana": 200, "Ben": 50}))  # 1200 / 1050 (<1250)
    assert match["status"] == "in_progress"
    assert match["winner"] is None
    match = m.add_ok(hand({"Ana": 100, "Ben": 100}, {"Ana": 150, "Ben": 100}))  # 1450 / 1250
    assert match["totals"] == {"Ana": 1450, "Ben": 1250}
    assert match["status"] == "in_progress"
    assert match["winner"] is None
    match = m.add_ok(hand({"Ana": 0, "Ben": 0}, {"Ana": 0, "Ben": 250}))  # 1450 / 1500
    assert match["status"] == "finished"
    assert match["winner"] == "Ben"
    assert match["standings"] == ["Ben", "Ana"]


def test_pinochle2_tie_rule_higher(client: FlaskClient) -> None:
    """docs/rules.md §2: tie_rule higher: the higher total wins."""
    m = two(client, tie_rule="higher")
    match = m.add_ok(hand({"Ana": 900, "Ben": 900}, {"Ana": 150, "Ben": 100}))  # 1050 / 1000
    assert match["status"] == "finished"
    assert match["winner"] == "Ana"


def test_pinochle2_tie_rule_higher_equal_totals_raise(client: FlaskClient) -> None:
    """docs/rules.md §2: under higher, equal totals raise the target as with raise."""
    m = two(client, tie_rule="higher")
    match = m.add_ok(hand({"Ana": 870, "Ben": 880}, {"Ana": 130, "Ben": 120}))  # 1000 / 1000
    assert match["status"] == "in_progress"
    assert match["winner"] is None
    match = m.add_ok(hand({"Ana": 0, "Ben": 0}, {"Ana": 200, "Ben": 50}))  # 1200 / 1050 < 1250
    assert match["status"] == "in_progress"
    assert match["winner"] is None
    match = m.add_ok(hand({"Ana": 50, "Ben": 0}, {"Ana": 250, "Ben": 0}))  # 1500 / 1050
    assert match["status"] == "finished"
    assert match["winner"] == "Ana"


def test_pinochle2_custom_target(client: FlaskClient) -> None:
    """docs/rules.md §2: game to 1000 (option target)."""
    m = two(client, target=500)
    match = m.add_ok(hand({"Ana": 300, "Ben": 0}, {"Ana": 200, "Ben": 50}))
    assert match["status"] == "finished"
    assert match["winner"] == "Ana"


# --------------------------------------------------------------------------- declaring out


def test_pinochle2_declare_out_right(client: FlaskClient) -> None:
    """docs/rules.md §2: declare out: the hand stops; if the declarer's total (counting that hand's
    meld and tricks so far) reaches the target, the declarer wins. docs/api.md: tricks need not add
    up when declared_out names the side that stopped the hand."""
    m = two(client)
    m.add_ok(hand({"Ana": 700, "Ben": 0}, {"Ana": 200, "Ben": 50}))  # 900 / 50
    match = m.add_ok(hand({"Ana": 40, "Ben": 20}, {"Ana": 60, "Ben": 30}, declared_out="Ana"))
    assert match["totals"]["Ana"] == 1000
    assert match["status"] == "finished"
    assert match["winner"] == "Ana"


def test_pinochle2_declare_out_wrong_loses(client: FlaskClient) -> None:
    """docs/rules.md §2: if the declarer does not reach the target, the declarer loses the game."""
    m = two(client)
    m.add_ok(hand({"Ana": 700, "Ben": 0}, {"Ana": 200, "Ben": 50}))  # 900 / 50
    match = m.add_ok(hand({"Ana": 20, "Ben": 20}, {"Ana": 60, "Ben": 30}, declared_out="Ana"))
    assert match["status"] == "finished"
    assert match["winner"] == "Ben"


def test_pinochle2_declare_out_off_refused(client: FlaskClient) -> None:
    """docs/rules.md §2: declaring out is the option declare_out; off, a claim is refused."""
    m = two(client, declare_out=False)
    resp = m.add(hand({"Ana": 20, "Ben": 20}, {"Ana": 60, "Ben": 30}, declared_out="Ana"))
    assert_refused(resp, "declared_out")


def test_pinochle3_declare_out_wrong_scores_nothing(client: FlaskClient) -> None:
    """docs/rules.md §2 pinochle-3: a player who declares out wrongly scores nothing for that hand,
    and play goes on."""
    m = three(client)
    m.add_ok(hand({"Ana": 500, "Ben": 0, "Cruz": 0}, {"Ana": 200, "Ben": 30, "Cruz": 20}))
    match = m.add_ok(
        hand(
            {"Ana": 100, "Ben": 20, "Cruz": 0},
            {"Ana": 60, "Ben": 30, "Cruz": 20},
            declared_out="Ana",
        )
    )
    assert match["hands"][1]["scores"]["Ana"] == 0
    assert match["totals"]["Ana"] == 700
    assert match["status"] == "in_progress"
    assert match["winner"] is None


def test_pinochle3_declare_out_right_wins(client: FlaskClient) -> None:
    """docs/rules.md §2 pinochle-3: a right claim wins as in two-handed."""
    m = three(client)
    m.add_ok(hand({"Ana": 700, "Ben": 0, "Cruz": 0}, {"Ana": 200, "Ben": 30, "Cruz": 20}))
    match = m.add_ok(
        hand(
            {"Ana": 40, "Ben": 20, "Cruz": 0},
            {"Ana": 60, "Ben": 30, "Cruz": 20},
            declared_out="Ana",
        )
    )
    assert match["winner"] == "Ana"


# --------------------------------------------------------------------------- pinochle-3


def test_pinochle3_meld_saved_by_trick(client: FlaskClient) -> None:
    """docs/rules.md §1: a side's meld counts only if it wins a trick; took_trick defaults to
    trick points > 0 and may be set for a trick worth 0 points."""
    m = three(client)
    match = m.add_ok(
        hand({"Ana": 100, "Ben": 60, "Cruz": ["pinochle"]}, {"Ana": 0, "Ben": 150, "Cruz": 100})
    )
    assert match["hands"][0]["scores"] == {"Ana": 0, "Ben": 210, "Cruz": 140}
    match = m.add_ok(
        hand(
            {"Ana": 100, "Ben": 60, "Cruz": 0},
            {"Ana": 0, "Ben": 150, "Cruz": 100},
            took_trick={"Ana": True},
        )
    )
    assert match["hands"][1]["scores"] == {"Ana": 100, "Ben": 210, "Cruz": 100}
    assert match["totals"] == {"Ana": 100, "Ben": 420, "Cruz": 240}
    assert match["standings"] == ["Ben", "Cruz", "Ana"]
    # dealer passes left: Ana, Ben, then Cruz deals the third hand; Ana leads it.
    assert match["dealer"] == "Cruz"
    assert match["leader"] == "Ana"


def test_pinochle3_custom_dealer(client: FlaskClient) -> None:
    """docs/api.md: dealer is the first dealer; leader the first player on the dealer's left."""
    m = create(client, "pinochle-3", ["Ana", "Ben", "Cruz"], dealer="Cruz")
    match = m.get()
    assert match["dealer"] == "Cruz"
    assert match["leader"] == "Ana"
    match = m.add_ok(hand({"Ana": 0, "Ben": 0, "Cruz": 0}, {"Ana": 100, "Ben": 100, "Cruz": 50}))
    assert match["hands"][0]["dealer"] == "Cruz"
    assert match["dealer"] == "Ana"
    assert match["leader"] == "Ben"


def test_pinochle3_play_on(client: FlaskClient) -> None:
    """docs/rules.md §2 pinochle-3 (seed 004): the player who reaches 1000 wins, finishes the hand
    and leaves; the other two play on as two-handed (pinochle-2 scoring, same totals); the
    deal skips the winner. docs/api.md: winner set while status stays in_progress; hands then name
    only those two."""
    m = three(client)
    match = m.add_ok(hand({"Ana": 800, "Ben": 100, "Cruz": 0}, {"Ana": 200, "Ben": 50, "Cruz": 0}))
    assert match["totals"] == {"Ana": 1000, "Ben": 150, "Cruz": 0}
    assert match["winner"] == "Ana"
    assert match["status"] == "in_progress"
    assert match["dealer"] == "Ben"
    assert match["leader"] == "Cruz"  # Ana is out: first active player on Ben's left
    # a hand naming the winner is refused
    resp = m.add(hand({"Ana": 0, "Ben": 0, "Cruz": 0}, {"Ana": 0, "Ben": 125, "Cruz": 125}))
    assert resp.status_code == 422
    # two-handed scoring: meld counts without a trick, tricks add up to 250
    match = m.add_ok(hand({"Ben": 100, "Cruz": 200}, {"Ben": 250, "Cruz": 0}))
    assert match["hands"][1]["dealer"] == "Ben"
    assert match["hands"][1]["scores"] == {"Ben": 350, "Cruz": 200}
    assert match["totals"] == {"Ana": 1000, "Ben": 500, "Cruz": 200}
    assert match["status"] == "in_progress"
    assert match["winner"] == "Ana"
    assert match["dealer"] == "Cruz"
    assert match["leader"] == "Ben"
    match = m.add_ok(hand({"Ben": 0, "Cruz": 0}, {"Ben": 100, "Cruz": 150}))
    assert match["hands"][2]["dealer"] == "Cruz"
    assert match["dealer"] == "Ben"  # the deal skips Ana
    assert match["leader"] == "Cruz"
    # Ben reaches 1000: second place decided, the match ends
    match = m.add_ok(hand({"Ben": 350, "Cruz": 0}, {"Ben": 50, "Cruz": 200}))
    assert match["totals"] == {"Ana": 1000, "Ben": 1000, "Cruz": 550}
    assert match["status"] == "finished"
    assert match["winner"] == "Ana"
    assert match["standings"] == ["Ana", "Ben", "Cruz"]


def test_pinochle3_play_on_off(client: FlaskClient) -> None:
    """docs/rules.md §2: play_on off ends the match at the first winner."""
    m = three(client, play_on=False)
    match = m.add_ok(hand({"Ana": 800, "Ben": 100, "Cruz": 0}, {"Ana": 200, "Ben": 50, "Cruz": 0}))
    assert match["status"] == "finished"
    assert match["winner"] == "Ana"


def test_pinochle3_two_reach_target_raise_for_all(client: FlaskClient) -> None:
    """docs/rules.md §2 pinochle-3: if two reach the target in the same hand: target +250 among
    them;
    the raised target applies to all three."""
    m = three(client)
    match = m.add_ok(
        hand({"Ana": 900, "Ben": 900, "Cruz": 0}, {"Ana": 150, "Ben": 100, "Cruz": 0})
    )  # 1050 / 1000 / 0
    assert match["status"] == "in_progress"
    assert match["winner"] is None
    match = m.add_ok(
        hand({"Ana": 0, "Ben": 0, "Cruz": 1000}, {"Ana": 0, "Ben": 0, "Cruz": 250})
    )  # Cruz 1250 alone at 1250
    assert match["totals"] == {"Ana": 1050, "Ben": 1000, "Cruz": 1250}
    assert match["winner"] == "Cruz"


def test_pinochle3_raised_target_not_reached_by_third(client: FlaskClient) -> None:
    """docs/rules.md §2 pinochle-3: the raised target (1250) applies to all three: a third player at
    1000-1249 does not win."""
    m = three(client)
    m.add_ok(hand({"Ana": 900, "Ben": 900, "Cruz": 0}, {"Ana": 150, "Ben": 100, "Cruz": 0}))
    match = m.add_ok(
        hand({"Ana": 0, "Ben": 0, "Cruz": 900}, {"Ana": 0, "Ben": 0, "Cruz": 250})
    )  # Cruz 1150 < 1250
    assert match["status"] == "in_progress"
    assert match["winner"] is None


# --------------------------------------------------------------------------- pinochle-4


def test_pinochle4_meld_needs_side_trick(client: FlaskClient) -> None:
    """docs/rules.md §2 pinochle-4: meld counts only if the side wins a trick."""
    m = create(client, "pinochle-4", ["Ana", "Ben", "Cruz", "Dee"])
    match = m.add_ok(hand({"Team 1": 100, "Team 2": 60}, {"Team 1": 250, "Team 2": 0}))
    assert match["hands"][0]["scores"] == {"Team 1": 350, "Team 2": 0}
    match = m.add_ok(
        hand(
            {"Team 1": 100, "Team 2": 60}, {"Team 1": 250, "Team 2": 0}, took_trick={"Team 2": True}
        )
    )
    assert match["hands"][1]["scores"] == {"Team 1": 350, "Team 2": 60}
    assert match["totals"] == {"Team 1": 700, "Team 2": 60}
    assert match["dealer"] == "Cruz"
    assert match["leader"] == "Dee"


def test_pinochle4_named_teams_and_win(client: FlaskClient) -> None:
    """docs/api.md teams; docs/rules.md §2 game to 1000."""
    m = create(
        client,
        "pinochle-4",
        ["Ana", "Ben", "Cruz", "Dee"],
        dealer="Dee",
        teams=[
            {"name": "Us", "players": ["Ana", "Cruz"]},
            {"name": "Them", "players": ["Ben", "Dee"]},
        ],
    )
    match = m.get()
    assert match["sides"] == ["Us", "Them"]
    assert match["dealer"] == "Dee"
    assert match["leader"] == "Ana"
    match = m.add_ok(hand({"Us": 800, "Them": 100}, {"Us": 200, "Them": 50}))
    assert match["status"] == "finished"
    assert match["winner"] == "Us"
    resp = m.add(hand({"Us": 0, "Them": 0}, {"Us": 125, "Them": 125}))
    assert resp.status_code == 409


def test_pinochle4_player_names_refused_as_sides(client: FlaskClient) -> None:
    """docs/api.md: side names are the keys (team names in partnership play)."""
    m = create(client, "pinochle-4", ["Ana", "Ben", "Cruz", "Dee"])
    resp = m.add(
        hand(
            {"Ana": 0, "Ben": 0, "Cruz": 0, "Dee": 0},
            {"Ana": 100, "Ben": 50, "Cruz": 50, "Dee": 50},
        )
    )
    assert resp.status_code == 422


def test_pinochle4_no_partnerships(client: FlaskClient) -> None:
    """docs/rules.md §2 pinochle-4: partnerships false plays each for himself (seed 004)."""
    m = create(client, "pinochle-4", ["Ana", "Ben", "Cruz", "Dee"], rules={"partnerships": False})
    match = m.get()
    assert match["sides"] == ["Ana", "Ben", "Cruz", "Dee"]
    match = m.add_ok(
        hand(
            {"Ana": 100, "Ben": 40, "Cruz": 20, "Dee": 150},
            {"Ana": 100, "Ben": 50, "Cruz": 100, "Dee": 0},
        )
    )
    assert match["hands"][0]["scores"] == {"Ana": 200, "Ben": 90, "Cruz": 120, "Dee": 0}
    assert match["standings"][0] == "Ana"
    assert match["dealer"] == "Ben"
    assert match["leader"] == "Cruz"


def test_pinochle4_teams_must_be_two_of_two(client: FlaskClient) -> None:
    """docs/rules.md §2 pinochle-4: 4 players in partnerships (partners share one score): teams of
    three and one are refused."""
    resp = client.post(
        MATCHES,
        json={
            "variant": "pinochle-4",
            "players": ["Ana", "Ben", "Cruz", "Dee"],
            "teams": [
                {"name": "Us", "players": ["Ana", "Ben", "Cruz"]},
                {"name": "Them", "players": ["Dee"]},
            ],
        },
    )
    assert resp.status_code == 422


def test_pinochle4_target_raise(client: FlaskClient) -> None:
    """docs/rules.md §2: both sides at or over 1000 in one hand: the target rises by 250."""
    m = create(client, "pinochle-4", ["Ana", "Ben", "Cruz", "Dee"])
    match = m.add_ok(hand({"Team 1": 900, "Team 2": 900}, {"Team 1": 150, "Team 2": 100}))
    assert match["status"] == "in_progress"
    assert match["winner"] is None
    match = m.add_ok(hand({"Team 1": 0, "Team 2": 0}, {"Team 1": 50, "Team 2": 200}))  # 1100/1200
    assert match["status"] == "in_progress"
    match = m.add_ok(hand({"Team 1": 0, "Team 2": 0}, {"Team 1": 0, "Team 2": 250}))  # 1100/1450
    assert match["status"] == "finished"
    assert match["winner"] == "Team 2"


# --------------------------------------------------------------------------- partnership auction


def pa_hand(
    bidder: str, bid: int, meld: dict[str, Any], tricks: dict[str, int] | None, **extra: Any
) -> dict[str, Any]:
    body: dict[str, Any] = {"bidder": bidder, "bid": bid, "trump": "hearts", "meld": meld}
    if tricks is not None:
        body["tricks"] = tricks
    body.update(extra)
    return body


def test_pa_made(client: FlaskClient) -> None:
    """docs/rules.md §2 partnership-auction: made (side's meld + tricks >= bid): side scores meld +
    tricks; the other side scores meld (if it won a trick) + tricks."""
    m = pa(client)
    match = m.add_ok(pa_hand("Ana", 300, {"Us": 200, "Them": 40}, {"Us": 150, "Them": 100}))
    assert match["hands"][0]["scores"] == {"Us": 350, "Them": 140}
    assert match["totals"] == {"Us": 350, "Them": 140}
    assert match["dealer"] == "Ben"
    assert match["leader"] == "Cruz"


def test_pa_made_exactly(client: FlaskClient) -> None:
    """docs/rules.md §2: made when meld + tricks >= bid (equal is made)."""
    m = pa(client)
    match = m.add_ok(pa_hand("Ben", 300, {"Us": 0, "Them": 150}, {"Us": 100, "Them": 150}))
    assert match["hands"][0]["scores"] == {"Us": 100, "Them": 300}


def test_pa_set(client: FlaskClient) -> None:
    """docs/rules.md §2: set: side scores - bid and its meld is lost."""
    m = pa(client)
    match = m.add_ok(pa_hand("Ana", 400, {"Us": 200, "Them": 40}, {"Us": 150, "Them": 100}))
    assert match["hands"][0]["scores"] == {"Us": -400, "Them": 140}
    assert match["totals"] == {"Us": -400, "Them": 140}
    assert match["standings"] == ["Them", "Us"]


def test_pa_bidders_meld_needs_trick(client: FlaskClient) -> None:
    """docs/rules.md §2: the bidding side's meld, too, counts only if it takes a trick."""
    m = pa(client)
    match = m.add_ok(pa_hand("Ana", 250, {"Us": 300, "Them": 40}, {"Us": 0, "Them": 250}))
    assert match["hands"][0]["scores"] == {"Us": -250, "Them": 290}
    match = m.add_ok(
        pa_hand(
            "Ana", 250, {"Us": 300, "Them": 40}, {"Us": 0, "Them": 250}, took_trick={"Us": True}
        )
    )
    assert match["hands"][1]["scores"] == {"Us": 300, "Them": 290}


def test_pa_opponents_meld_needs_trick(client: FlaskClient) -> None:
    """docs/rules.md §2: the other side scores meld (if it won a trick) + tricks."""
    m = pa(client)
    match = m.add_ok(pa_hand("Ana", 300, {"Us": 100, "Them": 80}, {"Us": 250, "Them": 0}))
    assert match["hands"][0]["scores"] == {"Us": 350, "Them": 0}


def test_pa_conceded(client: FlaskClient) -> None:
    """docs/rules.md §2: conceded ("throw in"): - bid, opponents score their meld. docs/api.md: on a
    concession tricks may be left out or all 0."""
    m = pa(client)
    match = m.add_ok(pa_hand("Ben", 350, {"Us": 60, "Them": 150}, None, conceded=True))
    assert match["hands"][0]["scores"] == {"Us": 60, "Them": -350}
    match = m.add_ok(
        pa_hand("Ana", 300, {"Us": 100, "Them": 40}, {"Us": 0, "Them": 0}, conceded=True)
    )
    assert match["hands"][1]["scores"] == {"Us": -300, "Them": 40}
    assert match["totals"] == {"Us": -240, "Them": -310}


def test_pa_all_pass(client: FlaskClient) -> None:
    """docs/rules.md §2: all pass: the hand is thrown in, 0 to both, the deal passes on."""
    m = pa(client)
    match = m.add_ok({"outcome": "all_pass"})
    assert match["hands"][0]["scores"] == {"Us": 0, "Them": 0}
    assert match["totals"] == {"Us": 0, "Them": 0}
    assert match["dealer"] == "Ben"
    assert match["leader"] == "Cruz"
    assert match["version"] == 2


def test_pa_default_teams(client: FlaskClient) -> None:
    """docs/api.md: default teams Team 1 = players 1+3, Team 2 = players 2+4."""
    m = create(client, "partnership-auction", ["Ana", "Ben", "Cruz", "Dee"])
    assert m.get()["sides"] == ["Team 1", "Team 2"]
    match = m.add_ok(
        {
            "bidder": "Cruz",
            "bid": 250,
            "trump": "spades",
            "meld": {"Team 1": 100, "Team 2": 20},
            "tricks": {"Team 1": 160, "Team 2": 90},
        }
    )
    assert match["hands"][0]["scores"] == {"Team 1": 260, "Team 2": 110}


@pytest.mark.parametrize(
    ("rules", "bid", "ok"),
    [
        ({}, 250, True),
        ({}, 240, False),
        ({}, 255, False),
        ({"min_bid": 300}, 290, False),
        ({"min_bid": 300}, 300, True),
        ({}, 2000, True),
        ({}, 2010, False),
    ],
)
def test_pa_bid_bounds(client: FlaskClient, rules: dict[str, Any], bid: int, ok: bool) -> None:
    """docs/rules.md §2/§4: minimum bid 250 (option min_bid), bidding in tens, at most 2000."""
    m = pa(client, **rules)
    resp = m.add(pa_hand("Ana", bid, {"Us": 0, "Them": 0}, None, conceded=True))
    if ok:
        assert resp.status_code == 201, resp.get_json()
    else:
        assert_refused(resp, "bid")


def test_pa_bad_bodies(client: FlaskClient) -> None:
    """docs/rules.md §5: unknown keys refused; every side must appear; tricks add up."""
    m = pa(client)
    assert_refused(
        m.add(pa_hand("Zed", 300, {"Us": 0, "Them": 0}, {"Us": 125, "Them": 125})), "bidder"
    )
    assert_refused(
        m.add(pa_hand("Ana", 300, {"Us": 0, "Them": 0}, {"Us": 125, "Them": 125}, extra=1)),
        "extra",
    )
    assert_refused(m.add(pa_hand("Ana", 300, {"Us": 0}, {"Us": 125, "Them": 125})), "meld.Them")
    resp = m.add(pa_hand("Ana", 300, {"Us": 0, "Them": 0}, {"Us": 125, "Them": 100}))
    assert resp.status_code == 422
    assert m.get()["version"] == 1


def test_pa_bidders_made_counted_first(client: FlaskClient) -> None:
    """docs/rules.md §2: both sides pass 1000 in one hand, the bidders made it: the bidders win
    although the other side's total is higher."""
    m = pa(client)
    m.add_ok(pa_hand("Ana", 250, {"Us": 700, "Them": 850}, {"Us": 200, "Them": 50}))  # 900/900
    match = m.add_ok(pa_hand("Ben", 250, {"Us": 100, "Them": 200}, {"Us": 200, "Them": 50}))
    # Them (bidders): 200 + 50 = 250 >= 250 made -> 1150; Us: 100 + 200 -> 1200
    assert match["totals"] == {"Us": 1200, "Them": 1150}
    assert match["status"] == "finished"
    assert match["winner"] == "Them"


def test_pa_bidders_set_other_side_wins(client: FlaskClient) -> None:
    """docs/rules.md §2: if the bidders were set, the other side wins if it is over."""
    m = pa(client)
    m.add_ok(pa_hand("Ana", 250, {"Us": 700, "Them": 850}, {"Us": 200, "Them": 50}))  # 900/900
    match = m.add_ok(pa_hand("Ana", 500, {"Us": 200, "Them": 50}, {"Us": 150, "Them": 100}))
    assert match["totals"] == {"Us": 400, "Them": 1050}
    assert match["status"] == "finished"
    assert match["winner"] == "Them"


def test_pa_bidders_made_not_over_other_side_over(client: FlaskClient) -> None:
    """docs/rules.md §2: bidders made but below the target, the other side over it: it wins."""
    m = pa(client)
    m.add_ok(pa_hand("Ana", 250, {"Us": 100, "Them": 850}, {"Us": 200, "Them": 50}))  # 300/900
    match = m.add_ok(pa_hand("Ana", 250, {"Us": 150, "Them": 50}, {"Us": 150, "Them": 100}))
    assert match["totals"] == {"Us": 600, "Them": 1050}
    assert match["status"] == "finished"
    assert match["winner"] == "Them"


# --------------------------------------------------------------------------- corrections, undo


def _three_hands(client: FlaskClient) -> MatchClient:
    m = two(client)
    m.add_ok(hand({"Ana": 100, "Ben": 0}, {"Ana": 150, "Ben": 100}))  # 250 / 100
    m.add_ok(hand({"Ana": 0, "Ben": 200}, {"Ana": 100, "Ben": 150}))  # 350 / 450
    m.add_ok(hand({"Ana": 40, "Ben": 20}, {"Ana": 125, "Ben": 125}))  # 515 / 595
    return m


def test_correction_recomputes_totals(client: FlaskClient) -> None:
    """docs/api.md PUT: replaces an earlier hand; every later total recomputed. docs/rules.md §6."""
    m = _three_hands(client)
    assert m.get()["totals"] == {"Ana": 515, "Ben": 595}
    resp = m.replace(1, hand({"Ana": 300, "Ben": 0}, {"Ana": 150, "Ben": 100}))
    assert resp.status_code == 200, resp.get_json()
    match = resp.get_json()["match"]
    assert match["hands"][0]["scores"] == {"Ana": 450, "Ben": 100}
    assert match["totals"] == {"Ana": 715, "Ben": 595}
    assert match["standings"] == ["Ana", "Ben"]
    assert match["version"] == 5
    assert len(match["hands"]) == 3
    assert match["dealer"] == "Ben"


def test_correction_ending_match_early_409(client: FlaskClient) -> None:
    """docs/rules.md §5: a correction that would end the match before hands that come after it is
    refused (docs/api.md: 409); nothing changes."""
    m = _three_hands(client)
    resp = m.replace(1, hand({"Ana": 850, "Ben": 0}, {"Ana": 150, "Ben": 100}))
    assert resp.status_code == 409
    match = m.get()
    assert match["totals"] == {"Ana": 515, "Ben": 595}
    assert match["version"] == 4


def test_correction_of_last_hand_may_end_match(client: FlaskClient) -> None:
    """docs/api.md PUT: the winner and the status are recomputed."""
    m = _three_hands(client)
    resp = m.replace(3, hand({"Ana": 530, "Ben": 20}, {"Ana": 125, "Ben": 125}))
    assert resp.status_code == 200
    match = resp.get_json()["match"]
    assert match["totals"] == {"Ana": 1005, "Ben": 595}
    assert match["status"] == "finished"
    assert match["winner"] == "Ana"
    # and correcting it back reopens it
    resp = m.replace(3, hand({"Ana": 40, "Ben": 20}, {"Ana": 125, "Ben": 125}))
    assert resp.status_code == 200
    match = resp.get_json()["match"]
    assert match["status"] == "in_progress"
    assert match["winner"] is None


def test_correction_refused_entry_422(client: FlaskClient) -> None:
    """docs/api.md: 422 for an entry the rules refuse; a refused request changes nothing."""
    m = _three_hands(client)
    resp = m.replace(2, hand({"Ana": 0, "Ben": 200}, {"Ana": 100, "Ben": 100}))
    assert resp.status_code == 422
    assert m.get()["version"] == 4


def test_pinochle3_correction_in_play_on(client: FlaskClient) -> None:
    """docs/rules.md §5: a correction that would end the match before later hands is refused; a
    correction that takes the winner away before play-on hands cannot stand either."""
    m = three(client)
    m.add_ok(hand({"Ana": 100, "Ben": 0, "Cruz": 0}, {"Ana": 100, "Ben": 100, "Cruz": 50}))
    m.add_ok(hand({"Ana": 0, "Ben": 0, "Cruz": 0}, {"Ana": 100, "Ben": 100, "Cruz": 50}))
    # correcting hand 1 to give Ana 1000 would end the three-handed phase before hand 2
    resp = m.replace(
        1, hand({"Ana": 850, "Ben": 0, "Cruz": 0}, {"Ana": 150, "Ben": 50, "Cruz": 50})
    )
    assert resp.status_code in (409, 422)
    assert m.get()["version"] == 3


def test_pinochle3_correction_ending_match_409(client: FlaskClient) -> None:
    """docs/rules.md §5 / docs/api.md PUT: with play_on off, a correction giving a player the target
    before later hands would end the match early: 409."""
    m = three(client, play_on=False)
    m.add_ok(hand({"Ana": 100, "Ben": 0, "Cruz": 0}, {"Ana": 100, "Ben": 100, "Cruz": 50}))
    m.add_ok(hand({"Ana": 0, "Ben": 0, "Cruz": 0}, {"Ana": 100, "Ben": 100, "Cruz": 50}))
    resp = m.replace(
        1, hand({"Ana": 850, "Ben": 0, "Cruz": 0}, {"Ana": 150, "Ben": 50, "Cruz": 50})
    )
    assert resp.status_code == 409
    assert m.get()["totals"] == {"Ana": 300, "Ben": 200, "Cruz": 100}


def test_delete_last_only_and_reopen(client: FlaskClient) -> None:
    """docs/api.md DELETE: last hand only (409 otherwise); reopens a finished match."""
    m = _three_hands(client)
    assert m.delete(1).status_code == 409
    assert m.delete(2).status_code == 409
    resp = m.delete(3)
    assert resp.status_code == 200
    match = resp.get_json()["match"]
    assert match["totals"] == {"Ana": 350, "Ben": 450}
    assert len(match["hands"]) == 2
    assert match["dealer"] == "Ana"
    assert match["version"] == 5
    match = m.add_ok(hand({"Ana": 600, "Ben": 0}, {"Ana": 150, "Ben": 100}))  # 1100 / 550
    assert match["status"] == "finished"
    assert match["winner"] == "Ana"
    resp = m.delete(3)
    assert resp.status_code == 200
    match = resp.get_json()["match"]
    assert match["status"] == "in_progress"
    assert match["winner"] is None


def test_delete_reopens_play_on(client: FlaskClient) -> None:
    """docs/api.md: undoing the hand that made the first winner clears the winner."""
    m = three(client)
    m.add_ok(hand({"Ana": 800, "Ben": 100, "Cruz": 0}, {"Ana": 200, "Ben": 50, "Cruz": 0}))
    resp = m.delete(1)
    assert resp.status_code == 200
    match = resp.get_json()["match"]
    assert match["winner"] is None
    assert match["dealer"] == "Ana"
    # all three play again
    match = m.add_ok(hand({"Ana": 0, "Ben": 0, "Cruz": 0}, {"Ana": 100, "Ben": 100, "Cruz": 50}))
    assert match["totals"] == {"Ana": 100, "Ben": 100, "Cruz": 50}


# --------------------------------------------------------------------------- more edge cases


def test_idempotency_key_repeat(client: FlaskClient) -> None:
    """docs/api.md: a request that repeats an Idempotency-Key returns the first answer, adds
    nothing."""
    m = two(client)
    body = hand({"Ana": 20, "Ben": 0}, {"Ana": 125, "Ben": 125})
    headers = {**m.auth, "Idempotency-Key": "k-1"}
    r1 = client.post(m.url("/hands"), json=body, headers=headers)
    r2 = client.post(m.url("/hands"), json=body, headers=headers)
    assert r1.status_code == 201
    assert r2.status_code == 201
    assert r1.get_json() == r2.get_json()
    assert len(m.get()["hands"]) == 1


def test_delete_with_stale_version_409(client: FlaskClient) -> None:
    """docs/api.md: version as ?version=N on DELETE; not the current version: 409."""
    m = _three_hands(client)
    resp = client.delete(m.url("/hands/3?version=2"), headers=m.auth)
    assert resp.status_code == 409
    resp = client.delete(m.url("/hands/3?version=4"), headers=m.auth)
    assert resp.status_code == 200


def test_finish_pinochle(client: FlaskClient) -> None:
    """docs/api.md finish: status finished, winner first in standings; 409 if already finished;
    undoing its last hand reopens it."""
    m = _three_hands(client)  # 515 / 595
    resp = client.post(m.url("/finish"), headers=m.auth)
    assert resp.status_code == 200
    match = resp.get_json()
    match = match.get("match", match)
    assert match["status"] == "finished"
    assert match["winner"] == "Ben"
    assert client.post(m.url("/finish"), headers=m.auth).status_code == 409
    resp = m.delete(3)
    assert resp.status_code == 200
    assert resp.get_json()["match"]["status"] == "in_progress"


def test_correction_earlier_hand_keeps_later_finish(client: FlaskClient) -> None:
    """docs/api.md PUT: an earlier hand of a finished match may be corrected when the match still
    ends at the same hand; totals recomputed."""
    m = _three_hands(client)
    m.add_ok(hand({"Ana": 400, "Ben": 0}, {"Ana": 150, "Ben": 100}))  # 1065 / 695
    resp = m.replace(2, hand({"Ana": 0, "Ben": 300}, {"Ana": 100, "Ben": 150}))
    assert resp.status_code == 200, resp.get_json()
    match = resp.get_json()["match"]
    assert match["totals"] == {"Ana": 1065, "Ben": 795}
    assert match["status"] == "finished"
    assert match["winner"] == "Ana"
    assert m.replace(9, hand({"Ana": 0, "Ben": 0}, {"Ana": 125, "Ben": 125})).status_code == 404


def test_declare_out_tricks_over_total_refused(client: FlaskClient) -> None:
    """docs/rules.md §1: a hand's trick points total 250; tricks so far cannot exceed it."""
    m = two(client)
    resp = m.add(hand({"Ana": 0, "Ben": 0}, {"Ana": 200, "Ben": 100}, declared_out="Ana"))
    assert resp.status_code == 422


@pytest.mark.parametrize(
    ("variant", "players", "sides"),
    [
        ("pinochle-4", ["Ana", "Ben", "Cruz", "Dee"], ["Team 1", "Team 2"]),
        ("pinochle-3", ["Ana", "Ben", "Cruz"], ["Ana", "Ben", "Cruz"]),
    ],
)
def test_declare_out_refused_where_no_option(
    client: FlaskClient, variant: str, players: list[str], sides: list[str]
) -> None:
    """docs/rules.md §4: pinochle-4 has no declare_out option; pinochle-3 with declare_out false:
    a declared_out entry is refused."""
    rules = {"declare_out": False} if variant == "pinochle-3" else {}
    m = create(client, variant, players, rules=rules)
    tricks = dict.fromkeys(sides, 0)
    tricks[sides[0]] = 100
    resp = m.add(hand(dict.fromkeys(sides, 0), tricks, declared_out=sides[0]))
    assert_refused(resp, "declared_out")


def test_pa_declared_out_unknown_key(client: FlaskClient) -> None:
    """docs/api.md: unknown keys in a body are refused (partnership-auction has no declared_out)."""
    m = pa(client)
    resp = m.add(
        pa_hand("Ana", 300, {"Us": 0, "Them": 0}, {"Us": 125, "Them": 125}, declared_out="Us")
    )
    assert_refused(resp, "declared_out")


def test_pa_counters(client: FlaskClient) -> None:
    """docs/rules.md §4: auctions may use counters; §1 each side's points a multiple of 10."""
    m = pa(client, counting="counters")
    resp = m.add(pa_hand("Ana", 250, {"Us": 100, "Them": 0}, {"Us": 155, "Them": 95}))
    assert resp.status_code == 422
    match = m.add_ok(pa_hand("Ana", 250, {"Us": 100, "Them": 0}, {"Us": 160, "Them": 90}))
    assert match["hands"][0]["scores"] == {"Us": 260, "Them": 90}


def test_pa_meld_lists_and_custom_values(client: FlaskClient) -> None:
    """docs/rules.md §4: partnership-auction takes melds; lists valued with the table given."""
    m = pa(client, melds={"marriage": 30})
    match = m.add_ok(
        pa_hand(
            "Ana", 250, {"Us": ["run", "marriage"], "Them": ["pinochle"]}, {"Us": 150, "Them": 100}
        )
    )
    assert match["hands"][0]["scores"] == {"Us": 330, "Them": 140}


def test_pinochle3_simple_and_counters_totals(client: FlaskClient) -> None:
    """docs/rules.md §1: totals per hand 25 (simple), 250 in multiples of 10 (counters)."""
    m = three(client, counting="simple")
    assert (
        m.add(
            hand({"Ana": 0, "Ben": 0, "Cruz": 0}, {"Ana": 100, "Ben": 100, "Cruz": 50})
        ).status_code
        == 422
    )
    match = m.add_ok(hand({"Ana": ["dix"], "Ben": 0, "Cruz": 0}, {"Ana": 10, "Ben": 10, "Cruz": 5}))
    assert match["hands"][0]["scores"] == {"Ana": 11, "Ben": 10, "Cruz": 5}
    m = three(client, counting="counters")
    assert (
        m.add(
            hand({"Ana": 0, "Ben": 0, "Cruz": 0}, {"Ana": 105, "Ben": 100, "Cruz": 45})
        ).status_code
        == 422
    )


def test_pinochle3_play_on_tricks_add_up_and_raise(client: FlaskClient) -> None:
    """docs/rules.md §5: play-on is pinochle-2 in every rule: tricks add up to 250 between the two;
    both reaching the target together raise it by 250."""
    m = three(client)
    m.add_ok(hand({"Ana": 800, "Ben": 700, "Cruz": 700}, {"Ana": 200, "Ben": 25, "Cruz": 25}))
    match = m.get()
    assert match["totals"] == {"Ana": 1000, "Ben": 725, "Cruz": 725}
    assert match["winner"] == "Ana"
    assert match["status"] == "in_progress"
    assert m.add(hand({"Ben": 0, "Cruz": 0}, {"Ben": 100, "Cruz": 100})).status_code == 422
    match = m.add_ok(hand({"Ben": 200, "Cruz": 200}, {"Ben": 125, "Cruz": 125}))  # 1050 / 1050
    assert match["status"] == "in_progress"
    match = m.add_ok(hand({"Ben": 0, "Cruz": 0}, {"Ben": 150, "Cruz": 100}))  # 1200 / 1150
    assert match["status"] == "in_progress"
    match = m.add_ok(hand({"Ben": 0, "Cruz": 0}, {"Ben": 50, "Cruz": 200}))  # 1250 / 1350
    assert match["status"] == "in_progress"  # both over 1250: target 1500
    match = m.add_ok(hand({"Ben": 0, "Cruz": 0}, {"Ben": 0, "Cruz": 250}))  # 1250 / 1600
    assert match["status"] == "finished"
    assert match["winner"] == "Ana"
    assert match["standings"] == ["Ana", "Cruz", "Ben"]


def test_pinochle3_raised_target_applies_to_play_on(client: FlaskClient) -> None:
    """docs/rules.md §2 pinochle-3: the raised target applies to all three (also in play-on)."""
    m = three(client)
    m.add_ok(hand({"Ana": 900, "Ben": 900, "Cruz": 0}, {"Ana": 150, "Ben": 100, "Cruz": 0}))
    match = m.add_ok(hand({"Ana": 100, "Ben": 0, "Cruz": 0}, {"Ana": 150, "Ben": 50, "Cruz": 50}))
    assert match["totals"] == {"Ana": 1300, "Ben": 1050, "Cruz": 50}
    assert match["winner"] == "Ana"
    assert match["status"] == "in_progress"
    match = m.add_ok(hand({"Ben": 0, "Cruz": 0}, {"Ben": 100, "Cruz": 150}))  # Ben 1150 < 1250
    assert match["status"] == "in_progress"
    match = m.add_ok(hand({"Ben": 0, "Cruz": 0}, {"Ben": 100, "Cruz": 150}))  # Ben 1250
    assert match["status"] == "finished"
    assert match["standings"][:2] == ["Ana", "Ben"]


def test_pinochle3_play_on_declare_out_wrong(client: FlaskClient) -> None:
    """docs/rules.md §5: play-on is pinochle-2 in every rule: a wrong declaration loses (the other
    player takes second place)."""
    m = three(client)
    m.add_ok(hand({"Ana": 800, "Ben": 300, "Cruz": 0}, {"Ana": 200, "Ben": 50, "Cruz": 0}))
    match = m.add_ok(hand({"Ben": 20, "Cruz": 0}, {"Ben": 60, "Cruz": 30}, declared_out="Ben"))
    assert match["status"] == "finished"
    assert match["winner"] == "Ana"
    assert match["standings"] == ["Ana", "Cruz", "Ben"]


def test_trump_by_first_marriage_dix_still_melded(client: FlaskClient) -> None:
    """docs/rules.md §5: trump_by_first_marriage is recorded; a dix may still be melded later."""
    m = two(client, trump_by_first_marriage=True)
    assert m.get()["rules"]["trump_by_first_marriage"] is True
    match = m.add_ok(hand({"Ana": ["dix", "royal_marriage"], "Ben": 0}, {"Ana": 125, "Ben": 125}))
    assert match["hands"][0]["scores"] == {"Ana": 175, "Ben": 125}
    assert match["hands"][0]["input"]["meld"]["Ana"] == ["dix", "royal_marriage"]


@pytest.mark.parametrize(
    ("variant", "players", "rules", "prefix"),
    [
        ("pinochle-2", ["Ana", "Ben"], {"target": 0}, "rules.target"),
        ("pinochle-2", ["Ana", "Ben"], {"target": "lots"}, "rules.target"),
        ("pinochle-2", ["Ana", "Ben"], {"declare_out": "yes"}, "rules.declare_out"),
        ("pinochle-2", ["Ana", "Ben"], {"melds": {"not_a_meld": 10}}, "rules.melds"),
        ("pinochle-2", ["Ana", "Ben"], {"melds": {"run": -150}}, "rules.melds"),
        ("pinochle-3", ["Ana", "Ben", "Cruz"], {"play_on": "no"}, "rules.play_on"),
        ("pinochle-4", ["Ana", "Ben", "Cruz", "Dee"], {"partnerships": 3}, "rules.partnerships"),
        ("partnership-auction", ["Ana", "Ben", "Cruz", "Dee"], {"min_bid": 2010}, "rules.min_bid"),
        ("partnership-auction", ["Ana", "Ben", "Cruz", "Dee"], {"target": -1000}, "rules.target"),
    ],
)
def test_option_values_refused(
    client: FlaskClient, variant: str, players: list[str], rules: dict[str, Any], prefix: str
) -> None:
    """docs/api.md: an unknown option or a bad value is a 422 (path rules.<name>)."""
    resp = client.post(MATCHES, json={"variant": variant, "players": players, "rules": rules})
    assert resp.status_code == 422, resp.get_json()
    assert any(k.startswith(prefix) for k in errors_of(resp)), errors_of(resp)


@pytest.mark.parametrize(
    ("variant", "players", "rules"),
    [
        ("pinochle-3", ["Ana", "Ben", "Cruz"], {"tie_rule": "higher", "counting": "counters"}),
        (
            "pinochle-4",
            ["Ana", "Ben", "Cruz", "Dee"],
            {"tie_rule": "higher", "target": 1500, "melds": "seed-004"},
        ),
        (
            "partnership-auction",
            ["Ana", "Ben", "Cruz", "Dee"],
            {"min_bid": 300, "counting": "counters", "target": 1500, "melds": {"run": 200}},
        ),
    ],
)
def test_options_accepted(
    client: FlaskClient, variant: str, players: list[str], rules: dict[str, Any]
) -> None:
    """docs/rules.md §4: the listed options may be set."""
    resp = client.post(MATCHES, json={"variant": variant, "players": players, "rules": rules})
    assert resp.status_code == 201, resp.get_json()
    got = resp.get_json()["rules"]
    for name in ("tie_rule", "counting", "target", "min_bid"):
        if name in rules:
            assert got[name] == rules[name]


def test_finish_ties_in_seating_order(client: FlaskClient) -> None:
    """docs/api.md finish: winner the side first in standings (ties in seating order)."""
    m = three(client)
    m.add_ok(hand({"Ana": 0, "Ben": 0, "Cruz": 0}, {"Ana": 50, "Ben": 100, "Cruz": 100}))
    resp = client.post(m.url("/finish"), headers=m.auth)
    assert resp.status_code == 200
    match = resp.get_json()
    match = match.get("match", match)
    assert match["winner"] == "Ben"
    assert match["standings"] == ["Ben", "Cruz", "Ana"]


def test_refused_request_keeps_idempotency_key(client: FlaskClient) -> None:
    """docs/api.md: a refused request does not use up its key."""
    m = two(client)
    headers = {**m.auth, "Idempotency-Key": "k-2"}
    bad = hand({"Ana": 0, "Ben": 0}, {"Ana": 100, "Ben": 100})
    good = hand({"Ana": 0, "Ben": 0}, {"Ana": 100, "Ben": 150})
    assert client.post(m.url("/hands"), json=bad, headers=headers).status_code == 422
    assert client.post(m.url("/hands"), json=good, headers=headers).status_code == 201
    assert m.get()["totals"] == {"Ana": 100, "Ben": 150}


def test_pinochle2_declare_out_right_while_other_over(client: FlaskClient) -> None:
    """docs/rules.md §2: if the declarer's total reaches the target, the declarer wins (the hand
    stops: the opponent's points so far do not take it from him)."""
    m = two(client)
    m.add_ok(hand({"Ana": 700, "Ben": 750}, {"Ana": 200, "Ben": 50}))  # 900 / 800
    match = m.add_ok(hand({"Ana": 40, "Ben": 150}, {"Ana": 60, "Ben": 60}, declared_out="Ana"))
    assert match["status"] == "finished"
    assert match["winner"] == "Ana"


def test_pinochle3_declare_out_right_then_play_on(client: FlaskClient) -> None:
    """docs/rules.md §2 pinochle-3: a right claim wins; with play_on the other two play on
    (docs/api.md: winner set while status stays in_progress; hands name only those two)."""
    m = three(client)
    m.add_ok(hand({"Ana": 700, "Ben": 0, "Cruz": 0}, {"Ana": 200, "Ben": 30, "Cruz": 20}))
    match = m.add_ok(
        hand(
            {"Ana": 40, "Ben": 20, "Cruz": 0},
            {"Ana": 60, "Ben": 30, "Cruz": 20},
            declared_out="Ana",
        )
    )
    assert match["winner"] == "Ana"
    assert match["status"] == "in_progress"
    match = m.add_ok(hand({"Ben": 0, "Cruz": 0}, {"Ben": 125, "Cruz": 125}))
    assert set(match["hands"][2]["scores"]) == {"Ben", "Cruz"}


def test_pa_correction_ending_match_early_409(client: FlaskClient) -> None:
    """docs/rules.md §5: a correction that would end the match before later hands is refused."""
    m = pa(client)
    m.add_ok(pa_hand("Ana", 250, {"Us": 100, "Them": 0}, {"Us": 150, "Them": 100}))
    m.add_ok({"outcome": "all_pass"})
    resp = m.replace(1, pa_hand("Ana", 250, {"Us": 850, "Them": 0}, {"Us": 150, "Them": 100}))
    assert resp.status_code == 409
    assert m.get()["totals"] == {"Us": 250, "Them": 100}


def test_pa_concession_opponents_reach_target(client: FlaskClient) -> None:
    """docs/rules.md §2: on a concession the opponents score their meld; over 1000 they win."""
    m = pa(client)
    # Us bid 250 and took 150 only: set, -250; Them 850 + 100 = 950
    m.add_ok(pa_hand("Ana", 250, {"Us": 0, "Them": 850}, {"Us": 150, "Them": 100}))
    match = m.add_ok(pa_hand("Ana", 300, {"Us": 0, "Them": 60}, None, conceded=True))
    assert match["totals"] == {"Us": -550, "Them": 1010}
    assert match["status"] == "finished"
    assert match["winner"] == "Them"


def test_pinochle4_side_meld_feasibility(client: FlaskClient) -> None:
    """docs/rules.md §5: meld lists are checked per side (path meld.<side>[i])."""
    m = create(
        client,
        "pinochle-4",
        ["Ana", "Ben", "Cruz", "Dee"],
        teams=[
            {"name": "Us", "players": ["Ana", "Cruz"]},
            {"name": "Them", "players": ["Ben", "Dee"]},
        ],
    )
    resp = m.add(hand({"Us": ["dix", "dix", "dix"], "Them": 0}, {"Us": 125, "Them": 125}))
    assert_refused(resp, "meld.Us[2]")


def test_pinochle3_correction_moving_first_winner_refused(client: FlaskClient) -> None:
    """docs/api.md: after the first winner, hands name only the two others; a correction that makes
    another player the first winner would leave later hands naming him: refused."""
    m = three(client)
    m.add_ok(hand({"Ana": 800, "Ben": 100, "Cruz": 0}, {"Ana": 200, "Ben": 50, "Cruz": 0}))
    m.add_ok(hand({"Ben": 0, "Cruz": 0}, {"Ben": 125, "Cruz": 125}))
    resp = m.replace(
        1, hand({"Ana": 100, "Ben": 800, "Cruz": 0}, {"Ana": 50, "Ben": 200, "Cruz": 0})
    )
    assert resp.status_code in (409, 422)
    match = m.get()
    assert match["winner"] == "Ana"
    assert match["version"] == 3


def test_negative_tricks_named(client: FlaskClient) -> None:
    """docs/rules.md §6: a plain error that names the field for any impossible entry."""
    m = three(client)
    resp = m.add(hand({"Ana": 0, "Ben": 0, "Cruz": 0}, {"Ana": 200, "Ben": -10, "Cruz": 60}))
    assert_refused(resp, "tricks.Ben")
