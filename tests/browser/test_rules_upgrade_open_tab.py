"""An upgrade with an open tab (issue 38 point 4; docs/phone.md "An upgrade with an open tab").

Before, a match page left open across an upgrade of the server kept the old rules as if they
were the server's: its engine's counts were never marked "other rules", a Save painted the old
rules' totals, and offline it refused a meld the new server takes. Now every answer the page
receives names the rules that made it (the API's ``Rules-Build``, a page saved in place by its
``<main data-rules>``): one of another build than the engine runs is said on the page, the old
engine's counts are marked as of other rules, and the new build's engine is fetched and started
without a reload, after which the counts are the server's again.

The upgrade is a real second rules bundle: this checkout's, with one rule changed (a meld need
no longer be a multiple of 10, only of 5: ``melds/declared.py`` ``MELD_STEP``), served from a
folder of its own beside the first, while the server's own rules change the same way. Its
rules file is held back at the server until the test lets it go, so that the page is seen while
the old engine still counts. Every wait is for a state, never for a time.
"""

from __future__ import annotations

import hashlib
import io
import json
import zipfile
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

import scorekeeper.api
from scorekeeper.infra import engine
from scorekeeper.infra.engine_bundle import (
    PYODIDE_VERSION,
    ROOT,
    brotli_compress,
    bundle,
    gzip_compress,
    integrity,
    read_manifest,
    stored_zip,
)
from scorekeeper.rules.engine import words as phone_words
from scorekeeper.rules.engine.answers import gettext_of
from scorekeeper.rules.games.pinochle.melds import declared

from .conftest import Phone
from .held import HeldAnswers
from .table import start
from .test_offline import stored
from .test_phone_counting_without_copy import SERVERS_PAGE
from .test_phone_offline import (
    COUNTED,
    ENGINE_TIMEOUT_MS,
    READY,
    Hand,
    api_match,
    open_with_engine,
    type_hand,
)

STATIC = ROOT / "static"
#: The rules file the upgrade changes, as the bundle names it, and the change.
CHANGED = "scorekeeper/rules/games/pinochle/melds/declared.py"
OLD_RULE, NEW_RULE = b"\nMELD_STEP = 10\n", b"\nMELD_STEP = 5\n"
#: Two-handed pinochle: Ana's meld and tricks (Ben takes the other 120 of 250).
PLAIN = Hand({"meld_0": "20", "tricks_0": "130"})  # 150 to 120 under both rules
ODD = Hand({"meld_0": "75", "tricks_0": "130"})  # refused by the old rules, 205 by the new
#: The longest the server holds the new build's rules file back (a failed test, not a hang).
HOLD_S = 120.0
#: The page's note of the upgrade: what it says ("other" while the old engine counts,
#: "current" once the new one does).
NOTE = "(said) => document.querySelector('#rules-upgrade')?.dataset.rules === said"
#: The engine running the build ``b`` (its first 16 hex), as this page's rules.
RUNNING = (
    "(b) => { const e = window.scorekeeper.engine; return e.state === 'ready' && !e.mismatch &&"
    " String(e.build).slice(0, 16) === b; }"
)


def engine_folder(target: Path, manifest: dict[str, Any], rules: bytes) -> str:
    """A folder to serve as the app's ``static/`` for the engine: ``engine/`` with the runtime
    of this checkout's ``static/engine/`` (linked), ``rules`` as the rules bundle with its
    compressed copies and the manifest naming them, and the page scripts (linked); the build."""
    folder = target / "engine"
    folder.mkdir(parents=True)
    runtime = f"pyodide-{PYODIDE_VERSION}"
    (folder / runtime).symlink_to(STATIC / "engine" / runtime, target_is_directory=True)
    build = hashlib.sha256(rules).hexdigest()
    name = f"rules-{build[:16]}.zip"
    (folder / name).write_bytes(rules)
    (folder / f"{name}.br").write_bytes(brotli_compress(rules))
    (folder / f"{name}.gz").write_bytes(gzip_compress(rules))
    files = {k: v for k, v in manifest["files"].items() if not k.startswith("rules-")}
    files[name] = {"integrity": integrity(rules), "bytes": len(rules)}
    own = manifest | {"build": build, "rules": name, "files": files}
    (folder / "manifest.json").write_text(json.dumps(own, indent=1, sort_keys=True) + "\n")
    for script in STATIC.glob("*.js"):
        (target / script.name).symlink_to(script)
    return build


def upgraded(rules: bytes) -> bytes:
    """The rules bundle ``rules`` with :data:`CHANGED`'s rule changed."""
    with zipfile.ZipFile(io.BytesIO(rules)) as archive:
        files = [(name, archive.read(name)) for name in archive.namelist()]
    changed = [(n, d.replace(OLD_RULE, NEW_RULE) if n == CHANGED else d) for n, d in files]
    assert changed != files, f"{CHANGED} has no {OLD_RULE!r}"
    return stored_zip(changed)


class Server(HeldAnswers):
    """The live server's rules: this checkout's (build ``old``) until :meth:`upgrade`, then
    the changed ones (build ``new``), whose rules file waits at the server until
    :meth:`let_go` (``reached`` once the phone asked for it)."""

    def __init__(
        self, app: Flask, manifest: dict[str, Any], monkeypatch: pytest.MonkeyPatch, tmp: Path
    ) -> None:
        rules = bundle()
        self.old = engine_folder(tmp / "old", manifest, rules)
        self.new = engine_folder(tmp / "new", manifest, upgraded(rules))
        self.tmp, self.monkeypatch = tmp, monkeypatch
        self.asked: list[str] | None = None  # the engine files asked for since the upgrade
        self.serves("old", self.old)
        self.held = f"/static/engine/rules-{self.new[:16]}.zip"
        super().__init__(app.wsgi_app, lambda e: e.get("PATH_INFO") == self.held, HOLD_S)

    def serves(self, folder: str, build: str) -> None:
        """The server's rules build is ``build``, its engine the one in ``folder``."""
        here = self.tmp / folder
        self.monkeypatch.setattr(engine, "_static", lambda: here)
        self.monkeypatch.setattr(engine, "rules_build", lambda: build)
        self.monkeypatch.setattr(scorekeeper.api, "rules_build", lambda: build)

    def upgrade(self) -> None:
        """The new release: the server's rules take a meld of any multiple of 5."""
        self.monkeypatch.setattr(declared, "MELD_STEP", 5)
        self.serves("new", self.new)
        self.asked = []

    def __call__(self, environ: dict[str, Any], respond: Callable[..., Any]) -> Iterable[bytes]:
        path = str(environ.get("PATH_INFO", ""))
        if self.asked is not None and path.startswith("/static/engine/"):
            self.asked.append(path)
        return super().__call__(environ, respond)


@pytest.fixture
def server(app: Flask, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[Server]:
    """The app, offering the phone's engine, behind a :class:`Server` for this test (skipped
    without Pyodide's runtime in ``static/engine/``: its rules are this checkout's, served from
    a folder of the test's own)."""
    manifest = read_manifest(STATIC / "engine")
    if manifest is None:
        pytest.skip("static/engine/ is not built: scripts/phone_bundle.py")
    app.config["PHONE_ENGINE"] = True
    wsgi = app.wsgi_app
    rules = Server(app, manifest, monkeypatch, tmp_path)
    app.wsgi_app = rules  # type: ignore[method-assign,assignment]
    try:
        yield rules
    finally:
        rules.let_go()
        app.wsgi_app = wsgi  # type: ignore[method-assign]


def test_the_note_of_an_upgrade_is_said_in_every_language() -> None:
    english = phone_words.WORDS
    for lang in ("es", "it", "ru"):
        said = phone_words.words(gettext_of(lang))
        for name in ("rules_changed", "rules_current"):
            assert said[name], (lang, name)
            assert said[name] != english[name], (lang, name)


def test_upgrade_with_an_open_tab(app: Flask, server: Server, new_phone: Any) -> None:
    phone: Phone = new_phone()
    page = phone.page
    path = start(phone, "pinochle-2", ["Ana", "Ben"], options={"target": 10000})
    open_with_engine(app, phone, path)
    page.wait_for_function(RUNNING, arg=server.old[:16], timeout=ENGINE_TIMEOUT_MS)

    # The server is upgraded; the page stays open. The first Save's answer names the new rules.
    server.upgrade()
    type_hand(phone, PLAIN)
    page.wait_for_function(SERVERS_PAGE, arg=1, timeout=60_000)
    page.wait_for_function(NOTE, arg="other")
    assert page.inner_text("#rules-upgrade") == phone_words.WORDS["rules_changed"]
    assert page.evaluate("window.scorekeeper.engine.mismatch") is True
    assert page.evaluate("window.scorekeeper.engine.build").startswith(server.old[:16])
    # The phone asks for the new build's engine (its rules file waits at the server).
    assert server.reached.wait(HOLD_S)

    # Offline meanwhile, the old engine still counts, and says its rules are not the server's:
    # the meld the new rules take is refused here but not given back (it waits for the server).
    page.context.set_offline(True)
    type_hand(phone, ODD)
    page.wait_for_function("() => !!document.querySelector('[data-counted-row=refused]')")
    assert not page.locator("#refused").count()
    type_hand(phone, PLAIN)
    page.wait_for_function(COUNTED, arg=2)
    assert page.inner_text("#counted") == phone_words.WORDS["counted_other"]
    assert phone.totals() == {"Ana": 300, "Ben": 240}  # the old rules' count

    # Back online the server takes both, by its new rules.
    page.context.set_offline(False)
    page.wait_for_function(SERVERS_PAGE, arg=3, timeout=60_000)
    assert [hand["meld"]["Ana"] for hand in stored(app, path)] == [20, 75, 20]
    assert phone.totals() == {"Ana": 505, "Ben": 360} == api_match(app, path)["totals"]

    # The new build's engine comes and starts, without a reload: the counts are current again.
    server.let_go()
    page.wait_for_function(RUNNING, arg=server.new[:16], timeout=ENGINE_TIMEOUT_MS)
    page.wait_for_function(NOTE, arg="current")
    assert page.inner_text("#rules-upgrade") == phone_words.WORDS["rules_current"]
    assert page.evaluate("document.documentElement.dataset.engineCached") == server.new[:16]
    # Only the new rules file came over the network: the runtime (Pyodide, its standard
    # library, the same bytes in both builds) was copied from the old build's cache (issue 38
    # point 7; before, all 3.4 MB of it came again at every release).
    assert server.asked == [server.held]
    page.wait_for_function(READY, timeout=ENGINE_TIMEOUT_MS)

    page.context.set_offline(True)
    type_hand(phone, ODD)
    page.wait_for_function(COUNTED, arg=1)
    assert page.inner_text("#counted") == phone_words.WORDS["counted"]
    assert not page.locator("#refused, [data-counted-row=refused]").count()
    assert phone.totals() == {"Ana": 710, "Ben": 480}  # the new rules' count

    page.context.set_offline(False)
    page.wait_for_function(SERVERS_PAGE, arg=4, timeout=60_000)
    assert phone.totals() == {"Ana": 710, "Ben": 480} == api_match(app, path)["totals"]
    assert page.evaluate("document.documentElement.dataset.differences || ''") == ""
    assert not page.locator("#rules-upgrade").count()  # said, and gone with the next page
