"""The rules bundle of the phone's engine holds what it needs (issue 36): what it ships is
decided by folder (``SHIPPED`` in ``scorekeeper/infra/engine_bundle.py``), so a module that a
shipped one imports from a folder left behind (the club night, the almanac) would break the
phone alone.

This extracts exactly the bundle's files (:func:`bundle_files`) and runs the engine's entry point
on them in an interpreter that has nothing else: no ``site`` (``-S``), isolated from the
environment and the working directory (``-I``), the extracted folder its only addition to the
standard library. One real request goes through :func:`scorekeeper.rules.engine.answers.run` and
is answered as the server answers it. (tests/browser/test_phone_engine.py runs the built bundle
under Pyodide; this is the quick check of its folders.)
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

from flask.testing import FlaskClient

from scorekeeper.infra.engine_bundle import SHIPPED, bundle_files
from tests.helpers import MatchClient
from tests.phone.runs import differences

#: Run by ``python -S -I -c``: the bundle's folder (``argv[1]``) goes first on ``sys.path``, the
#: request comes on stdin; prints the answer, ``sys.path``, the package's modules loaded and any
#: module loaded from elsewhere than the bundle or the standard library.
ENGINE_ALONE = textwrap.dedent(
    """
    import json, sys, sysconfig
    bundle = sys.argv[1]
    sys.path.insert(0, bundle)
    from scorekeeper.rules.engine import answers
    answer = json.loads(answers.run(sys.stdin.read()))
    stdlib = {sysconfig.get_paths()["stdlib"], sysconfig.get_paths()["platstdlib"]}
    outside = sorted(
        name
        for name, module in sys.modules.items()
        if getattr(module, "__file__", None)
        and not module.__file__.startswith(bundle)
        and (
            "site-packages" in module.__file__
            or not any(module.__file__.startswith(folder) for folder in stdlib)
        )
    )
    print(json.dumps({
        "answer": answer,
        "path": sys.path,
        "modules": sorted(name for name in sys.modules if name.startswith("scorekeeper")),
        "outside": outside,
    }))
    """
)

#: A pinochle-2 hand and its scores (tests/acceptance/test_pinochle_forms.py,
#: test_pinochle2_hand_totals_dealer_leader; docs/rules.md §2): meld 150 and 20 + 10, tricks
#: 130 and 120.
HAND = {"meld": {"Ana": 150, "Ben": ["marriage", "dix"]}, "tricks": {"Ana": 130, "Ben": 120}}
SCORES = {"Ana": 280, "Ben": 150}


def extract_bundle(target: Path) -> list[str]:
    """Write the bundle's files (and nothing else) under ``target``; their names."""
    names = []
    for name, data in bundle_files():
        path = target / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        names.append(name)
    return names


def run_alone(bundle: Path, request: dict[str, Any]) -> dict[str, Any]:
    """What :data:`ENGINE_ALONE` prints for ``request``, run with ``bundle`` as its only path."""
    done = subprocess.run(
        [sys.executable, "-S", "-I", "-c", ENGINE_ALONE, str(bundle)],
        input=json.dumps(request),
        cwd=bundle,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    printed: dict[str, Any] = json.loads(done.stdout)
    return printed


def test_the_bundle_ships_the_folders_named_and_no_other(tmp_path: Path) -> None:
    names = extract_bundle(tmp_path)
    rules = [name for name in names if name.startswith("scorekeeper/rules/")]
    folders = {name.split("/")[2] for name in rules if name.count("/") > 2}
    assert folders == set(SHIPPED)
    assert "scorekeeper/rules/__init__.py" in rules
    assert "scorekeeper/rules/engine/answers.py" in rules
    assert not any(
        name.startswith(("scorekeeper/rules/club/", "scorekeeper/rules/almanac/")) for name in rules
    )


def test_the_engine_answers_a_hand_from_the_bundle_alone(
    client: FlaskClient, tmp_path: Path
) -> None:
    extract_bundle(tmp_path)
    table = MatchClient(client)
    table.create({"variant": "pinochle-2", "players": ["Ana", "Ben"]})
    match = table.get()
    op = {"method": "POST", "path": "/hands", "body": json.dumps(HAND), "lang": "en"}
    printed = run_alone(tmp_path, {"lang": "en", "match": match, "ops": [op]})

    # Nothing but the bundle and the standard library was there to import from.
    assert printed["path"][0] == str(tmp_path)
    assert not [entry for entry in printed["path"] if "site-packages" in entry]
    assert printed["outside"] == []
    assert "scorekeeper.rules.engine.answers" in printed["modules"]

    (answer,) = printed["answer"]["answers"]
    assert answer["status"] == 201, answer
    assert answer["body"]["hand"]["scores"] == SCORES
    assert answer["body"]["match"]["totals"] == SCORES
    # And it is the server's answer to the same request, whole.
    server = table.add(HAND)
    run = {
        "test": "bundle alone",
        "ops": [op],
        "expected": [{"status": server.status_code, "body": server.get_json()}],
    }
    assert differences(run, [answer]) == []
