"""The layering the design card asks for (docs/README.md): the web side asks the variant what
its table looks like instead of testing its name, and the repository carries its own docs.

These guard the architecture: a page that writes ``if match.variant == "auction"`` again, or a
citation of a document outside the repository, fails here.
"""

from __future__ import annotations

import ast
import re
import subprocess
from pathlib import Path

import pytest

from scorekeeper.rules import all_variants

ROOT = Path(__file__).resolve().parents[2]
VARIANT_IDS = frozenset(variant.id for variant in all_variants())


def _web_python() -> list[Path]:
    package = ROOT / "scorekeeper"
    return [path for path in package.rglob("*.py") if package / "rules" not in path.parents]


def _variant_literals(source: str) -> list[tuple[int, str]]:
    """Every string constant of a module that is a variant's id, with its line."""
    return [
        (node.lineno, node.value)
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Constant) and node.value in VARIANT_IDS
    ]


def test_the_guard_sees_a_variant_test() -> None:
    assert _variant_literals('if match.variant == "auction":\n    pass\n') == [(1, "auction")]
    assert _variant_literals('units = "units"\n') == []


@pytest.mark.parametrize("path", _web_python(), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_web_module_names_a_variant(path: Path) -> None:
    assert _variant_literals(path.read_text(encoding="utf-8")) == []


_QUOTED = re.compile(r"""["']([a-z0-9-]+)["']""")


@pytest.mark.parametrize(
    "path",
    sorted([*(ROOT / "templates").rglob("*.html"), *(ROOT / "static").rglob("*.js")]),
    ids=lambda p: str(p.relative_to(ROOT)),
)
def test_no_template_or_script_names_a_variant(path: Path) -> None:
    found = [
        word for word in _QUOTED.findall(path.read_text(encoding="utf-8")) if word in VARIANT_IDS
    ]
    assert found == []


def _tracked_files() -> list[Path]:
    listed = subprocess.run(
        ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True
    ).stdout.decode()
    return [ROOT / name for name in listed.split("\0") if name]


#: A citation of the digests the project started from, which live outside the repository.
_OUTSIDE = re.compile(r"\.\./shared|(?<![/\w])(?:RULES|API)\.md")


def test_nothing_cites_documents_outside_the_repository() -> None:
    if not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    assert _OUTSIDE.search("see RULES.md §4")
    assert _OUTSIDE.search("../shared/seeds")
    assert not _OUTSIDE.search("see docs/rules.md §4 and docs/api.md")
    citing = [
        str(path.relative_to(ROOT))
        for path in _tracked_files()
        if path.is_file()
        and path != Path(__file__)
        and _OUTSIDE.search(path.read_text(encoding="utf-8", errors="replace"))
    ]
    assert citing == []
    assert (ROOT / "docs" / "rules.md").is_file()
    assert (ROOT / "docs" / "api.md").is_file()
