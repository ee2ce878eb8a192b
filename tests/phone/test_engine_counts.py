"""The phone's engine counts a long night at the same cost per Save (issue 38 point 6) and keeps
the match this phone sent (point 3), natively (``scorekeeper/rules/engine/``: resumed.py,
kept.py, answers.py ``run``; docs/phone.md "Offline, hand by hand").

The hands are two-handed pinochle's: the counters and the last trick make 250 points a hand
(docs/rules.md, seeds 000 and 004: «El número total de puntos que puede ganar un jugador es
250»), so 130 + 120; the target of 10,000 keeps a 60-hand night going.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from scorekeeper.rules.contract import wire
from scorekeeper.rules.core.match import MatchState
from scorekeeper.rules.engine import answers, kept
from scorekeeper.rules.games.registry import Variant, find_variant

#: A hand as the match page posts it (tests/phone/page_cases.py's field names).
FIELDS = [["meld_0", "20"], ["tricks_0", "130"], ["meld_1", "0"], ["tricks_1", "120"]]
ENTRY = {"meld": {"Ana": 20, "Ben": 0}, "tricks": {"Ana": 130, "Ben": 120}}


@pytest.fixture(autouse=True)
def fresh_memory() -> Iterator[None]:
    """Each test starts with a worker that keeps nothing (answers.KEPT)."""
    answers.KEPT = kept.Kept()
    yield
    answers.KEPT = kept.Kept()


def night(hands: int) -> dict[str, Any]:
    """The API's match JSON of a two-handed night with ``hands`` hands stored (id ``night``)."""
    variant = find_variant("pinochle-2")
    setup = variant.setup(["Ana", "Ben"], rules={"target": 10000})
    stored = wire.StoredMatch(
        "pinochle-2", dict(setup.options), list(setup.players), [], setup.first_dealer
    )
    state = variant.play(setup, [ENTRY] * hands) if hands else variant.play(setup, [])
    inputs = [ENTRY] * hands
    return {"id": "night", "version": hands} | wire.match_json(stored, state, str, inputs=inputs)


def page_op() -> dict[str, Any]:
    """A new hand as counted.js asks it (counted_core.js countOf)."""
    return {"method": "POST", "path": "/hands", "fields": FIELDS, "lang": "en", "minimal": True}


def stored_after(base: dict[str, Any], server: int) -> dict[str, Any]:
    """What counted.js tells the engine when the server stored its one waiting hand and is at
    version ``server`` with as many hands."""
    return {"base": base, "lang": "en", "ops": [page_op()], "version": server, "hands": server}


def ask(request: dict[str, Any]) -> dict[str, Any]:
    """The engine's answer to one request of the worker."""
    answer: dict[str, Any] = json.loads(answers.run(json.dumps(request)))
    return answer


def hands_replayed(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """A list that gets, at each replay, how many hands it replayed (not resumed over)."""
    done: list[int] = []
    resume = Variant.resume

    def counting(self: Variant, checkpoint: Any, hands: Any, *, every: int = 0) -> Any:
        done.append(len(hands) - checkpoint.count)
        return resume(self, checkpoint, hands, every=every)

    monkeypatch.setattr(Variant, "resume", counting)
    return done


@pytest.mark.parametrize("hands", [6, 60])
def test_a_save_replays_one_hand_at_hand_60_as_at_hand_6(
    monkeypatch: pytest.MonkeyPatch, hands: int
) -> None:
    match = night(hands)
    base = {"id": "night", "version": hands, "hands": hands}
    ask({"lang": "en", "match": match, "ops": [], "keep": True})  # the page's copy, once
    done = hands_replayed(monkeypatch)
    # Offline, three Saves: each count asks every waiting hand, from the match named.
    for waiting in range(1, 4):
        answer = ask({"lang": "en", "base": base, "ops": [page_op()] * waiting, "keep": True})
        assert [a["status"] for a in answer["answers"]] == [201] * waiting
    # One hand replayed per Save (the one just typed), whatever the night's length (the reads
    # after a write resume from its checkpoint: 0 hands).
    assert sum(done) == 3, done
    assert max(done) == 1, done
    totals = answer["answers"][-1]["body"]["match"]["totals"]
    assert totals == {"Ana": 150 * (hands + 3), "Ben": 120 * (hands + 3)}


def test_a_counts_answer_does_not_grow_with_the_night() -> None:
    sizes = []
    for hands in (6, 60):
        base = {"id": "night", "version": hands, "hands": hands}
        request = {"lang": "en", "match": night(hands), "ops": [page_op()], "keep": True}
        ask(request)
        del request["match"]
        sizes.append(len(answers.run(json.dumps(request | {"base": base}))))
    # The same bytes but for the totals' digits (hand 6: 1050; hand 60: 9150).
    assert abs(sizes[1] - sizes[0]) <= 8, sizes


def test_the_resumed_answers_are_the_whole_replays() -> None:
    match = night(20)
    ops = [page_op()] * 3 + [{"method": "DELETE", "path": "/hands/23", "minimal": True}]
    ops += [{"method": "POST", "path": "/hands/21", "fields": FIELDS[:2], "lang": "en"}]
    whole = ask({"lang": "en", "match": match, "ops": ops})["answers"]
    first = ask({"lang": "en", "match": match, "ops": ops[:2], "keep": True})["answers"]
    base = {"id": "night", "version": 20, "hands": 20}
    resumed = ask({"lang": "en", "base": base, "ops": ops, "keep": True})["answers"]
    assert first == whole[:2]
    assert resumed == whole


def test_a_match_not_kept_is_asked_for() -> None:
    base = {"id": "night", "version": 4, "hands": 4}
    assert ask({"lang": "en", "base": base, "ops": [page_op()], "keep": True}) == {
        "missing": True,
        "answers": [],
    }


def test_the_hand_this_phone_sent_and_the_server_stored_is_the_next_base() -> None:
    base = {"id": "night", "version": 6, "hands": 6}
    ask({"lang": "en", "match": night(6), "ops": [page_op()], "keep": True})
    told = ask({"stored": stored_after(base, 7)})
    assert told["kept"] is True
    # The match after it, named as the server's next page names it: no download needed.
    after = {"id": "night", "version": 7, "hands": 7}
    answer = ask({"lang": "en", "base": after, "ops": [page_op()], "keep": True})
    assert answer["answers"][0]["body"]["match"]["totals"] == {"Ana": 1200, "Ben": 960}
    # The copy the worker keeps for a page opened offline reads back as that match.
    copy = json.loads(told["copy"])
    assert (copy["version"], len(copy["hands"])) == (7, 7)
    again = ask({"lang": "en", "match": copy, "ops": [page_op()]})
    assert again["answers"] == answer["answers"]


def test_a_hand_another_phone_stored_meanwhile_is_not_taken_for_this_phones() -> None:
    base = {"id": "night", "version": 6, "hands": 6}
    ask({"lang": "en", "match": night(6), "ops": [page_op()], "keep": True})
    # The server is at version 8 with 8 hands: this phone's hand and another phone's.
    told = ask({"stored": stored_after(base, 8)})
    assert told == {"kept": False, "copy": None}
    assert ask({"lang": "en", "base": {**base, "version": 8, "hands": 8}, "ops": []})["missing"]


def test_the_checkpoints_kept_do_not_grow_with_the_night() -> None:
    session = answers.Session.of(night(40))
    for _ in range(20):
        assert answers.answer_op(session, page_op(), "en").status == 201
    counts = [c.count for c in session.checkpoints]
    # Every 16 hands (resumed.EVERY) and the latest four (resumed.LAST): an undo or a
    # correction of the latest hands resumes from one of them.
    assert counts == [16, 32, 48, 57, 58, 59, 60], counts
    assert isinstance(session.state(), MatchState)
