"""A stored hand the rules refuse never fails a read (docs/rules.md §7, docs/api.md
``problems``).

Such a hand is what a rules fix leaves behind: an older release stored it, the current one
refuses it. The tests store it the way an older release did, straight into the database, then
read and write the match: the API answers 200 with the match as it stood before that hand and
``problems: [{"hand": N, "errors": {...}}]`` (the errors a 422 would give for that entry);
adding a hand or finishing is a 409 while the problem stands; replacing the problem hand with
an entry the rules take fixes it; undoing the last hand works as always. The pages, the
scoreboard, the exports and the home page answer 200.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping
from typing import Any

import pytest
import sqlalchemy as sa
from flask.testing import FlaskClient

from scorekeeper.extensions import db
from scorekeeper.models import Hand, Match, utcnow
from tests.helpers import MatchClient, errors_of

PLAYERS = ["Ana", "Ben"]
GOOD = {"meld": {"Ana": 40, "Ben": 20}, "tricks": {"Ana": 130, "Ben": 120}}
FIXED = {"meld": {"Ana": 0, "Ben": 0}, "tricks": {"Ana": 100, "Ben": 150}}
#: docs/rules.md §1: the trick points of a hand add up to 250 under `classic`; 251 is refused
#: (as it would be once the rules refuse a figure an older release took).
REFUSED = {"meld": {"Ana": 0, "Ben": 0}, "tricks": {"Ana": 130, "Ben": 121}}


def store_hands(client: FlaskClient, public_id: str, *entries: Mapping[str, Any]) -> None:
    """Append hands as an older release stored them: as entered, unchecked by today's rules."""
    with client.application.app_context():
        match = db.session.scalar(sa.select(Match).where(Match.public_id == public_id))
        assert match is not None
        for entry in entries:
            match.hands.append(
                Hand(number=len(match.hands) + 1, input=dict(entry), created_at=utcnow())
            )
            match.version += 1
        db.session.commit()


@pytest.fixture
def problem(table: MatchClient, client: FlaskClient) -> MatchClient:
    """Two-handed: hands 1 and 2 fine, hand 3 refused by today's rules."""
    table.create({"variant": "pinochle-2", "players": PLAYERS})
    table.add_ok(GOOD)
    table.add_ok(GOOD)
    store_hands(client, table.id, REFUSED)
    return table


def refusal_of(
    client: FlaskClient, entry: Mapping[str, Any], **headers: str
) -> dict[str, list[str]]:
    """The errors a fresh two-handed match answers for ``entry`` (a 422)."""
    fresh = MatchClient(client)
    fresh.create({"variant": "pinochle-2", "players": PLAYERS})
    response = client.post(fresh.url("/hands"), json=entry, headers=fresh.auth | headers)
    assert response.status_code == 422
    return errors_of(response)


# --- Reading ----------------------------------------------------------------------------------


def test_the_match_reads_as_it_stood_before_the_refused_hand(
    problem: MatchClient, client: FlaskClient
) -> None:
    match = problem.get()
    assert match["problems"] == [
        {"hand": 3, "errors": refusal_of(client, REFUSED), "input": REFUSED}
    ]
    assert "tricks" in match["problems"][0]["errors"]
    # Hands 1 and 2: 40 + 130 and 20 + 120 each (docs/rules.md §1: two-handed meld counts).
    assert [hand["number"] for hand in match["hands"]] == [1, 2]
    assert match["totals"] == {"Ana": 340, "Ben": 280}
    assert match["status"] == "in_progress"
    assert match["dealer"] == "Ana"  # hand 3's dealer: the deal passes on (docs/rules.md §5)


def test_the_problem_speaks_the_language_of_the_request(
    problem: MatchClient, client: FlaskClient
) -> None:
    answer = client.get(problem.url(), headers={"Accept-Language": "es"}).get_json()
    english = problem.get()["problems"][0]["errors"]
    spanish = answer["problems"][0]["errors"]
    assert spanish == refusal_of(client, REFUSED, **{"Accept-Language": "es"})
    assert spanish != english


def test_a_match_replaying_whole_has_no_problems(table: MatchClient) -> None:
    match = table.create({"variant": "pinochle-2", "players": PLAYERS})
    assert match["problems"] == []
    assert table.add_ok(GOOD)["problems"] == []


def test_a_hand_after_the_end_is_a_problem_not_a_crash(
    table: MatchClient, client: FlaskClient
) -> None:
    table.create({"variant": "pinochle-2", "players": PLAYERS})
    # Ben: meld 900 + 150 = 1050, over the target 1000: he wins (docs/rules.md §2).
    won = table.add_ok({"meld": {"Ana": 0, "Ben": 900}, "tricks": {"Ana": 100, "Ben": 150}})
    assert won["status"] == "finished"
    store_hands(client, table.id, GOOD)
    match = table.get()
    assert match["problems"] == [
        {"hand": 2, "errors": {"_": ["the match was over before this hand"]}, "input": GOOD}
    ]
    assert (match["status"], match["winner"], match["totals"]) == (
        "finished",
        "Ben",
        {"Ana": 100, "Ben": 1050},
    )
    # The only way on is to undo it.
    assert table.add(GOOD).status_code == 409
    assert table.replace(2, GOOD).status_code == 409
    undone = table.delete(2)
    assert undone.status_code == 200, undone.get_json()
    assert undone.get_json()["match"]["problems"] == []


def test_only_the_first_refused_hand_is_reported(problem: MatchClient, client: FlaskClient) -> None:
    store_hands(client, problem.id, GOOD, REFUSED)
    match = problem.get()
    assert [p["hand"] for p in match["problems"]] == [3]
    assert len(match["hands"]) == 2


# --- Writing while a problem stands -------------------------------------------------------------


def test_adding_a_hand_is_409_naming_the_hand(problem: MatchClient) -> None:
    before = problem.get()
    response = problem.add(GOOD)
    assert response.status_code == 409
    (message,) = errors_of(response)["_"]
    assert "3" in message
    assert problem.get()["version"] == before["version"]


def test_a_bad_entry_is_still_409_not_422_while_the_problem_stands(problem: MatchClient) -> None:
    # The stored hand stands in the way before the new one is read.
    assert problem.add(REFUSED).status_code == 409


def test_finishing_is_409(problem: MatchClient) -> None:
    response = problem.finish()
    assert response.status_code == 409
    assert "3" in errors_of(response)["_"][0]
    assert problem.get()["status"] == "in_progress"


def test_replacing_the_problem_hand_fixes_it(problem: MatchClient) -> None:
    response = problem.replace(3, FIXED)
    assert response.status_code == 200, response.get_json()
    match = response.get_json()["match"]
    assert match["problems"] == []
    assert match["totals"] == {"Ana": 440, "Ben": 430}
    assert problem.add_ok(GOOD)["problems"] == []


def test_fixing_one_problem_shows_the_next(problem: MatchClient, client: FlaskClient) -> None:
    store_hands(client, problem.id, REFUSED)
    response = problem.replace(3, FIXED)
    assert response.status_code == 200, response.get_json()
    match = response.get_json()["match"]
    assert [p["hand"] for p in match["problems"]] == [4]
    assert len(match["hands"]) == 3


def test_replacing_the_problem_hand_with_a_refused_entry_is_422(problem: MatchClient) -> None:
    before = problem.get()
    response = problem.replace(3, {"meld": {"Ana": 0, "Ben": 0}, "tricks": {"Ana": 300}})
    assert response.status_code == 422
    assert any(path.startswith("tricks") for path in errors_of(response))
    assert problem.get() == before


def test_undoing_the_problem_hand_clears_it(problem: MatchClient) -> None:
    response = problem.delete(3)
    assert response.status_code == 200, response.get_json()
    assert response.get_json()["match"]["problems"] == []
    assert problem.add_ok(GOOD)["totals"] == {"Ana": 510, "Ben": 420}


def test_hands_after_the_problem_can_be_undone(problem: MatchClient, client: FlaskClient) -> None:
    store_hands(client, problem.id, GOOD)
    response = problem.delete(4)
    assert response.status_code == 200, response.get_json()
    assert [p["hand"] for p in response.get_json()["match"]["problems"]] == [3]
    assert problem.delete(3).status_code == 200
    assert problem.get()["problems"] == []


def test_a_hand_before_the_problem_can_be_corrected(problem: MatchClient) -> None:
    response = problem.replace(1, FIXED)
    assert response.status_code == 200, response.get_json()
    match = response.get_json()["match"]
    assert [p["hand"] for p in match["problems"]] == [3]
    assert match["totals"] == {"Ana": 270, "Ben": 290}
    assert problem.replace(1, REFUSED).status_code == 422


def test_a_hand_after_the_problem_cannot_be_corrected_first(
    problem: MatchClient, client: FlaskClient
) -> None:
    store_hands(client, problem.id, GOOD)
    before = problem.get()
    response = problem.replace(4, FIXED)
    assert response.status_code == 409
    assert "3" in errors_of(response)["_"][0]
    assert problem.get() == before


# --- Pages ------------------------------------------------------------------------------------


def test_every_page_of_the_match_answers_200(table: MatchClient, client: FlaskClient) -> None:
    page = table.start("pinochle-2")  # this phone holds the edit token
    store_hands(client, table.id, GOOD, REFUSED, GOOD)
    for url in (page, f"{page}/board", f"{page}/board/part", "/"):
        response = client.get(url)
        assert response.status_code == 200, url
    assert table.id in client.get("/").get_data(as_text=True)
    viewer = MatchClient(client.application.test_client())
    viewer.id = table.id
    assert viewer.client.get(page).status_code == 200


def test_the_exports_keep_every_stored_hand(table: MatchClient, client: FlaskClient) -> None:
    table.create({"variant": "pinochle-2", "players": PLAYERS})
    table.add_ok(GOOD)
    store_hands(client, table.id, REFUSED, GOOD)
    exported = client.get(f"/m/{table.id}/export.json")
    assert exported.status_code == 200
    assert exported.get_json()["hands"] == [GOOD, REFUSED, GOOD]
    response = client.get(f"/m/{table.id}/export.csv")
    assert response.status_code == 200
    rows = list(csv.reader(io.StringIO(response.get_data(as_text=True).lstrip("\ufeff"))))
    assert [row[0] for row in rows] == ["hand", "1", "2", "3"]
    assert rows[1][4:] == ["170", "140", "170", "140"]
    # The refused hand and the one after it: as entered, no numbers; hand 2's dealer is Ben.
    assert rows[2][1] == "Ben"
    assert rows[2][4:] == rows[3][4:] == ["", "", "", ""]


def test_an_auction_night_with_a_problem_settles_what_it_can(
    table: MatchClient, client: FlaskClient
) -> None:
    table.create({"variant": "auction", "players": ["Ana", "Ben", "Cruz"]})
    # docs/rules.md §2: 300 = 1 unit (doubling), clubs x1: Ana collects 1 from each.
    table.add_ok({"bidder": "Ana", "bid": 300, "trump": "clubs", "outcome": "made"})
    # A bid below the minimum (300) is refused today.
    store_hands(
        client, table.id, {"bidder": "Ben", "bid": 200, "trump": "clubs", "outcome": "made"}
    )
    match = table.get()
    assert match["problems"][0]["hand"] == 2
    assert "bid" in match["problems"][0]["errors"]
    assert match["totals"] == {"Ana": 2, "Ben": -1, "Cruz": -1}
    assert table.settlement().status_code == 200
    assert client.get(f"/m/{table.id}/settle").status_code == 200
    assert client.get(f"/m/{table.id}").status_code == 200
