"""The phone's engine in Chromium answers as the server does (docs/phone.md "The test that keeps
them identical"): the worker from ``/engine/worker.js``, Pyodide and the trimmed standard library
from ``static/engine/`` as ``scripts/phone_bundle.py`` built them, the rules bundle of this
checkout. It replays the acceptance suite's requests and a generated corpus of every form
(tests/phone/) and needs every status and body equal to the server's.

It fails when the bundle (a module left out), the standard-library list (a file the rules
import missing from scripts/phone_stdlib.txt), the catalogs (a language's words) or the pin
(static/engine/ built from another Pyodide than package-lock.json's) drift.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from scorekeeper.infra.engine_bundle import (
    PYODIDE_VERSION,
    ROOT,
    STDLIB_LIST,
    integrity,
    read_manifest,
    rules_build,
    stdlib_list,
)
from tests.api.test_phone_engine_answers import record_acceptance
from tests.browser.conftest import Phone
from tests.phone.corpus import corpus_lines
from tests.phone.runs import differences, runs_of

pytestmark = pytest.mark.browser

ENGINE = ROOT / "static" / "engine"

STDLIB_HEADER = """\
# The files of Pyodide's standard library the phone's engine keeps (docs/phone.md "The engine"):
# those a replay of the acceptance suite and the corpus imported, Pyodide's own start included.
# Made by: scripts/phone_bundle.py --full-stdlib, then
# PHONE_STDLIB_MEASURE=1 pytest tests/browser/test_phone_engine.py, then scripts/phone_bundle.py.
"""

#: Boot the worker and answer every run in order; the page's script, given the runs.
REPLAY = """async (runs) => {
  const worker = new Worker("/engine/worker.js");
  const next = () => new Promise((resolve) => {
    worker.onmessage = (event) => {
      const m = event.data;
      if (m.type === "answer" || (m.type === "state" && m.state !== "loading")) resolve(m);
    };
  });
  worker.postMessage({type: "boot"});
  const booted = await next();
  if (booted.state !== "ready") return {failed: booted.message || booted.state};
  const answers = [];
  const started = performance.now();
  for (const run of runs) {
    worker.postMessage({type: "run", id: answers.length, text: run});
    const m = await next();
    if (m.error) return {failed: m.error};
    answers.push(m.text);
  }
  const seconds = (performance.now() - started) / 1000;
  worker.postMessage({type: "run", id: -1, request: {report: "stdlib"}});
  const stdlib = (await next()).answer.stdlib;
  worker.terminate();
  return {answers, stdlib, seconds, boot: booted.ms};
}"""


def _engine_or_skip() -> dict[str, Any]:
    manifest = read_manifest(ENGINE)
    if manifest is None:
        pytest.skip("static/engine/ is not built: npm was not there (bin/_setup)")
    return manifest


def test_the_engine_is_built_from_the_pinned_pyodide_and_this_checkout() -> None:
    manifest = _engine_or_skip()
    lock = json.loads((ROOT / "package-lock.json").read_text(encoding="utf-8"))
    assert lock["packages"]["node_modules/pyodide"]["version"] == PYODIDE_VERSION
    assert manifest["pyodide"] == PYODIDE_VERSION
    assert manifest["build"] == rules_build()  # the rules and catalogs of this checkout
    assert manifest["stdlib"] == "trimmed"
    runtime = ROOT / "node_modules" / "pyodide"
    for name in ("pyodide.js", "pyodide.asm.js", "pyodide.asm.wasm"):
        shipped = manifest["files"][f"pyodide-{PYODIDE_VERSION}/{name}"]
        assert shipped["integrity"] == integrity((runtime / name).read_bytes()), name


def test_the_engine_in_the_browser_answers_every_request_as_the_server(
    app: Flask, live_server: str, phone: Phone, tmp_path: Path
) -> None:
    _engine_or_skip()
    app.config["PHONE_ENGINE"] = True
    lines = record_acceptance(tmp_path / "acceptance.jsonl")
    lines += corpus_lines(app.test_client(), range(2), 30)
    runs = list(runs_of(lines))
    phone.go("/")
    # As JSON text both ways: the page's JSON.parse would turn integers beyond 2**53 (the API
    # takes any) into doubles, on the test's side, not the engine's.
    requests = [
        json.dumps({"lang": "en", "match": run["match"], "ops": run["ops"]}) for run in runs
    ]
    replayed = phone.page.evaluate(REPLAY, requests)
    assert "failed" not in replayed, replayed.get("failed")
    found = [
        d
        for run, text in zip(runs, replayed["answers"], strict=True)
        for d in differences(run, json.loads(text)["answers"])
    ]
    ops = sum(len(run["ops"]) for run in runs)
    print(
        f"engine: booted in {replayed['boot']} ms, {len(runs)} matches, {ops} requests "
        f"answered in {replayed['seconds']:.2f} s, {len(found)} differing"
    )
    assert not found, "\n".join(found[:5])
    # Every stdlib file the engine imported is in the kept list (with the trimmed stdlib it
    # could import no other; with the whole one this says which files the list must hold).
    if os.environ.get("PHONE_STDLIB_MEASURE"):
        # The maintainer's measure (scripts/phone_bundle.py): with the whole stdlib, write the
        # list of what the engine imported.
        STDLIB_LIST.write_text(STDLIB_HEADER + "".join(f"{n}\n" for n in replayed["stdlib"]))
        return
    kept = set(stdlib_list() or ())
    assert set(replayed["stdlib"]) <= kept, sorted(set(replayed["stdlib"]) - kept)
