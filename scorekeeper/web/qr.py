"""The QR codes of the sharing pages (a match's links, a group's): drawn on the server."""

from __future__ import annotations

import io

import segno
from markupsafe import Markup


def qr_svg(text: str, label: str) -> Markup:
    """``text`` as a QR code in inline SVG: no ``style``, so the strict CSP lets it draw."""
    out = io.BytesIO()
    segno.make(text, error="m").save(
        out,
        kind="svg",
        xmldecl=False,
        svgns=True,
        nl=False,
        scale=4,
        border=4,
        light="#fff",
        dark="#000",
        svgclass="qr",
        lineclass=None,
        omitsize=True,
        title=label,
    )
    return Markup(out.getvalue().decode("utf-8"))
