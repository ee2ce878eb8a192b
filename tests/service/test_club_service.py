"""The club night's service (docs/club.md §2, §7, §8, §9.7): creating a night and its refusals,
a round's start in one transaction, the keys of §8 at the service level, the ETag. The §7.2
"over" rule is in ``test_club_service_limits.py``."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import sqlalchemy as sa
from flask import Flask

from scorekeeper import service
from scorekeeper.extensions import db
from scorekeeper.models import (
    ClubCode,
    ClubKey,
    ClubNight,
    ClubPlayer,
    ClubRound,
    ClubSeat,
    GroupMatch,
    GroupPlayer,
    Match,
    ScorerKey,
)
from scorekeeper.rules import RuleError


def names(count: int) -> list[str]:
    """docs/club.md §19's players: P1, P2, ..."""
    return [f"P{n}" for n in range(1, count + 1)]


def body(count: int = 8, **given: Any) -> dict[str, Any]:
    """A creation body with §19's defaults (``pinochle-4``, ``draw: "entry"``)."""
    rotation = {"draw": "entry"} | dict(given.pop("rotation", {}))
    return {
        "name": "Club",
        "variant": "pinochle-4",
        "players": names(count),
        "rotation": rotation,
    } | given


def hand(first: int, second: int) -> dict[str, Any]:
    """A pinochle-4 hand: Team 1 takes ``first`` trick points, Team 2 ``second``, no meld."""
    return {"meld": {"Team 1": 0, "Team 2": 0}, "tricks": {"Team 1": first, "Team 2": second}}


def count(model: Any) -> int:
    return int(db.session.scalar(sa.select(sa.func.count()).select_from(model)) or 0)


@pytest.fixture
def ctx(app: Flask) -> Iterator[Flask]:
    with app.app_context():
        yield app


def matches_of(night: Any, number: int) -> dict[int, str]:
    """Round ``number``'s matches by table."""
    view = service.night_view(service.night_by_id(night.public_id))
    found = view.rounds[number - 1]
    return {t["table"]: t["match"] for t in found["tables"]}


def test_create_stores_the_night_its_players_rounds_and_codes(ctx: Flask) -> None:
    """docs/club.md §2.2, §14: status ``setup``, version 1, players 1..n, every round planned
    with its seats, one code per table number, none stored (derived, docs/club.md §8)."""
    made = service.create_club_night(body(8, rotation={"rounds": 7}))
    night = made.night
    assert (night.status, night.version) == ("setup", 1)
    assert night.token_hash == service.hash_token(made.token)
    assert sorted(made.table_codes) == [1, 2]
    assert made.player_codes == {}
    assert count(ClubPlayer) == 8
    assert count(ClubRound) == 7
    assert count(ClubSeat) == 8 * 7
    hashes = set(db.session.scalars(sa.select(ClubCode.code_hash)))
    assert hashes == {None}
    assert service.printable_codes(night, "table") == made.table_codes
    shown = service.night_view(night).as_json()
    assert [r["status"] for r in shown["rounds"]] == ["planned"] * 7
    assert shown["rounds"][0]["tables"][0]["match"] is None
    assert shown["standings_rules"]["formula"] == "points"
    assert (shown["awards"], shown["purse"], shown["scoring"]) == ([], None, "tables")
    players = service.create_club_night(body(8, scoring="players")).player_codes
    assert sorted(players) == list(range(1, 9))


@pytest.mark.parametrize(
    ("given", "path"),
    [
        (body(3), "players"),  # §19 case 35
        (body(8, players=["Ana", "ANA", *names(6)]), "players[1]"),  # case 35
        (body(65), "players"),
        (body(8, players=[*names(7), ""]), "players[7]"),
        (
            body(8, variant="auction", rules={"scoring": "units"}, rotation={"table_size": 4}),
            "round",
        ),  # case 35
        (body(8, round={"hands": 61}), "round.hands"),
        (body(8, round={"minutes": 4}), "round.minutes"),
        (body(8, round={"tie": "coin"}), "round.tie"),
        (body(8, awards=["pinnacolas"]), "awards[0]"),  # not a pinochle award (§10.1)
        (body(8, purse={"entry": "5", "house": "6"}), "purse.house"),  # §10.2
        (body(8, scoring="phones"), "scoring"),
        (body(8, colour="red"), "colour"),
        (body(8, variant="pinochle-3", standings={"formula": "vp"}), "standings.formula"),
        (body(8, rotation={"scheme": "fixed-pairs"}), "pairs"),  # §2.3: fixed pairs need them
        (body(8, variant="pinochle-3", rotation={"scheme": "progressive"}), "rotation.scheme"),
        (body(8, name=""), "name"),
        (body(8, variant="bridge"), "variant"),
    ],
)
def test_refusals_name_the_field_and_store_nothing(
    ctx: Flask, given: dict[str, Any], path: str
) -> None:
    """docs/club.md §2.3, §19 case 35."""
    with pytest.raises(RuleError) as refused:
        service.create_club_night(given)
    assert refused.value.path == path
    assert count(ClubNight) == 0
    assert count(ClubPlayer) == 0


def test_round_start_builds_every_table_in_one_transaction(
    ctx: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    """docs/club.md §7.1: "any failure creates nothing": the second table's match fails, and
    neither match, nor a key, nor the round's status, nor the night's version changed."""
    made = service.create_club_night(body(8))
    from scorekeeper.service.club import rounds as club_rounds

    real = service.build_match
    calls: list[int] = []

    def failing(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        if len(calls) == 2:
            raise RuntimeError("the database went away")
        return real(*args, **kwargs)

    monkeypatch.setattr(club_rounds, "build_match", failing)
    with pytest.raises(RuntimeError):
        service.start_round(made.night.public_id, made.token, 1)
    assert len(calls) == 2
    assert count(Match) == 0
    assert count(ScorerKey) == 0
    night = service.night_by_id(made.night.public_id)
    assert (night.status, night.version) == ("setup", 1)
    monkeypatch.setattr(club_rounds, "build_match", real)
    started = service.start_round(made.night.public_id, made.token, 1, version=1)
    assert started.night.version == 2
    assert count(Match) == 2


def test_start_round_refusals(ctx: Flask) -> None:
    """docs/club.md §7.1, §19 case 35: one round at a time, in order; the host token; the
    night's version."""
    made = service.create_club_night(body(8))
    pid, token = made.night.public_id, made.token
    with pytest.raises(service.Unauthorized):
        service.start_round(pid, "wrong", 1)
    with pytest.raises(service.Conflict):
        service.start_round(pid, token, 2)  # not the next round
    with pytest.raises(service.Conflict):
        service.start_round(pid, token, 1, version=7)
    service.start_round(pid, token, 1)
    with pytest.raises(service.Conflict):
        service.start_round(pid, token, 2)  # round 1 plays
    with pytest.raises(service.Conflict):
        service.finish_night(pid, token)
    with pytest.raises(service.NotFound):
        service.start_round(pid, token, 99)


def test_matches_of_a_round(ctx: Flask) -> None:
    """docs/club.md §3, §7.1: each table's players in seat order, teams "Team 1" (seats 1+3)
    and "Team 2" (2+4), seat 1 deals, the round's hand limit on the match row."""
    made = service.create_club_night(body(8, round={"hands": 8}))
    service.start_round(made.night.public_id, made.token, 1)
    view = service.night_view(service.night_by_id(made.night.public_id)).as_json()
    for table in view["rounds"][0]["tables"]:
        match = service.get_match(table["match"])
        seats = [f"P{s['player']}" for s in table["seats"]]
        assert match.players == seats
        assert match.teams == [
            {"name": "Team 1", "players": [seats[0], seats[2]]},
            {"name": "Team 2", "players": [seats[1], seats[3]]},
        ]
        assert match.first_dealer == seats[0]
        assert (match.hand_limit, match.extra_on_tie, match.time_hands) == (8, True, None)
        assert service.club_of_match(match) is not None


def test_who_may_write(ctx: Flask) -> None:
    """docs/club.md §8, §19 case 31 at the service level."""
    made = service.create_club_night(body(8))
    pid, token, rid = made.night.public_id, made.token, made.night.read_id
    key, match = service.exchange_code(rid, "table", 2, made.table_codes[2])
    assert match is None  # between rounds: the key waits for the round's start
    with pytest.raises(service.Unauthorized):
        service.exchange_code(rid, "table", 2, made.table_codes[1])
    service.start_round(pid, token, 1)
    round1 = matches_of(made.night, 1)
    service.add_hand(round1[2], key, hand(130, 120))
    with pytest.raises(service.Unauthorized):
        service.add_hand(round1[1], key, hand(130, 120))
    service.add_hand(round1[1], token, hand(130, 120))  # the host, on any match
    night = service.night_by_id(pid)
    assert service.night_key_role(night, key) == ("table", 2)
    assert service.night_key_role(night, token) == ("host", 0)
    assert service.night_key_role(night, "nope") is None
    # A phone that joins mid-round scores at once.
    late, at = service.exchange_code(rid, "table", 1, made.table_codes[1])
    assert at == round1[1]
    service.add_hand(round1[1], late, hand(120, 130))
    # A hand-over link is refused on a club match (§1).
    with pytest.raises(service.Conflict):
        service.make_join_code(round1[2], token, hands_over=True)
    service.make_join_code(round1[2], token, hands_over=False)
    service.close_round(pid, token, 1)
    with pytest.raises(service.Unauthorized):
        service.add_hand(round1[2], key, hand(130, 120))
    with pytest.raises(service.Unauthorized):
        service.replace_hand(round1[2], key, 1, hand(120, 130))
    with pytest.raises(service.Conflict):
        service.add_hand(round1[2], token, hand(130, 120))  # closed: over (§7.2)
    service.replace_hand(round1[2], token, 1, hand(120, 130))  # the host corrects
    left = db.session.scalars(
        sa.select(ScorerKey.key_hash).where(
            ScorerKey.match_id.in_(
                sa.select(Match.id).where(Match.public_id.in_(list(round1.values())))
            )
        )
    ).all()
    assert set(left) == {service.hash_token(token)}
    service.start_round(pid, token, 2)
    round2 = matches_of(made.night, 2)
    service.add_hand(round2[2], key, hand(130, 120))  # the same key, the new round's match
    # A new code: the old code, the old key stop working; the new code's key works.
    fresh = service.new_code(pid, token, "table", 2)
    with pytest.raises(service.Unauthorized):
        service.exchange_code(rid, "table", 2, made.table_codes[2])
    with pytest.raises(service.Unauthorized):
        service.add_hand(round2[2], key, hand(130, 120))
    newer, at2 = service.exchange_code(rid, "table", 2, fresh)
    assert at2 == round2[2]
    service.add_hand(round2[2], newer, hand(130, 120))
    assert count(ClubKey) == 2  # table 1's late phone and table 2's new one
    with pytest.raises(RuleError) as refused:
        service.new_code(pid, token, "table", 9)
    assert refused.value.path == "number"


def test_a_night_in_a_group(ctx: Flask) -> None:
    """docs/club.md §19 case 36: roster Ana, Ben, Cruz, Dee, Eve; a night of 8 with three new
    names: the roster grows by exactly those three; both matches of each round are in the
    group; two names that are one roster player are refused at ``players[i]``."""
    group, gtoken = service.create_group("Tuesdays")
    for name in ("Ana", "Ben", "Cruz", "Dee", "Eve"):
        service.add_player(group.public_id, gtoken, name)
    players = ["Ana", "Ben", "Cruz", "Dee", "Eve", "Fay", "Gus", "Hal"]
    with pytest.raises(service.Unauthorized):
        service.create_club_night(body(8, players=players), group=(group.public_id, "wrong"))
    made = service.create_club_night(body(8, players=players), group=(group.public_id, gtoken))
    assert count(GroupPlayer) == 8
    shown = service.night_view(made.night).as_json()
    assert shown["group"] == {"read_id": group.read_id}
    assert all(p["roster_player"] is not None for p in shown["players"])
    service.start_round(made.night.public_id, made.token, 1)
    assert count(GroupMatch) == 2
    assert count(GroupPlayer) == 8
    # "Ben" merged into "Ana": the two names are one roster player.
    roster = {p.name: p.id for p in db.session.scalars(sa.select(GroupPlayer))}
    service.merge_player(group.public_id, gtoken, roster["Ben"], roster["Ana"])
    with pytest.raises(RuleError) as refused:
        service.create_club_night(body(8, players=players), group=(group.public_id, gtoken))
    assert refused.value.path == "players[1]"


def test_standings_etag(ctx: Flask) -> None:
    """docs/club.md §9.7, §19 case 33: the ETag moves with a hand of any match and with a
    night write, and only then."""
    made = service.create_club_night(body(8))
    pid, token = made.night.public_id, made.token
    night = service.night_by_id(pid)
    first = service.night_etag(night)
    assert first == 'W/"1.0.0"'
    assert service.night_etag(service.night_by_id(pid)) == first
    service.start_round(pid, token, 1)
    started = service.night_etag(service.night_by_id(pid))
    assert started == 'W/"2.2.2"'
    match = matches_of(made.night, 1)[1]
    service.add_hand(match, token, hand(130, 120))
    db.session.expire_all()
    after_hand = service.night_etag(service.night_by_id(pid))
    assert after_hand == 'W/"2.3.2"'
    service.add_adjustment(pid, token, {"player": 3, "round": 1, "value": "-20", "note": "talk"})
    db.session.expire_all()
    assert service.night_etag(service.night_by_id(pid)) == 'W/"3.3.2"'


def test_standings_follow_the_hands(ctx: Flask) -> None:
    """docs/club.md §9.1: a played round gives each player his side's total; a correction
    moves the standings on the next read."""
    made = service.create_club_night(body(8, round={"hands": 1, "tie": "draw"}))
    pid, token = made.night.public_id, made.token
    service.start_round(pid, token, 1)
    tables = matches_of(made.night, 1)
    service.add_hand(tables[1], token, hand(130, 120))
    service.add_hand(tables[2], token, hand(120, 130))
    service.close_round(pid, token, 1)
    night = service.night_by_id(pid)
    shown = service.night_standings(night).as_json()
    assert shown["after_round"] == 1
    assert shown["pending"] == 0
    values = sorted(row["value"] for row in shown["rows"])
    assert values == ["120", "120", "120", "120", "130", "130", "130", "130"]
    service.replace_hand(tables[1], token, 1, hand(250, 0))
    db.session.expire_all()
    again = service.night_standings(service.night_by_id(pid)).as_json()
    assert "250" in {row["value"] for row in again["rows"]}
