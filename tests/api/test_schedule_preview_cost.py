"""What a schedule preview costs (``POST /api/v1/schedules``, no credential; docs/api.md
"Limits"): it plans within the preview's budget (cut within a night, and it says so), a
repeated preview is answered from memory, and the host's real plan keeps its own budget.
Nothing here times anything: the budgets are counts of work."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from flask.testing import FlaskClient

from scorekeeper.rules.club.rotation import plan as rotation
from scorekeeper.rules.club.rotation.budget import PREVIEW_LIMIT, Budget, preview_budget
from scorekeeper.rules.club.rotation.heuristic import ROUND_CHARGE
from scorekeeper.service.club import preview as club_preview
from tests.api.club_helpers import names
from tests.helpers import API

LARGE: dict[str, Any] = {
    "variant": "pinochle-4",
    "players": 64,
    "rotation": {"rounds": 40, "seed": 1, "draw": "entry"},
}


@pytest.fixture
def budgets(monkeypatch: pytest.MonkeyPatch) -> list[Budget]:
    """Every budget a preview plans within, as it was left."""
    made: list[Budget] = []

    def counted() -> Budget:
        made.append(preview_budget())
        return made[-1]

    monkeypatch.setattr(club_preview, "BUDGET", counted)
    return made


def post(client: FlaskClient, body: dict[str, Any]) -> dict[str, Any]:
    response = client.post(f"{API}/schedules", json=body)
    assert response.status_code == 200, response.get_json()
    found: dict[str, Any] = response.get_json()
    return found


def check_seated(rounds: list[dict[str, Any]], players: int, count: int) -> None:
    """Every round seats each player once: at a table of four in partnerships, or out."""
    assert len(rounds) == count
    for r in rounds:
        seated = [s["player"] for t in r["tables"] for s in t["seats"]]
        assert all(len(t["seats"]) == 4 for t in r["tables"])
        assert sorted([*seated, *r["sitting_out"]]) == list(range(1, players + 1))


def test_a_large_preview_is_cut_within_its_budget_and_seats_everyone(
    client: FlaskClient, budgets: list[Budget]
) -> None:
    """64 players x 40 rounds: one budget, spent to its limit (give or take a step) and not
    beyond, the plan marked ``cut``; every player seated once in every round, no one out."""
    found = post(client, LARGE)
    assert found["cut"] is True
    assert len(budgets) == 1
    assert budgets[0].cut
    assert budgets[0].spent <= PREVIEW_LIMIT + 4 * 64**2 + 40 * (ROUND_CHARGE * 64 + 64**2)
    check_seated(found["rounds"], 64, 40)
    assert found["balance"]["sitout_spread"] == 0


def test_a_small_preview_is_not_cut(client: FlaskClient) -> None:
    """A night the budget plans whole says so: ``cut`` false."""
    found = post(client, {"variant": "pinochle-4", "players": 10, "rotation": {"rounds": 6}})
    assert found["cut"] is False
    check_seated(found["rounds"], 10, 6)


def _counting(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    calls: list[int] = []
    planned: Callable[..., rotation.Plan] = rotation.plan

    def counted(*args: Any, **kwargs: Any) -> rotation.Plan:
        calls.append(1)
        return planned(*args, **kwargs)

    monkeypatch.setattr(rotation, "plan", counted)
    return calls


def test_a_repeated_preview_is_served_from_memory(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same night, its body spelled otherwise (keys in another order, names for the
    count), is planned once: the second answer is the first."""
    calls = _counting(monkeypatch)
    first = post(client, LARGE)
    spelled = {
        "rotation": {"draw": "entry", "seed": 1, "rounds": 40},
        "players": names(64),
        "variant": "pinochle-4",
    }
    second = post(client, spelled)
    assert calls == [1]
    assert second == first
    # Another seed is another plan.
    post(client, LARGE | {"rotation": {"rounds": 40, "seed": 2, "draw": "entry"}})
    assert calls == [1, 1]


def test_an_unseeded_preview_is_kept_too(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Leaving the seed out is no way around the memory: previews without a seed are
    planned once (with a drawn seed, shown nowhere)."""
    calls = _counting(monkeypatch)
    body = {"variant": "auction", "players": 40, "rotation": {"rounds": 12}}
    first = post(client, body)
    assert post(client, body) == first
    assert calls == [1]


@pytest.mark.slow  # plans a 64x40 night whole: 7 CPU-s, the full run's
def test_the_hosts_plan_keeps_its_own_budget(client: FlaskClient) -> None:
    """A night created from the preview's body is planned with the host's budget: the
    preview's cut plan is not it (the host's reaches no partner repeat at all)."""
    preview = post(client, LARGE)
    created = client.post(
        f"{API}/club-nights",
        json={"name": "Big", "variant": "pinochle-4", "players": names(64)}
        | {"rotation": LARGE["rotation"]},
    )
    assert created.status_code == 201, created.get_json()
    read_id = created.get_json()["read_id"]
    schedule = client.get(f"{API}/club-nights/{read_id}/schedule").get_json()
    assert schedule["balance"]["partner_repeats"] == 0
    assert preview["balance"]["partner_repeats"] > 0
    check_seated(schedule["rounds"], 64, 40)
