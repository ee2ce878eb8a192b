"""What this phone remembers in its signed session cookie: the edit tokens of the matches it
created, and the matches it has opened (for the home page)."""

from __future__ import annotations

from typing import NoReturn

from flask import abort, flash, redirect, session, url_for
from flask_babel import gettext as _

from .. import service
from ..models import Match

#: How many matches the home page lists, and how many edit tokens a phone keeps at most (a
#: cookie holds about 4 KB; a token and its id take about 70 bytes).
RECENT_MATCHES = 12
KEPT_TOKENS = 40


def token_for(public_id: str) -> str | None:
    """The edit token this browser holds for a match, if any."""
    tokens = session.get("tokens") or {}
    token = tokens.get(public_id)
    return token if isinstance(token, str) else None


def keep_token(public_id: str, token: str) -> None:
    """Remember the edit token of a match this browser created."""
    tokens = dict(session.get("tokens") or {})
    tokens.pop(public_id, None)
    tokens[public_id] = token
    while len(tokens) > KEPT_TOKENS:
        tokens.pop(next(iter(tokens)))
    session["tokens"] = tokens
    session.permanent = True


def forget_token(public_id: str) -> None:
    """Forget the edit token (or scorer key) this browser holds for a match."""
    tokens = dict(session.get("tokens") or {})
    if tokens.pop(public_id, None) is not None:
        session["tokens"] = tokens


def scoring_token(match: Match) -> str | None:
    """The token this browser scores the match with, if it still works. One that stopped
    working (another phone took the scoring over, docs/sharing.md) is forgotten, and the page
    says so once: from now on this phone follows the match."""
    token = token_for(match.public_id)
    if token is None:
        return None
    try:
        service.check_token(match, token)
    except service.Unauthorized:
        forget_token(match.public_id)
        flash(_("Another phone keeps the score of this match now. This phone follows it."))
        return None
    return token


def no_longer_scoring(public_id: str) -> NoReturn:
    """A write refused for this browser's token: forget it, say why, show the match."""
    forget_token(public_id)
    flash(_("Not stored: another phone keeps the score of this match now."))
    abort(redirect(url_for("matches.show", public_id=public_id), code=303))


def remember_opened(public_id: str) -> None:
    """Put a match first in the list of matches this phone has opened."""
    recent = [pid for pid in session.get("recent") or [] if pid != public_id]
    session["recent"] = [public_id, *recent][:RECENT_MATCHES]
    session.permanent = True


def opened_matches() -> list[str]:
    """The public ids of the matches this phone opened, the latest first."""
    return [pid for pid in session.get("recent") or [] if isinstance(pid, str)]
