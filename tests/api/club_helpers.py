"""What the club night's API tests share (docs/club.md §19; docs/api.md "Club nights"): a night
made and played over HTTP (:class:`Night`), a previewed schedule (:func:`preview`), and the
readers that compare a schedule with §19's notation ("games" ``a&c v b&d`` compared as sets per
round, tables of individual play ``{1,2,3}``).

§19's defaults: variant ``pinochle-4`` (partnerships), ``draw: "entry"``, players named P1, P2,
... in that order (numbers 1, 2, ...). Totals are made with one hand per game
(``round.hands: 1``): the side listed first takes 130 of the 250 trick points and the other 120,
the meld making up the rest (640 = 510 + 130, 510 = 390 + 120).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any
from urllib.parse import parse_qs, urlsplit

from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from tests.helpers import API

#: A game of a partnership round: its two partnerships (each a frozenset of player numbers).
Game = frozenset[frozenset[int]]
#: A round's games (or tables of individual play), compared as a set.
Round = frozenset[frozenset[Any]]


def names(count: int) -> list[str]:
    """§19's players: P1, P2, ..., P<count>."""
    return [f"P{number}" for number in range(1, count + 1)]


def body(count: int, **given: Any) -> dict[str, Any]:
    """A creation (or preview) body with §19's defaults; ``given`` replaces top-level keys,
    ``rotation`` and ``round`` are merged with the defaults (``draw: "entry"``)."""
    rotation = {"draw": "entry"} | dict(given.pop("rotation", {}))
    made: dict[str, Any] = {
        "name": "Club",
        "variant": "pinochle-4",
        "players": names(count),
        "rotation": rotation,
    }
    return made | given


def preview(client: FlaskClient, count: int, **given: Any) -> dict[str, Any]:
    """``POST /api/v1/schedules`` with :func:`body` (no ``name``): 200 with rounds and balance."""
    sent = body(count, **given)
    del sent["name"]
    response = client.post(f"{API}/schedules", json=sent)
    assert response.status_code == 200, response.get_json()
    found: dict[str, Any] = response.get_json()
    return found


# --- Reading schedules --------------------------------------------------------------------------


def seated(table: Mapping[str, Any]) -> list[int]:
    """A table's players in seat order."""
    return [seat["player"] for seat in sorted(table["seats"], key=lambda s: s["seat"])]


def games(round_: Mapping[str, Any]) -> Round:
    """A partnership round's games: per table the partnerships of seats 1+3 and 2+4."""
    found = set()
    for table in round_["tables"]:
        north, east, south, west = seated(table)
        found.add(frozenset({frozenset({north, south}), frozenset({east, west})}))
    return frozenset(found)


def tables(round_: Mapping[str, Any]) -> Round:
    """A round of individual play: each table's set of players."""
    return frozenset(frozenset(seated(table)) for table in round_["tables"])


def parse_games(text: str) -> Round:
    """§19's notation of a round's games: ``"1&6 v 4&7, 2&3 v 5&8"``."""
    found = set()
    for game in text.split(","):
        left, right = game.split(" v ")
        found.add(
            frozenset(frozenset(int(p) for p in side.strip().split("&")) for side in (left, right))
        )
    return frozenset(found)


def parse_tables(text: str) -> Round:
    """§19's notation of a round of individual tables: ``"{1,2,3} {4,5,6}"`` (or ``2 v 7``)."""
    if "{" in text:
        groups = re.findall(r"\{([^}]*)\}", text)
        return frozenset(frozenset(int(p) for p in group.split(",")) for group in groups)
    return frozenset(
        frozenset(int(p) for p in game.split(" v ")) for game in text.split(",") if game.strip()
    )


def counts(rounds: Iterable[Mapping[str, Any]]) -> tuple[dict[frozenset[int], int], ...]:
    """Over partnership rounds: how often each pair partnered, opposed, sat at one table."""
    partners: dict[frozenset[int], int] = {}
    opponents: dict[frozenset[int], int] = {}
    met: dict[frozenset[int], int] = {}
    for round_ in rounds:
        for table in round_["tables"]:
            players = seated(table)
            for i, a in enumerate(players):
                for j, b in enumerate(players[i + 1 :], start=i + 1):
                    pair = frozenset({a, b})
                    met[pair] = met.get(pair, 0) + 1
                    if len(players) == 4:
                        into = partners if j - i == 2 else opponents
                        into[pair] = into.get(pair, 0) + 1
    return partners, opponents, met


def sitouts(rounds: Sequence[Mapping[str, Any]], count: int) -> dict[int, list[int]]:
    """Each player's rounds sitting out."""
    found: dict[int, list[int]] = {player: [] for player in range(1, count + 1)}
    for number, round_ in enumerate(rounds, start=1):
        for player in round_["sitting_out"]:
            found[player].append(number)
    return found


def consecutive(rounds_out: Sequence[int]) -> bool:
    """Whether a player sat out two rounds in a row."""
    return any(b == a + 1 for a, b in zip(rounds_out, rounds_out[1:], strict=False))


# --- A night over the API -----------------------------------------------------------------------


class Night:
    """A club night made over the API: its ids, host token, table codes and answers."""

    def __init__(
        self, client: FlaskClient, count: int = 8, *, group: Any = None, **given: Any
    ) -> None:
        self.client = client
        sent = body(count, **given)
        path = f"{API}/groups/{group.id}/club-nights" if group else f"{API}/club-nights"
        headers = group.auth if group else {}
        response = client.post(path, json=sent, headers=headers)
        assert response.status_code == 201, response.get_json()
        assert response.headers["Cache-Control"] == "no-store"
        self.created: dict[str, Any] = response.get_json()
        self.read_id: str = self.created["read_id"]
        self.token: str = self.created["token"]
        self.id: str = self.created["private_url"].split("/c/")[1].split("/")[0]
        self.codes = {link["table"]: code_of(link["url"]) for link in self.created["table_links"]}
        self.keys: dict[int, str] = {}

    @property
    def auth(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.token}"}

    def read(self, tail: str = "", **headers: str) -> TestResponse:
        return self.client.get(f"{API}/club-nights/{self.read_id}{tail}", headers=headers)

    def get(self, tail: str = "") -> dict[str, Any]:
        response = self.read(tail)
        assert response.status_code == 200, response.get_json()
        found: dict[str, Any] = response.get_json()
        return found

    def write(self, method: str, tail: str, sent: Any = None, **headers: str) -> TestResponse:
        """A host write to the night (``headers`` may replace the token)."""
        return self.client.open(
            f"{API}/club-nights/{self.id}{tail}",
            method=method,
            json=sent,
            headers=self.auth | headers,
        )

    def ok(self, method: str, tail: str, sent: Any = None) -> dict[str, Any]:
        response = self.write(method, tail, sent)
        assert response.status_code in (200, 201), (tail, response.get_json())
        found: dict[str, Any] = response.get_json()
        return found

    def start(self, number: int) -> dict[str, Any]:
        return self.ok("POST", f"/rounds/{number}/start")

    def close(self, number: int) -> dict[str, Any]:
        return self.ok("POST", f"/rounds/{number}/close")

    def round(self, number: int) -> dict[str, Any]:
        found: dict[str, Any] = self.get()["rounds"][number - 1]
        assert found["number"] == number
        return found

    def exchange(self, table: int, code: str | None = None) -> TestResponse:
        return self.client.post(
            f"{API}/club-nights/{self.read_id}/keys",
            json={"kind": "table", "number": table, "code": code or self.codes[table]},
        )

    def key(self, table: int) -> str:
        """Table ``table``'s key (exchanged once, then kept)."""
        if table not in self.keys:
            response = self.exchange(table)
            assert response.status_code == 201, response.get_json()
            self.keys[table] = response.get_json()["key"]
        return self.keys[table]

    def standings(self, query: str = "", **headers: str) -> dict[str, Any]:
        response = self.read(f"/standings{query}", **headers)
        assert response.status_code == 200, response.get_json()
        found: dict[str, Any] = response.get_json()
        return found

    def play_round(self, number: int, results: Mapping[frozenset[int], int]) -> None:
        """Start round ``number``, give each partnership its total (one hand a table, entered
        with the table's key), close it. ``results``: partnership -> total."""
        started = self.start(number)["round"]
        for table in started["tables"]:
            entry = table_entry(table, results)
            hand(self.client, table["match"], self.key(table["table"]), entry=entry)
        self.close(number)

    def play_simply(self, number: int, first: int = 300, second: int = 250) -> list[str]:
        """Start round ``number``, one hand at each table (seats 1+3 make ``first``, 2+4
        ``second``), close it; the round's match ids."""
        started = self.start(number)["round"]
        for table in started["tables"]:
            entry = teams_entry(first, second)
            hand(self.client, table["match"], self.key(table["table"]), entry=entry)
        self.close(number)
        return [table["match"] for table in started["tables"]]


def code_of(url: str) -> str:
    """The ``code`` of a card's join link."""
    return parse_qs(urlsplit(url).query)["code"][0]


def teams_entry(first: int, second: int) -> dict[str, Any]:
    """A pinochle-4 hand that gives "Team 1" (seats 1+3, docs/club.md §3) ``first`` and
    "Team 2" (seats 2+4) ``second``: 130 and 120 trick points, the meld the rest (docs/api.md
    "Hand bodies by variant")."""
    return {
        "meld": {"Team 1": first - 130, "Team 2": second - 120},
        "tricks": {"Team 1": 130, "Team 2": 120},
    }


def table_entry(table: Mapping[str, Any], totals: Mapping[frozenset[int], int]) -> dict[str, Any]:
    """The hand that gives each partnership of ``table`` (a round's table: its seats) its
    total of ``totals`` (partnership -> total)."""
    north, east, south, west = seated(table)
    return teams_entry(totals[frozenset({north, south})], totals[frozenset({east, west})])


def match_of(client: FlaskClient, match_id: str) -> dict[str, Any]:
    response = client.get(f"{API}/matches/{match_id}")
    assert response.status_code == 200, response.get_json()
    found: dict[str, Any] = response.get_json()
    return found


def hand(
    client: FlaskClient,
    match_id: str,
    key: str,
    *,
    entry: Mapping[str, Any],
    status: int = 201,
    headers: Mapping[str, str] | None = None,
) -> TestResponse:
    """A hand POSTed to a club match with ``key`` as Bearer (and ``headers``); the answer has
    ``status``."""
    response = client.post(
        f"{API}/matches/{match_id}/hands",
        json=dict(entry),
        headers={"Authorization": f"Bearer {key}"} | dict(headers or {}),
    )
    assert response.status_code == status, (response.status_code, response.get_json())
    return response


def pair(a: int, b: int) -> frozenset[int]:
    return frozenset({a, b})


#: §19's standings night (8 players, Wh(8) rounds 1-3): each partnership's total per round.
STANDINGS_ROUNDS: tuple[dict[frozenset[int], int], ...] = (
    {pair(1, 6): 640, pair(4, 7): 510, pair(2, 3): 450, pair(5, 8): 450},
    {pair(2, 7): 700, pair(5, 1): 380, pair(3, 4): 520, pair(6, 8): 610},
    {pair(3, 1): 300, pair(6, 2): 820, pair(4, 5): 590, pair(7, 8): 560},
)


def standings_night(client: FlaskClient, **standings: Any) -> Night:
    """§19's standings night, played: 8 players, Wh(8), rounds 1-3, one hand a game,
    ``tie: "draw"``; ``standings`` as given."""
    night = Night(
        client,
        8,
        rotation={"rounds": 3},
        round={"hands": 1, "tie": "draw"},
        standings=standings,
    )
    for number, results in enumerate(STANDINGS_ROUNDS, start=1):
        night.play_round(number, results)
    return night


def places(standings: Mapping[str, Any]) -> list[tuple[str, int, str]]:
    """The standings as (place label, player, value): ``("4=", 8, "1620")``."""
    return [
        (f"{row['place']}{'=' if row['shared'] else ''}", row["player"], row["value"])
        for row in standings["rows"]
    ]
