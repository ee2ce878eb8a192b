"""The table's extras: settle-up page, sharing (QR, scorekeeper link), the scoreboard and its
poll, the chart on the match page, CSV and JSON export, and import."""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Callable
from typing import Any

import pytest
import sqlalchemy as sa
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import service
from scorekeeper.extensions import db
from scorekeeper.models import Match
from tests.helpers import keep_token, scorekeeper_link, totals

API = "/api/v1"

#: Three auction hands (docs/rules.md §2, spades double, kitty on), in a match on the
#: `doubling-250` schedule (the §2 table's column that matches created before revision 2 keep;
#: the numbers below are worked out from it: 300-340 is 2 units, 350-390 is 4):
#: Ana 350 spades made: 4 x 2 = 8 from each, and the kitty bonus of 10 for a bid of 350;
#: Ben 300 hearts made: 2 from each; Cruz 300 spades set: 2 x 2 x 2 = 8 to each and the kitty.
AUCTION_HANDS: list[dict[str, Any]] = [
    {"bidder": "Ana", "bid": 350, "trump": "spades", "outcome": "made"},
    {"bidder": "Ben", "bid": 300, "trump": "hearts", "outcome": "made"},
    {"bidder": "Cruz", "bid": 300, "trump": "spades", "outcome": "set"},
]
#: Ana 26 - 2 + 8, Ben -8 + 4 + 8, Cruz -8 - 2 - 24; the kitty -10 + 8.
AUCTION_TOTALS = {"Ana": 32, "Ben": 4, "Cruz": -34}
AUCTION_KITTY = -2


def create(
    client: FlaskClient, body: dict[str, Any], hands: list[dict[str, Any]]
) -> tuple[str, str]:
    """A match made through the API with its hands; its id and edit token."""
    response = client.post(f"{API}/matches", json=body)
    assert response.status_code == 201, response.get_json()
    public_id, token = response.get_json()["id"], response.get_json()["edit_token"]
    for hand in hands:
        added = client.post(
            f"{API}/matches/{public_id}/hands",
            json=hand,
            headers={"Authorization": f"Bearer {token}"},
        )
        assert added.status_code == 201, added.get_json()
    return public_id, token


def auction(client: FlaskClient, **rules: Any) -> tuple[str, str]:
    return create(
        client,
        {
            "variant": "auction",
            "players": ["Ana", "Ben", "Cruz"],
            "rules": {"schedule": "doubling-250", **rules},
        },
        AUCTION_HANDS,
    )


def match_count(app: Flask) -> int:
    with app.app_context():
        return db.session.scalar(sa.select(sa.func.count()).select_from(Match)) or 0


def totals_of(app: Flask, public_id: str) -> tuple[dict[str, int], int | None]:
    with app.app_context():
        state = service.state_of(service.get_match(public_id))
        return dict(state.totals), state.kitty


# --- Settle-up -------------------------------------------------------------------------------


def test_the_settle_up_page_reads_out_who_pays_whom(client: FlaskClient) -> None:
    public_id, _ = auction(client, unit_value="0.05")
    html = client.get(f"/m/{public_id}/settle").get_data(as_text=True)
    # The kitty (-2) shared: -1 each, the larger share (0) to Ana first in seating order.
    # Balances Ana 32, Ben 3, Cruz -35: Cruz pays both.
    assert "One unit is worth 0.05." in html
    assert "Cruz pays Ana 1.60" in html
    assert "Cruz pays Ben 0.15" in html
    assert html.count('class="transfer"') == 2
    balances = dict(re.findall(r'<tr data-player="(\w+)">.*?class="money">([^<]+)<', html))
    assert balances == {"Ana": "1.60", "Ben": "0.15", "Cruz": "-1.75"}
    assert "not over" in html  # the night has not been ended yet


def test_only_auction_in_units_has_a_settle_up_page(client: FlaskClient) -> None:
    public_id, _ = create(client, {"variant": "pinochle-2", "players": ["Ana", "Ben"]}, [])
    assert client.get(f"/m/{public_id}/settle").status_code == 404
    assert client.get("/m/nosuchmatch/settle").status_code == 404


# --- Sharing ---------------------------------------------------------------------------------


def test_the_share_page_shows_the_secret_link_only_to_the_scorekeeper(
    client: FlaskClient, app: Flask
) -> None:
    public_id, token = auction(client)
    watcher = client.get(f"/m/{public_id}/share")
    html = watcher.get_data(as_text=True)
    assert watcher.status_code == 200
    assert html.count('class="qr"') == 1
    assert f"http://localhost/m/{public_id}/board" in html
    assert "/join" not in html
    assert token not in html
    scorekeeper = app.test_client()
    keep_token(scorekeeper, public_id, token)
    # Until the scorekeeper asks for one, there is no scorekeeper link: only the buttons.
    assert scorekeeper.get(f"/m/{public_id}/share").get_data(as_text=True).count('class="qr"') == 1
    scorekeeper_link(scorekeeper, public_id)
    response = scorekeeper.get(f"/m/{public_id}/share")
    html = response.get_data(as_text=True)
    assert html.count('class="qr"') == 2
    assert token not in html
    assert response.headers["Cache-Control"] == "no-store"
    assert response.mimetype == "text/html"
    # Inline SVG the strict CSP lets draw: no style element or attribute, no script.
    svgs = re.findall(r"<svg.*?</svg>", html, re.S)
    assert len(svgs) == 2
    assert not any(re.search(r"<style|style=|<script", svg) for svg in svgs)


# --- Scoreboard ------------------------------------------------------------------------------


def test_the_scoreboard_polls_with_an_etag_and_sees_a_new_hand(client: FlaskClient) -> None:
    public_id, token = auction(client)
    board = client.get(f"/m/{public_id}/board").get_data(as_text=True)
    assert re.search(r'src="/static/board\.js\?v=[0-9a-f]{12}"', board)
    assert f'data-api="{API}/matches/{public_id}"' in board
    assert "data-etag='W/\"4\"'" in board
    assert totals(board) == AUCTION_TOTALS
    assert "Ana deals" in board
    assert "Ben bids first" in board
    assert 'id="hand-form"' not in board

    first = client.get(f"{API}/matches/{public_id}")
    etag = first.headers["ETag"]
    assert etag == 'W/"4"'
    unchanged = client.get(f"{API}/matches/{public_id}", headers={"If-None-Match": etag})
    assert unchanged.status_code == 304
    assert unchanged.data == b""

    added = client.post(
        f"{API}/matches/{public_id}/hands",
        json={"bidder": "Ana", "bid": 300, "trump": "clubs", "outcome": "conceded"},
        headers={"Authorization": f"Bearer {token}"},
    )
    assert added.status_code == 201
    changed = client.get(f"{API}/matches/{public_id}", headers={"If-None-Match": etag})
    assert changed.status_code == 200
    assert changed.headers["ETag"] == 'W/"5"'
    part_response = client.get(f"/m/{public_id}/board/part")
    assert part_response.mimetype == "text/html"
    part = part_response.get_data(as_text=True)
    assert 'data-version="5"' in part
    # Conceded 300 in clubs: Ana pays each player 2 and the kitty 2.
    assert totals(part) == {"Ana": 26, "Ben": 6, "Cruz": -32}
    assert "Ben deals" in part
    assert part.count("<polyline") == 3


# --- Chart and links on the match page -------------------------------------------------------


def test_the_match_page_has_the_chart_and_the_links(client: FlaskClient) -> None:
    public_id, _ = create(
        client,
        {"variant": "pinochle-2", "players": ["Ana", "Ben"], "rules": {"target": 1000}},
        [{"meld": {"Ana": 60, "Ben": 0}, "tricks": {"Ana": 130, "Ben": 120}}],
    )
    html = client.get(f"/m/{public_id}").get_data(as_text=True)
    assert html.count("<polyline") == 2
    assert 'class="target"' in html
    for tail in ("/share", "/board", "/export.csv", "/export.json"):
        assert f'href="/m/{public_id}{tail}"' in html
    assert f'href="/m/{public_id}/settle"' not in html  # points: no settle-up


def test_the_import_link_is_on_the_home_page(client: FlaskClient) -> None:
    assert 'href="/import"' in client.get("/").get_data(as_text=True)


# --- Export ----------------------------------------------------------------------------------


def read_csv(client: FlaskClient, public_id: str) -> list[list[str]]:
    response = client.get(f"/m/{public_id}/export.csv")
    assert response.status_code == 200
    assert response.mimetype == "text/csv"
    assert response.headers["Content-Disposition"].startswith("attachment; filename=")
    return list(csv.reader(io.StringIO(response.data.decode("utf-8-sig"))))


def test_csv_has_a_row_per_hand_with_scores_and_totals(client: FlaskClient) -> None:
    public_id, _ = auction(client)
    rows = read_csv(client, public_id)
    assert rows[0] == [
        "hand", "dealer", "summary", "input",
        "Ana units", "Ben units", "Cruz units", "kitty units",
        "Ana total", "Ben total", "Cruz total", "kitty total",
    ]  # fmt: skip
    assert len(rows) == 1 + len(AUCTION_HANDS)
    assert [row[:2] for row in rows[1:]] == [["1", "Ana"], ["2", "Ben"], ["3", "Cruz"]]
    assert "Ana bid 350" in rows[1][2]
    assert json.loads(rows[1][3]) == AUCTION_HANDS[0]
    assert rows[1][4:8] == ["26", "-8", "-8", "-10"]
    assert rows[1][8:] == ["26", "-8", "-8", "-10"]
    assert rows[-1][8:] == [str(AUCTION_TOTALS[p]) for p in ("Ana", "Ben", "Cruz")] + [
        str(AUCTION_KITTY)
    ]


def test_csv_of_a_points_match_and_names_a_spreadsheet_would_run(client: FlaskClient) -> None:
    public_id, _ = create(
        client,
        {"variant": "pinochle-2", "players": ["=HYPERLINK(1)", "Ben"]},
        [
            {"meld": {"=HYPERLINK(1)": 60, "Ben": 0}, "tricks": {"=HYPERLINK(1)": 130, "Ben": 120}},
            {"meld": {"=HYPERLINK(1)": 0, "Ben": 40}, "tricks": {"=HYPERLINK(1)": 50, "Ben": 200}},
        ],
    )
    rows = read_csv(client, public_id)
    assert rows[0][4:] == ["'=HYPERLINK(1) score", "Ben score", "'=HYPERLINK(1) total", "Ben total"]
    assert rows[1][1] == "'=HYPERLINK(1)"
    assert rows[1][4:] == ["190", "120", "190", "120"]
    assert rows[2][4:] == ["50", "240", "240", "360"]


# --- JSON export and import ------------------------------------------------------------------


ROUND_TRIPS = [
    pytest.param(
        {
            "variant": "pinochle-4",
            "players": ["Ana", "Ben", "Cruz", "Dee"],
            "teams": [
                {"name": "Us", "players": ["Ana", "Cruz"]},
                {"name": "Them", "players": ["Ben", "Dee"]},
            ],
            "rules": {"target": 1500, "counting": "classic"},
            "dealer": "Ben",
        },
        [
            {"meld": {"Us": 150, "Them": ["marriage", "dix"]}, "tricks": {"Us": 130, "Them": 120}},
            {"meld": {"Us": 20, "Them": 60}, "tricks": {"Us": 100, "Them": 150}},
        ],
        False,
        id="pinochle-4",
    ),
    pytest.param(
        {"variant": "auction", "players": ["Ana", "Ben", "Cruz"], "rules": {"unit_value": "0.05"}},
        AUCTION_HANDS,
        True,
        id="auction-finished",
    ),
    pytest.param(
        {"variant": "pinnacola", "players": ["Ana", "Ben"]},
        [
            {
                "sides": {"Ana": {"table": 385, "hand": 0}, "Ben": {"table": 120, "hand": 45}},
                "closed_by": "Ana",
            }
        ],
        False,
        id="pinnacola",
    ),
]


@pytest.mark.parametrize(("body", "hands", "finish"), ROUND_TRIPS)
def test_export_then_import_gives_the_same_match(
    client: FlaskClient, app: Flask, body: dict[str, Any], hands: list[dict[str, Any]], finish: bool
) -> None:
    public_id, token = create(client, body, hands)
    if finish:
        assert (
            client.post(
                f"{API}/matches/{public_id}/finish", headers={"Authorization": f"Bearer {token}"}
            ).status_code
            == 200
        )
    exported = client.get(f"/m/{public_id}/export.json")
    assert exported.status_code == 200
    assert exported.mimetype == "application/json"
    document = json.loads(exported.data)
    assert (document["format"], document["version"]) == ("scorekeeper-match", 2)
    assert document["hands"] == hands

    response = client.post("/import", data={"pasted": exported.get_data(as_text=True)})
    assert response.status_code == 303, response.get_data(as_text=True)
    new_id = response.headers["Location"].rsplit("/", 1)[1]
    assert new_id != public_id
    assert totals_of(app, new_id) == totals_of(app, public_id)
    with app.app_context():
        old, new = service.get_match(public_id), service.get_match(new_id)
        assert service.state_of(new) == service.state_of(old)
        assert (new.variant, new.players, new.teams, new.options, new.first_dealer) == (
            old.variant,
            old.players,
            old.teams,
            old.options,
            old.first_dealer,
        )
        assert new.finished is finish
    # This browser scores the new match now; the export of the copy is the same document.
    assert 'id="hand-form"' in client.get(f"/m/{new_id}").get_data(as_text=True) or finish
    assert json.loads(client.get(f"/m/{new_id}/export.json").data) == document


def test_import_by_file_upload(client: FlaskClient, app: Flask) -> None:
    public_id, _ = auction(client)
    exported = client.get(f"/m/{public_id}/export.json").data
    response = client.post(
        "/import",
        # As an editor may save it: with a byte-order mark.
        data={"upload": (io.BytesIO(b"\xef\xbb\xbf" + exported), "night.json")},
        content_type="multipart/form-data",
    )
    assert response.status_code == 303
    new_id = response.headers["Location"].rsplit("/", 1)[1]
    assert totals_of(app, new_id) == (AUCTION_TOTALS, AUCTION_KITTY)


@pytest.mark.parametrize(
    ("tamper", "where"),
    [
        (lambda d: d["hands"][1].update(bid=305), "hands[1].bid"),
        (lambda d: d["hands"][2].update(bidder="Zed"), "hands[2].bidder"),
        (lambda d: d["hands"].append("not a hand"), "hands[3]"),
        (lambda d: d.update(players=["Ana", "Ana", "Cruz"]), "players[1]"),
        (lambda d: d.update(format="something-else"), "format"),
        (lambda d: d.update(version=True), "format"),
        (lambda d: d.update(version=3), "format"),
        (lambda d: d.update(scores={"Ana": 1000}), "scores"),
    ],
)
def test_import_refuses_a_tampered_file_and_keeps_nothing(
    client: FlaskClient, app: Flask, tamper: Callable[[dict[str, Any]], object], where: str
) -> None:
    public_id, _ = auction(client)
    document = json.loads(client.get(f"/m/{public_id}/export.json").data)
    tamper(document)
    before = match_count(app)
    response = client.post("/import", data={"pasted": json.dumps(document)})
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert f"Not imported: {where}" in html
    assert match_count(app) == before


def test_import_refuses_a_hand_after_the_match_is_won(client: FlaskClient, app: Flask) -> None:
    won = {"meld": {"Ana": 500, "Ben": 0}, "tricks": {"Ana": 250, "Ben": 0}}
    public_id, _ = create(
        client,
        {"variant": "pinochle-2", "players": ["Ana", "Ben"], "rules": {"target": 500}},
        [won],
    )
    document = json.loads(client.get(f"/m/{public_id}/export.json").data)
    document["hands"].append(won)
    before = match_count(app)
    response = client.post("/import", data={"pasted": json.dumps(document)})
    assert response.status_code == 422
    assert "Not imported: hands[1]" in response.get_data(as_text=True)
    assert match_count(app) == before


def test_import_refuses_what_is_not_json_or_nothing(client: FlaskClient, app: Flask) -> None:
    before = match_count(app)
    for text in ("", "   ", "{not json", "NaN", "[]"):
        response = client.post("/import", data={"pasted": text})
        assert response.status_code == 422, text
    assert match_count(app) == before
    assert client.get("/import").status_code == 200


def test_a_write_that_fails_half_way_leaves_no_match(
    client: FlaskClient, app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Belt and braces: the rules passed the file, the match and its hands reached the
    database, then the commit failed: the one transaction stores nothing."""
    from scorekeeper import export_import
    from scorekeeper.extensions import db

    public_id, _ = auction(client)
    document = json.loads(client.get(f"/m/{public_id}/export.json").data)
    assert document["hands"]

    def failing_commit(*args: Any, **kwargs: Any) -> Any:
        db.session.flush()  # the match and its hands are written, not committed
        raise service.Conflict("the database went away")

    before = match_count(app)
    monkeypatch.setattr(db.session, "commit", failing_commit)
    with app.app_context(), pytest.raises(service.Conflict):
        export_import.import_match(export_import.read_document(json.dumps(document)))
    assert match_count(app) == before
