"""Serving installs what serving needs (issue 17): ``bin/run`` and ``bin/serve`` install the
runtime dependencies only, ``bin/test`` the development tools too; and the app serves, migrates
and backs up with every development tool out of reach.

The scripts run for real in a copy of ``bin/`` with a stand-in ``.venv`` whose ``pip``,
``flask``, ``pybabel`` and ``gunicorn`` only write down how they were called (nothing is
installed, nothing served); the ``python`` of that ``.venv`` is this one.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import sys
import textwrap
from importlib.metadata import PackageNotFoundError, packages_distributions, requires
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parent.parent
#: What pyproject.toml lists as development tools (a sample: they must not be needed to serve).
TOOLS = {"pytest", "mypy", "ruff", "playwright", "hypothesis"}

STUB = """#!/bin/sh
echo "{name} $*{extra}" >> "$STUB_LOG"
"""
#: The stand-in python: pip is written down; anything else runs this interpreter.
PYTHON = """#!/bin/sh
if [ "$1" = -m ] && [ "$2" = pip ]; then
  shift 2
  echo "pip $*" >> "$STUB_LOG"
  exit 0
fi
exec {python} "$@"
"""


def lan_address() -> str:
    """The address bin/run is expected to print (the route to the outside world's)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))
            found = str(probe.getsockname()[0])
        except OSError:
            return ""
    return "" if found.startswith("127.") else found


class Clone:
    """A copy of the scripts and of what they read, with a stand-in ``.venv``."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        (folder / "bin").mkdir(parents=True)
        for name in ("_setup", "run", "serve"):
            shutil.copy2(ROOT / "bin" / name, folder / "bin" / name)
        # bin/test's own checks are not run here: only its setup (the line it starts with).
        (folder / "bin/test").write_text('#!/usr/bin/env bash\nsource "$(dirname "$0")/_setup"\n')
        (folder / "bin/test").chmod(0o755)
        for name in ("pyproject.toml", "setup.py"):
            shutil.copy2(ROOT / name, folder / name)
        venv = folder / ".venv/bin"
        venv.mkdir(parents=True)
        (venv / "python").write_text(PYTHON.format(python=sys.executable))
        (venv / "pybabel").write_text(STUB.format(name="pybabel", extra=""))
        (venv / "flask").write_text(STUB.format(name="flask", extra=""))
        (venv / "gunicorn").write_text(
            STUB.format(name="gunicorn", extra=" PUBLIC_URL=${PUBLIC_URL:-}")
        )
        for stub in venv.iterdir():
            stub.chmod(0o755)
        self.log = folder / "calls.log"
        self.log.touch()

    def run(self, script: str, **env: str) -> tuple[subprocess.CompletedProcess[str], list[str]]:
        """Run ``bin/<script>``; what it printed and the calls it made."""
        before = len(self.calls())
        environment = {
            key: value
            for key, value in os.environ.items()
            if key not in {"PUBLIC_URL", "SECRET_KEY", "DATABASE_URL", "PORT", "SETUP_EXTRAS"}
        }
        environment.update(env, STUB_LOG=str(self.log))
        done = subprocess.run(
            ["bash", f"bin/{script}"],
            cwd=self.folder,
            env=environment,
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        return done, self.calls()[before:]

    def calls(self) -> list[str]:
        return self.log.read_text().splitlines()


@pytest.fixture
def clone(tmp_path: Path) -> Clone:
    return Clone(tmp_path / "clone")


def installs(calls: list[str]) -> list[str]:
    return [
        call for call in calls if call.startswith("pip install") and "--upgrade pip" not in call
    ]


def test_bin_run_installs_no_development_tool_and_bin_test_does(clone: Clone) -> None:
    done, calls = clone.run("run", PORT="5123")
    assert done.returncode == 0, done.stderr
    assert installs(calls) == ["pip install --quiet -e ."]
    # The migrations, then gunicorn with its configuration, in that order.
    assert calls[-2:][0] == "flask --app scorekeeper db upgrade"
    assert calls[-1].startswith("gunicorn --config gunicorn.conf.py")

    done, calls = clone.run("test")
    assert done.returncode == 0, done.stderr
    assert installs(calls) == ["pip install --quiet -e .[dev]"]

    # What bin/test installed holds what serving needs: no second install.
    done, calls = clone.run("run", PORT="5123")
    assert done.returncode == 0, done.stderr
    assert installs(calls) == []


def test_bin_run_prints_the_address_phones_use_and_share_links_carry_it(clone: Clone) -> None:
    done, calls = clone.run("run", PORT="5123")
    assert done.returncode == 0, done.stderr
    address = lan_address()
    if address:
        url = f"http://{address}:5123"
        assert f"open:  {url}/" in done.stdout
        assert calls[-1].endswith(f"PUBLIC_URL={url}")
    else:
        assert "no network address a phone could" in done.stdout
        assert calls[-1].endswith("PUBLIC_URL=")
    assert "Ctrl+C stops the server" in done.stdout
    assert f"{clone.folder}/instance/scorekeeper.sqlite" in done.stdout

    # A PUBLIC_URL given by hand is the one phones are told, and the one links carry.
    done, calls = clone.run("run", PUBLIC_URL="https://cards.example.org")
    assert "open:  https://cards.example.org/" in done.stdout
    assert calls[-1].endswith("PUBLIC_URL=https://cards.example.org")


def test_bin_serve_migrates_then_serves_and_wants_a_secret_key(clone: Clone) -> None:
    done, calls = clone.run("serve")
    assert done.returncode == 2
    assert "SECRET_KEY" in done.stderr
    assert installs(calls) == ["pip install --quiet -e ."]
    assert not [call for call in calls if call.startswith(("flask", "gunicorn"))]

    done, calls = clone.run("serve", SECRET_KEY="s" * 40)
    assert done.returncode == 0, done.stderr
    assert calls[-2:] == [
        "flask --app scorekeeper db upgrade",
        "gunicorn --config gunicorn.conf.py PUBLIC_URL=",
    ]


def _requirements(name: str, extra: str = "") -> list[Requirement]:
    """What the installed distribution ``name`` requires: itself (``extra`` empty), or what its
    ``extra`` adds."""
    try:
        texts = requires(name) or []
    except PackageNotFoundError:
        return []
    found = []
    for need in map(Requirement, texts):
        always = need.marker is None or need.marker.evaluate({"extra": ""})
        if extra:
            if not always and need.marker is not None and need.marker.evaluate({"extra": extra}):
                found.append(need)
        elif always:
            found.append(need)
    return found


def _closure(roots: list[Requirement]) -> set[str]:
    """Every distribution ``roots`` need, theirs included (with the extras they ask for)."""
    seen: set[tuple[str, str]] = set()
    todo = list(roots)
    while todo:
        need = todo.pop()
        for extra in ("", *need.extras):
            key = (canonicalize_name(need.name), extra)
            if key not in seen:
                seen.add(key)
                todo.extend(_requirements(need.name, extra))
    return {name for name, _ in seen}


def development_only_modules() -> set[str]:
    """The top-level modules that only the development tools bring."""
    only_dev = _closure(_requirements("scorekeeper", "dev")) - _closure(
        _requirements("scorekeeper")
    )
    assert {canonicalize_name(tool) for tool in TOOLS} <= only_dev, only_dev
    return {
        module
        for module, dists in packages_distributions().items()
        if dists and all(canonicalize_name(dist) in only_dev for dist in dists)
    }


SNIPPET = textwrap.dedent(
    """
    import importlib.abc, json, sys
    from pathlib import Path

    blocked = set(json.loads(sys.argv[1]))
    # What the interpreter loaded at start (a .pth file's import), before the app was asked.
    at_start = set(sys.modules)

    class Refuse(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path=None, target=None):
            if name.partition(".")[0] in blocked:
                raise ImportError(f"{name} is a development tool")
            return None

    sys.meta_path.insert(0, Refuse())
    try:
        import pytest  # noqa: F401
    except ImportError:
        pass
    else:
        raise SystemExit("the development tools were not out of reach")

    from flask_migrate import upgrade
    from scorekeeper import create_app
    from scorekeeper.config import Config

    here = Path(sys.argv[2])
    app = create_app(Config(str(here / "instance")))
    with app.app_context():
        upgrade()
    client = app.test_client()
    made = client.post(
        "/api/v1/matches", json={"variant": "auction", "players": ["A", "B", "C", "D"]}
    ).get_json()
    answers = {
        "home": client.get("/").status_code,
        "match": client.get("/m/" + made["id"]).status_code,
        "board": client.get("/m/" + made["id"] + "/board").status_code,
        "readyz": client.get("/readyz").status_code,
        "backup": app.test_cli_runner().invoke(args=["backup", str(here / "b.sqlite")]).exit_code,
    }
    loaded = sorted(
        name for name in set(sys.modules) - at_start if name.partition(".")[0] in blocked
    )
    print(json.dumps({"answers": answers, "loaded": loaded}))
    """
)


def test_the_app_serves_with_every_development_tool_out_of_reach(tmp_path: Path) -> None:
    blocked = development_only_modules()
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in {"DATABASE_URL", "PUBLIC_URL", "SECRET_KEY"}
        and not key.startswith("RATELIMIT")
    }
    done = subprocess.run(
        [sys.executable, "-c", SNIPPET, json.dumps(sorted(blocked)), str(tmp_path)],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    out = json.loads(done.stdout.strip().splitlines()[-1])
    assert out["answers"] == {
        "home": 200,
        "match": 200,
        "board": 200,
        "readyz": 200,
        "backup": 0,
    }
    assert out["loaded"] == []
    assert re.search(r'"path": "/readyz", "status": 200', done.stderr)
