"""Draw the installed app's PNG icons (static/icon-192.png, static/icon-512.png) from
static/icon.svg with Debian's chromium (the browser tests' one): run it after changing the
SVG. ``.venv/bin/python scripts/icons.py``"""

from __future__ import annotations

import os
from pathlib import Path

from playwright.sync_api import sync_playwright

STATIC = Path(__file__).resolve().parents[1] / "static"
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
SIZES = (192, 512)


def main() -> None:
    svg = (STATIC / "icon.svg").read_text(encoding="utf-8")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            for size in SIZES:
                page = browser.new_page(viewport={"width": size, "height": size})
                page.set_content(
                    "<style>html,body{margin:0}svg{display:block;width:100vw;height:100vh}</style>"
                    + svg
                )
                path = STATIC / f"icon-{size}.png"
                path.write_bytes(page.screenshot(type="png"))
                print(f"{path.name}: {path.stat().st_size} bytes")
                page.close()
        finally:
            browser.close()


if __name__ == "__main__":
    main()
