"""A write's answer is built from the write's own replay (``service.replaying.answering``): what
each hand is made into (its JSON in a language, ``service.per_hand``) is built once per process,
so a write at hand N builds the hand it changed only, not the N hands before it (issue 14)."""

from __future__ import annotations

from typing import Any

from flask import Flask

from scorekeeper import service
from scorekeeper.models import Match
from scorekeeper.rules import MatchState

HAND = {"meld": {"Ana": 0, "Ben": 0}, "tricks": {"Ana": 100, "Ben": 150}}
CORRECTED = {"meld": {"Ana": 0, "Ben": 0}, "tricks": {"Ana": 110, "Ben": 140}}


class Counting:
    """A ``respond`` that builds every hand through ``per_hand`` and notes which it built."""

    def __init__(self) -> None:
        self.built: list[int] = []

    def build(self, hand: Any) -> int:
        self.built.append(hand.number)
        number: int = hand.number
        return number

    def __call__(self, match: Match, state: MatchState, kept: Any) -> service.Answer:
        numbers = service.per_hand(match, state, "test:number", self.build)
        return service.Answer(200, numbers)


def test_each_write_builds_only_the_hand_it_changed(app: Flask) -> None:
    with app.app_context():
        match, token = service.create_match("pinochle-2", ["Ana", "Ben"], rules={"target": 5000})
        public_id = match.public_id
        respond = Counting()
        for number in range(1, 7):
            respond.built.clear()
            written = service.add_hand(public_id, token, HAND, respond=respond)
            assert written.body == list(range(1, number + 1))
            assert respond.built == [number]
        respond.built.clear()
        corrected = service.replace_hand(public_id, token, 6, CORRECTED, respond=respond)
        assert corrected.body == [1, 2, 3, 4, 5, 6]
        assert respond.built == [6]
        respond.built.clear()
        undone = service.delete_last_hand(public_id, token, 6, respond=respond)
        assert undone.body == [1, 2, 3, 4, 5]
        assert respond.built == []
        # A read of the version the write made: every hand from the cache.
        read = service.get_match(public_id)
        assert service.per_hand(read, service.state_of(read), "test:number", respond.build) == [
            1,
            2,
            3,
            4,
            5,
        ]
        assert respond.built == []
