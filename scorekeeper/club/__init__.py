"""The club night's pages (docs/club.md §18): set-up and the host page (``routes``), the room's
standings and the table and player pages a phone joins by its card (``room``), the TV view
(``tv``), the host's forms for the room as it changes (``people``) and the printable sheets
(``print``)."""

from flask import Blueprint

bp = Blueprint("club", __name__)

from . import (  # noqa: E402,F401
    desk,
    live,
    people,
    print_results,
    print_travel,
    room,
    routes,
    tv,
)
from . import print as _print  # noqa: E402,F401
