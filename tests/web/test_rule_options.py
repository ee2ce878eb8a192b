"""The phone pages under the rule options (docs/rules.md §4): meld entered per player under
``saving_trick: player``, who sits out, which way the deal passes, "thrown in" on the auction
form, and a stored hand the rules now refuse (§7)."""

from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from scorekeeper import service
from scorekeeper.extensions import db
from scorekeeper.models import Hand
from tests.helpers import MatchClient, hidden, page_errors, totals


def post_hand(client: FlaskClient, url: str, data: dict[str, str]) -> TestResponse:
    """Post the next hand with the keys of the page's form."""
    html = client.get(url).get_data(as_text=True)
    keys = {"idempotency_key": hidden(html, "idempotency_key"), "version": hidden(html, "version")}
    return client.post(url + "/hands", data={**keys, **data})


def test_saving_trick_per_player_asks_each_player_for_his_meld(
    client: FlaskClient, table: MatchClient
) -> None:
    # docs/rules.md §1, saving_trick: player (seed 004: a player "cannot score the points he
    # declared ... until he takes a trick"): Ana and Ben took tricks, Cruz did not.
    url = table.start("pinochle-4", opt_saving_trick="player")
    html = client.get(url).get_data(as_text=True)
    for j in range(4):
        assert f'id="meld_p{j}"' in html
        assert f'id="took_p{j}"' in html
    assert 'id="meld_0"' not in html  # no meld per team
    response = post_hand(
        client,
        url,
        {
            "meld_p0": "120",  # Ana (Team 1): took a trick, counts
            "took_p0": "y",
            "meld_p2": "40",  # Cruz (Team 1): no trick, lost
            "meld_p1": "20",  # Ben (Team 2)
            "took_p1": "y",
            "tricks_0": "150",  # Team 2's 100 is what is left of 250
        },
    )
    assert response.status_code == 303, page_errors(response.get_data(as_text=True))
    assert totals(client.get(url).get_data(as_text=True)) == {
        "Ana &amp; Cruz": 270,
        "Ben &amp; Dee": 120,
    }


def test_saving_trick_per_player_fills_the_correction_form(
    client: FlaskClient, table: MatchClient
) -> None:
    url = table.start("pinochle-4", opt_saving_trick="player")
    post_hand(
        client,
        url,
        {"meld_p0": "120", "took_p0": "y", "melds_p3": "dix", "took_p3": "y", "tricks_0": "150"},
    )
    html = client.get(url + "/hands/1").get_data(as_text=True)
    assert re.search(r'id="meld_p0"[^>]*value="120"', html)
    assert re.search(r'id="melds_p3"[^>]*value="dix"', html)


def test_auction_at_four_says_who_sits_out(client: FlaskClient, table: MatchClient) -> None:
    # docs/rules.md §2: with 4 players the dealer is dealt out (Ana deals the first hand).
    url = table.start("auction", ["Ana", "Ben", "Cruz", "Dee"])
    html = client.get(url).get_data(as_text=True)
    assert "Ana sits out" in html
    board = client.get(url + "/board").get_data(as_text=True)
    assert "Ana sits out" in board


def test_the_deal_passing_right_is_said_and_followed(
    client: FlaskClient, table: MatchClient
) -> None:
    # docs/rules.md §5, direction: right: the first lead is on the dealer's right (seed 000:
    # play starts "a la derecha del que reparte").
    url = table.start("pinochle-3", opt_direction="right")
    html = client.get(url).get_data(as_text=True)
    assert "The deal passes to the right." in html
    assert "Cruz leads first" in html
    left = MatchClient(client).start("pinochle-3")
    html = client.get(left).get_data(as_text=True)
    assert "The deal passes to the left." in html
    assert "Ben leads first" in html


def test_auction_in_units_offers_thrown_in(client: FlaskClient, table: MatchClient) -> None:
    # docs/rules.md §2: thrown in before looking at the widow, at the minimum bid, pays the
    # kitty units(300) = 1 under the doubling schedule (seed 000), nobody else.
    url = table.start("auction")
    html = client.get(url).get_data(as_text=True)
    assert 'value="thrown_in"' in html
    response = post_hand(client, url, {"bidder": "Ben", "bid": "300", "outcome": "thrown_in"})
    assert response.status_code == 303, page_errors(response.get_data(as_text=True))
    page = client.get(url).get_data(as_text=True)
    assert totals(page) == {"Ana": 0, "Ben": -1, "Cruz": 0}


def test_a_stored_hand_the_rules_refuse_never_breaks_a_page(
    client: FlaskClient, app: Flask, table: MatchClient
) -> None:
    # docs/rules.md §7: a rule that only refuses more (no trick is worth 1 point under
    # classic, §1) is not migrated; a hand stored before it shows as a problem.
    url = table.start("pinochle-3")
    assert (
        post_hand(client, url, {"meld_0": "100", "tricks_0": "100", "tricks_1": "100"}).status_code
        == 303
    )
    with app.app_context():
        match = service.get_match(table.id)
        db.session.add(
            Hand(
                match_id=match.id,
                number=2,
                input={
                    "meld": {"Ana": 0, "Ben": 0, "Cruz": 0},
                    "tricks": {"Ana": 1, "Ben": 249, "Cruz": 0},
                },
            )
        )
        match.version += 1  # as every change does (service/writing.py; the replay cache)
        db.session.commit()
    html = client.get(url).get_data(as_text=True)
    assert 'id="problem"' in html
    assert 'id="hand-form"' not in html
    assert totals(html) == {"Ana": 200, "Ben": 100, "Cruz": 50}  # hand 1 alone
    for page in ("/board", "/export.csv", "/export.json", "/hands/2"):
        assert client.get(url + page).status_code == 200, page
    assert client.get("/").status_code == 200
    # Correcting the refused hand puts the match right again.
    form = client.get(url + "/hands/2").get_data(as_text=True)
    fixed = client.post(
        url + "/hands/2",
        data={
            "idempotency_key": hidden(form, "idempotency_key"),
            "version": hidden(form, "version"),
            "meld_0": "0",
            "tricks_0": "10",
            "tricks_1": "240",
        },
    )
    assert fixed.status_code == 303, page_errors(fixed.get_data(as_text=True))
    html = client.get(url).get_data(as_text=True)
    assert 'id="problem"' not in html
    assert 'id="hand-form"' in html
    assert totals(html) == {"Ana": 210, "Ben": 340, "Cruz": 50}


def test_a_meld_typo_is_refused_next_to_its_field(client: FlaskClient, table: MatchClient) -> None:
    # docs/rules.md §1 "Meld typos": every `standard` meld is a multiple of 10 (seed 000:
    # «pareja real, 40 puntos»), so a meld of 75 is a typo, said next to the meld typed.
    url = table.start("pinochle-2")
    response = post_hand(client, url, {"meld_0": "75", "tricks_0": "130", "tricks_1": "120"})
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert "cannot be 75: every meld is worth a multiple of 10" in page_errors(html)
    assert re.search(r'id="meld_0"[^>]*value="75"', html)
    fixed = post_hand(client, url, {"meld_0": "70", "tricks_0": "130", "tricks_1": "120"})
    assert fixed.status_code == 303, page_errors(fixed.get_data(as_text=True))


def test_a_partnership_auction_from_100_takes_a_bid_of_200(
    client: FlaskClient, table: MatchClient
) -> None:
    # Bicycle, partnership auction: "The lowest bid is 100": the new-match page takes it, and
    # the hand form starts its bid at it and takes 200.
    url = table.start("partnership-auction", opt_min_bid="100")
    html = client.get(url).get_data(as_text=True)
    assert re.search(r'id="bid"[^>]*value="100"', html)
    response = post_hand(
        client,
        url,
        {
            "bidder": "Ana",
            "bid": "200",
            "trump": "hearts",
            "result": "played",
            "meld_0": "60",
            "meld_1": "20",
            "tricks_0": "150",
        },
    )
    assert response.status_code == 303, page_errors(response.get_data(as_text=True))
    assert totals(client.get(url).get_data(as_text=True)) == {
        "Ana &amp; Cruz": 210,
        "Ben &amp; Dee": 120,
    }
