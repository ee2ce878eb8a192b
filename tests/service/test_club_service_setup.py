"""Changing a club night before and between rounds (docs/club.md §2.2, §4.9, §6 re-plan, §14
``PATCH``), at the service level: each write checks the host token and the night's version and
raises the version by one; the rounds played and in play never change."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask

from scorekeeper import service
from scorekeeper.rules import RuleError


def body(count: int = 8, **given: Any) -> dict[str, Any]:
    """A creation body with §19's defaults (``pinochle-4``, ``draw: "entry"``)."""
    rotation = {"draw": "entry"} | dict(given.pop("rotation", {}))
    return {
        "name": "Club",
        "variant": "pinochle-4",
        "players": [f"P{n}" for n in range(1, count + 1)],
        "rotation": rotation,
    } | given


@pytest.fixture
def ctx(app: Flask) -> Iterator[Flask]:
    with app.app_context():
        yield app


def seats(view: service.NightView, number: int) -> list[list[int]]:
    """Round ``number``'s tables as player numbers in seat order."""
    return [[s["player"] for s in table["seats"]] for table in view.rounds[number - 1]["tables"]]


def test_preview_stores_nothing_and_takes_a_count(ctx: Flask) -> None:
    """docs/club.md §14 ``POST /api/v1/schedules``: names or a count; the same seed gives the
    same schedule (§3)."""
    sent = {"variant": "pinochle-4", "players": 8, "rotation": {"seed": 5, "rounds": 4}}
    first, again = service.preview_schedule(sent), service.preview_schedule(sent)
    assert len(first.rounds) == 4
    assert first.rounds == again.rounds
    with pytest.raises(RuleError) as refused:
        service.preview_schedule({"variant": "pinochle-4", "players": 65})
    assert refused.value.path == "players"
    assert service.club_nights_by([]) == []


def test_redraw_only_in_setup(ctx: Flask) -> None:
    """docs/club.md §2.2, §14 ``POST …/draw``: a new seed, a new schedule; 409 once round 1
    started; a wrong version 409; the host token."""
    made = service.create_club_night(body(9, rotation={"draw": "shuffle", "seed": 1}))
    pid, token = made.night.public_id, made.token
    before = service.night_view(made.night)
    with pytest.raises(service.Unauthorized):
        service.redraw(pid, "wrong", seed=2)
    with pytest.raises(service.Conflict):
        service.redraw(pid, token, seed=2, version=5)
    after = service.redraw(pid, token, seed=2, version=1)
    assert after.night.version == 2
    assert after.as_json()["rotation"]["seed"] == 2
    assert [seats(after, n) for n in (1, 2)] != [seats(before, n) for n in (1, 2)]
    with pytest.raises(RuleError) as refused:
        service.redraw(pid, token, seed=-1)
    assert refused.value.path == "rotation.seed"
    service.start_round(pid, token, 1)
    with pytest.raises(service.Conflict):
        service.redraw(pid, token)


def test_a_round_edited_by_hand(ctx: Flask) -> None:
    """docs/club.md §4.9, §19 case 35: a valid seating replaces the round's; a player seated
    twice is refused at ``tables[1][0]``; once the round started, 409."""
    made = service.create_club_night(body(8, rotation={"rounds": 3}))
    pid, token = made.night.public_id, made.token
    edited = service.put_round(
        pid, token, 2, {"tables": [[1, 4, 6, 7], [2, 3, 5, 8]], "sitting_out": []}
    )
    assert seats(edited, 2) == [[1, 4, 6, 7], [2, 3, 5, 8]]
    assert edited.as_json()["balance"]["design"] is None
    with pytest.raises(RuleError) as refused:
        service.put_round(pid, token, 2, {"tables": [[1, 4, 3, 7], [3, 2, 5, 8]]})
    assert refused.value.path == "tables[1][0]"
    with pytest.raises(RuleError) as unknown:
        service.put_round(pid, token, 2, {"tables": [], "colour": 1})
    assert unknown.value.path == "colour"
    service.start_round(pid, token, 1)
    with pytest.raises(service.Conflict):
        service.put_round(pid, token, 1, {"tables": [[1, 4, 6, 7], [2, 3, 5, 8]]})


def test_replan_keeps_the_rounds_played(ctx: Flask) -> None:
    """docs/club.md §6: a re-plan changes only the rounds not started; the design is gone."""
    made = service.create_club_night(body(9, rotation={"rounds": 5}))
    pid, token = made.night.public_id, made.token
    service.start_round(pid, token, 1)
    before = service.night_view(service.night_by_id(pid))
    after = service.replan(pid, token, seed=77)
    assert seats(after, 1) == seats(before, 1)
    assert len(after.rounds) == 5
    assert after.as_json()["rotation"]["design"] is None
    assert [r["status"] for r in after.rounds] == ["playing"] + ["planned"] * 4


def test_patch_night(ctx: Flask) -> None:
    """docs/club.md §14 ``PATCH``: the name; more rounds are planned, fewer drop planned ones;
    ``round.hands`` reaches the rounds not started; ``rotation.scheme`` and ``draw`` are 409
    once round 1 started; refusals as §2.3."""
    made = service.create_club_night(body(8, rotation={"rounds": 3}, round={"hands": 4}))
    pid, token = made.night.public_id, made.token
    renamed = service.patch_night(pid, token, {"name": "Thursday", "rotation": {"rounds": 5}})
    assert (renamed.night.name, len(renamed.rounds), renamed.night.version) == ("Thursday", 5, 2)
    fewer = service.patch_night(pid, token, {"rotation": {"rounds": 2}, "version": 2})
    assert len(fewer.rounds) == 2
    with pytest.raises(RuleError) as refused:
        service.patch_night(pid, token, {"round": {"hands": 0}})
    assert refused.value.path == "round.hands"
    with pytest.raises(RuleError) as awards:
        service.patch_night(pid, token, {"awards": ["pinnacolas"]})  # §10.1: not pinochle's
    assert awards.value.path == "awards[0]"
    service.start_round(pid, token, 1)
    later = service.patch_night(pid, token, {"round": {"hands": 6}, "rotation": {"rounds": 3}})
    assert len(later.rounds) == 3
    with pytest.raises(service.Conflict):
        service.patch_night(pid, token, {"rotation": {"draw": "shuffle"}})
    with pytest.raises(service.Conflict):
        service.patch_night(pid, token, {"rotation": {"rounds": 0 + 1, "scheme": "x"}})
    service.close_round(pid, token, 1)
    view = service.start_round(pid, token, 2)
    first, second = (
        service.get_match(view.rounds[n]["tables"][0]["match"]).hand_limit for n in (0, 1)
    )
    assert (first, second) == (4, 6)
    standings = service.patch_night(pid, token, {"standings": {"formula": "wins"}})
    assert standings.as_json()["standings_rules"]["tie_breaks"] == ["points", "margin"]


def test_finish_and_adjustments(ctx: Flask) -> None:
    """docs/club.md §7.1 finish, §9.5 adjustments (stored and listed in part one)."""
    made = service.create_club_night(body(8, rotation={"rounds": 2}))
    pid, token = made.night.public_id, made.token
    added = service.add_adjustment(pid, token, {"player": 2, "round": None, "value": "-20"})
    assert (added.player, added.round, added.value) == (2, None, "-20")
    for path, sent in (
        ("player", {"player": 9, "value": "1"}),
        ("round", {"player": 1, "round": 7, "value": "1"}),
        ("value", {"player": 1, "value": "0.5"}),
        ("note", {"player": 1, "value": "1", "note": "x" * 81}),
    ):
        with pytest.raises(RuleError) as refused:
            service.add_adjustment(pid, token, sent)
        assert refused.value.path == path
    service.delete_adjustment(pid, token, added.id)
    with pytest.raises(service.NotFound):
        service.delete_adjustment(pid, token, added.id)
    service.finish_night(pid, token)
    with pytest.raises(service.Conflict):
        service.start_round(pid, token, 1)
    assert service.night_by_id(pid).status == "finished"
