"""The page scripts as modules (issue 36): none over 350 lines, loaded by every page in the
order the service worker keeps them (each uses those before it), sent without their comment
lines, and ``/engine/counted.js`` as its three files. Their unit tests run under node
(``tests/static/*.test.js``, run by ``bin/test`` itself)."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from scorekeeper.infra import engine, offline

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "static"
LONGEST = 350


def test_no_script_is_over_350_lines() -> None:
    lengths = {p.name: len(p.read_text(encoding="utf-8").splitlines()) for p in STATIC.glob("*.js")}
    assert len(lengths) > 10
    assert {name: n for name, n in lengths.items() if n > LONGEST} == {}


def test_every_page_loads_the_shells_scripts_in_their_order() -> None:
    base = (ROOT / "templates" / "base.html").read_text(encoding="utf-8")
    tag = r"<script src=\"\{\{ url_for\('static', filename='([^']+)'\) \}\}\" defer>"
    loaded = re.findall(tag, base)
    assert loaded == [name for name in offline.SHELL if name.endswith(".js")]
    assert loaded[0] == "keys.js"  # the names kept on the phone, which the others use


def test_a_script_is_sent_without_its_comment_lines(client: FlaskClient) -> None:
    source = (STATIC / "queue.js").read_bytes()
    with client.get("/static/queue.js") as answer:
        sent = answer.get_data()
    assert answer.status_code == 200
    assert sent.count(b"\n") == source.count(b"\n")  # the lines of an error's stack stay
    assert not [line for line in sent.split(b"\n") if line.lstrip().startswith(b"//")]
    code = [line for line in source.split(b"\n") if not line.lstrip().startswith(b"//")]
    # Each line of code as it is, or without the comment after it (queue.js has three).
    kept = [line for line in sent.split(b"\n") if line]
    cut = [(a, b) for a, b in zip(kept, [line for line in code if line], strict=True) if a != b]
    assert len(cut) == 3
    assert all(b.startswith(a) and b[len(a) :].lstrip().startswith(b"// ") for a, b in cut)


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_every_script_sent_is_the_same_program(client: FlaskClient, tmp_path: Path) -> None:
    """Without its comments each script still parses (a comment cut inside a string or a
    regular expression would not), and no line that is not a comment lost a ``//``."""
    for script in sorted(STATIC.glob("*.js")):
        with client.get(f"/static/{script.name}") as answer:
            sent = answer.get_data()
        copy = tmp_path / script.name
        copy.write_bytes(sent)
        checked = subprocess.run(["node", "--check", str(copy)], capture_output=True, check=False)
        assert checked.returncode == 0, (script.name, checked.stderr.decode())
        for was, now in zip(script.read_bytes().split(b"\n"), sent.split(b"\n"), strict=True):
            if now != was and now:
                assert was.startswith(now), was
                assert was[len(now) :].lstrip().startswith(b"// "), was


def test_the_counted_script_is_its_pure_parts_then_the_pages(client: FlaskClient) -> None:
    with client.get("/engine/counted.js") as answer:
        sent = answer.get_data()
    assert engine.COUNTED == ("counted_core.js", "counted.js", "match_end.js")
    assert sent == b"\n".join((STATIC / name).read_bytes() for name in engine.COUNTED)
