"""The teams of a club round's match are named in the host's language (issue 35, point 18):
"Team 1" and "Team 2" come from one place (:func:`scorekeeper.web.forms.team_names`, the
English in :data:`scorekeeper.rules.core.match.TEAM_NAMES`) and a night started in Spanish, Italian
or Russian names its teams so, and its winner's line with them."""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient

from tests.helpers import API
from tests.web.test_club_pages import HAND, set_up

#: Each language's "Team 1", "Team 2" and the winner's line of team 1.
WORDS = {
    "es": ("Pareja 1", "Pareja 2", "¡Pareja 1 ganan!"),
    "it": ("Squadra 1", "Squadra 2", "Vincono Squadra 1!"),
    "ru": ("Команда 1", "Команда 2", "Команда 1 побеждают!"),
}


def first_match(client: FlaskClient, public_id: str) -> str:
    """Start round 1 from the host page; the id of its first table's match."""
    assert client.post(f"/c/{public_id}/rounds/1/start").status_code == 303
    host = client.get(f"/c/{public_id}").get_data(as_text=True)
    found = re.search(rf"/c/{public_id}/score/([\w-]+)", host)
    assert found
    assert client.get(f"/c/{public_id}/score/{found.group(1)}").status_code == 303
    return found.group(1)


@pytest.mark.parametrize("language", sorted(WORDS))
def test_a_round_started_in_a_language_names_its_teams_in_it(
    client: FlaskClient, language: str
) -> None:
    client.get(f"/lang/{language}")
    public_id = set_up(client)
    match_id = first_match(client, public_id)
    first, second, winner = WORDS[language]
    teams = client.get(f"{API}/matches/{match_id}").get_json()["teams"]
    assert [team["name"] for team in teams] == [first, second]
    assert client.post(f"/m/{match_id}/hands", data=HAND).status_code == 303
    page = client.get(f"/m/{match_id}").get_data(as_text=True)
    assert first in page
    assert second in page
    assert "Team 1" not in page
    assert "Team 2" not in page
    assert client.post(f"/c/{public_id}/rounds/1/close").status_code == 303
    board = client.get(f"/m/{match_id}/board").get_data(as_text=True)
    assert f'<p class="winner big">{winner}</p>' in board


def test_a_round_started_in_english_or_by_the_api_keeps_team_1(client: FlaskClient) -> None:
    match_id = first_match(client, set_up(client))
    teams = client.get(f"{API}/matches/{match_id}").get_json()["teams"]
    assert [team["name"] for team in teams] == ["Team 1", "Team 2"]
