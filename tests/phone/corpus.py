"""A generated corpus for the phone's engine: for every form, random matches of hands, typing
mistakes, corrections, undos, finish, the settle-up and reads, in the four languages, sent to
the server through a test client and recorded as :mod:`.recording` records the acceptance
suite (so :func:`tests.phone.runs.runs_of` makes runs of both).

The valid entries are the replay cache's (``tests/api/test_replay_cache.py`` ``ENTRIES``, built
from docs/api.md "Hand bodies by variant"), the mistakes the fuzz test's mutations
(``tests/api/test_fuzz.py``: each value or key of a valid body replaced by an odd one).
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

from flask.testing import FlaskClient

from tests.api.test_fuzz import MATCHES, mutations
from tests.api.test_replay_cache import ENTRIES, LANGUAGES, tens
from tests.helpers import API

from .recording import line_of


def pinochle_3(pick: random.Random) -> dict[str, Any]:
    """A three-handed hand (docs/api.md: meld and tricks per player, 250 trick points)."""
    ana = tens(pick, 0, 250)
    ben = tens(pick, 0, 250 - ana)
    return {
        "meld": {
            name: pick.choice([0, 20, 40, ["run"], ["marriage"]]) for name in ("Ana", "Ben", "Cruz")
        },
        "tricks": {"Ana": ana, "Ben": ben, "Cruz": 250 - ana - ben},
    }


#: Every form's new match (test_fuzz's, three-handed pinochle, and two-handed counting each hand
#: as a game: docs/rules.md §2 "Each hand as a game") and its entries.
FORMS: dict[str, tuple[dict[str, Any], Any]] = {
    **{name: (MATCHES[name], ENTRIES[name]) for name in ENTRIES},
    "pinochle-3": ({"variant": "pinochle-3", "players": ["Ana", "Ben", "Cruz"]}, pinochle_3),
    "pinochle-2 in hands": (
        {**MATCHES["pinochle-2"], "rules": {"game": "hands", "hands_won": 5}},
        ENTRIES["pinochle-2"],
    ),
}


def mistake(pick: random.Random, entry: dict[str, Any]) -> Any:
    """``entry`` with one typing mistake (a value or key replaced by an odd one)."""
    changed = list(mutations(entry))
    return pick.choice(changed)[1] if changed else entry


def operation(
    pick: random.Random, form: str, hands: int
) -> tuple[str, str, str | None, dict[str, str]]:
    """A random request to a match of ``hands`` hands: method, path tail, body text, headers."""
    headers = {"Accept-Language": pick.choice(LANGUAGES)}
    if pick.random() < 0.2:
        headers["Prefer"] = "return=minimal"
    entries = FORMS[form][1]
    roll = pick.random()
    if roll < 0.5 or hands == 0:
        body: Any = entries(pick)
        if pick.random() < 0.2:
            body = mistake(pick, body)
        elif pick.random() < 0.05:
            body["version"] = pick.randint(1, hands + 3)
        text = json.dumps(body) if pick.random() > 0.02 else '{"meld": NaN'
        return "POST", "/hands", text, headers
    if roll < 0.68:
        body = entries(pick) if pick.random() > 0.2 else mistake(pick, entries(pick))
        return "PUT", f"/hands/{pick.randint(1, hands)}", json.dumps(body), headers
    if roll < 0.8:
        number = hands if pick.random() < 0.85 else pick.randint(1, hands)
        return "DELETE", f"/hands/{number}", None, headers
    if roll < 0.86:
        return "POST", "/finish", None, headers
    if roll < 0.92:
        return "GET", "/settlement", None, headers
    return "GET", "", None, headers


def corpus_lines(client: FlaskClient, seeds: range, steps: int) -> Iterator[dict[str, Any]]:
    """The recorded lines of ``steps`` random requests to a new match of every form, for each
    seed."""
    for form, (new_match, _entries) in FORMS.items():
        for seed in seeds:
            test = f"corpus {form} seed {seed}"
            pick = random.Random(f"{form}:{seed}")
            created = client.post(f"{API}/matches", json=new_match)
            yield line_of(created, test, json.dumps(new_match))
            match = created.get_json()
            auth = {"Authorization": f"Bearer {match['edit_token']}"}
            hands = 0
            for _step in range(steps):
                method, tail, text, headers = operation(pick, form, hands)
                response = client.open(
                    f"{API}/matches/{match['id']}{tail}",
                    method=method,
                    data=text,
                    content_type="application/json",
                    headers=auth | headers,
                )
                yield line_of(response, test, text or "")
                now = client.get(f"{API}/matches/{match['id']}").get_json()
                hands = len(now["hands"]) + len(now["problems"])
