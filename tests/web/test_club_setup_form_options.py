"""The set-up page offers every standings and money setting the night's API takes (docs/club.md
§2.1, §9.6, §10.2; issue 35 point 16): the victory-point table when victory points are chosen
(a preset or the host's own), the tie-breaks in order, the credit for a round missed, a value
per round, the round in play left out, and money per award. Each posted, the night holds it."""

from __future__ import annotations

import re
from typing import Any

from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from tests.helpers import API
from tests.web.test_club_pages import form_data, read_id_of, set_up


def night_json(client: FlaskClient, public_id: str) -> dict[str, Any]:
    """The night as ``GET /api/v1/club-nights/<read_id>`` answers."""
    response = client.get(f"{API}/club-nights/{read_id_of(client, public_id)}")
    assert response.status_code == 200
    found: dict[str, Any] = response.get_json()
    return found


def said_at(response: TestResponse, field: str, *, before: str) -> bool:
    """Whether ``response`` is a 422 whose first error after the field ``field`` comes
    before the field ``before``: said at that field."""
    html = response.get_data(as_text=True)
    error = html.find('class="error"', html.index(f'name="{field}"'))
    return response.status_code == 422 and -1 < error < html.index(f'name="{before}"')


def test_the_page_offers_each_setting(client: FlaskClient) -> None:
    page = client.get("/club/new/pinochle-4").get_data(as_text=True)
    for name in (
        "tie_break_1",
        "tie_break_2",
        "tie_break_3",
        "absent",
        "measure",
        "live_round",
        "vp_table",
        "vp_total",
        "vp_rows",
        "vp_above",
        "purse_award_high_game",
    ):
        assert re.search(rf'name="{name}"', page), name
    # Shown (with JavaScript) only when the standings are by victory points.
    assert 'data-for-formula="vp"' in page


def test_victory_points_with_a_preset_table(client: FlaskClient) -> None:
    public_id = set_up(client, formula="vp", vp_table="burraco-4")
    rules = night_json(client, public_id)["standings_rules"]
    assert rules["formula"] == "vp"
    assert rules["vp_table"] == "burraco-4"


def test_victory_points_with_the_hosts_own_table(client: FlaskClient) -> None:
    public_id = set_up(
        client,
        formula="vp",
        vp_table="custom",
        vp_total="10",
        vp_rows="0 5\n100, 6\n300 → 8\n",
        vp_above="10",
    )
    table = night_json(client, public_id)["standings_rules"]["vp_table"]
    assert table == {"total": 10, "rows": [[0, 5], [100, 6], [300, 8]], "above": 10}


def test_a_refused_vp_table_is_said_at_its_field(client: FlaskClient) -> None:
    # The first line's points are less than half the total (§9.6).
    data = form_data(
        client, formula="vp", vp_table="custom", vp_total="10", vp_rows="100 2", vp_above="10"
    )
    response = client.post("/club/new/pinochle-4", data=data)
    assert said_at(response, "vp_rows", before="vp_above")


def test_victory_points_once_refused_for_want_of_a_table_are_taken(client: FlaskClient) -> None:
    # The page as it comes, with victory points chosen: the preset it offers goes with it.
    public_id = set_up(client, formula="vp")
    assert night_json(client, public_id)["standings_rules"]["vp_table"] == "burraco-3"


def test_tie_breaks_in_the_order_chosen(client: FlaskClient) -> None:
    public_id = set_up(client, tie_break_1="margin", tie_break_2="", tie_break_3="wins")
    rules = night_json(client, public_id)["standings_rules"]
    assert rules["tie_breaks"] == ["margin", "wins"]


def test_a_repeated_tie_break_is_refused_at_its_field(client: FlaskClient) -> None:
    data = form_data(client, tie_break_1="wins", tie_break_2="wins")
    response = client.post("/club/new/pinochle-4", data=data)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    second = html.index('name="tie_break_2"')
    error = html.find('class="error"', second)
    assert error != -1
    assert error < html.index('name="tie_break_3"')


def test_absence_measure_and_live_round(client: FlaskClient) -> None:
    public_id = set_up(client, absent="average", measure="per-round", live_round="hide")
    rules = night_json(client, public_id)["standings_rules"]
    assert rules["absent"] == "average"
    assert rules["measure"] == "per-round"
    assert rules["live_round"] == "hide"


def test_the_defaults_send_nothing_new(client: FlaskClient) -> None:
    rules = night_json(client, set_up(client))["standings_rules"]
    assert rules["absent"] == "zero"
    assert rules["measure"] == "total"
    assert rules["live_round"] == "show"
    assert rules["tie_breaks"] == ["wins", "margin"]
    assert rules["vp_table"] is None


def test_money_per_award(client: FlaskClient) -> None:
    data = form_data(
        client,
        purse_entry="5,00",
        purse_places="60 40",
        purse_award_high_game="4.00",
        purse_award_low_total="1",
    )
    data["awards"] = ["high_game", "low_total"]  # type: ignore[assignment]
    made = client.post("/club/new/pinochle-4", data=data)
    assert made.status_code == 303, made.get_data(as_text=True)
    public_id = made.headers["Location"].rsplit("/", 1)[1]
    purse = night_json(client, public_id)["purse"]
    assert purse["awards"] == {"high_game": "4.00", "low_total": "1.00"}
    assert purse["entry"] == "5.00"


def test_money_for_an_award_not_ticked_is_not_sent(client: FlaskClient) -> None:
    data = form_data(client, purse_entry="5", purse_award_high_game="4")
    made = client.post("/club/new/pinochle-4", data=data)
    assert made.status_code == 303
    public_id = made.headers["Location"].rsplit("/", 1)[1]
    assert night_json(client, public_id)["purse"]["awards"] == {}


def test_a_fixed_score_for_sitting_out(client: FlaskClient) -> None:
    """Issue 40 point 7 (docs/club.md §9.3): "will record 7 points for the game they sat out"
    (a euchre club's season letter, "Euchre for the 2017/18 Season", September 2017)."""
    public_id = set_up(client, sitout="fixed", sitout_points="7")
    rules = night_json(client, public_id)["standings_rules"]
    assert (rules["sitout"], rules["sitout_points"]) == ("fixed", 7)
    # Without its points the page says so at their field, nothing stored.
    response = client.post("/club/new/pinochle-4", data=form_data(client, sitout="fixed"))
    assert said_at(response, "sitout_points", before="reveal")


def test_placing_points_by_the_line(client: FlaskClient) -> None:
    """Issue 40 point 7 (docs/club.md §9.2): placing points per round, a line per table size:
    at a table of two sides "Winning Team = 8pts each, Losing Team = 4pts each"
    (strategyplanet.com, "Fest ranks"). Offered only with the formula (with JavaScript)."""
    page = client.get("/club/new/pinochle-4").get_data(as_text=True)
    assert 'data-for-formula="placing"' in page
    assert 'name="placing_points"' in page
    public_id = set_up(client, formula="placing", placing_points="8, 4\n")
    rules = night_json(client, public_id)["standings_rules"]
    assert (rules["formula"], rules["placing_points"]) == ("placing", [[8, 4]])
    # Without its line, or with a line of three places at tables of two sides, the page says
    # so at the field, nothing stored.
    for typed in ("", "11 7 4"):
        data = form_data(client, formula="placing", placing_points=typed)
        response = client.post("/club/new/pinochle-4", data=data)
        assert said_at(response, "placing_points", before="awards"), typed


def test_only_the_best_rounds(client: FlaskClient) -> None:
    """Issue 40 point 7, best N of M rounds (docs/club.md §9.2 "Best rounds")."""
    public_id = set_up(client, best_rounds="5")
    assert night_json(client, public_id)["standings_rules"]["best_rounds"] == 5
    assert "best_rounds" not in night_json(client, set_up(client))["standings_rules"]
    for typed in ("five", "0"):
        response = client.post("/club/new/pinochle-4", data=form_data(client, best_rounds=typed))
        assert said_at(response, "best_rounds", before="live_round"), typed
