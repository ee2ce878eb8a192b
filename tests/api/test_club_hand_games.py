"""A club night whose tables count each hand as a game (seed 000; docs/rules.md §2
"Each hand as a game"): the round's matches keep hands won, and the standings' points are
those hands won ("the club night's standings are hands won")."""

from __future__ import annotations

from flask.testing import FlaskClient

from tests.api.club_helpers import Night, hand, seated

NAMES = ["Ana", "Ben", "Cruz", "Dee"]


def test_a_night_counting_hands_scores_each_player_his_hands_won(client: FlaskClient) -> None:
    night = Night(
        client,
        4,
        variant="pinochle-2",
        players=NAMES,
        rules={"game": "hands"},
        rotation={"rounds": 1},
        round={"hands": 2, "tie": "draw"},
    )
    started = night.start(1)["round"]
    for table in started["tables"]:
        first, second = (NAMES[p - 1] for p in seated(table))
        # Seat 1 wins hand 1 (40 + 150 to 100), seat 2 hand 2 (0 + 130 to 120): one each.
        for entry in (
            {"meld": {first: 40, second: 0}, "tricks": {first: 150, second: 100}},
            {"meld": {first: 0, second: 0}, "tricks": {first: 120, second: 130}},
        ):
            answer = hand(client, table["match"], night.key(table["table"]), entry=entry)
            assert answer.status_code == 201, answer.get_json()
        assert answer.get_json()["match"]["totals"] == {first: 1, second: 1}
    night.close(1)
    rows = night.standings()["rows"]
    assert {row["name"]: row["points"] for row in rows} == dict.fromkeys(NAMES, "1")
