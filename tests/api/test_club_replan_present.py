"""Re-plans and rounds edited by hand seat only the players present in each round (docs/club.md
§6: a leaver is absent from the round after he leaves, a late arrival plays from the round he
joins; §4.9 a round by hand seats "every present player exactly once"; §14 ``replan``,
``PATCH``, ``draw``)."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from tests.api.club_helpers import Night, seated
from tests.helpers import errors_of


def seated_in(round_: dict[str, Any]) -> set[int]:
    """The players with a seat in a round of the night's answer."""
    return {p for table in round_["tables"] for p in seated(table)}


def test_a_replan_after_a_leaver_never_seats_him(client: FlaskClient) -> None:
    """docs/club.md §6: P9 of nine leaves after round 1; a re-plan (§14 ``replan``) and more
    rounds (§14 ``PATCH rotation.rounds``) plan rounds 2.. for the eight present: P9 has no
    seat and does not sit out (he is absent), and with eight at two tables nobody sits out."""
    night = Night(client, 9, rotation={"rounds": 5}, round={"hands": 1, "tie": "draw"})
    night.play_simply(1)
    night.ok("PATCH", "/players/9", {"leaves_after_round": 1})
    for answer in (
        night.ok("POST", "/replan", {"seed": 7}),
        night.ok("PATCH", "", {"rotation": {"rounds": 7}}),
    ):
        later = answer["rounds"][1:]
        assert [r["number"] for r in later] == list(range(2, len(answer["rounds"]) + 1))
        for round_ in later:
            assert seated_in(round_) == set(range(1, 9)), round_["number"]
            assert round_["sitting_out"] == []
            assert round_["absent"] == [9]
    assert len(night.get()["rounds"]) == 7
    assert night.get()["rounds"][0]["sitting_out"] == [1]  # Wh(9)'s round 1 kept (§6)


def test_a_new_draw_in_setup_leaves_out_a_leaver(client: FlaskClient) -> None:
    """docs/club.md §2.2, §6: before round 1, P9 leaves after round 0 (he will not play);
    drawing again plans every round for the other eight."""
    night = Night(client, 9, rotation={"rounds": 3}, round={"hands": 1})
    night.ok("PATCH", "/players/9", {"leaves_after_round": 0})
    shown = night.ok("POST", "/draw", {"seed": 11})
    assert shown["rotation"]["seed"] == 11
    for round_ in shown["rounds"]:
        assert seated_in(round_) == set(range(1, 9))
        assert round_["sitting_out"] == []


def test_a_round_by_hand_takes_the_players_present_in_it(client: FlaskClient) -> None:
    """docs/club.md §4.9 with §6: P9 arrives for round 3 of a night of eight; round 2 seated by
    hand leaves him out (he is absent then); round 3 must place him (seated, or sitting out);
    once P8 leaves after round 3, round 4 by hand must not seat P8."""
    night = Night(client, 8, rotation={"rounds": 4}, round={"hands": 1, "tie": "draw"})
    night.play_simply(1)
    added = night.ok("POST", "/players", {"name": "P9", "from_round": 3})
    assert added["player"]["joined_round"] == 3
    eight = [[1, 2, 3, 4], [5, 6, 7, 8]]

    second = night.write("PUT", "/rounds/2", {"tables": eight, "sitting_out": []})
    assert second.status_code == 200, second.get_json()
    assert second.get_json()["round"]["absent"] == [9]

    without = night.write("PUT", "/rounds/3", {"tables": eight, "sitting_out": []})
    assert without.status_code == 422
    assert "tables" in errors_of(without)  # P9 is present in round 3 and has no place
    third = night.write(
        "PUT", "/rounds/3", {"tables": [[1, 2, 3, 4], [5, 6, 7, 9]], "sitting_out": [8]}
    )
    assert third.status_code == 200, third.get_json()
    assert seated_in(third.get_json()["round"]) == {1, 2, 3, 4, 5, 6, 7, 9}
    assert third.get_json()["round"]["sitting_out"] == [8]

    night.ok("PATCH", "/players/8", {"leaves_after_round": 3})
    with_leaver = night.write(
        "PUT", "/rounds/4", {"tables": [[1, 2, 3, 4], [5, 6, 7, 8]], "sitting_out": [9]}
    )
    assert with_leaver.status_code == 422
    assert "tables[1][3]" in errors_of(with_leaver)  # P8 is gone by round 4
    fourth = night.write(
        "PUT", "/rounds/4", {"tables": [[1, 2, 3, 4], [5, 6, 7, 9]], "sitting_out": []}
    )
    assert fourth.status_code == 200, fourth.get_json()
    assert fourth.get_json()["round"]["absent"] == [8]
