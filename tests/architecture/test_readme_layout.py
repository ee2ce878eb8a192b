"""The README's "Layout" says where things are (issue 36): every folder it names exists, and
every package of the rules and of the service is named in it, so a newcomer finds "where is the
kitty computed", "where is a Mitchell movement drawn" and "what does the phone's engine import"
from it and the folders' names.

How the Layout's code block names a folder (a simple convention, held strictly here):

- Each line is a *names column*, then two spaces or more, then its description. A line indented
  by :data:`DESCRIPTION_COLUMN` spaces or more only goes on with the description above it.
- The names column holds files and folders, separated by spaces or commas; a folder ends with
  ``/`` (``core/``, ``matches/ groups/``, ``scorekeeper/rules/``). Paths in the descriptions are
  words, not names.
- A line's indentation is two spaces per level. At level 0 a folder is named from the
  repository's root; at level ``n`` it lies in the folder named alone on the nearest line above
  at level ``n - 1`` (``  core/`` under ``scorekeeper/rules/`` is ``scorekeeper/rules/core/``).
  A line below one that names no folder, or several, cannot name folders.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"

#: Where the block's descriptions start: a line indented this far goes on with the one above.
DESCRIPTION_COLUMN = 22

#: The packages whose every sub-package the Layout names.
NAMED_PACKAGES = ("scorekeeper/rules", "scorekeeper/service")


class LayoutError(ValueError):
    """A line of the Layout's block that breaks the convention (module doc)."""


def layout_block(markdown: str) -> list[str]:
    """The lines of the first code block under ``## Layout``."""
    section = markdown.split("\n## Layout\n", 1)[1].split("\n## ", 1)[0]
    return section.split("```", 2)[1].strip("\n").splitlines()


def named_folders(lines: list[str]) -> list[str]:
    """The folders the block's ``lines`` name, as paths from the repository's root ending in
    ``/``, in order; :class:`LayoutError` on a line that breaks the convention."""
    found: list[str] = []
    #: The folder named alone at each level so far (``None``: that line named none, or several).
    parents: list[str | None] = []
    for number, line in enumerate(lines, 1):
        indent = len(line) - len(line.lstrip(" "))
        if not line.strip() or indent >= DESCRIPTION_COLUMN:
            continue
        if indent % 2:
            raise LayoutError(f"line {number} is indented by {indent}, not two per level: {line}")
        level = indent // 2
        if level > len(parents):
            raise LayoutError(f"line {number} is indented past the line above: {line}")
        names = re.split(r"\s{2,}", line.strip(), maxsplit=1)[0]
        folders = [name for name in re.split(r"[\s,]+", names) if name.endswith("/")]
        parent = parents[level - 1] if level else ""
        if folders and parent is None:
            raise LayoutError(
                f"line {number} names {' '.join(folders)} below a line that names no folder "
                f"alone: {line}"
            )
        paths = [f"{parent}{folder}" for folder in folders]
        found.extend(paths)
        del parents[level:]
        parents.append(paths[0] if len(paths) == 1 else None)
    return found


def _packages(root: Path) -> list[str]:
    """Every package at or under ``root`` (a folder with ``__init__.py``), as ``path/``."""
    return sorted(
        f"{init.parent.relative_to(ROOT).as_posix()}/"
        for init in root.rglob("__init__.py")
        if "__pycache__" not in init.parts
    )


def test_the_guard_reads_the_convention() -> None:
    block = [
        "scorekeeper/rules/    the rules (a description may name core/ freely)",
        "  core/ games/        two folders in the rules",
        "  club/               the club",
        "                      (its description goes on: rotation/ is a word here)",
        "    rotation/         one module per movement",
        "  kitty.py            a file at level 1 ends the club's folders",
        "templates/ static/    two folders from the root",
    ]
    assert named_folders(block) == [
        "scorekeeper/rules/",
        "scorekeeper/rules/core/",
        "scorekeeper/rules/games/",
        "scorekeeper/rules/club/",
        "scorekeeper/rules/club/rotation/",
        "templates/",
        "static/",
    ]
    for broken in (
        ["scorekeeper/     the app", "   odd/         three spaces"],
        ["scorekeeper/     the app", "    deep/      two levels at once"],
        ["templates/ static/   two", "  where/       in which of them?"],
        ["scorekeeper/     the app", "  app.py       a file", "    lost/      in a file"],
    ):
        try:
            named_folders(broken)
        except LayoutError:
            continue
        raise AssertionError(f"not refused: {broken}")


def test_every_folder_the_layout_names_exists() -> None:
    named = named_folders(layout_block(README.read_text(encoding="utf-8")))
    assert "scorekeeper/rules/core/" in named  # the block was read
    missing = [folder for folder in named if not (ROOT / folder).is_dir()]
    assert missing == [], f"README.md's Layout names folders that do not exist: {missing}"


def test_the_layout_names_every_package_of_the_rules_and_the_service() -> None:
    named = set(named_folders(layout_block(README.read_text(encoding="utf-8"))))
    packages = [package for root in NAMED_PACKAGES for package in _packages(ROOT / root)]
    assert "scorekeeper/rules/games/pinochle/" in packages
    unnamed = [package for package in packages if package not in named]
    assert unnamed == [], f"README.md's Layout does not name these packages: {unnamed}"
