"""The rotation chart of a Mitchell (docs/club.md §4.4, §13): with an odd number of pairs the
idle table keeps its number, so a round may seat tables 1, 2 and 4; the chart puts each game
under its own table's column in every round (issue 35 point 4: it was a 500 from round 2 on)."""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient

from tests.api.club_helpers import seated
from tests.api.test_club_pairs import pairs_night
from tests.web.test_club_tv_print import text_of


def chart_rows(html: str) -> dict[int, list[str]]:
    """The chart's first grid: round number -> its cells' words (tables, then sits out)."""
    grid = html.split('class="grid chart"', 1)[1].split("</table>", 1)[0]
    rows: dict[int, list[str]] = {}
    for row in re.findall(r"(?s)<tr><th scope=\"row\">(.*?)</tr>", grid):
        number, rest = row.split("</th>", 1)
        rows[int(number)] = [
            text_of(cell).strip() for cell in re.findall(r"(?s)<td>(.*?)</td>", rest)
        ]
    return rows


@pytest.mark.parametrize("pairs", [6, 7, 8, 9])
def test_the_chart_of_a_mitchell_puts_every_game_at_its_table_in_every_round(
    client: FlaskClient, pairs: int
) -> None:
    tables = (pairs + 1) // 2
    night = pairs_night(client, pairs, movement="mitchell", rounds=tables)
    response = client.get(f"/cr/{night.read_id}/print/chart")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    rows = chart_rows(html)
    rounds = night.get()["rounds"]
    assert sorted(rows) == list(range(1, tables + 1))
    for item in rounds:
        cells = rows[item["number"]]
        # A column per table number (the idle one too), then the sit-out column.
        assert len(cells) == tables + 1
        seated_at = {table["table"]: seated(table) for table in item["tables"]}
        for number in range(1, tables + 1):
            cell = cells[number - 1]
            if number in seated_at:
                n, e, s, w = seated_at[number]
                assert cell == f"{n}·P{n} & {s}·P{s} v {e}·P{e} & {w}·P{w}", (item["number"], cell)
            else:
                assert cell == ""  # the idle table (odd pairs): no game there this round
        # With an odd number of pairs one pair rests each round: its two players sit out.
        resting = cells[-1]
        assert bool(resting) == (pairs % 2 == 1)
        if pairs % 2:
            assert len(resting.split(", ")) == 2
    # By player: every player's table and seat each round, or "out" for a pair resting.
    words = text_of(html)
    played = len(re.findall(r"T\d · \d [NESW]", words))
    assert played == sum(4 * len(item["tables"]) for item in rounds)
