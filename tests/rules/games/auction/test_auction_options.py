"""Auction pinochle's options and seating (docs/rules.md §2, §4, §5): who sits out at 4-6
players (and the opposite six-player seating that stored matches keep), the direction of play,
the schedule a stored match keeps, the single spades concession, the hand thrown in before the
widow, ``bidder_scores``, ``last_trick`` in points, the no-1-point rule and the option rules of
§4.

Every expected number is worked out by hand from the line of docs/rules.md (§2, §4, §5) or of
seed 000 cited beside it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from scorekeeper.rules.core.errors import RuleError
from scorekeeper.rules.core.match import MatchState, Setup
from scorekeeper.rules.core.options import DIRECTION_OPTION
from scorekeeper.rules.games.auction.form import active_players
from scorekeeper.rules.games.registry import find_variant

AUCTION = find_variant("auction")
THREE = ("Ana", "Ben", "Cruz")
FOUR = ("Ana", "Ben", "Cruz", "Dee")
FIVE = ("Ana", "Ben", "Cruz", "Dee", "Eve")
SIX = ("Ana", "Ben", "Cruz", "Dee", "Eve", "Fay")


def setup(players: Sequence[str] = THREE, dealer: str | None = None, **rules: Any) -> Setup:
    return AUCTION.setup(list(players), rules=rules, dealer=dealer)


def play(
    players: Sequence[str], hands: list[dict[str, Any]], dealer: str | None = None, **rules: Any
) -> MatchState:
    return AUCTION.play(setup(players, dealer, **rules), hands)


def refusal(hands: list[dict[str, Any]], players: Sequence[str] = THREE, **rules: Any) -> RuleError:
    with pytest.raises(RuleError) as caught:
        play(players, hands, **rules)
    return caught.value


def option_refusal(rules: dict[str, Any]) -> RuleError:
    with pytest.raises(RuleError) as caught:
        AUCTION.resolve_options(rules)
    return caught.value


def stored(players: Sequence[str], dealer: str, **options: Any) -> Setup:
    """A match as the database hands it back: its stored options as they are, not resolved
    again (``service.setup_of``), so a match created before revision 2 may carry
    ``six_seating: opposite``."""
    return Setup("auction", {**AUCTION.resolve_options({}), **options}, tuple(players), (), dealer)


# --- a stored match keeps its schedule (docs/rules.md §7) -------------------------------------


def test_doubling_pays_by_its_table_and_a_stored_doubling_250_match_by_its_own() -> None:
    # 350 made in clubs, three players, kitty bonus 10 from 350 (seed 000): doubling 2 units each,
    # doubling-250 4 units each (docs/rules.md §2 table, row 350-390).
    hand = {"bidder": "Ana", "bid": 350, "trump": "clubs", "outcome": "made"}
    assert play(THREE, [hand]).totals == {"Ana": 14, "Ben": -2, "Cruz": -2}
    old = AUCTION.play(stored(THREE, "Cruz", schedule="doubling-250"), [hand])
    assert old.totals == {"Ana": 18, "Ben": -4, "Cruz": -4}


# --- who sits out (docs/rules.md §2), and the direction of play (§5) ---------------------------


@pytest.mark.parametrize(
    ("players", "dealer", "direction", "expected"),
    [
        # 4: the dealer (seed 000: «un jugador reparte en cada juego, pero no participa»)
        (FOUR, "Ana", "left", ("Ben", "Cruz", "Dee")),
        (FOUR, "Ana", "right", ("Ben", "Cruz", "Dee")),
        # 5: the dealer and the second on his left (Bicycle); on his right under `right`
        (FIVE, "Ana", "left", ("Ben", "Dee", "Eve")),  # Cruz is second on Ana's left
        (FIVE, "Ana", "right", ("Ben", "Cruz", "Eve")),  # on Ana's right: Eve, then Dee (out)
        # 6: the dealer and the second and fourth on his left sit out; the 1st, 3rd, 5th play
        (SIX, "Ana", "left", ("Ben", "Dee", "Fay")),
        (SIX, "Dee", "left", ("Ana", "Cruz", "Eve")),  # on Dee's left: Eve, Fay (out), Ana ...
        (SIX, "Ana", "right", ("Ben", "Dee", "Fay")),  # on Ana's right: Fay, Eve (out), Dee ...
        (SIX, "Ben", "right", ("Ana", "Cruz", "Eve")),  # on Ben's right: Ana, Fay (out), Eve ...
    ],
)
def test_three_are_dealt_in(
    players: Sequence[str], dealer: str, direction: str, expected: tuple[str, ...]
) -> None:
    match = setup(players, dealer, direction=direction)
    assert len(expected) == 3  # docs/rules.md §2: "Always 3 active players"
    assert active_players(players, dealer, rotation=match.rotation) == expected
    state = AUCTION.play(match, [])
    assert state.active == expected
    assert AUCTION.layout(match, state.active).sitting_out == tuple(
        p for p in players if p not in expected
    )


def test_five_players_dealer_cruz_to_the_right() -> None:
    # direction right: the rotation from Cruz is Cruz, Ben, Ana, Eve, Dee; out: Cruz and the
    # second on his right, Ana; in: Ben, Eve, Dee (seating order Ben, Dee, Eve).
    match = setup(FIVE, "Cruz", direction="right")
    assert AUCTION.play(match, []).active == ("Ben", "Dee", "Eve")


@pytest.mark.parametrize(
    ("players", "dealer", "direction", "dealers", "actives", "leaders"),
    [
        # each hand all pass; the deal passes on, the next dealer and his seats follow
        (
            SIX,
            "Ana",
            "left",
            ("Ben", "Cruz", "Dee"),
            (("Cruz", "Eve", "Ana"), ("Dee", "Fay", "Ben"), ("Ana", "Cruz", "Eve")),
            ("Cruz", "Dee", "Eve"),
        ),
        (
            SIX,
            "Ana",
            "right",
            ("Fay", "Eve", "Dee"),
            (("Ana", "Cruz", "Eve"), ("Dee", "Fay", "Ben"), ("Cruz", "Eve", "Ana")),
            ("Eve", "Dee", "Cruz"),
        ),
        (
            FIVE,
            "Ana",
            "left",
            ("Ben", "Cruz", "Dee"),
            (("Cruz", "Eve", "Ana"), ("Dee", "Ana", "Ben"), ("Eve", "Ben", "Cruz")),
            ("Cruz", "Dee", "Eve"),
        ),
        (
            FOUR,
            "Ana",
            "right",
            ("Dee", "Cruz", "Ben"),
            (("Ana", "Ben", "Cruz"), ("Ana", "Ben", "Dee"), ("Ana", "Cruz", "Dee")),
            ("Cruz", "Ben", "Ana"),
        ),
    ],
)
def test_the_next_hand_active_players_and_leader(
    players: Sequence[str],
    dealer: str,
    direction: str,
    dealers: tuple[str, ...],
    actives: tuple[tuple[str, ...], ...],
    leaders: tuple[str, ...],
) -> None:
    match = setup(players, dealer, direction=direction)
    for count in range(1, 4):
        state = AUCTION.play(match, [{"outcome": "all_pass"}] * count)
        assert state.dealer == dealers[count - 1]
        assert set(state.active) == set(actives[count - 1])
        assert state.active == tuple(p for p in players if p in state.active)  # seating order
        # the first bidder: the first player dealt in on the dealer's left (right)
        assert state.leader == leaders[count - 1]


@pytest.mark.parametrize(
    ("dealer", "expected", "leader"),
    [
        # docs/rules.md §5: a match created before revision 2 with six players keeps its old
        # seating (six_seating: opposite): the dealer and the player opposite him sit out.
        ("Ana", ("Ben", "Cruz", "Eve", "Fay"), "Ben"),
        ("Eve", ("Ana", "Cruz", "Dee", "Fay"), "Fay"),
    ],
)
def test_a_stored_six_player_match_keeps_the_opposite_seating(
    dealer: str, expected: tuple[str, ...], leader: str
) -> None:
    old = stored(SIX, dealer, six_seating="opposite")
    state = AUCTION.play(old, [])
    assert (state.active, state.leader) == (expected, leader)
    assert len(AUCTION.layout(old, state.active).sitting_out) == 2
    # and its hands replay as before: the player opposite the dealer may not bid, the others may
    opposite = SIX[(SIX.index(dealer) + 3) % 6]
    bid = {"bid": 300, "trump": "clubs", "outcome": "made"}
    with pytest.raises(RuleError) as caught:
        AUCTION.play(old, [{**bid, "bidder": opposite}])
    assert (caught.value.path, caught.value.code) == ("bidder", "dealt_out")
    made = AUCTION.play(old, [{**bid, "bidder": expected[1]}])
    assert made.hands[0].active == expected


@pytest.mark.parametrize("players", [THREE, FOUR, FIVE])
def test_six_seating_changes_nothing_below_six(players: Sequence[str]) -> None:
    old = stored(players, "Ana", six_seating="opposite")
    assert AUCTION.play(old, []).active == AUCTION.play(setup(players, "Ana"), []).active


@pytest.mark.parametrize("value", ["opposite", "alternate", None])
def test_a_new_match_may_not_choose_a_six_seating(value: object) -> None:
    error = option_refusal({"six_seating": value})
    assert (error.path, error.code) == ("rules.six_seating", "old_matches_only")
    with pytest.raises(RuleError) as caught:
        AUCTION.setup(list(SIX), rules={"six_seating": "opposite"})
    assert caught.value.path == "rules.six_seating"


@pytest.mark.parametrize("scoring", ["units", "points"])
def test_direction_is_an_option_of_both_modes(scoring: str) -> None:
    specs = AUCTION.option_specs({"scoring": scoring})
    assert DIRECTION_OPTION in specs
    assert AUCTION.resolve_options({"scoring": scoring})["direction"] == "left"
    match = setup(THREE, scoring=scoring, direction="right")
    assert AUCTION.layout(match).direction == "right"
    assert option_refusal({"scoring": scoring, "direction": "up"}).path == "rules.direction"


# --- spades_concession (docs/rules.md §2) ------------------------------------------------------

CONCEDE = {"bidder": "Ana", "bid": 350, "outcome": "conceded"}


@pytest.mark.parametrize(
    ("rules", "trump", "outcome", "each"),
    [
        # 350 = 2 units (doubling); conceded: units x m to each player and the kitty
        ({}, "spades", "conceded", 4),  # double (default): m = 2 as for any hand
        ({"spades_concession": "double"}, "spades", "conceded", 4),
        # Scarne: "throws in his hand without playing a card pays only a single amount"
        ({"spades_concession": "single"}, "spades", "conceded", 2),
        ({"spades_concession": "single"}, "clubs", "conceded", 2),
        # only the spades concession: hearts triple stays, a set in spades stays double
        ({"spades_concession": "single", "hearts_triple": True}, "hearts", "conceded", 6),
        ({"spades_concession": "single"}, "spades", "set", 8),  # 2 x 2 x 2
        ({"spades_concession": "single", "spades_double": False}, "spades", "conceded", 2),
    ],
)
def test_spades_concession(rules: dict[str, Any], trump: str, outcome: str, each: int) -> None:
    hand = {**CONCEDE, "trump": trump, "outcome": outcome}
    payments = play(THREE, [hand], **rules).hands[0].payments
    assert payments == {"Ana": -3 * each, "Ben": each, "Cruz": each, "kitty": each}


# --- thrown in before the widow (docs/rules.md §2) ---------------------------------------------

THROWN = {"bidder": "Ana", "bid": 300, "outcome": "thrown_in"}


@pytest.mark.parametrize(
    ("players", "rules", "bid", "paid"),
    [
        # "the bidder pays the kitty units(bid) and nobody else": doubling 300 = 1 unit
        (THREE, {}, 300, 1),
        (FOUR, {}, 300, 1),  # the dealt-out player pays nothing either
        (THREE, {"schedule": "doubling-250"}, 300, 2),
        (THREE, {"schedule": "hoyle"}, 300, 3),
        (THREE, {"schedule": "scarne", "min_bid": 250}, 250, 2),
        (THREE, {"min_bid": 350}, 350, 2),  # no trump, so no multiplier; no kitty bonus either
    ],
)
def test_thrown_in_pays_the_kitty_only(
    players: Sequence[str], rules: dict[str, Any], bid: int, paid: int
) -> None:
    bidder = "Ben"  # dealt in at four (dealer Ana)
    state = play(players, [{**THROWN, "bidder": bidder, "bid": bid}], **rules)
    expected = dict.fromkeys(players, 0)
    expected[bidder] = -paid
    assert state.hands[0].payments == {**expected, "kitty": paid}
    assert state.kitty == paid
    assert str(state.hands[0].notes[0]) == f"Ben threw in {bid} without looking at the widow"


@pytest.mark.parametrize(
    ("hand", "rules", "path", "code"),
    [
        # only at the minimum bid: "if the contract is 300"
        ({**THROWN, "bid": 310}, {}, "bid", "not_minimum"),
        ({**THROWN, "bid": 350}, {"min_bid": 250}, "bid", "not_minimum"),
        # no trump is named: he has not seen the widow
        ({**THROWN, "trump": "spades"}, {}, "trump", "not_with_thrown_in"),
        ({**THROWN, "meld": 100}, {}, "meld", "not_with_thrown_in"),
        ({**THROWN, "tricks": 0}, {}, "tricks", "not_with_thrown_in"),
        # only with a kitty
        (THROWN, {"kitty": False}, "outcome", "needs_kitty"),
        # only in units (docs/rules.md §4)
        (THROWN, {"scoring": "points"}, "outcome", "units_only"),
        ({"bid": 300, "outcome": "thrown_in"}, {}, "bidder", "required"),
        ({"bidder": "Ana", "outcome": "thrown_in"}, {}, "bid", "required"),
    ],
)
def test_thrown_in_refusals(
    hand: dict[str, Any], rules: dict[str, Any], path: str, code: str
) -> None:
    error = refusal([hand], **rules)
    assert (error.path, error.code, error.hand) == (path, code, 1)


def test_a_dealt_out_player_cannot_throw_in() -> None:
    error = refusal([THROWN], FOUR)  # dealer Ana sits out
    assert (error.path, error.code) == ("bidder", "dealt_out")


@pytest.mark.parametrize(
    ("rules", "thrown_in"),
    [({}, True), ({"kitty": False}, False), ({"scoring": "points"}, False)],
)
def test_the_table_offers_thrown_in_in_units_with_a_kitty(
    rules: dict[str, Any], thrown_in: bool
) -> None:
    assert AUCTION.layout(setup(THREE, **rules)).thrown_in is thrown_in


# --- scoring: points: bidder_scores and last_trick ---------------------------------------------

MELD = {"Ana": 20, "Ben": 150, "Cruz": 40}
TRICKS = {"Ana": 40, "Ben": 160, "Cruz": 50}  # 250 (classic)


def points_hand(bid: int, **fields: Any) -> dict[str, Any]:
    return {"bidder": "Ben", "bid": bid, "trump": "hearts", **fields}


@pytest.mark.parametrize(
    ("bidder_scores", "bid", "ben"),
    [
        ("taken", 300, 310),  # meld 150 + tricks 160 (the default, a house rule)
        ("bid", 300, 300),  # Parlett: "the bidder scores the amount he bid if successful"
        ("bid", 310, 310),
        ("bid", 320, -320),  # set: minus the bid either way
        ("taken", 320, -320),
    ],
)
def test_bidder_scores(bidder_scores: str, bid: int, ben: int) -> None:
    state = play(
        THREE,
        [points_hand(bid, meld=MELD, tricks=TRICKS)],
        scoring="points",
        bidder_scores=bidder_scores,
    )
    assert state.hands[0].scores == {"Ana": 60, "Ben": ben, "Cruz": 90}


def test_bidder_scores_bid_on_a_concession() -> None:
    hand = points_hand(300, meld=MELD, outcome="conceded")
    state = play(THREE, [hand], scoring="points", bidder_scores="bid")
    assert state.hands[0].scores == {"Ana": 20, "Ben": -300, "Cruz": 40}


def test_bidder_scores_bid_counts_the_bid_toward_the_target() -> None:
    # Ben made 300 with 150 + 160 = 310: with `bid` he scores 300, with `taken` 310; the bidder
    # is counted first (docs/rules.md §2) with what he scores.
    opening = points_hand(300, meld=MELD, tricks=TRICKS)
    state = play(THREE, [opening], scoring="points", bidder_scores="bid", target=300)
    assert (state.status, state.winner) == ("finished", "Ben")
    state = play(THREE, [opening], scoring="points", bidder_scores="bid", target=310)
    assert state.status == "in_progress"
    state = play(THREE, [opening], scoring="points", target=310)
    assert (state.status, state.winner) == ("finished", "Ben")


@pytest.mark.parametrize(
    ("rules", "tricks", "ok"),
    [
        # last_trick 0: seed 002 to the letter, 240 in all under classic (docs/rules.md §1)
        ({"last_trick": 0}, {"Ana": 40, "Ben": 150, "Cruz": 50}, True),
        ({"last_trick": 0}, TRICKS, False),
        ({}, TRICKS, True),
        ({"last_trick": 10}, {"Ana": 40, "Ben": 150, "Cruz": 50}, False),
        ({"last_trick": 0, "counting": "counters"}, {"Ana": 40, "Ben": 150, "Cruz": 50}, True),
    ],
)
def test_last_trick_in_points(rules: dict[str, Any], tricks: dict[str, int], ok: bool) -> None:
    hand = points_hand(300, meld=MELD, tricks=tricks)
    if ok:
        state = play(THREE, [hand], scoring="points", **rules)
        assert state.hands[0].scores is not None
        assert sum(tricks.values()) == (240 if rules.get("last_trick") == 0 else 250)
    else:
        error = refusal([hand], scoring="points", **rules)
        assert (error.path, error.code) == ("tricks", "bad_total")


@pytest.mark.parametrize(
    ("figure", "ok"),
    [(0, True), (1, False), (2, True), (248, True), (249, False), (250, True)],
)
def test_the_bidder_single_tricks_in_units_follow_the_no_one_point_rule(
    figure: int, ok: bool
) -> None:
    # docs/rules.md §5: "The no-1-point rule of classic applies to every trick figure entered,
    # the bidder's single tricks in auction units included": no card is worth 1 point.
    hand = {"bidder": "Ana", "bid": 300, "trump": "clubs", "meld": 300, "tricks": figure}
    if ok:
        assert play(THREE, [hand]).hands[0].payments is not None
    else:
        error = refusal([hand])
        assert (error.path, error.code) == ("tricks", "impossible_tricks")


@pytest.mark.parametrize(
    ("rules", "tricks", "path"),
    [
        ({}, {"Ana": 1, "Ben": 160, "Cruz": 89}, "tricks.Ana"),
        ({}, {"Ana": 0, "Ben": 249, "Cruz": 1}, "tricks.Ben"),
        ({"last_trick": 0}, {"Ana": 0, "Ben": 239, "Cruz": 1}, "tricks.Ben"),  # 240 - 1
    ],
)
def test_points_trick_figures_follow_the_no_one_point_rule(
    rules: dict[str, Any], tricks: dict[str, int], path: str
) -> None:
    error = refusal([points_hand(300, meld=MELD, tricks=tricks)], scoring="points", **rules)
    assert (error.path, error.code) == (path, "impossible_tricks")


# --- the option rules of docs/rules.md §4 ------------------------------------------------------


def test_the_option_defaults_of_each_scoring() -> None:
    units_options = AUCTION.resolve_options({})
    assert units_options["spades_concession"] == "double"
    assert units_options["direction"] == "left"
    assert "bidder_scores" not in units_options
    assert "last_trick" not in units_options
    assert "six_seating" not in units_options  # old matches only
    points_options = AUCTION.resolve_options({"scoring": "points"})
    assert (points_options["bidder_scores"], points_options["last_trick"]) == ("taken", 10)
    assert "spades_concession" not in points_options


@pytest.mark.parametrize(
    ("rules", "path", "code"),
    [
        # "an option of the other mode is refused"
        ({"spades_concession": "single", "scoring": "points"}, "rules.spades_concession",
         "other_scoring"),
        ({"bidder_scores": "bid"}, "rules.bidder_scores", "other_scoring"),
        ({"last_trick": 0}, "rules.last_trick", "other_scoring"),
        ({"spades_concession": "half"}, "rules.spades_concession", "bad_choice"),
        ({"scoring": "points", "bidder_scores": "meld"}, "rules.bidder_scores", "bad_choice"),
        # "last_trick is 0 or its default (10; 1 under simple)"
        ({"scoring": "points", "last_trick": 1}, "rules.last_trick", "bad_choice"),
        ({"scoring": "points", "last_trick": 5}, "rules.last_trick", "bad_choice"),
        ({"schedule": "doubling-300"}, "rules.schedule", "bad_choice"),
    ],
)  # fmt: skip
def test_refused_options(rules: dict[str, Any], path: str, code: str) -> None:
    error = option_refusal(rules)
    assert (error.path, error.code) == (path, code)
