"""Printed sheets a re-plan made out of date (docs/club.md §13; issue 35 point 15): each print
page of the schedule carries its stamp; the host's prints are recorded, and after a late
arrival or a leaver re-plans the rounds the host page lists each one out of date with "Print it
again", and the print page says it replaces the sheets printed before."""

from __future__ import annotations

import re

from flask.testing import FlaskClient

from tests.api.club_helpers import Night
from tests.web.test_club_tv_print import host_client


def stamp_on(html: str) -> str:
    found = re.search(r'id="stamp">Schedule ([0-9A-F]{6})', html)
    assert found, "no stamp"
    return found.group(1)


def stale_pages(client: FlaskClient, night: Night) -> dict[str, str]:
    """The host page's list of pages out of date: page -> the address it offers."""
    html = client.get(f"/c/{night.id}").get_data(as_text=True)
    found = re.findall(r'href="([^"]+)" data-reprint="([\w-]+)"', html)
    return {page: url for url, page in found}


def test_a_late_arrival_makes_the_printed_chart_cards_and_sheets_out_of_date(
    client: FlaskClient,
) -> None:
    night = Night(client, 8, rotation={"rounds": 3}, round={"hands": 1})
    host_client(client, night)
    printed = {
        "chart": client.get(f"/cr/{night.read_id}/print/chart"),
        "players": client.get(f"/c/{night.id}/print/players"),
        "movement": client.get(f"/cr/{night.read_id}/print/movement"),
        "round-2": client.get(f"/cr/{night.read_id}/print/round/2"),
    }
    stamps = {page: stamp_on(r.get_data(as_text=True)) for page, r in printed.items()}
    assert stale_pages(client, night) == {}
    night.start(1)
    assert stale_pages(client, night) == {}  # starting a round moves no seat
    # A ninth player from round 2: rounds 2 and 3 are re-planned (§6).
    night.ok("POST", "/players", {"name": "Ivy"})
    stale = stale_pages(client, night)
    assert stale == {
        "chart": f"/cr/{night.read_id}/print/chart",
        "movement": f"/cr/{night.read_id}/print/movement",
        "players": f"/c/{night.id}/print/players",
        "round-2": f"/cr/{night.read_id}/print/round/2",
    }
    host = client.get(f"/c/{night.id}").get_data(as_text=True)
    assert f"printed at schedule {stamps['chart']}" in host
    # The chart printed again says it replaces the one printed before, with a new stamp.
    again = client.get(stale["chart"]).get_data(as_text=True)
    assert 'id="replaces"' in again
    assert stamps["chart"] in again
    assert stamp_on(again) != stamps["chart"]
    assert "chart" not in stale_pages(client, night)
    assert "round-2" in stale_pages(client, night)


def test_a_leaver_makes_the_printed_chart_out_of_date(client: FlaskClient) -> None:
    night = Night(client, 9, rotation={"rounds": 4}, round={"hands": 1})
    host_client(client, night)
    client.get(f"/cr/{night.read_id}/print/chart")
    night.play_simply(1)
    assert stale_pages(client, night) == {}
    night.ok("PATCH", "/players/9", {"leaves_after_round": 2})
    assert "chart" in stale_pages(client, night)


def test_a_print_opened_without_the_host_link_is_not_recorded(client: FlaskClient) -> None:
    night = Night(client, 8, rotation={"rounds": 3}, round={"hands": 1})
    html = client.get(f"/cr/{night.read_id}/print/chart").get_data(as_text=True)
    assert stamp_on(html)
    host_client(client, night)
    night.ok("POST", "/players", {"name": "Ivy"})
    assert stale_pages(client, night) == {}
