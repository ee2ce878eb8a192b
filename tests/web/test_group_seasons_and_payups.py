"""The group pages' seasons and paid-up nights (issue 26, item 8; docs/groups.md "Seasons" and
"Paid up"): a phone with the group's key marks a night paid on the money page (a form with its
CSRF token) and takes it back; a reader sees the mark but no form; the records, money and
ratings pages list the seasons and count one. The nights are those of
tests/api/test_group_seasons_and_payups.py, worked out by hand there."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from flask import Flask
from flask.testing import FlaskClient

from tests.api.test_group_seasons_and_payups import across_the_year


def transfers(html: str) -> list[str]:
    """The settle-up's transfers as the money page writes them."""
    return [
        re.sub(r"\s+", " ", item).strip()
        for item in re.findall(r'<li class="transfer">(.*?)</li>', html, re.S)
    ]


def csrf(html: str, form_class: str) -> str:
    """The CSRF token of the first form of ``form_class`` on the page."""
    form = html.split(f'class="{form_class}"', 1)[1]
    found = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', form) or re.search(
        r'name="csrf_token" value="([^"]+)"', form
    )
    assert found, form[:400]
    return found.group(1)


def test_a_night_marked_paid_on_the_page_and_taken_back(app: Flask, client: FlaskClient) -> None:
    group, labels = across_the_year(app, client)
    app.config["WTF_CSRF_ENABLED"] = True
    phone = app.test_client()
    assert phone.get(urlsplit(group.created["private_url"]).path + "?key=" + group.token)
    money = f"/r/{group.read_id}/money"
    page = phone.get(money).get_data(as_text=True)
    # Every night settled: Cruz pays Ana 9 units, Dee pays Ben 5, Cruz pays Ben 4.
    assert len(transfers(page)) == 3
    assert page.count('class="mark-paid"') == 3
    assert 'id="paid-through"' not in page
    # Without the token of the form, nothing is marked.
    assert phone.post(f"/g/{group.id}/paid", data={"night": labels[0]}).status_code == 400
    answer = phone.post(
        f"/g/{group.id}/paid", data={"night": labels[0], "csrf_token": csrf(page, "mark-paid")}
    )
    assert answer.status_code == 303
    assert answer.headers["Location"] == f"{money}#who-pays"
    page = phone.get(money).get_data(as_text=True)
    assert 'id="paid-through"' in page
    # The nights after it alone: Ana -8, Ben 23, Cruz -10, Dee -5 at 0.05.
    assert transfers(page) == [
        'Cruz pays Ben 0.50 <span class="muted">(10 units)</span>',
        'Ana pays Ben 0.40 <span class="muted">(8 units)</span>',
        'Dee pays Ben 0.25 <span class="muted">(5 units)</span>',
    ]
    assert page.count('class="mark-paid"') == 2  # the night paid has none
    assert page.count('<span class="paid">paid up</span>') == 1
    # A reader sees the mark, and no form to change it.
    reader = app.test_client().get(money).get_data(as_text=True)
    assert 'id="paid-through"' in reader
    assert 'class="mark-paid"' not in reader
    assert 'id="unmark-paid"' not in reader
    assert group.id not in reader
    # A night the group did not play is refused, by name, and nothing changes.
    answer = phone.post(
        f"/g/{group.id}/paid", data={"night": "2026-01-07", "csrf_token": csrf(page, "mark-paid")}
    )
    assert answer.status_code == 303
    page = phone.get(money).get_data(as_text=True)
    assert "the group played no match on 2026-01-07" in page
    # Taken back: every night is settled again.
    answer = phone.post(
        f"/g/{group.id}/paid/undo",
        data={"night": labels[0], "csrf_token": csrf(page, "inline")},
    )
    assert answer.status_code == 303
    page = phone.get(money).get_data(as_text=True)
    assert "is taken back" in page
    assert 'id="paid-through"' not in page
    assert len(transfers(page)) == 3
    # Only a phone with the key writes (a stranger is told how to get in, even with the
    # form's token checks aside).
    app.config["WTF_CSRF_ENABLED"] = False
    stranger = app.test_client().post(f"/g/{group.id}/paid", data={"night": labels[0]})
    assert stranger.status_code == 403
    assert 'id="paid-through"' not in phone.get(money).get_data(as_text=True)


def test_the_almanac_pages_count_one_season(app: Flask, client: FlaskClient) -> None:
    group, labels = across_the_year(app, client)
    base = f"/r/{group.read_id}"
    for page in ("records", "money", "ratings"):
        html = client.get(f"{base}/{page}").get_data(as_text=True)
        assert 'id="seasons"' in html, page
        assert f'href="{base}/{page}?season=2025"' in html
        assert f'href="{base}/{page}?season=2026"' in html
        one = client.get(f"{base}/{page}?season=2025").get_data(as_text=True)
        assert f'href="{base}/{page}?season=2025" aria-current="true"' in one
    # 2025: the first night alone, Ana 17, Ben -14, Cruz -3: two transfers.
    money = client.get(f"{base}/money?season=2025").get_data(as_text=True)
    assert [t.split(" <")[0] for t in transfers(money)] == [
        "Ben pays Ana 0.70",
        "Cruz pays Ana 0.15",
    ]
    assert f'data-night="{labels[0]}"' in money
    assert f'data-night="{labels[1]}"' not in money
    assert 'name="season" value="2025"' in money  # the nights ticked stay in the season
    # The links to the other pages keep the season.
    assert f'href="{base}/records?season=2025"' in money
    records = client.get(f"{base}/records?season=2026").get_data(as_text=True)
    assert "2 matches counted." in records
    assert "3 matches counted." in client.get(f"{base}/records").get_data(as_text=True)
    assert "Dee" not in client.get(f"{base}/ratings?season=2025").get_data(as_text=True)
    # A season that is not one the group played shows every season.
    assert "3 matches counted." in client.get(f"{base}/records?season=1999").get_data(as_text=True)
    assert "3 matches counted." in client.get(f"{base}/records?season=x").get_data(as_text=True)
