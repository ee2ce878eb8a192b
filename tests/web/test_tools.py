"""The meld calculator and the Pinnacola card picker without JavaScript: the grid is posted,
the rules value it, and "use" carries the result into a match's hand form."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import create_app, service
from scorekeeper.config import TestConfig as CsrfConfig
from scorekeeper.extensions import db
from tests.helpers import MatchClient, hidden, page_errors, totals


def grid(*cards: str) -> dict[str, str]:
    """The calculator's count fields for these cards (a card twice counts 2)."""
    counts: dict[str, str] = {}
    for card in cards:
        counts[f"c_{card}"] = str(int(counts.get(f"c_{card}", "0")) + 1)
    return counts


def found(html: str) -> tuple[list[tuple[str, int]], str]:
    """The melds the calculator shows (name, points) and its total."""
    melds = [
        (name, int(points))
        for name, points in re.findall(r"<li><span>([^<]+)</span> <b>(\d+)</b></li>", html)
    ]
    total = re.search(r'id="meld-total">([^<]*)<', html)
    assert total, html
    return melds, total.group(1)


RUN = ("AS", "10S", "KS", "QS", "JS")
KINGS_AND_QUEENS = ("KS", "QS", "KH", "QH", "KD", "QD", "KC", "QC")
EIGHT_ACES = ("AS", "AH", "AD", "AC") * 2
DOUBLE_PINOCHLE = ("QS", "QS", "JD", "JD")


@pytest.mark.parametrize(
    ("cards", "trump", "melds", "expected", "total"),
    [
        # docs/rules.md §1 (the calculator's docstring): a run in trumps and two plain marriages.
        (
            (*RUN, "KH", "QH", "KC", "QC"),
            "spades",
            "standard",
            [("run", 150), ("marriage ×2", 40)],
            "190",
        ),
        # Bicycle "round house": K-Q of each suit, spades trump: kings around 80, queens
        # around 60, the royal marriage 40 and three marriages 60.
        (
            KINGS_AND_QUEENS,
            "spades",
            "standard",
            [
                ("royal marriage", 40),
                ("marriage ×3", 60),
                ("kings around", 80),
                ("queens around", 60),
            ],
            "240",
        ),
        # docs/rules.md §1 meld table: double pinochle 300 (standard), 400 (seed-004).
        (DOUBLE_PINOCHLE, "hearts", "standard", [("double pinochle", 300)], "300"),
        (DOUBLE_PINOCHLE, "hearts", "seed-004", [("double pinochle", 400)], "400"),
        # docs/rules.md §1: all eight aces are the double form, 1000.
        (EIGHT_ACES, "clubs", "standard", [("eight aces", 1000)], "1000"),
        # docs/rules.md §1: each trump 9 is a dix; both runs are the double run (1500).
        (("9D", "9D"), "diamonds", "standard", [("dix ×2", 20)], "20"),
        (RUN * 2, "spades", "standard", [("double run", 1500)], "1500"),
    ],
)
def test_the_calculator_posts_the_grid_and_shows_the_rules_meld(
    client: FlaskClient,
    cards: tuple[str, ...],
    trump: str,
    melds: str,
    expected: list[tuple[str, int]],
    total: str,
) -> None:
    response = client.post(
        "/tools/pinochle-meld", data={"trump": trump, "melds": melds, **grid(*cards)}
    )
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert found(html) == (expected, total)
    # The counts stay in the grid for the next change.
    assert f'name="c_{cards[0]}" type="number"' in html


def test_the_calculator_page_without_cards_asks_for_the_trump(client: FlaskClient) -> None:
    html = client.get("/tools/pinochle-meld").get_data(as_text=True)
    assert "Pick the trump." in html
    assert re.search(r'src="/static/picker\.js\?v=[0-9a-f]{12}"', html)
    # 24 cards, each with its count (0-2), red suits marked for the high-contrast red.
    assert len(re.findall(r'type="number"', html)) == 24
    assert len(re.findall(r'class="card red', html)) == 12
    assert '10<span class="suit">♥</span>' in html


def test_the_tools_forms_carry_a_csrf_token(app: Flask, tmp_path: Path) -> None:
    config = CsrfConfig(str(tmp_path / "csrf"), app.config["SQLALCHEMY_DATABASE_URI"])
    config.WTF_CSRF_ENABLED = True
    guarded = create_app(config)
    client = guarded.test_client()
    for page in ("/tools/pinochle-meld", "/tools/pinnacola-meld"):
        html = client.get(page).get_data(as_text=True)
        assert client.post(page, data={"c_AS": "1"}).status_code == 400
        token = hidden(html, "csrf_token")
        assert client.post(page, data={"c_AS": "1", "csrf_token": token}).status_code == 200
    with guarded.app_context():
        db.engine.dispose()  # a second app's pool would otherwise leak a connection


def test_a_count_the_deck_cannot_hold_is_refused_at_its_card(client: FlaskClient) -> None:
    response = client.post("/tools/pinochle-meld", data={"trump": "spades", "c_AS": "3"})
    assert response.status_code == 422
    assert "A♠: Enter 0 to 2." in page_errors(response.get_data(as_text=True))


def _match_id(url: str) -> str:
    return url.rsplit("/", 1)[1]


def _calculator_link(html: str, side: str, partner: str, tool: str = "pinochle-meld") -> str:
    """The hand form's calculator link for one partner of a side (``&amp;`` undone)."""
    quoted = {"Ana & Cruz": r"Ana\+%26\+Cruz", "Ben & Dee": r"Ben\+%26\+Dee"}[side]
    link: str
    for link in re.findall(f'href="(/tools/{tool}\\?[^"]*)"', html):
        if re.search(f"side={quoted}(&|&amp;|$)", link) and f"partner={partner}" in link:
            return link.replace("&amp;", "&")
    raise AssertionError(f"no calculator for {partner} of {side}")


def test_each_partner_is_counted_from_his_own_cards_and_the_side_gets_the_sum(
    client: FlaskClient, app: Flask, table: MatchClient
) -> None:
    url = table.start("pinochle-4")
    page = client.get(url).get_data(as_text=True)
    # A side of partners has one calculator per partner, none for the side's cards as one hand.
    assert "Ana's cards" in page
    assert "Cruz's cards" in page
    calculator = _calculator_link(page, "Ana & Cruz", "Ana")
    assert "Use this meld for Ana" in client.get(calculator).get_data(as_text=True)
    response = client.post(
        calculator,
        data={"trump": "spades", "action": "use", **grid(*RUN, "KH", "QH", "KC", "QC")},
    )
    assert response.status_code == 303
    location = urlsplit(response.headers["Location"])
    assert location.path == url
    assert parse_qs(location.query) == {"meld.Ana & Cruz.Ana": ["run,marriage,marriage"]}
    html = client.get(response.headers["Location"]).get_data(as_text=True)
    assert 'value="run marriage marriage"' in html
    assert re.search(r'id="partners_0"[^>]*>Ana 190<', html)
    # The second partner's calculator keeps the first one's meld, shows both, and adds his.
    calculator = _calculator_link(html, "Ana & Cruz", "Cruz")
    assert "meld.Ana+%26+Cruz.Ana=run" in calculator
    shown = client.post(calculator, data={"trump": "spades", **grid("QS", "JD", "9S")})
    assert 'id="side-sum"' in (text := shown.get_data(as_text=True))
    assert re.search(r'id="side-sum"[^>]*>Ana 190 \+ Cruz 50 = 240<', text)
    response = client.post(
        calculator, data={"trump": "spades", "action": "use", **grid("QS", "JD", "9S")}
    )
    both = parse_qs(urlsplit(response.headers["Location"]).query)
    assert both == {
        "meld.Ana & Cruz.Ana": ["run,marriage,marriage"],
        "meld.Ana & Cruz.Cruz": ["dix,pinochle"],
    }
    html = client.get(response.headers["Location"]).get_data(as_text=True)
    assert re.search(r'id="partners_0"[^>]*>Ana 190 \+ Cruz 50 = 240<', html)
    assert 'value="run marriage marriage dix pinochle"' in html
    assert re.search(r'id="meld_0"[^>]*value="240"', html)
    # The other side's partners are counted apart; the first side's stay in the address.
    calculator = _calculator_link(html, "Ben & Dee", "Dee")
    assert "meld.Ana+%26+Cruz.Cruz=dix" in calculator
    response = client.post(
        calculator, data={"trump": "spades", "action": "use", **grid("KH", "QH")}
    )
    html = client.get(response.headers["Location"]).get_data(as_text=True)
    saved = client.post(
        url + "/hands",
        data={
            "idempotency_key": hidden(html, "idempotency_key"),
            "version": hidden(html, "version"),
            "melds_0": "run marriage marriage dix pinochle",
            "meld_0": "240",
            "melds_1": "marriage",
            "tricks_0": "130",
        },
    )
    assert saved.status_code == 303
    # 240 + 130; 20 + 120.
    assert totals(client.get(url).get_data(as_text=True)) == {
        "Ana &amp; Cruz": 370,
        "Ben &amp; Dee": 140,
    }
    with app.app_context():
        entry = service.get_match(_match_id(url)).hands[0].input
    assert entry["meld"] == {
        "Ana & Cruz": ["run", "marriage", "marriage", "dix", "pinochle"],
        "Ben & Dee": ["marriage"],
    }


def test_cards_of_two_partners_never_make_one_meld(client: FlaskClient, table: MatchClient) -> None:
    # Ana holds the king of trumps, Cruz its queen: no royal marriage in either hand.
    url = table.start("pinochle-4")
    html = client.get(url).get_data(as_text=True)
    for partner, card in (("Ana", "KS"), ("Cruz", "QS")):
        response = client.post(
            _calculator_link(html, "Ana & Cruz", partner),
            data={"trump": "spades", "action": "use", **grid(card)},
        )
        html = client.get(response.headers["Location"]).get_data(as_text=True)
    assert re.search(r'id="partners_0"[^>]*>Ana 0 \+ Cruz 0 = 0<', html)
    assert re.search(r'id="meld_0"[^>]*value="0"', html)


def test_a_side_of_partners_asks_whose_cards_before_use(
    client: FlaskClient, table: MatchClient
) -> None:
    url = table.start("pinochle-4")
    calculator = f"/tools/pinochle-meld?match={_match_id(url)}&side=Ana+%26+Cruz"
    html = client.get(calculator).get_data(as_text=True)
    assert 'id="use"' not in html
    assert "partner=Ana" in html
    assert "partner=Cruz" in html
    response = client.post(calculator, data={"trump": "spades", "action": "use", **grid(*RUN)})
    assert response.status_code == 200  # shown, not carried: whose cards is not known
    # A partner of another side is none of this side's.
    html = client.get(calculator + "&partner=Ben").get_data(as_text=True)
    assert 'id="use"' not in html


def test_the_calculator_uses_the_match_meld_values(client: FlaskClient, table: MatchClient) -> None:
    url = table.start("pinochle-2", opt_melds="seed-004")
    response = client.post(
        f"/tools/pinochle-meld?match={_match_id(url)}&side=Ana",
        data={"trump": "hearts", **grid(*DOUBLE_PINOCHLE)},
    )
    assert found(response.get_data(as_text=True)) == ([("double pinochle", 400)], "400")


def test_use_needs_the_trump_and_a_watcher_cannot_carry(
    client: FlaskClient, app: Flask, table: MatchClient
) -> None:
    url = table.start("pinochle-2")
    calculator = f"/tools/pinochle-meld?match={_match_id(url)}&side=Ana"
    response = client.post(calculator, data={"action": "use", **grid(*RUN)})
    assert response.status_code == 422
    assert "Pick the trump first." in page_errors(response.get_data(as_text=True))
    other = app.test_client()
    html = other.get(calculator).get_data(as_text=True)
    assert "Use this meld" not in html
    # A side that is not the match's gives no carry either.
    assert "Use this meld" not in client.get(calculator + "x").get_data(as_text=True)


def test_a_number_carried_in_the_address_fills_the_meld_number(
    client: FlaskClient, table: MatchClient
) -> None:
    url = table.start("pinochle-2")
    html = client.get(url + "?meld.Ben=0&meld.Ana=run,bogus,dix").get_data(as_text=True)
    assert re.search(r'id="meld_1"[^>]*value="0"', html)
    assert 'value="run dix"' in html


# --- Pinnacola --------------------------------------------------------------------------------


def picker_state(html: str) -> tuple[str, str]:
    return hidden(html, "table"), hidden(html, "hand")


def test_the_picker_lays_melds_and_counts_the_hand_by_the_rules(client: FlaskClient) -> None:
    picker = "/tools/pinnacola-meld"
    html = client.get(picker).get_data(as_text=True)
    # 13 ranks in 4 suits without the red 2s, and the joker; the red 2s are held hidden for
    # the pinelle switch (docs/rules.md §3: in the deck only without pinelle).
    assert len(re.findall(r'type="number"', html)) == 53
    assert len(re.findall(r'<label class="card[^"]*" data-card="\w+" hidden>', html)) == 2
    # Seed 001 "45*7": 4, 5, a joker for the 6, 7 of hearts: 5 + 5 + 25 + 10 = 45.
    response = client.post(
        picker, data={"action": "add", "pinelle": "y", **grid("4H", "5H", "JK", "7H")}
    )
    html = response.get_data(as_text=True)
    assert picker_state(html) == ("4H 5H 7H JK", "")
    assert re.search(r"run · 1 wild</span> <b>45</b>", html)
    # A poker of aces (seed 001: four 10-cards are 80, so four aces 4 x 15 x 2 = 120).
    response = client.post(
        picker,
        data={
            "action": "add",
            "pinelle": "y",
            "table": "4H 5H 7H JK",
            **grid("AS", "AH", "AD", "AC"),
        },
    )
    html = response.get_data(as_text=True)
    assert re.search(r"set · poker</span> <b>120</b>", html)
    assert 'id="table-total">165<' in html
    # The cards left in hand: A and a joker count 15 + 25 (docs/rules.md §3).
    response = client.post(
        picker,
        data={
            "action": "hand",
            "pinelle": "y",
            "table": hidden(html, "table"),
            **grid("AS", "JK"),
        },
    )
    html = response.get_data(as_text=True)
    assert 'id="hand-total">40<' in html
    assert 'id="table-total">165<' in html


@pytest.mark.parametrize(
    ("cards", "text", "points"),
    [
        # Seed 001: a clean run of 7 is a Pinnacola, doubled: (3 x 5 + 4 x 10) x 2.
        (("3S", "4S", "5S", "6S", "7S", "8S", "9S"), "run · Pinnacola", 110),
        # Seed 001: four jokers are 400.
        (("JK", "JK", "JK", "JK"), "set · poker · 4 wilds", 400),
        # Seed 001: a clean run of 13 (A to A with pinelle on) is a Pinnacolone, 1500.
        (
            ("AC", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C", "JC", "QC", "KC", "AC"),
            "run · Pinnacolone: wins the match",
            1500,
        ),
    ],
)
def test_the_picker_names_pinnacola_poker_and_pinnacolone(
    client: FlaskClient, cards: tuple[str, ...], text: str, points: int
) -> None:
    response = client.post(
        "/tools/pinnacola-meld", data={"action": "add", "pinelle": "y", **grid(*cards)}
    )
    assert f"{text}</span> <b>{points}</b>" in response.get_data(as_text=True)


def test_cards_that_make_no_meld_are_refused_and_stay_picked(client: FlaskClient) -> None:
    response = client.post(
        "/tools/pinnacola-meld", data={"action": "add", "pinelle": "y", **grid("5H", "6S", "7H")}
    )
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert any("a run must be one suit" in message for message in page_errors(html))
    assert picker_state(html) == ("", "")
    assert re.search(r'name="c_6S" type="number" value="1"', html)


def test_a_meld_can_be_taken_back_to_the_grid(client: FlaskClient) -> None:
    response = client.post(
        "/tools/pinnacola-meld",
        data={"action": "edit:0", "pinelle": "y", "table": "4H 5H 7H JK|AS AH AD"},
    )
    html = response.get_data(as_text=True)
    assert picker_state(html) == ("AS AH AD", "")
    assert re.search(r'name="c_JK" type="number" value="1"', html)


def test_use_carries_table_and_hand_points_into_the_deal_form(
    client: FlaskClient, table: MatchClient
) -> None:
    url = table.start("pinnacola")
    page = client.get(url).get_data(as_text=True)
    link = re.search(r'href="(/tools/pinnacola-meld\?[^"]*side=Ben[^"]*)"', page)
    assert link, page
    response = client.post(
        link.group(1).replace("&amp;", "&"),
        data={"action": "use", "table": "4H 5H 7H JK|AS AH AD AC", "hand": "3D KD"},
    )
    assert response.status_code == 303
    query = parse_qs(urlsplit(response.headers["Location"]).query)
    assert query == {
        "table.Ben": ["165"],
        "hand.Ben": ["15"],
        # The cards go back too (issue 26): the deal is stored as they were picked.
        "cards.Ben": ["4H 5H 7H JK|AS AH AD AC"],
        "handcards.Ben": ["3D KD"],
    }
    html = client.get(response.headers["Location"]).get_data(as_text=True)
    assert re.search(r'id="table_1"[^>]*value="165"', html)
    assert re.search(r'id="hand_1"[^>]*value="15"', html)


# --- Pinnacola, revision 2: red 2s without pinelle, three jokers (docs/rules.md §3) ----------


def _cells(html: str) -> tuple[set[str], set[str]]:
    """The cards the picker's grid shows, and those it holds hidden (out of the deck now)."""
    shown: set[str] = set()
    held: set[str] = set()
    for card, attributes in re.findall(r'<label class="card[^"]*" data-card="(\w+)"([^>]*)>', html):
        (held if "hidden" in attributes else shown).add(card)
    return shown, held


def _gaps_shown(html: str) -> set[str]:
    return set(re.findall(r'data-gap-for="(\w+)">', html))


def test_the_picker_shows_the_red_twos_only_without_pinelle(client: FlaskClient) -> None:
    picker = "/tools/pinnacola-meld"
    # Seed 001: with pinelle the red 2s are out ("vengono però rimossi i 2 rossi"): 51 cards
    # shown (13 ranks x 4 suits - 2, and the joker); the red 2s wait hidden for the switch.
    html = client.get(picker).get_data(as_text=True)
    shown, held = _cells(html)
    assert (len(shown), held) == (51, {"2H", "2D"})
    assert _gaps_shown(html) == {"2H", "2D"}
    assert 'data-red-twos=\'["2D", "2H"]\'' in html
    # docs/rules.md §3: pinelle off (the switch not sent), the red 2s are in the deck (108
    # cards: 53 in the grid) and A-2-3 of diamonds is a run of natural cards, 15 + 5 + 5.
    response = client.post(picker, data={"action": "add", **grid("AD", "2D", "3D")})
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    shown, held = _cells(html)
    assert (len(shown), held) == (53, set())
    assert _gaps_shown(html) == set()
    assert re.search(r"<span>run</span> <b>25</b>", html)
    assert 'data-values="natural">' in html
    assert 'data-values="pinelle" hidden>' in html


@pytest.mark.parametrize(
    ("pinelle", "cards", "table", "hand"),
    [
        # docs/rules.md §3: "the 2s are natural cards (value 5, after A in a run: A-2-3)":
        # A-2-3-4 of hearts 15 + 5 x 3; 2H and 2S left in hand 5 + 5
        (False, ("AH", "2H", "3H", "4H"), "30", "10"),
        # with pinelle a black 2 is a wild worth 20 (seed 001): A-3-4 and a wild, 15 + 20 + 10;
        # the hand holds 2S and 2C, 20 + 20
        (True, ("AS", "2S", "3S", "4S"), "45", "40"),
    ],
)
def test_the_picker_values_twos_by_the_pinelle_switch(
    client: FlaskClient, pinelle: bool, cards: tuple[str, ...], table: str, hand: str
) -> None:
    switch = {"pinelle": "y"} if pinelle else {}
    html = client.post(
        "/tools/pinnacola-meld", data={"action": "add", **switch, **grid(*cards)}
    ).get_data(as_text=True)
    assert f'id="table-total">{table}<' in html
    kept = hidden(html, "table")
    held = ("2H", "2S") if not pinelle else ("2S", "2C")
    html = client.post(
        "/tools/pinnacola-meld",
        data={"action": "hand", **switch, "table": kept, **grid(*held)},
    ).get_data(as_text=True)
    assert f'id="hand-total">{hand}<' in html


def test_a_red_two_with_pinelle_is_refused_and_stays_in_sight(client: FlaskClient) -> None:
    # docs/rules.md §5: the red 2s are out of the deck when pinelle are wild; the refused card
    # stays shown so that it can be taken off.
    response = client.post(
        "/tools/pinnacola-meld",
        data={"action": "add", "pinelle": "y", **grid("2H", "3H", "4H")},
    )
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert any("2H is not in the Pinnacola deck" in message for message in page_errors(html))
    shown, held = _cells(html)
    assert "2H" in shown
    assert held == {"2D"}


@pytest.mark.parametrize(
    ("switch", "status", "text"),
    [
        # docs/rules.md §3 `joker_sets`: three jokers are a set worth their cards, 3 x 25
        ({"joker_sets": "y"}, 200, "<span>set · 3 wilds</span> <b>75</b>"),
        # false by default: only four jokers make a meld of wilds alone
        ({}, 422, "only four jokers make a meld of wilds alone"),
    ],
)
def test_the_picker_takes_three_jokers_by_the_switch(
    client: FlaskClient, switch: dict[str, str], status: int, text: str
) -> None:
    response = client.post(
        "/tools/pinnacola-meld",
        data={"action": "add", "pinelle": "y", **switch, **grid("JK", "JK", "JK")},
    )
    assert response.status_code == status
    assert text in response.get_data(as_text=True)


def test_a_match_without_pinelle_and_with_joker_sets_carries_its_cards(
    client: FlaskClient, table: MatchClient
) -> None:
    url = table.start("pinnacola", opt_pinelle="", opt_joker_sets="y")
    picker = f"/tools/pinnacola-meld?match={_match_id(url)}&side=Ana"
    html = client.get(picker).get_data(as_text=True)
    # The match's options, not the page's switches: no switch, the red 2s in the grid.
    assert 'name="pinelle"' not in html
    assert 'name="joker_sets"' not in html
    assert 'data-pinelle="false" data-joker-sets="true"' in html
    shown, held = _cells(html)
    assert (len(shown), held) == (53, set())
    # docs/rules.md §3: JK JK JK 75, A-2-3 of diamonds 25 on the table; 2H in hand 5.
    response = client.post(
        picker, data={"action": "use", "table": "JK JK JK|AD 2D 3D", "hand": "2H"}
    )
    assert response.status_code == 303
    query = parse_qs(urlsplit(response.headers["Location"]).query)
    assert query == {
        "table.Ana": ["100"],
        "hand.Ana": ["5"],
        "cards.Ana": ["JK JK JK|AD 2D 3D"],
        "handcards.Ana": ["2H"],
    }


def test_a_match_with_pinelle_has_no_red_twos_in_the_grid(
    client: FlaskClient, table: MatchClient
) -> None:
    # (MatchClient.start sends every checkbox of the new-match page as on: switch joker_sets off.)
    url = table.start("pinnacola", opt_joker_sets="")
    html = client.get(f"/tools/pinnacola-meld?match={_match_id(url)}&side=Ben").get_data(
        as_text=True
    )
    # seed 001: 104 cards, the red 2s removed: 51 in the grid, none held for a switch
    assert len(re.findall(r'type="number"', html)) == 51
    assert _cells(html)[1] == set()
    assert _gaps_shown(html) == {"2H", "2D"}
    assert 'data-pinelle="true" data-joker-sets="false"' in html


# --- POST /api/v1/meld/pinnacola with joker_sets (docs/api.md "Settle-up and tools") --------


@pytest.mark.parametrize(
    ("body", "answer"),
    [
        # docs/api.md: "An optional "joker_sets": true values three jokers as a set, as the
        # match option does"; docs/rules.md §3: worth the sum of its cards (75)
        ({"meld": ["JK", "JK", "JK"], "joker_sets": True}, {"kind": "set", "points": 75}),
        ({"meld": ["JK", "JK", "JK", "JK"], "joker_sets": True}, {"kind": "set", "points": 400}),
        # docs/rules.md §3: without pinelle the red 2s are natural cards, A-2-3 = 15 + 5 + 5
        ({"meld": ["AD", "2D", "3D"], "pinelle": False}, {"kind": "run", "points": 25}),
        ({"meld": ["2H", "2D", "2S", "2C"], "pinelle": False}, {"kind": "set", "points": 40}),
        # docs/rules.md §5: a meld that could be read as a set or as a run is a set
        ({"meld": ["5H", "JK", "JK"], "joker_sets": True}, {"kind": "set", "points": 55}),
    ],
)
def test_the_meld_api_takes_joker_sets(
    client: FlaskClient, body: dict[str, Any], answer: dict[str, Any]
) -> None:
    response = client.post("/api/v1/meld/pinnacola", json=body)
    assert response.status_code == 200, response.get_json()
    assert response.get_json() == answer


@pytest.mark.parametrize(
    ("body", "path"),
    [
        ({"meld": ["JK", "JK", "JK"]}, "meld"),  # joker_sets false by default
        ({"meld": ["JK", "JK", "JK"], "joker_sets": False}, "meld"),
        # docs/rules.md §3: "pinelle never form a meld of wilds alone (`JK JK 2S` is no meld)"
        ({"meld": ["JK", "JK", "2S"], "joker_sets": True}, "meld"),
        ({"meld": ["JK", "JK", "JK"], "joker_sets": "yes"}, "joker_sets"),
        # docs/rules.md §5: the red 2s are out of the deck with pinelle
        ({"meld": ["AD", "2D", "3D"], "pinelle": True}, "meld[1]"),
    ],
)
def test_the_meld_api_refusals(client: FlaskClient, body: dict[str, Any], path: str) -> None:
    response = client.post("/api/v1/meld/pinnacola", json=body)
    assert response.status_code == 422
    assert path in response.get_json()["errors"]


def test_the_picker_names_a_set_as_a_meld_in_italian(client: FlaskClient) -> None:
    # Seed 001: "tre (tris) ... carte dello stesso valore": a set is a *tris*, not the "set"
    # of a bid that failed (auction's "andata sotto").
    response = client.post(
        "/tools/pinnacola-meld?lang=it",
        data={"action": "add", "pinelle": "y", **grid("7H", "7D", "7S")},
    )
    html = response.get_data(as_text=True)
    assert re.search(r"<span>tris</span> <b>30</b>", html)
    assert '"set": "tris"' in html


# --- The double-deck calculator (docs/rules.md §2 `double-deck` "Meld": Pagat's table, in
# counters, through gambiter.com's copy: "Run ... 15 | 150 | 225 | 300").


def test_the_double_deck_calculator_counts_four_copies_in_counters(client: FlaskClient) -> None:
    html = client.get("/tools/double-deck-meld").get_data(as_text=True)
    assert 'max="4"' in html  # four of each card in the 80
    assert 'name="c_9S"' not in html  # no nines
    assert 'name="melds"' not in html  # Pagat's values only: no table to pick
    # A triple run of hearts and a fourth K-Q of hearts (a royal marriage beside it), K-Q of
    # spades and the J of diamonds: 225 + 4 + 2 + 4.
    cards = (*("AH", "10H", "KH", "QH", "JH") * 3, "KH", "QH", "KS", "QS", "JD")
    response = client.post("/tools/double-deck-meld", data={"trump": "hearts", **grid(*cards)})
    assert response.status_code == 200
    assert found(response.get_data(as_text=True)) == (
        [("triple run", 225), ("royal marriage", 4), ("marriage", 2), ("pinochle", 4)],
        "235",
    )
    five = client.post("/tools/double-deck-meld", data={"trump": "hearts", "c_AH": "5"})
    assert five.status_code == 422
    assert "Enter 0 to 4." in five.get_data(as_text=True)
    answer = client.post("/api/v1/meld/double-deck", json={"cards": list(cards), "trump": "hearts"})
    assert answer.get_json()["total"] == 235


def test_the_double_deck_calculator_carries_a_partners_meld_back(
    client: FlaskClient, table: MatchClient
) -> None:
    url = table.start("double-deck")
    page = client.get(url).get_data(as_text=True)
    calculator = _calculator_link(page, "Ana & Cruz", "Ana", "double-deck-meld")
    response = client.post(
        calculator,
        data={"trump": "spades", "action": "use", **grid("AS", "10S", "KS", "QS", "JS", "JD")},
    )
    assert response.status_code == 303
    assert parse_qs(urlsplit(response.headers["Location"]).query) == {
        "meld.Ana & Cruz.Ana": ["run,pinochle"]
    }
    html = client.get(response.headers["Location"]).get_data(as_text=True)
    assert re.search(r'id="partners_0"[^>]*>Ana 19<', html)  # 15 + 4, in counters
    assert re.search(r'id="meld_0"[^>]*value="19"', html)
