"""Build the phone's engine into ``static/engine/`` (docs/phone.md "The engine"): Pyodide from
``node_modules`` (``npm ci``), the trimmed standard library, the rules bundle and the manifest.
``bin/_setup`` runs it when npm is there. ``--full-stdlib`` keeps Pyodide's whole standard
library, to measure which files the engine needs: then ``PHONE_STDLIB_MEASURE=1 pytest
tests/browser/test_phone_engine.py`` writes them to ``scripts/phone_stdlib.txt``.

``.venv/bin/python scripts/phone_bundle.py [--full-stdlib]``
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scorekeeper.infra.engine_bundle import ROOT, write_engine


def main() -> None:
    """Write the engine and say what it weighs."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--full-stdlib", action="store_true", help="keep the whole stdlib")
    parser.add_argument("--target", type=Path, default=ROOT / "static" / "engine")
    args = parser.parse_args()
    manifest = write_engine(args.target, full_stdlib=args.full_stdlib)
    total = sum(entry["bytes"] for entry in manifest["files"].values())
    print(
        f"engine {manifest['build'][:16]} (pyodide {manifest['pyodide']}, "
        f"{manifest['stdlib']} stdlib): {len(manifest['files'])} files, {total:,} bytes"
    )


if __name__ == "__main__":
    main()
