"""The write decisions alone (scorekeeper/rules/contract/writes.py): no app, no database, a plain
replay from hand 1 as the phone makes it. The figures are those of the API's tests of the same
writes (tests/api/test_writes.py, test_problems.py, tests/acceptance/test_auction_pinnacola.py) and
of docs/api.md "Hands", "Limits" and "Settle-up and tools"; docs/rules.md §7 for the stored hands
the rules refuse."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from scorekeeper.rules import FINISHED, IN_PROGRESS, MatchState, RuleError, Setup, Variant
from scorekeeper.rules.contract.writes import (
    MAX_HANDS,
    PlainReplay,
    PlainReplays,
    WriteRefused,
    add_hand,
    delete_last_hand,
    finish_match,
    reopen_match,
    replace_hand,
    settle,
)
from scorekeeper.rules.games.registry import find_variant

PINOCHLE = find_variant("pinochle-2")
AUCTION = find_variant("auction")
TWO = PINOCHLE.setup(["Ana", "Ben"])  # target 1000
#: tests/api/test_problems.py: a fine hand, a fix, and one today's rules refuse (251 points of
#: tricks under `classic`, docs/rules.md §1).
GOOD = {"meld": {"Ana": 40, "Ben": 20}, "tricks": {"Ana": 130, "Ben": 120}}
FIXED = {"meld": {"Ana": 0, "Ben": 0}, "tricks": {"Ana": 100, "Ben": 150}}
REFUSED = {"meld": {"Ana": 0, "Ben": 0}, "tricks": {"Ana": 130, "Ben": 121}}
#: A hand that reaches the target of 1000 alone.
HUGE = {"meld": {"Ana": 1000, "Ben": 0}, "tricks": {"Ana": 250, "Ben": 0}}
#: The stored hands of test_problems.py's ``problem`` match: hand 3 refused.
PROBLEM = (GOOD, GOOD, REFUSED)


def made(bidder: str, bid: int, trump: str = "hearts", outcome: str = "made") -> dict[str, Any]:
    return {"bidder": bidder, "bid": bid, "trump": trump, "outcome": outcome}


def refusal(call: Any, *args: Any, **kwargs: Any) -> WriteRefused:
    """The :class:`WriteRefused` that ``call(*args, **kwargs)`` raises."""
    with pytest.raises(WriteRefused) as raised:
        call(*args, **kwargs)
    return raised.value


def played(
    inputs: Sequence[Mapping[str, Any]], setup: Setup = TWO, variant: Variant = PINOCHLE
) -> MatchState:
    return PlainReplays(variant, setup).whole(inputs, finished=False)


# --- Adding a hand ------------------------------------------------------------------------------


def test_an_added_hand_is_scored_and_stored_after_the_others() -> None:
    decided = add_hand(PINOCHLE, TWO, [GOOD], False, GOOD)
    assert dict(decided.state.totals) == {"Ana": 340, "Ben": 280}
    assert decided.inputs == (GOOD, GOOD)
    assert decided.finished is False
    assert isinstance(decided.replayed, PlainReplay)
    assert decided.replayed.state is decided.state


def test_an_entry_the_rules_refuse_is_their_422() -> None:
    with pytest.raises(RuleError) as raised:
        add_hand(PINOCHLE, TWO, [GOOD], False, REFUSED)
    assert raised.value.path == "tricks"
    assert raised.value.hand == 2


def test_a_hand_on_a_finished_match_is_409() -> None:
    refused = refusal(add_hand, PINOCHLE, TWO, [GOOD], True, GOOD)
    assert (refused.status, refused.template) == (
        409,
        "the match is finished: undo its last hand to reopen it",
    )


def test_a_hand_after_the_rules_ended_the_match_is_409() -> None:
    refused = refusal(add_hand, PINOCHLE, TWO, [HUGE], False, GOOD)
    assert (refused.status, refused.message) == (
        409,
        "the match is over: no more hands can be added",
    )


def test_the_hand_past_the_most_is_409_before_any_replay() -> None:
    # Entries no replay would take: the count alone refuses (docs/api.md "Limits").
    refused = refusal(add_hand, PINOCHLE, TWO, [{}] * MAX_HANDS, False, GOOD)
    assert (refused.status, refused.message) == (409, "a match has at most 1000 hands")
    assert MAX_HANDS == 1000


def test_a_stored_hand_the_rules_refuse_stands_in_the_way_of_any_new_one() -> None:
    for entry in (GOOD, REFUSED):  # a bad entry too is a 409, not a 422
        refused = refusal(add_hand, PINOCHLE, TWO, PROBLEM, False, entry)
        assert refused.status == 409
        assert refused.params["hand"] == 3
        assert refused.params["reason"].path == "tricks"
        assert refused.message.startswith("stored hand 3 no longer fits the rules (")


def test_a_club_limit_refuses_the_hand_after_it() -> None:
    seen: list[MatchState] = []

    def over(state: MatchState) -> bool:
        seen.append(state)
        return True

    refused = refusal(add_hand, PINOCHLE, TWO, [GOOD], False, GOOD, over=over)
    assert (refused.status, refused.template) == (409, "this round's match is over")
    assert len(seen[0].hands) == 2  # asked of the match with the new hand


# --- Correcting a hand --------------------------------------------------------------------------


def test_a_correction_scores_every_later_hand_again() -> None:
    decided = replace_hand(PINOCHLE, TWO, [GOOD, GOOD], False, 1, FIXED)
    assert dict(decided.state.totals) == {"Ana": 270, "Ben": 290}
    assert decided.inputs == (FIXED, GOOD)


def test_a_correction_of_no_such_hand_is_404() -> None:
    for number in (0, 3):
        refused = refusal(replace_hand, PINOCHLE, TWO, [GOOD, GOOD], False, number, GOOD)
        assert (refused.status, refused.template, refused.params) == (
            404,
            "this match has no hand {number}",
            {"number": number},
        )


def test_a_correction_that_ends_the_match_early_is_409() -> None:
    inputs = [GOOD, GOOD, GOOD]
    refused = refusal(replace_hand, PINOCHLE, TWO, inputs, False, 2, HUGE)
    assert refused.status == 409
    assert refused.message == (
        "this correction ends the match at hand 2, before the hands that follow it: "
        "undo those first"
    )
    # The last hand may end it.
    decided = replace_hand(PINOCHLE, TWO, inputs, False, 3, HUGE)
    assert (decided.state.status, decided.state.winner) == (FINISHED, "Ana")


def test_a_correction_of_a_finished_match_keeps_it_finished() -> None:
    decided = replace_hand(PINOCHLE, TWO, [GOOD], True, 1, FIXED)
    assert (decided.state.status, decided.state.winner, decided.finished) == (
        FINISHED,
        "Ben",
        True,
    )


def test_correcting_the_refused_hand_fixes_it() -> None:
    decided = replace_hand(PINOCHLE, TWO, PROBLEM, False, 3, FIXED)
    assert decided.state.problems == ()
    assert dict(decided.state.totals) == {"Ana": 440, "Ben": 430}


def test_a_hand_before_the_refused_one_can_be_corrected() -> None:
    decided = replace_hand(PINOCHLE, TWO, PROBLEM, False, 1, FIXED)
    assert [problem.hand for problem in decided.state.problems] == [3]
    assert dict(decided.state.totals) == {"Ana": 270, "Ben": 290}
    assert decided.replayed is None  # a lenient replay: nothing worth keeping
    with pytest.raises(RuleError):
        replace_hand(PINOCHLE, TWO, PROBLEM, False, 1, REFUSED)


def test_a_hand_after_the_refused_one_cannot_be_corrected_first() -> None:
    refused = refusal(replace_hand, PINOCHLE, TWO, [*PROBLEM, GOOD], False, 4, FIXED)
    assert (refused.status, refused.params["hand"]) == (409, 3)


# --- Undoing the last hand ----------------------------------------------------------------------


def test_only_the_last_hand_can_be_undone() -> None:
    inputs = [GOOD, GOOD, GOOD]
    refused = refusal(delete_last_hand, PINOCHLE, TWO, inputs, False, 2)
    assert (refused.status, refused.params) == (409, {"last": 3, "number": 2})
    assert refused.message == (
        "only the last hand (3) can be deleted: correct hand 2 instead, "
        "or undo the hands after it first"
    )
    assert refusal(delete_last_hand, PINOCHLE, TWO, inputs, False, 4).status == 404
    decided = delete_last_hand(PINOCHLE, TWO, inputs, False, 3)
    assert decided.inputs == (GOOD, GOOD)
    assert dict(decided.state.totals) == {"Ana": 340, "Ben": 280}


def test_the_undo_reopens_a_finished_match_unless_its_round_is_closed() -> None:
    inputs = [GOOD, GOOD]
    reopened = delete_last_hand(PINOCHLE, TWO, inputs, True, 2)
    assert (reopened.finished, reopened.state.status) == (False, IN_PROGRESS)
    closed = delete_last_hand(PINOCHLE, TWO, inputs, True, 2, closed=True)
    assert (closed.finished, closed.state.status) == (True, FINISHED)


def test_the_undo_of_the_hands_after_a_refused_one_works() -> None:
    decided = delete_last_hand(PINOCHLE, TWO, [*PROBLEM, GOOD], False, 4)
    assert [problem.hand for problem in decided.state.problems] == [3]
    assert delete_last_hand(PINOCHLE, TWO, PROBLEM, False, 3).state.problems == ()


# --- Ending the night and taking it back -------------------------------------------------------


def test_finishing_ends_the_match_with_the_leader_winning() -> None:
    state = finish_match(played([GOOD]), False)
    assert (state.status, state.winner) == (FINISHED, "Ana")


def test_finishing_twice_is_409() -> None:
    finished = PlainReplays(PINOCHLE, TWO).whole([GOOD], finished=True)
    refused = refusal(finish_match, finished, True)
    assert (refused.status, refused.template) == (409, "the match is already finished")
    # Ended by the rules (the target reached) is finished too.
    assert refusal(finish_match, played([HUGE]), False).template == (
        "the match is already finished"
    )


def test_finishing_is_409_while_a_stored_hand_is_refused() -> None:
    refused = refusal(finish_match, played(PROBLEM), False)
    assert (refused.status, refused.params["hand"]) == (409, 3)


def test_reopening_takes_back_the_end_of_the_night() -> None:
    decided = reopen_match(PINOCHLE, TWO, [GOOD], True)
    assert (decided.finished, decided.state.status, decided.inputs) == (
        False,
        IN_PROGRESS,
        (GOOD,),
    )
    assert refusal(reopen_match, PINOCHLE, TWO, [GOOD], False).template == (
        "the match is not finished"
    )
    # The rules ended it: only an undo reopens it.
    refused = refusal(reopen_match, PINOCHLE, TWO, [HUGE], True)
    assert (refused.status, refused.template) == (
        409,
        "the match is over: no more hands can be added",
    )


# --- An auction match and its settle-up --------------------------------------------------------


def test_an_auction_hand_and_its_settle_up() -> None:
    # tests/acceptance/test_auction_pinnacola.py: the kitty's remainder to the first players.
    setup = AUCTION.setup(["Ana", "Ben", "Cruz"], None, {"unit_value": "0.05"})
    decided = add_hand(AUCTION, setup, [], False, made("Ben", 300, "hearts", "conceded"))
    assert dict(decided.state.totals) == {"Ana": 1, "Ben": -3, "Cruz": 1}
    assert decided.state.kitty == 1
    settled = settle(setup, decided.state)
    assert dict(settled.balances) == {"Ana": 2, "Ben": -3, "Cruz": 1}
    transfers = sorted((t.payer, t.payee, t.units, str(t.amount)) for t in settled.transfers)
    assert transfers == [("Ben", "Ana", 2, "0.10"), ("Ben", "Cruz", 1, "0.05")]


def test_an_auction_bid_the_rules_refuse_is_their_422() -> None:
    setup = AUCTION.setup(["Ana", "Ben", "Cruz"])
    with pytest.raises(RuleError):
        add_hand(AUCTION, setup, [], False, made("Zed", 300))


@pytest.mark.parametrize(
    ("variant", "setup"),
    [
        (AUCTION, AUCTION.setup(["Ana", "Ben", "Cruz"], None, {"scoring": "points"})),
        (PINOCHLE, TWO),
    ],
)
def test_a_match_not_in_units_has_no_settle_up(variant: Variant, setup: Setup) -> None:
    refused = refusal(settle, setup, played([], setup, variant))
    assert (refused.status, refused.template) == (
        409,
        "only auction pinochle in units has a settle-up",
    )


# --- The caller's replays ----------------------------------------------------------------------


class Counting:
    """Replays that count what a decision asks of them (the server lends its cache's)."""

    def __init__(self) -> None:
        self.plain = PlainReplays(PINOCHLE, TWO)
        self.calls: list[str] = []

    def strict(self, inputs: Sequence[Mapping[str, Any]], *, finished: bool) -> PlainReplay:
        self.calls.append("strict")
        return self.plain.strict(inputs, finished=finished)

    def lenient(self, inputs: Sequence[Mapping[str, Any]], *, finished: bool) -> PlainReplay:
        self.calls.append("lenient")
        return self.plain.lenient(inputs, finished=finished)

    def whole(self, inputs: Sequence[Mapping[str, Any]], *, finished: bool) -> MatchState:
        self.calls.append("whole")
        return self.plain.whole(inputs, finished=finished)


def test_the_decisions_replay_through_the_callers_replays() -> None:
    replays = Counting()
    decided = add_hand(PINOCHLE, TWO, [GOOD], False, GOOD, replays)
    assert decided.state == played([GOOD, GOOD])
    delete_last_hand(PINOCHLE, TWO, [GOOD], False, 1, replays)
    replace_hand(PINOCHLE, TWO, PROBLEM, False, 1, FIXED, replays)
    assert replays.calls == ["strict", "lenient", "strict", "whole", "whole"]
