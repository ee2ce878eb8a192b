"""The words of the match, board and group pages: every place after a play-on, a team's verb,
Pinnacola's deals, house rules by name, refusals that name their field, the kitty's debt."""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient

from scorekeeper import service
from tests.helpers import MatchClient


def text(html: str) -> str:
    """A page's words: its style sheet and tags dropped, entities of ``&`` undone."""
    html = re.sub(r"<style[^>]*>.*?</style>", " ", html, flags=re.S)
    return " ".join(re.sub(r"<[^>]+>", " ", html).split()).replace("&amp;", "&")


def test_the_board_names_second_and_third_after_a_play_on(
    client: FlaskClient, table: MatchClient
) -> None:
    # Seed 004 (docs/rules.md §2): Ana reaches 1000 and leaves; Ben and Cruz play on, Cruz
    # reaches it second. The board said "Ana wins!" and nothing of the other two.
    table.create(
        {"variant": "pinochle-3", "players": ["Ana", "Ben", "Cruz"], "rules": {"play_on": True}}
    )
    table.add_ok(
        {"meld": {"Ana": 850, "Ben": 600, "Cruz": 0}, "tricks": {"Ana": 150, "Ben": 100, "Cruz": 0}}
    )
    cruz = ["double_aces", "queens_around", "jacks_around"]
    table.add_ok({"meld": {"Ben": 0, "Cruz": cruz}, "tricks": {"Ben": 250, "Cruz": 0}})
    for page in (f"/m/{table.id}/board", f"/m/{table.id}"):
        words = text(client.get(page).get_data(as_text=True))
        assert "Ana wins!" in words
        assert "Second: Cruz · Third: Ben" in words


def test_a_team_wins_with_a_plural_verb(client: FlaskClient, table: MatchClient) -> None:
    teams = [
        {"name": "Ana & Cruz", "players": ["Ana", "Cruz"]},
        {"name": "Ben & Dee", "players": ["Ben", "Dee"]},
    ]
    table.create(
        {"variant": "partnership-auction", "players": ["Ana", "Ben", "Cruz", "Dee"], "teams": teams}
    )
    us, them = table.created["sides"]
    table.add_ok(
        {
            "bidder": "Ana",
            "bid": 250,
            "trump": "spades",
            "meld": {us: 800, them: 0},
            "tricks": {us: 250, them: 0},
        }
    )
    for page in (f"/m/{table.id}/board", f"/m/{table.id}"):
        words = text(client.get(page).get_data(as_text=True))
        assert "Ana & Cruz win!" in words
        assert "wins!" not in words
    client.get("/lang/es?next=/")
    assert "¡Ana & Cruz ganan!" in text(client.get(f"/m/{table.id}").get_data(as_text=True))


def test_a_player_alone_still_wins_in_the_singular(client: FlaskClient, table: MatchClient) -> None:
    table.create({"variant": "pinochle-2", "players": ["Ana", "Ben"]})
    table.add_ok({"meld": {"Ana": 900, "Ben": 0}, "tricks": {"Ana": 150, "Ben": 100}})
    assert "Ana wins!" in text(client.get(f"/m/{table.id}").get_data(as_text=True))


def test_a_kitty_in_debt_owes_and_never_holds_a_negative(
    client: FlaskClient, table: MatchClient
) -> None:
    # docs/rules.md §2 (seed 000): a bidder who makes 350 collects the kitty bonus of 10 from
    # it: the night ends with the kitty 10 units short, which the players make up.
    table.create({"variant": "auction", "players": ["Ana", "Ben", "Cruz"]})
    table.add_ok({"bidder": "Ana", "bid": 350, "trump": "clubs", "outcome": "made"})
    assert table.finish().status_code == 200
    for page in (f"/m/{table.id}/settle", f"/m/{table.id}"):
        words = text(client.get(page).get_data(as_text=True))
        assert "The kitty owes 10 units" in words
        assert "-10 units" not in words
        assert "holds" not in words
    # One transfer is written one way on both pages: "Ben pays Ana 1.40 (14 units)" style.
    show = client.get(f"/m/{table.id}").get_data(as_text=True)
    settle = client.get(f"/m/{table.id}/settle").get_data(as_text=True)
    transfer = re.compile(r'<li class="transfer">([^<]*)<span class="muted">\(([^)]*)\)</span>')
    assert transfer.findall(show)
    assert transfer.findall(show) == transfer.findall(settle)


def test_house_rule_choices_are_shown_by_their_titles(client: FlaskClient) -> None:
    page = text(client.get("/new/pinochle-2").get_data(as_text=True))
    assert "the Russian table (double pinochle 400)" in page
    assert "seed-004" not in page
    assert "new-cards" not in page
    client.get("/lang/es?next=/")
    assert "tabla 004" not in text(client.get("/new/pinochle-2").get_data(as_text=True))


def test_a_refusal_names_its_field_and_starts_with_a_capital(
    client: FlaskClient, table: MatchClient
) -> None:
    url = table.start("partnership-auction")
    html = client.get(url).get_data(as_text=True)
    keys = {name: re.search(rf'name="{name}"[^>]*value="([^"]*)"', html) for name in ("version",)}
    data = {
        "version": keys["version"].group(1) if keys["version"] else "",
        "bidder": "Ana",
        "bid": "200",  # below the minimum bid of 250
        "trump": "spades",
        "result": "played",
        "meld_0": "40",
        "tricks_0": "130",
        "meld_1": "20",
    }
    refused = client.post(url + "/hands", data=data)
    assert refused.status_code == 422
    banner = text(refused.get_data(as_text=True).split('id="refused"', 1)[1].split("</p>", 1)[0])
    assert "Not saved. Bid: must be at least 250" in banner


def test_a_merged_seat_is_shown_as_a_renamed_one(client: FlaskClient) -> None:
    # Issue 26: a renamed seat read "Dee (Deirdre)" but a merged one just "Benny".
    from tests.web.test_groups import new_group_match, roster, start_group

    group, _, read = start_group(client)
    new_group_match(client, group, "pinochle-2", ["Benny", "Ana"])
    new_group_match(client, group, "pinochle-2", ["Ben", "Ana"])
    ids = roster(client, group)
    merged = client.post(
        f"/g/{group}/players/merge", data={"merge-player": ids["Benny"], "merge-into": ids["Ben"]}
    )
    assert merged.status_code == 303
    words = text(client.get(read).get_data(as_text=True))
    assert "Benny (Ben) · Ana" in words
    assert "Ben (Ben)" not in words


def test_ratings_are_said_in_plain_words(client: FlaskClient) -> None:
    # Issue 26: "Cruz -3.1" (the conservative rating, skill less three uncertainties) read as
    # jargon; a rating is shown as the skill and its margin.
    from tests.web.test_groups import finish, new_group_match, start_group

    group, _, read = start_group(client)
    finish(client, new_group_match(client, group, "pinochle-2", ["Ana", "Ben"]), hand=False)
    page = client.get(read + "/ratings").get_data(as_text=True)
    cells = re.findall(r'<span class="key s\d">(\w+)</span></th><td>([^<]*)<span>', page)
    assert sorted(name for name, _cell in cells) == ["Ana", "Ben"]
    for _name, cell in cells:
        assert re.fullmatch(r"rating \d+\.\d, ± \d\.\d", cell), cell


def test_end_the_night_can_be_taken_back(client: FlaskClient, table: MatchClient) -> None:
    # Issue 26: "End the night" tapped by mistake could be taken back only by deleting the
    # last hand. Reopened, the night goes on with every hand kept.
    from tests.helpers import hidden

    url = table.start("auction")
    hand = {"bidder": "Ana", "bid": "350", "trump": "clubs", "outcome": "made"}
    page = client.get(url).get_data(as_text=True)
    keys = {name: hidden(page, name) for name in ("idempotency_key", "version")}
    assert client.post(url + "/hands", data={**keys, **hand}).status_code == 303
    page = client.get(url).get_data(as_text=True)
    keys = {name: hidden(page, name) for name in ("idempotency_key", "version")}
    assert client.post(url + "/finish", data=keys).status_code == 303
    page = client.get(url).get_data(as_text=True)
    assert 'id="hand-form"' not in page
    assert 'id="reopen"' in page
    keys = {name: hidden(page, name) for name in ("idempotency_key", "version")}
    assert client.post(url + "/reopen", data=keys).status_code == 303
    page = client.get(url).get_data(as_text=True)
    assert "The night is open again" in page
    assert 'id="hand-form"' in page
    assert 'id="reopen"' not in page
    assert len(re.findall(r'class="hand-row"', page)) == 1  # the hand is kept


def test_a_match_the_rules_ended_is_not_reopened(client: FlaskClient, table: MatchClient) -> None:
    table.create({"variant": "pinochle-2", "players": ["Ana", "Ben"]})
    table.add_ok({"meld": {"Ana": 900, "Ben": 0}, "tricks": {"Ana": 150, "Ben": 100}})
    with client.application.test_request_context(), pytest.raises(service.Conflict) as refused:
        service.reopen_match(table.id, table.token)
    assert refused.value.template == "the match is not finished"


def test_pinnacola_is_counted_in_deals_on_the_board_and_the_chart(
    client: FlaskClient, table: MatchClient
) -> None:
    # docs/rules.md §3: a Pinnacola match is played in deals (smazzate), not hands.
    table.create({"variant": "pinnacola", "players": ["Ana", "Ben"]})
    deal = {
        "sides": {"Ana": {"table": 385, "hand": 0}, "Ben": {"table": 120, "hand": 45}},
        "closed_by": "Ana",
    }
    table.add_ok(deal)
    table.add_ok(deal)
    board = text(client.get(f"/m/{table.id}/board").get_data(as_text=True))
    assert "2 deals played" in board
    assert "hands played" not in board
    assert "deal 2" in board  # the chart's last point
    page = text(client.get(f"/m/{table.id}").get_data(as_text=True))
    assert "deal 2" in page
    assert "hand 2" not in page
    client.get("/lang/it?next=/")
    html = client.get(f"/m/{table.id}/board").get_data(as_text=True)
    live = html[html.index('id="board-live"') :]
    board = text(live[: live.index("</p>", live.index('id="board-hands"'))])
    assert "2 smazzate giocate" in board
    assert "smazzata 2" in board
    assert not re.search(r"\b(mani|mano)\b", board)
    client.get("/lang/ru?next=/")
    board = text(client.get(f"/m/{table.id}/board").get_data(as_text=True))
    assert "раздача 2" in board


def test_one_word_for_a_stalled_deal_in_italian_and_a_plain_pair_in_russian(
    client: FlaskClient, table: MatchClient
) -> None:
    # Issue 26: Italian said both "stallo" and "bloccata" for a stalled deal (docs/rules.md §3
    # "in stallo"); Russian paired "Выход объявлен" with "никто".
    table.start("pinnacola")
    client.get("/lang/it?next=/")
    page = text(client.get(f"/m/{table.id}").get_data(as_text=True))
    assert "in stallo" in page
    assert "bloccat" not in page
    client.get("/lang/ru?next=/")
    three = MatchClient(client)
    three.start("pinochle-3", opt_declare_out="y")
    page = text(client.get(f"/m/{three.id}").get_data(as_text=True))
    assert "Объявил выход" in page
    assert "Выход объявлен" not in page
    assert "никто" in page
