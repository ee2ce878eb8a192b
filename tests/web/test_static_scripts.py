"""The page scripts' own unit tests (``tests/static/*.test.js``) under ``node --test``: the
logic of a script that needs no page (static/club_live.js: the night followed by its event
stream, the poll in its place, what a table's phone does). Skipped where there is no node."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_the_scripts_unit_tests_pass_under_node() -> None:
    node = shutil.which("node")
    if node is None:
        pytest.skip("no node on this machine")
    tests = sorted(str(p) for p in (ROOT / "tests" / "static").glob("*.test.js"))
    assert tests
    result = subprocess.run(
        [node, "--test", *tests], capture_output=True, text=True, check=False, cwd=ROOT, timeout=120
    )
    assert result.returncode == 0, result.stdout + result.stderr
