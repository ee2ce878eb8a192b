"""The purse of a club night (docs/club.md §10.2), issue 29: CLUB.md §19 case 28 exactly as
written (both purses, on case 21's night), and the purse's refusals (at ``purse.*``)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from scorekeeper.rules.club.standings.awards import awards
from scorekeeper.rules.club.standings.purse import Payout, Purse, money, pay_purse, read_purse
from scorekeeper.rules.club.standings.ranking import standings
from scorekeeper.rules.core.errors import RuleError
from tests.rules.club.club_nights import CASE_21_ROUNDS, EIGHT, FOUR, rules_of

CHOSEN = ("high_game", "low_total")


def case_28(places: list[str], *, tie_breaks: list[str] | None = None) -> Payout:
    """Case 21's night with CLUB.md §19 case 28's purse and ``places``."""
    rules = rules_of() if tie_breaks is None else rules_of(tie_breaks=tie_breaks)
    night = standings(rules, FOUR, EIGHT, CASE_21_ROUNDS)
    won = awards(CHOSEN, rules, CASE_21_ROUNDS, night)
    purse = read_purse(
        {"entry": "5.00", "house": "0.50", "awards": {"high_game": "4.00"}, "places": places},
        CHOSEN,
        len(EIGHT),
    )
    assert purse is not None
    return pay_purse(purse, night, won)


def places_of(payout: Payout) -> list[tuple[tuple[int, ...], str]]:
    return [(place.players, money(place.each)) for place in payout.places]


def test_case_28_purse_fifty_thirty_twenty() -> None:
    payout = case_28(["50", "30", "20"])
    # "Pot 36.00; P2 and P6 get 2.00 each for high game;"
    assert money(payout.pot) == "36.00"
    assert [(pay.award, [(p, money(a)) for p, a in pay.paid]) for pay in payout.awards] == [
        ("high_game", [(2, "2.00"), (6, "2.00")])
    ]
    # "of 32.00 left, P6 16.00, P2 9.60, P7 6.40; left over 0.00."
    assert places_of(payout) == [((6,), "16.00"), ((2,), "9.60"), ((7,), "6.40")]
    assert money(payout.left_over) == "0.00"
    shown = payout.as_json()
    assert shown["pot"] == "36.00"
    assert shown["left_over"] == "0.00"
    assert {p["player"]: p["amount"] for p in shown["payouts"]} == {
        2: "11.60",
        6: "18.00",
        7: "6.40",
    }


def test_case_28_shared_places_pool_their_prizes() -> None:
    # "With places ["40", "25", "15", "12", "8"] and tie_breaks: []: P6 12.80, P2 8.00, P7 4.80,
    # P8 and P4 (4=) 3.20 each."
    payout = case_28(["40", "25", "15", "12", "8"], tie_breaks=[])
    assert places_of(payout) == [
        ((6,), "12.80"),
        ((2,), "8.00"),
        ((7,), "4.80"),
        ((4, 8), "3.20"),
    ]
    shared = payout.as_json()["places"][3]
    assert (shared["place"], shared["shared"], shared["each"]) == (4, True, "3.20")
    assert money(payout.left_over) == "0.00"


def test_the_pot_counts_players_who_played_a_round() -> None:
    # docs/club.md §10.2: "Pot = (entry − house) × players who played at least one round".
    # P9 and P10 never play: the pot stays 36.00 with ten names.
    rules = rules_of()
    ten = [*EIGHT, (9, "P9"), (10, "P10")]
    night = standings(rules, FOUR, ten, CASE_21_ROUNDS)
    purse = read_purse({"entry": "5.00", "house": "0.50"}, (), len(ten))
    assert purse is not None
    payout = pay_purse(purse, night, ())
    assert (payout.players, money(payout.pot), money(payout.left_over)) == (8, "36.00", "36.00")


def test_cents_are_rounded_down_and_left_over() -> None:
    # docs/club.md §10.2: each award and each shared place split equally, "cents rounded down";
    # "whatever is left is shown as left over". Case 21's night: high table's 1.00 among its
    # six players (1, 4, 5, 6, 7, 8) is 0.16 each; of the 35.04 left, place 1 (40 %) 14.016 ->
    # 14.01, place 3 (15 %) 5.256 -> 5.25, 4= (10.04 %) 3.518016 / 2 -> 1.75 each.
    chosen = ("high_table",)
    rules = rules_of(tie_breaks=[])
    night = standings(rules, FOUR, EIGHT, CASE_21_ROUNDS)
    won = awards(chosen, rules, CASE_21_ROUNDS, night)
    purse = read_purse(
        {"entry": "4.50", "awards": {"high_table": "1.00"}, "places": ["40", "25", "15", "10.04"]},
        chosen,
        8,
    )
    assert purse is not None
    payout = pay_purse(purse, night, won)
    assert [(p, money(a)) for p, a in payout.awards[0].paid] == [
        (p, "0.16") for p in (1, 4, 5, 6, 7, 8)
    ]
    assert places_of(payout) == [
        ((6,), "14.01"),
        ((2,), "8.76"),
        ((7,), "5.25"),
        ((4, 8), "1.75"),
    ]
    # 36.00 - 0.96 - 14.01 - 8.76 - 5.25 - 3.50
    assert money(payout.left_over) == "3.52"


def test_an_award_nobody_holds_pays_nothing() -> None:
    rules = rules_of()
    night = standings(rules, FOUR, EIGHT, CASE_21_ROUNDS)
    purse = read_purse(
        {
            "entry": "5.00",
            "house": "0.50",
            "awards": {"double_pinochles": "4.00"},
            "places": ["100"],
        },
        ("double_pinochles",),
        8,
    )
    assert purse is not None
    won = awards(("double_pinochles",), rules, CASE_21_ROUNDS, night)
    payout = pay_purse(purse, night, won)
    assert payout.awards == ()
    assert places_of(payout) == [((6,), "36.00")]


@pytest.mark.parametrize(
    ("body", "path"),
    [
        ({"entry": "5.00", "house": "5.01"}, "purse.house"),
        ({"entry": "5.00", "places": ["60", "41"]}, "purse.places"),
        ({"entry": "5.00", "awards": {"high_table": "1.00"}}, "purse.awards.high_table"),
        ({"entry": "1.00", "house": "0.50", "awards": {"high_game": "4.01"}}, "purse.awards"),
        ({"entry": "5.001"}, "purse.entry"),
        ({"entry": 5}, "purse.entry"),
        ({"entry": "five"}, "purse.entry"),
        ({"entry": "-1"}, "purse.entry"),
        ({"entry": "5", "places": ["101"]}, "purse.places[0]"),
        ({"entry": "5", "places": "50"}, "purse.places"),
        ({"house": "1"}, "purse.entry"),
        ({"entry": "5", "pot": "9"}, "purse.pot"),
        ("5.00", "purse"),
    ],
)
def test_purse_refusals_name_the_field(body: object, path: str) -> None:
    # docs/club.md §10.2: "Refused: house > entry; percentages summing over 100; an award amount
    # for an award not chosen; award amounts over the pot." (8 players: a pot of 4.00 at 0.50.)
    with pytest.raises(RuleError) as caught:
        read_purse(body, CHOSEN, 8)
    assert caught.value.path == path


def test_purse_settings_as_shown() -> None:
    purse = read_purse(
        {"entry": "5", "house": "0.5", "places": ["50", "30", "20"], "awards": {"high_game": "4"}},
        CHOSEN,
        8,
    )
    assert purse == Purse(
        Decimal("5"),
        Decimal("0.5"),
        (Decimal("50"), Decimal("30"), Decimal("20")),
        {"high_game": Decimal("4")},
    )
    assert purse.as_json() == {
        "entry": "5.00",
        "house": "0.50",
        "places": ["50", "30", "20"],
        "awards": {"high_game": "4.00"},
    }
    assert read_purse(None, CHOSEN, 8) is None
