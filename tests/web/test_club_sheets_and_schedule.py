"""Small points of the club night's sheets and host page (issue 35, point 18): a tally sheet
has the row of a tie-break hand and says who deals each hand; the host's schedule gives the
numbers of who sits out, which the substitute form asks for."""

from __future__ import annotations

import re

from flask.testing import FlaskClient

from tests.api.club_helpers import Night, seated
from tests.web.test_club_pairs_people_and_prizes_pages import host_of

#: A tally sheet's hand rows: the hand's number (and ``*`` for the tie-break), its dealer.
ROW = re.compile(
    r'<tr(?: class="tie-break")?><th scope="row">(\d+\*?)</th><td class="dealer">([^<]*)</td>'
)


def sheet_rows(html: str) -> list[list[tuple[str, str]]]:
    """Each tally sheet's rows as (hand, dealer)."""
    return [ROW.findall(sheet) for sheet in html.split('class="card tally')[1:]]


def test_a_tally_sheet_has_a_tie_break_row_and_its_dealers(client: FlaskClient) -> None:
    # §7.2: 4 hands, then one more when the sides are level ("extra-hand", the default).
    night = Night(client, 8, rotation={"rounds": 2}, round={"hands": 4})
    html = client.get(f"/cr/{night.read_id}/print/round/1").get_data(as_text=True)
    tables = night.round(1)["tables"]
    for table, rows in zip(tables, sheet_rows(html), strict=True):
        players = seated(table)
        # Seat 1 deals first; the deal passes to the left, seat by seat (§7.1).
        dealers = [f"{players[i % 4]}·P{players[i % 4]}" for i in range(5)]
        assert rows == [
            ("1", dealers[0]),
            ("2", dealers[1]),
            ("3", dealers[2]),
            ("4", dealers[3]),
            ("5*", dealers[4]),
        ], rows
    assert "* Hand 5 only when the sides are level after hand 4." in html


def test_a_drawn_round_has_no_tie_break_row(client: FlaskClient) -> None:
    night = Night(client, 8, rotation={"rounds": 2}, round={"hands": 4, "tie": "draw"})
    html = client.get(f"/cr/{night.read_id}/print/round/1").get_data(as_text=True)
    assert [hand for hand, _dealer in sheet_rows(html)[0]] == ["1", "2", "3", "4"]
    assert "tie-break" not in html


def test_the_schedule_numbers_who_sits_out_for_the_substitute_form(client: FlaskClient) -> None:
    night = Night(client, 9, round={"hands": 1})
    host = host_of(client, night)
    out = night.round(1)["sitting_out"][0]
    row = host.split('data-round="1"', 1)[1].split("</tr>", 1)[0]
    last_cell = re.findall(r"<td>([^<]*)</td>", row)[-1]
    assert last_cell == f"{out}·P{out}"
