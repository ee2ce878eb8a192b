"""The README's commands are shell scripts that CI only half exercises (bin/run serves forever):
at least every one of them must parse, or a newcomer's first command fails."""

import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("script", ["bin/run", "bin/test", "bin/_setup", ".ci/run"])
def test_script_parses(script: str) -> None:
    result = subprocess.run(
        ["bash", "-n", str(ROOT / script)], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr
