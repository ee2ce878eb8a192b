"""The phone's engine, built (docs/phone.md "The engine"): the rules bundle, its build id, and the
folder ``static/engine/`` that a phone's service worker precaches.

- The **rules bundle** is a *stored* zip (Pyodide reads it uncompressed; HTTP compresses it
  better than zip's deflate) of the pure rules package ``scorekeeper/rules``, its folders
  :data:`SHIPPED` (the folders only the server uses, the club night and the almanac, stay
  behind), and the compiled catalogs. Its bytes
  depend on nothing but those files (sorted names, one fixed date), so its SHA-256 is the
  **rules build id**: the server computes it from its own files (:func:`rules_build`) and
  the page and the API carry it; a phone whose engine has another id knows its rules are not
  the server's.
- **Pyodide** (CPython compiled to WebAssembly) comes from npm, pinned in ``package-lock.json``
  by its integrity hash; ``bin/_setup`` installs it when npm is there and calls
  ``scripts/phone_bundle.py``, which copies what a phone needs next to the bundle
  (:func:`write_engine`): the runtime, a lock file of our own (the rules load no package), and
  the standard library trimmed to :data:`STDLIB_LIST` (the files a run of every operation
  imported, Pyodide's own start included), as a stored zip.
- ``manifest.json`` lists every file with its SHA-256 (``integrity``) and size: what the
  service worker fetches and checks.
- Each file is also kept compressed, ``<name>.br`` (Brotli, quality 9) and ``<name>.gz``
  (:func:`compressed`), written when the file changes: the server sends the phone those
  (:mod:`.engine`), 3.5 MB instead of 13 MB, and compresses nothing at request time.
"""

from __future__ import annotations

import base64
import functools
import gzip
import hashlib
import io
import json
import zipfile
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import brotli  # type: ignore[import-untyped,unused-ignore]

#: The project's root (this file is scorekeeper/infra/engine_bundle.py).
ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "scorekeeper" / "rules"
TRANSLATIONS = ROOT / "scorekeeper" / "translations"

#: The Pyodide release pinned in package.json (its Python, 3.11, is the server's).
PYODIDE_VERSION = "0.25.1"
PYODIDE_PACKAGE = ROOT / "node_modules" / "pyodide"
#: The runtime's own files a phone needs, as npm ships them.
RUNTIME_FILES = ("pyodide.js", "pyodide.asm.js", "pyodide.asm.wasm")
#: The standard-library files the engine keeps (scripts/phone_bundle.py --measure writes it).
STDLIB_LIST = ROOT / "scripts" / "phone_stdlib.txt"

#: The folders of ``scorekeeper/rules`` a phone gets, besides the package's own
#: ``__init__.py``: what a match's requests need (docs/phone.md "The engine"). The club night
#: (``club/``) and the almanac (``almanac/``) are the server's alone; a new folder is shipped
#: only once it is named here (tests/phone/test_engine_bundle_folders.py imports the engine
#: with these folders alone).
SHIPPED = ("core", "games", "entry", "contract", "engine")

#: Every file of the bundle gets this date: the bytes depend on the contents alone.
_EPOCH = (1980, 1, 1, 0, 0, 0)

#: What the bundle holds in place of ``scorekeeper/__init__.py`` (the app's factory, Flask).
_PACKAGE_INIT = b'"""The rules of scorekeeper, on a phone (docs/phone.md)."""\n'


def is_shipped(path: Path) -> bool:
    """Whether the rules' file at ``path`` (relative to ``scorekeeper/rules``) is on the phone:
    the package's ``__init__.py`` and every file under a folder of :data:`SHIPPED`."""
    return path.parts == ("__init__.py",) or (len(path.parts) > 1 and path.parts[0] in SHIPPED)


def bundle_files() -> list[tuple[str, bytes]]:
    """The bundle's files as (name in the zip, bytes), sorted: the rules' modules and the
    compiled catalogs (``catalogs/<language>.mo``)."""
    files = [("scorekeeper/__init__.py", _PACKAGE_INIT)]
    for path in sorted(RULES.rglob("*.py")):
        if "__pycache__" in path.parts or not is_shipped(path.relative_to(RULES)):
            continue
        files.append((path.relative_to(ROOT).as_posix(), path.read_bytes()))
    for catalog in sorted(TRANSLATIONS.glob("*/LC_MESSAGES/messages.mo")):
        files.append((f"catalogs/{catalog.parts[-3]}.mo", catalog.read_bytes()))
    return sorted(files)


def stored_zip(files: Iterable[tuple[str, bytes]]) -> bytes:
    """A zip of ``files`` without compression, its bytes fixed by the names and contents."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_STORED) as archive:
        for name, data in files:
            info = zipfile.ZipInfo(name, date_time=_EPOCH)
            info.external_attr = 0o644 << 16
            archive.writestr(info, data)
    return out.getvalue()


def bundle() -> bytes:
    """The rules bundle's bytes."""
    return stored_zip(bundle_files())


@functools.cache
def rules_build() -> str:
    """The rules build id: the SHA-256 of the bundle, in hex (computed once per process)."""
    return hashlib.sha256(bundle()).hexdigest()


def integrity(data: bytes) -> str:
    """A Subresource Integrity value of ``data`` (what ``fetch(url, {integrity})`` checks)."""
    return "sha256-" + base64.b64encode(hashlib.sha256(data).digest()).decode()


def stdlib_zip(full: bytes, keep: Iterable[str] | None) -> bytes:
    """The standard library Pyodide ships (``full``, a zip), as a stored zip of the files in
    ``keep`` (all of them when ``None``)."""
    wanted = None if keep is None else set(keep)
    with zipfile.ZipFile(io.BytesIO(full)) as archive:
        files = [
            (name, archive.read(name))
            for name in sorted(archive.namelist())
            if not name.endswith("/") and (wanted is None or name in wanted)
        ]
    return stored_zip(files)


def stdlib_list() -> list[str] | None:
    """The kept standard-library files (:data:`STDLIB_LIST`), ``None`` when there is no list."""
    if not STDLIB_LIST.exists():
        return None
    lines = STDLIB_LIST.read_text(encoding="utf-8").splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


def _lock_file() -> bytes:
    """Pyodide's lock file with no package: the rules load none, and npm's is 89 KB."""
    shipped = json.loads((PYODIDE_PACKAGE / "pyodide-lock.json").read_text(encoding="utf-8"))
    return json.dumps({"info": shipped["info"], "packages": {}}, sort_keys=True).encode()


#: The compressed copies kept beside each engine file, by their HTTP content coding.
SUFFIXES = {"br": ".br", "gzip": ".gz"}


def brotli_compress(data: bytes) -> bytes:
    """``data`` in Brotli, quality 9 (the ``brotli`` package, which Flask-Compress needs)."""
    compressed: bytes = brotli.compress(data, quality=9)  # type: ignore[no-untyped-call,unused-ignore]
    return compressed


def gzip_compress(data: bytes) -> bytes:
    """``data`` in gzip, level 9, with no date in it (the same bytes every time)."""
    return gzip.compress(data, 9, mtime=0)


#: How each copy is made (Brotli's quality 9: 1.5 s for the 9 MB wasm, 15 % larger than its
#: quality 11, which takes 20 s).
ENCODINGS: dict[str, Callable[[bytes], bytes]] = {"br": brotli_compress, "gzip": gzip_compress}


def compressed(target: Path, name: str, data: bytes) -> None:
    """Keep ``<name>.br`` and ``<name>.gz`` of ``data`` beside it, made again only when
    ``data`` changed (the copies are newer than a file with these bytes)."""
    for encoding, make in ENCODINGS.items():
        copy = target / (name + SUFFIXES[encoding])
        source = target / name
        if copy.exists() and copy.stat().st_mtime_ns >= source.stat().st_mtime_ns:
            continue
        copy.write_bytes(make(data))


def write_engine(target: Path, *, full_stdlib: bool = False) -> dict[str, Any]:
    """Write ``static/engine/`` into ``target``: the runtime, the standard library (trimmed to
    :data:`STDLIB_LIST` unless ``full_stdlib``), the lock file, the rules bundle and
    ``manifest.json``; returns the manifest. Files of an older build are removed."""
    if not (PYODIDE_PACKAGE / "package.json").exists():
        raise FileNotFoundError(f"{PYODIDE_PACKAGE} is missing: run npm ci (bin/_setup)")
    shipped = json.loads((PYODIDE_PACKAGE / "package.json").read_text(encoding="utf-8"))
    if shipped["version"] != PYODIDE_VERSION:
        raise RuntimeError(f"node_modules has pyodide {shipped['version']}, not {PYODIDE_VERSION}")
    folder = f"pyodide-{PYODIDE_VERSION}"
    keep = None if full_stdlib else stdlib_list()
    files: dict[str, bytes] = {
        f"{folder}/{name}": (PYODIDE_PACKAGE / name).read_bytes() for name in RUNTIME_FILES
    }
    files[f"{folder}/python_stdlib.zip"] = stdlib_zip(
        (PYODIDE_PACKAGE / "python_stdlib.zip").read_bytes(), keep
    )
    files[f"{folder}/pyodide-lock.json"] = _lock_file()
    build = rules_build()
    files[f"rules-{build[:16]}.zip"] = bundle()
    manifest = {
        "build": build,
        "pyodide": PYODIDE_VERSION,
        "runtime": f"{folder}/",
        "rules": f"rules-{build[:16]}.zip",
        "stdlib": "trimmed" if keep is not None else "full",
        "files": {
            name: {"integrity": integrity(data), "bytes": len(data)}
            for name, data in sorted(files.items())
        },
    }
    target.mkdir(parents=True, exist_ok=True)
    kept = {name + suffix for name in files for suffix in ("", *SUFFIXES.values())}
    for old in target.rglob("*"):
        if old.is_file() and old.relative_to(target).as_posix() not in kept | {"manifest.json"}:
            old.unlink()
    for name, data in files.items():
        path = target / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if not path.exists() or path.read_bytes() != data:
            path.write_bytes(data)
        compressed(target, name, data)
    (target / "manifest.json").write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n")
    return manifest


def read_manifest(target: Path) -> dict[str, Any] | None:
    """The manifest of the engine built in ``target``, ``None`` when there is none (npm was
    not there: the app works as without an engine)."""
    path = target / "manifest.json"
    if not path.exists():
        return None
    manifest: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return manifest
