"""docs/rules.md agrees with the code: its option tables are what the registry says, and every
section the code, the tests and the docs cite exists on the page."""

from __future__ import annotations

import importlib.util
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[3]
RULES_PAGE = ROOT / "docs" / "rules.md"
#: Where citations of the rules page are looked for.
CITING_DIRS = ("scorekeeper", "tests", "bench", "templates", "static", "scripts", "docs")
CITING_SUFFIXES = {".py", ".html", ".js", ".md", ".txt", ".toml", ".cfg", ".css"}
#: "docs/rules.md §2", the older "docs/rules.md §2", and runs such as "§2/§5", "§3-§5", "§2, §4",
#: "§3 and §5".
CITATION = re.compile(r"(?:docs/rules|RULES)\.md((?:[\s,/\-–]*(?:and\s+)?§\d+)+)")
#: A named part of a section: 'docs/rules.md §1 "Meld from real cards"'.
NAMED_CITATION = re.compile(r"(?:docs/rules|RULES)\.md §(\d+) \"([^\"]+)\"")
SECTION_HEADING = re.compile(r"^## (\d+)\. ", re.MULTILINE)


def _load_script() -> ModuleType:
    path = ROOT / "scripts" / "option_tables.py"
    spec = importlib.util.spec_from_file_location("option_tables", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("option_tables", module)
    spec.loader.exec_module(module)
    return module


option_tables = _load_script()


def _page() -> str:
    return RULES_PAGE.read_text(encoding="utf-8")


def _citing_files() -> Iterator[tuple[Path, str]]:
    for folder in CITING_DIRS:
        for path in sorted((ROOT / folder).rglob("*")):
            if path.suffix in CITING_SUFFIXES and path.is_file():
                yield path, path.read_text(encoding="utf-8", errors="replace")


def _sections(page: str) -> dict[str, str]:
    """Each numbered section's text by its number."""
    parts = re.split(r"^(?=## )", page, flags=re.MULTILINE)
    sections: dict[str, str] = {}
    for part in parts:
        heading = SECTION_HEADING.match(part)
        if heading:
            sections[heading.group(1)] = part
    return sections


def test_option_tables_match_the_registry() -> None:
    page = _page()
    wanted = option_tables.render(page)
    assert wanted == page, (
        "docs/rules.md §4 and the registry disagree: run "
        ".venv/bin/python scripts/option_tables.py and review the change"
    )


def test_every_variant_has_a_table() -> None:
    from scorekeeper.rules import all_variants

    page = _page()
    for variant in all_variants():
        assert f"#### `{variant.id}`" in page
        for row in option_tables.option_rows(variant):
            assert f"| `{row.spec.name}`" in page


def test_check_mode_passes_on_the_page() -> None:
    assert option_tables.main(["--check"]) == 0


def test_check_mode_fails_on_a_stale_page(tmp_path: Path) -> None:
    stale = _page().replace("| `target` | `1000` |", "| `target` | `999` |", 1)
    assert stale != _page()
    copy = tmp_path / "rules.md"
    copy.write_text(stale, encoding="utf-8")
    assert option_tables.main(["--check", "--page", str(copy)]) == 1
    assert option_tables.main(["--page", str(copy)]) == 0
    assert copy.read_text(encoding="utf-8") == _page()


def test_render_needs_its_markers() -> None:
    with pytest.raises(ValueError, match="options:begin"):
        option_tables.render("# no markers here\n")


def test_the_sections_keep_their_numbers() -> None:
    assert list(_sections(_page())) == [str(n) for n in range(1, 8)]


def test_every_cited_section_exists() -> None:
    sections = _sections(_page())
    missing: list[str] = []
    for path, text in _citing_files():
        for match in CITATION.finditer(text):
            for number in re.findall(r"§(\d+)", match.group(1)):
                if number not in sections:
                    missing.append(f"{path.relative_to(ROOT)}: §{number}")
    assert not missing, "cited sections missing from docs/rules.md: " + ", ".join(missing)


def test_every_cited_part_exists() -> None:
    sections = _sections(_page())
    missing: list[str] = []
    for path, text in _citing_files():
        for match in NAMED_CITATION.finditer(text):
            number, name = match.groups()
            headings = re.findall(r"^###+ (.+)$", sections.get(number, ""), re.MULTILINE)
            if name not in headings:
                missing.append(f"{path.relative_to(ROOT)}: §{number} {name!r}")
    assert not missing, "cited parts missing from docs/rules.md: " + ", ".join(missing)


def test_docs_point_nowhere_outside_the_repository() -> None:
    outside = ("..", "/shared")  # joined below, so that this file does not say it itself
    for path in [*(ROOT / "docs").glob("*.md"), *(ROOT / "scripts").glob("*.py")]:
        assert "".join(outside) not in path.read_text(encoding="utf-8"), path
