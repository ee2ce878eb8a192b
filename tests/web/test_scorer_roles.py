"""Who may do what with a match's scoring (issue 25, docs/sharing.md "Who may do what"): the
edit token (the phone that started the match, or took the scoring over) hands the scoring
over, withdraws links, puts the match in a group, sees the phones that score too and removes
one; a phone that scores too (a scorer key) enters hands and makes links that only share the
scoring. The pages and the API refuse it the same: 403, saying why."""

from __future__ import annotations

import re

import sqlalchemy as sa
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import service
from scorekeeper.extensions import db
from scorekeeper.models import GroupMatch, JoinCode, ScorerKey
from scorekeeper.web.contract import SWAP
from tests.helpers import API, open_scorekeeper_link, scorekeeper_link
from tests.web.test_hand_over import HAND, can_score, hands_stored, rows, two_phones

#: What a refusal of a scorer key says, on the pages and in the API.
ONLY_THE_SCOREKEEPER = "only the phone that keeps the score"


def co_scorer(app: Flask) -> tuple[FlaskClient, FlaskClient, str, str, str]:
    """The creator's phone, a phone that joined to score too, the match id, the edit token and
    the second phone's key."""
    first, second, public_id, token = two_phones(app)
    assert open_scorekeeper_link(second, scorekeeper_link(first, public_id)).status_code == 303
    with second.session_transaction() as session:
        key = session["tokens"][public_id]
    return first, second, public_id, token, key


def group_held_by(client: FlaskClient) -> tuple[str, str]:
    """A new group whose private link ``client`` opened: its id and token."""
    made = client.post(f"{API}/groups", json={"name": "Friday"}).get_json()
    with client.session_transaction() as session:
        session["group_keys"] = {made["id"]: made["token"]}
    return made["id"], made["token"]


def in_a_group(app: Flask, public_id: str) -> bool:
    with app.app_context():
        match = service.get_match(public_id)
        placed = db.session.scalar(sa.select(GroupMatch.id).where(GroupMatch.match_id == match.id))
        return placed is not None


# --- A phone that scores too ------------------------------------------------------------------


def test_a_co_scorer_page_offers_no_hand_over_and_no_withdrawal(app: Flask) -> None:
    first, second, public_id, _, _ = co_scorer(app)
    scorekeeper_link(first, public_id)  # a live link of the creator's
    mine = scorekeeper_link(second, public_id)  # sharing the scoring further is allowed
    assert mine.startswith(f"/m/{public_id}/join?code=")
    page = second.get(f"/m/{public_id}/share").get_data(as_text=True)
    assert 'id="hand-over"' not in page
    assert 'id="withdraw-link"' not in page
    assert 'id="share-scoring"' in page
    assert 'id="scores-too"' in page
    assert 'id="share-phones"' not in page  # nor the phones that score


def test_a_co_scorer_is_refused_a_hand_over_link_on_the_page(app: Flask) -> None:
    _, second, public_id, _, _ = co_scorer(app)
    refused = second.post(f"/m/{public_id}/share/link", data={"hands_over": "1"})
    assert refused.status_code == 403
    assert ONLY_THE_SCOREKEEPER in refused.get_data(as_text=True)
    assert rows(app, sa.select(JoinCode.id).where(JoinCode.hands_over)) == []
    assert can_score(second, public_id)  # refused, not thrown out


def test_a_co_scorer_cannot_withdraw_the_creators_links_on_the_page(app: Flask) -> None:
    first, second, public_id, _, _ = co_scorer(app)
    link = scorekeeper_link(first, public_id)
    refused = second.post(f"/m/{public_id}/share/withdraw")
    assert refused.status_code == 403
    assert ONLY_THE_SCOREKEEPER in refused.get_data(as_text=True)
    assert open_scorekeeper_link(app.test_client(), link).status_code == 303  # still works


def test_a_co_scorer_cannot_put_the_match_in_its_group_on_the_pages(app: Flask) -> None:
    _, second, public_id, _, _ = co_scorer(app)
    group_id, _ = group_held_by(second)
    page = second.get(f"/m/{public_id}").get_data(as_text=True)
    assert 'id="put-in-group"' not in page
    group_page = second.get(f"/g/{group_id}").get_data(as_text=True)
    assert f'value="{public_id}"' not in group_page  # not offered on the group's page either
    refused = second.post(f"/m/{public_id}/group", data={"group": group_id})
    assert refused.status_code == 303
    said = second.get(refused.headers["Location"]).get_data(as_text=True)
    assert ONLY_THE_SCOREKEEPER in said
    from_group = second.post(f"/g/{group_id}/matches", data={"add-match-match": public_id})
    assert from_group.status_code == 422
    assert not in_a_group(app, public_id)


def test_the_api_refuses_a_co_scorer_key_what_only_the_edit_token_does(app: Flask) -> None:
    first, second, public_id, token, key = co_scorer(app)
    auth = {"Authorization": f"Bearer {key}"}
    refusals = [
        second.post(f"{API}/matches/{public_id}/links", json={"hands_over": True}, headers=auth),
        second.delete(f"{API}/matches/{public_id}/links", headers=auth),
        second.get(f"{API}/matches/{public_id}/scorers", headers=auth),
        second.delete(f"{API}/matches/{public_id}/scorers/1", headers=auth),
    ]
    group_id, group_token = group_held_by(second)
    refusals.append(
        second.put(
            f"{API}/groups/{group_id}/matches/{public_id}",
            json={"edit_token": key},
            headers={"Authorization": f"Bearer {group_token}"},
        )
    )
    for refused in refusals:
        assert refused.status_code == 403, refused.request.path
        assert ONLY_THE_SCOREKEEPER in refused.get_json()["errors"]["_"][0]
    assert not in_a_group(app, public_id)
    assert len(rows(app, sa.select(ScorerKey.id))) == 1
    # What it may do: enter hands, share the scoring further.
    shared = second.post(f"{API}/matches/{public_id}/links", json={}, headers=auth)
    assert shared.status_code == 201
    assert shared.get_json()["hands_over"] is False
    assert shared.headers["Cache-Control"] == "no-store"
    # The edit token does all of it.
    mine = {"Authorization": f"Bearer {token}"}
    over = first.post(f"{API}/matches/{public_id}/links", json={"hands_over": True}, headers=mine)
    assert over.status_code == 201
    # The creator's first link (the co-scorer joined with it), the co-scorer's, the hand-over.
    withdrawn = first.delete(f"{API}/matches/{public_id}/links", headers=mine)
    assert withdrawn.get_json() == {"withdrawn": 3}


def test_the_phone_that_took_the_scoring_over_keeps_the_score(app: Flask) -> None:
    first, second, public_id, _ = two_phones(app)
    link = scorekeeper_link(first, public_id, hands_over=True)
    assert open_scorekeeper_link(second, link).status_code == 303
    page = second.get(f"/m/{public_id}/share").get_data(as_text=True)
    assert 'id="hand-over"' in page
    assert 'id="share-phones"' in page


# --- The scorekeeper's phone sees the phones that score and removes one --------------------------


def test_the_share_page_lists_the_phones_that_score_by_when_they_joined(app: Flask) -> None:
    first, _, public_id, _ = two_phones(app)
    assert 'id="no-scorers"' in first.get(f"/m/{public_id}/share").get_data(as_text=True)
    link = scorekeeper_link(first, public_id)
    for _ in range(3):
        assert open_scorekeeper_link(app.test_client(), link).status_code == 303
    with app.app_context():
        ids = list(db.session.scalars(sa.select(ScorerKey.id).order_by(ScorerKey.created_at)))
    page = first.get(f"/m/{public_id}/share").get_data(as_text=True)
    assert [int(i) for i in re.findall(r'data-scorer="(\d+)"', page)] == ids
    assert page.count("Joined at ") == 3


def test_the_creator_removes_one_phone_whose_next_write_is_refused(app: Flask) -> None:
    first, second, public_id, token, key = co_scorer(app)
    third = app.test_client()
    assert open_scorekeeper_link(third, scorekeeper_link(first, public_id)).status_code == 303
    with app.app_context():
        removed_id = db.session.scalar(
            sa.select(ScorerKey.id).where(ScorerKey.key_hash == service.hash_token(key))
        )
    assert second.post(f"/m/{public_id}/hands", data=HAND).status_code == 303
    removed = first.post(f"/m/{public_id}/share/phones/{removed_id}/remove")
    assert removed.status_code == 303
    page = first.get(removed.headers["Location"]).get_data(as_text=True)
    assert "That phone no longer scores this match" in page
    assert f'data-scorer="{removed_id}"' not in page
    # Its next write is refused (the page and the API), the other phone still scores.
    refused = second.post(f"/m/{public_id}/hands", data=HAND)
    assert refused.status_code == 303
    assert "Not stored" in second.get(refused.headers["Location"]).get_data(as_text=True)
    api = second.post(
        f"{API}/matches/{public_id}/hands", json={}, headers={"Authorization": f"Bearer {key}"}
    )
    assert api.status_code == 401
    assert third.post(f"/m/{public_id}/hands", data=HAND).status_code == 303
    assert hands_stored(app, public_id) == 2
    assert not can_score(second, public_id)


def test_a_co_scorer_cannot_remove_another_phone(app: Flask) -> None:
    first, second, public_id, _, _ = co_scorer(app)
    third = app.test_client()
    assert open_scorekeeper_link(third, scorekeeper_link(first, public_id)).status_code == 303
    with app.app_context():
        ids = list(db.session.scalars(sa.select(ScorerKey.id)))
    refused = second.post(f"/m/{public_id}/share/phones/{max(ids)}/remove")
    assert refused.status_code == 403
    assert len(rows(app, sa.select(ScorerKey.id))) == 2


def test_the_api_lists_and_removes_the_phones_that_score(app: Flask) -> None:
    first, second, public_id, token, key = co_scorer(app)
    mine = {"Authorization": f"Bearer {token}"}
    listed = first.get(f"{API}/matches/{public_id}/scorers", headers=mine)
    assert listed.status_code == 200
    (scorer,) = listed.get_json()["scorers"]
    assert set(scorer) == {"id", "joined_at"}
    gone = first.delete(f"{API}/matches/{public_id}/scorers/{scorer['id']}", headers=mine)
    assert gone.status_code == 204
    again = first.delete(f"{API}/matches/{public_id}/scorers/{scorer['id']}", headers=mine)
    assert again.status_code == 404
    auth = {"Authorization": f"Bearer {key}"}
    assert (
        second.post(f"{API}/matches/{public_id}/finish", json={}, headers=auth).status_code == 401
    )


def test_a_match_kept_by_this_phone_still_goes_in_its_group(app: Flask) -> None:
    first, _, public_id, _ = two_phones(app)
    group_id, _ = group_held_by(first)
    assert 'id="put-in-group"' in first.get(f"/m/{public_id}").get_data(as_text=True)
    assert first.post(f"/m/{public_id}/group", data={"group": group_id}).status_code == 303
    assert in_a_group(app, public_id)


# --- A hand sent by the page's script after this phone lost the scoring ------------------------


def test_a_hand_the_script_sends_after_a_hand_over_is_a_403_not_a_page(app: Flask) -> None:
    """The page's script (static/queue.js) keeps a hand refused with 401/403 on the phone; a
    redirect to the match page (a 200) would read as stored and the hand would be lost."""
    first, second, public_id, _ = two_phones(app)
    link = scorekeeper_link(first, public_id, hands_over=True)
    assert open_scorekeeper_link(second, link).status_code == 303
    script = {SWAP: "1"}
    refused = first.post(f"/m/{public_id}/hands", data=HAND, headers=script)
    assert refused.status_code == 403
    assert "Not stored: another phone keeps the score" in refused.get_data(as_text=True)
    assert hands_stored(app, public_id) == 0
    # The token was forgotten: the next one is refused the same.
    again = first.post(f"/m/{public_id}/hands", data=HAND, headers=script)
    assert again.status_code == 403
    page = first.get(f"/m/{public_id}").get_data(as_text=True)
    assert 'id="hand-form"' not in page
    assert 'id="kept"' in page  # where the script lists the hands it kept
    # Without the script (a plain form post) it is the page, as always.
    plain = second.post(f"/m/{public_id}/hands", data=HAND)
    assert plain.status_code == 303
