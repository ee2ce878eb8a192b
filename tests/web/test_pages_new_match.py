"""The variant picker and the new-match form."""

from __future__ import annotations

from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import service
from scorekeeper.rules.games.registry import all_variants
from tests.helpers import NEW_MATCH_FORM, MatchClient, page_errors


def test_the_picker_lists_every_form_with_its_description(client: FlaskClient) -> None:
    html = client.get("/new").get_data(as_text=True)
    for variant in all_variants():
        assert f'href="/new/{variant.id}"' in html
        assert variant.description.split(";")[0][:20] in html.replace("&#39;", "'")


@pytest.mark.parametrize("variant", sorted(NEW_MATCH_FORM))
def test_every_form_starts_a_match_kept_by_this_browser(
    client: FlaskClient, app: Flask, variant: str, table: MatchClient
) -> None:
    url = table.start(variant)
    with client.session_transaction() as session:
        public_id = url.rsplit("/", 1)[1]
        assert public_id in session["tokens"]
        assert session["recent"][0] == public_id
    html = client.get(url).get_data(as_text=True)
    assert 'id="hand-form"' in html
    assert 'inputmode="numeric"' in html
    # No inline style but the app's own sheet on a first view (its hash in the CSP: issue 14).
    sheet = (Path(app.static_folder or "") / "app.css").read_text(encoding="utf-8")
    assert "<style" not in html.replace(f"<style>{sheet}</style>", "")
    assert "<script>" not in html
    assert " style=" not in html


def test_changed_house_rules_teams_and_dealer_are_kept(
    client: FlaskClient, app: Flask, table: MatchClient
) -> None:
    url = table.start(
        "pinochle-4",
        partner="1",
        team_0="Reds",
        team_1="Blues",
        dealer="2",
        opt_target="1500",
    )
    with app.app_context():
        match = service.get_match(url.rsplit("/", 1)[1])
        assert match.options["target"] == 1500
        assert match.teams == [
            {"name": "Reds", "players": ["Ana", "Ben"]},
            {"name": "Blues", "players": ["Cruz", "Dee"]},
        ]
        assert match.first_dealer == "Cruz"


def test_auction_seats_four_when_a_fourth_name_is_given(
    client: FlaskClient, app: Flask, table: MatchClient
) -> None:
    url = table.start("auction", ["Ana", "Ben", "Cruz", "Dee"])
    html = client.get(url).get_data(as_text=True)
    # Ana deals and sits out: the bidder buttons are the three others.
    assert 'value="Ana"' not in html.split('id="f-bidder"')[1].split("</fieldset>")[0]


def test_a_refused_match_says_why_next_to_the_field_and_keeps_the_names(
    client: FlaskClient, app: Flask
) -> None:
    response = client.post(
        "/new/pinochle-3", data={"player_0": "Ana", "player_1": "ana", "player_2": "Cruz"}
    )
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert any("taken" in message for message in page_errors(html)), page_errors(html)
    assert 'value="Cruz"' in html
    with app.app_context():
        from scorekeeper.extensions import db
        from scorekeeper.models import Match

        assert db.session.query(Match).count() == 0


def test_a_bad_house_rule_is_shown_by_its_field(client: FlaskClient) -> None:
    response = client.post(
        "/new/auction",
        data={"player_0": "Ana", "player_1": "Ben", "player_2": "Cruz", "opt_min_bid": "255"},
    )
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert "multiple of 10" in " ".join(page_errors(html))
    assert '<details class="rules" open>' in html


def test_an_unknown_variant_is_404(client: FlaskClient) -> None:
    assert client.get("/new/whist").status_code == 404
