"""A group's records page as the group ages (issue 18; docs/groups.md, "Summaries"): a group of
500 matches of 30 hands, on a temporary SQLite database, through the Flask test client (no
network, no gunicorn).

The matches are a club's year of Thursdays: five a night over 100 nights, six players seated
three at auction in units, four at partnership pinochle (meld entered as a list every other
hand) and two at Pinnacola (every meld typed as cards), each imported into the group with its 30
hands (so each match's summary is built as it joins, as a match started in the group has it).

- first render: ``GET /r/<read_id>/records`` by a fresh app on that database (its templates not
  yet compiled, no summary parsed yet: what the first reader after a restart waits);
- warm: the same page again (the best of several tries: the machine is shared);
- after a correction: hand 1 of an old match corrected, then the page (one summary is stale and
  is built again on the way);
- the ratings, money and group pages, warm;
- every summary stale (a release moved ``SUMMARY_VERSION`` on): the first read builds again
  those that fit in ``service.SUMMARY_REBUILD_HANDS`` hands and says how many it left; then the
  reads until none is left.

Issue 18's budget: the records page of such a group renders in under 300 ms.

Run: .venv/bin/python bench/records.py
"""

from __future__ import annotations

import re
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from flask import Flask
from flask.testing import FlaskClient
from flask_migrate import upgrade
from werkzeug.test import TestResponse

from scorekeeper import create_app, service
from scorekeeper.config import TestConfig
from scorekeeper.extensions import db
from scorekeeper.models import Match
from scorekeeper.service.groups import almanac

#: Issue 18's budget for the records page, in seconds.
BUDGET = 0.300
MATCHES = 500
HANDS = 30
PER_NIGHT = 5
PLAYERS = ["Ana", "Ben", "Cruz", "Dee", "Eve", "Fil"]

PINNACOLA_WIN = {"table": [["5H", "6H", "JK", "8H"], ["QS", "QD", "QC"]], "hand": []}
PINNACOLA_LOSS = {
    "table": [["AS", "AD", "AC"]],
    "hand": ["KD", "KS", "KH", "QH", "JS", "JD", "10C", "10H", "9C"],
}


def auction(seats: list[str], number: int) -> dict[str, Any]:
    """A hand of auction in units: bidders, bids and outcomes that vary."""
    bidder = seats[number % 3]
    bid = 300 + 10 * (number % 12)
    if number % 7 == 0:
        return {"bidder": bidder, "bid": bid, "trump": "hearts", "meld": 200, "tricks": 90}
    outcome = "set" if number % 4 == 0 else "made"
    return {"bidder": bidder, "bid": bid, "trump": "spades", "outcome": outcome}


def partnership(number: int) -> dict[str, Any]:
    """A hand of four-handed pinochle to a target it never reaches."""
    meld: dict[str, Any] = {"Team 1": 20, "Team 2": 40}
    if number % 2:
        meld = {"Team 1": ["run", "pinochle"], "Team 2": ["marriage", "dix"]}
    return {"meld": meld, "tricks": {"Team 1": 13 - number % 3, "Team 2": 12 + number % 3}}


def pinnacola(seats: list[str], number: int) -> dict[str, Any]:
    """A Pinnacola deal with every meld typed as cards."""
    winner, loser = (seats[0], seats[1]) if number % 2 else (seats[1], seats[0])
    return {"sides": {winner: PINNACOLA_WIN, loser: PINNACOLA_LOSS}, "closed_by": winner}


def match_of(index: int) -> tuple[str, list[str], dict[str, Any], list[dict[str, Any]]]:
    """The ``index``-th match of the group: form, seats, house rules, hands."""
    turn = index % 3
    seats = [PLAYERS[(index + k) % len(PLAYERS)] for k in range((3, 4, 2)[turn])]
    if turn == 0:
        return "auction", seats, {"unit_value": "0.05"}, [auction(seats, n) for n in range(HANDS)]
    if turn == 1:
        rules = {"target": 100000, "counting": "simple"}
        return "pinochle-4", seats, rules, [partnership(n) for n in range(HANDS)]
    return "pinnacola", seats, {"target": 100000}, [pinnacola(seats, n) for n in range(HANDS)]


def build(app: Flask) -> tuple[str, list[tuple[str, str]]]:
    """The group with its matches; its read-only id, and each match's id and edit token."""
    first_night = datetime(2026, 1, 1, 20, 0, tzinfo=UTC)
    with app.app_context():
        group, token = service.create_group("Bench club")
        place = service.GroupPlace(group.public_id, token)
        made = []
        for index in range(MATCHES):
            variant, seats, rules, hands = match_of(index)
            match, edit_token = service.create_match(
                variant, seats, None, rules, None, hands=hands, finished=True, group=place
            )
            made.append((match.public_id, edit_token))
        for index, (public_id, _edit_token) in enumerate(made):
            night = first_night + timedelta(days=7 * (index // PER_NIGHT), minutes=index)
            db.session.execute(
                sa.update(Match).where(Match.public_id == public_id).values(created_at=night)
            )
        db.session.commit()
        return group.read_id, made


def timed(action: Callable[[], Any]) -> float:
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def best_of(repeat: int, action: Callable[[], object]) -> float:
    """The fastest of ``repeat`` calls of ``action``, in seconds."""
    return min(timed(action) for _ in range(repeat))


def get_ok(client: FlaskClient, path: str) -> TestResponse:
    response = client.get(path)
    assert response.status_code == 200, response.status_code
    return response


def main() -> None:
    folder = Path(tempfile.mkdtemp())
    url = f"sqlite:///{folder / 'bench.sqlite'}"
    builder = create_app(TestConfig(str(folder), url))
    with builder.app_context():
        upgrade()
    start = time.perf_counter()
    read_id, made = build(builder)
    built = time.perf_counter() - start
    print(f"group of {MATCHES} matches of {HANDS} hands built in {built:.1f} s")

    # A fresh app: nothing compiled, no summary parsed.
    app = create_app(TestConfig(str(folder), url))
    client = app.test_client()
    records = f"/r/{read_id}/records"
    figures = {
        "records, first render": timed(lambda: get_ok(client, records)),
        "records, warm": best_of(5, lambda: get_ok(client, records)),
    }
    # The table corrects hand 1 of an old auction match: set, not made.
    public_id, edit_token = made[3]
    _variant, seats, _rules, _hands = match_of(3)
    corrected = {"bidder": seats[0], "bid": 300, "trump": "spades", "outcome": "set"}
    with app.app_context():
        service.replace_hand(public_id, edit_token, 1, corrected)
    figures["records, after a correction"] = timed(lambda: get_ok(client, records))
    figures["ratings, warm"] = best_of(5, lambda: get_ok(client, f"/r/{read_id}/ratings"))
    figures["money, warm"] = best_of(5, lambda: get_ok(client, f"/r/{read_id}/money"))
    figures["group page, warm"] = best_of(5, lambda: get_ok(client, f"/r/{read_id}"))
    for name, seconds in figures.items():
        verdict = "ok" if seconds < BUDGET else "MISSED"
        budget = f"< {BUDGET * 1e3:.0f} ms {verdict}" if name.startswith("records") else ""
        print(f"{name:<30} {seconds * 1e3:8.1f} ms  {budget}")

    # A release moves SUMMARY_VERSION on: every summary is stale.
    # The almanac compares against its own binding of the name (imported, so not its export).
    vars(almanac)["SUMMARY_VERSION"] = service.SUMMARY_VERSION + 1
    per_match = HANDS + almanac.SUMMARY_REBUILD_MATCH  # what each counts of the budget
    for read in range(1, MATCHES * per_match // service.SUMMARY_REBUILD_HANDS + 3):
        start = time.perf_counter()
        page = get_ok(client, records).get_data(as_text=True)
        took = time.perf_counter() - start
        left = re.search(r"(\d+) match(?:es)? (?:is|are) still being counted", page)
        pending = int(left.group(1)) if left else 0
        print(f"every summary stale, read {read}: {took * 1e3:8.1f} ms, {pending} left")
        if not pending:
            break


if __name__ == "__main__":
    main()
