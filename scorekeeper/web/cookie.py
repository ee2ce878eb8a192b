"""The session cookie's size: what a phone remembers (:mod:`.session` for matches and groups,
:mod:`.club_memory` for club nights) is kept within :data:`COOKIE_BUDGET` bytes, measured by
:func:`cookie_size`. Below both, so neither imports the other for it."""

from __future__ import annotations

from flask import current_app, session

#: The most bytes the session cookie's value may take once a token, key or code is kept: 4 KB
#: less the cookie's name and attributes, and room for what a request adds after (a message to
#: show once). Past it the least recently used tokens and keys are forgotten.
COOKIE_BUDGET = 3400


def cookie_size() -> int:
    """The bytes of the session cookie's value as it would be sent now (signed, compressed)."""
    interface = current_app.session_interface
    serializer = interface.get_signing_serializer(current_app)  # type: ignore[attr-defined]
    if serializer is None:  # no secret key: no cookie
        return 0
    return len(serializer.dumps(dict(session)))
