"""How a club night's match ends (docs/club.md §7.2), at the service level: §19 cases 29
(hand limit and ties) and 30 (calling time)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask

from scorekeeper import service

OVER = "this round's match is over"


def hand(first: int, second: int) -> dict[str, Any]:
    """A pinochle-4 hand: Team 1 takes ``first`` trick points, Team 2 ``second``, no meld."""
    return {"meld": {"Team 1": 0, "Team 2": 0}, "tricks": {"Team 1": first, "Team 2": second}}


@pytest.fixture
def ctx(app: Flask) -> Iterator[Flask]:
    with app.app_context():
        yield app


def started(**round_: Any) -> tuple[str, str, dict[int, str]]:
    """An 8-player pinochle-4 night (target 5000) with round 1 started: its private id, the
    host token and round 1's matches by table."""
    made = service.create_club_night(
        {
            "name": "Club",
            "variant": "pinochle-4",
            "rules": {"target": 5000},
            "players": [f"P{n}" for n in range(1, 9)],
            "rotation": {"draw": "entry"},
            "round": round_,
        }
    )
    view = service.start_round(made.night.public_id, made.token, 1)
    tables = {t["table"]: t["match"] for t in view.rounds[0]["tables"]}
    return made.night.public_id, made.token, tables


def limit(match_id: str) -> service.LimitView:
    return service.match_limit_view(service.get_match(match_id))


def test_extra_hand_breaks_a_tie(ctx: Flask) -> None:
    """§19 case 29, ``tie: "extra-hand"``: after hand 8 at 1000-1000 the match is not over
    (``over_after`` 9); hand 9 (to 1120-1130) ends it, Team 2 won; hand 10 is a 409; undoing
    hand 9, then 8, reopens it."""
    _, token, tables = started(hands=8, tie="extra-hand")
    match = tables[1]
    assert limit(match).over_after == 8
    assert limit(match).words == ("hand_of", {"hand": 1, "of": 8})
    for number in range(8):
        service.add_hand(match, token, hand(130, 120) if number % 2 else hand(120, 130))
    assert service.state_of(service.get_match(match)).totals == {"Team 1": 1000, "Team 2": 1000}
    view = limit(match)
    assert (view.over, view.over_after) == (False, 9)
    assert view.words == ("tie_break", {"hand": 9, "of": 8})
    service.add_hand(match, token, hand(120, 130))
    view = limit(match)
    assert (view.over, view.over_after, view.winner) == (True, 9, "Team 2")
    with pytest.raises(service.Conflict) as refused:
        service.add_hand(match, token, hand(130, 120))
    assert str(refused.value) == OVER
    service.delete_last_hand(match, token, 9)
    assert not limit(match).over
    service.delete_last_hand(match, token, 8)
    assert (limit(match).over, limit(match).over_after) == (False, 8)


def test_a_tie_is_a_draw(ctx: Flask) -> None:
    """§19 case 29, ``tie: "draw"``: over after hand 8, nobody won; hand 9 is a 409; an undo
    reopens it."""
    _, token, tables = started(hands=8, tie="draw")
    match = tables[2]
    for number in range(8):
        service.add_hand(match, token, hand(130, 120) if number % 2 else hand(120, 130))
    view = limit(match)
    assert (view.over, view.over_after, view.winner) == (True, 8, None)
    with pytest.raises(service.Conflict) as refused:
        service.add_hand(match, token, hand(120, 130))
    assert str(refused.value) == OVER
    service.delete_last_hand(match, token, 8)
    assert not limit(match).over
    service.add_hand(match, token, hand(250, 0))
    assert limit(match).winner == "Team 1"


def test_calling_time(ctx: Flask) -> None:
    """§19 case 30: ``round.minutes: 40``, no ``hands``: a table with 5 hands when time is
    called takes a 6th, then is over; a table with 0 hands takes one. After the close, the
    empty table counts as a sit-out for its players (docs/club.md §5)."""
    pid, token, tables = started(minutes=40)
    for _ in range(5):
        service.add_hand(tables[1], token, hand(130, 120))
    assert limit(tables[1]).over_after is None
    service.call_time(pid, token, 1)
    assert service.get_match(tables[1]).time_hands == 5
    assert limit(tables[1]).words == ("last_hand", {"hand": 6, "of": 0})
    assert limit(tables[2]).over_after == 1
    service.add_hand(tables[1], token, hand(130, 120))
    with pytest.raises(service.Conflict):
        service.add_hand(tables[1], token, hand(130, 120))
    assert limit(tables[1]).over
    assert not limit(tables[2]).over
    service.close_round(pid, token, 1)
    assert limit(tables[2]).over
    view = service.night_view(service.night_by_id(pid)).as_json()
    assert [(t["hands"], t["over"]) for t in view["rounds"][0]["tables"]] == [(6, True), (0, True)]
    rows = service.night_standings(service.night_by_id(pid)).as_json()["rows"]
    empty = [r for r in rows if r["rounds"] and r["rounds"][0]["status"] != "played"]
    assert len(empty) == 4  # table 2's four players: sat out


def test_outside_a_club_night_nothing_changes(ctx: Flask) -> None:
    """docs/club.md §15: the limit columns are null for every other match."""
    match, token = service.create_match("pinochle-4", ["A", "B", "C", "D"], rules={"target": 5000})
    for _ in range(10):
        service.add_hand(match.public_id, token, hand(130, 120))
    view = limit(match.public_id)
    assert (view.hand_limit, view.over_after, view.over, view.words) == (None, None, False, None)


def test_a_closed_rounds_match_stays_over(ctx: Flask) -> None:
    """docs/club.md §7.2 rule 5: the round's close ends its matches; the host may still correct
    and undo hands (§1), and the match stays over: a new hand is a 409."""
    pid, token, tables = started(hands=8)
    for _ in range(3):
        service.add_hand(tables[1], token, hand(130, 120))
    service.close_round(pid, token, 1)
    service.delete_last_hand(tables[1], token, 3)
    view = limit(tables[1])
    assert (view.over, view.winner) == (True, "Team 1")
    with pytest.raises(service.Conflict):
        service.add_hand(tables[1], token, hand(130, 120))
    service.replace_hand(tables[1], token, 2, hand(0, 250))
    assert limit(tables[1]).winner == "Team 2"
