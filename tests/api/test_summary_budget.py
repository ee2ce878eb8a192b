"""A read's rebuilds of stale summaries are bounded by the hands they replay (issue 25;
docs/groups.md "Summaries: fast as a group ages"): long matches made stale by corrections, or by
a new summary version, are built again over several reads, each within
``almanac.SUMMARY_REBUILD_HANDS``, the first stale match always (so every read makes
progress), and the answer says how many are still being counted until none is."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import service
from scorekeeper.models import Match
from scorekeeper.rules import MatchState
from scorekeeper.service.groups import almanac
from scorekeeper.service.replaying import uncached_state
from tests.helpers import API

SEATS = ["Ana", "Ben", "Cruz"]
MATCHES = 6
HANDS = 40  # each match costs its hands and SUMMARY_REBUILD_MATCH (20) of the budget


def hand(number: int) -> dict[str, Any]:
    """A hand of auction in units: Ana, Ben and Cruz bid in turn, made or set."""
    outcome = "set" if number % 4 == 0 else "made"
    return {"bidder": SEATS[number % 3], "bid": 300, "trump": "spades", "outcome": outcome}


def long_matches(app: Flask) -> tuple[str, list[tuple[str, str]]]:
    """A group of :data:`MATCHES` auction matches of :data:`HANDS` hands, each summary built as
    it joined; the group's read-only id, and each match's id and edit token."""
    with app.app_context():
        group, token = service.create_group("Thursday")
        place = service.GroupPlace(group.public_id, token)
        made = []
        for _ in range(MATCHES):
            match, edit_token = service.create_match(
                "auction",
                SEATS,
                None,
                {"unit_value": "0.05"},
                None,
                hands=[hand(n) for n in range(HANDS)],
                group=place,
            )
            made.append((match.public_id, edit_token))
        return group.read_id, made


def replays(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The hands of each match the almanac replays from now on, in order."""
    replayed: list[int] = []

    def counting(match: Match) -> MatchState:
        replayed.append(len(match.hands))
        return uncached_state(match)

    monkeypatch.setattr(almanac, "uncached_state", counting)
    return replayed


def reads_until_counted(client: FlaskClient, read_id: str, replayed: list[int]) -> list[int]:
    """Read the records until nothing is pending (at most 20 reads); each read's ``pending``,
    each read's replays checked against the budget."""
    pendings = []
    for _ in range(20):
        replayed.clear()
        found = client.get(f"{API}/groups/{read_id}/records").get_json()
        pendings.append(found["pending"])
        if len(replayed) > 1:  # the first stale match alone may exceed it
            cost = sum(n + almanac.SUMMARY_REBUILD_MATCH for n in replayed)
            assert cost <= almanac.SUMMARY_REBUILD_HANDS
        assert replayed or found["pending"] == 0  # every read makes progress
        if not found["pending"]:
            assert found["matches"] == MATCHES
            return pendings
    raise AssertionError(f"still pending after 20 reads: {pendings}")


def test_corrections_to_long_matches_are_counted_again_within_the_hands_of_a_read(
    app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    read_id, made = long_matches(app)
    with app.app_context():
        for public_id, edit_token in made:  # one cheap correction each: every summary stale
            service.replace_hand(public_id, edit_token, 1, hand(1) | {"outcome": "set"})
    monkeypatch.setattr(almanac, "SUMMARY_REBUILD_MATCH", 20)
    monkeypatch.setattr(almanac, "SUMMARY_REBUILD_HANDS", 130)  # two matches a read
    replayed = replays(monkeypatch)
    assert reads_until_counted(client, read_id, replayed) == [4, 2, 0]
    # Counted again: nothing stale is left, and the next read replays nothing.
    replayed.clear()
    assert client.get(f"{API}/groups/{read_id}/records").get_json()["pending"] == 0
    assert replayed == []


def test_a_match_longer_than_the_budget_is_still_counted_one_a_read(
    app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    read_id, _made = long_matches(app)
    # A new summary version: every summary is stale, and each match exceeds the budget alone.
    monkeypatch.setattr(almanac, "SUMMARY_VERSION", service.SUMMARY_VERSION + 1)
    monkeypatch.setattr(almanac, "SUMMARY_REBUILD_HANDS", HANDS // 2)  # under one match
    replayed = replays(monkeypatch)
    assert reads_until_counted(client, read_id, replayed) == [5, 4, 3, 2, 1, 0]
