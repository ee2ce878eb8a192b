"""The replay cache changes no answer (issue 14): the same random sequence of API operations,
sent to an app without the cache and, for a twin match, to two apps with a cache each (two
processes or servers on one database, taking turns at random), gives the same answers.

The operations cover every form, the four languages, corrections, undo (of the last hand and,
refused, of an earlier one), finishing, repeated idempotency keys, stale versions, entries the
rules refuse, ``Prefer: return=minimal`` and reads. Each sequence is seeded: a failure names its
seed and step.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from scorekeeper import config as configuration
from scorekeeper import create_app
from scorekeeper.extensions import db
from scorekeeper.models import Match
from tests.api.test_fuzz import MATCHES
from tests.helpers import API, MatchClient

LANGUAGES = ("en", "es", "it", "ru")
STEPS = 45
TRUMPS = ("spades", "hearts", "diamonds", "clubs")


def tens(pick: random.Random, low: int, high: int) -> int:
    return pick.randrange(low, high + 1, 10)


def pinochle_2(pick: random.Random) -> dict[str, Any]:
    ana = tens(pick, 0, 250)
    return {
        "meld": {
            "Ana": pick.choice([0, 20, 40, ["marriage", "dix"], ["run"]]),
            "Ben": pick.choice([0, 20, 80]),
        },
        "tricks": {"Ana": ana, "Ben": 250 - ana},
        "took_trick": {"Ana": ana > 0, "Ben": ana < 250},
        "declared_out": pick.choice([None, None, None, "Ana"]),
    }


def pinochle_4(pick: random.Random) -> dict[str, Any]:
    us = tens(pick, 0, 250)
    return {
        "meld": {
            name: pick.choice([0, 0, 20, 40, ["run"]]) for name in ("Ana", "Ben", "Cruz", "Dee")
        },
        "tricks": {"Us": us, "Them": 250 - us},
        "took_trick": {"Ana": us > 0, "Cruz": us > 0, "Ben": us < 250, "Dee": us < 250},
    }


def auction(pick: random.Random) -> dict[str, Any]:
    return {
        "bidder": pick.choice(["Ana", "Ben", "Cruz"]),
        "bid": tens(pick, 300, 450),
        "trump": pick.choice(TRUMPS),
        "meld": tens(pick, 0, 300),
        "tricks": tens(pick, 0, 250),
    }


def auction_points(pick: random.Random) -> dict[str, Any]:
    ana, ben = tens(pick, 0, 250), 0
    ben = tens(pick, 0, 250 - ana)
    return {
        "bidder": pick.choice(["Ana", "Ben", "Cruz"]),
        "bid": tens(pick, 300, 400),
        "trump": pick.choice(TRUMPS),
        "meld": {"Ana": tens(pick, 0, 200), "Ben": tens(pick, 0, 100), "Cruz": 0},
        "tricks": {"Ana": ana, "Ben": ben, "Cruz": 250 - ana - ben},
    }


def partnership(pick: random.Random) -> dict[str, Any]:
    if pick.random() < 0.1:
        return {"outcome": "all_pass"}
    first = tens(pick, 0, 250)
    return {
        "bidder": pick.choice(["Ana", "Ben", "Cruz", "Dee"]),
        "bid": tens(pick, 250, 400),
        "trump": pick.choice(TRUMPS),
        "meld": {"Team 1": tens(pick, 0, 200), "Team 2": tens(pick, 0, 200)},
        "tricks": {"Team 1": first, "Team 2": 250 - first},
        "conceded": pick.random() < 0.1,
    }


def pinnacola(pick: random.Random) -> dict[str, Any]:
    closer = pick.choice(["Ana", "Ben"])
    other = "Ben" if closer == "Ana" else "Ana"
    return {
        "sides": {
            closer: {"table": [["5H", "6H", "JK"], ["KS", "KD", "KC"]], "hand": []},
            other: {"table": tens(pick, 0, 300), "hand": pick.choice([["KS"], ["AS", "2C"], []])},
        },
        "closed_by": closer,
        "in_mano": pick.random() < 0.2,
    }


#: A random entry (valid or not: both sides must answer alike) for each match of MATCHES.
ENTRIES: dict[str, Callable[[random.Random], dict[str, Any]]] = {
    "pinochle-2": pinochle_2,
    "pinochle-4": pinochle_4,
    "auction": auction,
    "auction-points": auction_points,
    "partnership-auction": partnership,
    "pinnacola": pinnacola,
}


@pytest.fixture
def apps(app: Flask, tmp_path: Path) -> Iterator[tuple[Flask, Flask, Flask]]:
    """An app without the replay cache and two with one each, on the suite's database."""
    made: list[Flask] = []
    for size in (0, 256, 256):
        config = configuration.TestConfig(
            str(tmp_path / f"instance-{len(made)}"), app.config["SQLALCHEMY_DATABASE_URI"]
        )
        config.REPLAY_CACHE_MATCHES = size
        made.append(create_app(config))
    assert made[0].extensions["replay_cache"].size == 0
    yield made[0], made[1], made[2]
    for each in made:
        with each.app_context():
            db.session.remove()
            db.engine.dispose()


def plain(response: TestResponse) -> tuple[int, Any, str | None]:
    """An answer without what differs between two matches (ids, tokens, times)."""
    body = response.get_json(silent=True)

    def strip(value: Any) -> Any:
        if isinstance(value, dict):
            return {
                k: strip(v)
                for k, v in value.items()
                if k not in ("id", "edit_token", "created_at", "updated_at")
            }
        if isinstance(value, list):
            return [strip(v) for v in value]
        return value

    return response.status_code, strip(body), response.headers.get("Preference-Applied")


class Twin:
    """One match as the uncached app sees it, and its twin as the cached apps see it."""

    def __init__(self, plain_app: Flask, cached: tuple[Flask, Flask], name: str) -> None:
        self.clients = [plain_app.test_client(), *(each.test_client() for each in cached)]
        first = self.clients[0].post(f"{API}/matches", json=MATCHES[name]).get_json()
        second = self.clients[1].post(f"{API}/matches", json=MATCHES[name]).get_json()
        self.ids = [first["id"], second["id"]]
        self.tokens = [first["edit_token"], second["edit_token"]]

    def hands(self) -> int:
        """How many hands the match has now (asked of the app without the cache)."""
        match = self.clients[0].get(f"{API}/matches/{self.ids[0]}").get_json()
        return len(match["hands"]) + len(match["problems"])

    def send(
        self, pick: random.Random, method: str, tail: str, body: Any, headers: dict[str, str]
    ) -> tuple[Any, Any]:
        """The same request to both matches (the twin's through a cached app at random)."""
        answers = []
        for side in (0, 1):
            client = self.clients[0] if side == 0 else self.clients[pick.choice((1, 2))]
            answers.append(
                plain(
                    client.open(
                        f"{API}/matches/{self.ids[side]}{tail}",
                        method=method,
                        data=None if body is None else json.dumps(body),
                        content_type="application/json",
                        headers={"Authorization": f"Bearer {self.tokens[side]}", **headers},
                    )
                )
            )
        return answers[0], answers[1]


def operation(
    pick: random.Random, name: str, hands: int, keys: list[str]
) -> tuple[str, str, Any, dict[str, str]]:
    """A random operation on a match of ``hands`` hands: method, path tail, body, headers."""
    headers = {"Accept-Language": pick.choice(LANGUAGES)}
    if pick.random() < 0.2:
        headers["Prefer"] = "return=minimal"
    if keys and pick.random() < 0.15:
        headers["Idempotency-Key"] = pick.choice(keys)  # a repeat
    elif pick.random() < 0.4:
        keys.append(f"key-{len(keys)}")
        headers["Idempotency-Key"] = keys[-1]
    roll = pick.random()
    if roll < 0.5 or hands == 0:
        body: Any = ENTRIES[name](pick)
        if pick.random() < 0.1:
            body["version"] = pick.randint(1, hands + 3)  # often stale
        return "POST", "/hands", body, headers
    if roll < 0.7:
        return "PUT", f"/hands/{pick.randint(1, hands)}", ENTRIES[name](pick), headers
    if roll < 0.82:
        number = hands if pick.random() < 0.8 else pick.randint(1, hands)
        return "DELETE", f"/hands/{number}", None, headers
    if roll < 0.87:
        return "POST", "/finish", {}, headers
    return "GET", "", None, headers


@pytest.mark.parametrize("name", list(MATCHES))
@pytest.mark.parametrize("seed", [1, 2])
def test_the_cache_changes_no_answer(
    apps: tuple[Flask, Flask, Flask], name: str, seed: int
) -> None:
    plain_app, *cached = apps
    twin = Twin(plain_app, (cached[0], cached[1]), name)
    pick = random.Random(f"{name}:{seed}")
    keys: list[str] = []
    hands = 0
    for step in range(STEPS):
        method, tail, body, headers = operation(pick, name, hands, keys)
        expected, got = twin.send(pick, method, tail, body, headers)
        assert got == expected, f"seed {seed}, step {step}: {method} {tail} {body} {headers}"
        hands = twin.hands()
    final = twin.send(pick, "GET", "", None, {})
    assert final[0] == final[1]
    assert final[0][0] == 200


def test_the_cache_is_bounded_by_matches_and_by_hands() -> None:
    """Least recently used out, by count of matches and by hands held in all (the memory)."""
    from scorekeeper.rules import MatchState
    from scorekeeper.service.replay_cache import Cached, ReplayCache

    def entry(count: int) -> Cached:
        return Cached(1, "", MatchState((), (), {}), count, ())

    cache = ReplayCache(3, hands=100)
    for match_id in range(5):
        cache.put(match_id, entry(10))
    assert len(cache) == 3
    assert cache.get(0) is None
    assert cache.get(4) is not None
    cache.put(7, entry(95))  # 95 + the others' 20 is over 100: the oldest go
    assert cache.get(7) is not None
    assert len(cache) == 1
    cache.put(7, entry(5))  # replacing an entry counts its hands once
    cache.put(8, entry(90))
    assert len(cache) == 2


def test_a_match_keeps_a_checkpoint_every_fifty_hands_and_after_its_last(
    app: Flask, client: FlaskClient
) -> None:
    """The replay cache's own bound (scorekeeper/service/replay_cache.py): a checkpoint every
    CHECKPOINT_EVERY hands, the one the last replay started from and one after the last hand,
    whatever the number of writes. Before, each write kept every earlier one's too: one per
    hand stored, each write walking them all (issue 37 point 6)."""
    from scorekeeper.service.replay_cache import CHECKPOINT_EVERY, ReplayCache

    assert CHECKPOINT_EVERY == 50
    match = MatchClient(client)
    players = ["Ana", "Ben", "Cruz", "Dee"]
    match.create({"variant": "pinochle-4", "players": players, "rules": {"target": 100000}})
    hand = {"meld": {"Team 1": 20, "Team 2": 40}, "tricks": {"Team 1": 120, "Team 2": 130}}

    with app.app_context():
        row = db.session.scalars(sa.select(Match.id).where(Match.public_id == match.id)).one()

    def counts() -> list[int]:
        cache: ReplayCache = app.extensions["replay_cache"]
        entry = cache.get(row)
        assert entry is not None
        return [checkpoint.count for checkpoint in entry.checkpoints]

    for number in range(1, 121):
        assert match.add(hand).status_code == 201
        before = [n for n in (50, 100) if n < number - 1] + [number - 1]
        assert counts() == [n for n in before if n] + [number]
    # A correction of hand 75 resumes from hand 50 and keeps the same three; so does a
    # correction to what was stored already (a replay of no new hand).
    other = {"meld": {"Team 1": 20, "Team 2": 40}, "tricks": {"Team 1": 130, "Team 2": 120}}
    for entry in (other, other):
        answer = match.client.put(match.url("/hands/75"), json=entry, headers=match.auth)
        assert answer.status_code == 200
        assert counts() == [50, 100, 120]
    # Hand 121 and its undo: the undo resumes from hand 120, where hand 121's replay started.
    assert match.add(hand).status_code == 201
    assert counts() == [50, 100, 120, 121]
    assert match.client.delete(match.url("/hands/121"), headers=match.auth).status_code == 200
    assert counts() == [50, 100, 120]
