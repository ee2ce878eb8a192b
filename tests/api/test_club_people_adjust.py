"""A club night's adjustments through the API (docs/club.md §9.5; §14 ``POST …/adjustments``):
the refusals naming each field, a refused request changing nothing, the values reaching the
standings for a round or the night, a deletion taking them back."""

from __future__ import annotations

from flask.testing import FlaskClient

from tests.api.club_helpers import STANDINGS_ROUNDS, Night
from tests.helpers import errors_of


def test_adjustment_refusals_name_the_field(client: FlaskClient) -> None:
    """docs/club.md §9.5, §14: 422 at ``value`` (not in the formula's unit: whole points),
    ``player``, ``round``, ``note`` (over 80 characters, not text, a refused character)."""
    night = Night(client, 8, rotation={"rounds": 2}, round={"hands": 1})
    before = night.get()
    for sent, path in (
        ({"player": 3, "value": "1.5"}, "value"),
        ({"player": 3, "value": "two"}, "value"),
        ({"player": 3, "value": True}, "value"),
        ({"player": 9, "value": "-2"}, "player"),
        ({"player": True, "value": "-2"}, "player"),
        ({"value": "-2"}, "player"),
        ({"player": 3, "round": 3, "value": "-2"}, "round"),
        ({"player": 3, "value": "-2", "note": "x" * 81}, "note"),
        ({"player": 3, "value": "-2", "note": 7}, "note"),
        ({"player": 3, "value": "-2", "note": "table\ntalk"}, "note"),
        ({"pair": 1, "value": "-2"}, "pair"),  # no pairs outside fixed pairs
    ):
        refused = night.write("POST", "/adjustments", sent)
        assert refused.status_code == 422, sent
        assert path in errors_of(refused), (sent, errors_of(refused))
    assert night.get() == before


def test_adjustments_reach_the_standings(client: FlaskClient) -> None:
    """docs/club.md §9.5: euchre's "2 points for table talk" for round 1 and a night's bonus
    move the player's value and ``adjustments``; deleting one takes it back (404 twice)."""
    night = Night(client, 8, rotation={"rounds": 1}, round={"hands": 1, "tie": "draw"})
    night.play_round(1, STANDINGS_ROUNDS[0])
    base = {r["player"]: r["value"] for r in night.standings()["rows"]}
    assert base[3] == "450"
    penalty = night.ok(
        "POST", "/adjustments", {"player": 3, "round": 1, "value": "-2", "note": "table talk"}
    )["adjustment"]
    assert penalty == {
        "id": penalty["id"],
        "player": 3,
        "pair": None,
        "round": 1,
        "value": "-2",
        "note": "table talk",
    }
    night.ok("POST", "/adjustments", {"player": 3, "value": 10, "note": "bonus"})
    rows = {r["player"]: r for r in night.standings()["rows"]}
    assert (rows[3]["value"], rows[3]["adjustments"]) == ("458", "8")
    assert night.write("DELETE", f"/adjustments/{penalty['id']}").status_code == 200
    assert night.write("DELETE", f"/adjustments/{penalty['id']}").status_code == 404
    rows = {r["player"]: r for r in night.standings()["rows"]}
    assert (rows[3]["value"], rows[3]["adjustments"]) == ("460", "10")
