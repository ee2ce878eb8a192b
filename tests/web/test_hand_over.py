"""Scorekeeper links (issue 13, docs/sharing.md): another phone joins the scoring with a code
that expires, does nothing else, can be withdrawn and works once when it hands the scoring
over; the edit token is never in a URL."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
import sqlalchemy as sa
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import service
from scorekeeper.extensions import db
from scorekeeper.models import JoinCode, ScorerKey, utcnow
from tests.helpers import API, hidden, keep_token, open_scorekeeper_link, scorekeeper_link

#: A hand of two-handed pinochle as the page's form sends it (Ana's meld, her trick points; Ben
#: takes the rest of the 250, docs/rules.md).
HAND = {"meld_0": "40", "tricks_0": "130", "meld_1": "20"}


def two_phones(app: Flask) -> tuple[FlaskClient, FlaskClient, str, str]:
    """The phone that started a two-handed match, a second phone, the match's id and token."""
    first, second = app.test_client(), app.test_client()
    created = first.post(
        f"{API}/matches", json={"variant": "pinochle-2", "players": ["Ana", "Ben"]}
    ).get_json()
    keep_token(first, created["id"], created["edit_token"])
    return first, second, created["id"], created["edit_token"]


def hands_stored(app: Flask, public_id: str) -> int:
    with app.app_context():
        return len(service.get_match(public_id).hands)


def rows(app: Flask, statement: sa.Select[Any]) -> list[Any]:
    """What ``statement`` finds in the database now."""
    with app.app_context():
        return list(db.session.scalars(statement).all())


def can_score(client: FlaskClient, public_id: str) -> bool:
    return 'id="hand-form"' in client.get(f"/m/{public_id}").get_data(as_text=True)


def test_a_sharing_link_lets_a_second_phone_score_beside_the_first(app: Flask) -> None:
    first, second, public_id, token = two_phones(app)
    link = scorekeeper_link(first, public_id)
    assert token not in link
    assert link.startswith(f"/m/{public_id}/join?code=")
    # Opening the link shows a button; only the tap joins (a link preview joins nothing).
    page = second.get(link)
    assert page.headers["Cache-Control"] == "no-store"
    assert not can_score(second, public_id)
    joined = open_scorekeeper_link(second, link)
    assert joined.status_code == 303
    assert joined.headers["Location"] == f"/m/{public_id}"
    assert joined.headers["Cache-Control"] == "no-store"
    with second.session_transaction() as session:
        key = session["tokens"][public_id]
    assert key != token  # a key of its own, not the edit token
    assert can_score(second, public_id)
    assert can_score(first, public_id)
    assert second.post(f"/m/{public_id}/hands", data=HAND).status_code == 303
    assert first.post(f"/m/{public_id}/hands", data=HAND).status_code == 303
    assert hands_stored(app, public_id) == 2
    # The key writes over the API too, as the edit token does.
    auth = {"Authorization": f"Bearer {key}"}
    finished = second.post(f"{API}/matches/{public_id}/finish", json={}, headers=auth)
    assert finished.status_code == 200


def test_a_hand_over_link_makes_the_new_phone_the_only_scorekeeper(app: Flask) -> None:
    first, second, public_id, token = two_phones(app)
    link = scorekeeper_link(first, public_id, hands_over=True)
    assert open_scorekeeper_link(second, link).status_code == 303
    assert can_score(second, public_id)
    # The old phone is told, once, that it now follows the match; its form is gone.
    page = first.get(f"/m/{public_id}").get_data(as_text=True)
    assert "Another phone keeps the score of this match now" in page
    assert 'id="hand-form"' not in page
    with first.session_transaction() as session:
        assert public_id not in (session.get("tokens") or {})
    # A form it still had open stores nothing: it is told why.
    keep_token(first, public_id, token)
    refused = first.post(f"/m/{public_id}/hands", data=HAND)
    assert refused.status_code == 303
    assert "another phone keeps the score" in first.get(f"/m/{public_id}").get_data(as_text=True)
    assert hands_stored(app, public_id) == 0
    # The old edit token is dead for the API too; the link worked once.
    auth = {"Authorization": f"Bearer {token}"}
    assert first.post(f"{API}/matches/{public_id}/finish", json={}, headers=auth).status_code == 401
    third = app.test_client()
    assert open_scorekeeper_link(third, link).status_code == 403
    assert second.post(f"/m/{public_id}/hands", data=HAND).status_code == 303
    assert hands_stored(app, public_id) == 1


def test_the_old_phone_is_told_the_scoring_was_handed_over(app: Flask) -> None:
    # Issue 26, item 6: after a hand-over the old phone said "only the phone that started this
    # match can enter hands", although it is that phone.
    first, second, public_id, _token = two_phones(app)
    link = scorekeeper_link(first, public_id, hands_over=True)
    assert open_scorekeeper_link(second, link).status_code == 303
    for _view in range(2):  # the note stays; the flash was said once
        page = first.get(f"/m/{public_id}").get_data(as_text=True)
        assert "The scoring was handed over to another phone" in page
        assert "only the phone that" not in page
    watcher = app.test_client().get(f"/m/{public_id}").get_data(as_text=True)
    assert "only the phone that keeps the score can enter hands" in watcher
    assert "handed over" not in watcher


def test_a_hand_over_ends_the_sharing_keys_and_links_too(app: Flask) -> None:
    first, second, public_id, _ = two_phones(app)
    third = app.test_client()
    sharing = scorekeeper_link(first, public_id)
    assert open_scorekeeper_link(second, sharing).status_code == 303
    hand_over = scorekeeper_link(first, public_id, hands_over=True)
    assert open_scorekeeper_link(third, hand_over).status_code == 303
    assert can_score(third, public_id)
    assert not can_score(second, public_id)
    assert not can_score(first, public_id)
    assert open_scorekeeper_link(app.test_client(), sharing).status_code == 403


def test_a_withdrawn_link_no_longer_joins(app: Flask) -> None:
    first, second, public_id, _ = two_phones(app)
    link = scorekeeper_link(first, public_id)
    withdrawn = first.post(f"/m/{public_id}/share/withdraw")
    assert withdrawn.status_code == 303
    share = first.get(f"/m/{public_id}/share").get_data(as_text=True)
    assert "The scorekeeper link was withdrawn" in share
    assert 'id="join-link"' not in share
    refused = open_scorekeeper_link(second, link)
    assert refused.status_code == 403
    assert not can_score(second, public_id)


def test_an_expired_link_no_longer_joins(app: Flask) -> None:
    first, second, public_id, _ = two_phones(app)
    link = scorekeeper_link(first, public_id)
    with app.app_context():
        db.session.execute(
            sa.update(JoinCode).values(
                expires_at=utcnow() - timedelta(seconds=1),
                created_at=utcnow() - timedelta(minutes=service.JOIN_CODE_MINUTES),
            )
        )
        db.session.commit()
    assert open_scorekeeper_link(second, link).status_code == 403
    assert not can_score(second, public_id)


def test_a_link_expires_after_its_minutes(app: Flask) -> None:
    first, _, public_id, _ = two_phones(app)
    before = utcnow()
    scorekeeper_link(first, public_id)
    [expires] = rows(app, sa.select(JoinCode.expires_at))
    if expires.tzinfo is None:  # SQLite gives back naive UTC
        expires = expires.replace(tzinfo=before.tzinfo)
    assert timedelta(minutes=service.JOIN_CODE_MINUTES) <= expires - before
    assert expires - before < timedelta(minutes=service.JOIN_CODE_MINUTES, seconds=30)


def test_the_database_keeps_only_hashes(app: Flask) -> None:
    first, second, public_id, _ = two_phones(app)
    link = scorekeeper_link(first, public_id)
    code = link.split("code=")[1]
    open_scorekeeper_link(second, link)
    with second.session_transaction() as session:
        key = session["tokens"][public_id]
    stored = rows(app, sa.select(JoinCode.code_hash))
    keys = rows(app, sa.select(ScorerKey.key_hash))
    assert stored == [service.hash_token(code)]
    assert keys == [service.hash_token(key)]


def test_a_watching_phone_cannot_make_or_withdraw_a_link(app: Flask) -> None:
    _, second, public_id, _ = two_phones(app)
    assert second.post(f"/m/{public_id}/share/link", data={"hands_over": "1"}).status_code == 403
    assert second.post(f"/m/{public_id}/share/withdraw").status_code == 403
    assert rows(app, sa.select(JoinCode.id)) == []
    share = second.get(f"/m/{public_id}/share").get_data(as_text=True)
    assert 'id="hand-over"' not in share


def test_an_edit_token_in_a_join_link_joins_nothing(app: Flask) -> None:
    _, second, public_id, token = two_phones(app)
    page = second.get(f"/m/{public_id}/join", query_string={"token": token})
    assert hidden(page.get_data(as_text=True), "code") == ""  # a token is no code
    refused = second.post(f"/m/{public_id}/join", data={"code": token})
    assert refused.status_code == 403
    assert not can_score(second, public_id)


@pytest.mark.parametrize(
    "code", ["", "x" * 5000, "%00", "%ED%A0%80", "%C2%B2", "%FF", "a%00b&code=c"]
)
def test_odd_codes_are_refused_not_crashed(app: Flask, code: str) -> None:
    """Empty, very long, NUL, a lone surrogate in UTF-8, a superscript digit, bytes that are no
    UTF-8, a repeated field: refused as a link that does not work, never a 500."""
    _, second, public_id, _ = two_phones(app)
    refused = second.post(
        f"/m/{public_id}/join",
        data=f"code={code}",
        content_type="application/x-www-form-urlencoded",
    )
    assert refused.status_code == 403


def test_a_match_keeps_at_most_a_few_live_codes(app: Flask) -> None:
    first, _, public_id, _ = two_phones(app)
    links = [scorekeeper_link(first, public_id) for _ in range(service.MAX_JOIN_CODES + 2)]
    assert len(rows(app, sa.select(JoinCode.id))) == service.MAX_JOIN_CODES
    # The oldest went first: the newest still joins, the first no longer does.
    assert open_scorekeeper_link(app.test_client(), links[0]).status_code == 403
    assert open_scorekeeper_link(app.test_client(), links[-1]).status_code == 303
