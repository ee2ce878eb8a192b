"""The phone's engine (``scorekeeper/rules/engine/answers.py``, docs/phone.md) answers as the
server does: run here by the server's own CPython on the same requests. The browser test
(tests/browser/test_phone_engine.py) runs it under Pyodide from the built bundle, which this one
cannot catch (a stdlib file left out, a catalog not bundled); this one is quick and catches a
write, a JSON shape or a wording that the engine would compute apart from the server.

- The acceptance suite's requests (tests/acceptance, recorded by tests/phone/recording.py).
- A generated corpus of every form: mistakes, corrections, undos, finish, settle-up, reads, in
  four languages (tests/phone/corpus.py).
- The match page's hand forms (tests/phone/page_cases.py): what the page stores, and the words
  it puts on a refused form.
"""

from __future__ import annotations

import hashlib
import html
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from scorekeeper.infra.engine_bundle import bundle
from scorekeeper.rules.engine import answers as phone
from tests.helpers import MatchClient, page_errors
from tests.phone.corpus import corpus_lines
from tests.phone.page_cases import PAGE_CASES
from tests.phone.runs import differences, runs_of

ROOT = Path(__file__).resolve().parents[2]


def record_acceptance(target: Path) -> list[dict[str, Any]]:
    """The acceptance suite's requests and the server's answers, recorded by running it."""
    env = {**os.environ, "PHONE_RECORD": str(target)}
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "tests/acceptance",
            "-q",
            "-n",
            "0",
            "-p",
            "no:cacheprovider",
            "-p",
            "tests.phone.recording",
        ],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
    )
    return [json.loads(line) for line in target.read_text(encoding="utf-8").splitlines()]


def engine_answers(run: dict[str, Any]) -> list[dict[str, Any]]:
    """The engine's answers to a run's ops, from the match as the server first gave it."""
    request = {"lang": "en", "match": run["match"], "ops": run["ops"]}
    answers: list[dict[str, Any]] = json.loads(phone.run(json.dumps(request)))["answers"]
    return answers


@pytest.mark.slow  # runs the acceptance suite again (6 CPU-s): the full run's, not --fast's
def test_the_engine_answers_the_acceptance_requests_as_the_server(tmp_path: Path) -> None:
    runs = list(runs_of(record_acceptance(tmp_path / "acceptance.jsonl")))
    ops = sum(len(run["ops"]) for run in runs)
    assert len(runs) > 200, len(runs)  # the suite was recorded: 250 matches, 560 requests
    assert ops > 500, ops
    found = [d for run in runs for d in differences(run, engine_answers(run))]
    assert not found, "\n".join(found[:5])


def test_the_engine_answers_the_generated_corpus_as_the_server(client: FlaskClient) -> None:
    runs = list(runs_of(corpus_lines(client, range(2), 30)))
    statuses = {answer["status"] for run in runs for answer in run["expected"]}
    assert {200, 201, 400, 409, 422} <= statuses  # writes, reads, mistakes and refusals
    found = [d for run in runs for d in differences(run, engine_answers(run))]
    assert not found, "\n".join(found[:5])


@pytest.mark.parametrize("form", list(PAGE_CASES))
@pytest.mark.parametrize("language", ["en", "it"])
def test_the_engine_reads_the_page_forms_as_the_server(
    client: FlaskClient, form: str, language: str
) -> None:
    variant, posts = PAGE_CASES[form]
    table = MatchClient(client)
    page = table.start(variant)

    def read() -> dict[str, Any]:
        answer: dict[str, Any] = client.get(table.url(), headers=said).get_json()
        return answer

    said = {"Accept-Language": language}
    statuses = set()
    for fields in posts:
        before = read()
        request = {
            "lang": language,
            "match": before,
            "ops": [{"method": "POST", "path": "/hands", "fields": list(fields.items())}],
        }
        (answer,) = json.loads(phone.run(json.dumps(request)))["answers"]
        statuses.add(answer["status"])
        response = client.post(f"{page}/hands", data=fields, headers=said)
        after = read()
        if answer["status"] == 201:
            assert response.status_code == 303, (
                fields,
                page_errors(response.get_data(as_text=True)),
            )
            assert answer["body"]["match"]["totals"] == after["totals"]
            assert answer["body"]["match"]["hands"] == after["hands"]
        else:
            text = response.get_data(as_text=True)
            shown = [html.unescape(e) for e in page_errors(text)]
            # The banner at the top says the same words (templates/matches/_hand_form.html).
            assert f"</strong> {answer['refused']}</p>" in html.unescape(text)
            assert response.status_code == 422
            assert after["version"] == before["version"]
            assert set(answer["fields"].values()) <= set(shown), (answer, shown)
    assert statuses == {201, 422}  # each form has a hand stored and one refused


def test_every_api_answer_names_the_rules_that_made_it(client: FlaskClient) -> None:
    # docs/api.md: the Rules-Build header, the SHA-256 of the phone's engine's rules bundle.
    build = hashlib.sha256(bundle()).hexdigest()
    table = MatchClient(client)
    table.create({"variant": "pinochle-2", "players": ["Ana", "Ben"]})
    for response in (client.get(table.url()), client.get(f"{table.url()}/nope")):
        assert response.headers["Rules-Build"] == build
