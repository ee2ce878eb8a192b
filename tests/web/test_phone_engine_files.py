"""The engine's files are sent compressed as they were built (docs/phone.md "The engine"): a phone
fetches about 3.4 MB once, not 13 MB, and the server compresses nothing at request time."""

from __future__ import annotations

import base64
import gzip
import hashlib
from pathlib import Path
from typing import Any

import brotli  # type: ignore[import-untyped,unused-ignore]
import pytest
from flask.testing import FlaskClient

from scorekeeper.infra.engine_bundle import ROOT, read_manifest

ENGINE = ROOT / "static" / "engine"


@pytest.fixture
def manifest() -> dict[str, Any]:
    found = read_manifest(ENGINE)
    if found is None:
        pytest.skip("static/engine/ is not built: npm was not there (bin/_setup)")
    return found


def _checked(body: bytes, integrity: str) -> bool:
    return "sha256-" + base64.b64encode(hashlib.sha256(body).digest()).decode() == integrity


@pytest.mark.parametrize(
    ("accepted", "coding", "decode"),
    [
        ("br, gzip", "br", brotli.decompress),
        ("gzip", "gzip", gzip.decompress),
        ("identity", None, lambda body: body),
    ],
)
def test_an_engine_file_comes_in_the_coding_the_phone_accepts(
    client: FlaskClient, manifest: dict[str, Any], accepted: str, coding: str | None, decode: Any
) -> None:
    name = f"{manifest['runtime']}pyodide.asm.wasm"
    response = client.get(f"/static/engine/{name}", headers={"Accept-Encoding": accepted})
    sent = response.get_data()
    response.close()  # the file it was sent from
    assert response.status_code == 200
    assert response.headers.get("Content-Encoding") == coding
    assert response.mimetype == "application/wasm"  # WebAssembly streaming compiles need it
    assert "immutable" in response.headers["Cache-Control"]
    body = decode(sent)
    assert _checked(body, manifest["files"][name]["integrity"])
    if coding == "br":
        # What the study measured brotli at: about a quarter of the file.
        assert len(sent) < 0.3 * manifest["files"][name]["bytes"]


def test_only_the_manifest_files_are_served(client: FlaskClient, manifest: dict[str, Any]) -> None:
    assert client.get("/static/engine/manifest.json.br").status_code == 404
    assert client.get("/static/engine/../engine_worker.js").status_code == 404
    assert Path(ENGINE / "manifest.json").exists()
