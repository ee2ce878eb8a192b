"""Groups over the JSON API (issue 18; docs/api.md "Groups"): the read-only id reads, the
group's id and token write; the roster (add, rename, merge) and its refusals naming the field;
matches of a group, a match in two groups refused; records, money and ratings."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

import pytest
import sqlalchemy as sa
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from scorekeeper import service
from scorekeeper.extensions import db
from scorekeeper.models import Match, MatchSummaryRow
from scorekeeper.service.groups import almanac
from tests.helpers import API, errors_of

#: Two-handed pinochle (docs/rules.md §2, target 1000): Ana melds 150 and takes 130 of the 250
#: trick points, Ben melds 40 and takes the other 120.
HAND = {"meld": {"Ana": 150, "Ben": 40}, "tricks": {"Ana": 130, "Ben": 120}}


class Group:
    """A group made over the API: its ids, token and the answers of its writes."""

    def __init__(self, client: FlaskClient, name: str = "Thursday") -> None:
        response = client.post(f"{API}/groups", json={"name": name})
        assert response.status_code == 201, response.get_json()
        self.client = client
        self.created: dict[str, Any] = response.get_json()
        self.id: str = self.created["id"]
        self.read_id: str = self.created["read_id"]
        self.token: str = self.created["token"]

    @property
    def auth(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.token}"}

    def get(self) -> dict[str, Any]:
        response = self.client.get(f"{API}/groups/{self.read_id}")
        assert response.status_code == 200, response.get_json()
        group: dict[str, Any] = response.get_json()
        return group

    def write(self, method: str, tail: str, body: Any, **headers: str) -> TestResponse:
        """A write to the group with its token (``headers`` may replace it)."""
        return self.client.open(
            f"{API}/groups/{self.id}{tail}", method=method, json=body, headers=self.auth | headers
        )

    def player(self, name: str) -> int:
        """The roster id of ``name`` (must be on the roster)."""
        found: int = next(p["id"] for p in self.get()["players"] if p["name"] == name)
        return found

    def start(self, body: dict[str, Any]) -> dict[str, Any]:
        """Start a match of the group (must succeed); the answer."""
        response = self.write("POST", "/matches", body)
        assert response.status_code == 201, response.get_json()
        match: dict[str, Any] = response.get_json()
        return match

    def refused(self, method: str, tail: str, body: Any, path: str) -> dict[str, list[str]]:
        """A write that must be refused with 422 naming ``path``, the group left as it was."""
        before = self.get()
        response = self.write(method, tail, body)
        assert response.status_code == 422, response.get_json()
        errors = errors_of(response)
        assert path in errors, errors
        assert self.get() == before
        return errors


def play(
    client: FlaskClient, match: dict[str, Any], hands: list[Any], finish: bool = False
) -> None:
    """Add ``hands`` to a match with its edit token (each must be taken), then finish it."""
    auth = {"Authorization": f"Bearer {match['edit_token']}"}
    for hand in hands:
        response = client.post(f"{API}/matches/{match['id']}/hands", json=hand, headers=auth)
        assert response.status_code == 201, response.get_json()
    if finish:
        assert client.post(f"{API}/matches/{match['id']}/finish", headers=auth).status_code == 200


# --- The group and its two links -------------------------------------------------------------


def test_a_new_group_answers_its_token_once_and_its_readers_never_see_it(
    client: FlaskClient,
) -> None:
    group = Group(client)
    created = group.created
    assert created["name"] == "Thursday"
    assert created["players"] == []
    assert created["matches"] == []
    assert len(created["id"]) >= 16
    assert len(created["read_id"]) >= 16
    assert created["id"] != created["read_id"]
    assert created["private_url"].endswith(f"/g/{group.id}/open?key={group.token}")
    assert created["read_url"].endswith(f"/r/{group.read_id}")
    read = group.get()
    assert "id" not in read
    assert "token" not in read
    assert group.id not in str(read)
    assert group.token not in str(read)
    # The private id is no read-only link.
    assert client.get(f"{API}/groups/{group.id}").status_code == 404


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("", "a name has 1 to 40 characters"),
        ("x" * 41, "a name has 1 to 40 characters"),
        ("kitty", "'kitty' is reserved; choose another name"),
        ("Ana\u200bMaria", "a name may not hold an invisible formatting character (U+200B)"),
        (7, "must be text"),
    ],
)
def test_a_group_name_follows_the_name_rules(client: FlaskClient, name: Any, message: str) -> None:
    response = client.post(f"{API}/groups", json={"name": name})
    assert response.status_code == 422
    assert errors_of(response) == {"name": [message]}


def test_only_the_token_writes(client: FlaskClient) -> None:
    group = Group(client)
    for headers in ({}, {"Authorization": "Bearer wrong"}, {"Authorization": group.read_id}):
        response = client.post(
            f"{API}/groups/{group.id}/players", json={"name": "Ana"}, headers=headers
        )
        assert response.status_code == 401, headers
        assert response.headers["WWW-Authenticate"].startswith("Bearer")
    # The read-only id writes nothing either, token or not.
    response = client.post(
        f"{API}/groups/{group.read_id}/players", json={"name": "Ana"}, headers=group.auth
    )
    assert response.status_code == 404
    assert group.get()["players"] == []
    other = Group(client, "Other table")
    response = group.write(
        "POST", "/players", {"name": "Ana"}, Authorization=f"Bearer {other.token}"
    )
    assert response.status_code == 401


# --- The roster ------------------------------------------------------------------------------


def test_rename_keeps_the_old_name_and_merge_points_one_name_at_another(
    client: FlaskClient,
) -> None:
    group = Group(client)
    bob = group.write("POST", "/players", {"name": "Bob"}).get_json()["player"]
    robert = group.write("POST", "/players", {"name": "Robbie"}).get_json()["player"]
    renamed = group.write("PATCH", f"/players/{robert['id']}", {"name": "Robert"})
    assert renamed.status_code == 200
    assert renamed.get_json()["player"] | {"matches": 0} == {
        "id": robert["id"],
        "name": "Robert",
        "merged_into": None,
        "names": ["Robbie"],
        "matches": 0,
    }
    merged = group.write("POST", f"/players/{bob['id']}/merge", {"into": robert["id"]})
    assert merged.status_code == 200
    assert merged.get_json()["player"]["id"] == robert["id"]
    players = {p["name"]: p for p in group.get()["players"]}
    assert players["Bob"]["merged_into"] == robert["id"]
    # A match that seats "Bob" now counts for Robert.
    match = group.start({"variant": "pinochle-2", "players": ["Bob", "Ana"]})
    assert match["seats"] == {"Bob": robert["id"], "Ana": group.player("Ana")}


def test_a_merged_name_keeps_its_own_match_count(client: FlaskClient) -> None:
    # docs/api.md "Groups": {"name": "Bob", "merged_into": 7, "matches": 1}: a merged name
    # keeps the matches it sat in, and the name it was merged into counts them too.
    group = Group(client)
    group.start({"variant": "pinochle-2", "players": ["Bob", "Ana"]})
    group.start({"variant": "pinochle-2", "players": ["Robert", "Ana"]})
    bob, robert = group.player("Bob"), group.player("Robert")
    assert group.write("POST", f"/players/{bob}/merge", {"into": robert}).status_code == 200
    group.start({"variant": "pinochle-2", "players": ["Robert", "Ana"]})
    players = {p["name"]: p for p in group.get()["players"]}
    assert players["Bob"] | {"id": 0} == {
        "id": 0,
        "name": "Bob",
        "merged_into": robert,
        "names": [],
        "matches": 1,
    }
    assert players["Robert"]["matches"] == 3
    assert players["Ana"]["matches"] == 3
    # The group's page counts the same.
    page = client.get(group.created["read_url"]).get_data(as_text=True)
    assert (
        f'<li data-player="{bob}"><strong>Bob</strong> → Robert <span class="muted">1 match' in page
    )
    assert (
        f'<li data-player="{robert}"><strong>Robert</strong> <span class="muted">3 matches' in page
    )


def test_roster_refusals_name_the_field_and_change_nothing(client: FlaskClient) -> None:
    group = Group(client)
    ana = group.write("POST", "/players", {"name": "Ana"}).get_json()["player"]["id"]
    ben = group.write("POST", "/players", {"name": "Ben"}).get_json()["player"]["id"]
    errors = group.refused("POST", f"/players/{ana}/merge", {"into": ana}, "into")
    assert errors == {"into": ["a name cannot be merged into itself"]}
    group.refused("POST", "/players", {"name": "ANA"}, "name")
    group.refused("POST", "/players", {"name": "x" * 41}, "name")
    group.refused("PATCH", f"/players/{ben}", {"name": "ana"}, "name")
    group.refused("PATCH", f"/players/{ben}", {"name": "Be\u0000n"}, "name")
    group.refused("POST", f"/players/{ana}/merge", {"into": 999999}, "into")
    group.refused("POST", f"/players/{ana}/merge", {"into": "Ben"}, "into")
    group.refused("POST", "/players/999999/merge", {"into": ben}, "player")
    group.refused("POST", "/players", {"name": "Cruz", "extra": 1}, "extra")
    # Two names that sat at one match are two people.
    group.start({"variant": "pinochle-2", "players": ["Ana", "Ben"]})
    errors = group.refused("POST", f"/players/{ana}/merge", {"into": ben}, "into")
    assert errors == {"into": ["'Ana' and 'Ben' played at the same match: they are two people"]}


def test_a_merged_name_cannot_be_merged_again_nor_merged_into(client: FlaskClient) -> None:
    group = Group(client)
    ids = [
        group.write("POST", "/players", {"name": name}).get_json()["player"]["id"]
        for name in ("Bob", "Robert", "Rob")
    ]
    assert group.write("POST", f"/players/{ids[0]}/merge", {"into": ids[1]}).status_code == 200
    group.refused("POST", f"/players/{ids[0]}/merge", {"into": ids[2]}, "player")
    group.refused("POST", f"/players/{ids[2]}/merge", {"into": ids[0]}, "into")
    # Merging the player that others were merged into moves them along.
    assert group.write("POST", f"/players/{ids[1]}/merge", {"into": ids[2]}).status_code == 200
    players = {p["name"]: p["merged_into"] for p in group.get()["players"]}
    assert players == {"Bob": ids[2], "Robert": ids[2], "Rob": None}


# --- Matches of a group ----------------------------------------------------------------------


def test_a_match_of_the_group_puts_its_seats_on_the_roster(client: FlaskClient) -> None:
    group = Group(client)
    group.write("POST", "/players", {"name": "Ana"})
    match = group.start(
        {"variant": "pinochle-4", "players": ["ana", "Ben", "Cruz", "Dee"], "dealer": "Ben"}
    )
    assert match["edit_token"]
    assert match["players"] == ["ana", "Ben", "Cruz", "Dee"]
    names = [p["name"] for p in group.get()["players"]]
    assert names == ["Ana", "Ben", "Cruz", "Dee"]  # "ana" found Ana
    assert match["seats"]["ana"] == group.player("Ana")
    read = group.get()["matches"]
    assert [m["id"] for m in read] == [match["id"]]
    assert set(read[0]) >= {"id", "variant", "night", "seats", "created_at"}
    # Two seats may not stand for one person of the roster.
    bob = group.write("POST", "/players", {"name": "Bob"}).get_json()["player"]["id"]
    robert = group.write("POST", "/players", {"name": "Robert"}).get_json()["player"]["id"]
    group.write("POST", f"/players/{bob}/merge", {"into": robert})
    response = group.write(
        "POST", "/matches", {"variant": "pinochle-2", "players": ["Bob", "Robert"]}
    )
    assert response.status_code == 422
    assert list(errors_of(response)) == ["players[1]"]
    assert len(group.get()["matches"]) == 1


def test_a_match_starts_in_a_group_only_with_the_groups_token(client: FlaskClient) -> None:
    group = Group(client)
    response = client.post(
        f"{API}/groups/{group.id}/matches",
        json={"variant": "pinochle-2", "players": ["Ana", "Ben"]},
        headers={"Authorization": "Bearer nope"},
    )
    assert response.status_code == 401
    assert group.get()["matches"] == []
    assert group.get()["players"] == []


def test_an_existing_match_joins_with_both_tokens_and_one_group_only(
    client: FlaskClient,
) -> None:
    group, other = Group(client), Group(client, "Other table")
    created = client.post(
        f"{API}/matches", json={"variant": "pinochle-2", "players": ["Ana", "Ben"]}
    ).get_json()
    tail = f"/matches/{created['id']}"
    # Without the match's edit token: 401, nothing changes.
    assert group.write("PUT", tail, {"edit_token": "wrong"}).status_code == 401
    assert group.get()["matches"] == []
    added = group.write("PUT", tail, {"edit_token": created["edit_token"]})
    assert added.status_code == 200
    assert added.get_json() == {
        "match": created["id"],
        "seats": {"Ana": group.player("Ana"), "Ben": group.player("Ben")},
    }
    # Again: left as it is. Into another group: refused at "match", nothing changes there.
    assert group.write("PUT", tail, {"edit_token": created["edit_token"]}).status_code == 200
    errors = other.refused("PUT", tail, {"edit_token": created["edit_token"]}, "match")
    assert errors == {"match": ["this match is in another group already"]}
    assert other.get()["players"] == []
    assert len(group.get()["matches"]) == 1
    # An unknown match is refused by name too.
    other.refused("PUT", "/matches/nosuchmatch", {"edit_token": "x"}, "match")


# --- Records, money, ratings -----------------------------------------------------------------


def played_on(app: Flask, match_id: str, moment: datetime) -> None:
    """Say the match was started at ``moment`` (the night it counts for)."""
    with app.app_context():
        db.session.execute(
            sa.update(Match).where(Match.public_id == match_id).values(created_at=moment)
        )
        db.session.commit()


def records(group: Group, **query: str) -> dict[str, Any]:
    response = group.client.get(f"{API}/groups/{group.read_id}/records", query_string=query)
    assert response.status_code == 200, response.get_json()
    found: dict[str, Any] = response.get_json()
    return found


def standing(found: dict[str, Any]) -> dict[str, tuple[int, int]]:
    """Each player's matches played and won, by name."""
    return {
        p["names"][0]: (p["standing"]["played"], p["standing"]["won"]["count"])
        for p in found["players"]
    }


def test_records_follow_a_rename_and_a_merge(client: FlaskClient) -> None:
    group = Group(client)
    # Ana beats Bob, then beats Robert: Bob and Robert are one person, typed two ways.
    for other in ("Bob", "Robert"):
        match = group.start({"variant": "pinochle-2", "players": ["Ana", other]})
        play(
            client,
            match,
            [{"meld": {"Ana": 150, other: 40}, "tricks": {"Ana": 130, other: 120}}],
            True,
        )
    assert standing(records(group)) == {"Ana": (2, 2), "Bob": (1, 0), "Robert": (1, 0)}
    robert = group.player("Robert")
    group.write("PATCH", f"/players/{robert}", {"name": "Rob"})
    group.write("POST", f"/players/{group.player('Bob')}/merge", {"into": robert})
    found = records(group)
    assert standing(found) == {"Ana": (2, 2), "Rob": (2, 0)}
    rob = next(p for p in found["players"] if p["names"] == ["Rob"])
    assert rob["players"] == [robert]
    assert rob["families"]["pinochle"]["points_per_hand"] == {
        "value": 160.0,  # meld 40 + tricks 120, each match
        "rests_on": 2,
        "of": "hands",
    }
    ana_v_rob = next(h for h in found["head_to_head"] if h["against"] == robert)
    assert (ana_v_rob["met"], ana_v_rob["ahead"], ana_v_rob["behind"]) == (2, 2, 0)


def test_a_correction_to_an_old_hand_changes_the_records(client: FlaskClient) -> None:
    group = Group(client)
    match = group.start({"variant": "auction", "players": ["Ana", "Ben", "Cruz"]})
    play(
        client,
        match,
        [
            {"bidder": "Ana", "bid": 350, "trump": "spades", "outcome": "made"},
            {"bidder": "Ben", "bid": 300, "trump": "hearts", "outcome": "set"},
            {"bidder": "Ana", "bid": 300, "trump": "clubs", "outcome": "made"},
        ],
    )

    def ana_bids() -> dict[str, Any]:
        ana = next(p for p in records(group)["players"] if p["names"] == ["Ana"])
        bidding: dict[str, Any] = ana["families"]["pinochle"]["bidding"]
        return bidding

    before = ana_bids()
    assert (before["won"]["count"], before["made"]["count"]) == (2, 2)
    assert before["highest_made"] == {"value": 350, "rests_on": 2, "of": "hands"}
    # Hand 1 was set, not made: the table corrects it.
    auth = {"Authorization": f"Bearer {match['edit_token']}"}
    corrected = client.put(
        f"{API}/matches/{match['id']}/hands/1",
        json={"bidder": "Ana", "bid": 350, "trump": "spades", "outcome": "set"},
        headers=auth,
    )
    assert corrected.status_code == 200
    after = ana_bids()
    assert (after["won"]["count"], after["made"]["count"], after["set"]["count"]) == (2, 1, 1)
    assert after["highest_made"]["value"] == 300
    brackets = {b["low"]: (b["made"]["count"], b["set"]["count"]) for b in after["brackets"]}
    assert brackets == {300: (1, 0), 350: (0, 1)}


def test_records_of_one_form(client: FlaskClient) -> None:
    group = Group(client)
    play(client, group.start({"variant": "pinochle-2", "players": ["Ana", "Ben"]}), [HAND], True)
    play(client, group.start({"variant": "pinnacola", "players": ["Ana", "Ben"]}), [], True)
    assert records(group)["matches"] == 2
    found = records(group, variant="pinnacola")
    assert found["variant"] == "pinnacola"
    assert found["matches"] == 1
    response = client.get(f"{API}/groups/{group.read_id}/records?variant=chess")
    assert response.status_code == 422
    assert "variant" in errors_of(response)


#: Three auction nights in units (docs/rules.md §2: schedule `doubling`, spades x2, kitty, a
#: bonus of 10 for a bid of 350 or more made; unit value 0.05), worked out by hand: seats,
#: hands, and each player's units after the kitty was shared out.
NIGHTS = [
    # Ana makes 350 in spades: 2 units x2 = 4 from each, and 10 from the kitty (Ana +18,
    # Ben -4, Cruz -4, kitty -10). Ben is set at 300 in hearts: 2 to each and 2 to the kitty
    # (Ben -6). Cruz makes 320 in clubs (200 + 130): 1 from each (Ana -1, Ben -1). Ana 19,
    # Ben -11, Cruz 0, kitty -8 shared -2, -3, -3: Ana 17, Ben -14, Cruz -3.
    (
        ["Ana", "Ben", "Cruz"],
        [
            {"bidder": "Ana", "bid": 350, "trump": "spades", "outcome": "made"},
            {"bidder": "Ben", "bid": 300, "trump": "hearts", "outcome": "set"},
            {"bidder": "Cruz", "bid": 320, "trump": "clubs", "meld": 200, "tricks": 130},
        ],
        {"Ana": 17, "Ben": -14, "Cruz": -3},
    ),
    # Ben makes 400 in spades: 4 x2 = 8 from each and 10 from the kitty: Ana -8, Ben 26,
    # Cruz -8, kitty -10 shared -3, -3, -4: Ana -11, Ben 23, Cruz -12.
    (
        ["Ana", "Ben", "Cruz"],
        [{"bidder": "Ben", "bid": 400, "trump": "spades", "outcome": "made"}],
        {"Ana": -11, "Ben": 23, "Cruz": -12},
    ),
    # Dee is set at 300 in diamonds: 2 to each and 2 to the kitty, shared 1, 1, 0: Ana 3,
    # Dee -5, Cruz 2.
    (
        ["Ana", "Dee", "Cruz"],
        [{"bidder": "Dee", "bid": 300, "trump": "diamonds", "outcome": "set"}],
        {"Ana": 3, "Dee": -5, "Cruz": 2},
    ),
]
#: When each night's match was started: a week apart.
STARTS = [datetime(2026, 12, day, 19, 30, tzinfo=UTC) for day in (3, 10, 17)]


def auction_nights(
    app: Flask, client: FlaskClient, starts: Sequence[datetime] = STARTS
) -> tuple[Group, list[str]]:
    """A group that played :data:`NIGHTS`, started at ``starts``; its night labels."""
    group = Group(client)
    labels = []
    for (players, hands, _units), start in zip(NIGHTS, starts, strict=True):
        match = group.start(
            {"variant": "auction", "players": players, "rules": {"unit_value": "0.05"}}
        )
        play(client, match, hands, finish=True)
        played_on(app, match["id"], start)
        labels.append(service.night_of(start).isoformat())
    return group, labels


def test_the_ledger_and_a_settle_up_across_nights(app: Flask, client: FlaskClient) -> None:
    group, labels = auction_nights(app, client)
    response = client.get(f"{API}/groups/{group.read_id}/ledger")
    assert response.status_code == 200
    found = response.get_json()
    nights = found["nights"]
    assert [night["night"] for night in nights] == labels
    for night, (_players, _hands, units) in zip(nights, NIGHTS, strict=True):
        assert {p["name"]: p["units"] for p in night["players"]} == units
        assert night["matches"] == 1
        assert night["open"] is False
    assert {p["name"]: (p["units"], p["money"]) for p in nights[1]["running"]} == {
        "Ana": (6, "0.30"),
        "Ben": (9, "0.45"),
        "Cruz": (-15, "-0.75"),
    }
    totals = {p["name"]: (p["units"], p["money"]) for p in found["totals"]}
    assert totals == {
        "Ana": (9, "0.45"),
        "Ben": (9, "0.45"),
        "Cruz": (-13, "-0.65"),
        "Dee": (-5, "-0.25"),
    }
    # Every night: 9, 9, -13, -5 square in three transfers, the biggest debtor first.
    assert found["settled"] == labels
    assert found["settle_unit"] == "0.05"
    assert [(t["from"], t["to"], t["units"], t["amount"]) for t in found["transfers"]] == [
        ("Cruz", "Ana", 9, "0.45"),
        ("Dee", "Ben", 5, "0.25"),
        ("Cruz", "Ben", 4, "0.20"),
    ]
    # The last two nights only: Ana -8, Ben 23, Cruz -10, Dee -5.
    response = client.get(
        f"{API}/groups/{group.read_id}/ledger", query_string={"night": labels[1:]}
    )
    found = response.get_json()
    assert found["settled"] == labels[1:]
    assert [(t["from"], t["to"], t["units"], t["amount"]) for t in found["transfers"]] == [
        ("Cruz", "Ben", 10, "0.50"),
        ("Ana", "Ben", 8, "0.40"),
        ("Dee", "Ben", 5, "0.25"),
    ]
    response = client.get(f"{API}/groups/{group.read_id}/ledger?night=2020-01-01")
    assert response.status_code == 422
    assert "night" in errors_of(response)


def test_ratings_are_openskills_for_the_same_matches(client: FlaskClient) -> None:
    openskill = pytest.importorskip("openskill.models")
    group = Group(client)
    win = {"meld": {"Team 1": 300, "Team 2": 0}, "tricks": {"Team 1": 250, "Team 2": 0}}
    # Ana beats Ben; Ben beats Ana; Ana & Cruz beat Ben & Dee to 1000 in two hands.
    first = group.start({"variant": "pinochle-2", "players": ["Ana", "Ben"]})
    play(client, first, [HAND], finish=True)
    second = group.start({"variant": "pinochle-2", "players": ["Ben", "Ana"]})
    play(
        client,
        second,
        [{"meld": {"Ben": 150, "Ana": 40}, "tricks": {"Ben": 130, "Ana": 120}}],
        True,
    )
    third = group.start({"variant": "pinochle-4", "players": ["Ana", "Ben", "Cruz", "Dee"]})
    play(client, third, [win, win])
    # An unfinished match is not rated.
    group.start({"variant": "pinochle-2", "players": ["Ana", "Dee"]})
    model = openskill.PlackettLuce()
    ana, ben, cruz, dee = (model.rating() for _ in range(4))
    [[ana], [ben]] = model.rate([[ana], [ben]])
    [[ben], [ana]] = model.rate([[ben], [ana]])
    [[ana, cruz], [ben, dee]] = model.rate([[ana, cruz], [ben, dee]])
    response = client.get(f"{API}/groups/{group.read_id}/ratings")
    assert response.status_code == 200
    rated = {p["name"]: p for p in response.get_json()["families"]["pinochle"]}
    for name, expected in {"Ana": ana, "Ben": ben, "Cruz": cruz, "Dee": dee}.items():
        assert rated[name]["mu"] == pytest.approx(expected.mu, abs=1e-9), name
        assert rated[name]["sigma"] == pytest.approx(expected.sigma, abs=1e-9), name
        assert rated[name]["ordinal"] == pytest.approx(expected.ordinal(), abs=1e-9), name
    assert [h["match"] for h in rated["Ana"]["history"]] == [first["id"], second["id"], third["id"]]
    assert [p["name"] for p in response.get_json()["families"]["pinochle"]][0] == "Ana"


def test_summaries_are_rebuilt_when_a_match_moves_on_a_bounded_number_at_a_time(
    app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    group = Group(client)
    matches = [group.start({"variant": "pinochle-2", "players": ["Ana", "Ben"]}) for _ in range(3)]
    for match in matches:
        play(client, match, [HAND])
    # Each match of one hand costs 1 + SUMMARY_REBUILD_MATCH of the budget: two fit in a read.
    monkeypatch.setattr(almanac, "SUMMARY_REBUILD_HANDS", 2 + 2 * almanac.SUMMARY_REBUILD_MATCH)
    # Each match moved on since it joined the group: two are built again per read.
    assert records(group)["pending"] == 1
    assert records(group)["pending"] == 0
    assert standing(records(group)) == {"Ana": (3, 0), "Ben": (3, 0)}
    with app.app_context():
        kept = db.session.scalars(sa.select(MatchSummaryRow.match_version)).all()
    assert sorted(kept) == [2, 2, 2]
    # A new summary version: every summary is built again, two per read.
    monkeypatch.setattr(almanac, "SUMMARY_VERSION", service.SUMMARY_VERSION + 1)
    found = records(group)
    assert found["pending"] == 1
    assert found["matches"] == 2
    assert records(group)["pending"] == 0
