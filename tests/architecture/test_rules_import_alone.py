"""The rules import alone (issue 36): ``import scorekeeper.rules`` loads no web framework and no
database (the package's ``__init__`` builds the app lazily, in ``create_app``), and finding a
form loads only the games, never the club night or the almanac.

Each check runs in a fresh interpreter: this test process has long imported Flask.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

#: The top-level packages of the web side and the database, which the rules must not load.
WEB_PACKAGES = ("flask", "sqlalchemy", "werkzeug", "jinja2")

#: The rules' folders that only the server uses: finding a form must not reach them.
SERVER_FOLDERS = ("scorekeeper.rules.club", "scorekeeper.rules.almanac")


def _modules_after(code: str) -> list[str]:
    """The names in ``sys.modules`` once a fresh interpreter has run ``code``."""
    script = f"import json, sys\n{code}\nprint(json.dumps(sorted(sys.modules)))\n"
    run = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True
    )
    names: list[str] = json.loads(run.stdout.splitlines()[-1])
    return names


def _is_web(name: str) -> bool:
    top = name.split(".")[0]
    return top in WEB_PACKAGES or top.startswith("flask_")


def _under(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")


def test_the_guard_sees_a_web_module() -> None:
    assert [name for name in ("flask", "flask_babel", "sqlalchemy.orm") if _is_web(name)] == [
        "flask",
        "flask_babel",
        "sqlalchemy.orm",
    ]
    assert not _is_web("scorekeeper.rules.core.wording")
    assert _under("scorekeeper.rules.club.rotation", "scorekeeper.rules.club")
    assert not _under("scorekeeper.rules.games.club_form", "scorekeeper.rules.club")


def test_importing_the_rules_loads_no_web_framework_nor_database() -> None:
    loaded = _modules_after("import scorekeeper.rules")
    assert "scorekeeper.rules" in loaded
    assert [name for name in loaded if _is_web(name)] == []


def test_finding_a_form_loads_neither_the_club_night_nor_the_almanac() -> None:
    loaded = _modules_after(
        "import scorekeeper.rules\n"
        'assert scorekeeper.rules.find_variant("auction").id == "auction"\n'
        "assert scorekeeper.rules.all_variants()"
    )
    assert "scorekeeper.rules.games.auction.form" in loaded
    assert [name for name in loaded if any(_under(name, p) for p in SERVER_FOLDERS)] == []
    assert [name for name in loaded if _is_web(name)] == []
