"""The catalogs: ``<code>/LC_MESSAGES/messages.po`` (sources, in git) and ``.mo`` (built),
compiled when the app starts if they are missing or out of date."""

from __future__ import annotations

import os
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

#: The folder of the catalogs (``scorekeeper/translations``).
TRANSLATIONS = Path(__file__).resolve().parent.parent / "translations"


def compile_catalogs(directory: Path = TRANSLATIONS) -> list[Path]:
    """Build every ``.mo`` that is missing or older than its ``.po``; the ones built.

    ``bin/_setup`` runs ``pybabel compile``; this spares a fresh clone that runs ``pytest`` or
    ``flask run`` directly from an English-only app. A read-only install is left as it is.
    """
    built = []
    for po in sorted(directory.glob("*/LC_MESSAGES/messages.po")):
        mo = po.with_suffix(".mo")
        if mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime:
            continue
        try:
            with po.open("rb") as source:
                catalog = read_po(source, locale=po.parent.parent.name)
            partial = mo.with_suffix(f".{os.getpid()}.tmp")
            with partial.open("wb") as target:
                write_mo(target, catalog)
            partial.replace(mo)  # whole or not at all: another worker may be reading it
        except OSError:
            continue
        built.append(mo)
    return built
