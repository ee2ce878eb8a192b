"""A new form of an existing entry kind is its rules class and nothing else (README, "A new form
of a game"; issue 24).

The form lives in this module only: two-handed pinochle to 500 instead of 1000, a rules class
over the existing ``meld_and_tricks`` entry, registered by a fixture and taken out after. It is
played through the JSON API (start, hands, read), the pages (the new-match list and form, the
match page, a hand typed into the page's form) and a group's records, ratings and pages, with
no other file of the project naming it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

import pytest
from flask.testing import FlaskClient

from scorekeeper.rules import RuleError, find_variant
from scorekeeper.rules.core.options import OptionSpec
from scorekeeper.rules.games.pinochle.forms import TwoHanded
from scorekeeper.rules.games.pinochle.melds import target_option
from scorekeeper.rules.games.registry import all_variants, register, unregister
from tests.helpers import API, MatchClient, hidden, totals

FORM = "pinochle-2-to-500"


class TwoHandedTo500(TwoHanded):
    """Two-handed pinochle played to 500: a short game for a weeknight."""

    id = FORM
    title = "Pinochle for two, to 500"
    description = "Two players, a stock, and the game is 500 points."
    rank = 15  # after pinochle-2 (10), before pinochle-3 (20)

    def option_specs(self, given: Mapping[str, Any]) -> Sequence[OptionSpec]:
        """The two-handed options, the target 500 by default."""
        return [
            target_option(500) if spec.name == "target" else spec
            for spec in super().option_specs(given)
        ]


@pytest.fixture
def new_form() -> Iterator[None]:
    """The form in the registry for one test, and out of it again after."""
    register(TwoHandedTo500)
    yield
    unregister(FORM)
    assert FORM not in {variant.id for variant in all_variants()}
    with pytest.raises(RuleError):
        find_variant(FORM)


#: Ana melds 150 and takes 130 of the 250 trick points, Ben melds 40 and takes 120
#: (docs/rules.md §2: each side scores its meld and tricks): Ana 280, Ben 160 a hand.
HAND = {"meld": {"Ana": 150, "Ben": 40}, "tricks": {"Ana": 130, "Ben": 120}}
#: The same tricks, the meld as lists: a run (150) and a dix (10).
LISTED = {"meld": {"Ana": ["run"], "Ben": ["dix"]}, "tricks": {"Ana": 130, "Ben": 120}}


def test_the_form_is_listed_in_its_rank(new_form: None) -> None:
    ids = [variant.id for variant in all_variants()]
    assert ids.index(FORM) == ids.index("pinochle-2") + 1
    assert find_variant(FORM).family.id == "pinochle"


def test_played_through_the_api_to_its_own_target(new_form: None, table: MatchClient) -> None:
    created = table.create({"variant": FORM, "players": ["Ana", "Ben"]})
    assert created["variant"] == FORM
    assert created["rules"]["target"] == 500
    after_one = table.add_ok(HAND)
    assert after_one["totals"] == {"Ana": 280, "Ben": 160}
    assert after_one["status"] == "in_progress"
    # 560 reaches 500 (it would not reach pinochle-2's 1000): Ana wins.
    after_two = table.add_ok(LISTED)
    assert after_two["totals"] == {"Ana": 560, "Ben": 290}
    assert (after_two["status"], after_two["winner"]) == ("finished", "Ana")
    read = table.get()
    assert [hand["input"] for hand in read["hands"]] == [HAND, LISTED]
    assert table.add(HAND).status_code == 409  # the match is over


def test_played_through_the_pages(new_form: None, client: FlaskClient, table: MatchClient) -> None:
    chooser = client.get("/new").get_data(as_text=True)
    assert f"/new/{FORM}" in chooser
    assert "Pinochle for two, to 500" in chooser
    form = client.get(f"/new/{FORM}").get_data(as_text=True)
    assert re.search(r'name="opt_target"[^>]*value="500"', form), "the form's own default"
    url = table.start(FORM, ["Ana", "Ben"])
    page = client.get(url)
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert "Pinochle for two, to 500" in html
    # A hand typed into the page's own form (the meld_and_tricks hand form).
    response = client.post(
        url + "/hands",
        data={
            "idempotency_key": hidden(html, "idempotency_key"),
            "version": hidden(html, "version"),
            "meld_0": "150",
            "tricks_0": "130",
            "melds_1": "dix",
        },
    )
    assert response.status_code == 303, response.get_data(as_text=True)
    html = client.get(url).get_data(as_text=True)
    # Ben's tricks were left blank: filled from the counting total (250 - 130); dix is 10.
    assert totals(html) == {"Ana": 280, "Ben": 130}
    export = client.get(url + "/export.csv").get_data(as_text=True)
    assert export.splitlines()[1].startswith('1,"Ana","",')


def test_counted_in_a_groups_records(new_form: None, client: FlaskClient) -> None:
    response = client.post(f"{API}/groups", json={"name": "Weeknights"})
    assert response.status_code == 201
    group = response.get_json()
    auth = {"Authorization": f"Bearer {group['token']}"}
    started = client.post(
        f"{API}/groups/{group['id']}/matches",
        json={"variant": FORM, "players": ["Ana", "Ben"]},
        headers=auth,
    )
    assert started.status_code == 201, started.get_json()
    match = started.get_json()
    for hand in (HAND, LISTED):
        added = client.post(
            f"{API}/matches/{match['id']}/hands",
            json=hand,
            headers={"Authorization": f"Bearer {match['edit_token']}"},
        )
        assert added.status_code == 201, added.get_json()

    found = client.get(f"{API}/groups/{group['read_id']}/records").get_json()
    ana = next(p for p in found["players"] if p["names"] == ["Ana"])
    assert ana["forms"][FORM]["played"] == 1
    assert ana["forms"][FORM]["won"]["count"] == 1
    pinochle = ana["families"]["pinochle"]
    # docs/records.md "Meld": 150 and a run (150), one of the two hands entered as a list.
    assert pinochle["meld"]["average"] == {"value": 150.0, "rests_on": 2, "of": "hands"}
    assert pinochle["meld"]["runs"] == {"value": 1, "rests_on": 1, "of": "hands"}
    assert pinochle["points_per_hand"]["value"] == 280.0
    one_form = client.get(f"{API}/groups/{group['read_id']}/records?variant={FORM}")
    assert one_form.get_json()["matches"] == 1
    ratings = client.get(f"{API}/groups/{group['read_id']}/ratings").get_json()
    assert {row["name"] for row in ratings["families"]["pinochle"]} == {"Ana", "Ben"}

    page = client.get(f"/r/{group['read_id']}/records?form={FORM}")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert "Pinochle for two, to 500" in html
    assert "Pinochle: meld" in html
    assert client.get(f"/r/{group['read_id']}/ratings").status_code == 200
    assert client.get(f"/r/{group['read_id']}").status_code == 200
