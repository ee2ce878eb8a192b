"""The pages of a group (issue 18; docs/groups.md): start one, its private and read-only links,
the roster (rename, merge, refusals next to the field), matches of the group (new, existing,
imported, the next game at the same table), the home page; then the records, the money across
nights and the ratings, computed from the stored hands."""

from __future__ import annotations

import html
import json
import re
from datetime import date, datetime

from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import service
from scorekeeper.web.charts import ratings_chart_svg
from tests.helpers import API, page_errors

#: A hand of two-handed pinochle as its page's form sends it: Ana melds 40 and takes 130 of the
#: 250 trick points, Ben melds 20 and takes the other 120 (docs/rules.md §2).
HAND = {"meld_0": "40", "tricks_0": "130", "meld_1": "20"}


def start_group(client: FlaskClient, name: str = "Thursday") -> tuple[str, str, str]:
    """Start a group through its page; its id, the path of its private link and of its
    read-only link, as the share page shows them."""
    started = client.post("/groups/new", data={"name": name})
    assert started.status_code == 303, started.get_data(as_text=True)
    assert started.headers["Cache-Control"] == "no-store"
    share = client.get(started.headers["Location"])
    assert share.headers["Cache-Control"] == "no-store"
    html = share.get_data(as_text=True)
    private = link(html, "private-link")
    read = link(html, "read-link")
    return private.split("/")[2], private, read


def link(html: str, element_id: str) -> str:
    """The path (and query) of the link ``element_id`` of a page."""
    found = re.search(rf'id="{element_id}"[^>]*>https?://[^/]+([^<]+)<', html)
    assert found, element_id
    return found.group(1).replace("&amp;", "&")


def new_group_match(client: FlaskClient, group: str, variant: str, players: list[str]) -> str:
    """Start a match of the group from its page (house rules as pre-filled); the match's id."""
    data = {f"player_{i}": name for i, name in enumerate(players)} | {"dealer": "0"}
    page = client.get(f"/g/{group}/new/{variant}").get_data(as_text=True)
    for name, value in re.findall(r'<input[^>]*name="(opt_\w+)"[^>]*value="([^"]*)"', page):
        data.setdefault(name, value)
    response = client.post(f"/g/{group}/new/{variant}", data=data)
    assert response.status_code == 303, page_errors(response.get_data(as_text=True))
    location = response.headers["Location"]
    assert location.startswith("/m/")
    return location.rsplit("/", 1)[-1]


def roster(client: FlaskClient, group: str) -> dict[str, str]:
    """Each roster name of the group page and its player id."""
    html = client.get(f"/g/{group}").get_data(as_text=True)
    return dict(
        (name, pid) for pid, name in re.findall(r'data-player="(\d+)"><strong>([^<]+)<', html)
    )


def errors(html: str) -> list[str]:
    return [re.sub("&#3[49];", "'", e) for e in page_errors(html)]


# --- Starting a group, its two links ---------------------------------------------------------


def test_a_group_has_a_private_link_and_a_read_only_link(app: Flask) -> None:
    mine, theirs, watcher = app.test_client(), app.test_client(), app.test_client()
    group, private, read = start_group(mine)
    share = mine.get(f"/g/{group}/share").get_data(as_text=True)
    assert share.count('class="qr"') == 2
    assert "<script" not in share.split("<main>")[1]
    assert private.startswith(f"/g/{group}/open?key=")
    assert read.startswith("/r/")
    assert group not in read
    # Without the key the group's own page says how to get in, and changes nothing.
    locked = theirs.get(f"/g/{group}")
    assert locked.status_code == 403
    assert "private link" in locked.get_data(as_text=True)
    assert theirs.post(f"/g/{group}/players", data={"add-name": "Eve"}).status_code == 403
    wrong = theirs.get(private[:-3] + "xyz")
    assert wrong.status_code == 403
    assert wrong.headers["Cache-Control"] == "no-store"
    # The private link: the key goes into the phone's session, the address leaves it behind.
    opened = theirs.get(private)
    assert opened.status_code == 303
    assert opened.headers["Location"] == f"/g/{group}"
    assert opened.headers["Cache-Control"] == "no-store"
    page = theirs.get(f"/g/{group}").get_data(as_text=True)
    assert 'id="new-match"' in page
    assert 'id="add-player"' in page
    # The read-only link shows the group with nothing to change.
    watched = watcher.get(read)
    assert watched.status_code == 200
    html = watched.get_data(as_text=True)
    assert "Thursday" in html
    assert 'id="new-match"' not in html
    assert "<form" not in html
    assert group not in html
    assert watcher.get(f"/g/{group}/new").status_code == 403
    # Both phones list the group at home; the watcher's says "read only".
    assert "Thursday" in theirs.get("/").get_data(as_text=True)
    home = watcher.get("/").get_data(as_text=True)
    assert f'href="{read}"' in home
    assert "read only" in home


def test_a_group_name_breaking_the_name_rules_is_refused_at_its_field(
    client: FlaskClient,
) -> None:
    response = client.post("/groups/new", data={"name": "x" * 41})
    assert response.status_code == 422
    assert errors(response.get_data(as_text=True)) == ["a name has 1 to 40 characters"]
    response = client.post("/groups/new", data={"name": "kitty"})
    assert errors(response.get_data(as_text=True)) == ["'kitty' is reserved; choose another name"]


def test_a_group_form_needs_its_csrf_token(app: Flask) -> None:
    app.config["WTF_CSRF_ENABLED"] = True
    client = app.test_client()
    assert client.post("/groups/new", data={"name": "Thursday"}).status_code == 400
    assert client.get("/").status_code == 200


# --- The roster ------------------------------------------------------------------------------


def test_new_match_picks_the_roster_and_a_typed_name_joins_it(client: FlaskClient) -> None:
    group, _, _ = start_group(client)
    assert client.post(f"/g/{group}/players", data={"add-name": "Ana"}).status_code == 303
    page = client.get(f"/g/{group}/new/pinochle-3").get_data(as_text=True)
    assert 'list="roster"' in page
    assert '<option value="Ana">' in page
    match = new_group_match(client, group, "pinochle-3", ["ana", "Ben", "Cruz"])
    assert set(roster(client, group)) == {"Ana", "Ben", "Cruz"}
    # The phone scores the match, which says it belongs to the group.
    html = client.get(f"/m/{match}").get_data(as_text=True)
    assert 'id="hand-form"' in html
    assert 'id="in-group"' in html


def test_rename_and_merge_on_the_page_and_their_refusals(client: FlaskClient) -> None:
    group, _, _ = start_group(client)
    new_group_match(client, group, "pinochle-2", ["Bob", "Cruz"])
    new_group_match(client, group, "pinochle-2", ["Robbie", "Cruz"])
    ids = roster(client, group)
    renamed = client.post(
        f"/g/{group}/players/rename", data={"rename-player": ids["Robbie"], "rename-name": "Robert"}
    )
    assert renamed.status_code == 303
    page = client.get(f"/g/{group}").get_data(as_text=True)
    assert "Robbie became Robert" in page
    # Refusals: the page again, the message next to the field, nothing changed.
    cases = [
        ("merge", {"merge-player": ids["Bob"], "merge-into": ids["Bob"]}),
        ("rename", {"rename-player": ids["Bob"], "rename-name": "robert"}),
        ("rename", {"rename-player": ids["Bob"], "rename-name": "x" * 41}),
        ("merge", {"merge-player": ids["Bob"], "merge-into": ids["Cruz"]}),
        ("rename", {"rename-player": "999999", "rename-name": "Zed"}),
    ]
    messages = []
    for action, data in cases:
        response = client.post(f"/g/{group}/players/{action}", data=data)
        assert response.status_code == 422, action
        messages.extend(errors(response.get_data(as_text=True)))
        assert roster(client, group) == {
            "Bob": ids["Bob"],
            "Cruz": ids["Cruz"],
            "Robert": ids["Robbie"],
        }
    assert messages == [
        "a name cannot be merged into itself",
        "'robert' is already taken",
        "a name has 1 to 40 characters",
        "'Bob' and 'Cruz' played at the same match: they are two people",
        "there is no such player in this group",
    ]
    merged = client.post(
        f"/g/{group}/players/merge", data={"merge-player": ids["Bob"], "merge-into": ids["Robbie"]}
    )
    assert merged.status_code == 303
    page = client.get(f"/g/{group}").get_data(as_text=True)
    assert re.search(r"<strong>Bob</strong> → Robert", page)
    assert re.search(r"<strong>Robert</strong> <span class=\"muted\">2 matches", page)


# --- Matches of the group --------------------------------------------------------------------


def test_an_existing_match_joins_one_group_and_never_a_second(app: Flask) -> None:
    client = app.test_client()
    group, _, _ = start_group(client)
    other, _, _ = start_group(client, "Other table")
    match = (
        client.post(
            "/new/pinochle-2",
            data={"player_0": "Ana", "player_1": "Ben", "dealer": "0", "opt_target": "1000"},
        )
        .headers["Location"]
        .rsplit("/", 1)[-1]
    )
    # The match page offers this phone's groups; the group page this phone's matches.
    html = client.get(f"/m/{match}").get_data(as_text=True)
    assert 'id="put-in-group"' in html
    assert "Other table" in html
    assert match in client.get(f"/g/{group}").get_data(as_text=True)
    added = client.post(f"/g/{group}/matches", data={"add-match-match": match})
    assert added.status_code == 303
    assert set(roster(client, group)) == {"Ana", "Ben"}
    # A second group: refused, next to the field, nothing changed there.
    refused = client.post(f"/g/{other}/matches", data={"add-match-match": match})
    assert refused.status_code == 422
    assert errors(refused.get_data(as_text=True)) == ["this match is in another group already"]
    assert roster(client, other) == {}
    refused = client.post(f"/m/{match}/group", data={"group": other})
    assert refused.status_code == 303
    html = client.get(f"/m/{match}").get_data(as_text=True)
    assert "this match is in another group already" in html
    assert 'id="in-group"' in html
    assert "Thursday" in html
    # Another phone that does not score the match cannot put it anywhere.
    stranger = app.test_client()
    assert stranger.post(f"/m/{match}/group", data={"group": other}).status_code == 403


def test_a_match_imported_into_the_group(client: FlaskClient) -> None:
    group, _, _ = start_group(client)
    document = {
        "format": "scorekeeper-match",
        "version": 2,
        "variant": "pinochle-2",
        "players": ["Ana", "Ben"],
        "rules": {"target": 1000},
        "hands": [{"meld": {"Ana": 40, "Ben": 20}, "tricks": {"Ana": 130, "Ben": 120}}],
    }
    response = client.post(f"/g/{group}/import", data={"pasted": json.dumps(document)})
    assert response.status_code == 303, response.get_data(as_text=True)
    assert set(roster(client, group)) == {"Ana", "Ben"}
    # A refused file stores nothing: no match, no roster name.
    document["players"] = ["Cruz", "Dee"]
    document["hands"] = [{"meld": {"Cruz": 41}}]
    refused = client.post(f"/g/{group}/import", data={"pasted": json.dumps(document)})
    assert refused.status_code == 422
    assert set(roster(client, group)) == {"Ana", "Ben"}


def test_next_game_same_table_stays_in_the_group(app: Flask) -> None:
    client = app.test_client()
    group, _, _ = start_group(client)
    first = new_group_match(client, group, "pinochle-2", ["Ana", "Ben"])
    assert client.post(f"/m/{first}/hands", data=HAND).status_code == 303
    finish(client, first)
    # Ana is renamed meanwhile: the next game keeps who sat where.
    ids = roster(client, group)
    client.post(
        f"/g/{group}/players/rename", data={"rename-player": ids["Ana"], "rename-name": "Anna"}
    )
    page = client.get(f"/g/{group}").get_data(as_text=True)
    assert f'data-rematch="{first}"' in page
    assert "Ana (Anna)" in page
    again = client.post(f"/m/{first}/rematch")
    assert again.status_code == 303
    second = again.headers["Location"].rsplit("/", 1)[-1]
    read = client.get(f"{API}/groups/{read_id(client, group)}").get_json()
    assert [m["id"] for m in read["matches"]] == [first, second]
    assert read["matches"][1]["seats"] == {"Ana": int(ids["Ana"]), "Ben": int(ids["Ben"])}
    assert len(read["players"]) == 2


def test_a_phone_without_the_groups_key_plays_the_next_game_outside_it(app: Flask) -> None:
    """The group is written only with its key: a phone that scores a match of the group but
    does not hold the group's private link starts the next game on its own."""
    client = app.test_client()
    group, _, _ = start_group(client)
    first = new_group_match(client, group, "pinochle-2", ["Ana", "Ben"])
    finish(client, first, hand=True)
    other = app.test_client()
    with other.session_transaction() as session:
        session["tokens"] = {first: token_of(client, first)}
    assert other.post(f"/m/{first}/rematch").status_code == 303
    read = client.get(f"{API}/groups/{read_id(client, group)}").get_json()
    assert [m["id"] for m in read["matches"]] == [first]


def finish(client: FlaskClient, match: str, *, hand: bool = False) -> None:
    """End the match with its edit token (after one hand, with ``hand``)."""
    auth = {"Authorization": f"Bearer {token_of(client, match)}"}
    if hand:
        body = {"meld": {"Ana": 40, "Ben": 20}, "tricks": {"Ana": 130, "Ben": 120}}
        assert (
            client.post(f"{API}/matches/{match}/hands", json=body, headers=auth).status_code == 201
        )
    assert client.post(f"{API}/matches/{match}/finish", headers=auth).status_code == 200


def token_of(client: FlaskClient, match: str) -> str:
    """The edit token the phone ``client`` keeps for ``match``."""
    with client.session_transaction() as session:
        token: str = session["tokens"][match]
    return token


def read_id(client: FlaskClient, group: str) -> str:
    """The read-only id of a group, from its share page."""
    html = client.get(f"/g/{group}/share").get_data(as_text=True)
    return link(html, "read-link").rsplit("/", 1)[-1]


# --- The almanac pages -----------------------------------------------------------------------


def test_records_page_follows_renames_and_merges(client: FlaskClient) -> None:
    group, _, read = start_group(client)
    for other in ("Bob", "Robert"):
        match = new_group_match(client, group, "pinochle-2", [other, "Ana"])
        finish(client, match, hand=False)
    page = client.get(read + "/records").get_data(as_text=True)
    assert re.search(r"<th>Bob</th><td>1</td>", page)
    assert re.search(r"<th>Robert</th><td>1</td>", page)
    ids = roster(client, group)
    client.post(
        f"/g/{group}/players/merge", data={"merge-player": ids["Bob"], "merge-into": ids["Robert"]}
    )
    page = client.get(read + "/records").get_data(as_text=True)
    assert re.search(r"<th>Robert</th><td>2</td>", page)
    assert "<th>Bob</th>" not in page
    assert "2 matches counted." in page
    # Under each figure, what it rests on.
    assert re.search(r"<td>\d+%<span>\d of 2 matches</span></td>", page)


def test_money_and_ratings_pages(client: FlaskClient) -> None:
    group, _, read = start_group(client)
    match = new_group_match(client, group, "auction", ["Ana", "Ben", "Cruz"])
    auth = {"Authorization": f"Bearer {token_of(client, match)}"}
    body = {"bidder": "Ana", "bid": 350, "trump": "spades", "outcome": "made"}
    assert client.post(f"{API}/matches/{match}/hands", json=body, headers=auth).status_code == 201
    assert client.post(f"{API}/matches/{match}/finish", headers=auth).status_code == 200
    money = client.get(read + "/money").get_data(as_text=True)
    # docs/rules.md §2: 2 units x2 in spades from each, 10 from the kitty (-10 shared -3, -3,
    # -4): Ana +15, Ben -7, Cruz -8; one unit is 1.
    assert re.search(r"<th>Ana</th><td>\+15</td>", money)
    assert "Ben pays Ana 7.00" in money
    assert "Cruz pays Ana 8.00" in money
    ratings = client.get(read + "/ratings").get_data(as_text=True)
    assert 'class="chart ratings"' in ratings
    assert ratings.count("<polyline") == 3
    assert re.search(r'<span class="key s0">Ana</span>', ratings)


def test_the_almanac_escapes_every_name(client: FlaskClient) -> None:
    hostile = "<b>Ana</b>\"'"
    group, _, read = start_group(client, "<i>Club</i>")
    match = new_group_match(client, group, "pinochle-2", [hostile, "Ben"])
    finish(client, match, hand=False)
    for path in (read, read + "/records", read + "/ratings", read + "/money", f"/g/{group}"):
        page = client.get(path).get_data(as_text=True)
        assert "<b>Ana</b>" not in page, path
        assert "<i>Club</i>" not in page, path


def test_the_group_pages_speak_russian(client: FlaskClient) -> None:
    client.set_cookie("lang", "ru")
    group, _, read = start_group(client, "Четверг")
    match = new_group_match(client, group, "auction", ["Аня", "Боря", "Вера"])
    auth = {"Authorization": f"Bearer {token_of(client, match)}"}
    body = {"bidder": "Аня", "bid": 350, "trump": "spades", "outcome": "made"}
    assert client.post(f"{API}/matches/{match}/hands", json=body, headers=auth).status_code == 201
    assert client.post(f"{API}/matches/{match}/finish", headers=auth).status_code == 200
    paths = ["/", "/groups/new", f"/g/{group}", f"/g/{group}/share", f"/g/{group}/new"]
    paths += [f"/g/{group}/new/auction", f"/g/{group}/import", read]
    paths += [read + "/records", read + "/money", read + "/ratings", f"/m/{match}"]
    for path in paths:
        page = client.get(path).get_data(as_text=True)
        page = page.split('<footer class="langs">')[0]  # the languages' own names
        text = re.sub(r"(?s)<(script|style|svg)\b.*?</\1>|<[^>]+>|https?://\S+", " ", page)
        latin = set(re.findall(r"[A-Za-z]{2,}", html.unescape(text))) - {"JSON", "CSV", "json"}
        assert not latin, f"{path}: {sorted(latin)}"


# --- What the pages are made of ----------------------------------------------------------------


def test_the_ratings_chart_draws_each_player_with_a_band_and_escapes_names() -> None:
    svg = ratings_chart_svg(
        ["<Ana>", "Ben", "Cruz"],
        [
            [(25.0, 8.3), (28.0, 7.1), (30.5, 6.0)],
            [None, (22.0, 7.1), (21.0, 6.0)],
            [None, None, (25.0, 8.0)],
        ],
        ["3 Dec", "10 Dec", "17 Dec"],
        title="Ratings & <chart>",
    )
    assert svg.count("<polyline") == 3
    assert svg.count('class="band') == 3
    assert svg.count("<circle") == 1  # Cruz, rated once, is a dot
    assert "<Ana>" not in svg
    assert "&lt;Ana&gt;" in svg
    assert "Ratings &amp; &lt;chart&gt;" in svg
    assert " style=" not in svg
    assert ">3 Dec<" in svg
    assert ">17 Dec<" in svg
    # Ben's line starts at the second night.
    ben = re.search(r'data-player="Ben" points="([^"]+)"', svg)
    assert ben
    assert len(ben.group(1).split()) == 2


def test_a_match_started_after_midnight_counts_for_the_evening_before() -> None:
    evening = datetime(2026, 12, 10, 20, 0).astimezone()  # local time, as the server's TZ says
    assert service.night_of(evening) == date(2026, 12, 10)
    assert service.night_of(datetime(2026, 12, 11, 1, 30).astimezone()) == date(2026, 12, 10)
    assert service.night_of(datetime(2026, 12, 11, 7, 0).astimezone()) == date(2026, 12, 11)
