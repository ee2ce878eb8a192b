"""The CSV export starts no formula in any spreadsheet, whatever it splits on: commas, the
semicolons of es/it/ru locales, or tabs (issue 13 item 7; OWASP "CSV Injection"). Names come
from the players, so they are an attacker's way in; scores stay numbers.
"""

from __future__ import annotations

import csv
import io
import json
import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper import service
from scorekeeper.export_import import match_csv
from scorekeeper.extensions import db
from tests.helpers import API

#: What makes a spreadsheet read a cell as a formula (with the full-width forms).
TRIGGERS = ("=", "+", "-", "@", "\t", "\r", "\uff1d", "\uff0b", "\uff0d", "\uff20")
#: A cell that is a plain number: a negative score is one, and no formula.
NUMBER = re.compile(r"-?[0-9]+\Z")

#: An auction night (docs/rules.md §2): units go negative, the kitty too.
HANDS: list[dict[str, Any]] = [
    {"bidder": "Ana", "bid": 350, "trump": "spades", "outcome": "made"},
    {"bidder": "Ben", "bid": 300, "trump": "hearts", "outcome": "made"},
    {"bidder": "Cruz", "bid": 300, "trump": "spades", "outcome": "set"},
]

#: Names a spreadsheet would run, through each separator it may split on. Some are refused by
#: today's name rules (docs/rules.md §5: control characters, trimmed spaces) but a match
#: stored before those rules keeps them, so the export meets them.
HOSTILE = [
    ";=2+5;",
    "\t=1+1",
    ',=HYPERLINK("x")',
    "@SUM(1)",
    "-1+1",
    "+1",
    "Ana;-2+3",
    'x;"=1+1',
    "x\n=1+1",
    "x\r\n@A1",
    " =1+1",
    "Bo; =1+1",
    "\uff1d1+1",
]


def starts_formula(cell: str) -> bool:
    """Whether a spreadsheet would read ``cell`` as a formula (spaces and quotes before the
    trigger counted as trimmed, the worst case)."""
    text = cell.lstrip(' \u00a0"')
    return text.startswith(TRIGGERS) and not NUMBER.match(text)


def formulas(text: str) -> list[tuple[str, str]]:
    """Every (separator, cell) a spreadsheet splitting on that separator would run.

    A comma spreadsheet reads the file as written: quoted cells, doubled quotes. A ``;`` or tab
    one opens a quoted cell only at the start of one of its own cells, so each ``;`` or tab
    inside our cells cuts, and each line break ends a row: cutting at every one, quotes
    ignored, finds every cell it could make (and more)."""
    text = text.removeprefix("\ufeff")
    found = [
        (",", cell)
        for row in csv.reader(io.StringIO(text, newline=""))
        for cell in row
        if starts_formula(cell)
    ]
    for separator in (";", "\t"):
        parts = re.split(f"[{separator}\r\n]", text)
        found += [(separator, part) for part in parts if starts_formula(part)]
    return found


def auction_with_first_player(app: Flask, client: FlaskClient, name: str) -> str:
    """An auction night whose first player (and first dealer, and first bidder) is ``name``,
    as a match stored before the name rules would be: made with "Ana", then renamed in the
    database. Its public id."""
    created = client.post(
        f"{API}/matches",
        json={
            "variant": "auction",
            "players": ["Ana", "Ben", "Cruz"],
            "rules": {"schedule": "doubling-250"},
        },
    )
    assert created.status_code == 201, created.get_json()
    body: dict[str, str] = created.get_json()
    public_id, token = body["id"], body["edit_token"]
    for hand in HANDS:
        added = client.post(
            f"{API}/matches/{public_id}/hands",
            json=hand,
            headers={"Authorization": f"Bearer {token}"},
        )
        assert added.status_code == 201, added.get_json()
    with app.app_context():
        match = service.get_match(public_id)
        match.players = [name if player == "Ana" else player for player in match.players]
        match.first_dealer = name
        for stored in match.hands:
            if stored.input["bidder"] == "Ana":
                stored.input = {**stored.input, "bidder": name}
        match.version += 1
        db.session.commit()
    return public_id


def export(client: FlaskClient, public_id: str) -> str:
    response = client.get(f"/m/{public_id}/export.csv")
    assert response.status_code == 200
    return response.get_data(as_text=True)


@pytest.mark.parametrize("name", HOSTILE)
def test_a_hostile_name_starts_no_formula_whatever_the_separator(
    app: Flask, client: FlaskClient, name: str
) -> None:
    text = export(client, auction_with_first_player(app, client, name))
    assert formulas(text) == []
    rows = list(csv.reader(io.StringIO(text.removeprefix("\ufeff"), newline="")))
    # Nothing is lost: the name is there, with apostrophes only before what could start a
    # formula (HOSTILE has no apostrophe of its own).
    assert rows[1][1].startswith("'")
    assert rows[1][1].replace("'", "") == name
    assert rows[0][4].replace("'", "") == f"{name} units"
    assert rows[0][8].replace("'", "") == f"{name} total"
    # The JSON of the hand as entered reads back exactly.
    assert json.loads(rows[1][3])["bidder"] == name
    # The scores are numbers: the same as with a plain name, and negative ones written bare.
    assert rows[1][4:] == ["26", "-8", "-8", "-10", "26", "-8", "-8", "-10"]
    assert ',"{""bidder""' not in text  # (the JSON cell is quoted, its quotes doubled)
    assert '}",26,-8,-8,-10,26,-8,-8,-10\r\n2,"Ben",' in text


@pytest.mark.parametrize("name", ["Ana", "Anna-Lena O'Neil, Jr.; 2nd", "a;b,c d-e 1+1"])
def test_a_plain_export_reads_back_unchanged(app: Flask, client: FlaskClient, name: str) -> None:
    # Punctuation that starts no formula: left as typed, in every cell.
    text = export(client, auction_with_first_player(app, client, name))
    assert formulas(text) == []
    rows = list(csv.reader(io.StringIO(text.removeprefix("\ufeff"), newline="")))
    assert rows[0] == [
        "hand", "dealer", "summary", "input",
        f"{name} units", "Ben units", "Cruz units", "kitty units",
        f"{name} total", "Ben total", "Cruz total", "kitty total",
    ]  # fmt: skip
    assert [row[1] for row in rows[1:]] == [name, "Ben", "Cruz"]
    assert rows[1][2].startswith(f"{name} bid 350")
    assert [json.loads(row[3]) for row in rows[1:]] == [{**HANDS[0], "bidder": name}, *HANDS[1:]]
    assert rows[3][4:] == ["8", "8", "-24", "8", "32", "4", "-34", "-2"]
    # Text quoted, numbers bare (a negative score is a number to the spreadsheet).
    assert '\r\n3,"Cruz","Cruz bid 300 ' in text
    assert text.endswith('"}",8,8,-24,8,32,4,-34,-2\r\n')


#: Text made of what matters to a spreadsheet: separators, triggers, quotes, spaces, letters.
SPREADSHEET_TEXT = st.text(
    alphabet=st.sampled_from([*",;\t\r\n \u00a0\"'=+-@ab1", "\uff1d"]), max_size=12
)


@pytest.fixture
def night(app: Flask, client: FlaskClient) -> str:
    """An auction night of plain names; its public id."""
    return auction_with_first_player(app, client, "Ana")


@settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(summary=SPREADSHEET_TEXT)
def test_no_text_starts_a_formula(app: Flask, night: str, summary: str) -> None:
    # Any text in a text cell: here the summary of every hand, through the real export (the
    # match is only read, so one serves every example).
    with app.app_context():
        match = service.get_match(night)
        text = match_csv(match, service.state_of(match), lambda entry: summary)
    assert formulas(text) == []
    rows = list(csv.reader(io.StringIO(text, newline="")))
    assert [row[2].replace("'", "") for row in rows[1:]] == [summary.replace("'", "")] * 3
