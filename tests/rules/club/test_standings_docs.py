"""docs/club.md keeps its section numbers, and every section the code, the tests and the docs
cite as ``docs/club.md §N`` or ``§N.M`` exists on the page."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
CLUB_PAGE = ROOT / "docs" / "club.md"
CITING_DIRS = ("scorekeeper", "tests", "bench", "templates", "static", "scripts", "docs")
CITING_SUFFIXES = {".py", ".html", ".js", ".md", ".txt", ".toml", ".cfg", ".css"}
#: "docs/club.md §9.3", and runs such as "§9.3, §9.4", "§4.2-§4.3", "§5 and §9.3".
CITATION = re.compile(r"docs/club\.md((?:[\s,/\-–]*(?:and\s+)?§\d+(?:\.\d+)?)+)")
HEADING = re.compile(r"^##+ (\d+(?:\.\d+)?)\.? ", re.MULTILINE)


def _numbers() -> list[str]:
    return HEADING.findall(CLUB_PAGE.read_text(encoding="utf-8"))


def _citing_files() -> Iterator[tuple[Path, str]]:
    for folder in CITING_DIRS:
        for path in sorted((ROOT / folder).rglob("*")):
            if path.suffix in CITING_SUFFIXES and path.is_file():
                yield path, path.read_text(encoding="utf-8", errors="replace")


def test_the_sections_keep_their_numbers() -> None:
    numbers = _numbers()
    assert [n for n in numbers if "." not in n] == [str(n) for n in range(1, 21)]
    assert [n for n in numbers if n.startswith("4.")] == [f"4.{n}" for n in range(1, 10)]
    assert [n for n in numbers if n.startswith("9.")] == [f"9.{n}" for n in range(1, 8)]


def test_the_part_two_sections_say_they_are_built() -> None:
    """docs/club.md "What is built": issue 29 built part two, so its sections' headings say
    "*(part two: built)*", and no marker is left saying something is still to come."""
    page = CLUB_PAGE.read_text(encoding="utf-8")
    for heading in ("### 4.4 ", "### 4.5 ", "## 6. ", "## 10. "):
        line = next(line for line in page.splitlines() if line.startswith(heading))
        assert line.endswith("*(part two: built)*"), line
    assert "*(part two)*" not in page
    assert "not built" not in page.lower()
    built = page.split("## What is built", 1)[1].split("\n## ", 1)[0]
    for section in ("§4.4", "§4.5", "§6", "§10"):
        assert section in built, section


def test_every_cited_section_exists() -> None:
    numbers = set(_numbers())
    missing: list[str] = []
    for path, text in _citing_files():
        for match in CITATION.finditer(text):
            for number in re.findall(r"§(\d+(?:\.\d+)?)", match.group(1)):
                if number not in numbers:
                    missing.append(f"{path.relative_to(ROOT)}: §{number}")
    assert not missing, "cited sections missing from docs/club.md: " + ", ".join(missing)
